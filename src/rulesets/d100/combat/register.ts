/**
 * The combat part of the d100 ruleset: tracker rules, the attack sequence's chat actions and relay
 * handlers, status effects and token bars. register.ts folds it into the definition (withParts).
 */
import type { RulesetPart } from "../../../core/registry";
import { templatePath } from "../../../core/ids";
import { d100Combat, registerTrackerHooks } from "./tracker";
import { registerD100CombatSettings } from "./settings";
import { relayReserveAp, relaySpendAp } from "./ap";
import { onApplyDamage, onDefend, onDyingCheck, onTakeIt, registerAttackChoiceRecord, relayApplyDamage, relayResolve } from "./attack";
import { D100_STATUS_EFFECTS, registerHealthBar, registerHealthStatusSync } from "./statuses";

export const D100_COMBAT_TEMPLATES = ["d100/combat/attack.hbs", "d100/combat/resolution.hbs"].map(templatePath);

export function d100CombatPart(): RulesetPart {
  return {
    combat: d100Combat,
    chatActions: {
      defend: onDefend,
      takeIt: (m) => onTakeIt(m),
      applyDamage: (m) => onApplyDamage(m),
      dyingCheck: (m) => onDyingCheck(m),
    },
    relayActions: {
      spendAp: relaySpendAp,
      reserveAp: relayReserveAp,
      resolve: relayResolve,
      applyDamage: relayApplyDamage,
    },
    statusEffects: D100_STATUS_EFFECTS,
    trackableAttributes: { d100: { bar: ["health", "combat.ap"], value: ["combat.reserved"] } },
    registerSettings: registerD100CombatSettings,
    templates: D100_COMBAT_TEMPLATES,
    init: () => {
      registerTrackerHooks();
      registerHealthStatusSync();
      registerHealthBar();
      registerAttackChoiceRecord();
    },
  };
}
