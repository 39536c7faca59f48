/**
 * The enumeration pieces behind the Flange exact odds (internal: not exported from the rules
 * core's index; odds.ts and opposed.ts build on them). Pure, memoised in bounded tables.
 *
 * One batch of dice is split by the binomial law into 10s (which fix the bonus points), faces that
 * meet the target, and faces below it; the faces below the target are lifted cheapest first (the
 * order `resolveCheck` uses) by a small memoised recursion over (face, dice left, points left).
 * Batches of extra dice are chained.
 */
import type { Dist } from "../../../dice/dist";
import { assertInt } from "./character";
import { CHECK_TARGET_MAX } from "./check";

/** Memo tables are cleared when they grow past this many entries (bounded memory). */
export const ODDS_CACHE_MAX_ENTRIES = 20_000;

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

export function binomPmf(n: number, k: number, p: number): number {
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return binomial(n, k) * Math.pow(p, k) * Math.pow(1 - p, n - k);
}

const rowMemo = new Map<number, Float64Array>();
/**
 * The binomial probabilities of 0..n successes with p = num/den (den ≤ 10), as one memoised row:
 * the enumerations ask for the same few rows over and over.
 */
export function binomRow(n: number, num: number, den: number): Float64Array {
  const key = (n * 16 + num) * 16 + den;
  let row = rowMemo.get(key);
  if (!row) {
    row = new Float64Array(n + 1);
    for (let k = 0; k <= n; k++) row[k] = binomPmf(n, k, num / den);
    if (rowMemo.size >= ODDS_CACHE_MAX_ENTRIES) rowMemo.clear();
    rowMemo.set(key, row);
  }
  return row;
}

/** A memo table that forgets everything when it grows past ODDS_CACHE_MAX_ENTRIES. */
class BoundedMemo<V> {
  private readonly map = new Map<string | number, V>();
  get(key: string | number): V | undefined {
    return this.map.get(key);
  }
  set(key: string | number, value: V): void {
    if (this.map.size >= ODDS_CACHE_MAX_ENTRIES) this.map.clear();
    this.map.set(key, value);
  }
  clear(): void {
    this.map.clear();
  }
}

/** Joint (successes, leftover points) outcomes are encoded as successes * SHIFT + left. */
const SHIFT = 128;

const spendMemo = /* @__PURE__ */ new BoundedMemo<ReadonlyMap<number, number>>();
const batchMemo = /* @__PURE__ */ new BoundedMemo<ReadonlyMap<number, number>>();
const chainMemo = /* @__PURE__ */ new BoundedMemo<Float64Array>();
const completionMemo = /* @__PURE__ */ new BoundedMemo<Completion>();

/** Forget every memoised table. */
export function clearEnumerationMemos(): void {
  spendMemo.clear();
  batchMemo.clear();
  chainMemo.clear();
  completionMemo.clear();
}

/**
 * r dice showing faces uniform on 1..g, every one of them below the target t, and `pts` bonus
 * points: lift them from face g down (cheapest first) until the points cannot pay for the next
 * die. Returns the joint distribution of (dice lifted, points left for extra dice), encoded as
 * lifted * SHIFT + left; the points are left only when every die was lifted.
 */
function spendDist(t: number, g: number, r: number, pts: number): ReadonlyMap<number, number> {
  if (r === 0) return new Map([[pts, 1]]);
  if (pts === 0) return new Map([[0, 1]]);
  const key = ((t * 16 + g) * SHIFT + r) * SHIFT + pts;
  const hit = spendMemo.get(key);
  if (hit) return hit;
  const out = new Map<number, number>();
  const cost = t - g;
  const afford = Math.floor(pts / cost);
  const row = binomRow(r, 1, g);
  for (let c = 0; c <= r; c++) {
    const q = row[c];
    if (q === 0) continue;
    if (c > afford) {
      // The first die it cannot pay for stops the spending: `afford` lifted, nothing left over.
      out.set(afford * SHIFT, (out.get(afford * SHIFT) ?? 0) + q);
      continue;
    }
    const off = c * SHIFT;
    spendDist(t, g - 1, r - c, pts - c * cost).forEach((p, code) => {
      const k = code + off;
      out.set(k, (out.get(k) ?? 0) + p * q);
    });
  }
  spendMemo.set(key, out);
  return out;
}

/**
 * r dice uniform on 1..g (g ≤ 9) with `pts` points and target t: the joint distribution of
 * (successes, points left for extra dice), each outcome handed to `sink` as
 * (base + successes * SHIFT + left, weight · probability).
 */
function restInto(t: number, g: number, r: number, pts: number, weight: number, base: number, sink: (code: number, p: number) => void): void {
  if (r === 0) {
    sink(base + pts, weight);
    return;
  }
  const hi = Math.max(0, g - t + 1);
  const row = binomRow(r, Math.min(hi, g), g);
  for (let m = 0; m <= r; m++) {
    const pm = row[m] * weight;
    if (pm === 0) continue;
    const off = base + m * SHIFT;
    spendDist(t, Math.min(g, t - 1), r - m, pts).forEach((p, code) => sink(code + off, p * pm));
  }
}

/**
 * One batch of k dice at target t: joint distribution of (successes, leftover points that roll
 * extra dice), encoded as successes * SHIFT + leftover. `first` marks the first batch, where the
 * first natural 10 earns no point.
 */
function batchDist(k: number, t: number, first: boolean): ReadonlyMap<number, number> {
  const memoKey = (k * 16 + t) * 2 + (first ? 1 : 0);
  const hit = batchMemo.get(memoKey);
  if (hit) return hit;
  const out = new Map<number, number>();
  const row = binomRow(k, 1, 10);
  for (let tens = 0; tens <= k; tens++) {
    const pt = row[tens];
    if (pt === 0) continue;
    const pts = Math.max(0, first ? tens - 1 : tens);
    restInto(t, 9, k - tens, pts, pt, tens * SHIFT, (key, p) => out.set(key, (out.get(key) ?? 0) + p));
  }
  batchMemo.set(memoKey, out);
  return out;
}

/**
 * Successes from a chain that starts with a batch of k dice (the first roll when `first`, or a
 * batch of extra dice), including every later batch, as a dense vector over 0..cap (entry `cap`
 * holds "that many or more"). Memoised; callers must not change it.
 */
export function chainVector(k: number, target: number, first: boolean, cap: number): Float64Array {
  assertInt(k, "Dice in a batch", 0, SHIFT - 1);
  assertInt(target, "Target number", -CHECK_TARGET_MAX, 10);
  assertInt(cap, "Success cap", 1, 255);
  const t = Math.max(1, target);
  const memoKey = ((k * 16 + t) * 2 + (first ? 1 : 0)) * 256 + cap;
  const hit = chainMemo.get(memoKey);
  if (hit) return hit;
  const out = new Float64Array(cap + 1);
  if (k === 0) {
    out[0] = 1;
    chainMemo.set(memoKey, out);
    return out;
  }
  // pending[s * (k + 1) + left]: mass with s successes so far and `left` extra dice to roll.
  // A batch of extra dice only rolls on when every die succeeded, so s grows with every batch.
  const width = k + 1;
  const pending = new Float64Array(cap * width);
  const push = (s: number, left: number, p: number): void => {
    if (s >= cap) out[cap] += p;
    else if (left === 0) out[s] += p;
    else pending[s * width + left] += p;
  };
  batchDist(k, t, first).forEach((p, code) => push(Math.floor(code / SHIFT), code % SHIFT, p));
  for (let tot = 0; tot < cap; tot++) {
    for (let left = 1; left <= k; left++) {
      const p = pending[tot * width + left];
      if (p === 0) continue;
      batchDist(left, t, false).forEach((q, code) => push(tot + Math.floor(code / SHIFT), code % SHIFT, p * q));
    }
  }
  chainMemo.set(memoKey, out);
  return out;
}

/** `chainVector` as a distribution (only the counts that can happen). */
export function chainDistribution(k: number, target: number, first: boolean, cap: number): Dist<number> {
  const v = chainVector(k, target, first, cap);
  const out = new Map<number, number>();
  for (let s = 0; s <= cap; s++) if (v[s] > 0) out.set(s, v[s]);
  return out;
}

/** Entries below this are left out of a completion vector (their mass is counted in `dropped`). */
const COMPLETION_FLOOR = 1e-17;

/** A distribution over 0..cap ("cap" = that many or more), with the range [lo, hi] that holds its mass. */
export interface Completion {
  readonly v: Float64Array;
  readonly lo: number;
  readonly hi: number;
  /** Mass of the entries below COMPLETION_FLOOR that were zeroed. */
  readonly dropped: number;
}

/**
 * Further successes of one side of an opposed roll: the faces above `face` are settled, r dice
 * are still to show faces 1..face−1, `pts` bonus points are unspent and no die has yet failed to
 * be lifted. Extra dice are included; counts of `cap` or more share the last entry.
 */
export function completionVector(target: number, face: number, r: number, pts: number, cap: number): Completion {
  assertInt(target, "Target number", -CHECK_TARGET_MAX, 10);
  assertInt(face, "Face", 0, 10);
  assertInt(r, "Dice left", 0, face === 0 ? 0 : SHIFT - 1);
  assertInt(pts, "Bonus points", 0, SHIFT - 1);
  assertInt(cap, "Success cap", 1, 255);
  const t = Math.max(1, target);
  const key = (((t * 16 + face) * SHIFT + r) * SHIFT + pts) * 256 + cap;
  const hit = completionMemo.get(key);
  if (hit) return hit;
  const v = new Float64Array(cap + 1);
  const addChain = (base: number, left: number, p: number): void => {
    if (left === 0) {
      v[Math.min(base, cap)] += p;
      return;
    }
    const chain = chainVector(left, t, false, cap);
    for (let s = 0; s <= cap; s++) if (chain[s] !== 0) v[Math.min(base + s, cap)] += p * chain[s];
  };
  restInto(t, face - 1, r, pts, 1, 0, (code, p) => addChain(Math.floor(code / SHIFT), code % SHIFT, p));
  let lo = cap + 1;
  let hi = -1;
  let dropped = 0;
  for (let k = 0; k <= cap; k++) {
    if (v[k] < COMPLETION_FLOOR) {
      dropped += v[k];
      v[k] = 0;
    } else {
      if (lo > k) lo = k;
      hi = k;
    }
  }
  const out: Completion = { v, lo, hi, dropped };
  completionMemo.set(key, out);
  return out;
}

