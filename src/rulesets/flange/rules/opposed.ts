/**
 * Opposed rolls (seed 004 "Opposed Dice Rolls"): most successes wins; on equal successes the
 * highest single die, then the next highest, and so on; no successes on either side: both lose.
 *
 * Decision: the tie-break compares the natural faces of the dice first rolled (bonus points from
 * 10s and extra dice do not count). Comparing sorted faces die by die is the same as comparing
 * how many 10s, then how many 9s, ... each side rolled, and a longer pool beats a shorter one
 * whose dice all match its own. Identical faces leave a true tie (GM's call).
 */
import { ODDS_ERROR_BOUND, makeOdds, type Odds, type Sides } from "../../../dice/contract";
import type { RandomSource } from "../../../dice/random";
import { resolveCheck, rollCheck, settlePool, type CheckInput, type CheckPool, type CheckResult } from "./check";
import { binomRow, chainDistribution, completionVector, type Completion } from "./enumerate";
import { checkDistribution } from "./odds";

/** Outcomes from the first side's point of view, worst first. */
export const OPPOSED_OUTCOMES = ["secondWins", "bothLose", "tie", "firstWins"] as const;
export type OpposedOutcome = (typeof OPPOSED_OUTCOMES)[number];
export const OPPOSED_DECIDED_BY = ["successes", "highDice", "noSuccesses", "identicalDice"] as const;
export type OpposedDecidedBy = (typeof OPPOSED_DECIDED_BY)[number];

/** Both sides of an opposed roll. */
export type OpposedInput = Sides<CheckInput>;
/** Each side's faces, in the order `resolveCheck` takes them. */
export type OpposedFaces = Sides<readonly number[]>;

export interface OpposedComparison {
  readonly outcome: OpposedOutcome;
  readonly decidedBy: OpposedDecidedBy;
}
export interface OpposedResult extends OpposedComparison {
  readonly first: CheckResult;
  readonly second: CheckResult;
  readonly faces: OpposedFaces;
}

function sortedFaces(r: CheckResult): number[] {
  return r.dice.filter((d) => d.batch === 0).map((d) => d.face).sort((a, b) => b - a);
}

/** Compare two rolled checks. */
export function compareChecks(first: CheckResult, second: CheckResult): OpposedComparison {
  if (first.successes === 0 && second.successes === 0) return { outcome: "bothLose", decidedBy: "noSuccesses" };
  if (first.successes !== second.successes) {
    return { outcome: first.successes > second.successes ? "firstWins" : "secondWins", decidedBy: "successes" };
  }
  const a = sortedFaces(first);
  const b = sortedFaces(second);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return { outcome: x > y ? "firstWins" : "secondWins", decidedBy: "highDice" };
  }
  return { outcome: "tie", decidedBy: "identicalDice" };
}

function checkOpposedInput(input: OpposedInput): void {
  if (typeof input !== "object" || input === null) throw new RangeError("An opposed roll needs a first and a second check");
}

/** Roll both sides (first, then second) and compare. */
export function rollOpposed(input: OpposedInput, rng: RandomSource): OpposedResult {
  checkOpposedInput(input);
  settlePool(input.second);
  const a = rollCheck(input.first, rng);
  const b = rollCheck(input.second, rng);
  return { first: a, second: b, faces: { first: a.faces, second: b.faces }, ...compareChecks(a, b) };
}

/** Compare two sides from faces already rolled. */
export function resolveOpposed(input: OpposedInput, faces: OpposedFaces): OpposedResult {
  checkOpposedInput(input);
  if (typeof faces !== "object" || faces === null) throw new RangeError("An opposed roll needs the faces of both sides");
  const a = resolveCheck(input.first, faces.first);
  const b = resolveCheck(input.second, faces.second);
  return { first: a, second: b, faces: { first: a.faces, second: b.faces }, ...compareChecks(a, b) };
}

/**
 * Branches of the tie-break enumeration with less probability than this are left out; their
 * total is reported in the odds' `error` (it stays far below ODDS_ERROR_BOUND).
 */
export const OPPOSED_PRUNE_MASS = 1e-14;

/** Successes beyond the larger pool that an opposed roll still tells apart (see `opposedDistribution`). */
export const OPPOSED_TAIL_SUCCESSES = 16;

/** A blocked side (a die it could not lift): no further successes. */
const NOTHING_MORE: Completion = { v: /* @__PURE__ */ new Float64Array([1]), lo: 0, hi: 0, dropped: 0 };

/** What `c` of a side's remaining dice showing face f does to it (same rule as resolveCheck). */
interface SideStep {
  readonly p: number;
  /** Successes added by this face. */
  readonly ds: number;
  readonly r: number;
  readonly pts: number;
  readonly blocked: boolean;
  /** The side's further successes after this face (computed on first use). */
  more: Completion | null;
  readonly t: number;
  readonly f: number;
  readonly cap: number;
}

function moreOf(st: SideStep): Completion {
  if (st.more === null) st.more = st.blocked ? NOTHING_MORE : completionVector(st.t, st.f, st.r, st.pts, st.cap);
  return st.more;
}

function sideKey(f: number, r: number, pts: number, blocked: boolean): number {
  return ((f * 64 + r) * 64 + pts) * 2 + (blocked ? 1 : 0);
}

/** The steps of one side at face f from (r dice left, pts points, blocked), one per count c = 0..r (memoised per call). */
function sideSteps(memo: Map<number, SideStep[]>, t: number, f: number, r: number, pts: number, blocked: boolean, cap: number): SideStep[] {
  const key = sideKey(f, r, pts, blocked);
  const hit = memo.get(key);
  if (hit) return hit;
  const out: SideStep[] = [];
  const row = binomRow(r, 1, f);
  for (let c = 0; c <= r; c++) {
    const p = row[c];
    let ds = 0;
    let np = pts;
    let nb = blocked;
    if (f === 10) {
      ds = c;
      np = Math.max(0, c - 1);
    } else if (f >= t) ds = c;
    else if (!blocked && c > 0) {
      const cost = t - f;
      const conv = Math.min(c, Math.floor(pts / cost));
      ds = conv;
      if (conv < c) {
        nb = true;
        np = 0;
      } else np = pts - conv * cost;
    }
    out.push({ p, ds, r: r - c, pts: np, blocked: nb, more: null, t, f, cap });
  }
  memo.set(key, out);
  return out;
}

/** Level states: dice left (first side), both sides' points and blocked flags, successes lag, both still at zero. */
const LAG_OFFSET = 64;
function encodeLevel(r: number, ptsA: number, bA: boolean, ptsB: number, bB: boolean, lag: number, bothZero: boolean): number {
  return ((((((r * 64 + ptsA) * 2 + (bA ? 1 : 0)) * 64 + ptsB) * 2 + (bB ? 1 : 0)) * 128 + (lag + LAG_OFFSET)) * 2) + (bothZero ? 1 : 0);
}

/**
 * The tie-break part of the exact odds: the probability that both sides end with the same
 * number (≥ 1) of successes and the first's faces rank higher (`firstAhead`), the second's
 * (`secondAhead`), or the faces are identical (`identical`).
 *
 * Both first rolls are read together from face 10 down while their counts agree; the first face
 * whose counts differ decides the tie-break, and from there on the two sides are independent, so
 * each side's further successes come from a memoised completion vector and the chance of equal
 * totals is an inner product (prefix sums make it linear in the dice). While the counts agree,
 * only the difference of the two success counts matters (and whether both are still at zero), so
 * the level states keep that lag instead of both counts.
 */
function tieBreakMass(pa: CheckPool, pb: CheckPool, cap: number, prune: number): { firstAhead: number; secondAhead: number; identical: number; dropped: number } {
  const ta = Math.max(1, pa.target);
  const tb = Math.max(1, pb.target);
  const rDiff = pa.dice - pb.dice;
  const memoA = new Map<number, SideStep[]>();
  const memoB = new Map<number, SideStep[]>();
  const accLen = cap + 1 + Math.max(pa.dice, pb.dice) + 1;
  const acc = new Float64Array(accLen);
  let firstAhead = 0;
  let secondAhead = 0;
  let identical = 0;
  let dropped = 0;
  /** acc[ds + x] += w · more[x]; the vector's dropped mass, weighted by `errWeight`, goes to `dropped`. */
  const accumulate = (st: SideStep, w: number, errWeight: number): void => {
    const m = moreOf(st);
    const v = m.v;
    for (let x = m.lo; x <= m.hi; x++) acc[st.ds + x] += w * v[x];
    dropped += errWeight * m.dropped;
  };
  /** Σ_x more[x] · acc[off + ds + x], leaving out index 0 when `skipZero`. */
  const dotAcc = (st: SideStep, off: number, skipZero: boolean): number => {
    const m = moreOf(st);
    const v = m.v;
    let sum = 0;
    const base = off + st.ds;
    const from = Math.max(m.lo, -base, 0);
    const to = Math.min(m.hi, accLen - 1 - base);
    for (let x = from; x <= to; x++) {
      const i = base + x;
      if (skipZero && i === 0) continue;
      sum += v[x] * acc[i];
    }
    return sum;
  };
  // Level states as parallel lists (keys, masses) with an index by key: no allocation per state.
  let keys: number[] = [encodeLevel(pa.dice, 0, false, 0, false, 0, true)];
  let masses: number[] = [1];
  // The fields of the level state being read (no allocation per state).
  let rA = 0;
  let ptsA = 0;
  let bA = false;
  let ptsB = 0;
  let bB = false;
  let lag = 0;
  let bothZero = false;
  const unpack = (key: number): void => {
    let k = key;
    const bz = k % 2;
    k = (k - bz) / 2;
    lag = (k % 128) - LAG_OFFSET;
    k = (k - (lag + LAG_OFFSET)) / 128;
    const xb = k % 2;
    k = (k - xb) / 2;
    ptsB = k % 64;
    k = (k - ptsB) / 64;
    const xa = k % 2;
    k = (k - xa) / 2;
    ptsA = k % 64;
    rA = (k - ptsA) / 64;
    bA = xa === 1;
    bB = xb === 1;
    bothZero = bz === 1;
  };
  /**
   * The mass (times `mass`) of the lead showing the face more often than the trail (c > c'): the
   * trail's steps are gathered in acc by ds + x, the lead's read at `off` + ds + x.
   */
  const ahead = (lead: SideStep[], rLead: number, trail: SideStep[], rTrail: number, off: number, mass: number): number => {
    acc.fill(0);
    let sum = 0;
    for (let c = 1; c <= rLead; c++) {
      const t = trail[c - 1];
      if (c - 1 <= rTrail && t.p > 0) {
        if (mass * t.p < prune) dropped += mass * t.p;
        else accumulate(t, t.p, mass * t.p);
      }
      const l = lead[c];
      if (l.p === 0) continue;
      if (mass * l.p < prune) dropped += mass * l.p;
      else {
        sum += l.p * dotAcc(l, off, bothZero);
        dropped += mass * l.p * moreOf(l).dropped;
      }
    }
    return mass * sum;
  };
  for (let f = 10; f >= 1; f--) {
    const index = new Map<number, number>();
    const nextKeys: number[] = [];
    const nextMasses: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const mass = masses[i];
      unpack(keys[i]);
      const rB = rA - rDiff;
      const A = sideSteps(memoA, ta, f, rA, ptsA, bA, cap);
      const Bs = sideSteps(memoB, tb, f, rB, ptsB, bB, cap);
      // First ahead (more of face f than the second): Σ_{cA > cB}. Totals equal when
      // lag + dsA + xA = dsB + xB, so acc is indexed by dsB + xB.
      firstAhead += ahead(A, rA, Bs, rB, lag, mass);
      // Second ahead: Σ_{cB > cA}, acc indexed by dsA + xA, B's index −lag + dsB + xB.
      secondAhead += ahead(Bs, rB, A, rA, -lag, mass);
      // Still level: both show face f equally often.
      for (let c = 0; c <= Math.min(rA, rB); c++) {
        const p = A[c].p * Bs[c].p;
        if (p === 0) continue;
        if (mass * p < prune) {
          dropped += mass * p;
          continue;
        }
        const sa = A[c];
        const sb = Bs[c];
        const k = encodeLevel(sa.r, sa.pts, sa.blocked, sb.pts, sb.blocked, lag + sa.ds - sb.ds, bothZero && sa.ds === 0 && sb.ds === 0);
        const at = index.get(k);
        if (at === undefined) {
          index.set(k, nextKeys.length);
          nextKeys.push(k);
          nextMasses.push(mass * p);
        } else nextMasses[at] += mass * p;
      }
    }
    keys = nextKeys;
    masses = nextMasses;
  }
  // Identical first rolls (only when both pools have the same size): equal totals tie.
  for (let i = 0; i < keys.length; i++) {
    const mass = masses[i];
    unpack(keys[i]);
    const va = bA ? NOTHING_MORE : completionVector(ta, 0, 0, ptsA, cap);
    const vb = bB ? NOTHING_MORE : completionVector(tb, 0, 0, ptsB, cap);
    acc.fill(0);
    for (let x = vb.lo; x <= vb.hi; x++) acc[x] += vb.v[x];
    identical += mass * dotAcc({ p: 1, ds: 0, r: 0, pts: ptsA, blocked: bA, more: va, t: ta, f: 0, cap }, lag, bothZero);
    dropped += mass * (va.dropped + vb.dropped);
  }
  return { firstAhead, secondAhead, identical, dropped };
}

/** Exact probabilities of the four opposed outcomes, and the mass of the shared success tail. */
export function opposedDistribution(input: OpposedInput): { readonly first: CheckPool; readonly second: CheckPool; readonly outcomes: Readonly<Record<OpposedOutcome, number>>; readonly tail: number } {
  checkOpposedInput(input);
  const pa = settlePool(input.first);
  const pb = settlePool(input.second);
  const cap = Math.max(pa.dice, pb.dice) + OPPOSED_TAIL_SUCCESSES;
  const da = chainDistribution(pa.dice, pa.target, true, cap);
  const db = chainDistribution(pb.dice, pb.target, true, cap);
  // P(first's total > second's) and the reverse, from the two independent totals.
  const va = new Float64Array(cap + 1);
  const vb = new Float64Array(cap + 1);
  da.forEach((p, x) => (va[x] += p));
  db.forEach((p, x) => (vb[x] += p));
  let aAbove = 0;
  let bAbove = 0;
  let bBelow = 0;
  let aBelow = 0;
  for (let x = 0; x <= cap; x++) {
    aAbove += va[x] * bBelow;
    bAbove += vb[x] * aBelow;
    bBelow += vb[x];
    aBelow += va[x];
  }
  const bothLose = (da.get(0) ?? 0) * (db.get(0) ?? 0);
  // Prune branches below OPPOSED_PRUNE_MASS; in the unlikely case that adds up to more than half
  // the error bound, enumerate everything instead.
  let tb = tieBreakMass(pa, pb, cap, OPPOSED_PRUNE_MASS);
  if (tb.dropped > ODDS_ERROR_BOUND / 2) tb = tieBreakMass(pa, pb, cap, 0);
  return {
    first: pa,
    second: pb,
    outcomes: { secondWins: bAbove + tb.secondAhead, bothLose, tie: tb.identical, firstWins: aAbove + tb.firstAhead },
    tail: (da.get(cap) ?? 0) * (db.get(cap) ?? 0) + tb.dropped,
  };
}

/**
 * Exact odds of an opposed roll from the first side's point of view: outcomes worst first
 * (second wins, both lose, tie, first wins), success = first wins; extras are each side's chance
 * of a critical failure. `error` bounds the mass of the shared success tail: both sides with
 * `dice + TAIL_SUCCESSES` or more successes, whose order is not told apart (independent sides, so
 * the product of the two tails).
 */
export function opposedOdds(input: OpposedInput): Odds {
  const d = opposedDistribution(input);
  const o = d.outcomes;
  return makeOdds({
    success: o.firstWins,
    outcomes: OPPOSED_OUTCOMES.map((key) => ({ key, p: o[key] })),
    extras: [
      { key: "firstCriticalFailure", p: checkDistribution(input.first).outcomes.criticalFailure },
      { key: "secondCriticalFailure", p: checkDistribution(input.second).outcomes.criticalFailure },
    ],
    error: d.tail,
  });
}
