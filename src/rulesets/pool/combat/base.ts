/**
 * What Foundry needs of Dice Pool's combat at init: its status effects, trackable bars and settings,
 * registered by the entry module without the combat runtime (issue 23); combat/register.ts has the rest.
 */
import type { RulesetPart } from "../../../core/registry";
import { POOL_STATUS_EFFECTS } from "./statuses";
import { POOL_COMBAT_SETTINGS } from "./settings";

export function poolCombatBase(): RulesetPart {
  return {
    statusEffects: POOL_STATUS_EFFECTS,
    registerSettings: POOL_COMBAT_SETTINGS.register,
  };
}
