/**
 * Seed 002, "Rolling the dice" and "Not Rolling the Dice": roll Add + modifier dice, drop the
 * lowest (Bonus) or highest (Penalty), total the rest; success at or above the Difficulty,
 * degrees per 5 points, botch when the total is at most the number of Add dice; the
 * dice-phobe fixed result; automatic success and failure.
 */
import { rollDie, type RandomSource } from "../../../dice/random";
import { getDieType } from "./dice";
import { checkPool, type PoolSpec } from "./pool";
import { requireInt } from "./validate";

/** Points of margin per degree of success or failure. */
export const POINTS_PER_DEGREE = 5;

/** Stable keys of a check's outcome. */
export const CHECK_OUTCOMES = ["success", "failure", "botch"] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** How a result was reached. */
export const RESOLUTION_MODES = ["roll", "dicePhobe", "automaticSuccess", "automaticFailure"] as const;
export type ResolutionMode = (typeof RESOLUTION_MODES)[number];

/** One die of a rolled pool. */
export interface PoolDie {
  /** Face shown by the physical die (1..faces). */
  readonly face: number;
  /** Value it counts for (face + the die type's offset). */
  readonly value: number;
  /** Whether it is one of the Add dice totalled (false: discarded by Bonus/Penalty dice). */
  readonly kept: boolean;
}

/** A rolled pool, before any Difficulty. */
export interface PoolRoll {
  readonly pool: PoolSpec;
  /** Every die in the order rolled. */
  readonly dice: readonly PoolDie[];
  /** Sum of the kept dice (for a dice-phobe result, the fixed total). */
  readonly total: number;
  /** Total ≤ number of Add dice. */
  readonly botch: boolean;
  readonly mode: ResolutionMode;
}

/** A check against a Difficulty. */
export interface CheckInput {
  readonly pool: PoolSpec;
  readonly difficulty: number;
}

/** A resolved check. `degree` ≥ 0 is the degree of success (outcome success) or of failure. */
export interface CheckResult extends PoolRoll {
  readonly difficulty: number;
  /** total − difficulty. */
  readonly margin: number;
  readonly outcome: CheckOutcome;
  readonly degree: number;
}

/** Botch rule: a total at or below the number of Add dice. */
export function isBotch(total: number, addDice: number): boolean {
  return total <= addDice;
}

/** Degree for a margin: floor(|margin| / 5) on either side of the Difficulty. */
export function degreeOf(margin: number): number {
  requireInt("margin", margin);
  return margin >= 0 ? Math.floor(margin / POINTS_PER_DEGREE) : Math.floor(-margin / POINTS_PER_DEGREE);
}

/** Outcome and degree of a total against a Difficulty for a pool with `addDice` Add dice. */
export function judge(total: number, addDice: number, difficulty: number): { outcome: CheckOutcome; degree: number; margin: number } {
  requireInt("total", total);
  requireInt("difficulty", difficulty);
  const margin = total - difficulty;
  const degree = margin >= 0 && isBotch(total, addDice) ? 0 : degreeOf(margin);
  if (isBotch(total, addDice)) return { outcome: "botch", degree, margin };
  return { outcome: margin >= 0 ? "success" : "failure", degree, margin };
}

/** Signed degree: +degree for a success, −degree for a failure or botch. */
export function signedDegree(result: { outcome: CheckOutcome; degree: number }): number {
  return result.outcome === "success" ? result.degree : -result.degree;
}

/**
 * Which of `values` are kept: all but the `bonusDice` lowest, or all but the `penaltyDice`
 * highest. Among equal values the later die is dropped first (any choice gives the same total).
 */
export function keptMask(values: readonly number[], pool: PoolSpec): boolean[] {
  const order = values.map((v, i) => ({ v, i }));
  const drop = pool.bonusDice > 0 ? pool.bonusDice : pool.penaltyDice;
  if (pool.bonusDice > 0) order.sort((a, b) => a.v - b.v || b.i - a.i);
  else order.sort((a, b) => b.v - a.v || b.i - a.i);
  const kept = values.map(() => true);
  for (let k = 0; k < drop && k < order.length; k++) kept[order[k].i] = false;
  return kept;
}

/**
 * Total and botch of given physical faces (1..faces of the pool's die, in roll order): use for
 * dice rolled elsewhere, e.g. by Foundry. The die type's offset is applied here.
 */
export function evaluateFaces(pool: PoolSpec, faces: readonly number[]): PoolRoll {
  checkPool(pool);
  const t = getDieType(pool.die);
  const n = pool.addDice + pool.bonusDice + pool.penaltyDice;
  if (faces.length !== n) throw new RangeError(`This pool rolls ${n} dice, but ${faces.length} faces were given`);
  const values = faces.map((f) => requireInt(`face of a ${t.key}`, f, 1, t.faces) + t.offset);
  const kept = keptMask(values, pool);
  const dice = faces.map((face, i) => ({ face, value: values[i], kept: kept[i] }));
  const total = dice.reduce((s, d) => (d.kept ? s + d.value : s), 0);
  return { pool, dice, total, botch: isBotch(total, pool.addDice), mode: "roll" };
}

/** Roll a pool with the given random source. */
export function rollPool(pool: PoolSpec, rng: RandomSource): PoolRoll {
  checkPool(pool);
  const t = getDieType(pool.die);
  const n = pool.addDice + pool.bonusDice + pool.penaltyDice;
  const faces: number[] = [];
  for (let i = 0; i < n; i++) faces.push(rollDie(t.faces, rng));
  return evaluateFaces(pool, faces);
}

/** Judge a rolled (or dice-phobe) pool against a Difficulty. */
export function checkFromRoll(roll: PoolRoll, difficulty: number): CheckResult {
  return { ...roll, difficulty, ...judge(roll.total, roll.pool.addDice, difficulty) };
}

/** Roll a check. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  return checkFromRoll(rollPool(input.pool, rng), input.difficulty);
}

/**
 * Dice-phobe total: 5 × Add dice + Bonus dice − Penalty dice (the same before or after
 * cancelling). Also the Difficulty a PC faces from a directly opposing non-rolling NPC.
 */
export function dicePhobeTotal(pool: PoolSpec): number {
  checkPool(pool);
  return POINTS_PER_DEGREE * pool.addDice + pool.bonusDice - pool.penaltyDice;
}

/** A pool resolved without rolling, as a PoolRoll with no dice. */
export function dicePhobeRoll(pool: PoolSpec): PoolRoll {
  const total = dicePhobeTotal(pool);
  return { pool, dice: [], total, botch: isBotch(total, pool.addDice), mode: "dicePhobe" };
}

/** A check resolved by the dice-phobe rule (degrees and botch computed normally). */
export function dicePhobeCheck(input: CheckInput): CheckResult {
  return checkFromRoll(dicePhobeRoll(input.pool), input.difficulty);
}

/** An automatic success or failure: no roll, degree 0. */
export interface AutomaticResult {
  readonly mode: "automaticSuccess" | "automaticFailure";
  readonly outcome: "success" | "failure";
  readonly degree: 0;
}

export function automaticResult(success: boolean): AutomaticResult {
  return success ? { mode: "automaticSuccess", outcome: "success", degree: 0 } : { mode: "automaticFailure", outcome: "failure", degree: 0 };
}

/** Directions a player may apply a degree of success to an Effect Level. */
export const EFFECT_DIRECTIONS = ["raise", "lower"] as const;
export type EffectDirection = (typeof EFFECT_DIRECTIONS)[number];

/** Apply a degree of success to an Effect Level, up or down at the player's choice. */
export function applyDegreeToEffect(effectLevel: number, degree: number, direction: EffectDirection): number {
  requireInt("effect level", effectLevel);
  requireInt("degree", degree, 0);
  if (direction !== "raise" && direction !== "lower") throw new RangeError(`direction must be raise or lower, not ${String(direction)}`);
  return direction === "raise" ? effectLevel + degree : effectLevel - degree;
}

/**
 * Whether a result reaches a Degree of Success the task requires: a success (not a failure or a
 * botch) of at least `required` degrees. `required` 0 is a plain success.
 */
export function meetsDegree(result: { outcome: CheckOutcome; degree: number }, required: number): boolean {
  requireInt("required degree of success", required, 0);
  requireInt("degree", result.degree, 0);
  const outcome = CHECK_OUTCOMES.find((o) => o === result.outcome);
  if (outcome === undefined) throw new RangeError(`outcome must be one of ${CHECK_OUTCOMES.join(", ")}, not ${String(result.outcome)}`);
  return outcome === "success" && result.degree >= required;
}
