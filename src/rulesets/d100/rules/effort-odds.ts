/**
 * Cumulative, cooperative, assisted efforts and conflicts at the table: their roll and resolve verbs,
 * exact odds and cores. Runtime code (dialogs, combat, the API), apart from rules/effort.ts, which the
 * dice use (docs/architecture.md "Load what the world needs").
 */
import { type CheckCore, type Odds, makeOdds } from "../../../dice/contract";
import { type CheckKind, type EffortClass, type NormalisedCheck, type TaskInput, classify, classifyEffort, normaliseTask } from "./checks";
import { type CheckOddsDetail, detailToOdds, effortPmf, tallyOfSum } from "./check-odds";
import { drawVerbs } from "./faces";
import { MAX_CUMULATIVE_GOAL } from "./limits";
import { BoundedCache, type Pmf, pmfAdd, pmfLowerBound, pmfMap, pmfMean, pmfPoint, pmfPrune } from "./pmf";
import { requireInt, requireObject } from "./validate";
import { type AssistedInput, type AssistedRoll, CONFLICT_OUTCOMES_WORST_FIRST, type ConflictInput, type ConflictRoll, type ConflictWinner, type CooperativeInput, type CooperativeRoll, type CumulativeInput, type CumulativeRoll, type CumulativeTask, normaliseAssisted, normaliseConflict, normaliseCooperative, normaliseCumulative, requireMode, runAssisted, runConflict, runCooperative, runCumulative } from "./effort";
import type { CumulativeMode } from "./constants";

/** Pruning budget per convolution step: with at most MAX_HELPERS steps the total stays ≤ 1e-10. */
const STEP_BUDGET = 1e-11;

/** Pruning budget of a cumulative effort, per check, for the effort and for the states (10 checks: ≤ 4e-10). */
const CUMULATIVE_BUDGET = 2e-11;

/** Pairs of values less likely than this together are skipped (their mass is counted in `error`). */
const CONVOLUTION_PAIR_CUT = 1e-15;

/** A new task needing `goal` effort (10/100 for tense moments, 100+/1000+ for long projects). */
export function startCumulative(input: { readonly goal: number; readonly mode?: CumulativeMode }): CumulativeTask {
  requireObject("A cumulative task", input);
  const goal = requireInt("Cumulative goal", input.goal, 1, MAX_CUMULATIVE_GOAL);
  return { goal, mode: requireMode(input.mode ?? "positiveOnly"), total: 0, checks: 0, complete: false };
}

const cumulativeVerbs = drawVerbs("Cumulative effort", normaliseCumulative, runCumulative);

/** Make up to `checks` checks towards the goal, stopping when it is reached. */
export const rollCumulative = cumulativeVerbs.roll;

export const resolveCumulative = cumulativeVerbs.resolve;

/** Outcome key of a cumulative roll: "incomplete" or "check<k>" (completed by the k-th check). */
export function cumulativeOutcomeKey(r: Pick<CumulativeRoll, "completedAt">): string {
  return r.completedAt === null ? "incomplete" : `check${r.completedAt}`;
}

/**
 * Exact probability that the task is complete after each of the next checks (index 0 = after
 * one more check), with the mass pruned from negligible states.
 */
export function cumulativeCompletion(input: CumulativeInput): { readonly byCheck: readonly number[]; readonly error: number } {
  const c = normaliseCumulative(input);
  let effort: Pmf = effortPmf(c.check);
  if (c.mode === "positiveOnly") effort = pmfMap(effort, (e) => Math.max(0, e));
  effort = pmfPrune(effort, CUMULATIVE_BUDGET);
  // Each check: the open totals plus the effort (a convolution by runs of equal probability),
  // then totals ≥ goal complete the task and, in signed mode, totals ≤ 0 floor at 0.
  let states: Pmf = pmfPoint(c.total);
  let done = 0;
  let error = 0;
  const out: number[] = [];
  for (let i = 0; i < c.checks; i++) {
    const sum = pmfAdd(states, effort);
    error += sum.error - states.error;
    const v: number[] = [];
    const p: number[] = [];
    let floor = 0;
    for (let k = 0; k < sum.v.length; k++) {
      const t = sum.v[k];
      if (t >= c.goal) done += sum.p[k];
      else if (t <= 0) floor += sum.p[k];
      else {
        v.push(t);
        p.push(sum.p[k]);
      }
    }
    if (floor > 0) {
      v.unshift(0);
      p.unshift(floor);
    }
    // Drop the least likely open totals within the step's budget (their mass is counted in `error`).
    states = pmfPrune({ v, p, error: 0 }, CUMULATIVE_BUDGET);
    error += states.error;
    states = { v: states.v, p: states.p, error: 0 };
    out.push(done);
  }
  return { byCheck: out, error };
}

/**
 * Exact odds of a cumulative effort: outcomes worst first — still incomplete after the checks,
 * then completed by the last check … by the first; success = complete within the checks.
 */
export function cumulativeOdds(input: CumulativeInput): Odds {
  const { byCheck, error } = cumulativeCompletion(input);
  const last = byCheck[byCheck.length - 1];
  const outcomes = [{ key: "incomplete", p: 1 - last - error }];
  for (let k = byCheck.length; k >= 1; k--) outcomes.push({ key: `check${k}`, p: byCheck[k - 1] - (k > 1 ? byCheck[k - 2] : 0) });
  return makeOdds({ success: last, outcomes: outcomes.map((o) => ({ key: o.key, p: Math.max(0, o.p) })), error });
}

export const cumulativeCore: CheckCore<CumulativeInput, readonly number[], CumulativeRoll> = { roll: rollCumulative, resolve: resolveCumulative, odds: cumulativeOdds };

// ---------------------------------------------------------------------------------------------
// Cooperative effort, direct

/** Direct help: the helpers' efforts are totalled and classified against the task. */
export function cooperativeEffort(input: { readonly efforts: readonly number[]; readonly task: TaskInput }): EffortClass {
  requireObject("A cooperative effort", input);
  if (!Array.isArray(input.efforts) || input.efforts.length === 0) throw new RangeError("Cooperative effort needs at least one effort");
  let sum = 0;
  for (const e of input.efforts) sum += requireInt("Degree of effort", e);
  return classifyEffort(input.task, sum);
}

const cooperativeVerbs = drawVerbs("Cooperative effort", normaliseCooperative, runCooperative);

/** Roll every helper's check and total their efforts against the task. */
export const rollCooperative = cooperativeVerbs.roll;

export const resolveCooperative = cooperativeVerbs.resolve;

const sumCache = /* @__PURE__ */ new BoundedCache<Pmf>(32);

/**
 * Distribution of the total effort of several checks (cached by the checks' kind, score and
 * overflow, so a dialog that changes only the task's difficulty or margins reuses it).
 */
function sumOfEfforts(checks: readonly NormalisedCheck[], positiveOnly = false): Pmf {
  const key = `${positiveOnly}|${checks.map((c) => `${c.kind}:${c.score}:${c.overflow}`).join(",")}`;
  return sumCache.get(key, () => {
    let d: Pmf = pmfPoint(0);
    for (const c of checks) {
      const e = pmfPrune(positiveOnly ? pmfMap(effortPmf(c), (x) => Math.max(0, x)) : effortPmf(c), STEP_BUDGET);
      d = pmfPrune(pmfAdd(d, e, CONVOLUTION_PAIR_CUT), STEP_BUDGET);
    }
    return d;
  });
}

/** Every probability of a directly cooperative check. */
export function cooperativeOddsDetail(input: CooperativeInput): CheckOddsDetail {
  const c = normaliseCooperative(input);
  // All helpers but the last are convolved; the last is classified against their sum by ranges.
  const rest = sumOfEfforts(c.helpers.slice(0, -1));
  const last = effortPmf(c.helpers[c.helpers.length - 1]);
  const tally = tallyOfSum(last, rest, c.task, "sum");
  return tally.detail({ overflow: 0, meanEffort: pmfMean(rest) + pmfMean(last), error: rest.error + last.error });
}

/** Exact odds of a directly cooperative check, in the shared Odds shape. */
export function cooperativeOdds(input: CooperativeInput): Odds {
  return detailToOdds(cooperativeOddsDetail(input), false);
}

export const cooperativeCore: CheckCore<CooperativeInput, readonly number[], CooperativeRoll> = { roll: rollCooperative, resolve: resolveCooperative, odds: cooperativeOdds };

// ---------------------------------------------------------------------------------------------
// Cooperative effort, indirect (assisted)

/** Indirect help: each assisting effort above 0 lowers the task's difficulty by that much. */
export function assistedDifficulty(input: { readonly difficulty: number; readonly assists: readonly number[] }): number {
  requireObject("Assisted difficulty", input);
  let d = requireInt("Difficulty", input.difficulty);
  if (!Array.isArray(input.assists)) throw new TypeError("Assisting efforts must be a list of numbers");
  for (const a of input.assists) d -= Math.max(0, requireInt("Assisting effort", a));
  return d;
}

const assistedVerbs = drawVerbs("Assisted check", normaliseAssisted, runAssisted);

/** Indirect help rolled: the assistants roll first, then the main check against the lowered difficulty. */
export const rollAssisted = assistedVerbs.roll;

export const resolveAssisted = assistedVerbs.resolve;

/**
 * Every probability of an indirectly assisted check: the distribution of the help (sum of the
 * assistants' positive efforts) is combined with the main check's effort, each pair classified
 * against the main difficulty (so consolations and agitations still follow the main effort).
 */
export function assistedOddsDetail(input: AssistedInput): CheckOddsDetail {
  const c = normaliseAssisted(input);
  const help = sumOfEfforts(c.assists, true);
  const effort = effortPmf(c.main);
  // Degree = effort + help − difficulty; consolations and agitations follow the main effort.
  const tally = tallyOfSum(effort, help, c.main, "first");
  return tally.detail({ overflow: 0, meanEffort: pmfMean(effort), error: help.error + effort.error });
}

/** Exact odds of an indirectly assisted check, in the shared Odds shape. */
export function assistedOdds(input: AssistedInput): Odds {
  return detailToOdds(assistedOddsDetail(input), false);
}

export const assistedCore: CheckCore<AssistedInput, readonly number[], AssistedRoll> = { roll: rollAssisted, resolve: resolveAssisted, odds: assistedOdds };

const conflictVerbs = drawVerbs("Conflict", normaliseConflict, runConflict);

export const rollConflict = conflictVerbs.roll;

export const resolveConflict = conflictVerbs.resolve;

/** Exact chance of each side winning a conflict, and of a tie (sorted cumulative sums, O(n log n)). */
export function conflictOddsDetail(input: ConflictInput): Readonly<Record<ConflictWinner, number>> & { readonly error: number } {
  const c = normaliseConflict(input);
  const a = effortPmf(c.first);
  const b = effortPmf(c.second);
  const below: number[] = [];
  let acc = 0;
  for (const p of b.p) {
    below.push(acc);
    acc += p;
  }
  let win = 0;
  let tie = 0;
  let lose = 0;
  for (let i = 0; i < a.v.length; i++) {
    const v = a.v[i];
    const p = a.p[i];
    const lo = pmfLowerBound(b, v);
    const under = lo < b.v.length ? below[lo] : acc;
    const equal = lo < b.v.length && b.v[lo] === v ? b.p[lo] : 0;
    win += p * under;
    tie += p * equal;
    lose += p * (acc - under - equal);
  }
  return { first: win, second: lose, tie, error: a.error + b.error };
}

/** Exact odds of a conflict as Odds, from the first side's view: second wins, tie, first wins. */
export function conflictOdds(input: ConflictInput): Odds {
  const d = conflictOddsDetail(input);
  return makeOdds({ success: d.first, outcomes: CONFLICT_OUTCOMES_WORST_FIRST.map((key) => ({ key, p: d[key] })), error: d.error });
}

export const conflictCore: CheckCore<ConflictInput, readonly number[], ConflictRoll> = { roll: rollConflict, resolve: resolveConflict, odds: conflictOdds };

/**
 * Degrees from a conflict, for when more than a winner is wanted: each side's effort is read as
 * a check whose difficulty is the other side's effort. The winner gets a Degree of Success equal
 * to the margin, the loser the matching Degree of Failure; a loser with positive effort earns a
 * consolation and a winner with negative effort an agitation.
 */
export function conflictDegrees(input: { readonly kind: CheckKind; readonly first: number; readonly second: number }): { readonly first: EffortClass; readonly second: EffortClass } {
  requireObject("Conflict degrees", input);
  const first = requireInt("First effort", input.first);
  const second = requireInt("Second effort", input.second);
  const task = normaliseTask({ kind: input.kind });
  return { first: classify({ ...task, difficulty: second }, first), second: classify({ ...task, difficulty: first }, second) };
}
