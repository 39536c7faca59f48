/**
 * Cumulative, cooperative and conflicting effort (seed: "Cumulative Effort",
 * "Cooperative Effort", "Conflicting Effort"). Each check kind a dialog shows follows the
 * contract: roll<Thing>(input, rng), resolve<Thing>(input, faces), <thing>Odds(input) → Odds.
 */
import { type CheckCore, type Odds, makeOdds } from "../../../dice/contract";
import {
  type CheckInput,
  type CheckKind,
  type CheckOddsDetail,
  type CheckResult,
  type EffortClass,
  type NormalisedCheck,
  type TaskInput,
  classify,
  classifyEffort,
  detailToOdds,
  effortPmf,
  normaliseCheck,
  normaliseTask,
  runCheck,
  tallyOfSum,
  withTask,
} from "./checks";
import { type D10Draw, drawVerbs } from "./faces";
import { MAX_CUMULATIVE_CHECKS, MAX_CUMULATIVE_GOAL, MAX_HELPERS } from "./limits";
import { BoundedCache, type Pmf, pmfAdd, pmfLowerBound, pmfMap, pmfMean, pmfPoint, pmfPrune } from "./pmf";
import { requireInt, requireObject } from "./validate";

/** Pruning budget per convolution step: with at most MAX_HELPERS steps the total stays ≤ 1e-10. */
const STEP_BUDGET = 1e-11;
/** Pruning budget of a cumulative effort, per check, for the effort and for the states (10 checks: ≤ 4e-10). */
const CUMULATIVE_BUDGET = 2e-11;

/** Pairs of values less likely than this together are skipped (their mass is counted in `error`). */
const CONVOLUTION_PAIR_CUT = 1e-15;

function checkList(name: string, list: readonly CheckInput[], min: number): NormalisedCheck[] {
  if (!Array.isArray(list)) throw new TypeError(`${name} must be a list of checks`);
  requireInt(`Number of ${name.toLowerCase()}`, list.length, min, MAX_HELPERS);
  return list.map((c) => normaliseCheck(c));
}

function runAll(checks: readonly NormalisedCheck[], draw: D10Draw): { results: CheckResult[]; faces: number[] } {
  const results = checks.map((c) => runCheck(c, draw));
  return { results, faces: results.flatMap((r) => [...r.faces]) };
}

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

function requireMode(mode: unknown): CumulativeMode {
  if (mode !== "positiveOnly" && mode !== "signed") throw new RangeError(`Unknown cumulative mode "${String(mode)}" (expected positiveOnly or signed)`);
  return mode;
}

/** A new task needing `goal` effort (10/100 for tense moments, 100+/1000+ for long projects). */
export function startCumulative(input: { readonly goal: number; readonly mode?: CumulativeMode }): CumulativeTask {
  requireObject("A cumulative task", input);
  const goal = requireInt("Cumulative goal", input.goal, 1, MAX_CUMULATIVE_GOAL);
  return { goal, mode: requireMode(input.mode ?? "positiveOnly"), total: 0, checks: 0, complete: false };
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
  return { goal: task.goal, mode: task.mode, total, checks: task.checks + 1, complete: total >= task.goal };
}

export interface CumulativeInput {
  readonly goal: number;
  readonly mode?: CumulativeMode;
  /** Effort gathered so far (0 ≤ total < goal). Default 0. */
  readonly total?: number;
  /** The check made each time. */
  readonly check: CheckInput;
  /** How many more checks to make or to look ahead (1-10). */
  readonly checks: number;
}

interface NormalisedCumulative {
  readonly goal: number;
  readonly mode: CumulativeMode;
  readonly total: number;
  readonly check: NormalisedCheck;
  readonly checks: number;
}

function normaliseCumulative(input: CumulativeInput): NormalisedCumulative {
  requireObject("A cumulative effort", input);
  const goal = requireInt("Cumulative goal", input.goal, 1, MAX_CUMULATIVE_GOAL);
  const total = requireInt("Cumulative total", input.total ?? 0, 0);
  if (total >= goal) throw new RangeError("The cumulative task is already complete");
  return { goal, mode: requireMode(input.mode ?? "positiveOnly"), total, check: normaliseCheck(input.check), checks: requireInt("Number of checks", input.checks, 1, MAX_CUMULATIVE_CHECKS) };
}

export interface CumulativeRoll {
  /** The checks made, stopping at the one that completed the task. */
  readonly checks: readonly CheckResult[];
  readonly total: number;
  readonly complete: boolean;
  /** 1-based number of the check that completed the task, or null. */
  readonly completedAt: number | null;
  readonly faces: readonly number[];
}

function runCumulative(c: NormalisedCumulative, draw: D10Draw): CumulativeRoll {
  let task: CumulativeTask = { goal: c.goal, mode: c.mode, total: c.total, checks: 0, complete: false };
  const checks: CheckResult[] = [];
  while (checks.length < c.checks && !task.complete) {
    const r = runCheck(c.check, draw);
    checks.push(r);
    task = addCumulativeEffort(task, r.effort);
  }
  return { checks, total: task.total, complete: task.complete, completedAt: task.complete ? checks.length : null, faces: checks.flatMap((r) => [...r.faces]) };
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

export interface CooperativeInput {
  /** The checks of the characters helping each other directly (1-10). */
  readonly helpers: readonly CheckInput[];
  /** The task their total effort is classified against. */
  readonly task: TaskInput;
}

export interface CooperativeRoll {
  readonly checks: readonly CheckResult[];
  readonly result: EffortClass;
  readonly faces: readonly number[];
}

function normaliseCooperative(input: CooperativeInput): { helpers: NormalisedCheck[]; task: ReturnType<typeof normaliseTask> } {
  requireObject("A cooperative effort", input);
  return { helpers: checkList("Helpers", input.helpers, 1), task: normaliseTask(input.task, "The cooperative task") };
}

function runCooperative(c: ReturnType<typeof normaliseCooperative>, draw: D10Draw): CooperativeRoll {
  const { results, faces } = runAll(c.helpers, draw);
  return { checks: results, result: classify(c.task, results.reduce((s, r) => s + r.effort, 0)), faces };
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

export interface AssistedInput {
  /** The check being helped; its difficulty is the task's. */
  readonly main: CheckInput;
  /** The assistants' checks (0-10). */
  readonly assists: readonly CheckInput[];
}

export interface AssistedRoll {
  readonly assists: readonly CheckResult[];
  /** The task's difficulty after the assistants' help. */
  readonly difficulty: number;
  readonly result: CheckResult;
  /** The assistants' faces, then the main check's. */
  readonly faces: readonly number[];
}

function normaliseAssisted(input: AssistedInput): { main: NormalisedCheck; assists: NormalisedCheck[] } {
  requireObject("An assisted check", input);
  return { main: normaliseCheck(input.main), assists: checkList("Assists", input.assists, 0) };
}

function runAssisted(c: ReturnType<typeof normaliseAssisted>, draw: D10Draw): AssistedRoll {
  const { results, faces } = runAll(c.assists, draw);
  const difficulty = c.main.difficulty - results.reduce((s, r) => s + Math.max(0, r.effort), 0);
  const result = runCheck(withTask({ kind: c.main.kind, difficulty, consolationMargin: c.main.consolationMargin, agitationMargin: c.main.agitationMargin }, c.main.score, c.main.overflow), draw);
  return { assists: results, difficulty, result, faces: [...faces, ...result.faces] };
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

// ---------------------------------------------------------------------------------------------
// Conflicting effort

export const CONFLICT_WINNERS = ["first", "second", "tie"] as const;
export type ConflictWinner = (typeof CONFLICT_WINNERS)[number];
/** Conflict outcomes worst first, from the first side's point of view. */
export const CONFLICT_OUTCOMES_WORST_FIRST: readonly ConflictWinner[] = ["second", "tie", "first"];

export interface ConflictResolution {
  readonly winner: ConflictWinner;
  /** first effort − second effort. */
  readonly margin: number;
}

/** The greater effort succeeds; equal efforts are a tie (a miss for both). */
export function judgeConflict(efforts: { readonly first: number; readonly second: number }): ConflictResolution {
  requireObject("A conflict", efforts);
  const first = requireInt("First effort", efforts.first);
  const second = requireInt("Second effort", efforts.second);
  return { winner: first > second ? "first" : first < second ? "second" : "tie", margin: first - second };
}

export interface ConflictInput {
  readonly first: CheckInput;
  readonly second: CheckInput;
}

export interface ConflictRoll extends ConflictResolution {
  readonly first: CheckResult;
  readonly second: CheckResult;
  /** The first side's faces, then the second's. */
  readonly faces: readonly number[];
}

function normaliseConflict(input: ConflictInput): { first: NormalisedCheck; second: NormalisedCheck } {
  requireObject("A conflict", input);
  return { first: normaliseCheck(input.first, "First check"), second: normaliseCheck(input.second, "Second check") };
}

function runConflict(c: ReturnType<typeof normaliseConflict>, draw: D10Draw): ConflictRoll {
  const a = runCheck(c.first, draw);
  const b = runCheck(c.second, draw);
  const j = judgeConflict({ first: a.effort, second: b.effort });
  return { first: a, second: b, winner: j.winner, margin: j.margin, faces: [...a.faces, ...b.faces] };
}

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
