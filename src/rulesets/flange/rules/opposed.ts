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
const NOTHING_MORE: Completion = { v: /* @__PURE__ */ new Float64Array([1]), off: 0, lo: 0, hi: 0, dropped: 0, nzLo: 0, nzHi: 0 };

/**
 * One side at face f, from (r dice left, pts points, blocked): what c = 0..r of its dice showing f
 * do to it (the rule `resolveCheck` applies), indexed by c.
 */
interface SideTable {
  readonly t: number;
  readonly f: number;
  readonly r: number;
  readonly cap: number;
  readonly p: Float64Array;
  /** Successes the face adds. */
  readonly ds: number[];
  /** Points and blocked flag afterwards (dice left afterwards: r − c). */
  readonly pts: number[];
  readonly blocked: number[];
  /** The side's further successes afterwards (made on first use). */
  readonly more: (Completion | null)[];
  /** The level states (of the face being read) where this is the side's table. */
  readonly members: number[];
}

function sideTable(t: number, f: number, r: number, pts: number, blocked: boolean, cap: number): SideTable {
  const ds: number[] = [];
  const ptsOut: number[] = [];
  const bOut: number[] = [];
  const more: (Completion | null)[] = [];
  for (let c = 0; c <= r; c++) {
    let d = 0;
    let np = pts;
    let nb = blocked;
    if (f === 10) {
      d = c;
      np = Math.max(0, c - 1);
    } else if (f >= t) d = c;
    else if (!blocked && c > 0) {
      const cost = t - f;
      const conv = Math.min(c, Math.floor(pts / cost));
      d = conv;
      if (conv < c) {
        nb = true;
        np = 0;
      } else np = pts - conv * cost;
    }
    ds.push(d);
    ptsOut.push(np);
    bOut.push(nb ? 1 : 0);
    more.push(nb ? NOTHING_MORE : null);
  }
  return { t, f, r, cap, p: binomRow(r, 1, f), ds, pts: ptsOut, blocked: bOut, more, members: [] };
}

function moreOf(st: SideTable, c: number): Completion {
  const hit = st.more[c];
  if (hit !== null) return hit;
  const m = completionVector(st.t, st.f, st.r - c, st.pts[c], st.cap);
  st.more[c] = m;
  return m;
}

/** Level states: dice left (first side), both sides' points and blocked flags, successes lag, both still at zero. */
const LAG_OFFSET = 64;
function encodeLevel(r: number, ptsA: number, bA: number, ptsB: number, bB: number, lag: number, bothZero: boolean): number {
  return (((((r * 64 + ptsA) * 2 + bA) * 64 + ptsB) * 2 + bB) * 128 + (lag + LAG_OFFSET)) * 2 + (bothZero ? 1 : 0);
}

/** A level state's fields (one reused record: no allocation per state). */
interface LevelFields {
  rA: number;
  ptsA: number;
  bA: number;
  ptsB: number;
  bB: number;
  lag: number;
  bothZero: boolean;
}
function decodeLevel(key: number, into: LevelFields): void {
  let k = key;
  into.bothZero = k % 2 === 1;
  k = Math.floor(k / 2);
  into.lag = (k % 128) - LAG_OFFSET;
  k = Math.floor(k / 128);
  into.bB = k % 2;
  k = Math.floor(k / 2);
  into.ptsB = k % 64;
  k = Math.floor(k / 64);
  into.bA = k % 2;
  k = Math.floor(k / 2);
  into.ptsA = k % 64;
  into.rA = Math.floor(k / 64);
}

/**
 * The tie-break part of the exact odds: the probability that both sides end with the same
 * number (≥ 1) of successes and the first's faces rank higher (`firstAhead`), the second's
 * (`secondAhead`), or the faces are identical (`identical`).
 *
 * Both first rolls are read together from face 10 down while their counts agree; the first face
 * whose counts differ decides the tie-break, and from there on the two sides are independent, so
 * each side's further successes come from a memoised completion vector and the chance of equal
 * totals is an inner product. The trailing side's outcomes are gathered once per side table and
 * shared by every level state with that table (prefix sums over its counts make it linear in the
 * dice); each state then reads its lead at its own offset. While the counts agree,
 * only the difference of the two success counts matters (and whether both are still at zero), so
 * the level states keep that lag instead of both counts.
 */
function tieBreakMass(pa: CheckPool, pb: CheckPool, cap: number, prune: number): { firstAhead: number; secondAhead: number; identical: number; dropped: number } {
  const ta = Math.max(1, pa.target);
  const tb = Math.max(1, pb.target);
  const rDiff = pa.dice - pb.dice;
  // Index of a face's own successes plus the further ones: at most dice + cap.
  const len = cap + 1 + Math.max(pa.dice, pb.dice);
  const acc = new Float64Array(len);
  let firstAhead = 0;
  let secondAhead = 0;
  let identical = 0;
  let dropped = 0;
  // The level states of the face being read: their masses, lags and both sides' tables.
  let masses: number[] = [1];
  let keys: number[] = [encodeLevel(pa.dice, 0, 0, 0, 0, 0, true)];
  let lags: number[] = [];
  let zeros: boolean[] = [];
  let tablesOfA: SideTable[] = [];
  let tablesOfB: SideTable[] = [];
  /**
   * The tie-break mass won by leading sides against one trailing side table: for every level
   * state among the trail's `members`, the mass of its lead showing the face more
   * often (c > c') with equal totals. The trail's outcomes c' < c are gathered in acc by total
   * once for all those states; each state's lead is read at its own offset (`sign` · lag + its
   * own successes).
   */
  const aheadOf = (trail: SideTable, leads: SideTable[], sign: number): number => {
    const members = trail.members;
    acc.fill(0);
    let maxMass = 0;
    let groupMass = 0;
    let maxR = 0;
    for (const i of members) {
      groupMass += masses[i];
      if (masses[i] > maxMass) maxMass = masses[i];
      if (leads[i].r > maxR) maxR = leads[i].r;
    }
    let sum = 0;
    // The range of acc that holds mass.
    let accLo = len;
    let accHi = -1;
    for (let c = 1; c <= maxR; c++) {
      const ct = c - 1;
      const tp = ct <= trail.r ? trail.p[ct] : 0;
      if (tp !== 0) {
        if (maxMass * tp < prune) dropped += groupMass * tp;
        else {
          const m = moreOf(trail, ct);
          const v = m.v;
          const at = m.off;
          const base = trail.ds[ct];
          for (let x = m.lo; x <= m.hi; x++) acc[base + x] += tp * v[at + x];
          if (base + m.lo < accLo) accLo = base + m.lo;
          if (base + m.hi > accHi) accHi = base + m.hi;
          dropped += groupMass * tp * m.dropped;
        }
      }
      for (const i of members) {
        const lead = leads[i];
        if (c > lead.r) continue;
        const lp = lead.p[c];
        if (lp === 0) continue;
        const mass = masses[i] * lp;
        if (mass < prune) {
          dropped += mass;
          continue;
        }
        const m = moreOf(lead, c);
        const v = m.v;
        const at = m.off;
        const base = sign * lags[i] + lead.ds[c];
        let from = Math.max(m.lo, accLo - base);
        if (zeros[i] && from === -base) from++;
        const to = Math.min(m.hi, accHi - base);
        let dot = 0;
        for (let x = from; x <= to; x++) dot += v[at + x] * acc[base + x];
        sum += mass * dot;
        dropped += mass * m.dropped;
      }
    }
    return sum;
  };
  const s: LevelFields = { rA: 0, ptsA: 0, bA: 0, ptsB: 0, bB: 0, lag: 0, bothZero: true };
  for (let f = 10; f >= 1; f--) {
    const n = keys.length;
    const tablesA = new Map<number, SideTable>();
    const tablesB = new Map<number, SideTable>();
    lags = new Array<number>(n);
    zeros = new Array<boolean>(n);
    tablesOfA = new Array<SideTable>(n);
    tablesOfB = new Array<SideTable>(n);
    for (let i = 0; i < n; i++) {
      decodeLevel(keys[i], s);
      const rB = s.rA - rDiff;
      const keyA = (s.rA * 64 + s.ptsA) * 2 + s.bA;
      let A = tablesA.get(keyA);
      if (!A) tablesA.set(keyA, (A = sideTable(ta, f, s.rA, s.ptsA, s.bA === 1, cap)));
      const keyB = (rB * 64 + s.ptsB) * 2 + s.bB;
      let B = tablesB.get(keyB);
      if (!B) tablesB.set(keyB, (B = sideTable(tb, f, rB, s.ptsB, s.bB === 1, cap)));
      A.members.push(i);
      B.members.push(i);
      lags[i] = s.lag;
      zeros[i] = s.bothZero;
      tablesOfA[i] = A;
      tablesOfB[i] = B;
    }
    // First ahead (more of face f than the second): totals equal when lag + dsA + xA = dsB + xB,
    // so the second side trails, gathered by dsB + xB.
    tablesB.forEach((B) => (firstAhead += aheadOf(B, tablesOfA, 1)));
    // Second ahead: the first side trails; the second's index is −lag + dsB + xB.
    tablesA.forEach((A) => (secondAhead += aheadOf(A, tablesOfB, -1)));
    // Still level: both show face f equally often.
    const index = new Map<number, number>();
    const nextKeys: number[] = [];
    const nextMasses: number[] = [];
    for (let i = 0; i < n; i++) {
      const mass = masses[i];
      const A = tablesOfA[i];
      const B = tablesOfB[i];
      const lag = lags[i];
      const both = Math.min(A.r, B.r);
      for (let c = 0; c <= both; c++) {
        const p = A.p[c] * B.p[c];
        if (p === 0) continue;
        if (mass * p < prune) {
          dropped += mass * p;
          continue;
        }
        const dsA = A.ds[c];
        const dsB = B.ds[c];
        const nk = encodeLevel(A.r - c, A.pts[c], A.blocked[c], B.pts[c], B.blocked[c], lag + dsA - dsB, zeros[i] && dsA === 0 && dsB === 0);
        const at = index.get(nk);
        if (at === undefined) {
          index.set(nk, nextKeys.length);
          nextKeys.push(nk);
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
    decodeLevel(keys[i], s);
    const va = s.bA === 1 ? NOTHING_MORE : completionVector(ta, 0, 0, s.ptsA, cap);
    const vb = s.bB === 1 ? NOTHING_MORE : completionVector(tb, 0, 0, s.ptsB, cap);
    // Totals equal when lag + xA = xB (not both zero while both are still at zero).
    let sum = 0;
    for (let x = va.lo; x <= va.hi; x++) {
      const y = s.lag + x;
      if (y < vb.lo || y > vb.hi || (s.bothZero && y === 0)) continue;
      sum += va.v[va.off + x] * vb.v[vb.off + y];
    }
    identical += mass * sum;
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
