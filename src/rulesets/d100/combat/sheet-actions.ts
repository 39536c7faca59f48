/**
 * ApplicationV2 action handlers the D10/0 character sheet spreads into its actions, so every
 * action with an AP cost starts from the sheet (combat part; the sheet belongs to the play part):
 *
 *   data-action="d100Attack"     on an element inside [data-item-id] (a weapon): attack
 *   data-action="d100Draw"       … draw the weapon (its draw AP)
 *   data-action="d100Reload"     … reload its magazine (its reload AP)
 *   data-action="d100Slot"       with data-index: take an action slot (its cost)
 *   data-action="d100PowerAction" inside [data-item-id] (a power) with data-index: pay the action's AP
 *   data-action="d100Lance"      inside [data-item-id] (a power) with data-index: attack with its Spirit Lance
 */
import { BreadboxActor } from "../../../core/documents/actor";
import { modelOf } from "../../../core/game";
import { D100PowerModel } from "../data/items";
import { attackWithLance, attackWithWeapon } from "./attack";
import { drawWeapon, reloadWeapon, takeAction, takeActionSlot } from "./actions";

function sheetActor(app: unknown): Actor.Implementation | null {
  if (!(app instanceof foundry.applications.api.DocumentSheetV2)) return null;
  const doc: unknown = app.document;
  return doc instanceof BreadboxActor ? doc : null;
}

function itemAt(actor: Actor.Implementation, target: HTMLElement): Item.Implementation | null {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return id ? (actor.items.get(id) ?? null) : null;
}

function indexAt(target: HTMLElement): number {
  const raw = target.closest<HTMLElement>("[data-index]")?.dataset.index;
  const n = Number(raw);
  return raw !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : -1;
}

export const D100_COMBAT_SHEET_ACTIONS = {
  d100Attack: async function (this: unknown, event: PointerEvent, target: HTMLElement) {
    const actor = sheetActor(this);
    const item = actor ? itemAt(actor, target) : null;
    if (actor && item) await attackWithWeapon(actor, item, event);
  },
  d100Draw: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    const actor = sheetActor(this);
    const item = actor ? itemAt(actor, target) : null;
    if (actor && item) await drawWeapon(actor, item);
  },
  d100Reload: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    const actor = sheetActor(this);
    const item = actor ? itemAt(actor, target) : null;
    if (actor && item) await reloadWeapon(actor, item);
  },
  d100Slot: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    const actor = sheetActor(this);
    const index = indexAt(target);
    if (actor && index >= 0) await takeActionSlot(actor, index);
  },
  d100Lance: async function (this: unknown, event: PointerEvent, target: HTMLElement) {
    const actor = sheetActor(this);
    const item = actor ? itemAt(actor, target) : null;
    if (actor && item) await attackWithLance(actor, item, indexAt(target), event);
  },
  d100PowerAction: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    const actor = sheetActor(this);
    const item = actor ? itemAt(actor, target) : null;
    const power = modelOf(item, D100PowerModel);
    const action = power?.actions[indexAt(target)];
    if (actor && item && action) await takeAction(actor, `${item.name ?? ""}: ${action.name}`, action.actionPoints);
  },
};
