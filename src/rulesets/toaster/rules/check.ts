/**
 * Resolving a roll (seed ch. 3 "Dice Actions", "(Extended d10* Rolls)", "(Variable Outcomes)",
 * "(Luck)").
 *
 * total = rank + modifier + 2 × luck-before + die (+1 per luck point added after the roll);
 * margin = total − target (target 10 unopposed, the other's total when opposed).
 */
import type { RandomSource } from "../../../dice/random";
import type { Band } from "./core";
import { UNOPPOSED_TARGET, bandForMargin } from "./core";
import type { D10StarOptions, Dice } from "./dice";
import { assertNinesLimit, drawD10Star, rngDice } from "./dice";
import { assertBoolean, assertInt, assertNonNegativeInt } from "./validate";

export interface CheckInput {
  /** Skill rank, attribute, or half attribute when unskilled. */
  rank: number;
  /** Sum of difficulty, situational, specialty, complementary and penalty modifiers. */
  modifier: number;
  /** Luck points spent before the roll (+2 each). */
  luckBefore?: number;
  callFour?: boolean;
  rollingNines?: boolean;
  /** Extra dice a chain of nines may add (0..100); null = "unlimited", capped at 100. Default 1 (the seed's suggestion). */
  ninesLimit?: number | null;
  rollingZeros?: boolean;
  /** 10 unopposed (default); an opposed roll passes the other's total. */
  target?: number;
}

/**
 * The faces of one check: the d10* (its chain of nines; a called 4 reads [4]) and the fumble
 * check's d10* after a natural 0 under rolling zeros (empty otherwise).
 */
export interface CheckFaces {
  readonly die: readonly number[];
  readonly fumble: readonly number[];
}

export interface FumbleCheck {
  faces: number[];
  total: number;
  fumbled: boolean;
}

export interface CheckResult {
  /** Every die of the check: resolveCheck(input, result.faces) gives this result again. */
  faces: CheckFaces;
  dieTotal: number;
  total: number;
  target: number;
  margin: number;
  band: Band;
  success: boolean;
  /** The first face was a 0 (never when a 4 was called). */
  naturalZero: boolean;
  fumbleCheck: FumbleCheck | null;
  /** +1 points added after the roll. */
  luckAfter: number;
  /** Luck points spent before the roll. */
  luckBefore: number;
  /** A natural 0 under rolling zeros: the roll fails whatever the total. */
  autoFailure: boolean;
  calledFour: boolean;
  /** This result came from the 4-point luck re-roll. */
  rerolled: boolean;
}

/** Luck: before the roll each point is +2, after it +1; a re-roll costs 4 points. */
export const LUCK_BEFORE_BONUS = 2;
export const LUCK_AFTER_BONUS = 1;
export const LUCK_REROLL_COST = 4;
export const DEFAULT_NINES_LIMIT = 1;

/** Normalised check settings, with defaults filled in and every field validated. */
export interface NormalisedCheck {
  rank: number;
  modifier: number;
  luckBefore: number;
  callFour: boolean;
  dice: D10StarOptions;
  rollingZeros: boolean;
  target: number;
  /** rank + modifier + luck bonus: everything but the die. */
  base: number;
}

export function normaliseCheck(input: CheckInput): NormalisedCheck {
  if (typeof input !== "object" || input === null) throw new TypeError("A check needs an input object {rank, modifier, …}");
  assertNonNegativeInt(input.rank, "Rank");
  assertInt(input.modifier, "Modifier");
  const luckBefore = input.luckBefore ?? 0;
  assertNonNegativeInt(luckBefore, "Luck points spent before the roll");
  const target = input.target ?? UNOPPOSED_TARGET;
  assertInt(target, "Target");
  const ninesLimit = input.ninesLimit === undefined ? DEFAULT_NINES_LIMIT : input.ninesLimit;
  assertNinesLimit(ninesLimit);
  for (const k of ["callFour", "rollingNines", "rollingZeros"] as const) if (input[k] !== undefined) assertBoolean(input[k], k);
  const base = input.rank + input.modifier + LUCK_BEFORE_BONUS * luckBefore;
  assertInt(base, "Rank + modifier + luck");
  return {
    rank: input.rank,
    modifier: input.modifier,
    luckBefore,
    callFour: input.callFour ?? false,
    dice: { rollingNines: input.rollingNines ?? false, ninesLimit },
    rollingZeros: input.rollingZeros ?? false,
    target,
    base,
  };
}

/** The die part of a check: a called 4, or a d10* (with the nines rule) from the named stream. */
export function drawCheckDie(c: NormalisedCheck, dice: Dice, stream: string): { faces: number[]; total: number } {
  if (c.callFour) return { faces: [4], total: 4 };
  return drawD10Star(dice, stream, c.dice);
}

/**
 * Classify a check whose die is known: a natural 0 under rolling zeros draws the fumble check
 * (the same roll tried again against the same target; a failure or another 0 is a fumble) from
 * the fumble stream.
 */
export function completeCheck(c: NormalisedCheck, die: { faces: number[]; total: number }, target: number, dice: Dice, fumbleStream: string): CheckResult {
  const naturalZero = !c.callFour && die.faces[0] === 0;
  const autoFailure = naturalZero && c.rollingZeros;
  let fumbleCheck: FumbleCheck | null = null;
  if (autoFailure) {
    const f = drawD10Star(dice, fumbleStream, c.dice);
    const ftotal = c.base + f.total;
    fumbleCheck = { faces: f.faces, total: ftotal, fumbled: f.faces[0] === 0 || ftotal < target };
  }
  const total = c.base + die.total;
  const margin = total - target;
  assertInt(margin, "Margin");
  const band: Band = fumbleCheck ? (fumbleCheck.fumbled ? "fumble" : "failure") : bandForMargin(margin);
  return {
    faces: { die: die.faces, fumble: fumbleCheck ? fumbleCheck.faces : [] },
    dieTotal: die.total,
    total,
    target,
    margin,
    band,
    success: !autoFailure && margin >= 0,
    naturalZero,
    fumbleCheck,
    luckAfter: 0,
    luckBefore: c.luckBefore,
    autoFailure,
    calledFour: c.callFour,
    rerolled: false,
  };
}

/**
 * Classify a die rolled elsewhere (the Foundry side), drawing any fumble-check dice from `rng`
 * (a source that replays the fumble faces already shown). Prefer resolveCheck with all faces.
 */
export function finishCheck(c: NormalisedCheck, die: { faces: number[]; total: number }, target: number, rng: RandomSource): CheckResult {
  return completeCheck(c, die, target, rngDice(rng), "fumble");
}

function checkFromDice(input: CheckInput, dice: Dice): CheckResult {
  const c = normaliseCheck(input);
  return completeCheck(c, drawCheckDie(c, dice, "die"), c.target, dice, "fumble");
}

/** Roll and resolve one check. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  return checkFromDice(input, rngDice(rng));
}

/** Luck points at the start of an adventure: Aura, adjusted by the GM for the campaign's tone. */
export function luckPool(input: { aura: number; adjustment?: number }): number {
  const { aura, adjustment = 0 } = input;
  assertNonNegativeInt(aura, "Aura");
  assertInt(adjustment, "Luck adjustment");
  return Math.max(0, aura + adjustment);
}
