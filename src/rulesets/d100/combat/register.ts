/**
 * The combat part of the d100 ruleset: tracker rules, the attack (an exchange run by core's
 * engine), action-point relay handlers, the dying check button, status effects and token bars.
 * register.ts folds it into the definition (withParts).
 */
import type { RulesetPart } from "../../../core/registry";
import type { ExchangeDefinition } from "../../../core/exchange/types";
import { templatePath } from "../../../core/ids";
import { d100Combat, registerTrackerHooks, relayInitiative } from "./tracker";
import { relayReserveAp, relaySpendAp } from "./ap";
import { d100Attack, relayPayAttack, relayStartAttack } from "./attack";
import { onDyingCheck } from "./actions";
import { d100CombatActions } from "./hud-actions";
import { registerHealthBar, registerHealthStatusSync } from "./status-sync";

export const D100_COMBAT_TEMPLATES = ["d100/combat/attack.hbs", "d100/combat/resolution.hbs", "d100/combat/attack-dialog.hbs", "d100/combat/defence-dialog.hbs"].map(templatePath);

const exchanges: ExchangeDefinition[] = [d100Attack];

/** D10/0's combat runtime (its statuses, bars and settings are in combat/base.ts, registered at init). */
export function d100CombatPart(): RulesetPart {
  return {
    combat: d100Combat,
    api: { combatActions: d100CombatActions },
    exchanges,
    chatActions: {
      dyingCheck: (m) => onDyingCheck(m),
    },
    relayActions: {
      spendAp: relaySpendAp,
      reserveAp: relayReserveAp,
      payAttack: relayPayAttack,
      startAttack: relayStartAttack,
      initiative: relayInitiative,
    },
    templates: D100_COMBAT_TEMPLATES,
    init: () => {
      registerTrackerHooks();
      registerHealthStatusSync();
      registerHealthBar();
    },
  };
}
