/**
 * Exact odds for the Dice Pool. The total of a pool is the sum of the highest (Bonus) or lowest
 * (Penalty) `addDice` of `addDice + modifier` dice. Its distribution is computed exactly by
 * conditioning on the lowest kept value and on how many dice lie above it (keepHighestSum), in
 * about faces × dice² additions; distributions are cached (bounded), so a dialog that recomputes
 * its odds on every keystroke pays once per pool.
 */
import type { Dist } from "../../../dice/dist";
import { makeOdds, type Odds, type OddsEntry } from "../../../dice/contract";
import { getDieType } from "./dice";
import { MAX_POOL_DICE } from "./limits";
import { checkPool, poolSize, type PoolSpec } from "./pool";
import { CHECK_OUTCOMES, POINTS_PER_DEGREE, checkCheckInput, judge, type CheckInput, type CheckOutcome } from "./resolve";
import { requireBool, requireInt, requireObject } from "./validate";

const binomialRows: number[][] = [[1]];
/** Row n of Pascal's triangle (n ≤ MAX_POOL_DICE here), built once. */
function binomialRow(n: number): readonly number[] {
  while (binomialRows.length <= n) {
    const prev = binomialRows[binomialRows.length - 1];
    const row = [1];
    for (let i = 1; i < prev.length; i++) row.push(prev[i - 1] + prev[i]);
    row.push(1);
    binomialRows.push(row);
  }
  return binomialRows[n];
}

/** Binomial coefficient C(n, k) as a double: exact up to n = 56, correctly rounded above (pools stop at 60 dice). */
export function binomial(n: number, k: number): number {
  requireInt("n", n, 0, MAX_POOL_DICE);
  requireInt("k", k);
  return k < 0 || k > n ? 0 : binomialRow(n)[k];
}

/** x^0 … x^n (with 0^0 = 1). */
function powers(x: number, n: number): Float64Array {
  const out = new Float64Array(n + 1);
  out[0] = 1;
  for (let i = 1; i <= n; i++) out[i] = out[i - 1] * x;
  return out;
}

/** The most faces keptSumDist accepts for one die (the Dice Pool's largest die has 12). */
export const MAX_DIE_FACES = 20;

/** A distribution over consecutive integers: p[i] is the probability of min + i. */
export interface DenseDist {
  readonly min: number;
  readonly p: Float64Array;
}

/** A bounded least-recently-used cache. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
    if (this.map.size > this.limit) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
  clear(): void {
    this.map.clear();
  }
  get size(): number {
    return this.map.size;
  }
}

/** How many kept-sum distributions the cache holds (each at most 661 numbers). */
export const ODDS_CACHE_SIZE = 256;
const keptCache = /* @__PURE__ */ new Lru<Float64Array>(ODDS_CACHE_SIZE);

/** Empty the odds caches, the shared convolution powers included (benchmarks measure the cold worst case). */
export function clearPoolOddsCache(): void {
  keptCache.clear();
  powerTable.clear();
}

/** Entries in the odds cache (tests check that it stays bounded). */
export function poolOddsCacheSize(): number {
  return keptCache.size;
}

/**
 * Convolution powers of the uniform die on 0..r−1: uniformPowers(r)[a] is the distribution of the
 * sum of `a` such dice. Shared by every pool (a die type only shifts it), grown lazily, bounded by
 * MAX_DIE_FACES × MAX_POOL_DICE arrays (about 1 MB for the Dice Pool's dice).
 */
const powerTable = new Map<number, Float64Array[]>();
function uniformPower(r: number, a: number): Float64Array {
  let row = powerTable.get(r);
  if (row === undefined) {
    row = [Float64Array.of(1)];
    powerTable.set(r, row);
  }
  const inv = 1 / r;
  while (row.length <= a) {
    const prev = row[row.length - 1];
    const next = new Float64Array(prev.length + r - 1);
    for (let i = 0; i < prev.length; i++) {
      const w = prev[i] * inv;
      if (w === 0) continue;
      for (let f = 0; f < r; f++) next[i + f] += w;
    }
    row.push(next);
  }
  return row[a];
}

/**
 * Sum of the `keep` highest of `dice` dice uniform on 0..k−1 (index = kept sum). Conditioning on
 * t, the value of the lowest kept die, and on a < keep, the number of dice above t: those a dice
 * are uniform on t+1..k−1 (a convolution power, shared), at least keep − a dice show t (a
 * binomial tail in closed form) and the rest are below t. Every term is positive, so nothing
 * cancels; the cost is about faces × keep × dice additions.
 */
function keepHighestSum(k: number, dice: number, keep: number): Float64Array {
  const out = new Float64Array(keep * (k - 1) + 1);
  if (keep === 0 || k === 1) {
    out[0] = 1;
    return out;
  }
  const pPow = powers(1 / k, dice);
  for (let t = 0; t < k; t++) {
    const r = k - 1 - t; // faces above t
    const qPow = powers(t / k, dice); // dice below t
    const rPow = powers(r / k, dice); // dice above t
    const aMax = r === 0 ? 0 : keep - 1;
    for (let a = 0; a <= aMax; a++) {
      const rest = dice - a;
      const rowRest = binomialRow(rest);
      // At least keep − a of the other dice show t; the others show less.
      let tail = 0;
      for (let b = keep - a; b <= rest; b++) tail += rowRest[b] * pPow[b] * qPow[rest - b];
      const w = binomialRow(dice)[a] * rPow[a] * tail;
      if (w === 0) continue;
      const shift = a * (t + 1) + (keep - a) * t;
      if (a === 0) {
        out[shift] += w;
        continue;
      }
      const pw = uniformPower(r, a);
      for (let j = 0; j < pw.length; j++) out[shift + j] += w * pw[j];
    }
  }
  return out;
}

/** The kept sum for Bonus (keep highest) or Penalty (keep lowest) dice; lowest mirrors highest. */
function computeKept(k: number, dice: number, keep: number, keepHighest: boolean): Float64Array {
  const high = keepHighestSum(k, dice, keep);
  if (keepHighest || keep === dice) return high;
  // Keeping the lowest of dice showing v is keeping the highest of dice showing k − 1 − v.
  return high.reverse();
}

/** The cached kept-sum distribution (shifted to start at 0). Callers must not modify it. */
function keptArray(k: number, dice: number, keep: number, keepHighest: boolean): Float64Array {
  const key = `${k}:${dice}:${keep}:${keepHighest ? "h" : "l"}`;
  const hit = keptCache.get(key);
  if (hit !== undefined) return hit;
  const arr = computeKept(k, dice, keep, keepHighest);
  keptCache.set(key, arr);
  return arr;
}

/** What keptSumDist needs: each die uniform on lo..hi; keep the `keep` highest (or lowest) of `dice`. */
export interface KeptSumInput {
  readonly lo: number;
  readonly hi: number;
  readonly dice: number;
  readonly keep: number;
  readonly keepHighest: boolean;
}

/**
 * Exact distribution of the sum of the `keep` highest (or lowest) of `dice` dice, each uniform
 * on the integers lo..hi.
 */
export function keptSumDist(input: KeptSumInput): Dist<number> {
  requireObject("kept-sum input", input);
  const lo = requireInt("lo", input.lo, -1_000_000, 1_000_000);
  const hi = requireInt("hi", input.hi, lo, lo + MAX_DIE_FACES - 1);
  const dice = requireInt("dice", input.dice, 0, MAX_POOL_DICE);
  const keep = requireInt("keep", input.keep, 0, dice);
  requireBool("keepHighest", input.keepHighest);
  return toMap({ min: keep * lo, p: keptArray(hi - lo + 1, dice, keep, input.keepHighest) }); // toMap copies
}

function toMap(d: DenseDist): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < d.p.length; i++) if (d.p[i] > 0) out.set(d.min + i, d.p[i]);
  return out;
}

/**
 * Exact distribution of a pool's total as a dense array: p[i] is the chance of min + i. A copy of
 * the cached array, so a caller that writes to it cannot corrupt later answers.
 */
export function totalDense(pool: PoolSpec): DenseDist {
  checkPool(pool);
  const t = getDieType(pool.die);
  return { min: pool.addDice * t.min, p: keptArray(t.faces, poolSize(pool), pool.addDice, pool.penaltyDice === 0).slice() };
}

/** Exact distribution of a pool's total. */
export function totalDist(pool: PoolSpec): Dist<number> {
  return toMap(totalDense(pool));
}

/** One band of a check's odds: an outcome at a degree. */
export interface OddsBand {
  readonly outcome: CheckOutcome;
  readonly degree: number;
  readonly probability: number;
}

/** The full distribution of a check, for a chat card or a detailed view. */
export interface CheckDistribution {
  readonly success: number;
  readonly failure: number;
  readonly botch: number;
  /** Success with at least the required degree (= success when none is required). */
  readonly achieved: number;
  /** Every (outcome, degree) with positive probability: successes by rising degree, then failures, then botches. */
  readonly bands: readonly OddsBand[];
  /** The distribution of the total, ascending. */
  readonly totals: readonly { readonly total: number; readonly probability: number }[];
  readonly meanTotal: number;
}

/** Key of a band, `${outcome}:${degree}`, as used by bandDist. */
export function bandKey(outcome: CheckOutcome, degree: number): string {
  return `${outcome}:${degree}`;
}

/** Band distribution from a total distribution. */
function bandsFromTotals(totals: DenseDist, addDice: number, difficulty: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < totals.p.length; i++) {
    const p = totals.p[i];
    if (p === 0) continue;
    const j = judge({ total: totals.min + i, addDice, difficulty });
    const key = bandKey(j.outcome, j.degree);
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

/** Exact distribution over band keys (`success:2`, `failure:0`, `botch:1`, …). */
export function bandDist(input: CheckInput): Dist<string> {
  checkCheckInput(input);
  return bandsFromTotals(totalDense(input.pool), input.pool.addDice, input.difficulty);
}

/** Exact odds of every outcome and degree of a check, and its totals. */
export function checkDistribution(input: CheckInput): CheckDistribution {
  const required = checkCheckInput(input);
  const totals = totalDense(input.pool);
  const sums: Record<CheckOutcome, number> = { success: 0, failure: 0, botch: 0 };
  let achieved = 0;
  const bands: OddsBand[] = [];
  for (const [key, probability] of bandsFromTotals(totals, input.pool.addDice, input.difficulty)) {
    const [outcome, degree] = key.split(":");
    const o = CHECK_OUTCOMES.find((x) => x === outcome);
    if (o === undefined) throw new Error(`Internal: bad band key ${key}`);
    sums[o] += probability;
    if (o === "success" && Number(degree) >= required) achieved += probability;
    bands.push({ outcome: o, degree: Number(degree), probability });
  }
  const rank = (b: OddsBand): number => CHECK_OUTCOMES.indexOf(b.outcome);
  bands.sort((a, b) => rank(a) - rank(b) || a.degree - b.degree);
  const sortedTotals = [...toMap(totals)].map(([total, probability]) => ({ total, probability }));
  const meanTotal = sortedTotals.reduce((m, t) => m + t.total * t.probability, 0);
  return { ...sums, achieved, bands, totals: sortedTotals, meanTotal };
}

/** Outcome keys of a check's Odds, worst first. "shortOfDegree" appears only when a degree is required. */
export const CHECK_ODDS_KEYS = ["botch", "failure", "shortOfDegree", "success"] as const;
export type CheckOddsKey = (typeof CHECK_ODDS_KEYS)[number];

/** The Odds key of a check result: its outcome, or "shortOfDegree" for a success below the required degree. */
export function checkOddsKey(result: { readonly outcome: CheckOutcome; readonly achieved: boolean }): CheckOddsKey {
  return result.outcome === "success" && !result.achieved ? "shortOfDegree" : result.outcome;
}

/** The four probabilities of a check, straight from the totals (no band bookkeeping). */
export function checkOutcomeChances(input: CheckInput): Record<CheckOddsKey, number> {
  const required = checkCheckInput(input);
  const totals = totalDense(input.pool);
  const out: Record<CheckOddsKey, number> = { botch: 0, failure: 0, shortOfDegree: 0, success: 0 };
  const add = input.pool.addDice;
  const need = input.difficulty + required * POINTS_PER_DEGREE;
  for (let i = 0; i < totals.p.length; i++) {
    const p = totals.p[i];
    if (p === 0) continue;
    const t = totals.min + i;
    if (t <= add) out.botch += p;
    else if (t < input.difficulty) out.failure += p;
    else if (t < need) out.shortOfDegree += p;
    else out.success += p;
  }
  return out;
}

/**
 * Exact odds of a check in the contract's shape: outcomes botch, failure, (shortOfDegree when
 * a degree is required,) success — worst first; `success` is the chance the task succeeds.
 */
export function checkOdds(input: CheckInput): Odds {
  return oddsFromChances(checkOutcomeChances(input), input.requiredDegree ?? 0);
}

/** A check's Odds from its four chances ("shortOfDegree" listed only when a degree is required). */
export function oddsFromChances(c: Readonly<Record<CheckOddsKey, number>>, requiredDegree: number): Odds {
  const outcomes: OddsEntry[] = [
    { key: "botch", p: c.botch },
    { key: "failure", p: c.failure },
    ...(requiredDegree > 0 ? [{ key: "shortOfDegree", p: c.shortOfDegree }] : []),
    { key: "success", p: c.success },
  ];
  return makeOdds({ success: c.success, outcomes });
}
