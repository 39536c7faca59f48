/**
 * Seed 002, "Working Against": direct opposition (higher total triumphs; the lower roll is the
 * Difficulty for the degree) and indirect opposition (same Difficulty; a lone success triumphs;
 * two successes compare degrees).
 */
import type { Dist } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import type { PoolSpec } from "./pool";
import { bandDist, totalDist } from "./odds";
import { CHECK_OUTCOMES, degreeOf, isBotch, rollCheck, rollPool, type CheckResult, type PoolRoll } from "./resolve";
import { requireInt, requireKey } from "./validate";

/** Stable keys of an opposed contest's outcome. */
export const CONTEST_OUTCOMES = ["firstTriumphs", "secondTriumphs", "tie", "neither"] as const;
export type ContestOutcome = (typeof CONTEST_OUTCOMES)[number];

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
  requireInt("first total", first.total);
  requireInt("second total", second.total);
  if (typeof first.botch !== "boolean" || typeof second.botch !== "boolean") throw new RangeError("botch must be true or false for both sides");
  if (first.botch && second.botch) return { outcome: "neither", degree: 0 };
  const margin = first.total - second.total;
  if (second.botch || (!first.botch && margin > 0)) return { outcome: "firstTriumphs", degree: margin > 0 ? degreeOf(margin) : 0 };
  if (first.botch || margin < 0) return { outcome: "secondTriumphs", degree: margin < 0 ? degreeOf(-margin) : 0 };
  return { outcome: "tie", degree: 0 };
}

export interface DirectContestResult extends ContestJudgement {
  readonly first: PoolRoll;
  readonly second: PoolRoll;
}

/** Roll a direct contest (no Difficulty). */
export function rollDirectContest(first: PoolSpec, second: PoolSpec, rng: RandomSource): DirectContestResult {
  const a = rollPool(first, rng);
  const b = rollPool(second, rng);
  return { first: a, second: b, ...judgeDirect(a, b) };
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

export interface IndirectContestResult extends ContestJudgement {
  readonly first: CheckResult;
  readonly second: CheckResult;
}

/** Roll an indirect contest: both sides against the same Difficulty. */
export function rollIndirectContest(first: PoolSpec, second: PoolSpec, difficulty: number, rng: RandomSource): IndirectContestResult {
  const a = rollCheck({ pool: first, difficulty }, rng);
  const b = rollCheck({ pool: second, difficulty }, rng);
  return { first: a, second: b, ...judgeIndirect(a, b) };
}

/** Exact odds of a contest: each outcome, and each (outcome, degree) band. */
export interface ContestOdds {
  readonly firstTriumphs: number;
  readonly secondTriumphs: number;
  readonly tie: number;
  readonly neither: number;
  /** Keys `${outcome}:${degree}`, e.g. "firstTriumphs:2". */
  readonly bands: Readonly<Record<string, number>>;
}

function summarise(d: Dist<string>): ContestOdds {
  const sums: Record<ContestOutcome, number> = { firstTriumphs: 0, secondTriumphs: 0, tie: 0, neither: 0 };
  const bands: Record<string, number> = {};
  for (const [key, p] of d) {
    const outcome = CONTEST_OUTCOMES.find((o) => key.startsWith(`${o}:`));
    if (outcome === undefined) throw new Error(`Internal: bad contest key ${key}`);
    sums[outcome] += p;
    bands[key] = p;
  }
  return { ...sums, bands };
}

function joint<A, B>(a: Dist<A>, b: Dist<B>, f: (x: A, y: B) => ContestJudgement): Dist<string> {
  const m = new Map<string, number>();
  for (const [x, px] of a) {
    for (const [y, py] of b) {
      const j = f(x, y);
      const key = `${j.outcome}:${j.degree}`;
      m.set(key, (m.get(key) ?? 0) + px * py);
    }
  }
  return m;
}

/** Exact distribution over contest band keys for a direct contest. */
export function directContestDist(first: PoolSpec, second: PoolSpec): Dist<string> {
  return joint(totalDist(first), totalDist(second), (x, y) =>
    judgeDirect({ total: x, botch: isBotch(x, first.addDice) }, { total: y, botch: isBotch(y, second.addDice) }),
  );
}

/** Exact odds of a direct contest. */
export function directContestOdds(first: PoolSpec, second: PoolSpec): ContestOdds {
  return summarise(directContestDist(first, second));
}

function parseBand(key: string): ContestSide {
  const [o, d] = key.split(":");
  if (o !== "success" && o !== "failure" && o !== "botch") throw new Error(`Internal: bad band key ${key}`);
  return { outcome: o, degree: Number(d) };
}

/** Exact distribution over contest band keys for an indirect contest. */
export function indirectContestDist(first: PoolSpec, second: PoolSpec, difficulty: number): Dist<string> {
  return joint(bandDist({ pool: first, difficulty }), bandDist({ pool: second, difficulty }), (x, y) => judgeIndirect(parseBand(x), parseBand(y)));
}

/** Exact odds of an indirect contest. */
export function indirectContestOdds(first: PoolSpec, second: PoolSpec, difficulty: number): ContestOdds {
  return summarise(indirectContestDist(first, second, difficulty));
}
