/**
 * What the D10/0 System offers the public API (`game.breadbox.api`, docs/hooks.md) and the module
 * integrations (docs/modules.md): the exact odds of an attribute or skill check (as its hotbar
 * macro names it) with the dialog's defaults, from its rules core.
 */
import * as R from "./rules";
import type { RollableCheck, RulesetApi } from "../../core/registry";
import type { CheckOptions, CheckRef } from "../../core/hotbar";
import { d100DifficultyPreset } from "./check-words";
import type { Odds } from "../../dice/contract";
import { localize, modelOf } from "../../core/game";
import { D100ActorModel } from "./data/actor";
import { buildCheck, defaultChoices } from "./checks";
import { d100PlayRules } from "./settings";

/** The check dialog's target for a check the actor has ("attribute:<key>", "skill:<row id>"), or null. */
function targetOf(model: D100ActorModel, check: CheckRef): string | null {
  if (check.kind === "attribute") return R.ATTRIBUTE_KEYS.some((k) => k === check.name) ? `attribute:${check.name}` : null;
  if (check.kind === "skill") return model.skillRows.some((r) => r.id === check.name) ? `skill:${check.name}` : null;
  return null;
}

export function d100Odds(actor: Actor.Implementation, check: CheckRef, options: CheckOptions = {}): Odds | null {
  const model = modelOf(actor, D100ActorModel);
  const target = model ? targetOf(model, check) : null;
  if (!target) return null;
  const rules = d100PlayRules();
  try {
    return R.checkOdds(buildCheck(actor, defaultChoices({ target, ...d100DifficultyPreset(options.difficulty) }, rules), rules).options.input);
  } catch {
    // Choices the rules refuse (the dialog would say why): no odds.
    return null;
  }
}

/** Attributes, then the skill tree's rows (roots by their book name, branches by the name given). Weapons are the combat part's. */
export function d100Checks(actor: Actor.Implementation): RollableCheck[] {
  const m = modelOf(actor, D100ActorModel);
  if (!m) return [];
  const attributes: RollableCheck[] = R.ATTRIBUTE_KEYS.map((name) => ({ group: "attributes", check: { kind: "attribute", name }, label: localize(`BREADBOX.D100.Attribute.${name}`) }));
  const skills: RollableCheck[] = m.skillRows.map((r) => ({ group: "skills", check: { kind: "skill", name: r.id }, label: r.parent === null ? localize(`BREADBOX.D100.Skill.${r.id}`) : r.name }));
  return [...attributes, ...skills];
}

export const d100Api: RulesetApi = { odds: d100Odds, checks: d100Checks, goods: { weapon: "d100Weapon", armor: "d100Armor", gear: "d100Gear" } };
