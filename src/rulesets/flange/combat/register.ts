/**
 * The combat part of the flange ruleset: tracker rules, the attack on core's exchange engine,
 * simultaneous action, status effects and token bars. register.ts folds it into the definition
 * (withParts).
 */
import type { RulesetPart } from "../../../core/registry";
import { templatePath } from "../../../core/ids";
import { isLedgerKeeper } from "../../../core/chat/ledger";
import { flangeCombat, syncCombatStatuses } from "./tracker";
import { flangeAttack } from "./attack";
import { onAttackReroll, relayAttackReroll } from "./reroll";
import { flangeOpposed } from "../opposed-exchange";
import { onSeriousInjury } from "./injury";
import { flangeAttackMacro } from "./macro";
import { HAND_QUERY, announceSimultaneous, handQueryHandler, onChooseHand, onResetHands, onSimultaneousAttack, relayCommitHand } from "./simultaneous";

export const FLANGE_COMBAT_TEMPLATES = [
  "flange/combat/attack-dialog.hbs",
  "flange/combat/attack-card.hbs",
  "flange/combat/defence-dialog.hbs",
  "flange/combat/resolution.hbs",
  "flange/combat/damage-applied.hbs",
  "flange/combat/injury-dialog.hbs",
  "flange/combat/simultaneous.hbs",
  "flange/combat/hand-dialog.hbs",
  "flange/chat/opposed-declared.hbs",
].map(templatePath);

/** Look for ties whenever initiative or the round changes (the GM's client posts the cards). */
function watchTies(): void {
  const check = (combat: Combat.Implementation | null | undefined): void => {
    if (!combat || !isLedgerKeeper()) return;
    announceSimultaneous(combat).catch((err: unknown) => console.error("Breadbox | simultaneous action", err));
  };
  Hooks.on("updateCombatant", (combatant, changes, options) => {
    // A new round's initiative is stored before the round changes (BreadboxCombat#nextRound,
    // without turn events): the round change below looks for its ties, under the right round.
    if (Reflect.get(options, "turnEvents") === false) return;
    if ("initiative" in changes) check(combatant.parent);
  });
  Hooks.on("updateCombat", (combat, changes) => {
    if (!("round" in changes)) return;
    check(combat);
    // Carried bonuses and penalties as token icons for the new round.
    if (isLedgerKeeper() && combat.id) {
      const id = combat.id;
      for (const c of combat.combatants) syncCombatStatuses(c.actor, id, combat.round).catch((err: unknown) => console.error("Breadbox | flange statuses", err));
    }
  });
  Hooks.on("deleteCombat", (combat) => {
    if (!isLedgerKeeper()) return;
    for (const c of combat.combatants) syncCombatStatuses(c.actor, combat.id ?? "", 0).catch((err: unknown) => console.error("Breadbox | flange statuses", err));
  });
}

/** Flange's combat runtime (its statuses, bars and settings are in combat/base.ts, registered at init). */
export function flangeCombatPart(): RulesetPart {
  return {
    combat: flangeCombat,
    exchanges: [flangeAttack, flangeOpposed],
    chatActions: {
      seriousInjury: (m) => onSeriousInjury(m),
      chooseHand: onChooseHand,
      resetHands: (m) => onResetHands(m),
      simultaneousAttack: onSimultaneousAttack,
      attackReroll: (m, button) => onAttackReroll(m, button),
    },
    relayActions: {
      commitHand: relayCommitHand,
      attackReroll: relayAttackReroll,
    },
    templates: FLANGE_COMBAT_TEMPLATES,
    init: () => {
      CONFIG.queries[HAND_QUERY] = handQueryHandler;
      watchTies();
      // A script entry point next to the core's rollMacro: game.breadbox.flangeAttack(weaponName, actorUuid?).
      const api: unknown = Reflect.get(game, "breadbox");
      Reflect.set(game, "breadbox", { ...(typeof api === "object" && api !== null ? api : {}), flangeAttack: flangeAttackMacro });
    },
  };
}
