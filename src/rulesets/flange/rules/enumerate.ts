/**
 * The enumeration pieces behind the Flange exact odds (internal: not exported from the rules
 * core's index; odds.ts and opposed.ts build on them). Pure, memoised in bounded tables.
 *
 * One batch of dice is split by the binomial law into its 10s (which fix the bonus points) and the
 * rest; the rest are settled by one memoised recursion over (highest face left, dice left, points
 * left) that yields a success-count vector: faces that meet the target succeed, faces below it are
 * lifted cheapest first (the order `resolveCheck` uses), and leftover points roll a batch of extra
 * dice, itself built from the same vectors.
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

/** Bonus points and dice counts stay below this (keys are packed with it). */
const SHIFT = 128;

/**
 * The vectors live in shared chunks, not one typed array each: the enumerations make thousands
 * of short vectors, and creating a short typed array costs more than filling it. A vector is
 * written only while it is made (its parts are made first: they may start a new chunk); when the
 * memos are cleared the chunks go with them.
 */
const CHUNK = 1 << 15;
const arena = { buf: /* @__PURE__ */ new Float64Array(0), used: 0 };
/** n zeros in `arena.buf` (which this may replace): returns where they start. */
function allocate(n: number): number {
  if (arena.used + n > arena.buf.length) {
    arena.buf = new Float64Array(Math.max(CHUNK, n));
    arena.used = 0;
  }
  const at = arena.used;
  arena.used += n;
  return at;
}

/**
 * A distribution over 0..cap ("cap" = that many or more): entry x is v[off + x]. Readers use
 * [lo, hi], which holds every entry at the ends above COMPLETION_FLOOR; the mass outside it is
 * `dropped`. [nzLo, nzHi] holds every non-zero entry. Memoised: never changed once made.
 */
export interface Completion {
  readonly v: Float64Array;
  readonly off: number;
  readonly lo: number;
  readonly hi: number;
  readonly dropped: number;
  readonly nzLo: number;
  readonly nzHi: number;
}

/** Entries below this at either end of a completion vector are left out of [lo, hi]. */
const COMPLETION_FLOOR = 1e-17;

/** The vector just filled at `off` as a Completion: its non-zero range and its floored range. */
function finish(v: Float64Array, off: number, cap: number): Completion {
  let nzLo = 0;
  while (nzLo < cap && v[off + nzLo] === 0) nzLo++;
  let nzHi = cap;
  while (nzHi > nzLo && v[off + nzHi] === 0) nzHi--;
  let lo = nzLo;
  let hi = nzHi;
  let dropped = 0;
  while (lo < hi && v[off + lo] < COMPLETION_FLOOR) dropped += v[off + lo++];
  while (hi > lo && v[off + hi] < COMPLETION_FLOOR) dropped += v[off + hi--];
  return { v, off, lo, hi, dropped, nzLo, nzHi };
}

const chainMemo = new Map<number, Completion>();
const completionMemo = new Map<number, Completion>();

/** Forget every memoised table. */
export function clearEnumerationMemos(): void {
  chainMemo.clear();
  completionMemo.clear();
  arena.buf = new Float64Array(0);
  arena.used = 0;
}

/**
 * Memoise a vector. When either table is full both are forgotten, and their chunks with them: a
 * chunk holds vectors of both tables, so clearing one alone could keep every chunk alive.
 */
function remember(memo: Map<number, Completion>, key: number, value: Completion): void {
  if (memo.size >= ODDS_CACHE_MAX_ENTRIES) clearEnumerationMemos();
  memo.set(key, value);
}

/** out[min(x + shift, cap)] += p · src[x] for every non-zero entry of src (out at `at`, over 0..cap). */
function addShifted(out: Float64Array, at: number, cap: number, src: Completion, shift: number, p: number): void {
  const v = src.v;
  const off = src.off;
  const split = Math.min(src.nzHi, cap - shift - 1);
  let x = src.nzLo;
  for (; x <= split; x++) out[at + x + shift] += p * v[off + x];
  let over = 0;
  for (; x <= src.nzHi; x++) over += v[off + x];
  if (over !== 0) out[at + cap] += p * over;
}

/**
 * Successes from a chain that starts with a batch of k dice (the first roll when `first`, or a
 * batch of extra dice), including every later batch, over 0..cap (entry `cap` holds "that many
 * or more").
 *
 * A batch splits by its 10s: `tens` of them score and earn points (one fewer on the first roll),
 * the other dice show 1..9 and are settled by `completion(·, 10, …)`, which rolls the extra dice
 * the leftover points buy. A batch of extra dice that is all 10s buys as many extra dice again, so
 * that term refers to the chain itself; it is solved in place, counts ascending.
 */
function chain(k: number, t: number, first: boolean, cap: number): Completion {
  const memoKey = ((k * 16 + t) * 2 + (first ? 1 : 0)) * 256 + cap;
  const hit = chainMemo.get(memoKey);
  if (hit) return hit;
  const rows: (Completion | null)[] = [];
  const row = binomRow(k, 1, 10);
  const last = first ? k : k - 1;
  // The parts first (they may allocate), then this vector.
  for (let tens = 0; tens <= last; tens++) rows.push(row[tens] === 0 ? null : completion(t, 10, k - tens, first ? Math.max(0, tens - 1) : tens, cap));
  const at = allocate(cap + 1);
  const v = arena.buf;
  if (k === 0) v[at] = 1;
  else {
    for (let tens = 0; tens <= last; tens++) {
      const part = rows[tens];
      if (part !== null) addShifted(v, at, cap, part, tens, row[tens]);
    }
    if (!first) {
      // All k extra dice are 10s (probability q): k successes and k more extra dice.
      const q = row[k];
      for (let s = k; s < cap; s++) v[at + s] += q * v[at + s - k];
      let tail = 0;
      for (let s = Math.max(0, cap - k); s < cap; s++) tail += v[at + s];
      v[at + cap] = (v[at + cap] + q * tail) / (1 - q);
    }
  }
  const out = finish(v, at, cap);
  remember(chainMemo, memoKey, out);
  return out;
}

/**
 * The distribution of successes of a check's first roll of k dice at `target` (extra dice
 * included): a map from count to probability over the counts that can happen, where `cap` means
 * "that many or more".
 */
export function chainDistribution(k: number, target: number, first: boolean, cap: number): Dist<number> {
  assertInt(k, "Dice in a batch", 0, SHIFT - 1);
  assertInt(target, "Target number", -CHECK_TARGET_MAX, 10);
  assertInt(cap, "Success cap", 1, 255);
  const c = chain(k, Math.max(1, target), first, cap);
  const out = new Map<number, number>();
  for (let s = 0; s <= cap; s++) if (c.v[c.off + s] > 0) out.set(s, c.v[c.off + s]);
  return out;
}

/**
 * Further successes of one side of an opposed roll: the faces above `face` are settled, r dice
 * are still to show faces 1..face−1, `pts` bonus points are unspent and no die has yet failed to
 * be lifted. Extra dice are included; counts of `cap` or more share the last entry.
 */
export function completionVector(target: number, face: number, r: number, pts: number, cap: number): Completion {
  assertInt(target, "Target number", -CHECK_TARGET_MAX, 10);
  assertInt(face, "Face", 0, 10);
  assertInt(r, "Dice left", 0, face <= 1 ? 0 : SHIFT - 1);
  assertInt(pts, "Bonus points", 0, SHIFT - 1);
  assertInt(cap, "Success cap", 1, 255);
  return completion(Math.max(1, target), face, r, pts, cap);
}

/**
 * The recursion behind `completionVector`, one face at a time (the order `resolveCheck` lifts
 * dice: cheapest first). With g = face − 1 the highest face left: if g meets the target, the dice
 * showing t..g all succeed (binomial) and the rest continue below t; below the target, the c dice
 * showing g are lifted at t − g points each while the points last, and the first die they cannot
 * pay for ends the side (every lower face costs more). No dice left: the points roll extra dice.
 */
function completion(t: number, face: number, r: number, pts: number, cap: number): Completion {
  if (r === 0) return chain(pts, t, false, cap);
  const key = (((t * 16 + face) * SHIFT + r) * SHIFT + pts) * 256 + cap;
  const hit = completionMemo.get(key);
  if (hit) return hit;
  const g = face - 1;
  // The outcomes of the highest face left: probability, successes added, and what follows (null:
  // nothing more). The parts are made before this vector (they may start a new chunk).
  let probs: ArrayLike<number>;
  const adds: number[] = [];
  const parts: (Completion | null)[] = [];
  if (g >= t) {
    // Every die showing t..g succeeds; the others continue below the target with the same points.
    probs = binomRow(r, g - t + 1, g);
    for (let m = 0; m <= r; m++) {
      adds.push(m);
      parts.push(probs[m] === 0 ? null : completion(t, t, r - m, pts, cap));
    }
  } else if (pts === 0) {
    // Below the target with no points: nothing more succeeds.
    probs = [1];
    adds.push(0);
    parts.push(null);
  } else {
    // c dice show g: lifted at t − g points each; the first die the points cannot pay for ends the side.
    const cost = t - g;
    const afford = Math.floor(pts / cost);
    probs = binomRow(r, 1, g);
    for (let c = 0; c <= r; c++) {
      const lifted = Math.min(c, afford);
      adds.push(lifted);
      parts.push(probs[c] === 0 || c > afford ? null : completion(t, g, r - c, pts - c * cost, cap));
    }
  }
  const at = allocate(cap + 1);
  const v = arena.buf;
  for (let i = 0; i < adds.length; i++) {
    const p = probs[i];
    if (p === 0) continue;
    const part = parts[i];
    if (part === null) v[at + Math.min(adds[i], cap)] += p;
    else addShifted(v, at, cap, part, adds[i], p);
  }
  const out = finish(v, at, cap);
  remember(completionMemo, key, out);
  return out;
}
