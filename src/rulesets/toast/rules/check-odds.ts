/**
 * A check's exact odds (seed: "Task Resolution" on a d10+): runtime code (dialogs, odds panels,
 * the API), apart from rules/check.ts, which the dice resolve with: docs/architecture.md "Load what
 * the world needs".
 */
import { makeOdds, type Odds } from "../../../dice/contract";
import { D10PLUS_FACES, D10PLUS_MAX_NUMBER, D10PLUS_SPECIAL_CHANCE } from "./d10plus";
import { DIFFICULTY_KEYS, type CheckOutcome, type DifficultyKey, type InestimableTarget } from "./keys";
import { MAX_MAGNITUDE } from "./limits";
import { TARGET_NUMBERS } from "./tables";
import { requireIntegerIn, requireOneOf } from "./validate";
import { checkInput, type CheckInput, type TaskTarget } from "./check";

/** The target for a difficulty band (the seed's table, or a GM's replacement). */
export function targetNumber(difficulty: DifficultyKey, table: Readonly<Record<Exclude<DifficultyKey, InestimableTarget>, number>> = TARGET_NUMBERS): TaskTarget {
  const key = requireOneOf(difficulty, DIFFICULTY_KEYS, "Difficulty");
  if (key === "inestimablyEasy" || key === "inestimablyHard") return key;
  return requireIntegerIn(table[key], -MAX_MAGNITUDE, MAX_MAGNITUDE, `Target number of ${key}`);
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
