/**
 * The combat part of the toast ruleset: tracker rules, the attack sequence's chat actions and relay
 * handlers, status effects and token bars. register.ts folds it into the definition (withParts).
 */
import type { RulesetPart } from "../../../core/registry";

export function toastCombatPart(): RulesetPart {
  return {};
}
