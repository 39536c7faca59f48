/**
 * Task resolution (seed: "Task Resolution", target-number table, "Contested Tasks"): roll the
 * d10+, add the task modifier, compare with the target number. An Auto always succeeds and a Flub
 * always fails, each with a degree. Contested tasks compare the two rolls.
 *
 * Contract (docs/architecture.md): `rollX(input, rng)` draws and resolves, `resolveX(input, faces)`
 * classifies faces already rolled, `xOdds(input)` gives the exact `Odds`.
 */
import type { RandomSource } from "../../../dice/random";
import { D10PLUS_FACES, drawD10PlusFaces, resolveD10Plus, type D10PlusRoll } from "./d10plus";
import { INESTIMABLE_TARGETS, type CheckOutcome, type InestimableTarget } from "./keys";
import { MAX_MAGNITUDE } from "./limits";
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

function outcomeOf(roll: D10PlusRoll, modifier: number, target: TaskTarget): CheckOutcome {
  if (roll.kind === "auto") return "auto";
  if (roll.kind === "flub") return "flub";
  if (target === "inestimablyEasy") return "success";
  if (target === "inestimablyHard") return "failure";
  return (roll.number ?? 0) + modifier >= target ? "success" : "failure";
}

export function checkInput(input: CheckInput): { modifier: number; target: TaskTarget } {
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

export function sideOf(roll: D10PlusRoll, modifier: number): ContestRoll {
  return { faces: roll.faces, roll, modifier, total: roll.number === null ? null : roll.number + modifier, rank: contestRank(roll, modifier) };
}

/** One side's contest roll from the faces of its d10+. */
export function resolveContestSide(input: ContestSideInput, faces: readonly number[]): ContestRoll {
  requireRecord(input, "A contest side");
  return sideOf(resolveD10Plus(faces), checkModifier(input.modifier));
}
