/**
 * Cumulative, cooperative and conflicting effort (seed: "Cumulative Effort",
 * "Cooperative Effort", "Conflicting Effort"). Each check kind a dialog shows follows the
 * contract: roll<Thing>(input, rng), resolve<Thing>(input, faces), <thing>Odds(input) → Odds.
 */
import { type CheckInput, type CheckResult, type EffortClass, type NormalisedCheck, type TaskInput, classify, normaliseCheck, normaliseTask, runCheck, withTask } from "./checks";
import type { D10Draw } from "./faces";
import { MAX_CUMULATIVE_CHECKS, MAX_CUMULATIVE_GOAL, MAX_HELPERS } from "./limits";
import { requireInt, requireObject } from "./validate";
import type { CumulativeMode } from "./constants";

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

export interface CumulativeTask {
  readonly goal: number;
  readonly mode: CumulativeMode;
  /** Running total of effort; never below 0. */
  readonly total: number;
  readonly checks: number;
  readonly complete: boolean;
}

export function requireMode(mode: unknown): CumulativeMode {
  if (mode !== "positiveOnly" && mode !== "signed") throw new RangeError(`Unknown cumulative mode "${String(mode)}" (expected positiveOnly or signed)`);
  return mode;
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

export function normaliseCumulative(input: CumulativeInput): NormalisedCumulative {
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

export function runCumulative(c: NormalisedCumulative, draw: D10Draw): CumulativeRoll {
  let task: CumulativeTask = { goal: c.goal, mode: c.mode, total: c.total, checks: 0, complete: false };
  const checks: CheckResult[] = [];
  while (checks.length < c.checks && !task.complete) {
    const r = runCheck(c.check, draw);
    checks.push(r);
    task = addCumulativeEffort(task, r.effort);
  }
  return { checks, total: task.total, complete: task.complete, completedAt: task.complete ? checks.length : null, faces: checks.flatMap((r) => [...r.faces]) };
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

export function normaliseCooperative(input: CooperativeInput): { helpers: NormalisedCheck[]; task: ReturnType<typeof normaliseTask> } {
  requireObject("A cooperative effort", input);
  return { helpers: checkList("Helpers", input.helpers, 1), task: normaliseTask(input.task, "The cooperative task") };
}

export function runCooperative(c: ReturnType<typeof normaliseCooperative>, draw: D10Draw): CooperativeRoll {
  const { results, faces } = runAll(c.helpers, draw);
  return { checks: results, result: classify(c.task, results.reduce((s, r) => s + r.effort, 0)), faces };
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

export function normaliseAssisted(input: AssistedInput): { main: NormalisedCheck; assists: NormalisedCheck[] } {
  requireObject("An assisted check", input);
  return { main: normaliseCheck(input.main), assists: checkList("Assists", input.assists, 0) };
}

export function runAssisted(c: ReturnType<typeof normaliseAssisted>, draw: D10Draw): AssistedRoll {
  const { results, faces } = runAll(c.assists, draw);
  const difficulty = c.main.difficulty - results.reduce((s, r) => s + Math.max(0, r.effort), 0);
  const result = runCheck(withTask({ kind: c.main.kind, difficulty, consolationMargin: c.main.consolationMargin, agitationMargin: c.main.agitationMargin }, c.main.score, c.main.overflow), draw);
  return { assists: results, difficulty, result, faces: [...faces, ...result.faces] };
}

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

export function normaliseConflict(input: ConflictInput): { first: NormalisedCheck; second: NormalisedCheck } {
  requireObject("A conflict", input);
  return { first: normaliseCheck(input.first, "First check"), second: normaliseCheck(input.second, "Second check") };
}

export function runConflict(c: ReturnType<typeof normaliseConflict>, draw: D10Draw): ConflictRoll {
  const a = runCheck(c.first, draw);
  const b = runCheck(c.second, draw);
  const j = judgeConflict({ first: a.effort, second: b.effort });
  return { first: a, second: b, winner: j.winner, margin: j.margin, faces: [...a.faces, ...b.faces] };
}
