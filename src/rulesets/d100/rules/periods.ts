/**
 * Action Quota, action points and strict periods (seed: "Action Quota", "Action Timing",
 * "Strict Period Structure", "During an Agent's Initiative", "Bypass", "Reactions").
 */
import type { RandomSource } from "../../../dice/random";
import { rollD10 } from "./dice";
import { requireInt, requireObject } from "./validate";
import { TIE_MODES, type TieMode } from "./constants";

// ---------------------------------------------------------------------------------------------
// Example action costs (the seed's cost column is incomplete; see docs for our reading).
// The four surviving values (1, 1, 1, 2) sit at the foot of the column: Running 1, Reloading a
// Magazine 1, Simple Close Attack 1, Simple Ranged Attack 2 — the prose confirms both attacks
// (one verb "strike"; "aim" and "shoot"), so reloading a magazine costs 1 (docs/rules/d100.md,
// "Foundry side: combat"; a world setting may raise it).

export interface ActionCostEntry {
  readonly key: string;
  readonly cost: number;
  /** What one cost buys, when it is per distance. */
  readonly per: "action" | "meter" | "agilityMeters";
}
export const EXAMPLE_ACTION_COSTS: readonly ActionCostEntry[] = [
  { key: "moveCarefully", cost: 1, per: "meter" },
  { key: "crawlProne", cost: 2, per: "meter" },
  { key: "drawWeapon", cost: 1, per: "action" },
  { key: "changeStanceCarefully", cost: 1, per: "action" },
  { key: "run", cost: 1, per: "agilityMeters" },
  { key: "reloadMagazine", cost: 1, per: "action" },
  { key: "simpleCloseAttack", cost: 1, per: "action" },
  { key: "simpleRangedAttack", cost: 2, per: "action" },
];

/** One action point per major verb of an action ("aim and shoot" = 2), at least 1. */
export function costFromVerbs(verbs: number): number {
  return requireInt("Number of verbs", verbs, 1);
}

// ---------------------------------------------------------------------------------------------
// Initiative order

/** Standard length of a strict-period round, in seconds (a setting may change it). */
export const ROUND_SECONDS = 10;

export interface InitiativeParticipant {
  readonly id: string;
  readonly actionQuota: number;
}

export interface TieCheckRoll {
  readonly id: string;
  readonly roll: number;
  /** actionQuota − roll. */
  readonly effort: number;
}
export interface TieCheck {
  /** The tied ids this round of checks separated. */
  readonly ids: readonly string[];
  readonly rolls: readonly TieCheckRoll[];
}
export interface InitiativeOrder {
  /** Slots in order; a slot holds several ids only when they act simultaneously. */
  readonly slots: ReadonlyArray<readonly string[]>;
  readonly tieChecks: readonly TieCheck[];
  /** A tie was still unbroken after MAX_TIE_ROUNDS rounds of checks and kept the order given. */
  readonly capped: boolean;
}

/** Most rounds of tie checks for one tie (an open end; two characters still tied after 20 rounds: 1e-20). */
export const MAX_TIE_ROUNDS = 20;
/** Most participants in one initiative order. */
export const MAX_PARTICIPANTS = 1000;

/**
 * Highest Action Quota first. Ties act together (simultaneous) or make d10 checks against their
 * quota, higher effort first, re-rolling among those still tied.
 */
export function initiativeOrder(participants: readonly InitiativeParticipant[], tieMode: TieMode, rng: RandomSource): InitiativeOrder {
  if (!TIE_MODES.includes(tieMode)) throw new RangeError(`Unknown tie mode "${String(tieMode)}"`);
  if (!Array.isArray(participants)) throw new TypeError("Initiative participants must be a list");
  requireInt("Number of participants", participants.length, 0, MAX_PARTICIPANTS);
  const seen = new Set<string>();
  for (const p of participants) {
    if (typeof p.id !== "string" || p.id.trim() === "") throw new RangeError("Every initiative participant needs a non-empty id");
    if (seen.has(p.id)) throw new RangeError(`Participant "${p.id}" appears twice`);
    seen.add(p.id);
    requireInt(`Action Quota of ${p.id}`, p.actionQuota, 0);
  }
  const groups = new Map<number, InitiativeParticipant[]>();
  for (const p of participants) groups.set(p.actionQuota, [...(groups.get(p.actionQuota) ?? []), p]);
  const slots: string[][] = [];
  const tieChecks: TieCheck[] = [];
  let capped = false;
  const settle = (tied: readonly InitiativeParticipant[], round: number): void => {
    if (tied.length === 1) {
      slots.push([tied[0].id]);
      return;
    }
    if (round === MAX_TIE_ROUNDS) {
      // An open end: a stuck random source would re-roll the same tie forever. Stop, in the
      // order given.
      capped = true;
      for (const p of tied) slots.push([p.id]);
      return;
    }
    const rolls = tied.map((p) => {
      const roll = rollD10(rng);
      return { id: p.id, roll, effort: p.actionQuota - roll };
    });
    tieChecks.push({ ids: tied.map((p) => p.id), rolls });
    const byEffort = new Map<number, InitiativeParticipant[]>();
    tied.forEach((p, i) => byEffort.set(rolls[i].effort, [...(byEffort.get(rolls[i].effort) ?? []), p]));
    for (const e of [...byEffort.keys()].sort((a, b) => b - a)) settle(byEffort.get(e) ?? [], round + 1);
  };
  for (const aq of [...groups.keys()].sort((a, b) => b - a)) {
    const g = groups.get(aq) ?? [];
    if (g.length > 1 && tieMode === "simultaneous") slots.push(g.map((p) => p.id));
    else settle(g, 0);
  }
  return { slots, tieChecks, capped };
}

/**
 * Exact odds of a tie check: tied characters share one Action Quota, so their d10 checks are
 * identically distributed and re-rolls go on until every tie is broken. Every order is then
 * equally likely: each has `eachOrder` = 1/n! and each character 1/n of each place.
 * `settledFirstRound` is the chance that the first round of checks already breaks every tie (all
 * n rolls differ: 10 × 9 × … / 10^n; 0 for more than ten characters).
 */
export function tieCheckOdds(tied: number): { readonly eachOrder: number; readonly eachPlace: number; readonly settledFirstRound: number } {
  requireInt("Number of tied characters", tied, 2, 170);
  let fact = 1;
  let distinct = 1;
  for (let i = 2; i <= tied; i++) fact *= i;
  for (let i = 0; i < tied; i++) distinct *= Math.max(0, 10 - i) / 10;
  return { eachOrder: 1 / fact, eachPlace: 1 / tied, settledFirstRound: distinct };
}

// ---------------------------------------------------------------------------------------------
// Action points of one character

export interface PendingAction {
  readonly id: string;
  readonly cost: number;
  readonly paid: number;
}
export interface ActionPoints {
  readonly quota: number;
  /** Points usable on this initiative. */
  readonly available: number;
  /** Points kept for reactions while the initiative is elsewhere. */
  readonly reserved: number;
  /** Actions started but not yet fully paid (carried across rounds). */
  readonly pending: readonly PendingAction[];
}

export function newActionPoints(quota: number): ActionPoints {
  requireInt("Action Quota", quota, 0);
  return { quota, available: 0, reserved: 0, pending: [] };
}

/** Receive initiative: the quota refills (reserved and unspent points are replaced). */
export function refreshQuota(s: ActionPoints): ActionPoints {
  return { ...s, available: s.quota, reserved: 0 };
}

export interface AllotResult {
  readonly state: ActionPoints;
  /** The action became fully paid with this allotment and is performed. */
  readonly completed: boolean;
  readonly action: PendingAction;
}

/** Start a new action of a given cost and allot `points` to it (0 allowed for free actions). */
export function startAction(s: ActionPoints, action: { readonly id: string; readonly cost: number; readonly points: number }): AllotResult {
  requireObject("An action", action);
  const { id, cost, points } = action;
  if (typeof id !== "string" || id === "") throw new RangeError("An action needs a non-empty id");
  requireInt(`Cost of ${id}`, cost, 0);
  if (s.pending.some((a) => a.id === id)) throw new RangeError(`Action "${id}" is already under way`);
  return allotPoints({ ...s, pending: [...s.pending, { id, cost, paid: 0 }] }, id, points);
}

/** Allot points to an action under way; it completes when the points paid reach its cost. */
export function allotPoints(s: ActionPoints, id: string, points: number): AllotResult {
  const action = s.pending.find((a) => a.id === id);
  if (!action) throw new RangeError(`No action "${id}" under way`);
  requireInt("Points allotted", points, 0, action.cost - action.paid);
  if (points > s.available) throw new RangeError(`Only ${s.available} action points available, not ${points}`);
  const updated = { ...action, paid: action.paid + points };
  const completed = updated.paid >= updated.cost;
  return {
    state: { ...s, available: s.available - points, pending: completed ? s.pending.filter((a) => a.id !== id) : s.pending.map((a) => (a.id === id ? updated : a)) },
    completed,
    action: updated,
  };
}

/** Drop an action under way (its paid points are lost). */
export function abandonAction(s: ActionPoints, id: string): ActionPoints {
  if (!s.pending.some((a) => a.id === id)) throw new RangeError(`No action "${id}" under way`);
  return { ...s, pending: s.pending.filter((a) => a.id !== id) };
}

/** Set points aside for reactions (step 6 of an initiative). */
export function reservePoints(s: ActionPoints, points: number): ActionPoints {
  requireInt("Points reserved", points, 0, s.available);
  return { ...s, available: s.available - points, reserved: s.reserved + points };
}

/** Pass the initiative on: unreserved points are forfeited (our decision; see docs). */
export function passInitiative(s: ActionPoints): ActionPoints {
  return { ...s, available: 0 };
}

/** React while another has the initiative, paying from reserved points. */
export function react(s: ActionPoints, cost: number): ActionPoints {
  requireInt("Reaction cost", cost, 0);
  if (cost > s.reserved) throw new RangeError(`The reaction costs ${cost} but only ${s.reserved} points are reserved`);
  return { ...s, reserved: s.reserved - cost };
}

// ---------------------------------------------------------------------------------------------
// Rounds, turns and bypass

export interface StrictPeriod {
  readonly order: InitiativeOrder;
  readonly round: number;
  /** Index of the slot whose turn it is. */
  readonly slot: number;
  /** Ids holding the initiative now. */
  readonly current: readonly string[];
  /** Ids who bypassed this round and may still interrupt. */
  readonly bypassed: readonly string[];
  /** When someone interrupts, the ids whose turn resumes afterwards. */
  readonly resume: readonly string[] | null;
}

export interface PeriodStep {
  readonly period: StrictPeriod;
  /** Ids that just received the initiative (refresh their quota). */
  readonly received: readonly string[];
  /** Ids whose bypass ran out with the round. */
  readonly lostBypass: readonly string[];
}

/** Start a strict period: round 1, first slot. */
export function startStrictPeriod(order: InitiativeOrder): PeriodStep {
  if (order.slots.length === 0) throw new RangeError("A strict period needs at least one participant");
  const current = [...order.slots[0]];
  return { period: { order, round: 1, slot: 0, current, bypassed: [], resume: null }, received: current, lostBypass: [] };
}

function advance(p: StrictPeriod): PeriodStep {
  let { round, slot } = p;
  let lost: readonly string[] = [];
  let bypassed = p.bypassed;
  slot++;
  if (slot >= p.order.slots.length) {
    slot = 0;
    round++;
    lost = bypassed;
    bypassed = [];
  }
  const current = [...p.order.slots[slot]];
  return { period: { ...p, round, slot, current, bypassed, resume: null }, received: current, lostBypass: lost };
}

/** A character ends their turn; when everyone in the slot is done the initiative moves on. */
export function endTurn(p: StrictPeriod, id: string): PeriodStep {
  if (!p.current.includes(id)) throw new RangeError(`"${id}" does not hold the initiative`);
  const current = p.current.filter((c) => c !== id);
  if (current.length > 0) return { period: { ...p, current }, received: [], lostBypass: [] };
  if (p.resume !== null) {
    const resume = [...p.resume];
    if (resume.length > 0) return { period: { ...p, current: resume, resume: null }, received: [], lostBypass: [] };
    return advance({ ...p, current: [], resume: null });
  }
  return advance({ ...p, current });
}

/** Postpone one's initiative; the character may interrupt later this round. */
export function bypass(p: StrictPeriod, id: string): PeriodStep {
  if (!p.current.includes(id)) throw new RangeError(`"${id}" does not hold the initiative`);
  const after = endTurn(p, id);
  const lostHere = after.lostBypass;
  const period = after.period.round === p.round ? { ...after.period, bypassed: [...after.period.bypassed, id] } : after.period;
  return { period, received: after.received, lostBypass: after.period.round === p.round ? lostHere : [...lostHere, id] };
}

/** A bypassed character takes their full turn now; the interrupted turn resumes after it. */
export function interrupt(p: StrictPeriod, id: string): PeriodStep {
  if (!p.bypassed.includes(id)) throw new RangeError(`"${id}" has not bypassed this round`);
  if (p.resume !== null) throw new RangeError("An interruption is already in progress");
  return { period: { ...p, current: [id], bypassed: p.bypassed.filter((b) => b !== id), resume: p.current }, received: [id], lostBypass: [] };
}

// ---------------------------------------------------------------------------------------------
// Paying for an action in the combat tracker

export const SPEND_SOURCES = ["free", "available", "reserved"] as const;
export type SpendSource = (typeof SPEND_SOURCES)[number];
export const SPEND_REFUSALS = ["notEnough", "notEnoughReserved", "beyondQuota"] as const;
export type SpendRefusal = (typeof SPEND_REFUSALS)[number];

export interface SpendInput {
  /** Whether a strict period is running for this character (a started combat with the rule on). */
  readonly strict: boolean;
  /** Whether the character has the initiative now. */
  readonly hasInitiative: boolean;
  readonly quota: number;
  readonly available: number;
  readonly reserved: number;
  readonly cost: number;
}

export type SpendDecision =
  | { readonly ok: true; readonly from: SpendSource; readonly available: number; readonly reserved: number; readonly cost: number }
  | { readonly ok: false; readonly reason: SpendRefusal; readonly available: number; readonly reserved: number; readonly cost: number };

/**
 * Pay for one action (seed: "Action Timing", "During an Agent's Initiative", "Reactions"). In a
 * free period nothing is paid. With the initiative the action is paid from the points available;
 * without it, it is a reaction paid from reserved points. An action costing more than the whole
 * quota cannot be paid at once (the seed lets it be paid over several rounds: `startAction`).
 */
export function decideSpend(input: SpendInput): SpendDecision {
  requireObject("A spend", input);
  const quota = requireInt("Action Quota", input.quota, 0);
  const available = requireInt("Available action points", input.available, 0);
  const reserved = requireInt("Reserved action points", input.reserved, 0);
  const cost = requireInt("Action point cost", input.cost, 0);
  if (!input.strict) return { ok: true, from: "free", available, reserved, cost };
  if (input.hasInitiative) {
    if (cost <= available) return { ok: true, from: "available", available: available - cost, reserved, cost };
    return { ok: false, reason: cost > quota ? "beyondQuota" : "notEnough", available, reserved, cost };
  }
  if (cost <= reserved) return { ok: true, from: "reserved", available, reserved: reserved - cost, cost };
  return { ok: false, reason: "notEnoughReserved", available, reserved, cost };
}

/**
 * Step 3 of an initiative: allot the points available to the actions started in earlier rounds,
 * oldest first, as far as they go. Returns the new state and the actions this completed.
 */
export function allotToPending(s: ActionPoints): { readonly state: ActionPoints; readonly completed: readonly PendingAction[] } {
  let state = s;
  const completed: PendingAction[] = [];
  for (const action of s.pending) {
    const points = Math.min(state.available, action.cost - action.paid);
    if (points <= 0) continue;
    const r = allotPoints(state, action.id, points);
    state = r.state;
    if (r.completed) completed.push(r.action);
  }
  return { state, completed };
}
