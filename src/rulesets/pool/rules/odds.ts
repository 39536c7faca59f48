/**
 * Exact odds for the Dice Pool. The total of a pool is the sum of the highest (Bonus) or lowest
 * (Penalty) `addDice` of `addDice + modifier` dice. Its distribution is computed exactly by a
 * dynamic programme over the die's faces: going from the best face to the worst, choose how many
 * dice show that face (binomial weights); the first `addDice` dice placed are the kept ones.
 * Cost: faces × dice² × totals, well under a millisecond for any realistic pool.
 */
import type { Dist } from "../../../dice/dist";
import { getDieType } from "./dice";
import { checkPool, type PoolSpec } from "./pool";
import { CHECK_OUTCOMES, judge, type CheckInput, type CheckOutcome } from "./resolve";
import { requireInt } from "./validate";

const binomialRows: number[][] = [[1]];
/** Binomial coefficient C(n, k) as a double: exact up to n = 56, correctly rounded above (pools stop at 60 dice). */
export function binomial(n: number, k: number): number {
  while (binomialRows.length <= n) {
    const prev = binomialRows[binomialRows.length - 1];
    const row = [1];
    for (let i = 1; i < prev.length; i++) row.push(prev[i - 1] + prev[i]);
    row.push(1);
    binomialRows.push(row);
  }
  return k < 0 || k > n ? 0 : binomialRows[n][k];
}

/**
 * Exact distribution of the sum of the `keep` highest (or lowest) of `dice` dice, each uniform
 * on the integers lo..hi.
 */
export function keptSumDist(lo: number, hi: number, dice: number, keep: number, keepHighest: boolean): Dist<number> {
  requireInt("lo", lo);
  requireInt("hi", hi, lo);
  requireInt("dice", dice, 0);
  requireInt("keep", keep, 0, dice);
  const k = hi - lo + 1;
  const span = keep * (k - 1);
  // dp[n * (span + 1) + s]: probability weight of having placed n dice with kept sum s (faces shifted to 0..k-1).
  let dp = new Float64Array((dice + 1) * (span + 1));
  dp[0] = 1;
  const pFace = 1 / k;
  const pw: number[] = [1];
  for (let c = 1; c <= dice; c++) pw.push(pw[c - 1] * pFace);
  for (let step = 0; step < k; step++) {
    const v = keepHighest ? k - 1 - step : step;
    const next = new Float64Array(dp.length);
    for (let n = 0; n <= dice; n++) {
      const keptBefore = Math.min(n, keep);
      for (let s = 0; s <= span; s++) {
        const w = dp[n * (span + 1) + s];
        if (w === 0) continue;
        // The last face must take every remaining die.
        const cMin = step === k - 1 ? dice - n : 0;
        for (let c = cMin; c <= dice - n; c++) {
          const n2 = n + c;
          const s2 = s + (Math.min(n2, keep) - keptBefore) * v;
          next[n2 * (span + 1) + s2] += w * binomial(dice - n, c) * pw[c];
        }
      }
    }
    dp = next;
  }
  const out = new Map<number, number>();
  for (let s = 0; s <= span; s++) {
    const p = dp[dice * (span + 1) + s];
    if (p > 0) out.set(s + keep * lo, p);
  }
  return out;
}

/** Exact distribution of a pool's total. */
export function totalDist(pool: PoolSpec): Dist<number> {
  checkPool(pool);
  const t = getDieType(pool.die);
  const dice = pool.addDice + pool.bonusDice + pool.penaltyDice;
  return keptSumDist(t.min, t.max, dice, pool.addDice, pool.penaltyDice === 0);
}

/** One band of a check's odds: an outcome at a degree. */
export interface OddsBand {
  readonly outcome: CheckOutcome;
  readonly degree: number;
  readonly probability: number;
}

/** Exact odds of a check. success + failure + botch = 1 (within rounding). */
export interface CheckOdds {
  readonly success: number;
  readonly failure: number;
  readonly botch: number;
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
function bandsFromTotals(totals: Dist<number>, addDice: number, difficulty: number): Dist<string> {
  requireInt("difficulty", difficulty);
  const out = new Map<string, number>();
  for (const [total, p] of totals) {
    const j = judge(total, addDice, difficulty);
    const key = bandKey(j.outcome, j.degree);
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

/** Exact distribution over band keys (`success:2`, `failure:0`, `botch:1`, …). */
export function bandDist(input: CheckInput): Dist<string> {
  return bandsFromTotals(totalDist(input.pool), input.pool.addDice, input.difficulty);
}

/** Exact odds of every outcome and degree of a check, as plain data for a roll dialog. */
export function checkOdds(input: CheckInput): CheckOdds {
  const totals = totalDist(input.pool);
  const bandsByKey = bandsFromTotals(totals, input.pool.addDice, input.difficulty);
  const sums: Record<CheckOutcome, number> = { success: 0, failure: 0, botch: 0 };
  const bands: OddsBand[] = [];
  for (const [key, probability] of bandsByKey) {
    const [outcome, degree] = key.split(":");
    const o = CHECK_OUTCOMES.find((x) => x === outcome);
    if (o === undefined) throw new Error(`Internal: bad band key ${key}`);
    sums[o] += probability;
    bands.push({ outcome: o, degree: Number(degree), probability });
  }
  const rank = (b: OddsBand): number => CHECK_OUTCOMES.indexOf(b.outcome);
  bands.sort((a, b) => rank(a) - rank(b) || a.degree - b.degree);
  const sortedTotals = [...totals.entries()].sort((a, b) => a[0] - b[0]).map(([total, probability]) => ({ total, probability }));
  const meanTotal = sortedTotals.reduce((m, t) => m + t.total * t.probability, 0);
  return { ...sums, bands, totals: sortedTotals, meanTotal };
}

/** Probability that a check succeeds (not a botch, total ≥ difficulty). */
export function successChance(input: CheckInput): number {
  return checkOdds(input).success;
}

/** Exact chance that a check succeeds with at least `required` degrees of success (see meetsDegree). */
export function degreeChance(input: CheckInput, required: number): number {
  requireInt("required degree of success", required, 0);
  let p = 0;
  for (const b of checkOdds(input).bands) if (b.outcome === "success" && b.degree >= required) p += b.probability;
  return p;
}
