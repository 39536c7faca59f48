/**
 * What Flange offers the public API (`game.breadbox.api`, docs/hooks.md): the exact odds of a
 * skill or attribute check (as its hotbar macro names it) with the dialog's defaults.
 */
import * as R from "./rules";
import type { RollableCheck, RulesetApi } from "../../core/registry";
import type { CheckOptions, CheckRef } from "../../core/hotbar";
import { flangeDifficultyPreset } from "./check-words";
import type { Odds } from "../../dice/contract";
import { localize, modelOf } from "../../core/game";
import { FlangeActorModel } from "./data/actor";
import { buildCheck, defaultChoices, type FlangeCheckChoices } from "./checks";
import { itemChecks } from "../../core/api/checks";

/** The check dialog's choices a check (as its hotbar macro names it) means on this actor, or null. */
export function presetOf(actor: Actor.Implementation, model: FlangeActorModel, check: CheckRef): Partial<FlangeCheckChoices> | null {
  if (check.kind === "skill") {
    const item = [...actor.items].find((i) => String(i.type) === "flangeSkill" && i.name === check.name);
    const skill = item ? model.skills.find((s) => s.id === item.id) : undefined;
    if (!item || !skill) return null;
    return { skill: item.id ?? "", ...(skill.attribute ? { attribute: skill.attribute } : {}) };
  }
  if (check.kind === "attribute") return R.isAttribute(check.name) ? { skill: "", attribute: check.name } : null;
  return null;
}

export function flangeOdds(actor: Actor.Implementation, check: CheckRef, options: CheckOptions = {}): Odds | null {
  const model = modelOf(actor, FlangeActorModel);
  const preset = model ? presetOf(actor, model, check) : null;
  if (!model || !preset) return null;
  try {
    return R.checkOdds(buildCheck(model, defaultChoices(model, { ...preset, ...flangeDifficultyPreset(options.difficulty) })).options.input);
  } catch {
    // Choices the rules refuse (the dialog would say why): no odds.
    return null;
  }
}

/** Attributes, skills and weapons. */
export function flangeChecks(actor: Actor.Implementation): RollableCheck[] {
  const attributes: RollableCheck[] = R.ATTRIBUTES.map((name) => ({ group: "attributes", check: { kind: "attribute", name }, label: localize(`BREADBOX.Flange.Attribute.${name}`) }));
  return [...attributes, ...itemChecks(actor, "flangeSkill", "skills", "skill"), ...itemChecks(actor, "flangeWeapon", "attacks", "weapon")];
}

export const flangeApi: RulesetApi = { checks: flangeChecks, odds: flangeOdds, goods: { weapon: "flangeWeapon", armor: "flangeArmor", gear: "flangeGear" } };
