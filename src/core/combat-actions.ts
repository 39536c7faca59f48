/**
 * What an actor can do in a fight now, besides its checks and attacks, in one list for every
 * ruleset (Token Action HUD's combat group, src/modules/token-action-hud.ts):
 *
 * 1. its defences: every response its owner may give to an open declaration (an attack, a contest)
 *    that targets it — the exchange engine's own response, with the ruleset's dialog, exactly as
 *    the card's button (`respondOnCard`);
 * 2. its tracker row's controls in the combat the tracker shows (`CombatRules.combatantRow`: Toast's
 *    Hold / Act now, D10/0's Bypass / Interrupt / Reserve…);
 * 3. the ruleset's own actions (`RulesetApi.combatActions`: a D10/0 draw or reload…).
 *
 * A click names an action by id; `runCombatAction` builds the list again and runs the action of that
 * id that is offered now, so nothing a click carries is trusted (each action is checked where it
 * runs, as its button is: the relay for anything done to another's document).
 */
import { getRuleset, rulesetOfType, type CombatAction } from "./registry";
import { combatantRowOf } from "./combat-tracker";
import { currentUser, format, localize } from "./game";
import { cardFlags } from "./chat/trust";
import { DECLARATION, declarationOnCard, exchangeResolved, respondOnCard } from "./exchange/engine";

/** How many of the latest chat messages are searched for open declarations. */
const RECENT_MESSAGES = 50;

/** The responses this actor's owner may give now to open declarations that target it (newest first). */
export function defenceActions(actor: Actor.Implementation): CombatAction[] {
  if (!actor.isOwner) return [];
  const user = currentUser();
  const out: CombatAction[] = [];
  const messages = game.messages?.contents.slice(-RECENT_MESSAGES).reverse() ?? [];
  for (const message of messages) {
    if (!message.id || !message.visible) continue;
    const flags = cardFlags(message);
    if (flags.type !== DECLARATION || flags.targetUuid !== actor.uuid || exchangeResolved(message.id)) continue;
    const onCard = declarationOnCard(message);
    if (!onCard) continue;
    const messageId = message.id;
    for (const r of onCard.def.responses(onCard.declared)) {
      if (r.gmOnly && !user.isGM) continue;
      out.push({
        id: `respond|${messageId}|${r.id}`,
        label: format("BREADBOX.CombatActions.Respond", { response: localize(r.label), attacker: onCard.declared.attacker.name ?? "" }),
        icon: r.icon ?? "fa-solid fa-shield-halved",
        run: async (event) => {
          const current = game.messages?.get(messageId);
          if (current) await respondOnCard(current, r.id, event ?? null);
        },
      });
    }
  }
  return out;
}

/** The controls of this actor's combatants' rows in the combat the tracker shows. */
export function trackerActions(actor: Actor.Implementation): CombatAction[] {
  const combat = ui.combat?.viewed ?? game.combats?.viewed ?? game.combat;
  if (!combat) return [];
  return combat.combatants.filter((c) => c.actor?.uuid === actor.uuid).flatMap((c) => combatantRowOf(combat, c)?.controls ?? []);
}

/** Everything this actor can do in a fight now besides its checks: defences, tracker controls, the ruleset's own actions. */
export function combatActionsOf(actor: Actor.Implementation): CombatAction[] {
  const id = rulesetOfType(actor.type);
  const own = id ? (getRuleset(id)?.api?.combatActions?.(actor) ?? []) : [];
  return [...defenceActions(actor), ...trackerActions(actor), ...own];
}

/** Run the action of this id that the actor is offered now; false when none is (the moment passed). */
export async function runCombatAction(actor: Actor.Implementation, id: string, event: Event | null = null): Promise<boolean> {
  const action = combatActionsOf(actor).find((a) => a.id === id);
  if (!action) return false;
  await action.run(event);
  return true;
}
