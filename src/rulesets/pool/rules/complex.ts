/**
 * Seed 002, "Complex Actions": repeated rolls at a set frequency; each roll's degree of success
 * is added and each degree of failure subtracted until the running total reaches the required
 * Degree of Success.
 *
 * Counting: the seed says a minor success or failure makes the task easier or harder, which a
 * 0-based degree (a bare success is degree 0) would not do. The default, "levels", therefore
 * counts a success as degree + 1 and a failure or botch as −(degree + 1); "degrees" counts the
 * plain degrees (a bare success or failure changes nothing). This is a world setting.
 */
import type { Dist } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import { bandDist } from "./odds";
import type { PoolSpec } from "./pool";
import { CHECK_OUTCOMES, rollCheck, type CheckOutcome, type CheckResult } from "./resolve";
import { requireInt, requireKey } from "./validate";

export const COMPLEX_COUNTINGS = ["levels", "degrees"] as const;
export type ComplexCounting = (typeof COMPLEX_COUNTINGS)[number];

/** A complex action as the Storyguide sets it. */
export interface ComplexAction {
  readonly pool: PoolSpec;
  readonly difficulty: number;
  /** Degree of Success required (≥ 1). */
  readonly required: number;
  /** Time between rolls, in whatever unit the Storyguide chose (e.g. 1 hour). */
  readonly rollInterval: number;
  readonly counting?: ComplexCounting;
}

/** A complex action in progress (plain data to store on an actor or a chat card). */
export interface ComplexProgress {
  readonly accumulated: number;
  readonly rolls: number;
  readonly complete: boolean;
}

export const COMPLEX_START: ComplexProgress = { accumulated: 0, rolls: 0, complete: false };

/** What one roll adds to the running total. */
export function complexStep(result: { outcome: CheckOutcome; degree: number }, counting: ComplexCounting = "levels"): number {
  requireKey("counting", counting, COMPLEX_COUNTINGS);
  requireKey("outcome", result.outcome, CHECK_OUTCOMES);
  requireInt("degree", result.degree, 0);
  const size = counting === "levels" ? result.degree + 1 : result.degree;
  return result.outcome === "success" ? size : 0 - size;
}

function checkAction(action: ComplexAction): void {
  requireInt("required degree of success", action.required, 1);
  if (!(action.rollInterval > 0) || !Number.isFinite(action.rollInterval)) throw new RangeError(`rollInterval must be a positive number, not ${action.rollInterval}`);
  requireKey("counting", action.counting ?? "levels", COMPLEX_COUNTINGS);
}

function checkProgress(progress: ComplexProgress): void {
  requireInt("accumulated degree of success", progress.accumulated);
  requireInt("rolls made", progress.rolls, 0);
  if (typeof progress.complete !== "boolean") throw new RangeError(`complete must be true or false, not ${String(progress.complete)}`);
}

/** Add one roll's result to the progress. */
export function advanceComplex(action: ComplexAction, progress: ComplexProgress, result: { outcome: CheckOutcome; degree: number }): ComplexProgress {
  checkAction(action);
  checkProgress(progress);
  if (progress.complete) throw new RangeError("This complex action is already complete");
  const accumulated = progress.accumulated + complexStep(result, action.counting ?? "levels");
  return { accumulated, rolls: progress.rolls + 1, complete: accumulated >= action.required };
}

/** Roll once and advance. */
export function rollComplexStep(action: ComplexAction, progress: ComplexProgress, rng: RandomSource): { roll: CheckResult; progress: ComplexProgress } {
  const roll = rollCheck({ pool: action.pool, difficulty: action.difficulty }, rng);
  return { roll, progress: advanceComplex(action, progress, roll) };
}

/** Exact distribution of one roll's step. */
export function complexStepDist(action: ComplexAction): Dist<number> {
  checkAction(action);
  const out = new Map<number, number>();
  for (const [key, p] of bandDist({ pool: action.pool, difficulty: action.difficulty })) {
    const [o, d] = key.split(":");
    const step = complexStep({ outcome: o === "success" ? "success" : "failure", degree: Number(d) }, action.counting ?? "levels");
    out.set(step, (out.get(step) ?? 0) + p);
  }
  return out;
}

/** Exact odds of finishing: chance of being complete after each roll, up to `maxRolls`. */
export interface ComplexOdds {
  /** byRoll[i] = probability of completing on roll i + 1 exactly. */
  readonly byRoll: readonly number[];
  /** cumulative[i] = probability of being complete after i + 1 rolls. */
  readonly cumulative: readonly number[];
  /** Time elapsed at each roll: (i + 1) × rollInterval. */
  readonly times: readonly number[];
  /** Smallest number of rolls with at least an even chance of being complete, or null within maxRolls. */
  readonly medianRolls: number | null;
}

/** Exact chance of completing a complex action by each roll (a Markov chain over the running total). */
export function complexOdds(action: ComplexAction, maxRolls: number, from: ComplexProgress = COMPLEX_START): ComplexOdds {
  requireInt("maxRolls", maxRolls, 1, 500);
  checkProgress(from);
  const steps = [...complexStepDist(action)];
  let state = new Map<number, number>([[from.accumulated, 1]]);
  const byRoll: number[] = [];
  const cumulative: number[] = [];
  let done = from.complete ? 1 : 0;
  if (from.complete) state = new Map();
  for (let r = 0; r < maxRolls; r++) {
    const next = new Map<number, number>();
    let finished = 0;
    for (const [acc, p] of state) {
      for (const [step, q] of steps) {
        const a = acc + step;
        if (a >= action.required) finished += p * q;
        else next.set(a, (next.get(a) ?? 0) + p * q);
      }
    }
    state = next;
    done += finished;
    byRoll.push(finished);
    cumulative.push(done);
  }
  const times = byRoll.map((_, i) => (i + 1) * action.rollInterval);
  const median = cumulative.findIndex((c) => c >= 0.5);
  return { byRoll, cumulative, times, medianRolls: median < 0 ? null : median + 1 };
}
