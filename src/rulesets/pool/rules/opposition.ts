/**
 * Seed 002, "Working Against": direct opposition (higher total triumphs; the lower roll is the
 * Difficulty for the degree) and indirect opposition (same Difficulty; a lone success triumphs;
 * two successes compare degrees).
 */
import { makeOdds, type CheckCore, type Odds, type Sides } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import { dict } from "../../../dice/dict";
import { assertDifficulty } from "./limits";
import { checkPool, type PoolSpec } from "./pool";
import { totalDense, type DenseDist } from "./odds";
import { CHECK_OUTCOMES, POINTS_PER_DEGREE, checkFromRoll, degreeOf, resolvePool, rollPool, type CheckResult, type PoolRoll } from "./resolve";
import { requireBool, requireInt, requireKey, requireObject } from "./validate";

/** Stable keys of an opposed contest's outcome. */
export const CONTEST_OUTCOMES = ["firstTriumphs", "secondTriumphs", "tie", "neither"] as const;
export type ContestOutcome = (typeof CONTEST_OUTCOMES)[number];

/** The same keys in the order of a contest's Odds: worst first for the first side. */
export const CONTEST_ODDS_ORDER: readonly ContestOutcome[] = ["secondTriumphs", "neither", "tie", "firstTriumphs"];

/** Winner, and the degree of success of the winner (0 when nobody triumphs). */
export interface ContestJudgement {
  readonly outcome: ContestOutcome;
  readonly degree: number;
}

/**
 * Direct opposition between two totals. A botched roll cannot triumph: if exactly one side
 * botches, the other triumphs (degree from the totals, at least 0); if both botch, "neither".
 * Equal totals without botches are a "tie" (the Storyguide decides; usually the status quo holds).
 */
export function judgeDirect(first: { total: number; botch: boolean }, second: { total: number; botch: boolean }): ContestJudgement {
  requireObject("first side", first);
  requireObject("second side", second);
  requireInt("first total", first.total);
  requireInt("second total", second.total);
  requireBool("first botch", first.botch);
  requireBool("second botch", second.botch);
  if (first.botch && second.botch) return { outcome: "neither", degree: 0 };
  const margin = first.total - second.total;
  if (second.botch || (!first.botch && margin > 0)) return { outcome: "firstTriumphs", degree: margin > 0 ? degreeOf(margin) : 0 };
  if (first.botch || margin < 0) return { outcome: "secondTriumphs", degree: margin < 0 ? degreeOf(-margin) : 0 };
  return { outcome: "tie", degree: 0 };
}

/** Two pools in direct opposition (no Difficulty). */
export type DirectContestInput = Sides<PoolSpec>;

/** The faces of both sides of a contest. */
export type ContestFaces = Sides<readonly number[]>;

export interface DirectContestResult extends ContestJudgement {
  readonly first: PoolRoll;
  readonly second: PoolRoll;
  readonly faces: ContestFaces;
}

function checkDirect(input: DirectContestInput): void {
  requireObject("contest", input);
  checkPool(input.first);
  checkPool(input.second);
}

function checkFaces(faces: ContestFaces): void {
  requireObject("faces", faces);
}

/** Roll a direct contest (no Difficulty). */
export function rollDirectContest(input: DirectContestInput, rng: RandomSource): DirectContestResult {
  checkDirect(input);
  const a = rollPool(input.first, rng);
  const b = rollPool(input.second, rng);
  return { first: a, second: b, ...judgeDirect(a, b), faces: { first: a.faces, second: b.faces } };
}

/** Resolve a direct contest from both sides' faces. */
export function resolveDirectContest(input: DirectContestInput, faces: ContestFaces): DirectContestResult {
  checkDirect(input);
  checkFaces(faces);
  const a = resolvePool(input.first, faces.first);
  const b = resolvePool(input.second, faces.second);
  return { first: a, second: b, ...judgeDirect(a, b), faces: { first: a.faces, second: b.faces } };
}

/** What indirect opposition needs of each side's check. */
export interface ContestSide {
  readonly outcome: CheckResult["outcome"];
  readonly degree: number;
}

/**
 * Indirect opposition against one Difficulty: a lone success triumphs; two successes compare
 * degrees of success (equal degrees: "tie"); no success: "neither".
 */
export function judgeIndirect(first: ContestSide, second: ContestSide): ContestJudgement {
  requireObject("first side", first);
  requireObject("second side", second);
  requireKey("first outcome", first.outcome, CHECK_OUTCOMES);
  requireKey("second outcome", second.outcome, CHECK_OUTCOMES);
  requireInt("first degree", first.degree, 0);
  requireInt("second degree", second.degree, 0);
  const s1 = first.outcome === "success";
  const s2 = second.outcome === "success";
  if (!s1 && !s2) return { outcome: "neither", degree: 0 };
  if (s1 && !s2) return { outcome: "firstTriumphs", degree: first.degree };
  if (!s1 && s2) return { outcome: "secondTriumphs", degree: second.degree };
  if (first.degree > second.degree) return { outcome: "firstTriumphs", degree: first.degree };
  if (second.degree > first.degree) return { outcome: "secondTriumphs", degree: second.degree };
  return { outcome: "tie", degree: first.degree };
}

/** Two pools in indirect opposition, against one Difficulty. */
export interface IndirectContestInput extends DirectContestInput {
  readonly difficulty: number;
}

export interface IndirectContestResult extends ContestJudgement {
  readonly first: CheckResult;
  readonly second: CheckResult;
  readonly faces: ContestFaces;
}

function checkIndirect(input: IndirectContestInput): void {
  checkDirect(input);
  assertDifficulty(input.difficulty);
}

/** Roll an indirect contest: both sides against the same Difficulty. */
export function rollIndirectContest(input: IndirectContestInput, rng: RandomSource): IndirectContestResult {
  checkIndirect(input);
  const a = checkFromRoll(rollPool(input.first, rng), { difficulty: input.difficulty });
  const b = checkFromRoll(rollPool(input.second, rng), { difficulty: input.difficulty });
  return { first: a, second: b, ...judgeIndirect(a, b), faces: { first: a.faces, second: b.faces } };
}

/** Resolve an indirect contest from both sides' faces. */
export function resolveIndirectContest(input: IndirectContestInput, faces: ContestFaces): IndirectContestResult {
  checkIndirect(input);
  checkFaces(faces);
  const a = checkFromRoll(resolvePool(input.first, faces.first), { difficulty: input.difficulty });
  const b = checkFromRoll(resolvePool(input.second, faces.second), { difficulty: input.difficulty });
  return { first: a, second: b, ...judgeIndirect(a, b), faces: { first: a.faces, second: b.faces } };
}

/** Exact odds of a contest: each outcome, and each (outcome, degree) band. */
export interface ContestDistribution {
  readonly firstTriumphs: number;
  readonly secondTriumphs: number;
  readonly tie: number;
  readonly neither: number;
  /** Keys `${outcome}:${degree}`, e.g. "firstTriumphs:2" (a null-prototype record). */
  readonly bands: Readonly<Record<string, number>>;
}

function summarise(d: Dist<string>): ContestDistribution {
  const sums: Record<ContestOutcome, number> = { firstTriumphs: 0, secondTriumphs: 0, tie: 0, neither: 0 };
  const bands = dict<number>();
  for (const [key, p] of d) {
    const outcome = CONTEST_OUTCOMES.find((o) => key.startsWith(`${o}:`));
    if (outcome === undefined) throw new Error(`Internal: bad contest key ${key}`);
    sums[outcome] += p;
    bands[key] = p;
  }
  return { ...sums, bands };
}

function contestOdds(d: ContestDistribution): Odds {
  return makeOdds({ success: d.firstTriumphs, outcomes: CONTEST_ODDS_ORDER.map((key) => ({ key, p: d[key] })) });
}

/**
 * Distribution of x − y for x drawn from a[aLo..aHi] and y from b[bLo..bHi] (indices into the dense
 * arrays): out[m − mMin] with mMin = (a.min + aLo) − (b.min + bHi). One tight multiply-add per pair.
 */
function marginDist(a: DenseDist, aLo: number, aHi: number, b: DenseDist, bLo: number, bHi: number): { min: number; p: Float64Array } {
  const min = a.min + aLo - (b.min + bHi);
  const p = new Float64Array(Math.max(0, aHi - aLo + bHi - bLo + 1));
  for (let i = aLo; i <= aHi; i++) {
    const px = a.p[i];
    if (px === 0) continue;
    const base = i - aLo + bHi; // index of margin for j = bLo is base − (bLo − bLo) … (x − y) − min
    for (let j = bLo; j <= bHi; j++) p[base - j] += px * b.p[j];
  }
  return { min, p };
}

/**
 * Exact distribution over contest band keys for a direct contest. The margins of the three
 * botch/no-botch pairings are each one tight pass over the pairs of totals (a 60-die pool has
 * at most 661 totals); both botching is one product.
 */
export function directContestDist(input: DirectContestInput): Dist<string> {
  checkDirect(input);
  const a = totalDense(input.first);
  const b = totalDense(input.second);
  // Index of the last botching total (total ≤ Add dice) on each side, clamped to the array
  // (−1 when no total botches).
  const aBotch = Math.max(-1, Math.min(a.p.length - 1, input.first.addDice - a.min));
  const bBotch = Math.max(-1, Math.min(b.p.length - 1, input.second.addDice - b.min));
  const aTop = a.p.length - 1;
  const bTop = b.p.length - 1;
  const out = new Map<string, number>();
  const put = (key: string, p: number): void => {
    if (p > 0) out.set(key, (out.get(key) ?? 0) + p);
  };
  const degree = (m: number): number => Math.floor(Math.abs(m) / POINTS_PER_DEGREE);
  // Neither botches: the higher total triumphs; equal totals tie.
  const both = marginDist(a, aBotch + 1, aTop, b, bBotch + 1, bTop);
  for (let i = 0; i < both.p.length; i++) {
    const m = both.min + i;
    put(m > 0 ? `firstTriumphs:${degree(m)}` : m < 0 ? `secondTriumphs:${degree(m)}` : "tie:0", both.p[i]);
  }
  // Only the second botches: the first triumphs, degree from the totals (at least 0).
  const secondBotch = marginDist(a, aBotch + 1, aTop, b, 0, bBotch);
  for (let i = 0; i < secondBotch.p.length; i++) {
    const m = secondBotch.min + i;
    put(`firstTriumphs:${m > 0 ? degree(m) : 0}`, secondBotch.p[i]);
  }
  // Only the first botches: the second triumphs.
  const firstBotch = marginDist(a, 0, aBotch, b, bBotch + 1, bTop);
  for (let i = 0; i < firstBotch.p.length; i++) {
    const m = firstBotch.min + i;
    put(`secondTriumphs:${m < 0 ? degree(m) : 0}`, firstBotch.p[i]);
  }
  let pa = 0;
  let pb = 0;
  for (let i = 0; i <= aBotch; i++) pa += a.p[i];
  for (let j = 0; j <= bBotch; j++) pb += b.p[j];
  put("neither:0", pa * pb);
  return out;
}

/** Exact odds of a direct contest, every band. */
export function directContestDistribution(input: DirectContestInput): ContestDistribution {
  return summarise(directContestDist(input));
}

/** Exact odds of a direct contest in the contract's shape (success: the first side triumphs). */
export function directContestOdds(input: DirectContestInput): Odds {
  return contestOdds(directContestDistribution(input));
}

/** One side of an indirect contest: the chance of a success of each degree, and of no success. */
function successByDegree(pool: PoolSpec, difficulty: number): { succ: Float64Array; none: number } {
  const t = totalDense(pool);
  const top = t.min + t.p.length - 1;
  const succ = new Float64Array(Math.max(0, Math.floor((top - difficulty) / POINTS_PER_DEGREE)) + 1);
  let none = 0;
  for (let i = 0; i < t.p.length; i++) {
    const p = t.p[i];
    if (p === 0) continue;
    const total = t.min + i;
    if (total <= pool.addDice || total < difficulty) none += p;
    else succ[Math.floor((total - difficulty) / POINTS_PER_DEGREE)] += p;
  }
  return { succ, none };
}

/**
 * Exact distribution over contest band keys for an indirect contest: a lone success triumphs
 * with its degree; two successes compare degrees (running sums, no pairing of every total).
 */
export function indirectContestDist(input: IndirectContestInput): Dist<string> {
  checkIndirect(input);
  const a = successByDegree(input.first, input.difficulty);
  const b = successByDegree(input.second, input.difficulty);
  const out = new Map<string, number>();
  const put = (key: string, p: number): void => {
    if (p > 0) out.set(key, (out.get(key) ?? 0) + p);
  };
  let belowA = 0; // first succeeds with a lower degree than d
  let belowB = 0;
  const n = Math.max(a.succ.length, b.succ.length);
  for (let d = 0; d < n; d++) {
    const pa = d < a.succ.length ? a.succ[d] : 0;
    const pb = d < b.succ.length ? b.succ[d] : 0;
    put(`firstTriumphs:${d}`, pa * (b.none + belowB));
    put(`secondTriumphs:${d}`, pb * (a.none + belowA));
    put(`tie:${d}`, pa * pb);
    belowA += pa;
    belowB += pb;
  }
  put("neither:0", a.none * b.none);
  return out;
}

/** Exact odds of an indirect contest, every band. */
export function indirectContestDistribution(input: IndirectContestInput): ContestDistribution {
  return summarise(indirectContestDist(input));
}

/** Exact odds of an indirect contest in the contract's shape (success: the first side triumphs). */
export function indirectContestOdds(input: IndirectContestInput): Odds {
  return contestOdds(indirectContestDistribution(input));
}

/** Direct opposition: the check core an opposed-roll dialog drives. */
export const directContestCore: CheckCore<DirectContestInput, ContestFaces, DirectContestResult> = {
  roll: rollDirectContest,
  resolve: resolveDirectContest,
  odds: directContestOdds,
};

/** Indirect opposition (a race): the check core an opposed-roll dialog drives. */
export const indirectContestCore: CheckCore<IndirectContestInput, ContestFaces, IndirectContestResult> = {
  roll: rollIndirectContest,
  resolve: resolveIndirectContest,
  odds: indirectContestOdds,
};
