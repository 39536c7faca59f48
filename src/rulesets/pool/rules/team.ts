/**
 * Seed 002, "Working Together": simple addition, combining dice, either/or, worst roller.
 */
import type { RandomSource } from "../../../dice/random";
import { DIE_KEYS, type DieKey } from "./dice";
import { checkPool, makePool, type PoolSpec } from "./pool";
import { checkOdds } from "./odds";
import { automaticResult, rollCheck, type AutomaticResult, type CheckResult } from "./resolve";
import { requireInt, requireKey } from "./validate";

/** Stable keys of the four ways of working together. */
export const TEAMWORK_MODES = ["simpleAddition", "combiningDice", "eitherOr", "worstRoller"] as const;
export type TeamworkMode = (typeof TEAMWORK_MODES)[number];

/** Modes that merge everybody's dice into one pool. */
export const POOLED_TEAMWORK_MODES = ["simpleAddition", "combiningDice", "worstRoller"] as const;
export type PooledTeamworkMode = (typeof POOLED_TEAMWORK_MODES)[number];

/** One member's dice (Bonus and Penalty may both be given; they are cancelled in the result). */
export interface TeamMemberDice {
  readonly addDice: number;
  readonly bonusDice: number;
  readonly penaltyDice: number;
}

/** The merged pool and the dice the rule reassigned. */
export interface TeamPool {
  readonly mode: PooledTeamworkMode;
  readonly pool: PoolSpec;
  /** Sum of all members' Add dice. */
  readonly totalAddDice: number;
  /** Add dice beyond the highest member's that became Bonus (combining) or Penalty (worst roller) dice. */
  readonly reassignedDice: number;
}

/**
 * Merge members' dice into one pool.
 * - simpleAddition: all Add, Bonus and Penalty dice are summed, then cancelled.
 * - combiningDice: Add dice = the highest member's Add dice; the other Add dice become Bonus dice.
 * - worstRoller: Add dice = the highest member's Add dice; the other Add dice become Penalty dice.
 */
export function teamPool(mode: PooledTeamworkMode, members: readonly TeamMemberDice[], die: DieKey = "d8"): TeamPool {
  requireKey("teamwork mode", mode, POOLED_TEAMWORK_MODES);
  requireKey("die", die, DIE_KEYS);
  if (members.length === 0) throw new RangeError("Working together needs at least one member");
  let add = 0;
  let bonus = 0;
  let penalty = 0;
  let highest = 0;
  members.forEach((m, i) => {
    add += requireInt(`member ${i + 1} addDice`, m.addDice, 0);
    bonus += requireInt(`member ${i + 1} bonusDice`, m.bonusDice, 0);
    penalty += requireInt(`member ${i + 1} penaltyDice`, m.penaltyDice, 0);
    highest = Math.max(highest, m.addDice);
  });
  if (mode === "simpleAddition") return { mode, pool: makePool(add, bonus, penalty, die), totalAddDice: add, reassignedDice: 0 };
  const extra = add - highest;
  const pool = mode === "combiningDice" ? makePool(highest, bonus + extra, penalty, die) : makePool(highest, bonus, penalty + extra, die);
  return { mode, pool, totalAddDice: add, reassignedDice: extra };
}

/** An either/or member: their pool and whether the Storyguide gave them a chance of success. */
export interface EitherOrMember {
  readonly pool: PoolSpec;
  readonly hasChance: boolean;
}

/** Either/or result: everyone rolls; only members with a chance can succeed. */
export interface EitherOrResult {
  readonly results: readonly { readonly roll: CheckResult; readonly hasChance: boolean; readonly counted: CheckResult | AutomaticResult }[];
  /** Some member with a chance succeeded. */
  readonly success: boolean;
}

/** Pick which of `count` members has the chance of success, uniformly (the usual random roll). */
export function pickChanceHolder(count: number, rng: RandomSource): number {
  requireInt("count", count, 1);
  return Math.min(count - 1, Math.floor(rng() * count));
}

function checkEitherOr(members: readonly EitherOrMember[], difficulty: number): void {
  if (members.length === 0) throw new RangeError("Either/or needs at least one member");
  requireInt("difficulty", difficulty);
  members.forEach((m, i) => {
    checkPool(m.pool);
    if (typeof m.hasChance !== "boolean") throw new RangeError(`member ${i + 1} hasChance must be true or false, not ${String(m.hasChance)}`);
  });
}

/** Roll an either/or task: each member rolls normally; members without a chance fail regardless. */
export function rollEitherOr(members: readonly EitherOrMember[], difficulty: number, rng: RandomSource): EitherOrResult {
  checkEitherOr(members, difficulty);
  const results = members.map((m) => {
    const roll = rollCheck({ pool: m.pool, difficulty }, rng);
    return { roll, hasChance: m.hasChance, counted: m.hasChance ? roll : automaticResult(false) };
  });
  return { results, success: results.some((r) => r.counted.outcome === "success") };
}

/** Exact chance that an either/or task succeeds: 1 − Π(1 − p) over members with a chance. */
export function eitherOrOdds(members: readonly EitherOrMember[], difficulty: number): { success: number; failure: number } {
  checkEitherOr(members, difficulty);
  let allFail = 1;
  for (const m of members) if (m.hasChance) allFail *= 1 - checkOdds({ pool: m.pool, difficulty }).success;
  return { success: 1 - allFail, failure: allFail };
}
