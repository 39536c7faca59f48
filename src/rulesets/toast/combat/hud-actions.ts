/**
 * Toast's own combat actions as data (`RulesetApi.combatActions`, src/core/combat-actions.ts): an
 * attack with each weapon, as the combat tab's Attack button makes it. Hold / Act now are the
 * tracker row's controls (tracker.ts `toastCombatantRow`); a defence is offered by core's list of
 * open declarations.
 */
import type { CombatAction } from "../../../core/registry";
import { format } from "../../../core/game";
import { itemsWithModel } from "../../../core/foundry";
import { ToastWeaponModel } from "../data/weapons";
import { fighterOf } from "./fighter";
import { toastAttack } from "./attack";

export function toastCombatActions(actor: Actor.Implementation): CombatAction[] {
  if (!fighterOf(actor) || !actor.isOwner) return [];
  return itemsWithModel(actor, ToastWeaponModel).map(({ item }) => ({
    id: `toastAttack|${item.id ?? ""}`,
    label: format("BREADBOX.ToastCombat.Sheet.AttackWith", { weapon: item.name ?? "" }),
    icon: "fa-solid fa-crosshairs",
    ...(item.img ? { img: item.img } : {}),
    run: (event) => toastAttack(actor, item, event),
  }));
}
