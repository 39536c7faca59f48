/**
 * The difficulty ladder and what a player reads from a rank (seed: "Attributes", "Difficulty",
 * "Results"): rank labels, the ladder's modifiers, band labels, roll advice and the chance of
 * success. Runtime code (sheets, dialogs, cards), apart from rules/core.ts, whose ranks and bands the
 * data models derive: docs/architecture.md "Load what the world needs".
 */
import { rowByKey } from "../../../dice/dict";
import { assertInt, assertNonNegativeInt } from "./validate";
import { type Band, BANDS, UNOPPOSED_TARGET } from "./core";

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

/** An attribute roll uses the attribute directly. */
export function attributeRollRank(attribute: number): number {
  assertNonNegativeInt(attribute, "Attribute");
  return attribute;
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

export const BAND_LABELS: Readonly<Record<Band, string>> = {
  fumble: "Fumble",
  failure: "Failure",
  marginal: "Marginal",
  success: "Success",
  critical: "Critical",
};

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
