/**
 * Exact odds for Flange checks, by enumeration (never by sampling; the pieces are in
 * enumerate.ts). The only approximation is the tail: results with `pool.dice + TAIL_SUCCESSES` or
 * more successes share the last bucket (its mass is reported as `tail` and lies wholly inside
 * "blimey", so the outcomes are exact), and the chain of extra dice is not cut at
 * CHECK_EXTRA_DICE_MAX (reaching it has a probability below 1e-70, and such a roll is "blimey"
 * either way).
 */
import { makeOdds, type Odds } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import { assertInt } from "./character";
import { CHECK_DICE_MAX, CHECK_OUTCOMES, outcomeFor, settlePool, type CheckInput, type CheckOutcome, type CheckPool } from "./check";
import { ODDS_CACHE_MAX_ENTRIES, binomial, chainDistribution, clearEnumerationMemos } from "./enumerate";

export { ODDS_CACHE_MAX_ENTRIES };

/** Forget the memoised distributions (for benchmarks that want cold timings). */
export function clearOddsCache(): void {
  clearEnumerationMemos();
}

/** Successes beyond the pool size that are still told apart; higher counts share one bucket. */
export const TAIL_SUCCESSES = 32;

/** Exact distribution of successes for a settled pool; the key `dice + TAIL_SUCCESSES` means "that many or more". */
export function successDistribution(pool: Pick<CheckPool, "dice" | "target">): Dist<number> {
  assertInt(pool.dice, "Dice", 1, CHECK_DICE_MAX);
  assertInt(pool.target, "Target number", -99, 10);
  return chainDistribution(pool.dice, pool.target, true, pool.dice + TAIL_SUCCESSES);
}

/**
 * Joint result distribution: key s ≥ 1 is s successes; key 0 a plain failure; key −j a critical
 * failure with exactly j natural 1s.
 */
function jointDistribution(pool: CheckPool): Map<number, number> {
  const succ = successDistribution(pool);
  const joint = new Map<number, number>();
  for (const [s, p] of succ) if (s > 0) joint.set(s, p);
  const t = Math.max(1, pool.target);
  if (t >= 2) {
    // No success at all means no 10s (so no bonus points): every die shows 1..t−1.
    for (let j = 0; j <= pool.dice; j++) {
      const p = binomial(pool.dice, j) * Math.pow(0.1, j) * Math.pow((t - 2) / 10, pool.dice - j);
      if (p > 0) joint.set(-j, p);
    }
  }
  return joint;
}

export interface CheckOddsOptions {
  /** Edge re-roll policy: re-roll once when the first roll has fewer successes than this (0 = never). */
  readonly rerollBelow?: number;
}

/** Everything the exact enumeration knows about a check (richer than the dialog's `Odds`). */
export interface CheckDistribution {
  readonly pool: CheckPool;
  /** Probability of every named outcome; sums to 1. */
  readonly outcomes: Readonly<Record<CheckOutcome, number>>;
  /** Probability of each number of successes; the key `successesTailFrom` means "that many or more". */
  readonly successes: Dist<number>;
  readonly successesTailFrom: number;
  /** Probability of a critical failure with exactly j natural 1s, for j ≥ 1. */
  readonly criticalOnes: Dist<number>;
  /** Probability of at least one success. */
  readonly success: number;
  readonly expectedSuccesses: number;
  /** Probability that the Edge re-roll is used under the policy. */
  readonly rerollUsed: number;
  /** Probability of `successesTailFrom` successes or more (their exact count is not told apart). */
  readonly tail: number;
}

/** Exact distribution of every outcome of a check, optionally under an Edge re-roll policy. */
export function checkDistribution(input: CheckInput, options: CheckOddsOptions = {}): CheckDistribution {
  const pool = settlePool(input);
  const rb = options.rerollBelow ?? 0;
  assertInt(rb, "Re-roll threshold", 0, 99);
  const firstRoll = jointDistribution(pool);
  let joint = firstRoll;
  let rerollUsed = 0;
  if (rb > 0) {
    for (const [k, p] of firstRoll) if (Math.max(0, k) < rb) rerollUsed += p;
    joint = new Map();
    for (const [k, p] of firstRoll) {
      const kept = Math.max(0, k) >= rb ? p : 0;
      joint.set(k, kept + rerollUsed * p);
    }
  }
  const outcomes = { criticalFailure: 0, failure: 0, marginal: 0, readySalted: 0, good: 0, excellent: 0, blimey: 0 };
  const successes = new Map<number, number>();
  const criticalOnes = new Map<number, number>();
  let expected = 0;
  for (const [k, p] of joint) {
    const s = Math.max(0, k);
    outcomes[outcomeFor({ successes: s, ones: Math.max(0, -k) })] += p;
    successes.set(s, (successes.get(s) ?? 0) + p);
    if (k < 0) criticalOnes.set(-k, p);
    expected += s * p;
  }
  const tailFrom = pool.dice + TAIL_SUCCESSES;
  return {
    pool,
    outcomes,
    successes: new Map([...successes.entries()].sort((a, b) => a[0] - b[0])),
    successesTailFrom: tailFrom,
    criticalOnes,
    success: 1 - (successes.get(0) ?? 0),
    expectedSuccesses: expected,
    rerollUsed,
    tail: successes.get(tailFrom) ?? 0,
  };
}

/**
 * The exact odds of a check in the shared `Odds` shape: the seven outcomes worst first
 * (critical failure, failure, then the results table); success is "at least one success".
 * Outcomes are exact: the success-count tail lies wholly inside "blimey".
 */
export function checkOdds(input: CheckInput): Odds {
  const d = checkDistribution(input);
  return makeOdds({ success: d.success, outcomes: CHECK_OUTCOMES.map((key) => ({ key, p: d.outcomes[key] })) });
}
