/**
 * Exact discrete distributions (probability mass functions) by enumeration.
 *
 * A Dist<K> maps each outcome to its probability. Outcomes are numbers for totals and strings
 * (or any key) for outcome bands. Everything here is computed by exhaustive enumeration, never
 * by sampling; probabilities are IEEE doubles, so "exact" means exact up to rounding of the
 * final sums (tests compare with a 1e-12 tolerance).
 */

export type Dist<K = number> = ReadonlyMap<K, number>;

/** The distribution of a single certain outcome. */
export function point<K>(value: K): Dist<K> {
  return new Map([[value, 1]]);
}

/** Uniform over the integers lo..hi inclusive. */
export function uniform(lo: number, hi: number): Dist<number> {
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) throw new RangeError(`Bad uniform range ${lo}..${hi}`);
  const n = hi - lo + 1;
  const m = new Map<number, number>();
  for (let v = lo; v <= hi; v++) m.set(v, 1 / n);
  return m;
}

/** Build a distribution from weighted outcomes (weights need not sum to 1; they are normalised). */
export function fromWeights<K>(entries: Iterable<readonly [K, number]>): Dist<K> {
  const m = new Map<K, number>();
  let total = 0;
  for (const [k, w] of entries) {
    if (w < 0) throw new RangeError("Negative weight");
    if (w === 0) continue;
    m.set(k, (m.get(k) ?? 0) + w);
    total += w;
  }
  if (total <= 0) throw new RangeError("Empty distribution");
  for (const [k, w] of m) m.set(k, w / total);
  return m;
}

/** Map every outcome through f, merging outcomes that land on the same key. */
export function mapDist<A, B>(d: Dist<A>, f: (a: A) => B): Dist<B> {
  const m = new Map<B, number>();
  for (const [a, p] of d) {
    const b = f(a);
    m.set(b, (m.get(b) ?? 0) + p);
  }
  return m;
}

/** Combine two independent distributions outcome by outcome. */
export function combine<A, B, C>(a: Dist<A>, b: Dist<B>, f: (x: A, y: B) => C): Dist<C> {
  const m = new Map<C, number>();
  for (const [x, px] of a) {
    for (const [y, py] of b) {
      const c = f(x, y);
      m.set(c, (m.get(c) ?? 0) + px * py);
    }
  }
  return m;
}

/** Sum of two independent numeric distributions (convolution). */
export function add(a: Dist<number>, b: Dist<number>): Dist<number> {
  return combine(a, b, (x, y) => x + y);
}

/** Sum of n independent copies of d. */
export function sumOf(d: Dist<number>, n: number): Dist<number> {
  let acc: Dist<number> = point(0);
  for (let i = 0; i < n; i++) acc = add(acc, d);
  return acc;
}

/** Shift a numeric distribution by a constant. */
export function shift(d: Dist<number>, k: number): Dist<number> {
  return mapDist(d, (x) => x + k);
}

/**
 * Chain: for each outcome of d, continue with the distribution f(outcome), weighted by its
 * probability (the monadic bind). Used for re-rolls and conditional follow-ups.
 */
export function chain<A, B>(d: Dist<A>, f: (a: A) => Dist<B>): Dist<B> {
  const m = new Map<B, number>();
  for (const [a, p] of d) {
    for (const [b, q] of f(a)) m.set(b, (m.get(b) ?? 0) + p * q);
  }
  return m;
}

/** Probability that an outcome satisfies the predicate. */
export function prob<K>(d: Dist<K>, pred: (k: K) => boolean): number {
  let s = 0;
  for (const [k, p] of d) if (pred(k)) s += p;
  return s;
}

/** Probability of a single outcome. */
export function probOf<K>(d: Dist<K>, k: K): number {
  return d.get(k) ?? 0;
}

/** Expected value of a numeric distribution. */
export function mean(d: Dist<number>): number {
  let s = 0;
  for (const [k, p] of d) s += k * p;
  return s;
}

/** Total probability mass (should be 1 within rounding). */
export function mass<K>(d: Dist<K>): number {
  let s = 0;
  for (const p of d.values()) s += p;
  return s;
}

/** Outcomes as a plain record, for presenting odds (keys stringified). */
export function toRecord<K extends string | number>(d: Dist<K>): Record<string, number> {
  const r: Record<string, number> = {};
  for (const [k, p] of d) r[String(k)] = p;
  return r;
}

/**
 * Distribution of the multiset of n dice sorted descending, enumerated exactly. Only for small
 * pools (faces^n outcomes); callers that need larger pools should fold counts instead.
 */
export function enumerateRolls(faces: readonly number[], n: number, visit: (dice: readonly number[], p: number) => void): void {
  const k = faces.length;
  const p = 1 / Math.pow(k, n);
  const cur: number[] = new Array<number>(n).fill(0);
  const rec = (i: number): void => {
    if (i === n) {
      visit(cur, p);
      return;
    }
    for (const f of faces) {
      cur[i] = f;
      rec(i + 1);
    }
  };
  rec(0);
}

/**
 * Empirical frequencies from a simulation, for comparing an exact distribution against a
 * seeded run.
 */
export function simulate<K>(trials: number, draw: () => K): Dist<K> {
  const m = new Map<K, number>();
  for (let i = 0; i < trials; i++) {
    const k = draw();
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  for (const [k, c] of m) m.set(k, c / trials);
  return m;
}

/** Largest absolute difference in probability between two distributions over the union of keys. */
export function maxAbsDiff<K>(a: Dist<K>, b: Dist<K>): number {
  let worst = 0;
  const keys = new Set<K>([...a.keys(), ...b.keys()]);
  for (const k of keys) worst = Math.max(worst, Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0)));
  return worst;
}
