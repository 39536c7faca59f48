/**
 * Seed 002, "Complex Actions": repeated rolls at a set frequency; each roll's degree of success
 * is added and each degree of failure subtracted until the running total reaches the required
 * Degree of Success.
 *
 * Counting: the seed says a minor success or failure makes the task easier or harder, which a
 * 0-based degree (a bare success is degree 0) would not do. The default, "levels", therefore
 * counts a success as degree + 1 and a failure or botch as −(degree + 1); "degrees" counts the
 * plain degrees (a bare success or failure changes nothing). This is a world setting.
 *
 * The repetition is the Dice Pool's open end: a roll of a complex action makes at most the
 * rolls asked for (never more than MAX_COMPLEX_ROLLS), so a stuck random source that never
 * completes the action stops there; its odds cover the same rolls.
 */
import { ODDS_ERROR_BOUND, makeOdds, type CheckCore, type Odds } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import { MAX_COMPLETION_ROLLS, MAX_COMPLEX_ROLLS, MAX_COMPLEX_TOTAL, MAX_REQUIRED_DEGREE, assertDifficulty } from "./limits";
import { bandDist } from "./odds";
import { checkPool, type PoolSpec } from "./pool";
import { CHECK_OUTCOMES, checkFromRoll, resolvePool, rollPool, type CheckOutcome, type CheckResult } from "./resolve";
import { requireArray, requireBool, requireInt, requireKey, requireNumber, requireObject } from "./validate";

export const COMPLEX_COUNTINGS = ["levels", "degrees"] as const;
export type ComplexCounting = (typeof COMPLEX_COUNTINGS)[number];

/** A complex action as the Storyguide sets it. */
export interface ComplexAction {
  readonly pool: PoolSpec;
  readonly difficulty: number;
  /** Degree of Success required (1..MAX_REQUIRED_DEGREE). */
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
  requireObject("result", result);
  requireKey("outcome", result.outcome, CHECK_OUTCOMES);
  requireInt("degree", result.degree, 0);
  const size = counting === "levels" ? result.degree + 1 : result.degree;
  return result.outcome === "success" ? size : 0 - size;
}

function checkAction(action: ComplexAction): void {
  requireObject("complex action", action);
  checkPool(action.pool);
  assertDifficulty(action.difficulty);
  requireInt("required degree of success", action.required, 1, MAX_REQUIRED_DEGREE);
  requireNumber("rollInterval", action.rollInterval, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER);
  requireKey("counting", action.counting ?? "levels", COMPLEX_COUNTINGS);
}

function checkProgress(progress: ComplexProgress, action: ComplexAction): void {
  requireObject("progress", progress);
  requireInt("accumulated degree of success", progress.accumulated, -MAX_COMPLEX_TOTAL, MAX_COMPLEX_TOTAL);
  requireInt("rolls made", progress.rolls, 0, MAX_COMPLEX_TOTAL);
  requireBool("complete", progress.complete);
  if (progress.complete !== progress.accumulated >= action.required) {
    throw new RangeError(`progress says complete is ${progress.complete} with ${progress.accumulated} of ${action.required} degrees`);
  }
}

/** Add one roll's result to the progress. */
export function advanceComplex(action: ComplexAction, progress: ComplexProgress, result: { outcome: CheckOutcome; degree: number }): ComplexProgress {
  checkAction(action);
  checkProgress(progress, action);
  if (progress.complete) throw new RangeError("This complex action is already complete");
  const accumulated = progress.accumulated + complexStep(result, action.counting ?? "levels");
  return { accumulated, rolls: progress.rolls + 1, complete: accumulated >= action.required };
}

/** Some rolls of a complex action: from `progress` (default the start), at most `rolls` rolls (default 1). */
export interface ComplexInput {
  readonly action: ComplexAction;
  readonly progress?: ComplexProgress;
  /** The most rolls to make now (1..MAX_COMPLEX_ROLLS); rolling stops early when the action completes. */
  readonly rolls?: number;
}

/** The rolls made and where they left the action. */
export interface ComplexResult {
  readonly steps: readonly { readonly roll: CheckResult; readonly progress: ComplexProgress }[];
  readonly progress: ComplexProgress;
  readonly outcome: "complete" | "incomplete";
  /** Each roll's faces, in order. */
  readonly faces: readonly (readonly number[])[];
}

function checkComplexInput(input: ComplexInput, maxRolls = MAX_COMPLEX_ROLLS): { progress: ComplexProgress; rolls: number } {
  requireObject("complex input", input);
  checkAction(input.action);
  const progress = input.progress ?? COMPLEX_START;
  checkProgress(progress, input.action);
  if (progress.complete) throw new RangeError("This complex action is already complete");
  return { progress, rolls: requireInt("rolls", input.rolls ?? 1, 1, maxRolls) };
}

function runComplex(input: ComplexInput, nextRoll: (index: number) => CheckResult | null): ComplexResult {
  const { progress: start, rolls } = checkComplexInput(input);
  const steps: { roll: CheckResult; progress: ComplexProgress }[] = [];
  let progress = start;
  for (let i = 0; i < rolls && !progress.complete; i++) {
    const roll = nextRoll(i);
    if (roll === null) break;
    progress = advanceComplex(input.action, progress, roll);
    steps.push({ roll, progress });
  }
  return { steps, progress, outcome: progress.complete ? "complete" : "incomplete", faces: steps.map((s) => s.roll.faces) };
}

/** Roll a complex action until it completes or `rolls` rolls are made (its cap on the open end). */
export function rollComplex(input: ComplexInput, rng: RandomSource): ComplexResult {
  return runComplex(input, () => checkFromRoll(rollPool(input.action.pool, rng), { difficulty: input.action.difficulty }));
}

/**
 * Resolve rolls of a complex action from each roll's faces: exactly the rolls `rollComplex`
 * would have made (until complete, or `rolls` of them).
 */
export function resolveComplex(input: ComplexInput, faces: readonly (readonly number[])[]): ComplexResult {
  const { rolls } = checkComplexInput(input);
  requireArray("faces", faces, rolls, 1);
  const result = runComplex(input, (i) => (i < faces.length ? checkFromRoll(resolvePool(input.action.pool, faces[i]), { difficulty: input.action.difficulty }) : null));
  if (result.steps.length !== faces.length) {
    throw new RangeError(`Faces for ${faces.length} rolls were given, but the action ${result.progress.complete ? "completed" : "stopped"} after ${result.steps.length}`);
  }
  if (!result.progress.complete && result.steps.length < rolls) throw new RangeError(`Faces for ${faces.length} rolls were given, but an incomplete action rolls ${rolls} times`);
  return result;
}

/** Roll once and advance. */
export function rollComplexStep(input: { readonly action: ComplexAction; readonly progress: ComplexProgress }, rng: RandomSource): { roll: CheckResult; progress: ComplexProgress } {
  const r = rollComplex({ action: input.action, progress: input.progress, rolls: 1 }, rng);
  return { roll: r.steps[0].roll, progress: r.progress };
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

/** Exact odds of finishing: chance of being complete after each roll, up to `rolls` rolls. */
export interface ComplexCompletion {
  /** byRoll[i] = probability of completing on roll i + 1 exactly. */
  readonly byRoll: readonly number[];
  /** cumulative[i] = probability of being complete after i + 1 rolls. */
  readonly cumulative: readonly number[];
  /** Time elapsed at each roll: (i + 1) × rollInterval. */
  readonly times: readonly number[];
  /** Smallest number of rolls with at least an even chance of being complete, or null within the rolls. */
  readonly medianRolls: number | null;
  /** Upper bound on the probability left out by pruning negligible states (≤ ODDS_ERROR_BOUND / 2). */
  readonly error: number;
}

/** The pruning budget: half the contract's bound, split between steps and states. */
const PRUNE_BUDGET = ODDS_ERROR_BOUND / 2;

/**
 * Exact chance of completing a complex action by each roll (up to MAX_COMPLETION_ROLLS; a chart
 * for the action, not a per-keystroke dialog figure): a Markov chain over the running total.
 * Each roll adds every step to the whole window of live totals at once (one multiply-add per
 * total and step); totals that reach the requirement are complete; totals that can no longer reach
 * it within the rolls left are dropped (exactly: they cannot complete); and the two ends of the
 * window and the rarest steps are trimmed while their mass stays within a budget, reported in
 * `error` (never above ODDS_ERROR_BOUND / 2).
 */
export function complexCompletion(input: ComplexInput): ComplexCompletion {
  const { progress: from, rolls } = checkComplexInput(input, MAX_COMPLETION_ROLLS);
  const action = input.action;
  const required = action.required;
  // The step distribution, smallest probabilities pruned first while the budget allows.
  const steps = [...complexStepDist(action)].sort((x, y) => x[1] - y[1]);
  let stepPruned = 0;
  const stepBudget = PRUNE_BUDGET / 2 / rolls;
  let first = 0;
  while (first < steps.length - 1 && stepPruned + steps[first][1] <= stepBudget) stepPruned += steps[first++][1];
  const kept = steps.slice(first).sort((x, y) => x[0] - y[0]);
  const sMin = kept[0][0];
  const sMax = kept[kept.length - 1][0];
  const byRoll: number[] = [];
  const cumulative: number[] = [];
  let trimmed = 0;
  const trimBudget = PRUNE_BUDGET / 2 / rolls; // per roll
  // Index = total − base + pad. Live totals lie in [base, required − 1]; below base a total is
  // impossible or doomed; `pad` leaves room for the lowest step, the top for the highest.
  const base = Math.max(from.accumulated + rolls * Math.min(0, sMin), required - rolls * Math.max(sMax, 0));
  const pad = Math.max(0, -sMin);
  const reqIdx = required - base + pad;
  const size = reqIdx + Math.max(sMax, 0) + 1;
  let cur = new Float64Array(size);
  let next = new Float64Array(size);
  let lo = 0;
  let hi = -1;
  if (from.accumulated >= base) {
    lo = hi = from.accumulated - base + pad;
    cur[lo] = 1;
  }
  let done = 0;
  for (let r = 0; r < rolls; r++) {
    let finished = 0;
    if (lo <= hi) {
      const fillLo = Math.max(0, lo + sMin);
      const fillHi = Math.min(size - 1, hi + sMax);
      next.fill(0, fillLo, fillHi + 1);
      for (const [step, q] of kept) {
        for (let i = lo; i <= hi; i++) next[i + step] += cur[i] * q;
      }
      cur.fill(0, lo, hi + 1);
      // Complete: at or above the requirement.
      for (let i = Math.max(reqIdx, fillLo); i <= fillHi; i++) {
        finished += next[i];
        next[i] = 0;
      }
      // Doomed: even the best step on every roll left cannot reach the requirement.
      const doomIdx = Math.min(reqIdx, required - (rolls - r - 1) * Math.max(sMax, 0) - base + pad);
      let nlo = fillLo;
      let nhi = Math.min(fillHi, reqIdx - 1);
      while (nlo <= nhi && nlo < doomIdx) next[nlo++] = 0;
      // Trim both ends while the trimmed mass stays within this roll's budget.
      let budget = trimBudget;
      while (nlo <= nhi && next[nlo] <= budget) {
        budget -= next[nlo];
        trimmed += next[nlo];
        next[nlo++] = 0;
      }
      while (nhi >= nlo && next[nhi] <= budget) {
        budget -= next[nhi];
        trimmed += next[nhi];
        next[nhi--] = 0;
      }
      lo = nlo;
      hi = nhi;
      [cur, next] = [next, cur];
    }
    done += finished;
    byRoll.push(finished);
    cumulative.push(done);
  }
  const times = byRoll.map((_, i) => (i + 1) * action.rollInterval);
  const median = cumulative.findIndex((c) => c >= 0.5);
  return { byRoll, cumulative, times, medianRolls: median < 0 ? null : median + 1, error: trimmed + rolls * stepPruned };
}

/** Exact odds that the rolls asked for complete the action (success: complete). */
export function complexOdds(input: ComplexInput): Odds {
  checkComplexInput(input); // the dialog's cap, the same as the roll's
  const c = complexCompletion(input);
  const complete = c.cumulative[c.cumulative.length - 1];
  return makeOdds({ success: complete, outcomes: [{ key: "incomplete", p: 1 - complete }, { key: "complete", p: complete }], error: c.error });
}

/** A complex action: the check core its dialog drives (one roll, or several up to completion). */
export const complexCore: CheckCore<ComplexInput, readonly (readonly number[])[], ComplexResult> = { roll: rollComplex, resolve: resolveComplex, odds: complexOdds };
