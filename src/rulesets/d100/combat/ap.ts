/**
 * Action points in the combat tracker (seed: "Action Quota", "Action Timing", "During an Agent's
 * Initiative", "Reactions"). In a started combat (a strict period, while the world setting keeps
 * strict periods on) every action a character takes from the sheet or a card pays its AP cost:
 * from the points available while the character has the initiative, from reserved points as a
 * reaction otherwise. The quota refills when the initiative arrives (turn start) and unreserved
 * points are forfeited when it passes on (turn end). Outside a combat (a free period) nothing is
 * paid. Every spend runs on the active GM's client through the relay (src/core/relay.ts), where
 * the combat state and the points are read again and the change is made once.
 */
import * as R from "../rules";
import { requireModel } from "../../../core/foundry";
import { format, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { BreadboxActor } from "../../../core/documents/actor";
import { D100ActorModel } from "../data/actor";
import { d100CombatRules } from "./settings";
import { MAX_ACTION_POINTS } from "./fields";

export interface ApView {
  quota: number;
  available: number;
  reserved: number;
}

export function apOf(actor: Actor.Implementation): ApView {
  const s = requireModel(actor, D100ActorModel);
  return { quota: s.actionQuota, available: s.combat.ap.value, reserved: s.combat.reserved };
}

/** The started combat this actor fights in, with its combatant (null: a free period). */
export function strictPeriodOf(actor: Actor.Implementation): { combat: Combat.Stored; combatant: Combatant.Implementation } | null {
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    const combatant = combat.combatants.find((c) => c.actor?.uuid === actor.uuid);
    if (combatant) return { combat, combatant };
  }
  return null;
}

/** What paying `cost` would do now, as the rules core decides it. */
export function spendNow(actor: Actor.Implementation, cost: number): R.SpendDecision {
  const period = d100CombatRules().strictPeriods ? strictPeriodOf(actor) : null;
  const ap = apOf(actor);
  return R.decideSpend({
    strict: Boolean(period),
    hasInitiative: Boolean(period && period.combat.combatant?.id === period.combatant.id),
    quota: ap.quota,
    available: ap.available,
    reserved: ap.reserved,
    cost,
  });
}

/** The message of a refused spend. */
export function refusalMessage(decision: Extract<R.SpendDecision, { ok: false }>, action: string): string {
  return format(`BREADBOX.D100.Combat.AP.Refused.${decision.reason}`, { action, cost: decision.cost, available: decision.available, reserved: decision.reserved });
}

/**
 * Pay for an action before it happens. Free periods pay nothing and ask nobody; in a strict period
 * the active GM checks and spends (the relay). Returns whether the action may go ahead; a refusal
 * is reported to the user and changes nothing.
 */
export async function spendAp(actor: Actor.Implementation, cost: number, action: string): Promise<boolean> {
  const local = spendNow(actor, cost);
  if (!local.ok) {
    ui.notifications?.warn(refusalMessage(local, action));
    return false;
  }
  if (local.from === "free") return true;
  const result = await applyOrRelay("d100.spendAp", { uuid: actor.uuid }, { cost, action });
  return result.ok;
}

function requesterOwns(requester: User.Implementation, actor: Actor.Implementation): boolean {
  return requester.isGM || actor.testUserPermission(requester, "OWNER");
}

function readCost(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_ACTION_POINTS ? value : null;
}

/** Spend on the GM's client, under the relay's lock on the actor. Exported for the attack flow. */
export async function spendOnGM(actor: Actor.Implementation, cost: number, action: string): Promise<RelayResult> {
  const decision = spendNow(actor, cost);
  if (!decision.ok) return { ok: false, error: refusalMessage(decision, action) };
  if (decision.from !== "free") await actor.update({ system: { combat: { ap: { value: decision.available }, reserved: decision.reserved } } });
  return { ok: true, data: { from: decision.from, available: decision.available, reserved: decision.reserved } };
}

/** GM side of `d100.spendAp`: the requester must own the character; the cost is a whole number. */
export async function relaySpendAp(ctx: RelayContext): Promise<RelayResult> {
  const actor = ctx.target;
  if (!(actor instanceof BreadboxActor) || !modelOf(actor, D100ActorModel)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!requesterOwns(ctx.requester, actor)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const cost = readCost(ctx.payload.cost);
  const action = typeof ctx.payload.action === "string" ? ctx.payload.action.slice(0, 200) : "";
  if (cost === null) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  return spendOnGM(actor, cost, action);
}

/** Reserve every point still available for reactions (step 6 of an initiative). */
export async function reserveAp(actor: Actor.Implementation): Promise<boolean> {
  const result = await applyOrRelay("d100.reserveAp", { uuid: actor.uuid }, {});
  return result.ok;
}

/** GM side of `d100.reserveAp`: only while the character has the initiative in a started combat. */
export async function relayReserveAp(ctx: RelayContext): Promise<RelayResult> {
  const actor = ctx.target;
  if (!(actor instanceof BreadboxActor) || !modelOf(actor, D100ActorModel)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!requesterOwns(ctx.requester, actor)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const period = strictPeriodOf(actor);
  if (!period || period.combat.combatant?.id !== period.combatant.id) return { ok: false, error: "BREADBOX.D100.Combat.AP.NotYourInitiative" };
  const ap = apOf(actor);
  const next = R.reservePoints({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: [] }, ap.available);
  await actor.update({ system: { combat: { ap: { value: next.available }, reserved: next.reserved } } });
  return { ok: true, data: { reserved: next.reserved } };
}

/** The initiative arrives: the quota refills (reserved points are replaced). GM client, turn event. */
export async function refreshOnTurnStart(combatant: Combatant.Implementation): Promise<void> {
  const actor = combatant.actor;
  if (!actor || !modelOf(actor, D100ActorModel) || !d100CombatRules().strictPeriods) return;
  const ap = apOf(actor);
  const next = R.refreshQuota({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: [] });
  await actor.update({ system: { combat: { ap: { value: next.available }, reserved: next.reserved } } });
}

/** The initiative passes on: unreserved points are forfeited (the core's decision). */
export async function forfeitOnTurnEnd(combatant: Combatant.Implementation): Promise<void> {
  const actor = combatant.actor;
  if (!actor || !modelOf(actor, D100ActorModel) || !d100CombatRules().strictPeriods) return;
  const ap = apOf(actor);
  if (ap.available === 0) return;
  const next = R.passInitiative({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: [] });
  await actor.update({ system: { combat: { ap: { value: next.available } } } });
}

/** The tracker's line for a combatant: points left of the quota, and reserved points. */
export function trackerLabel(actor: Actor.Implementation | null | undefined): string | null {
  if (!actor || !modelOf(actor, D100ActorModel)) return null;
  const ap = apOf(actor);
  return format("BREADBOX.D100.Combat.AP.Tracker", { available: ap.available, quota: ap.quota, reserved: ap.reserved });
}

