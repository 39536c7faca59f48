/**
 * D10/0's own combat actions as data (`RulesetApi.combatActions`, src/core/combat-actions.ts): the
 * sheet's actions with an AP cost — attack with, draw and reload each weapon, take an action slot,
 * use a power's action — run by the same functions as the sheet's buttons (sheet-actions.ts).
 */
import type { CombatAction } from "../../../core/registry";
import { format, localize, modelOf } from "../../../core/game";
import { itemsWithModel } from "../../../core/foundry";
import { D100ActorModel } from "../data/actor";
import { D100WeaponModel } from "../data/weapons";
import { D100PowerModel } from "../data/items";
import { attackWithWeapon } from "./attack";
import { drawWeapon, reloadWeapon, takeAction, takeActionSlot } from "./actions";

export function d100CombatActions(actor: Actor.Implementation): CombatAction[] {
  const model = modelOf(actor, D100ActorModel);
  if (!model || !actor.isOwner) return [];
  const out: CombatAction[] = [];
  for (const { item, model: w } of itemsWithModel(actor, D100WeaponModel)) {
    const name = item.name ?? "";
    out.push({ id: `d100Attack|${item.id ?? ""}`, label: format("BREADBOX.D100.Combat.Sheet.Attack", { name }), icon: "fa-solid fa-crosshairs", ...(item.img ? { img: item.img } : {}), run: (event) => attackWithWeapon(actor, item, event) });
    if (!w.equipped) out.push({ id: `d100Draw|${item.id ?? ""}`, label: format("BREADBOX.D100.Combat.Sheet.Draw", { name }), icon: "fa-solid fa-hand", run: () => drawWeapon(actor, item) });
    if (w.capacity > 0) out.push({ id: `d100Reload|${item.id ?? ""}`, label: format("BREADBOX.D100.Combat.Sheet.Reload", { name }), icon: "fa-solid fa-rotate", run: () => reloadWeapon(actor, item) });
  }
  model.actionSlots.forEach((slot, index) => {
    if (!slot.name) return;
    out.push({ id: `d100Slot|${index}`, label: `${localize("BREADBOX.D100.Combat.Sheet.Slot")}: ${slot.name}`, icon: "fa-solid fa-hand-fist", run: () => takeActionSlot(actor, index) });
  });
  for (const { item, model: p } of itemsWithModel(actor, D100PowerModel)) {
    p.actions.forEach((action, index) => {
      if (action.actionPoints <= 0) return;
      out.push({ id: `d100PowerAction|${item.id ?? ""}|${index}`, label: `${item.name ?? ""}: ${action.name}`, icon: "fa-solid fa-hand-fist", run: () => takeAction(actor, `${item.name ?? ""}: ${action.name}`, action.actionPoints) });
    });
  }
  return out;
}
