/**
 * Toast hotbar macros: a skill rolls its check, an attribute rolls an attribute task — always for
 * the speaking actor, found by name (skills) or key (attributes) when the macro runs.
 */
import * as R from "../rules";
import { ATTRIBUTE_DRAG_TYPE, isUuid, registerMacroHandler, type MacroDraft, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { format, localize, modelOf } from "../../../core/game";
import { performToastCheck } from "../checks";
import { ToastSkillModel } from "../data/items";

const ATTRIBUTE_IMG = "icons/svg/d12-grey.svg";

async function fromDrop(data: Record<string, unknown>): Promise<MacroDraft | null> {
  if (data.type === "Item" && isUuid(data.uuid)) {
    const item = await fromUuid(data.uuid);
    if (!(item instanceof Item) || item.type !== "toastSkill" || !item.name) return null;
    return { ref: { ruleset: "toast", kind: "skill", name: item.name }, label: item.name, img: item.img ?? ATTRIBUTE_IMG };
  }
  if (data.type === ATTRIBUTE_DRAG_TYPE && data.ruleset === "toast" && typeof data.key === "string") {
    const label = typeof data.label === "string" && data.label ? data.label : data.key;
    return { ref: { ruleset: "toast", kind: "attribute", name: data.key }, label, img: ATTRIBUTE_IMG };
  }
  return null;
}

async function run(actor: Actor.Implementation, ref: MacroRef): Promise<void> {
  if (ref.kind === "skill") {
    const item = [...actor.items].find((i) => i.name === ref.name && modelOf(i, ToastSkillModel) !== null);
    if (!item?.id) {
      ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize("BREADBOX.Hotbar.Kind.skill"), name: ref.name }));
      return;
    }
    await performToastCheck(actor, { kind: "skill", itemId: item.id });
    return;
  }
  if (ref.kind === "attribute") {
    const key = R.ATTRIBUTE_KEYS.find((k) => k === ref.name);
    if (!key) {
      ui.notifications?.warn(format("BREADBOX.Hotbar.Missing", { actor: actor.name ?? "", kind: localize("BREADBOX.Hotbar.Kind.attribute"), name: ref.name }));
      return;
    }
    await performToastCheck(actor, { kind: "attributes", attributes: [key] });
    return;
  }
  ui.notifications?.error(localize("BREADBOX.Hotbar.Malformed"));
}

export const toastMacros: MacroHandler = { itemTypes: ["toastSkill"], fromDrop, run };

registerMacroHandler("toast", toastMacros);
