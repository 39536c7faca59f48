/**
 * Seed 002, "Calculating the Dice Pool": Add dice, Bonus/Penalty (modifier) dice, supporting
 * ability, converting Add dice to Bonus dice, and the cancelling of Bonus against Penalty dice.
 */
import { DIE_KEYS, type DieKey } from "./dice";
import { MAX_POOL_DICE, assertDiceCount } from "./limits";
import { requireInt, requireKey, requireObject } from "./validate";

/**
 * A ready-to-roll pool: Add dice plus at most one kind of modifier dice (after cancelling).
 * Invariant: bonusDice === 0 || penaltyDice === 0.
 */
export interface PoolSpec {
  readonly addDice: number;
  readonly bonusDice: number;
  readonly penaltyDice: number;
  readonly die: DieKey;
}

/** What a check is made of, before cancelling. All counts are whole numbers. */
export interface PoolBuildInput {
  /** Rating of the ability used (0 if the character has none): one Add die per point. */
  readonly ability: number;
  /** Score of the attribute used: positive → Bonus dice, negative → Penalty dice. */
  readonly attribute: number;
  /** Optional supporting ability: one Bonus die per point (≥ 0). */
  readonly supportingAbility?: number;
  /** How many Add dice the player converts to Bonus dice (≥ 0, at most the Add dice). */
  readonly convertAddDice?: number;
  /** Further Add dice from circumstances, e.g. the time factor (may be negative). */
  readonly extraAddDice?: number;
  /** Further Bonus dice from circumstances (≥ 0). */
  readonly extraBonusDice?: number;
  /** Further Penalty dice from circumstances, e.g. wounds (≥ 0). */
  readonly extraPenaltyDice?: number;
  /** Die type for the whole pool (default d8). */
  readonly die?: DieKey;
}

/** The pool and how it was assembled, for a roll dialog or chat card. */
export interface PoolBuild {
  readonly pool: PoolSpec;
  /** Add dice before conversion: 1 + ability + extraAddDice. */
  readonly baseAddDice: number;
  /** All Bonus dice before cancelling. */
  readonly grossBonusDice: number;
  /** All Penalty dice before cancelling. */
  readonly grossPenaltyDice: number;
  /** Pairs of Bonus and Penalty dice that cancelled. */
  readonly cancelledPairs: number;
  /** Dice actually rolled: addDice + bonusDice + penaltyDice. */
  readonly diceRolled: number;
}

/** Bonus/Penalty dice contributed by an attribute score (at most MAX_POOL_DICE either way). */
export function attributeModifierDice(attribute: number): { bonusDice: number; penaltyDice: number } {
  requireInt("attribute", attribute, -MAX_POOL_DICE, MAX_POOL_DICE);
  return attribute >= 0 ? { bonusDice: attribute, penaltyDice: 0 } : { bonusDice: 0, penaltyDice: -attribute };
}

/** What makePool takes: counts before cancelling, and the die type (default d8). */
export interface PoolDiceInput {
  readonly addDice: number;
  readonly bonusDice?: number;
  readonly penaltyDice?: number;
  readonly die?: DieKey;
}

/** Cancel Bonus against Penalty dice one for one and check the result. */
export function makePool(input: PoolDiceInput): PoolSpec {
  requireObject("pool", input);
  const addDice = assertDiceCount(input.addDice, "addDice");
  const bonusDice = assertDiceCount(input.bonusDice ?? 0, "bonusDice");
  const penaltyDice = assertDiceCount(input.penaltyDice ?? 0, "penaltyDice");
  const die = requireKey("die", input.die ?? "d8", DIE_KEYS);
  const cancel = Math.min(bonusDice, penaltyDice);
  const pool: PoolSpec = { addDice, bonusDice: bonusDice - cancel, penaltyDice: penaltyDice - cancel, die };
  checkPool(pool);
  return pool;
}

/**
 * Validate a pool: whole counts within MAX_POOL_DICE, one kind of modifier dice, a known die, at
 * most MAX_POOL_DICE dice rolled. Roll, resolve and odds all run this one check.
 */
export function checkPool(pool: PoolSpec): PoolSpec {
  requireObject("pool", pool);
  assertDiceCount(pool.addDice, "addDice");
  assertDiceCount(pool.bonusDice, "bonusDice");
  assertDiceCount(pool.penaltyDice, "penaltyDice");
  requireKey("die", pool.die, DIE_KEYS);
  if (pool.bonusDice > 0 && pool.penaltyDice > 0) {
    throw new RangeError(`A pool cannot hold both Bonus (${pool.bonusDice}) and Penalty (${pool.penaltyDice}) dice: cancel them first (makePool)`);
  }
  const size = pool.addDice + pool.bonusDice + pool.penaltyDice;
  if (size > MAX_POOL_DICE) throw new RangeError(`A pool of ${size} dice is larger than the ${MAX_POOL_DICE} the core handles`);
  return pool;
}

/** Number of dice rolled for a pool. */
export function poolSize(pool: PoolSpec): number {
  return pool.addDice + pool.bonusDice + pool.penaltyDice;
}

/** Assemble a pool from ability, attribute and the optional extras, then cancel. */
export function buildPool(input: PoolBuildInput): PoolBuild {
  requireObject("pool input", input);
  const ability = requireInt("ability", input.ability, 0, MAX_POOL_DICE);
  const attr = attributeModifierDice(input.attribute);
  const supporting = requireInt("supportingAbility", input.supportingAbility ?? 0, 0, MAX_POOL_DICE);
  const extraAdd = requireInt("extraAddDice", input.extraAddDice ?? 0, -MAX_POOL_DICE, MAX_POOL_DICE);
  const extraBonus = assertDiceCount(input.extraBonusDice ?? 0, "extraBonusDice");
  const extraPenalty = assertDiceCount(input.extraPenaltyDice ?? 0, "extraPenaltyDice");
  const baseAddDice = Math.max(0, 1 + ability + extraAdd);
  const convert = requireInt("convertAddDice", input.convertAddDice ?? 0, 0, baseAddDice);
  const grossBonusDice = attr.bonusDice + supporting + extraBonus + convert;
  const grossPenaltyDice = attr.penaltyDice + extraPenalty;
  const pool = makePool({ addDice: baseAddDice - convert, bonusDice: grossBonusDice, penaltyDice: grossPenaltyDice, die: input.die ?? "d8" });
  return {
    pool,
    baseAddDice,
    grossBonusDice,
    grossPenaltyDice,
    cancelledPairs: Math.min(grossBonusDice, grossPenaltyDice),
    diceRolled: poolSize(pool),
  };
}
