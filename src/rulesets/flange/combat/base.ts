/**
 * What Foundry needs of Flange's combat at init: its status effects (ids and token HUD entries),
 * trackable bars and settings. Kept apart from the tracker and injury code so the entry module
 * registers them without the combat runtime (issue 23); combat/register.ts has the rest.
 */
import type { RulesetPart, StatusEffectSpec } from "../../../core/registry";
import { FLANGE_COMBAT_SETTINGS } from "./settings";

export const COUNTERATTACK_STATUS = "flangeCounterattack";
export const FAILED_BLOCK_STATUS = "flangeFailedBlock";
export const SERIOUS_INJURY_STATUS = "flangeSeriousInjury";

export const FLANGE_COMBAT_STATUS_EFFECTS: StatusEffectSpec[] = [
  { id: SERIOUS_INJURY_STATUS, name: "BREADBOX.Flange.Combat.Status.seriousInjury", img: "icons/svg/blood.svg" },
  { id: COUNTERATTACK_STATUS, name: "BREADBOX.Flange.Combat.Status.counterattack", img: "icons/svg/sword.svg" },
  { id: FAILED_BLOCK_STATUS, name: "BREADBOX.Flange.Combat.Status.failedBlock", img: "icons/svg/downgrade.svg" },
];

/** Flange's combat part that the entry module registers at init. */
export function flangeCombatBase(): RulesetPart {
  return {
    statusEffects: FLANGE_COMBAT_STATUS_EFFECTS,
    trackableAttributes: { flange: { bar: ["wounds", "grind", "edge"], value: [] } },
    registerSettings: FLANGE_COMBAT_SETTINGS.register,
  };
}
