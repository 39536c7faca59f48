/**
 * Seed 002, "Rolling the dice" and "Not Rolling the Dice": roll Add + modifier dice, drop the
 * lowest (Bonus) or highest (Penalty), total the rest; success at or above the Difficulty,
 * degrees per 5 points, botch when the total is at most the number of Add dice; the
 * dice-phobe fixed result; automatic success and failure.
 */
import { rollDie, type RandomSource } from "../../../dice/random";
import { getDieType } from "./dice";
import { MAX_EFFECT_LEVEL, assertDifficulty, assertRequiredDegree } from "./limits";
import { checkPool, poolSize, type PoolSpec } from "./pool";
import { requireArray, requireInt, requireKey, requireObject } from "./validate";

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
  /** The physical faces (1..faces of the pool's die) in roll order: what resolvePool takes back. */
  readonly faces: readonly number[];
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
  /**
   * Degree of Success the task requires (default 0: a plain success). A success of a lower
   * degree is reported as outcome "success" with `achieved` false.
   */
  readonly requiredDegree?: number;
}

/** A resolved check. `degree` ≥ 0 is the degree of success (outcome success) or of failure. */
export interface CheckResult extends PoolRoll {
  readonly difficulty: number;
  /** total − difficulty. */
  readonly margin: number;
  readonly outcome: CheckOutcome;
  readonly degree: number;
  readonly requiredDegree: number;
  /** The task succeeds: outcome success with at least the required degree (meetsDegree). */
  readonly achieved: boolean;
}

/** Botch rule: a total at or below the number of Add dice. */
export function isBotch(roll: { readonly total: number; readonly addDice: number }): boolean {
  return roll.total <= roll.addDice;
}

/** Degree for a margin: floor(|margin| / 5) on either side of the Difficulty. */
export function degreeOf(margin: number): number {
  requireInt("margin", margin);
  return margin >= 0 ? Math.floor(margin / POINTS_PER_DEGREE) : Math.floor(-margin / POINTS_PER_DEGREE);
}

/** What judge needs: a total, the pool's Add dice (for the botch rule) and the Difficulty. */
export interface JudgeInput {
  readonly total: number;
  readonly addDice: number;
  readonly difficulty: number;
}

/** Outcome and degree of a total against a Difficulty for a pool with `addDice` Add dice. */
export function judge(input: JudgeInput): { outcome: CheckOutcome; degree: number; margin: number } {
  requireObject("judge input", input);
  const total = requireInt("total", input.total);
  const addDice = requireInt("addDice", input.addDice, 0);
  const difficulty = assertDifficulty(input.difficulty);
  const margin = total - difficulty;
  const botch = isBotch({ total, addDice });
  const degree = margin >= 0 && botch ? 0 : degreeOf(margin);
  if (botch) return { outcome: "botch", degree, margin };
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
 * Classify physical faces already rolled (1..faces of the pool's die, in roll order), e.g. by
 * Foundry's dice: drop, total, botch. The die type's offset is applied here. Never draws a die;
 * refuses a face list that does not fit the pool.
 */
export function resolvePool(pool: PoolSpec, faces: readonly number[]): PoolRoll {
  checkPool(pool);
  const t = getDieType(pool.die);
  const n = poolSize(pool);
  requireArray("faces", faces, n);
  if (faces.length !== n) throw new RangeError(`This pool rolls ${n} dice, but ${faces.length} faces were given`);
  const values = faces.map((f) => requireInt(`face of a ${t.key}`, f, 1, t.faces) + t.offset);
  const kept = keptMask(values, pool);
  const dice = faces.map((face, i) => ({ face, value: values[i], kept: kept[i] }));
  const total = dice.reduce((s, d) => (d.kept ? s + d.value : s), 0);
  return { pool, faces: [...faces], dice, total, botch: isBotch({ total, addDice: pool.addDice }), mode: "roll" };
}

/** Roll a pool with the given random source, then resolve its faces. */
export function rollPool(pool: PoolSpec, rng: RandomSource): PoolRoll {
  checkPool(pool);
  const t = getDieType(pool.die);
  const n = poolSize(pool);
  const faces: number[] = [];
  for (let i = 0; i < n; i++) faces.push(rollDie(t.faces, rng));
  return resolvePool(pool, faces);
}

/** Check a CheckInput (pool, Difficulty, required degree); returns the required degree. */
export function checkCheckInput(input: CheckInput): number {
  requireObject("check", input);
  checkPool(input.pool);
  assertDifficulty(input.difficulty);
  return assertRequiredDegree(input.requiredDegree ?? 0);
}

/** Judge a rolled (or dice-phobe) pool against a Difficulty (and a required degree, default 0). */
export function checkFromRoll(roll: PoolRoll, against: { readonly difficulty: number; readonly requiredDegree?: number }): CheckResult {
  requireObject("difficulty and required degree", against);
  const difficulty = against.difficulty;
  const requiredDegree = assertRequiredDegree(against.requiredDegree ?? 0);
  const j = judge({ total: roll.total, addDice: roll.pool.addDice, difficulty });
  // Built field by field: an object spread here costs more than the whole roll.
  return {
    pool: roll.pool,
    faces: roll.faces,
    dice: roll.dice,
    total: roll.total,
    botch: roll.botch,
    mode: roll.mode,
    difficulty,
    margin: j.margin,
    outcome: j.outcome,
    degree: j.degree,
    requiredDegree,
    achieved: j.outcome === "success" && j.degree >= requiredDegree,
  };
}

/** Roll a check: draw the pool's dice, then resolve them. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  const required = checkCheckInput(input);
  return checkFromRoll(rollPool(input.pool, rng), { difficulty: input.difficulty, requiredDegree: required });
}

/** Resolve a check from faces already rolled (Foundry's dice). Never draws. */
export function resolveCheck(input: CheckInput, faces: readonly number[]): CheckResult {
  const required = checkCheckInput(input);
  return checkFromRoll(resolvePool(input.pool, faces), { difficulty: input.difficulty, requiredDegree: required });
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
  return { pool, faces: [], dice: [], total, botch: isBotch({ total, addDice: pool.addDice }), mode: "dicePhobe" };
}

/** A check resolved by the dice-phobe rule (degrees and botch computed normally). */
export function dicePhobeCheck(input: CheckInput): CheckResult {
  const required = checkCheckInput(input);
  return checkFromRoll(dicePhobeRoll(input.pool), { difficulty: input.difficulty, requiredDegree: required });
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
export function applyDegreeToEffect(input: { readonly effectLevel: number; readonly degree: number; readonly direction: EffectDirection }): number {
  requireObject("effect input", input);
  const effectLevel = requireInt("effect level", input.effectLevel, -MAX_EFFECT_LEVEL, MAX_EFFECT_LEVEL);
  const degree = requireInt("degree", input.degree, 0, MAX_EFFECT_LEVEL);
  const direction = requireKey("direction", input.direction, EFFECT_DIRECTIONS);
  return direction === "raise" ? effectLevel + degree : effectLevel - degree;
}

/**
 * Whether a result reaches a Degree of Success the task requires: a success (not a failure or a
 * botch) of at least `required` degrees. `required` 0 is a plain success.
 */
export function meetsDegree(result: { outcome: CheckOutcome; degree: number }, required: number): boolean {
  requireInt("required degree of success", required, 0);
  requireObject("result", result);
  requireInt("degree", result.degree, 0);
  const outcome = CHECK_OUTCOMES.find((o) => o === result.outcome);
  if (outcome === undefined) throw new RangeError(`outcome must be one of ${CHECK_OUTCOMES.join(", ")}, not ${String(result.outcome)}`);
  return outcome === "success" && result.degree >= required;
}
