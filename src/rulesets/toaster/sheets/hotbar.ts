/**
 * Toaster hotbar macros: a skill rolls its check, a weapon attacks, an attribute (or sub-attribute)
 * rolls an attribute check — always for the speaking actor, found by name when the macro runs.
 */
import { ATTRIBUTE_DRAG_TYPE, isUuid, registerMacroHandler, type MacroDraft, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { format, localize } from "../../../core/game";
import { own } from "../../../dice/dict";
import { performCheck } from "../checks";
import { attackWithWeapon } from "../chat/attack";
import { attributeLabel, attributeRequest, itemsOf, skillRequest, sys } from "../requests";

const KIND_BY_TYPE: Record<string, "skill" | "weapon"> = { toasterSkill: "skill", toasterWeapon: "weapon" };
const TYPE_BY_KIND = { skill: "toasterSkill", weapon: "toasterWeapon" } as const;
const ATTRIBUTE_IMG = "icons/svg/d10-grey.svg";

async function fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null> {
  if (data.type === "Item" && isUuid(data.uuid)) {
    const item = await fromUuid(data.uuid);
    if (!(item instanceof Item)) return null;
    const kind = Object.hasOwn(KIND_BY_TYPE, item.type) ? KIND_BY_TYPE[item.type] : undefined;
    if (!kind || !item.name) return null;
    return { ref: { ruleset: "toaster", kind, name: item.name }, label: item.name, img: item.img ?? ATTRIBUTE_IMG };
  }
  if (data.type === ATTRIBUTE_DRAG_TYPE && data.ruleset === "toaster" && typeof data.key === "string") {
    const sub = typeof data.sub === "string" && data.sub ? data.sub : undefined;
    const label = typeof data.label === "string" && data.label ? data.label : data.key;
    return { ref: { ruleset: "toaster", kind: "attribute", name: data.key, ...(sub ? { sub } : {}) }, label, img: ATTRIBUTE_IMG };
  }
  return null;
}

async function run(actor: Actor.Implementation, ref: MacroRef): Promise<void> {
  if (ref.kind === "skill" || ref.kind === "weapon") {
    const item = itemsOf(actor, TYPE_BY_KIND[ref.kind]).find((i) => i.name === ref.name);
    if (!item) {
      ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize(`BREADBOX.Hotbar.Kind.${ref.kind}`), name: ref.name }));
      return;
    }
    if (ref.kind === "skill") await performCheck(skillRequest(actor, item));
    else await attackWithWeapon(actor, item);
    return;
  }
  if (ref.kind === "attribute") {
    const data = sys(actor);
    const known = own(data.effective, ref.name) !== undefined;
    const sub = ref.sub ? data.subAttributes.find((s) => s.attribute === ref.name && s.name === ref.sub) : undefined;
    if (!known || (ref.sub && !sub)) {
      const name = ref.sub ? `${ref.name} (${ref.sub})` : known ? attributeLabel(actor, ref.name) : ref.name;
      ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize("BREADBOX.Hotbar.Kind.attribute"), name }));
      return;
    }
    await performCheck(attributeRequest(actor, ref.name, ref.sub));
    return;
  }
  ui.notifications?.error(localize("BREADBOX.Hotbar.Malformed"));
}

export const toasterMacros: MacroHandler = { itemTypes: Object.keys(KIND_BY_TYPE), fromDrop, run };

registerMacroHandler("toaster", toasterMacros);
