/**
 * Effects of damage (seed ch. 4 "Effects of Damage", "Character Size", "(Unnamed Characters)",
 * "(Bleeding)", "Healing", and the mortality check under "Wounds").
 */
import type { RandomSource } from "../../../dice/random";
import type { CheckFaces, CheckInput, CheckResult } from "./check";
import { resolveCheck, rollCheck } from "./check";
import { UNOPPOSED_TARGET } from "./core";
import { assertInt, assertIntInRange, assertNonNegativeInt, assertOneOf, assertPositiveInt } from "./validate";

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

export type DiceRules = Omit<CheckInput, "rank" | "modifier" | "target" | "luckBefore">;

/** Modifier of a mortality check: -1 per wound over 5, plus any medical bonus. */
export function mortalityModifier(input: { wounds: number; modifier?: number }): number {
  assertNonNegativeInt(input.wounds, "Wounds");
  const modifier = input.modifier ?? 0;
  assertInt(modifier, "Mortality modifier");
  return -Math.max(0, input.wounds - MORTAL_WOUNDS) + modifier;
}

/** A mortality check: Physique, the wounds (5 or more), any medical bonus, and the d10* rules (never rolling zeros: a 0 kills anyway). */
export interface MortalityInput extends Omit<DiceRules, "rollingZeros"> {
  physique: number;
  wounds: number;
  /** Medical or other bonus on top of the −1 per wound over 5. */
  modifier?: number;
}

export type MortalityOutcome = "dies-now" | "dies-in" | "holds";

export interface MortalityResult {
  result: CheckResult;
  outcome: MortalityOutcome;
  rounds: number;
  faces: CheckFaces;
}

/** The input of a Physique roll against the wounds (mortality, healing): an object (else `needs`) with whole, non-negative wounds. */
function checkWoundedInput<T extends { readonly wounds: number }>(input: T, needs: string): T {
  if (typeof input !== "object" || input === null) throw new TypeError(needs);
  assertNonNegativeInt(input.wounds, "Wounds");
  return input;
}

/** The check a mortality check rolls (validated). */
export function mortalityCheckInput(input: MortalityInput): CheckInput {
  const { physique, wounds, modifier, ...rules } = checkWoundedInput(input, "A mortality check needs {physique, wounds, modifier}");
  if (wounds < MORTAL_WOUNDS) throw new RangeError(`A mortality check needs ${MORTAL_WOUNDS} or more wounds, not ${wounds}`);
  return { ...rules, rollingZeros: false, rank: physique, modifier: mortalityModifier({ wounds, modifier }) };
}

function mortalityOutcome(result: CheckResult): MortalityResult {
  const base = { result, faces: result.faces };
  if (result.naturalZero) return { ...base, outcome: "dies-now", rounds: 0 };
  if (result.success) return { ...base, outcome: "holds", rounds: result.total - 9 };
  if (result.total <= 0) return { ...base, outcome: "dies-now", rounds: 0 };
  return { ...base, outcome: "dies-in", rounds: result.total };
}

/**
 * Mortality check: a Physique roll at -1 per wound over 5. A natural 0 kills at once; another
 * failure kills after as many rounds as the roll's total (a total of 0 or less: at once); a success
 * holds on for total − 9 rounds, then the check is made again.
 */
export function rollMortality(input: MortalityInput, rng: RandomSource): MortalityResult {
  return mortalityOutcome(rollCheck(mortalityCheckInput(input), rng));
}

/** Classify a mortality check from its faces. Never draws. */
export function resolveMortality(input: MortalityInput, faces: CheckFaces): MortalityResult {
  return mortalityOutcome(resolveCheck(mortalityCheckInput(input), faces));
}

/** Bleeding: the rate (stun per round) is the wound count minus what medical care has stopped. */
export interface BleedingState {
  stun: number;
  wounds: number;
  /** Stun points lost to bleeding so far (every 10 adds a wound). */
  bleedStun: number;
  /** Stun per round from blood loss. */
  rate: number;
}

export const BLEED_STUN_PER_WOUND = 10;

/** Start bleeding: 1 stun per round for each wound. */
export function startBleeding(input: { stun: number; wounds: number }): BleedingState {
  const { stun, wounds } = input;
  assertNonNegativeInt(stun, "Stun points");
  assertNonNegativeInt(wounds, "Wounds");
  return { stun, wounds, bleedStun: 0, rate: wounds };
}

/**
 * One or more rounds of bleeding. Every 10 bleeding stun adds a wound; that wound does not raise
 * the rate (the GM may, by passing a new rate).
 */
export function bleed(state: BleedingState, rounds = 1): BleedingState {
  assertNonNegativeInt(rounds, "Rounds");
  assertNonNegativeInt(state.rate, "Bleeding rate");
  const lost = state.rate * rounds;
  const bleedStun = state.bleedStun + lost;
  const newWounds = Math.floor(bleedStun / BLEED_STUN_PER_WOUND) - Math.floor(state.bleedStun / BLEED_STUN_PER_WOUND);
  return { ...state, stun: state.stun + lost, bleedStun, wounds: state.wounds + newWounds };
}

/**
 * Medical care against bleeding.
 * - "standard": the medical roll (wound penalty already applied) stops all bleeding on a success.
 * - "margin": no wound penalty; the margin over 10 is the number of stun points stopped, counted
 *   from the original rate (baseRate): a later roll helps only by beating the best margin so far.
 */
export function stopBleeding(input: { variant: "standard" | "margin"; medicalTotal: number; baseRate: number; bestMarginSoFar?: number }): { rate: number; bestMargin: number } {
  const { variant, medicalTotal, baseRate, bestMarginSoFar = 0 } = input;
  assertOneOf(variant, "Bleeding treatment variant", ["standard", "margin"] as const);
  assertInt(medicalTotal, "Medical roll total");
  assertNonNegativeInt(baseRate, "Bleeding rate");
  assertNonNegativeInt(bestMarginSoFar, "Best medical margin so far");
  const margin = medicalTotal - UNOPPOSED_TARGET;
  if (variant === "standard") return { rate: margin >= 0 ? 0 : baseRate, bestMargin: bestMarginSoFar };
  const best = Math.max(bestMarginSoFar, margin);
  return { rate: Math.max(0, baseRate - best), bestMargin: best };
}

/** Stun recovery: Physique points (at least 1) per ten minutes of rest. */
export function recoverStun(input: { stun: number; physique: number; tenMinutePeriods: number }): number {
  const { stun, physique, tenMinutePeriods } = input;
  assertNonNegativeInt(stun, "Stun points");
  assertNonNegativeInt(physique, "Physique");
  assertNonNegativeInt(tenMinutePeriods, "Rest periods");
  return Math.max(0, stun - Math.max(1, physique) * tenMinutePeriods);
}

/** The modifier a medical roll gives to the healing roll: the amount it was made by (0 if failed). */
export function medicalModifier(medicalTotal: number): number {
  assertInt(medicalTotal, "Medical roll total");
  return Math.max(0, medicalTotal - UNOPPOSED_TARGET);
}

export interface MedicalCare {
  kind: "none" | "firstAid" | "longTerm";
  bonus: number;
}

/** Wounds after a healing roll: a success heals one, a fumble adds one, anything else changes nothing. */
export function woundsAfterHealing(wounds: number, result: Pick<CheckResult, "success" | "band">): number {
  assertNonNegativeInt(wounds, "Wounds");
  return result.success ? Math.max(0, wounds - 1) : result.band === "fumble" ? wounds + 1 : wounds;
}

/** A healing roll: Physique with the wound penalty and the medical bonus, and the d10* rules. */
export interface HealingInput extends DiceRules {
  physique: number;
  wounds: number;
  care: MedicalCare;
}

export interface HealingResult {
  result: CheckResult;
  wounds: number;
  care: MedicalCare;
  faces: CheckFaces;
}

/** The check a healing roll rolls (validated). */
export function healingCheckInput(input: HealingInput): CheckInput {
  const { physique, wounds, care, ...rules } = checkWoundedInput(input, "A healing roll needs {physique, wounds, care}");
  if (typeof care !== "object" || care === null) throw new TypeError("Medical care must be {kind, bonus}");
  assertOneOf(care.kind, "Medical care", ["none", "firstAid", "longTerm"] as const);
  assertNonNegativeInt(care.bonus, "Medical bonus");
  return { ...rules, rank: physique, modifier: woundPenalty(wounds) + care.bonus };
}

function healingOutcome(input: HealingInput, result: CheckResult): HealingResult {
  const after = woundsAfterHealing(input.wounds, result);
  const care = input.care;
  const none: MedicalCare = { kind: "none", bonus: 0 };
  const next: MedicalCare = care.kind === "firstAid" ? none : care.kind === "longTerm" && !result.success ? none : { kind: care.kind, bonus: care.bonus };
  return { result, wounds: after, care: next, faces: result.faces };
}

/**
 * A week (or, after prompt first aid, a day or two) of rest: a Physique roll with the wound
 * penalty and any medical bonus. Success heals a wound, a fumble adds one. First aid's bonus is
 * used once; long-term care's stays until a roll fails (or the character is wounded again).
 */
export function rollHealing(input: HealingInput, rng: RandomSource): HealingResult {
  return healingOutcome(input, rollCheck(healingCheckInput(input), rng));
}

/** Classify a healing roll from its faces. Never draws. */
export function resolveHealing(input: HealingInput, faces: CheckFaces): HealingResult {
  return healingOutcome(input, resolveCheck(healingCheckInput(input), faces));
}
