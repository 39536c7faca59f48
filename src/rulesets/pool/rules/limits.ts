/**
 * The Dice Pool core's caps (docs/rules/pool.md, "Limits"). Every count is checked against its
 * cap by the same function in the roll, the resolve and the odds, and refused with a RangeError;
 * numbers past 2^53 are refused everywhere (`assertSafeInt`).
 */
import { assertCount } from "../../../dice/limits";
import { requireInt } from "./validate";

/**
 * The most dice of one kind (Add, Bonus or Penalty, before or after cancelling) and the most
 * dice one pool rolls. Far above any check of the seed (a team of five experts rolls about 30).
 */
export const MAX_POOL_DICE = 60;

/** The largest Difficulty (either sign): ten times the best total any pool can reach. */
export const MAX_DIFFICULTY = 10_000;

/** The most members working together (simple addition, combining, worst roller, either/or). */
export const MAX_TEAM_MEMBERS = 20;

/**
 * The most rolls of a complex action the core rolls, resolves or gives odds for in one call (its
 * open end): at one roll an hour, two days of work. The dialog's odds stay within one frame.
 */
export const MAX_COMPLEX_ROLLS = 50;

/**
 * The most rolls the completion chart of a complex action (complexCompletion, computed once per
 * action rather than on every keystroke) looks ahead.
 */
export const MAX_COMPLETION_ROLLS = 200;

/** The largest Degree of Success a complex action may require. */
export const MAX_REQUIRED_DEGREE = 1_000;

/** The largest running total (either sign) a complex action in progress may carry. */
export const MAX_COMPLEX_TOTAL = 1_000_000;

/** The largest Effect Level (either sign) and degree applyDegreeToEffect accepts. */
export const MAX_EFFECT_LEVEL = 1_000_000;

/** A count of dice of one kind: a whole number in [0, MAX_POOL_DICE]. */
export function assertDiceCount(value: number, name: string): number {
  assertCount(value, name, MAX_POOL_DICE);
  return value;
}

/** A Difficulty: a whole number in [−MAX_DIFFICULTY, MAX_DIFFICULTY]. */
export function assertDifficulty(value: number, name = "difficulty"): number {
  return requireInt(name, value, -MAX_DIFFICULTY, MAX_DIFFICULTY);
}

/** A required Degree of Success of one check: a whole number in [0, MAX_DIFFICULTY]. */
export function assertRequiredDegree(value: number, name = "required degree of success"): number {
  return requireInt(name, value, 0, MAX_DIFFICULTY);
}

/** The most phases an action may cost (and the largest Reaction Time, Speed or Wits): about a day. */
export const MAX_PHASES = 100_000;
