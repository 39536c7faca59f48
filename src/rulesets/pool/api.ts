/**
 * What the d8 Dice Pool offers the public API (`game.breadbox.api`, docs/hooks.md): the exact odds
 * of an ability or attribute check (as its hotbar macro names it) with the dialog's defaults.
 */
import type { RollableCheck, RulesetApi } from "../../core/registry";
import type { CheckOptions, CheckRef } from "../../core/hotbar";
import type { Odds } from "../../dice/contract";
import { modelOf } from "../../core/game";
import { PoolActorModel } from "./data/actor";
import { buildCheck, checkOddsFor, defaultChoices } from "./checks";
import { macroPreset, poolDifficultyPreset } from "./hotbar";
import { itemChecks } from "../../core/api/checks";

export function poolOdds(actor: Actor.Implementation, check: CheckRef, options: CheckOptions = {}): Odds | null {
  const model = modelOf(actor, PoolActorModel);
  // A weapon's check warns when refused: not asked for here.
  if (!model || (check.kind !== "ability" && check.kind !== "attribute")) return null;
  const preset = macroPreset(actor, { ...check, ruleset: "pool" });
  if (!preset || preset === "refused") return null;
  try {
    return checkOddsFor(buildCheck(model, defaultChoices(model, { ...preset, ...poolDifficultyPreset(options.difficulty) })).options);
  } catch {
    // Choices the rules refuse (the dialog would say why): no odds.
    return null;
  }
}

/** Attributes, abilities and weapons: all items of the actor. */
export function poolChecks(actor: Actor.Implementation): RollableCheck[] {
  return [...itemChecks(actor, "poolAttribute", "attributes", "attribute"), ...itemChecks(actor, "poolAbility", "skills", "ability"), ...itemChecks(actor, "poolWeapon", "attacks", "weapon")];
}

export const poolApi: RulesetApi = { checks: poolChecks, checkGroupLabels: { skills: "BREADBOX.Modules.TokenActionHud.Abilities" }, odds: poolOdds, goods: { weapon: "poolWeapon", armor: "poolArmor", gear: "poolGear" } };
