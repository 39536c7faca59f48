/**
 * Flange hotbar macros: a skill rolls its check, a weapon attacks (the combat part's dialog), an
 * attribute rolls an attribute-only check — always for the speaking actor, the skill or weapon
 * found by name when the macro runs.
 */
import * as R from "../rules";
import { ATTRIBUTE_DRAG_TYPE, isUuid, registerMacroHandler, type MacroDraft, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { format, localize, modelOf } from "../../../core/game";
import { FlangeActorModel } from "../data/actor";
import { performFlangeCheck } from "../checks";
import { attackWithWeapon } from "../combat/attack";

const KIND_BY_TYPE: Record<string, "skill" | "weapon"> = { flangeSkill: "skill", flangeWeapon: "weapon" };
const TYPE_BY_KIND = { skill: "flangeSkill", weapon: "flangeWeapon" } as const;
const ATTRIBUTE_IMG = "icons/svg/d10-grey.svg";

async function fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null> {
  if (data.type === "Item" && isUuid(data.uuid)) {
    const item = await fromUuid(data.uuid);
    if (!(item instanceof Item)) return null;
    const kind = Object.hasOwn(KIND_BY_TYPE, item.type) ? KIND_BY_TYPE[item.type] : undefined;
    if (!kind || !item.name) return null;
    return { ref: { ruleset: "flange", kind, name: item.name }, label: item.name, img: item.img ?? ATTRIBUTE_IMG };
  }
  if (data.type === ATTRIBUTE_DRAG_TYPE && data.ruleset === "flange" && typeof data.key === "string" && R.isAttribute(data.key)) {
    const label = typeof data.label === "string" && data.label ? data.label : data.key;
    return { ref: { ruleset: "flange", kind: "attribute", name: data.key }, label, img: ATTRIBUTE_IMG };
  }
  return null;
}

async function run(actor: Actor.Implementation, ref: MacroRef): Promise<void> {
  const model = modelOf(actor, FlangeActorModel);
  if (!model) return;
  if (ref.kind === "skill" || ref.kind === "weapon") {
    const item = [...actor.items].find((i) => String(i.type) === TYPE_BY_KIND[ref.kind === "skill" ? "skill" : "weapon"] && i.name === ref.name);
    if (!item) {
      ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize(`BREADBOX.Hotbar.Kind.${ref.kind}`), name: ref.name }));
      return;
    }
    if (ref.kind === "weapon") {
      await attackWithWeapon(actor, item);
      return;
    }
    const skill = model.skills.find((s) => s.id === item.id);
    await performFlangeCheck(actor, { skill: item.id ?? "", ...(skill?.attribute ? { attribute: skill.attribute } : {}) });
    return;
  }
  if (ref.kind === "attribute") {
    if (!R.isAttribute(ref.name)) {
      ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize("BREADBOX.Hotbar.Kind.attribute"), name: ref.name }));
      return;
    }
    await performFlangeCheck(actor, { skill: "", attribute: ref.name });
    return;
  }
  ui.notifications?.error(localize("BREADBOX.Hotbar.Malformed"));
}

export const flangeMacros: MacroHandler = { itemTypes: Object.keys(KIND_BY_TYPE), fromDrop, run };

registerMacroHandler("flange", flangeMacros);
