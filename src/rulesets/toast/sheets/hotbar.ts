/**
 * Toast hotbar macros: a skill rolls its check, an attribute rolls an attribute task — always for
 * the speaking actor, found by name (skills) or key (attributes) when the macro runs.
 */
import * as R from "../rules";
import { macroHandler, registerMacroHandler, reportMalformedMacro, reportMissing, type CheckOptions, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { modelOf } from "../../../core/game";
import { performToastCheck } from "../task";
import { ToastSkillModel } from "../data/items";
import { toastDifficultyPreset } from "../check-words";

async function run(actor: Actor.Implementation, ref: MacroRef, options: CheckOptions = {}): Promise<void> {
  const preset = toastDifficultyPreset(options.difficulty);
  if (ref.kind === "skill") {
    const item = [...actor.items].find((i) => i.name === ref.name && modelOf(i, ToastSkillModel) !== null);
    if (!item?.id) {
      reportMissing(actor, "skill", ref.name);
      return;
    }
    await performToastCheck(actor, { kind: "skill", itemId: item.id }, preset);
    return;
  }
  if (ref.kind === "attribute") {
    const key = R.ATTRIBUTE_KEYS.find((k) => k === ref.name);
    if (!key) {
      reportMissing(actor, "attribute", ref.name);
      return;
    }
    await performToastCheck(actor, { kind: "attributes", attributes: [key] }, preset);
    return;
  }
  reportMalformedMacro();
}

export const toastMacros: MacroHandler = macroHandler(
  { ruleset: "toast", itemKinds: { toastSkill: "skill" }, img: "icons/svg/d12-grey.svg", attribute: () => ({ kind: "attribute" }) },
  run,
);

registerMacroHandler("toast", toastMacros);
