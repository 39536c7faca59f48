/**
 * Task resolution (seed: "Task Resolution", target-number table, "Contested Tasks"): roll the
 * d10+, add the task modifier, compare with the target number. An Auto always succeeds and a Flub
 * always fails, each with a degree. Contested tasks compare the two rolls.
 *
 * Contract (docs/architecture.md): `rollX(input, rng)` draws and resolves, `resolveX(input, faces)`
 * classifies faces already rolled, `xOdds(input)` gives the exact `Odds`.
 */
import { makeOdds, type Odds, type Sides } from "../../../dice/contract";
import type { RandomSource } from "../../../dice/random";
import { D10PLUS_FACES, D10PLUS_MAX_NUMBER, D10PLUS_SPECIAL_CHANCE, drawD10PlusFaces, resolveD10Plus, type D10PlusRoll } from "./d10plus";
import {
  DIFFICULTY_KEYS,
  INESTIMABLE_TARGETS,
  type CheckOutcome,
  type ContestOutcome,
  type DifficultyKey,
  type InestimableTarget,
} from "./keys";
import { MAX_MAGNITUDE } from "./limits";
import { TARGET_NUMBERS } from "./tables";
import { requireIntegerIn, requireOneOf, requireRecord } from "./validate";


/** A target number, or one of the two "doesn't matter" cases. */
export type TaskTarget = number | InestimableTarget;

/** A task against a target number. `modifier` is the full task modifier (see taskModifier). */
export interface CheckInput {
  readonly modifier: number;
  readonly target: TaskTarget;
}

export interface CheckResult {
  /** Every d12 face rolled: one, or two after a Flub/Auto (what resolveCheck takes back). */
  readonly faces: readonly number[];
  readonly roll: D10PlusRoll;
  readonly modifier: number;
  readonly target: TaskTarget;
  /** d10+ number + modifier; null on an Auto or Flub (they ignore the total). */
  readonly total: number | null;
  /** total − target for a numeric roll against a numeric target; otherwise null. */
  readonly margin: number | null;
  /** Degree 1–12 of an Auto or Flub, otherwise null. */
  readonly degree: number | null;
  readonly outcome: CheckOutcome;
  readonly success: boolean;
}

export function checkTarget(target: TaskTarget, what = "Target number"): TaskTarget {
  if (typeof target === "string") return requireOneOf(target, INESTIMABLE_TARGETS, "Target");
  return requireIntegerIn(target, -MAX_MAGNITUDE, MAX_MAGNITUDE, what);
}

export function checkModifier(modifier: number, what = "Task modifier"): number {
  return requireIntegerIn(modifier, -MAX_MAGNITUDE, MAX_MAGNITUDE, what);
}

/** The target for a difficulty band (the seed's table, or a GM's replacement). */
export function targetNumber(difficulty: DifficultyKey, table: Readonly<Record<Exclude<DifficultyKey, InestimableTarget>, number>> = TARGET_NUMBERS): TaskTarget {
  const key = requireOneOf(difficulty, DIFFICULTY_KEYS, "Difficulty");
  if (key === "inestimablyEasy" || key === "inestimablyHard") return key;
  return requireIntegerIn(table[key], -MAX_MAGNITUDE, MAX_MAGNITUDE, `Target number of ${key}`);
}

function outcomeOf(roll: D10PlusRoll, modifier: number, target: TaskTarget): CheckOutcome {
  if (roll.kind === "auto") return "auto";
  if (roll.kind === "flub") return "flub";
  if (target === "inestimablyEasy") return "success";
  if (target === "inestimablyHard") return "failure";
  return (roll.number ?? 0) + modifier >= target ? "success" : "failure";
}

function checkInput(input: CheckInput): { modifier: number; target: TaskTarget } {
  requireRecord(input, "A check");
  return { modifier: checkModifier(input.modifier), target: checkTarget(input.target) };
}

/** Classify a check from the faces of its d10+ (both faces after a Flub or Auto). Draws nothing. */
export function resolveCheck(input: CheckInput, faces: readonly number[]): CheckResult {
  const { modifier, target } = checkInput(input);
  return checkWith(modifier, target, resolveD10Plus(faces));
}

function checkWith(modifier: number, target: TaskTarget, roll: D10PlusRoll): CheckResult {
  const total = roll.number === null ? null : roll.number + modifier;
  const outcome = outcomeOf(roll, modifier, target);
  return {
    faces: roll.faces,
    roll,
    modifier,
    target,
    total,
    margin: total !== null && typeof target === "number" ? total - target : null,
    degree: roll.degree,
    outcome,
    success: outcome === "auto" || outcome === "success",
  };
}

/** Roll a check: draw the d10+, then resolve its faces. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  const { modifier, target } = checkInput(input);
  return checkWith(modifier, target, resolveD10Plus(drawD10PlusFaces(rng)));
}

export type CheckOutcomeOdds = Readonly<Record<CheckOutcome, number>>;

/** How many of the plain numbers 1–10 make the target with this modifier. */
function plainSuccesses(modifier: number, target: TaskTarget): number {
  if (target === "inestimablyEasy") return D10PLUS_MAX_NUMBER;
  if (target === "inestimablyHard") return 0;
  return Math.min(D10PLUS_MAX_NUMBER, Math.max(0, D10PLUS_MAX_NUMBER + 1 - (target - modifier)));
}

/**
 * Exact probability of each check outcome (auto, success, failure, flub), in closed form: an Auto
 * and a Flub 1/12 each, and 1/12 for every plain number that makes the target.
 */
export function checkOutcomeOdds(input: CheckInput): CheckOutcomeOdds {
  const { modifier, target } = checkInput(input);
  const wins = plainSuccesses(modifier, target);
  return { auto: D10PLUS_SPECIAL_CHANCE, success: wins / D10PLUS_FACES, failure: (D10PLUS_MAX_NUMBER - wins) / D10PLUS_FACES, flub: D10PLUS_SPECIAL_CHANCE };
}

/** Probability that a check succeeds (Auto or plain success). */
export function checkSuccessChance(input: CheckInput): number {
  const { modifier, target } = checkInput(input);
  return successChanceOf(modifier, target);
}

/** checkSuccessChance for a modifier and target already checked (hot loops of the odds). */
export function successChanceOf(modifier: number, target: TaskTarget): number {
  return (plainSuccesses(modifier, target) + 1) / D10PLUS_FACES;
}

/** Display order of check outcomes, worst first. */
export const CHECK_OUTCOME_ORDER: readonly CheckOutcome[] = ["flub", "failure", "success", "auto"];

/** Exact odds of a check in the contract's shape: outcomes flub, failure, success, auto. */
export function checkOdds(input: CheckInput): Odds {
  const o = checkOutcomeOdds(input);
  return makeOdds({ success: o.auto + o.success, outcomes: CHECK_OUTCOME_ORDER.map((key) => ({ key, p: o[key] })) });
}

// ---------------------------------------------------------------------------------------------
// Contested tasks

/** Rank base of an Auto (and, negated, of a Flub): far beyond any plain total. */
export const AUTO_RANK_BASE = 1_000_000;
/** Largest rank any roll can have (an Auto of degree 12). */
export const MAX_RANK = AUTO_RANK_BASE + D10PLUS_FACES;

/**
 * One side's roll in a contested task (also used for initiative). `rank` orders rolls: any Auto
 * beats any plain roll (higher degree better), any plain roll beats any Flub (a Flub of lower
 * degree is the lesser failure), plain rolls compare totals.
 */
export interface ContestRoll {
  readonly faces: readonly number[];
  readonly roll: D10PlusRoll;
  readonly modifier: number;
  /** d10+ number + modifier, null on an Auto or Flub. */
  readonly total: number | null;
  /** Sortable number: higher is better. Equal ranks tie. */
  readonly rank: number;
}

/** The sortable rank of a d10+ roll with a modifier (see ContestRoll). */
export function contestRank(roll: D10PlusRoll, modifier: number): number {
  checkModifier(modifier);
  if (roll.kind === "auto") return AUTO_RANK_BASE + (roll.degree ?? 0);
  if (roll.kind === "flub") return -AUTO_RANK_BASE - (roll.degree ?? 0);
  return (roll.number ?? 0) + modifier;
}

/** One side of a contest: its task modifier. */
export interface ContestSideInput {
  readonly modifier: number;
}

function sideOf(roll: D10PlusRoll, modifier: number): ContestRoll {
  return { faces: roll.faces, roll, modifier, total: roll.number === null ? null : roll.number + modifier, rank: contestRank(roll, modifier) };
}

/** One side's contest roll from the faces of its d10+. */
export function resolveContestSide(input: ContestSideInput, faces: readonly number[]): ContestRoll {
  requireRecord(input, "A contest side");
  return sideOf(resolveD10Plus(faces), checkModifier(input.modifier));
}

/** Roll one side of a contest. */
export function rollContestSide(input: ContestSideInput, rng: RandomSource): ContestRoll {
  requireRecord(input, "A contest side");
  const modifier = checkModifier(input.modifier);
  return sideOf(resolveD10Plus(drawD10PlusFaces(rng)), modifier);
}

/** Compare two sides: who wins, or a tie (the GM's call). */
export function compareContest(first: ContestRoll, second: ContestRoll): ContestOutcome {
  return compareRanks(first.rank, second.rank);
}

function compareRanks(a: number, b: number): ContestOutcome {
  return a > b ? "firstWins" : a < b ? "secondWins" : "tie";
}

/** Each party's task modifier. */
export type ContestInput = Sides<number>;

/** The faces of both parties' d10+ rolls. */
export type ContestFaces = Sides<readonly number[]>;

export interface ContestResult {
  readonly faces: ContestFaces;
  readonly first: ContestRoll;
  readonly second: ContestRoll;
  readonly outcome: ContestOutcome;
}

function contestInput(input: ContestInput): { first: number; second: number } {
  requireRecord(input, "A contest");
  return { first: checkModifier(input.first, "First modifier"), second: checkModifier(input.second, "Second modifier") };
}

/** Classify a contested task from both parties' faces. */
export function resolveContest(input: ContestInput, faces: ContestFaces): ContestResult {
  const m = contestInput(input);
  requireRecord(faces, "Contest faces");
  const first = sideOf(resolveD10Plus(faces.first), m.first);
  const second = sideOf(resolveD10Plus(faces.second), m.second);
  return { faces: { first: first.faces, second: second.faces }, first, second, outcome: compareContest(first, second) };
}

/** Roll a contested task (the first party rolls first). */
export function rollContest(input: ContestInput, rng: RandomSource): ContestResult {
  const m = contestInput(input);
  const first = sideOf(resolveD10Plus(drawD10PlusFaces(rng)), m.first);
  const second = sideOf(resolveD10Plus(drawD10PlusFaces(rng)), m.second);
  return { faces: { first: first.faces, second: second.faces }, first, second, outcome: compareContest(first, second) };
}

export type ContestOutcomeOdds = Readonly<Record<ContestOutcome, number>>;

/** Two Autos (or two Flubs): one degree each, 1–12; a tie 1/12, either side 11/24. */
const SAME_SPECIAL_TIE = 1 / D10PLUS_FACES;
const SAME_SPECIAL_WIN = (1 - SAME_SPECIAL_TIE) / 2;

/**
 * Exact odds of a contested task in closed form: the 10 × 10 plain pairs counted directly, the
 * Autos and Flubs by the ranking rule (any Auto beats any non-Auto, two Autos compare degrees; any
 * Flub loses to any non-Flub, the lower Flub degree is the lesser failure). Agrees with the
 * enumeration of all 34 × 34 roll pairs (test `contract.test.ts`).
 */
export function contestOutcomeOdds(input: ContestInput): ContestOutcomeOdds {
  const m = contestInput(input);
  return contestClosedForm(m.first - m.second);
}

function contestClosedForm(diff: number): ContestOutcomeOdds {
  let plainWins = 0;
  let plainTies = 0;
  for (let x = 1; x <= D10PLUS_MAX_NUMBER; x++) {
    // first wins when x + diff > y, ties when y = x + diff
    const tieAt = x + diff;
    plainWins += Math.min(D10PLUS_MAX_NUMBER, Math.max(0, tieAt - 1));
    if (tieAt >= 1 && tieAt <= D10PLUS_MAX_NUMBER) plainTies++;
  }
  const pairs = D10PLUS_MAX_NUMBER * D10PLUS_MAX_NUMBER;
  const s = D10PLUS_SPECIAL_CHANCE;
  const n = 1 - 2 * s; // a plain number
  const plainLosses = pairs - plainWins - plainTies;
  const cell = 1 / (D10PLUS_FACES * D10PLUS_FACES);
  // first Auto: beats every non-Auto; second Flub (first not Flub): first wins
  const firstWins = s * (1 - s) + s * s * SAME_SPECIAL_WIN + n * s + plainWins * cell + s * s * SAME_SPECIAL_WIN;
  const tie = 2 * s * s * SAME_SPECIAL_TIE + plainTies * cell;
  const secondWins = s * (1 - s) + s * s * SAME_SPECIAL_WIN + n * s + plainLosses * cell + s * s * SAME_SPECIAL_WIN;
  return { firstWins, tie, secondWins };
}

/** Display order of contest outcomes, worst first (for the first party). */
export const CONTEST_OUTCOME_ORDER: readonly ContestOutcome[] = ["secondWins", "tie", "firstWins"];

/**
 * Exact odds of a contested task: outcomes secondWins, tie, firstWins (success = the first party
 * wins); extras: each party's Auto and Flub (1/12 each, overlapping the outcomes).
 */
export function contestOdds(input: ContestInput): Odds {
  const o = contestOutcomeOdds(input);
  return makeOdds({
    success: o.firstWins,
    outcomes: CONTEST_OUTCOME_ORDER.map((key) => ({ key, p: o[key] })),
    extras: specialExtras("first", "second"),
  });
}

/** The Auto and Flub chances of named sides, as odds extras (`firstAuto`, `firstFlub`, …). */
export function specialExtras(...sides: readonly string[]): readonly { key: string; p: number }[] {
  return sides.flatMap((side) => [
    { key: `${side}Auto`, p: D10PLUS_SPECIAL_CHANCE },
    { key: `${side}Flub`, p: D10PLUS_SPECIAL_CHANCE },
  ]);
}
