/**
 * Task resolution (seed: "Task Resolution", target-number table, "Contested Tasks"): roll the
 * d10+, add the task modifier, compare with the target number. An Auto always succeeds and a Flub
 * always fails, each with a degree. Contested tasks compare the two rolls.
 */
import type { RandomSource } from "../../../dice/random";
import { d10PlusOutcomes, rollD10Plus, validateD10PlusRoll, type D10PlusRoll } from "./d10plus";
import {
  DIFFICULTY_KEYS,
  INESTIMABLE_TARGETS,
  type CheckOutcome,
  type ContestOutcome,
  type DifficultyKey,
  type InestimableTarget,
} from "./keys";
import { TARGET_NUMBERS } from "./tables";
import { requireIntegerIn, requireOneOf } from "./validate";

/** Largest modifier or target the core accepts (keeps contest ranks of Autos/Flubs apart). */
export const MAX_MAGNITUDE = 1000;

/** A target number, or one of the two "doesn't matter" cases. */
export type TaskTarget = number | InestimableTarget;

/** A task against a target number. `modifier` is the full task modifier (see taskModifier). */
export interface CheckInput {
  readonly modifier: number;
  readonly target: TaskTarget;
}

export interface CheckResult {
  /** Every d12 face rolled. */
  readonly dice: readonly number[];
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

function checkTarget(target: TaskTarget): TaskTarget {
  if (typeof target === "string") return requireOneOf(target, INESTIMABLE_TARGETS, "Target");
  return requireIntegerIn(target, -MAX_MAGNITUDE, MAX_MAGNITUDE, "Target number");
}

function checkModifier(modifier: number, what = "Task modifier"): number {
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

/** Resolve a check from a d10+ already rolled. */
export function resolveCheck(input: CheckInput, roll: D10PlusRoll): CheckResult {
  return checkWith(checkModifier(input.modifier), checkTarget(input.target), validateD10PlusRoll(roll));
}

/** resolveCheck for a checked modifier and target and a roll the core made itself. */
function checkWith(modifier: number, target: TaskTarget, roll: D10PlusRoll): CheckResult {
  const total = roll.number === null ? null : roll.number + modifier;
  const outcome = outcomeOf(roll, modifier, target);
  return {
    dice: roll.dice,
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

/** Roll a check. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  return checkWith(checkModifier(input.modifier), checkTarget(input.target), rollD10Plus(rng));
}

export type CheckOdds = Readonly<Record<CheckOutcome, number>>;

/** Exact probability of each check outcome (auto, success, failure, flub). */
export function checkOdds(input: CheckInput): CheckOdds {
  const modifier = checkModifier(input.modifier);
  const target = checkTarget(input.target);
  const odds: Record<CheckOutcome, number> = { auto: 0, success: 0, failure: 0, flub: 0 };
  for (const { roll, p } of d10PlusOutcomes()) odds[outcomeOf(roll, modifier, target)] += p;
  return odds;
}

/** Probability that a check succeeds (Auto or plain success). */
export function checkSuccessChance(input: CheckInput): number {
  const o = checkOdds(input);
  return o.auto + o.success;
}

// ---------------------------------------------------------------------------------------------
// Contested tasks

const AUTO_RANK_BASE = 1_000_000;

/**
 * One side's roll in a contested task (also used for initiative). `rank` orders rolls: any Auto
 * beats any plain roll (higher degree better), any plain roll beats any Flub (a Flub of lower
 * degree is the lesser failure), plain rolls compare totals.
 */
export interface ContestRoll {
  readonly dice: readonly number[];
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

/** One side's contest roll from a d10+ already rolled. */
export function resolveContestRoll(roll: D10PlusRoll, modifier: number): ContestRoll {
  return contestSide(validateD10PlusRoll(roll), modifier);
}

/** resolveContestRoll for a roll the core made itself. */
function contestSide(roll: D10PlusRoll, modifier: number): ContestRoll {
  const rank = contestRank(roll, modifier);
  return { dice: roll.dice, roll, modifier, total: roll.number === null ? null : roll.number + modifier, rank };
}

/** Roll one side of a contest. */
export function rollContestSide(modifier: number, rng: RandomSource): ContestRoll {
  checkModifier(modifier);
  return contestSide(rollD10Plus(rng), modifier);
}

/** Compare two sides: who wins, or a tie (the GM's call). */
export function compareContest(first: ContestRoll, second: ContestRoll): ContestOutcome {
  if (first.rank > second.rank) return "firstWins";
  if (first.rank < second.rank) return "secondWins";
  return "tie";
}

export interface ContestInput {
  /** Task modifier of the first party. */
  readonly first: number;
  /** Task modifier of the second party. */
  readonly second: number;
}

export interface ContestResult {
  readonly first: ContestRoll;
  readonly second: ContestRoll;
  readonly outcome: ContestOutcome;
}

/** Roll a contested task (first party rolls first). */
export function rollContest(input: ContestInput, rng: RandomSource): ContestResult {
  checkModifier(input.first, "First modifier");
  checkModifier(input.second, "Second modifier");
  const first = rollContestSide(input.first, rng);
  const second = rollContestSide(input.second, rng);
  return { first, second, outcome: compareContest(first, second) };
}

export type ContestOdds = Readonly<Record<ContestOutcome, number>>;

/** Exact odds of a contested task. */
export function contestOdds(input: ContestInput): ContestOdds {
  const a = checkModifier(input.first, "First modifier");
  const b = checkModifier(input.second, "Second modifier");
  const odds: Record<ContestOutcome, number> = { firstWins: 0, secondWins: 0, tie: 0 };
  const outcomes = d10PlusOutcomes();
  for (const x of outcomes) {
    const rx = contestRank(x.roll, a);
    for (const y of outcomes) odds[compareContestRanks(rx, contestRank(y.roll, b))] += x.p * y.p;
  }
  return odds;
}

function compareContestRanks(a: number, b: number): ContestOutcome {
  return a > b ? "firstWins" : a < b ? "secondWins" : "tie";
}
