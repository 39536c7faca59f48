/**
 * D10/0 hotbar macros: an attribute, a root skill or a branch skill dragged from the sheet onto
 * the macro bar rolls its check for the speaking actor (found by key or name when the macro runs).
 * Weapons are the combat part's.
 */
import * as R from "../rules";
import { macroHandler, registerMacroHandler, reportMalformedMacro, reportMissing, type CheckOptions, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { performD100Check } from "../checks";
import { d100DifficultyPreset } from "../check-words";

async function run(actor: Actor.Implementation, ref: MacroRef, options: CheckOptions = {}): Promise<void> {
  const m = modelOf(actor, D100ActorModel);
  const known = ref.kind === "attribute" ? R.ATTRIBUTE_KEYS.some((k) => k === ref.name) : ref.kind === "skill" ? m?.skillRows.some((r) => r.id === ref.name) === true : null;
  if (known === null) {
    reportMalformedMacro();
    return;
  }
  if (!known) {
    reportMissing(actor, ref.kind, ref.name);
    return;
  }
  await performD100Check(actor, { target: `${ref.kind}:${ref.name}`, ...d100DifficultyPreset(options.difficulty) });
}

/** A skill item, or an attribute or skill row of the sheet (a row says which). */
export const d100Macros: MacroHandler = macroHandler(
  { ruleset: "d100", itemKinds: { d100Skill: "skill" }, img: "icons/svg/d10-grey.svg", attribute: (_key, data) => ({ kind: data.kind === "skill" ? "skill" : "attribute" }) },
  run,
);

registerMacroHandler("d100", d100Macros);
