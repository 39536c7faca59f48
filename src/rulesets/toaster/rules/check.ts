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
import type { D10StarOptions } from "./dice";
import { rollD10Star } from "./dice";
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
  /** Extra dice a chain of nines may add; null = unlimited. Default 1 (the seed's suggestion). */
  ninesLimit?: number | null;
  rollingZeros?: boolean;
  /** 10 unopposed (default); an opposed roll passes the other's total. */
  target?: number;
}

export interface FumbleCheck {
  faces: number[];
  total: number;
  fumbled: boolean;
}

export interface CheckResult {
  faces: number[];
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
  assertNonNegativeInt(input.rank, "Rank");
  assertInt(input.modifier, "Modifier");
  const luckBefore = input.luckBefore ?? 0;
  assertNonNegativeInt(luckBefore, "Luck points spent before the roll");
  const target = input.target ?? UNOPPOSED_TARGET;
  assertInt(target, "Target");
  const ninesLimit = input.ninesLimit === undefined ? DEFAULT_NINES_LIMIT : input.ninesLimit;
  if (ninesLimit !== null) assertNonNegativeInt(ninesLimit, "Limit of extra dice for rolling nines");
  for (const k of ["callFour", "rollingNines", "rollingZeros"] as const) if (input[k] !== undefined) assertBoolean(input[k], k);
  return {
    rank: input.rank,
    modifier: input.modifier,
    luckBefore,
    callFour: input.callFour ?? false,
    dice: { rollingNines: input.rollingNines ?? false, ninesLimit },
    rollingZeros: input.rollingZeros ?? false,
    target,
    base: input.rank + input.modifier + LUCK_BEFORE_BONUS * luckBefore,
  };
}

/** The die part of a roll: a called 4, or a d10* with the nines rule. */
export function rollCheckDie(c: NormalisedCheck, rng: RandomSource): { faces: number[]; total: number } {
  if (c.callFour) return { faces: [4], total: 4 };
  return rollD10Star(rng, c.dice);
}

/**
 * The fumble check after a natural 0: the same roll is tried again against the same target; a
 * failure or another 0 is a fumble.
 */
export function rollFumbleCheck(c: NormalisedCheck, target: number, rng: RandomSource): FumbleCheck {
  const die = rollD10Star(rng, c.dice);
  const total = c.base + die.total;
  return { faces: die.faces, total, fumbled: die.faces[0] === 0 || total < target };
}

/** Build a result from a die already rolled (used by opposed and combat resolution). */
export function finishCheck(c: NormalisedCheck, die: { faces: number[]; total: number }, target: number, rng: RandomSource): CheckResult {
  const naturalZero = !c.callFour && die.faces[0] === 0;
  const autoFailure = naturalZero && c.rollingZeros;
  const fumbleCheck = autoFailure ? rollFumbleCheck(c, target, rng) : null;
  const total = c.base + die.total;
  const margin = total - target;
  const band: Band = fumbleCheck ? (fumbleCheck.fumbled ? "fumble" : "failure") : bandForMargin(margin);
  return {
    faces: die.faces,
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

/** Roll and resolve one check. */
export function resolveCheck(input: CheckInput, rng: RandomSource): CheckResult {
  const c = normaliseCheck(input);
  return finishCheck(c, rollCheckDie(c, rng), c.target, rng);
}

/** Add luck points after the roll (+1 each). A natural 0 under rolling zeros stays a failure (or fumble). */
export function applyLuckAfter(result: CheckResult, points: number): CheckResult {
  assertNonNegativeInt(points, "Luck points spent after the roll");
  const total = result.total + LUCK_AFTER_BONUS * points;
  const margin = total - result.target;
  return {
    ...result,
    total,
    margin,
    luckAfter: result.luckAfter + points,
    band: result.autoFailure ? result.band : bandForMargin(margin),
    success: !result.autoFailure && margin >= 0,
  };
}

/** The 4-point luck re-roll: the first roll is cancelled and the check rolled afresh. */
export function rerollWithLuck(input: CheckInput, rng: RandomSource): CheckResult {
  return { ...resolveCheck(input, rng), rerolled: true };
}

/** Luck points at the start of an adventure: Aura, adjusted by the GM for the campaign's tone. */
export function luckPool(aura: number, adjustment = 0): number {
  assertNonNegativeInt(aura, "Aura");
  assertInt(adjustment, "Luck adjustment");
  return Math.max(0, aura + adjustment);
}

/** A luck roll: an unopposed roll on Aura with the GM's modifier. */
export function luckRoll(aura: number, modifier: number, rng: RandomSource, rules: Omit<CheckInput, "rank" | "modifier" | "target"> = {}): CheckResult {
  return resolveCheck({ ...rules, rank: aura, modifier }, rng);
}

export type OpposedWinner = "a" | "b" | "tie";

export interface OpposedResult {
  a: CheckResult;
  b: CheckResult;
  winner: OpposedWinner;
  /** a's total minus b's total. */
  margin: number;
}

/** Who wins an opposed roll: a natural 0 under rolling zeros loses outright; else the higher total. */
export function opposedWinner(aTotal: number, bTotal: number, aAutoFail: boolean, bAutoFail: boolean): OpposedWinner {
  if (aAutoFail && bAutoFail) return "tie";
  if (aAutoFail) return "b";
  if (bAutoFail) return "a";
  if (aTotal > bTotal) return "a";
  if (bTotal > aTotal) return "b";
  return "tie";
}

/**
 * An opposed roll: both sides roll (a first), each side's target is the other's total; fumble
 * checks (a then b) are tried against the other's total too.
 */
export function resolveOpposed(a: CheckInput, b: CheckInput, rng: RandomSource): OpposedResult {
  const ca = normaliseCheck(a);
  const cb = normaliseCheck(b);
  const da = rollCheckDie(ca, rng);
  const db = rollCheckDie(cb, rng);
  const ta = ca.base + da.total;
  const tb = cb.base + db.total;
  const ra = finishCheck(ca, da, tb, rng);
  const rb = finishCheck(cb, db, ta, rng);
  return { a: ra, b: rb, winner: opposedWinner(ta, tb, ra.autoFailure, rb.autoFailure), margin: ta - tb };
}

export type TieBreakerKey = "highestRoll" | "skillRank" | "luck" | "doOver" | "other";
export const TIE_BREAKERS: readonly { key: TieBreakerKey; label: string }[] = [
  { key: "highestRoll", label: "Highest roll" },
  { key: "skillRank", label: "Skill rank" },
  { key: "luck", label: "Luck" },
  { key: "doOver", label: "Do-over" },
  { key: "other", label: "Other (GM's method)" },
];

export interface TieSide {
  total: number;
  rank: number;
  luckSpent: number;
  luck: number;
}

/**
 * Break a marginal opposed result. "doOver" and "other" cannot be settled by arithmetic and return
 * "reroll" / "gm"; the others return the winner or "tie" when they cannot separate the two.
 */
export function breakTie(method: TieBreakerKey, a: TieSide, b: TieSide): "a" | "b" | "tie" | "reroll" | "gm" {
  for (const side of [a, b]) {
    assertInt(side.total, "Tie-breaker total");
    assertNonNegativeInt(side.rank, "Tie-breaker rank");
    assertNonNegativeInt(side.luckSpent, "Tie-breaker luck spent");
    assertNonNegativeInt(side.luck, "Tie-breaker luck");
  }
  const cmp = (x: number, y: number): "a" | "b" | "tie" => (x > y ? "a" : y > x ? "b" : "tie");
  switch (method) {
    case "highestRoll":
      return cmp(a.total, b.total);
    case "skillRank":
      return cmp(a.rank, b.rank);
    case "luck": {
      const spent = cmp(a.luckSpent, b.luckSpent);
      return spent !== "tie" ? spent : cmp(a.luck, b.luck);
    }
    case "doOver":
      return "reroll";
    case "other":
      return "gm";
  }
  throw new RangeError(`Unknown tie-breaker "${String(method)}"`);
}

/**
 * Who wins when two characters act side by side without interfering (both shooting at one target,
 * both courting one person): each rolls against its own target (10 unless given). A success beats a
 * failure; between two successes the higher total wins (equal totals tie); when both fail nobody
 * wins ("neither" — the GM may still compare totals, which the results carry).
 */
export type ContestWinner = "a" | "b" | "tie" | "neither";

export function contestWinner(a: Pick<CheckResult, "success" | "total">, b: Pick<CheckResult, "success" | "total">): ContestWinner {
  assertBoolean(a.success, "First side's success");
  assertBoolean(b.success, "Second side's success");
  assertInt(a.total, "First side's total");
  assertInt(b.total, "Second side's total");
  if (!a.success && !b.success) return "neither";
  if (a.success !== b.success) return a.success ? "a" : "b";
  return a.total > b.total ? "a" : b.total > a.total ? "b" : "tie";
}

export interface ContestResult {
  a: CheckResult;
  b: CheckResult;
  winner: ContestWinner;
}

/** Both sides roll unopposed checks (a first, then b, each with its fumble check if any). */
export function resolveContest(a: CheckInput, b: CheckInput, rng: RandomSource): ContestResult {
  const ra = resolveCheck(a, rng);
  const rb = resolveCheck(b, rng);
  return { a: ra, b: rb, winner: contestWinner(ra, rb) };
}
