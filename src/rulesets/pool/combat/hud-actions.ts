/**
 * Dice Pool's own combat actions as data (`RulesetApi.combatActions`, src/core/combat-actions.ts):
 * in a started Dice Pool combat, "Declare next action" for the actor's combatant, as the phase
 * card's button does (clock.ts `declareAction`). Attacks are checks; a defence is offered by core's
 * list of open declarations.
 */
import type { CombatAction } from "../../../core/registry";
import { localize } from "../../../core/game";
import { clockPeriodOf, declareAction } from "./clock";

export function poolCombatActions(actor: Actor.Implementation): CombatAction[] {
  const period = clockPeriodOf(actor);
  if (!period?.combatant.isOwner) return [];
  const { combatant } = period;
  return [{ id: `poolDeclare|${combatant.id ?? ""}`, label: localize("BREADBOX.Pool.Phase.DeclareButton"), icon: "fa-solid fa-pen", run: () => declareAction(combatant) }];
}
