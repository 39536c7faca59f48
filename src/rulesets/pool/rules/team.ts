/**
 * Seed 002, "Working Together": simple addition, combining dice, either/or, worst roller.
 */
import { makeOdds, type CheckCore, type Odds } from "../../../dice/contract";
import type { RandomSource } from "../../../dice/random";
import { DIE_KEYS, type DieKey } from "./dice";
import { MAX_TEAM_MEMBERS, assertDiceCount, assertDifficulty, assertRequiredDegree } from "./limits";
import { checkPool, makePool, type PoolSpec } from "./pool";
import { checkOutcomeChances, oddsFromChances } from "./odds";
import { automaticResult, checkFromRoll, resolvePool, rollPool, type AutomaticResult, type CheckResult } from "./resolve";
import { requireArray, requireBool, requireInt, requireKey, requireObject } from "./validate";

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

/** What teamPool takes: the mode, every member's dice, and the one die type (default d8). */
export interface TeamPoolInput {
  readonly mode: PooledTeamworkMode;
  readonly members: readonly TeamMemberDice[];
  readonly die?: DieKey;
}

/**
 * Merge members' dice into one pool.
 * - simpleAddition: all Add, Bonus and Penalty dice are summed, then cancelled.
 * - combiningDice: Add dice = the highest member's Add dice; the other Add dice become Bonus dice.
 * - worstRoller: Add dice = the highest member's Add dice; the other Add dice become Penalty dice.
 * Every sum is capped like one pool's dice (MAX_POOL_DICE), the team at MAX_TEAM_MEMBERS.
 */
export function teamPool(input: TeamPoolInput): TeamPool {
  requireObject("team", input);
  const mode = requireKey("teamwork mode", input.mode, POOLED_TEAMWORK_MODES);
  const die = requireKey("die", input.die ?? "d8", DIE_KEYS);
  const members = requireArray("members", input.members, MAX_TEAM_MEMBERS);
  if (members.length === 0) throw new RangeError("Working together needs at least one member");
  let add = 0;
  let bonus = 0;
  let penalty = 0;
  let highest = 0;
  members.forEach((m, i) => {
    requireObject(`member ${i + 1}`, m);
    add += assertDiceCount(m.addDice, `member ${i + 1} addDice`);
    bonus += assertDiceCount(m.bonusDice, `member ${i + 1} bonusDice`);
    penalty += assertDiceCount(m.penaltyDice, `member ${i + 1} penaltyDice`);
    highest = Math.max(highest, m.addDice);
  });
  if (mode === "simpleAddition") return { mode, pool: makePool({ addDice: add, bonusDice: bonus, penaltyDice: penalty, die }), totalAddDice: add, reassignedDice: 0 };
  const extra = add - highest;
  const pool =
    mode === "combiningDice"
      ? makePool({ addDice: highest, bonusDice: bonus + extra, penaltyDice: penalty, die })
      : makePool({ addDice: highest, bonusDice: bonus, penaltyDice: penalty + extra, die });
  return { mode, pool, totalAddDice: add, reassignedDice: extra };
}

/** A check made by a team whose dice are merged (simple addition, combining dice, worst roller). */
export interface TeamCheckInput extends TeamPoolInput {
  readonly difficulty: number;
  readonly requiredDegree?: number;
}

export interface TeamCheckResult extends CheckResult {
  readonly team: TeamPool;
}

function teamCheckParts(input: TeamCheckInput): { team: TeamPool; required: number } {
  const team = teamPool(input);
  assertDifficulty(input.difficulty);
  return { team, required: assertRequiredDegree(input.requiredDegree ?? 0) };
}

/** Roll a merged team check. */
export function rollTeamCheck(input: TeamCheckInput, rng: RandomSource): TeamCheckResult {
  const { team, required } = teamCheckParts(input);
  return { ...checkFromRoll(rollPool(team.pool, rng), { difficulty: input.difficulty, requiredDegree: required }), team };
}

/** Resolve a merged team check from the faces of the merged pool. */
export function resolveTeamCheck(input: TeamCheckInput, faces: readonly number[]): TeamCheckResult {
  const { team, required } = teamCheckParts(input);
  return { ...checkFromRoll(resolvePool(team.pool, faces), { difficulty: input.difficulty, requiredDegree: required }), team };
}

/** Exact odds of a merged team check (the same outcomes as a check). */
export function teamCheckOdds(input: TeamCheckInput): Odds {
  const { team, required } = teamCheckParts(input);
  return oddsFromChances(checkOutcomeChances({ pool: team.pool, difficulty: input.difficulty, requiredDegree: required }), required);
}

/** An either/or member: their pool and whether the Storyguide gave them a chance of success. */
export interface EitherOrMember {
  readonly pool: PoolSpec;
  readonly hasChance: boolean;
}

/** An either/or task: every member rolls against one Difficulty. */
export interface EitherOrInput {
  readonly members: readonly EitherOrMember[];
  readonly difficulty: number;
  readonly requiredDegree?: number;
}

/** Either/or result: everyone rolls; only members with a chance can succeed. */
export interface EitherOrResult {
  readonly results: readonly { readonly roll: CheckResult; readonly hasChance: boolean; readonly counted: CheckResult | AutomaticResult }[];
  /** Some member with a chance succeeded (with the required degree). */
  readonly success: boolean;
  readonly outcome: "success" | "failure";
  /** Each member's faces, in member order. */
  readonly faces: readonly (readonly number[])[];
}

/** Pick which of `count` members has the chance of success, uniformly (the usual random roll). */
export function pickChanceHolder(count: number, rng: RandomSource): number {
  requireInt("count", count, 1, MAX_TEAM_MEMBERS);
  const r = rng();
  if (!(r >= 0 && r < 1)) throw new RangeError(`The random source returned ${String(r)}, not a number in [0, 1)`);
  return Math.min(count - 1, Math.floor(r * count));
}

function checkEitherOr(input: EitherOrInput): number {
  requireObject("either/or task", input);
  const members = requireArray("members", input.members, MAX_TEAM_MEMBERS);
  if (members.length === 0) throw new RangeError("Either/or needs at least one member");
  assertDifficulty(input.difficulty);
  members.forEach((m, i) => {
    requireObject(`member ${i + 1}`, m);
    checkPool(m.pool);
    requireBool(`member ${i + 1} hasChance`, m.hasChance);
  });
  return assertRequiredDegree(input.requiredDegree ?? 0);
}

function eitherOrFrom(input: EitherOrInput, rolls: readonly CheckResult[]): EitherOrResult {
  const results = input.members.map((m, i) => ({ roll: rolls[i], hasChance: m.hasChance, counted: m.hasChance ? rolls[i] : automaticResult(false) }));
  const success = results.some((r) => r.hasChance && r.roll.achieved);
  return { results, success, outcome: success ? "success" : "failure", faces: rolls.map((r) => r.faces) };
}

/** Roll an either/or task: each member rolls normally; members without a chance fail regardless. */
export function rollEitherOr(input: EitherOrInput, rng: RandomSource): EitherOrResult {
  const required = checkEitherOr(input);
  return eitherOrFrom(input, input.members.map((m) => checkFromRoll(rollPool(m.pool, rng), { difficulty: input.difficulty, requiredDegree: required })));
}

/** Resolve an either/or task from each member's faces (one list per member). */
export function resolveEitherOr(input: EitherOrInput, faces: readonly (readonly number[])[]): EitherOrResult {
  const required = checkEitherOr(input);
  requireArray("faces", faces, MAX_TEAM_MEMBERS);
  if (faces.length !== input.members.length) throw new RangeError(`This task has ${input.members.length} members, but faces for ${faces.length} were given`);
  return eitherOrFrom(input, input.members.map((m, i) => checkFromRoll(resolvePool(m.pool, faces[i]), { difficulty: input.difficulty, requiredDegree: required })));
}

/** Exact odds of an either/or task: success = 1 − Π(1 − p) over members with a chance. */
export function eitherOrOdds(input: EitherOrInput): Odds {
  const required = checkEitherOr(input);
  let allFail = 1;
  for (const m of input.members) if (m.hasChance) allFail *= 1 - checkOutcomeChances({ pool: m.pool, difficulty: input.difficulty, requiredDegree: required }).success;
  return makeOdds({ success: 1 - allFail, outcomes: [{ key: "failure", p: allFail }, { key: "success", p: 1 - allFail }] });
}

/** Working together, merged pool: the check core a team roll dialog drives. */
export const teamCheckCore: CheckCore<TeamCheckInput, readonly number[], TeamCheckResult> = { roll: rollTeamCheck, resolve: resolveTeamCheck, odds: teamCheckOdds };

/** Working together, either/or: the check core a team roll dialog drives. */
export const eitherOrCore: CheckCore<EitherOrInput, readonly (readonly number[])[], EitherOrResult> = { roll: rollEitherOr, resolve: resolveEitherOr, odds: eitherOrOdds };
