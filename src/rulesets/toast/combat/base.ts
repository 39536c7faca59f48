/**
 * What Foundry needs of Toast's combat at init: its status effects, trackable bars and settings,
 * registered by the entry module without the combat runtime (issue 23); combat/register.ts has the rest.
 */
import type { RulesetPart } from "../../../core/registry";
import { TOAST_STATUS_EFFECTS } from "./statuses";
import { TOAST_COMBAT_SETTINGS } from "./settings";

export function toastCombatBase(): RulesetPart {
  return {
    statusEffects: TOAST_STATUS_EFFECTS,
    trackableAttributes: { toast: { bar: ["wounds"], value: [] } },
    registerSettings: TOAST_COMBAT_SETTINGS.register,
  };
}
