/**
 * Exact odds for Flange checks and opposed rolls, by enumeration (never by sampling).
 *
 * Single checks use a dynamic programme over the faces from 10 down to 1, which follows the
 * extra-10 spending rule exactly (points from 10s go to the cheapest failures first) and then
 * chains the extra-dice batches. The only approximation is the tail: results with
 * `pool.dice + TAIL_SUCCESSES` or more successes (probability below 1e-15) share the last bucket.
 */
import type { Dist } from "../../../dice/dist";
import { assertInt } from "./character";
import { CHECK_OUTCOMES, outcomeFor, resolvePool, type CheckInput, type CheckOutcome, type CheckPool } from "./check";

/** Successes beyond the pool size that are still told apart; higher counts share one bucket. */
export const TAIL_SUCCESSES = 16;

const binomCache: number[][] = [[1]];
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  for (let i = binomCache.length; i <= n; i++) {
    const row = [1];
    const prev = binomCache[i - 1];
    for (let j = 1; j < i; j++) row.push(prev[j - 1] + prev[j]);
    row.push(1);
    binomCache.push(row);
  }
  return binomCache[n][k];
}

function binomPmf(n: number, k: number, p: number): number {
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return binomial(n, k) * Math.pow(p, k) * Math.pow(1 - p, n - k);
}

const SHIFT = 64;
const batchMemo = new Map<string, ReadonlyMap<number, number>>();

/** Forget the memoised batch distributions (for benchmarks that want cold timings). */
export function clearOddsCache(): void {
  batchMemo.clear();
}

/**
 * One batch of k dice at target t: joint distribution of (successes, leftover points that roll
 * extra dice), encoded as successes * 64 + leftover. `first` marks the first batch, where the
 * first natural 10 earns no point.
 */
function batchDist(k: number, t: number, first: boolean): ReadonlyMap<number, number> {
  const memoKey = `${k}:${t}:${first ? 1 : 0}`;
  const hit = batchMemo.get(memoKey);
  if (hit) return hit;
  // state: ((remaining * 64 + points) * 64 + successes) * 2 + blocked
  let states = new Map<number, number>();
  const put = (m: Map<number, number>, r: number, pts: number, s: number, blocked: number, p: number): void => {
    const key = ((r * SHIFT + pts) * SHIFT + s) * 2 + blocked;
    m.set(key, (m.get(key) ?? 0) + p);
  };
  for (let tens = 0; tens <= k; tens++) {
    const p = binomPmf(k, tens, 0.1);
    put(states, k - tens, Math.max(0, first ? tens - 1 : tens), tens, 0, p);
  }
  for (let f = 9; f >= 1; f--) {
    const next = new Map<number, number>();
    for (const [key, p] of states) {
      const blocked = key % 2;
      let rest = (key - blocked) / 2;
      const s = rest % SHIFT;
      rest = (rest - s) / SHIFT;
      const pts = rest % SHIFT;
      const r = (rest - pts) / SHIFT;
      for (let n = 0; n <= r; n++) {
        const q = binomPmf(r, n, 1 / f);
        if (q === 0) continue;
        if (f >= t) {
          put(next, r - n, pts, s + n, blocked, p * q);
        } else if (blocked === 1 || n === 0) {
          put(next, r - n, blocked === 1 ? 0 : pts, s, blocked, p * q);
        } else {
          const cost = t - f;
          const conv = Math.min(n, Math.floor(pts / cost));
          const nowBlocked = conv < n;
          put(next, r - n, nowBlocked ? 0 : pts - conv * cost, s + conv, nowBlocked ? 1 : 0, p * q);
        }
      }
    }
    states = next;
  }
  const out = new Map<number, number>();
  for (const [key, p] of states) {
    const blocked = key % 2;
    let rest = (key - blocked) / 2;
    const s = rest % SHIFT;
    rest = (rest - s) / SHIFT;
    const pts = rest % SHIFT;
    const code = s * SHIFT + (blocked ? 0 : pts);
    out.set(code, (out.get(code) ?? 0) + p);
  }
  batchMemo.set(memoKey, out);
  return out;
}

/**
 * Successes from a chain that starts with a batch of k dice (the first roll when `first`, or a
 * batch of extra dice), including every later batch. Counts of `cap` or more share key `cap`.
 */
export function chainDistribution(k: number, target: number, first: boolean, cap: number): Dist<number> {
  const t = Math.max(1, target);
  const result = new Map<number, number>();
  if (k === 0) return new Map([[0, 1]]);
  const pending: Map<number, number>[] = [];
  for (let i = 0; i < cap; i++) pending.push(new Map());
  const push = (s: number, left: number, p: number): void => {
    if (s >= cap) result.set(cap, (result.get(cap) ?? 0) + p);
    else if (left === 0) result.set(s, (result.get(s) ?? 0) + p);
    else pending[s].set(left, (pending[s].get(left) ?? 0) + p);
  };
  for (const [code, p] of batchDist(k, t, first)) push(Math.floor(code / SHIFT), code % SHIFT, p);
  for (let tot = 0; tot < cap; tot++) {
    for (const [left, p] of pending[tot]) {
      for (const [code, q] of batchDist(left, t, false)) push(tot + Math.floor(code / SHIFT), code % SHIFT, p * q);
    }
  }
  return new Map([...result.entries()].sort((a, b) => a[0] - b[0]));
}

/** Exact distribution of successes for a settled pool; the key `dice + TAIL_SUCCESSES` means "that many or more". */
export function successDistribution(pool: Pick<CheckPool, "dice" | "target">): Dist<number> {
  assertInt(pool.dice, "Dice", 1, 60);
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

export interface CheckOdds {
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
}

/** Exact odds of every outcome of a check. */
export function checkOdds(input: CheckInput, options: CheckOddsOptions = {}): CheckOdds {
  const pool = resolvePool(input);
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
  const outcomes = Object.fromEntries(CHECK_OUTCOMES.map((o) => [o, 0])) as Record<CheckOutcome, number>;
  const successes = new Map<number, number>();
  const criticalOnes = new Map<number, number>();
  let expected = 0;
  for (const [k, p] of joint) {
    const s = Math.max(0, k);
    outcomes[outcomeFor(s, Math.max(0, -k))] += p;
    successes.set(s, (successes.get(s) ?? 0) + p);
    if (k < 0) criticalOnes.set(-k, p);
    expected += s * p;
  }
  return {
    pool,
    outcomes,
    successes: new Map([...successes.entries()].sort((a, b) => a[0] - b[0])),
    successesTailFrom: pool.dice + TAIL_SUCCESSES,
    criticalOnes,
    success: 1 - (successes.get(0) ?? 0),
    expectedSuccesses: expected,
    rerollUsed,
  };
}
