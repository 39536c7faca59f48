/**
 * Flange hotbar macros: a skill rolls its check, a weapon attacks (the combat part's dialog), an
 * attribute rolls an attribute-only check — always for the speaking actor, the skill or weapon
 * found by name when the macro runs.
 */
import * as R from "../rules";
import { macroHandler, registerMacroHandler, reportMalformedMacro, reportMissing, type CheckOptions, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { modelOf } from "../../../core/game";
import { FlangeActorModel } from "../data/actor";
import { performFlangeCheck } from "../checks";
import { attackWithWeapon } from "../combat/attack";
import { flangeDifficultyPreset } from "../check-words";

const TYPE_BY_KIND = { skill: "flangeSkill", weapon: "flangeWeapon" } as const;

async function run(actor: Actor.Implementation, ref: MacroRef, options: CheckOptions = {}): Promise<void> {
  const difficulty = flangeDifficultyPreset(options.difficulty);
  const model = modelOf(actor, FlangeActorModel);
  if (!model) return;
  if (ref.kind === "skill" || ref.kind === "weapon") {
    const item = [...actor.items].find((i) => String(i.type) === TYPE_BY_KIND[ref.kind === "skill" ? "skill" : "weapon"] && i.name === ref.name);
    if (!item) {
      reportMissing(actor, ref.kind, ref.name);
      return;
    }
    if (ref.kind === "weapon") {
      await attackWithWeapon(actor, item);
      return;
    }
    const skill = model.skills.find((s) => s.id === item.id);
    await performFlangeCheck(actor, { skill: item.id ?? "", ...(skill?.attribute ? { attribute: skill.attribute } : {}), ...difficulty });
    return;
  }
  if (ref.kind === "attribute") {
    if (!R.isAttribute(ref.name)) {
      reportMissing(actor, "attribute", ref.name);
      return;
    }
    await performFlangeCheck(actor, { skill: "", attribute: ref.name, ...difficulty });
    return;
  }
  reportMalformedMacro();
}

export const flangeMacros: MacroHandler = macroHandler(
  { ruleset: "flange", itemKinds: { flangeSkill: "skill", flangeWeapon: "weapon" }, img: "icons/svg/d10-grey.svg", attribute: (key) => (R.isAttribute(key) ? { kind: "attribute" } : null) },
  run,
);

registerMacroHandler("flange", flangeMacros);
