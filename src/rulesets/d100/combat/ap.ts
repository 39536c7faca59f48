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
import { SYSTEM_ID } from "../../../core/ids";
import { postCard } from "../../../core/chat/post";
import { audienceForMode } from "../../../core/compat";
import { withResourceLocks } from "../../../core/chat/trust";
import { noteCardHtml } from "../../../core/chat/note-card";
import { holdsInitiative } from "./bypass";

export interface ApView {
  quota: number;
  available: number;
  reserved: number;
}

function sys(actor: Actor.Implementation): D100ActorModel {
  return requireModel(actor, D100ActorModel);
}

export function apOf(actor: Actor.Implementation): ApView {
  const s = sys(actor);
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
    hasInitiative: Boolean(period && holdsInitiative(period.combat, period.combatant)),
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
  return (await payOrStart(actor, cost, action, false)) === "done";
}

/** Whether a refused spend could start a multi-round action instead (with the initiative, points to put in). */
function canStart(decision: R.SpendDecision): boolean {
  return !decision.ok && (decision.reason === "notEnough" || decision.reason === "beyondQuota");
}

/**
 * Pay for an action, or — with `multiRound` — start it with every point available when it costs
 * more, the rest paid from the next initiatives (seed: "A character is not limited to the action
 * points from a single round"). "done": the action happens now; "started": it is under way;
 * "refused": nothing changed (the user was told why).
 */
export async function payOrStart(actor: Actor.Implementation, cost: number, action: string, multiRound: boolean): Promise<"done" | "started" | "refused"> {
  const local = spendNow(actor, cost);
  if (!local.ok && !(multiRound && canStart(local))) {
    ui.notifications?.warn(refusalMessage(local, action));
    return "refused";
  }
  if (local.ok && local.from === "free") return "done";
  const result = await applyOrRelay("d100.spendAp", { uuid: actor.uuid }, { cost, action, multiRound });
  if (!result.ok) return "refused";
  return result.data?.started === true ? "started" : "done";
}

function requesterOwns(requester: User.Implementation, actor: Actor.Implementation): boolean {
  return requester.isGM || actor.testUserPermission(requester, "OWNER");
}

function readCost(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_ACTION_POINTS ? value : null;
}

function pendingOf(actor: Actor.Implementation): R.PendingAction[] {
  return sys(actor).combat.pending.map((p) => ({ id: p.id, cost: p.cost, paid: p.paid }));
}

function labelsOf(actor: Actor.Implementation): Map<string, string> {
  return new Map(sys(actor).combat.pending.map((p) => [p.id, p.label]));
}

function attacksOf(actor: Actor.Implementation): Map<string, string> {
  return new Map(sys(actor).combat.pending.map((p) => [p.id, p.attack]));
}

function pendingData(state: R.ActionPoints, labels: ReadonlyMap<string, string>, attacks: ReadonlyMap<string, string> = new Map()) {
  return state.pending.map((p) => ({ id: p.id, label: labels.get(p.id) ?? "", cost: p.cost, paid: p.paid, attack: attacks.get(p.id) ?? "" }));
}

/**
 * A pending attack with this key (attack-cost.ts `attackKey`): paid in full ("ready") or still under
 * way. Only in a strict period: once the combat is over (a free period) an attack started in it
 * neither blocks nor pays an attack.
 */
export function pendingAttack(actor: Actor.Implementation, key: string): { id: string; label: string; cost: number; paid: number; ready: boolean } | null {
  if (!d100CombatRules().strictPeriods || !strictPeriodOf(actor)) return null;
  const p = sys(actor).combat.pending.find((a) => a.attack !== "" && a.attack === key);
  return p ? { id: p.id, label: p.label, cost: p.cost, paid: p.paid, ready: p.paid >= p.cost } : null;
}

/** Whether an attack refused for want of points may be started instead: with the initiative, short of points, some points to put in. */
export function attackStartable(actor: Actor.Implementation, decision: R.SpendDecision): boolean {
  return canStart(decision) && apOf(actor).available > 0;
}

/**
 * Start an attack that costs more than the points left (on the GM's client, under the attacker's
 * resource lock; seed: "A character is not limited to the action points from a single round"):
 * every point available goes to it, the rest comes from the next initiatives (step 3), and it is
 * made when paid in full (attack-cost.ts `attackPayment` then takes it instead of points).
 */
export async function startAttackOnGM(actor: Actor.Implementation, key: string, label: string, cost: number): Promise<RelayResult> {
  return withResourceLocks([actor], async () => {
    const under = pendingAttack(actor, key);
    if (under) return { ok: false, error: format("BREADBOX.D100.Combat.AP.AttackUnderWay", { action: label, paid: under.paid, cost: under.cost }) };
    const decision = spendNow(actor, cost);
    if (decision.ok || !attackStartable(actor, decision)) return { ok: false, error: decision.ok ? "BREADBOX.Relay.Malformed" : refusalMessage(decision, label) };
    const ap = apOf(actor);
    const id = foundry.utils.randomID(8);
    const started = R.startAction({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: pendingOf(actor) }, { id, cost, points: ap.available });
    const labels = labelsOf(actor);
    labels.set(id, label);
    const attacks = attacksOf(actor);
    attacks.set(id, key);
    await actor.update({ system: { combat: { ap: { value: started.state.available }, pending: pendingData(started.state, labels, attacks) } } });
    return { ok: true, data: { paid: started.action.paid, cost } };
  });
}

/** Take a ready attack off the pending list (its points were paid over earlier initiatives). Inside the attacker's resource lock. */
export async function consumePendingAttack(actor: Actor.Implementation, id: string): Promise<void> {
  await actor.update({ system: { combat: { pending: sys(actor).combat.pending.filter((p) => p.id !== id).map((p) => ({ ...p })) } } });
}

/**
 * Spend on the GM's client, under the actor's resource lock (`withResourceLocks`): the points are
 * read again inside the lock, the spend is refused if they do not suffice, and the new balance is
 * written before the lock is released, so two requests never both spend the same points. Called
 * inside relay handlers (which hold the card and document locks, never a resource lock).
 */
export async function spendOnGM(actor: Actor.Implementation, cost: number, action: string, multiRound = false): Promise<RelayResult> {
  return withResourceLocks([actor], () => spendLocked(actor, cost, action, multiRound));
}

async function spendLocked(actor: Actor.Implementation, cost: number, action: string, multiRound: boolean): Promise<RelayResult> {
  const decision = spendNow(actor, cost);
  if (!decision.ok && multiRound && canStart(decision)) {
    const ap = apOf(actor);
    const id = foundry.utils.randomID(8);
    const started = R.startAction({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: pendingOf(actor) }, { id, cost, points: ap.available });
    const labels = labelsOf(actor);
    labels.set(id, action);
    await actor.update({ system: { combat: { ap: { value: started.state.available }, pending: pendingData(started.state, labels, attacksOf(actor)) } } });
    return { ok: true, data: { started: true, paid: started.action.paid, cost } };
  }
  if (!decision.ok) return { ok: false, error: refusalMessage(decision, action) };
  await writeSpend(actor, decision);
  return { ok: true, data: { from: decision.from, available: decision.available, reserved: decision.reserved } };
}

/** Write a spend `spendNow` allowed (inside the actor's resource lock, where it was decided). */
export async function writeSpend(actor: Actor.Implementation, decision: Extract<R.SpendDecision, { ok: true }>): Promise<void> {
  if (decision.from !== "free") await actor.update({ system: { combat: { ap: { value: decision.available }, reserved: decision.reserved } } });
}

/** GM side of `d100.spendAp`: the requester must own the character; the cost is a whole number. */
export async function relaySpendAp(ctx: RelayContext): Promise<RelayResult> {
  const actor = ctx.target;
  if (!(actor instanceof BreadboxActor) || !modelOf(actor, D100ActorModel)) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!requesterOwns(ctx.requester, actor)) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const cost = readCost(ctx.payload.cost);
  const action = typeof ctx.payload.action === "string" ? ctx.payload.action.slice(0, 200) : "";
  if (cost === null) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  return spendOnGM(actor, cost, action, ctx.payload.multiRound === true);
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
  if (!period || !holdsInitiative(period.combat, period.combatant)) return { ok: false, error: "BREADBOX.D100.Combat.AP.NotYourInitiative" };
  return withResourceLocks([actor], async () => {
    const ap = apOf(actor);
    const next = R.reservePoints({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: pendingOf(actor) }, ap.available);
    await actor.update({ system: { combat: { ap: { value: next.available }, reserved: next.reserved } } });
    return { ok: true, data: { reserved: next.reserved } };
  });
}

/**
 * The initiative arrives (GM client, turn event): the quota refills (reserved points are
 * replaced), then points go to actions started in earlier rounds (step 3); each action this
 * completes gets a card. An attack it completes stays on the list, paid in full, until the attack
 * is made (attack-cost.ts `attackPayment`). Returns the labels of the completed actions.
 */
export async function refreshOnTurnStart(combatant: Combatant.Implementation): Promise<string[]> {
  const actor = combatant.actor;
  if (!actor || !modelOf(actor, D100ActorModel) || !d100CombatRules().strictPeriods) return [];
  const done = await withResourceLocks([actor], async () => {
    const ap = apOf(actor);
    const labels = labelsOf(actor);
    const attacks = attacksOf(actor);
    const refreshed = R.refreshQuota({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: pendingOf(actor) });
    const { state, completed } = R.allotToPending(refreshed);
    const ready = completed.filter((a) => attacks.get(a.id));
    const kept = { ...state, pending: [...state.pending, ...ready] };
    await actor.update({ system: { combat: { ap: { value: state.available }, reserved: state.reserved, pending: pendingData(kept, labels, attacks) } } });
    return completed.map((a) => (attacks.get(a.id) ? format("BREADBOX.D100.Combat.AP.AttackReady", { action: labels.get(a.id) ?? a.id }) : (labels.get(a.id) ?? a.id)));
  });
  for (const label of done) {
    const content = await noteCardHtml({ kind: "bb-d100-action", lines: [{ text: format("BREADBOX.D100.Combat.AP.Completed", { name: actor.name ?? "", action: label }) }] });
    await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "d100Action" } } }, audienceForMode(actor.hasPlayerOwner ? "public" : "gm"));
  }
  return done;
}

/** The initiative passes on: unreserved points are forfeited (the core's decision). */
export async function forfeitOnTurnEnd(combatant: Combatant.Implementation): Promise<void> {
  const actor = combatant.actor;
  if (!actor || !modelOf(actor, D100ActorModel) || !d100CombatRules().strictPeriods) return;
  await withResourceLocks([actor], async () => {
    const ap = apOf(actor);
    if (ap.available === 0) return;
    const next = R.passInitiative({ quota: ap.quota, available: ap.available, reserved: ap.reserved, pending: pendingOf(actor) });
    await actor.update({ system: { combat: { ap: { value: next.available } } } });
  });
}

/** The tracker's line for a combatant: points left of the quota, and reserved points. */
export function trackerLabel(actor: Actor.Implementation | null | undefined): string | null {
  if (!actor || !modelOf(actor, D100ActorModel)) return null;
  const ap = apOf(actor);
  const line = format("BREADBOX.D100.Combat.AP.Tracker", { available: ap.available, quota: ap.quota, reserved: ap.reserved });
  const pending = sys(actor).combat.pending.map((p) => format(p.attack && p.paid >= p.cost ? "BREADBOX.D100.Combat.AP.Ready" : "BREADBOX.D100.Combat.AP.Pending", { action: p.label, paid: p.paid, cost: p.cost }));
  return [line, ...pending].join(" · ");
}

