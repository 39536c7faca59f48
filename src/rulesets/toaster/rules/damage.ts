/**
 * Effects of damage (seed ch. 4 "Effects of Damage", "Character Size", "(Unnamed Characters)",
 * "(Bleeding)", "Healing", and the mortality check under "Wounds").
 */
import { assertIntInRange, assertNonNegativeInt, assertPositiveInt } from "./validate";

export interface Thresholds {
  stun: number;
  wound: number;
}

/** The seed's size table: even ranks -4..+4. */
export const SIZE_THRESHOLD_TABLE: readonly { size: number; stun: number; wound: number }[] = [
  { size: 4, stun: 6, wound: 6 },
  { size: 2, stun: 6, wound: 5 },
  { size: 0, stun: 5, wound: 5 },
  { size: -2, stun: 4, wound: 5 },
  { size: -4, stun: 4, wound: 4 },
];

/**
 * Stun and wound thresholds from the Physical Size trait (-10..+10).
 *
 * Decision: odd ranks count as the next even rank away from zero (so +1 reads as +2: 6/5, which is
 * what Father Mallory's sheet prints); each further step of two ranks beyond ±4 continues the
 * table's alternation (first stun moves, then wound), giving +6 = 7/6, +8 = 7/7, +10 = 8/7 and
 * -6 = 3/4, -8 = 3/3, -10 = 2/3.
 */
export function sizeThresholds(sizeRank: number): Thresholds {
  assertIntInRange(sizeRank, "Physical size rank", -10, 10);
  const sign = Math.sign(sizeRank);
  const steps = Math.ceil(Math.abs(sizeRank) / 2);
  return { stun: 5 + sign * Math.ceil(steps / 2), wound: 5 + sign * Math.floor(steps / 2) };
}

export type StunKey = "fine" | "bruised" | "battered" | "dazed" | "stunned" | "unconscious";
export interface StunState {
  key: StunKey;
  label: string;
  penalty: number;
  unconscious: boolean;
}

export const STUN_STATES: readonly StunState[] = [
  { key: "fine", label: "Fine", penalty: 0, unconscious: false },
  { key: "bruised", label: "Bruised", penalty: -1, unconscious: false },
  { key: "battered", label: "Battered", penalty: -2, unconscious: false },
  { key: "dazed", label: "Dazed", penalty: -3, unconscious: false },
  { key: "stunned", label: "Stunned", penalty: -4, unconscious: false },
  // The seed gives no penalty for an unconscious character (it cannot act); -4 keeps the scale.
  { key: "unconscious", label: "Unconscious", penalty: -4, unconscious: true },
];

/** Condition from accumulated stun: one step per full stun threshold. */
export function stunState(input: { stun: number; stunThreshold: number }): StunState {
  const { stun, stunThreshold } = input;
  assertNonNegativeInt(stun, "Stun points");
  assertPositiveInt(stunThreshold, "Stun threshold");
  return STUN_STATES[Math.min(Math.floor(stun / stunThreshold), STUN_STATES.length - 1)];
}

/** Wounds from one attack: one per full wound threshold of damage; unarmed attacks one fewer (min 0). */
export function woundsFromDamage(input: { damage: number; woundThreshold: number; unarmed?: boolean }): number {
  const { damage, woundThreshold, unarmed = false } = input;
  assertNonNegativeInt(damage, "Damage");
  assertPositiveInt(woundThreshold, "Wound threshold");
  const wounds = Math.floor(damage / woundThreshold);
  return unarmed ? Math.max(0, wounds - 1) : wounds;
}

export const MORTAL_WOUNDS = 5;

/** -1 per wound, 0..-4; at 5+ the character is mortally wounded (the penalty stays -4). */
export function woundPenalty(wounds: number): number {
  assertNonNegativeInt(wounds, "Wounds");
  return wounds === 0 ? 0 : -Math.min(wounds, 4);
}

export function isMortallyWounded(wounds: number): boolean {
  assertNonNegativeInt(wounds, "Wounds");
  return wounds >= MORTAL_WOUNDS;
}

/** Stun and wound penalties do not add up: the worse one applies. */
export function actionPenalty(input: { stun: number; wounds: number; thresholds: Thresholds }): number {
  const { stun, wounds, thresholds } = input;
  return Math.min(stunState({ stun, stunThreshold: thresholds.stun }).penalty, woundPenalty(wounds));
}

/** An unnamed character (mook) is out of the fight at the first wound. */
export function unnamedIncapacitated(wounds: number): boolean {
  assertNonNegativeInt(wounds, "Wounds");
  return wounds >= 1;
}
