/**
 * Toaster basics: attributes, averaging, skill ranks, specialties, the difficulty ladder and the
 * outcome bands (seed ch. 1 "Averaging", ch. 2 "Attributes"/"Skills", ch. 3 "Difficulty
 * Modifiers" and "(Variable Outcomes)").
 */
import { assertInt, assertIntInRange, assertNonNegativeInt } from "./validate";

export type AttributeKey = "physique" | "coordination" | "intellect" | "aura";
export const STANDARD_ATTRIBUTES: readonly AttributeKey[] = ["physique", "coordination", "intellect", "aura"];

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

/** A skill the character lacks: the attribute averaged with base 0, i.e. half the attribute. */
export function unskilledRank(attribute: number): number {
  return skillRank(attribute, 0);
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

/** Outcome band from the margin (total minus target): < -5, -5..-2, -1..+1, +2..+5, > +5. */
export function bandForMargin(margin: number): Band {
  assertInt(margin, "Margin");
  if (margin < -5) return "fumble";
  if (margin <= -2) return "failure";
  if (margin <= 1) return "marginal";
  if (margin <= 5) return "success";
  return "critical";
}

/** The target of an unopposed roll. */
export const UNOPPOSED_TARGET = 10;
