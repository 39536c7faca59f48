/**
 * What Foundry needs of D10/0's combat at init: its status effects, trackable bars and settings,
 * registered by the entry module without the combat runtime (issue 23); combat/register.ts has the rest.
 */
import type { RulesetPart } from "../../../core/registry";
import { D100_STATUS_EFFECTS } from "./statuses";
import { D100_COMBAT_SETTINGS } from "./settings";

export function d100CombatBase(): RulesetPart {
  return {
    statusEffects: D100_STATUS_EFFECTS,
    trackableAttributes: { d100: { bar: ["health", "combat.ap"], value: ["combat.reserved"] } },
    registerSettings: D100_COMBAT_SETTINGS.register,
  };
}
