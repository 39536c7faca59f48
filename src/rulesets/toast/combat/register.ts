/**
 * The combat part of the toast ruleset: tracker rules, the attack exchange (run by core's engine),
 * status effects and token bars. register.ts folds it into the definition (withParts).
 */
import type { RulesetPart } from "../../../core/registry";
import { templatePath } from "../../../core/ids";
import { TOAST_COMBAT, relayTurnControl } from "./tracker";
import { recordAttackModifier, toastAttackExchange } from "./attack";
import { toastContestExchange } from "../contest";
import { registerToastStatusSync } from "./status-sync";
import { registerCombatTab } from "./sheet";
import { toastCombatActions } from "./hud-actions";

export const TOAST_COMBAT_TEMPLATES = [
  "toast/combat/initiative.hbs",
  "toast/combat/initiative-dialog.hbs",
  "toast/combat/attack-dialog.hbs",
  "toast/combat/attack.hbs",
  "toast/combat/defend-dialog.hbs",
  "toast/combat/resolution.hbs",
  "toast/combat/wound.hbs",
  "toast/combat/sheet-tab.hbs",
].map(templatePath);

/** Toast's combat runtime (its statuses, bars and settings are in combat/base.ts, registered at init). */
export function toastCombatPart(): RulesetPart {
  return {
    combat: TOAST_COMBAT,
    api: { combatActions: toastCombatActions },
    exchanges: [toastAttackExchange, toastContestExchange],
    // Hold / Act now / Action lost: the round record is the active GM's to write.
    relayActions: { turn: relayTurnControl },
    templates: TOAST_COMBAT_TEMPLATES,
    init: () => {
      registerToastStatusSync();
      // The GM's record of an attacker's modifier as it was when her attack card appeared.
      Hooks.on("createChatMessage", (message) => recordAttackModifier(message));
      registerCombatTab();
    },
  };
}
