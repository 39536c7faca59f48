/**
 * Toaster basics: attributes, averaging, skill ranks, specialties, the difficulty ladder and the
 * outcome bands (seed ch. 1 "Averaging", ch. 2 "Attributes"/"Skills", ch. 3 "Difficulty
 * Modifiers" and "(Variable Outcomes)").
 */
import { rowByKey } from "../../../dice/dict";
import { assertInt, assertIntInRange, assertNonNegativeInt } from "./validate";

export type AttributeKey = "physique" | "coordination" | "intellect" | "aura";
export const STANDARD_ATTRIBUTES: readonly AttributeKey[] = ["physique", "coordination", "intellect", "aura"];

/** Descriptive names of attribute ranks 0..10; 11 and above is "superhuman". */
export const ATTRIBUTE_RANK_LABELS: readonly { rank: number; key: string; label: string }[] = [
  { rank: 0, key: "disabled", label: "Disabled" },
  { rank: 1, key: "terrible", label: "Terrible" },
  { rank: 2, key: "poor", label: "Poor" },
  { rank: 3, key: "mediocre", label: "Mediocre" },
  { rank: 4, key: "average", label: "Average" },
  { rank: 5, key: "fair", label: "Fair" },
  { rank: 6, key: "good", label: "Good" },
  { rank: 7, key: "great", label: "Great" },
  { rank: 8, key: "excellent", label: "Excellent" },
  { rank: 9, key: "extraordinary", label: "Extraordinary" },
  { rank: 10, key: "legendary", label: "Legendary" },
  { rank: 11, key: "superhuman", label: "Superhuman" },
];

export function attributeRankLabel(rank: number): { key: string; label: string } {
  assertNonNegativeInt(rank, "Attribute rank");
  const row = ATTRIBUTE_RANK_LABELS[Math.min(rank, 11)];
  return { key: row.key, label: row.label };
}

/**
 * The seed's averaging: add, halve, drop the fraction (the digits after the point are cut off, so a
 * negative half moves toward zero: -3 and 0 average to -1). Ranks are never negative, where this
 * equals rounding down.
 */
export function average(a: number, b: number): number {
  assertInt(a, "First value to average");
  assertInt(b, "Second value to average");
  return Math.trunc((a + b) / 2);
}

/** Skill rank = average of the attribute and the skill base. */
export function skillRank(attribute: number, base: number): number {
  assertNonNegativeInt(attribute, "Attribute");
  assertNonNegativeInt(base, "Skill base");
  return average(attribute, base);
}

/** An attribute roll uses the attribute directly. */
export function attributeRollRank(attribute: number): number {
  assertNonNegativeInt(attribute, "Attribute");
  return attribute;
}

/** A skill the character lacks: the attribute averaged with base 0, i.e. half the attribute. */
export function unskilledRank(attribute: number): number {
  return skillRank(attribute, 0);
}

/** Typical modifier for using a related skill in place of the right one (GM may make it worse). */
export const RELATED_SKILL_PENALTY = -3;

/** Complementary skills add a small bonus, capped (+2 by default). */
export function complementaryBonus(input: { bonus: number; cap?: number }): number {
  const { bonus, cap = 2 } = input;
  assertNonNegativeInt(bonus, "Complementary bonus");
  assertNonNegativeInt(cap, "Complementary bonus cap");
  return Math.min(bonus, cap);
}

/** Descriptors for skill ranks (general, tradesman, karate belt). */
export const SKILL_RANK_DESCRIPTORS: readonly { min: number; max: number | null; key: string; general: string; tradesman: string; belt: string }[] = [
  { min: 0, max: 2, key: "unskilled", general: "Unskilled", tradesman: "Novice", belt: "White" },
  { min: 3, max: 4, key: "student", general: "Student", tradesman: "Apprentice", belt: "Yellow" },
  { min: 5, max: 6, key: "proficient", general: "Proficient", tradesman: "Journeyman", belt: "Green" },
  { min: 7, max: 8, key: "expert", general: "Expert", tradesman: "Adept", belt: "Brown" },
  { min: 9, max: 10, key: "master", general: "Master", tradesman: "Master", belt: "Black" },
  { min: 11, max: null, key: "grandMaster", general: "Grand Master", tradesman: "Grand Master", belt: "Other (Red?)" },
];

export function skillRankDescriptor(rank: number): (typeof SKILL_RANK_DESCRIPTORS)[number] {
  assertNonNegativeInt(rank, "Skill rank");
  const row = SKILL_RANK_DESCRIPTORS.find((r) => rank >= r.min && (r.max === null || rank <= r.max));
  if (!row) throw new RangeError(`No descriptor for skill rank ${rank}`);
  return row;
}

/**
 * Specialties: one (+1) from rank 4; from rank 8 either a second +1 specialty or the first doubled
 * to +2. Returns how many specialty slots and the largest bonus one specialty may carry.
 */
export function specialtyAllowance(rank: number): { slots: number; maxBonus: number } {
  assertNonNegativeInt(rank, "Skill rank");
  if (rank >= 8) return { slots: 2, maxBonus: 2 };
  if (rank >= 4) return { slots: 1, maxBonus: 1 };
  return { slots: 0, maxBonus: 0 };
}

/** Validates a set of specialty bonuses for one skill (e.g. [1], [1,1], [2]) and returns the list. */
export function validateSpecialties(rank: number, bonuses: readonly number[]): readonly number[] {
  const problem = specialtyProblem(rank, bonuses);
  if (problem) throw new RangeError(problem);
  return bonuses;
}

/**
 * What is wrong with a skill's specialty bonuses, or "" when they fit its rank: the message
 * validateSpecialties throws, without throwing (data preparation reports it on every skill of every
 * actor, where building an exception and its stack costs more than the whole derivation).
 * A rank that is not a non-negative integer still throws.
 */
export function specialtyProblem(rank: number, bonuses: readonly number[]): string {
  const allowance = specialtyAllowance(rank);
  let used = 0;
  for (const b of bonuses) {
    if (!Number.isSafeInteger(b)) assertIntInRange(b, "Specialty bonus", 1, 2);
    if (b < 1 || b > 2) return `Specialty bonus must be between 1 and 2, not ${b}`;
    used += b;
  }
  return used > allowance.slots ? `A skill rank of ${rank} allows ${allowance.slots} specialty step(s), not ${used}` : "";
}

export type Band = "fumble" | "failure" | "marginal" | "success" | "critical";
export const BANDS: readonly Band[] = ["fumble", "failure", "marginal", "success", "critical"];
export const BAND_LABELS: Readonly<Record<Band, string>> = {
  fumble: "Fumble",
  failure: "Failure",
  marginal: "Marginal",
  success: "Success",
  critical: "Critical",
};

/** Outcome band from the margin (total minus target): < -5, -5..-2, -1..+1, +2..+5, > +5. */
export function bandForMargin(margin: number): Band {
  assertInt(margin, "Margin");
  if (margin < -5) return "fumble";
  if (margin <= -2) return "failure";
  if (margin <= 1) return "marginal";
  if (margin <= 5) return "success";
  return "critical";
}

/** Rank a band so two bands can be compared (fumble 0 … critical 4). */
export function bandIndex(band: Band): number {
  return BANDS.indexOf(band);
}

export const DIFFICULTY_LADDER: readonly { key: string; label: string; modifier: number }[] = [
  { key: "childsPlay", label: "Child's play", modifier: 5 },
  { key: "simplistic", label: "Simplistic", modifier: 4 },
  { key: "veryEasy", label: "Very Easy", modifier: 3 },
  { key: "easy", label: "Easy", modifier: 2 },
  { key: "straightForward", label: "Straight-forward", modifier: 1 },
  { key: "average", label: "Average", modifier: 0 },
  { key: "challenging", label: "Challenging", modifier: -1 },
  { key: "difficult", label: "Difficult", modifier: -2 },
  { key: "veryDifficult", label: "Very difficult", modifier: -3 },
  { key: "excruciating", label: "Excruciating", modifier: -4 },
  { key: "hellish", label: "Hellish", modifier: -5 },
];

export function difficultyModifier(key: string): number {
  return rowByKey(DIFFICULTY_LADDER, key, "difficulty").modifier;
}

/** The target of an unopposed roll. */
export const UNOPPOSED_TARGET = 10;

/** Beyond ±5 the ladder stops; the seed advises an automatic action (or failure) instead. */
export const LADDER_LIMIT = 5;

export type RollAdvice = "automaticSuccess" | "roll" | "considerAutomaticFailure";

/**
 * Whether a roll is worth making (seed ch. 3 "Automatic Actions" and "Unopposed Actions"):
 * - rank + modifier ≥ 10 succeeds even on a 0, so no roll is needed (unless the table uses rolling
 *   zeros and wants the 1-in-10 chance of a 0);
 * - a modifier below −5 is past the ladder, and the GM may call it a failure without a roll;
 * - otherwise roll. The GM decides in every case; this is the rule of thumb in numbers.
 */
export function rollAdvice(input: { rank: number; modifier: number; rollingZeros?: boolean }): RollAdvice {
  const { rank, modifier, rollingZeros = false } = input;
  assertNonNegativeInt(rank, "Rank");
  assertInt(modifier, "Modifier");
  if (typeof rollingZeros !== "boolean") throw new TypeError(`rollingZeros must be true or false, not ${String(rollingZeros)}`);
  if (modifier < -LADDER_LIMIT) return "considerAutomaticFailure";
  if (rank + modifier >= UNOPPOSED_TARGET && !rollingZeros) return "automaticSuccess";
  return "roll";
}

/**
 * Which way a marginal result leans: missing by 1 reads toward the bad side, making it by 1 toward
 * the good side, an exact hit is even. Other margins are not marginal and return null.
 */
export function marginalLean(margin: number): "negative" | "even" | "positive" | null {
  assertInt(margin, "Margin");
  if (margin === -1) return "negative";
  if (margin === 0) return "even";
  if (margin === 1) return "positive";
  return null;
}

/**
 * The quick percentage rule: 10% per point of rank plus modifier, for a plain d10* roll with no
 * extended rules (clamped to 0..100). checkOdds gives the same figure exactly.
 */
export function successPercent(input: { rank: number; modifier: number }): number {
  const { rank, modifier } = input;
  assertInt(rank, "Rank");
  assertInt(modifier, "Modifier");
  return Math.min(100, Math.max(0, 10 * (rank + modifier)));
}
