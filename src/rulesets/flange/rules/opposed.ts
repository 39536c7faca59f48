/**
 * Opposed rolls (seed 004 "Opposed Dice Rolls"): most successes wins; on equal successes the
 * highest single die, then the next highest, and so on; no successes on either side: both lose.
 *
 * Decision: the tie-break compares the natural faces of the dice first rolled (bonus points from
 * 10s and extra dice do not count). Comparing sorted faces die by die is the same as comparing
 * how many 10s, then how many 9s, ... each side rolled, and a longer pool beats a shorter one
 * whose dice all match its own. Identical faces leave a true tie (GM's call).
 */
import type { RandomSource } from "../../../dice/random";
import { assertInt } from "./character";
import { resolvePool, rollCheck, type CheckInput, type CheckPool, type CheckResult } from "./check";
import { TAIL_SUCCESSES, chainDistribution } from "./odds";

export const OPPOSED_OUTCOMES = ["firstWins", "secondWins", "bothLose", "tie"] as const;
export type OpposedOutcome = (typeof OPPOSED_OUTCOMES)[number];
export const OPPOSED_DECIDED_BY = ["successes", "highDice", "noSuccesses", "identicalDice"] as const;
export type OpposedDecidedBy = (typeof OPPOSED_DECIDED_BY)[number];

export interface OpposedComparison {
  readonly outcome: OpposedOutcome;
  readonly decidedBy: OpposedDecidedBy;
}
export interface OpposedResult extends OpposedComparison {
  readonly first: CheckResult;
  readonly second: CheckResult;
}

/** Largest settled pool per side for exact opposed odds (the enumeration grows as C(n+9, 9)). */
export const OPPOSED_ODDS_MAX_DICE = 10;

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

/** Roll both sides (first, then second) and compare. */
export function rollOpposed(first: CheckInput, second: CheckInput, rng: RandomSource): OpposedResult {
  const a = rollCheck(first, rng);
  const b = rollCheck(second, rng);
  return { first: a, second: b, ...compareChecks(a, b) };
}

interface Entry {
  /** Counts of faces 10, 9, ..., 1 of the first roll, one character each: strings compare like the tie-break. */
  readonly key: string;
  /** Index of the (successes of the first roll, extra dice earned) class. */
  readonly cls: number;
  readonly p: number;
}
interface Side {
  readonly entries: Entry[];
  /** Per class: successes of the first roll, extra dice earned, total probability. */
  readonly classes: { readonly s: number; readonly left: number; mass: number }[];
}

function forEachMultiset(n: number, visit: (counts: readonly number[], p: number) => void): void {
  const counts = new Array<number>(11).fill(0);
  const fact: number[] = [1];
  for (let i = 1; i <= n; i++) fact.push(fact[i - 1] * i);
  const base = fact[n] / Math.pow(10, n);
  const rec = (face: number, left: number, denom: number): void => {
    if (face === 1) {
      counts[1] = left;
      visit(counts, base / (denom * fact[left]));
      return;
    }
    for (let c = 0; c <= left; c++) {
      counts[face] = c;
      rec(face - 1, left - c, denom * fact[c]);
    }
    counts[face] = 0;
  };
  rec(10, n, 1);
}

/** Successes and extra dice of a first roll given its face counts (same rule as resolveFaces). */
function resolveCounts(counts: readonly number[], t: number): { s: number; left: number } {
  let pts = Math.max(0, counts[10] - 1);
  let s = 0;
  for (let f = 10; f >= Math.max(1, t); f--) s += counts[f];
  let blocked = false;
  for (let f = Math.min(9, t - 1); f >= 1 && !blocked; f--) {
    const cost = t - f;
    const conv = Math.min(counts[f], Math.floor(pts / cost));
    pts -= conv * cost;
    s += conv;
    if (conv < counts[f]) blocked = true;
  }
  return { s, left: blocked ? 0 : pts };
}

function enumerateSide(pool: CheckPool): Side {
  const t = Math.max(1, pool.target);
  const classIndex = new Map<number, number>();
  const classes: { s: number; left: number; mass: number }[] = [];
  const entries: Entry[] = [];
  forEachMultiset(pool.dice, (counts, p) => {
    let key = "";
    for (let f = 10; f >= 1; f--) key += String.fromCharCode(48 + counts[f]);
    const { s, left } = resolveCounts(counts, t);
    const ck = s * 64 + left;
    let cls = classIndex.get(ck);
    if (cls === undefined) {
      cls = classes.length;
      classIndex.set(ck, cls);
      classes.push({ s, left, mass: 0 });
    }
    classes[cls].mass += p;
    entries.push({ key, cls, p });
  });
  entries.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return { entries, classes };
}

export interface OpposedOdds {
  readonly first: CheckPool;
  readonly second: CheckPool;
  /** Probability of every opposed outcome; sums to 1. */
  readonly outcomes: Readonly<Record<OpposedOutcome, number>>;
}

/**
 * Exact odds of an opposed roll. The first rolls of both sides are enumerated as multisets
 * (each settled pool may have at most OPPOSED_ODDS_MAX_DICE dice); extra dice are folded in
 * through their exact success distribution.
 */
export function opposedOdds(first: CheckInput, second: CheckInput): OpposedOdds {
  const pa = resolvePool(first);
  const pb = resolvePool(second);
  assertInt(pa.dice, "First pool dice for exact opposed odds", 1, OPPOSED_ODDS_MAX_DICE);
  assertInt(pb.dice, "Second pool dice for exact opposed odds", 1, OPPOSED_ODDS_MAX_DICE);
  const A = enumerateSide(pa);
  const B = enumerateSide(pb);
  const nb = B.classes.length;
  // gt[ca * nb + cb]: mass of (a, b) pairs, a in class ca and b in class cb, with a's first roll higher.
  const gt = new Float64Array(A.classes.length * nb);
  const eq = new Float64Array(A.classes.length * nb);
  const below = new Float64Array(nb);
  let j = 0;
  for (let i = 0; i < A.entries.length; ) {
    const key = A.entries[i].key;
    while (j < B.entries.length && B.entries[j].key < key) {
      below[B.entries[j].cls] += B.entries[j].p;
      j++;
    }
    const equal: Entry[] = [];
    for (let k = j; k < B.entries.length && B.entries[k].key === key; k++) equal.push(B.entries[k]);
    for (; i < A.entries.length && A.entries[i].key === key; i++) {
      const a = A.entries[i];
      const row = a.cls * nb;
      for (let cb = 0; cb < nb; cb++) gt[row + cb] += a.p * below[cb];
      for (const b of equal) eq[row + b.cls] += a.p * b.p;
    }
  }
  const capA = pa.dice + TAIL_SUCCESSES;
  const capB = pb.dice + TAIL_SUCCESSES;
  const extraA = new Map<number, ReturnType<typeof chainDistribution>>();
  const extraB = new Map<number, ReturnType<typeof chainDistribution>>();
  const extra = (memo: typeof extraA, left: number, t: number, cap: number): ReturnType<typeof chainDistribution> => {
    let d = memo.get(left);
    if (!d) {
      d = chainDistribution(left, t, false, cap);
      memo.set(left, d);
    }
    return d;
  };
  let firstWins = 0;
  let secondWins = 0;
  let bothLose = 0;
  let tie = 0;
  A.classes.forEach((ca, ia) => {
    const xa = extra(extraA, ca.left, pa.target, capA);
    B.classes.forEach((cb, ib) => {
      const xb = extra(extraB, cb.left, pb.target, capB);
      const m = ca.mass * cb.mass;
      const g = gt[ia * nb + ib];
      const e = eq[ia * nb + ib];
      const l = m - g - e;
      for (const [da, p] of xa) for (const [db, q] of xb) {
        const sa = ca.s + da;
        const sb = cb.s + db;
        const w = p * q;
        if (sa === 0 && sb === 0) bothLose += w * m;
        else if (sa > sb) firstWins += w * m;
        else if (sb > sa) secondWins += w * m;
        else {
          firstWins += w * g;
          secondWins += w * l;
          tie += w * e;
        }
      }
    });
  });
  return { first: pa, second: pb, outcomes: { firstWins, secondWins, bothLose, tie } };
}
