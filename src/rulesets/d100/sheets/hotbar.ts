/**
 * D10/0 hotbar macros: an attribute, a root skill or a branch skill dragged from the sheet onto
 * the macro bar rolls its check for the speaking actor (found by key or name when the macro runs).
 * Weapons are the combat part's.
 */
import * as R from "../rules";
import { ATTRIBUTE_DRAG_TYPE, isUuid, registerMacroHandler, type MacroDraft, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { format, localize, modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { performD100Check } from "../checks";

const IMG = "icons/svg/d10-grey.svg";

async function fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null> {
  if (data.type === "Item" && isUuid(data.uuid)) {
    const item = await fromUuid(data.uuid);
    if (!(item instanceof Item) || item.type !== "d100Skill" || !item.name) return null;
    return { ref: { ruleset: "d100", kind: "skill", name: item.name }, label: item.name, img: item.img ?? IMG };
  }
  if (data.type === ATTRIBUTE_DRAG_TYPE && data.ruleset === "d100" && typeof data.key === "string") {
    const kind = data.kind === "skill" ? "skill" : "attribute";
    const label = typeof data.label === "string" && data.label ? data.label : data.key;
    return { ref: { ruleset: "d100", kind, name: data.key }, label, img: IMG };
  }
  return null;
}

async function run(actor: Actor.Implementation, ref: MacroRef): Promise<void> {
  const m = modelOf(actor, D100ActorModel);
  const known = ref.kind === "attribute" ? R.ATTRIBUTE_KEYS.some((k) => k === ref.name) : ref.kind === "skill" ? m?.skillRows.some((r) => r.id === ref.name) === true : null;
  if (known === null) {
    ui.notifications?.error(localize("BREADBOX.Hotbar.Malformed"));
    return;
  }
  if (!known) {
    ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize(`BREADBOX.Hotbar.Kind.${ref.kind}`), name: ref.name }));
    return;
  }
  await performD100Check(actor, { target: `${ref.kind}:${ref.name}` });
}

export const d100Macros: MacroHandler = { itemTypes: ["d100Skill"], fromDrop, run };

registerMacroHandler("d100", d100Macros);
