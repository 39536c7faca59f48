/**
 * The combat part of the pool ruleset: tracker rules, the attack exchange (run by core's exchange
 * engine), status effects and token bars. register.ts folds it into the definition (withParts).
 */
import type { RulesetPart } from "../../../core/registry";
import { templatePath } from "../../../core/ids";
import { onCombatStart, onDeclareFromCard, poolCombatRules, relayAdvancePhase } from "./clock";
import { poolCombatActions } from "./hud-actions";
import { poolAttack } from "./attack";
import { poolAgainst } from "../against";
import { addHealButtons, registerPoolStatusSync } from "./status-sync";

export const POOL_COMBAT_TEMPLATES = ["pool/combat/phase-card.hbs", "pool/combat/declare.hbs", "pool/combat/attack-card.hbs", "pool/combat/resolution.hbs", "pool/chat/against-card.hbs", "pool/dialogs/against.hbs"].map(templatePath);

/** Dice Pool's combat runtime (its statuses, bars and settings are in combat/base.ts, registered at init). */
export function poolCombatPart(): RulesetPart {
  return {
    combat: poolCombatRules,
    api: { combatActions: poolCombatActions },
    chatActions: {
      declare: (m) => onDeclareFromCard(m),
    },
    relayActions: {
      advancePhase: relayAdvancePhase,
    },
    exchanges: [poolAttack, poolAgainst],
    templates: POOL_COMBAT_TEMPLATES,
    init: () => {
      Hooks.on("combatStart", (combat, updateData) => onCombatStart(combat, updateData));
      Hooks.on("renderActorSheetV2", (app, element) => addHealButtons(app, element));
      registerPoolStatusSync();
    },
  };
}
