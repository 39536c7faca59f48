/**
 * D10/0 actions with an AP cost other than the attack (seed: "Action Timing"): drawing and
 * reloading a weapon, an action slot, a power's action — and the dying check a resolution card
 * offers the target's owners (the play part's check, after Apply).
 */
import { requireModel } from "../../../core/foundry";
import { format, localize, lookupUuidSync } from "../../../core/game";
import { SYSTEM_ID } from "../../../core/ids";
import { postCard } from "../../../core/chat/post";
import { cardFlags } from "../../../core/chat/trust";
import { audienceForMode, audienceOf, currentMessageMode } from "../../../core/compat";
import { noteCardHtml } from "../../../core/chat/note-card";
import { BreadboxActor } from "../../../core/documents/actor";
import { D100ActorModel } from "../data/actor";
import { D100WeaponModel } from "../data/weapons";
import { dyingCheck } from "../progress";
import { payOrStart, spendAp } from "./ap";

/** Draw a weapon (its draw AP): it becomes equipped. */
export async function drawWeapon(actor: Actor.Implementation, weapon: Item.Implementation): Promise<boolean> {
  const w = requireModel(weapon, D100WeaponModel);
  if (!(await spendAp(actor, w.drawAp, format("BREADBOX.D100.Combat.Action.Draw", { weapon: weapon.name ?? "" })))) return false;
  await weapon.update({ system: { equipped: true } });
  await actionCard(actor, format("BREADBOX.D100.Combat.Action.Draw", { weapon: weapon.name ?? "" }), w.drawAp);
  return true;
}

/** Reload a weapon's magazine (its reload AP). */
export async function reloadWeapon(actor: Actor.Implementation, weapon: Item.Implementation): Promise<boolean> {
  const w = requireModel(weapon, D100WeaponModel);
  if (w.capacity <= 0) {
    ui.notifications?.warn(format("BREADBOX.D100.Combat.Action.NoMagazine", { weapon: weapon.name ?? "" }));
    return false;
  }
  if (!(await spendAp(actor, w.reloadAp, format("BREADBOX.D100.Combat.Action.Reload", { weapon: weapon.name ?? "" })))) return false;
  await weapon.update({ system: { loaded: w.capacity } });
  await actionCard(actor, format("BREADBOX.D100.Combat.Action.Reload", { weapon: weapon.name ?? "" }), w.reloadAp);
  return true;
}

/** Take one of the sheet's action slots (its cost). */
export async function takeActionSlot(actor: Actor.Implementation, index: number): Promise<boolean> {
  const slot = requireModel(actor, D100ActorModel).actionSlots[index];
  if (!slot) return false;
  const label = slot.name || format("BREADBOX.D100.Combat.Action.Slot", { n: index + 1 });
  return takeAction(actor, label, slot.cost);
}

/**
 * Pay any other action's cost (an action slot, a power's action): an action costing more than the
 * points left is started and paid over the next initiatives (the tracker shows it; a card says
 * when it completes). Returns whether it happens now.
 */
export async function takeAction(actor: Actor.Implementation, label: string, cost: number): Promise<boolean> {
  const paid = await payOrStart(actor, cost, label, true);
  if (paid === "refused") return false;
  await actionCard(actor, label, cost, paid === "started");
  return paid === "done";
}

async function actionCard(actor: Actor.Implementation, label: string, cost: number, started = false): Promise<void> {
  const key = started ? "BREADBOX.D100.Combat.Action.Started" : "BREADBOX.D100.Combat.Action.Card";
  const content = await noteCardHtml({ kind: "bb-d100-action", lines: [{ text: format(key, { name: actor.name ?? "", action: label, cost }) }] });
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "d100Action" } } }, audienceForMode(currentMessageMode()));
}

/**
 * Dying check button on a resolution card that leaves the target dying: the target's owner rolls
 * the play part's check to avoid further degradation (after Apply; the check refuses otherwise).
 */
export async function onDyingCheck(message: ChatMessage.Implementation): Promise<void> {
  const targetUuid = cardFlags(message).targetUuid;
  const target = typeof targetUuid === "string" ? lookupUuidSync(targetUuid) : null;
  if (!(target instanceof BreadboxActor) || !target.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.D100.Combat.Attack.NotYourDefender"));
    return;
  }
  const audience = audienceOf(message);
  try {
    await dyingCheck(target, audience.blind || audience.whisper.length ? "gm" : currentMessageMode());
  } catch (err) {
    ui.notifications?.warn(err instanceof Error ? err.message : String(err));
  }
}
