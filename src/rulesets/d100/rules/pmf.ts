/**
 * Fast exact distributions over whole numbers for the D10/0 odds (internal): values sorted
 * ascending with their probabilities, and `error` = probability mass left out (pruned tails or
 * overflow chains cut below a negligible mass). Convolutions accumulate into a dense
 * Float64Array when the value range allows, so the worst option mixes of the roll dialogs answer
 * within one frame (docs/rules/d100.md, "Odds within one frame").
 */
import type { Dist } from "../../../dice/dist";

export interface Pmf {
  /** Values, strictly ascending. */
  readonly v: readonly number[];
  /** Probability of each value. */
  readonly p: readonly number[];
  /** Mass left out (pruned or cut); the probabilities sum to 1 − error within rounding. */
  readonly error: number;
}

/** Largest value range accumulated densely; wider ranges go through a Map. */
const DENSE_RANGE = 1 << 21;

export function pmfPoint(value: number): Pmf {
  return { v: [value], p: [1], error: 0 };
}

export function pmfFromMap(m: ReadonlyMap<number, number>, error = 0): Pmf {
  const keys = [...m.keys()].sort((a, b) => a - b);
  const v: number[] = [];
  const p: number[] = [];
  for (const k of keys) {
    const q = m.get(k) ?? 0;
    if (q > 0) {
      v.push(k);
      p.push(q);
    }
  }
  return { v, p, error };
}

export function pmfToDist(x: Pmf): Dist<number> {
  const m = new Map<number, number>();
  for (let i = 0; i < x.v.length; i++) m.set(x.v[i], x.p[i]);
  return m;
}

/**
 * Drop the least likely values whose total mass stays within `budget`; their mass joins `error`.
 * Values are grouped by powers of two of their probability (one pass, no sort): whole groups are
 * dropped from the least likely up while the dropped mass stays within the budget.
 */
export function pmfPrune(x: Pmf, budget: number): Pmf {
  if (budget <= 0 || x.v.length < PRUNE_FROM) return x;
  const mass = new Float64Array(BUCKETS);
  for (const p of x.p) mass[bucketOf(p)] += p;
  let dropped = 0;
  let cut = 0;
  while (cut < BUCKETS && dropped + mass[cut] <= budget) dropped += mass[cut++];
  if (dropped === 0) return x;
  const v: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < x.v.length; i++) {
    if (bucketOf(x.p[i]) >= cut) {
      v.push(x.v[i]);
      p.push(x.p[i]);
    }
  }
  return { v, p, error: x.error + dropped };
}

/** Distributions smaller than this are cheap enough to keep whole (exact to rounding). */
const PRUNE_FROM = 256;
const BUCKETS = 1100;
function bucketOf(p: number): number {
  return Math.max(0, Math.min(BUCKETS - 1, 1075 + Math.floor(Math.log2(p))));
}

/**
 * Pairs of values less likely than this together are skipped by convolutions; their mass is
 * counted in `error` (it stays far below the 1e-9 bound: the odds functions check it).
 */
export const PAIR_CUT = 1e-17;

/** The entries of x by decreasing probability, with the mass from each position on. */
function byProbability(x: Pmf): { v: Float64Array; p: Float64Array; tail: Float64Array } {
  const order = x.p.map((_, i) => i).sort((i, j) => x.p[j] - x.p[i]);
  const v = new Float64Array(order.length);
  const p = new Float64Array(order.length);
  const tail = new Float64Array(order.length + 1);
  order.forEach((i, k) => {
    v[k] = x.v[i];
    p[k] = x.p[i];
  });
  for (let k = order.length - 1; k >= 0; k--) tail[k] = tail[k + 1] + p[k];
  return { v, p, tail };
}

/** A run of consecutive values that share one probability (a d10 or d100 roll is one run). */
interface Run {
  readonly from: number;
  readonly to: number;
  readonly p: number;
}

function runsOf(x: Pmf): Run[] {
  const runs: Run[] = [];
  let from = 0;
  for (let i = 1; i <= x.v.length; i++) {
    if (i === x.v.length || x.v[i] !== x.v[i - 1] + 1 || x.p[i] !== x.p[from]) {
      runs.push({ from: x.v[from], to: x.v[i - 1], p: x.p[from] });
      from = i;
    }
  }
  return runs;
}

/**
 * Convolution by runs: a run of equal probabilities adds a sliding window of the other side, read
 * from its prefix sums (O(runs × range) instead of O(values × values)). Exact up to rounding.
 */
function addByRuns(a: Pmf, runs: readonly Run[], error: number): Pmf {
  const aLo = a.v[0];
  const m = a.v[a.v.length - 1] - aLo + 1;
  const prefix = new Float64Array(m + 1);
  {
    const dense = new Float64Array(m);
    for (let i = 0; i < a.v.length; i++) dense[a.v[i] - aLo] = a.p[i];
    for (let i = 0; i < m; i++) prefix[i + 1] = prefix[i] + dense[i];
  }
  const outLo = aLo + runs[0].from;
  const outHi = aLo + m - 1 + runs[runs.length - 1].to;
  const acc = new Float64Array(outHi - outLo + 1);
  for (const r of runs) {
    // y = x + e with x in [aLo, aLo + m − 1] and e in [r.from, r.to]
    const yLo = aLo + r.from;
    const yHi = aLo + m - 1 + r.to;
    for (let y = yLo; y <= yHi; y++) {
      const hi = Math.min(m - 1, y - r.from - aLo);
      const lo = Math.max(0, y - r.to - aLo);
      const w = prefix[hi + 1] - prefix[lo];
      if (w > 0) acc[y - outLo] += r.p * w;
    }
  }
  return fromDense(acc, outLo, error);
}

/** The pmf of dense masses acc[k] at lo + k (the values with mass only). */
function fromDense(acc: Float64Array, lo: number, error: number): Pmf {
  const v: number[] = [];
  const p: number[] = [];
  for (let k = 0; k < acc.length; k++) {
    if (acc[k] > 0) {
      v.push(lo + k);
      p.push(acc[k]);
    }
  }
  return { v, p, error };
}

/** The index of the first value of `x` not below `value` (x.v.length when every value is below). */
export function pmfLowerBound(x: Pmf, value: number): number {
  let lo = 0;
  let hi = x.v.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x.v[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Distribution of the sum of two independent values (convolution), skipping pairs below PAIR_CUT. */
export function pmfAdd(a: Pmf, b: Pmf, cut = PAIR_CUT): Pmf {
  const error0 = a.error + b.error;
  if (a.v.length === 0 || b.v.length === 0) return { v: [], p: [], error: error0 };
  if (a.v.length > 16 && b.v.length > 16) {
    const ra = runsOf(a);
    const rb = runsOf(b);
    const range = a.v[a.v.length - 1] - a.v[0] + b.v[b.v.length - 1] - b.v[0] + 2;
    const byRuns = Math.min(ra.length, rb.length) * range;
    if (byRuns < a.v.length * b.v.length && range < DENSE_RANGE) return ra.length <= rb.length ? addByRuns(b, ra, error0) : addByRuns(a, rb, error0);
  }
  return addByPairs(a, b, cut);
}

function addByPairs(a: Pmf, b: Pmf, cut: number): Pmf {
  let error = a.error + b.error;
  if (a.v.length < b.v.length) [a, b] = [b, a];
  const lo = a.v[0] + b.v[0];
  const hi = a.v[a.v.length - 1] + b.v[b.v.length - 1];
  const bs = byProbability(b);
  const av = a.v;
  const ap = a.p;
  const nb = bs.v.length;
  if (hi - lo < DENSE_RANGE) {
    const acc = new Float64Array(hi - lo + 1);
    for (let i = 0; i < av.length; i++) {
      const base = av[i] - lo;
      const pi = ap[i];
      const limit = cut / pi;
      let j = 0;
      for (; j < nb && bs.p[j] >= limit; j++) acc[base + bs.v[j]] += pi * bs.p[j];
      if (j < nb) error += pi * bs.tail[j];
    }
    return fromDense(acc, lo, error);
  }
  const m = new Map<number, number>();
  for (let i = 0; i < av.length; i++) {
    const pi = ap[i];
    const limit = cut / pi;
    let j = 0;
    for (; j < nb && bs.p[j] >= limit; j++) {
      const k = av[i] + bs.v[j];
      m.set(k, (m.get(k) ?? 0) + pi * bs.p[j]);
    }
    if (j < nb) error += pi * bs.tail[j];
  }
  return pmfFromMap(m, error);
}

/** Sum of n independent copies (binary powers), pruning each step within `budgetPerStep`. */
export function pmfSumOf(x: Pmf, n: number, budgetPerStep: number): Pmf {
  let acc: Pmf | null = null;
  let pow = x;
  let k = n;
  while (k > 0) {
    if (k & 1) acc = acc === null ? pow : pmfPrune(pmfAdd(acc, pow), budgetPerStep);
    k >>= 1;
    if (k > 0) pow = pmfPrune(pmfAdd(pow, pow), budgetPerStep);
  }
  return acc ?? pmfPoint(0);
}

/** Map every value through f, merging values that land together. */
export function pmfMap(x: Pmf, f: (v: number) => number): Pmf {
  const m = new Map<number, number>();
  for (let i = 0; i < x.v.length; i++) {
    const y = f(x.v[i]);
    m.set(y, (m.get(y) ?? 0) + x.p[i]);
  }
  return pmfFromMap(m, x.error);
}

export function pmfMean(x: Pmf): number {
  let s = 0;
  let t = 0;
  for (let i = 0; i < x.v.length; i++) {
    s += x.v[i] * x.p[i];
    t += x.p[i];
  }
  return t > 0 ? s / t : 0;
}

const caches: Array<{ clear(): void }> = [];

/** Empty every odds cache of the core (benchmarks measure cold odds with it). */
export function clearOddsCaches(): void {
  for (const c of caches) c.clear();
}

/** A small cache that forgets its oldest entry when full (distributions are immutable). */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {
    caches.push(this);
  }
  clear(): void {
    this.map.clear();
  }
  get(key: string, make: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = make();
    this.map.set(key, value);
    if (this.map.size > this.size) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    return value;
  }
  get entries(): number {
    return this.map.size;
  }
}
