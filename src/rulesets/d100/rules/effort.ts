/**
 * Cumulative, cooperative and conflicting effort (seed: "Cumulative Effort",
 * "Cooperative Effort", "Conflicting Effort").
 */
import { type Dist, add, mapDist, mean, point } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import { type CheckInput, type CheckKind, type CheckOdds, type CheckResult, type DegreeKey, DEGREE_KEYS, type EffortClass, classifyEffort, effortDistribution, oddsOfEffort, rollCheck } from "./checks";
import { requireInt } from "./validate";

// ---------------------------------------------------------------------------------------------
// Cumulative effort

export const CUMULATIVE_MODES = ["positiveOnly", "signed"] as const;
/** positiveOnly: only positive efforts count (the usual case); signed: bad efforts subtract. */
export type CumulativeMode = (typeof CUMULATIVE_MODES)[number];

export interface CumulativeTask {
  readonly goal: number;
  readonly mode: CumulativeMode;
  /** Running total of effort; never below 0. */
  readonly total: number;
  readonly checks: number;
  readonly complete: boolean;
}

/** A new task needing `goal` effort (10/100 for tense moments, 100+/1000+ for long projects). */
export function startCumulative(goal: number, mode: CumulativeMode = "positiveOnly"): CumulativeTask {
  requireInt("Cumulative goal", goal, 1);
  if (!CUMULATIVE_MODES.includes(mode)) throw new RangeError(`Unknown cumulative mode "${String(mode)}"`);
  return { goal, mode, total: 0, checks: 0, complete: false };
}

function step(total: number, effort: number, mode: CumulativeMode): number {
  if (mode === "positiveOnly") return total + Math.max(0, effort);
  return Math.max(0, total + effort);
}

/** Add one check's Degree of Effort; the task completes when the total meets or passes the goal. */
export function addCumulativeEffort(task: CumulativeTask, effort: number): CumulativeTask {
  requireInt("Degree of effort", effort);
  if (task.complete) throw new RangeError("The cumulative task is already complete");
  const total = step(task.total, effort, task.mode);
  return { ...task, total, checks: task.checks + 1, complete: total >= task.goal };
}

/**
 * Exact probability that the task is complete after each of the next `checks` checks
 * (index 0 = after one more check), every check being `input`.
 */
export function cumulativeOdds(task: CumulativeTask, input: CheckInput, checks: number): readonly number[] {
  requireInt("Number of checks", checks, 1, 1000);
  if (task.complete) return new Array<number>(checks).fill(1);
  const effort = effortDistribution(input);
  let open = new Map<number, number>([[task.total, 1]]);
  let done = 0;
  const out: number[] = [];
  for (let i = 0; i < checks; i++) {
    const next = new Map<number, number>();
    for (const [t, p] of open) {
      for (const [e, q] of effort) {
        const n = step(t, e, task.mode);
        if (n >= task.goal) done += p * q;
        else next.set(n, (next.get(n) ?? 0) + p * q);
      }
    }
    open = next;
    out.push(done);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cooperative effort

/** Direct help: the helpers' efforts are totalled and classified against the task. */
export function cooperativeEffort(efforts: readonly number[], against: CheckInput): EffortClass {
  if (efforts.length === 0) throw new RangeError("Cooperative effort needs at least one effort");
  let sum = 0;
  for (const e of efforts) sum += requireInt("Degree of effort", e);
  return classifyEffort(against, sum);
}

export interface CooperativeRoll {
  readonly checks: readonly CheckResult[];
  readonly result: EffortClass;
}

/** Roll every helper's check and total their efforts against `against`. */
export function rollCooperative(checks: readonly CheckInput[], against: CheckInput, rng: RandomSource): CooperativeRoll {
  const rolled = checks.map((c) => rollCheck(c, rng));
  return { checks: rolled, result: cooperativeEffort(rolled.map((r) => r.effort), against) };
}

/** Exact odds of a directly cooperative check. */
export function cooperativeOdds(checks: readonly CheckInput[], against: CheckInput): Omit<CheckOdds, "overflow"> {
  if (checks.length === 0) throw new RangeError("Cooperative effort needs at least one check");
  let d: Dist<number> = point(0);
  for (const c of checks) d = add(d, effortDistribution(c));
  return oddsOfEffort(d, against);
}

/** Indirect help: each assisting effort above 0 lowers the task's difficulty by that much. */
export function assistedDifficulty(difficulty: number, assists: readonly number[]): number {
  requireInt("Difficulty", difficulty);
  let d = difficulty;
  for (const a of assists) d -= Math.max(0, requireInt("Assisting effort", a));
  return d;
}

export interface AssistedRoll {
  readonly assists: readonly CheckResult[];
  /** The task's difficulty after the assistants' help. */
  readonly difficulty: number;
  readonly result: CheckResult;
}

/** Indirect help rolled: the assistants roll first, then the main check against the lowered difficulty. */
export function rollAssisted(main: CheckInput, assists: readonly CheckInput[], rng: RandomSource): AssistedRoll {
  const rolled = assists.map((a) => rollCheck(a, rng));
  const difficulty = assistedDifficulty(main.difficulty ?? 0, rolled.map((r) => r.effort));
  return { assists: rolled, difficulty, result: rollCheck({ ...main, difficulty }, rng) };
}

/**
 * Exact odds of an indirectly assisted check: the distribution of the help (sum of the
 * assistants' positive efforts) is combined with the main check's effort, each pair classified
 * against the lowered difficulty (so consolations and agitations still follow the main effort).
 */
export function assistedOdds(main: CheckInput, assists: readonly CheckInput[]): Omit<CheckOdds, "overflow"> {
  const base = requireInt("Difficulty", main.difficulty ?? 0);
  const against: CheckInput = { ...main, difficulty: base };
  const consolationMargin = requireInt("Consolation margin", main.consolationMargin ?? 0, 0);
  const agitationMargin = requireInt("Agitation margin", main.agitationMargin ?? 0, 0);
  let help: Dist<number> = point(0);
  for (const a of assists) help = add(help, mapDist(effortDistribution(a), (e) => Math.max(0, e)));
  const effort = effortDistribution(main);
  // The outcome follows effort + help (degree = effort − (difficulty − help)); the flags also need
  // the sign of the main effort, so the main effort is split by sign before adding the help.
  const bySign = new Map<number, Map<number, number>>();
  for (const [e, p] of effort) {
    const sign = Math.sign(e);
    const part = bySign.get(sign) ?? new Map<number, number>();
    part.set(e, p);
    bySign.set(sign, part);
  }
  const degrees = {} as Record<DegreeKey, number>;
  for (const k of DEGREE_KEYS) degrees[k] = 0;
  let success = 0;
  let miss = 0;
  let failure = 0;
  let consolation = 0;
  let agitation = 0;
  for (const [sign, part] of bySign) {
    for (const [t, p] of add(part, help)) {
      const cl = classifyEffort(against, t);
      degrees[cl.degreeKey] += p;
      if (cl.outcome === "success") success += p;
      else if (cl.outcome === "miss") miss += p;
      else failure += p;
      if ((cl.outcome !== "success" && sign > 0) || (consolationMargin > 0 && cl.outcome === "failure" && -cl.degree <= consolationMargin)) consolation += p;
      if ((cl.outcome === "success" && sign < 0) || (agitationMargin > 0 && cl.outcome === "success" && cl.degree <= agitationMargin)) agitation += p;
    }
  }
  return { success, miss, failure, degrees, consolation, agitation, meanEffort: mean(effort) };
}

// ---------------------------------------------------------------------------------------------
// Conflicting effort

export const CONFLICT_WINNERS = ["first", "second", "tie"] as const;
export type ConflictWinner = (typeof CONFLICT_WINNERS)[number];

export interface ConflictResolution {
  readonly winner: ConflictWinner;
  /** first effort − second effort. */
  readonly margin: number;
}

/** The greater effort succeeds; equal efforts are a tie (a miss for both). */
export function resolveConflict(first: number, second: number): ConflictResolution {
  requireInt("First effort", first);
  requireInt("Second effort", second);
  return { winner: first > second ? "first" : first < second ? "second" : "tie", margin: first - second };
}

export interface ConflictRoll extends ConflictResolution {
  readonly first: CheckResult;
  readonly second: CheckResult;
}

export function rollConflict(first: CheckInput, second: CheckInput, rng: RandomSource): ConflictRoll {
  const a = rollCheck(first, rng);
  const b = rollCheck(second, rng);
  return { first: a, second: b, ...resolveConflict(a.effort, b.effort) };
}

/** Exact odds of each side winning a conflict, and of a tie (sorted cumulative sums, O(n log n)). */
export function conflictOdds(first: CheckInput, second: CheckInput): Readonly<Record<ConflictWinner, number>> {
  const a = effortDistribution(first);
  const b = [...effortDistribution(second)].sort((x, y) => x[0] - y[0]);
  const values = b.map(([v]) => v);
  const below: number[] = [];
  let acc = 0;
  for (const [, p] of b) {
    below.push(acc);
    acc += p;
  }
  let win = 0;
  let tie = 0;
  let lose = 0;
  for (const [v, p] of a) {
    // index of the first value ≥ v
    let lo = 0;
    let hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    const under = lo < values.length ? below[lo] : acc;
    const equal = lo < values.length && values[lo] === v ? b[lo][1] : 0;
    win += p * under;
    tie += p * equal;
    lose += p * (acc - under - equal);
  }
  return { first: win, second: lose, tie };
}

/**
 * Degrees from a conflict, for when more than a winner is wanted: each side's effort is read as
 * a check whose difficulty is the other side's effort. The winner gets a Degree of Success equal
 * to the margin, the loser the matching Degree of Failure; a loser with positive effort earns a
 * consolation and a winner with negative effort an agitation.
 */
export function conflictDegrees(kind: CheckKind, first: number, second: number): { readonly first: EffortClass; readonly second: EffortClass } {
  requireInt("First effort", first);
  requireInt("Second effort", second);
  return {
    first: classifyEffort({ kind, score: 0, difficulty: second }, first),
    second: classifyEffort({ kind, score: 0, difficulty: first }, second),
  };
}
