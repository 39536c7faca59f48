/**
 * The combat part of the pool ruleset: tracker rules, the attack sequence's chat actions and relay
 * handlers, status effects and token bars. register.ts folds it into the definition (withParts).
 */
import type { RulesetPart } from "../../../core/registry";
import { templatePath } from "../../../core/ids";
import { onCombatStart, onDeclareFromCard, poolCombatRules, relayAdvancePhase } from "./clock";
import { registerPoolCombatSettings } from "./settings";

export const POOL_COMBAT_TEMPLATES = ["pool/combat/phase-card.hbs", "pool/combat/declare.hbs"].map(templatePath);

export function poolCombatPart(): RulesetPart {
  return {
    combat: poolCombatRules,
    chatActions: {
      declare: (m) => onDeclareFromCard(m),
    },
    relayActions: {
      advancePhase: relayAdvancePhase,
    },
    registerSettings: registerPoolCombatSettings,
    templates: POOL_COMBAT_TEMPLATES,
    init: () => {
      Hooks.on("combatStart", (combat, updateData) => onCombatStart(combat, updateData));
    },
  };
}
