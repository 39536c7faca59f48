/**
 * Mortality, bleeding and recovery (seed: "Mortal wounds", "Bleeding", "Healing"): checks and
 * steps played at the table, runtime code apart from rules/damage.ts, whose thresholds and
 * penalties the data models use (docs/architecture.md "Load what the world needs").
 */
import type { RandomSource } from "../../../dice/random";
import type { CheckFaces, CheckInput, CheckResult } from "./check";
import { rollCheck } from "./check";
import { resolveCheck } from "./check-faces";
import { UNOPPOSED_TARGET } from "./core";
import { assertInt, assertNonNegativeInt, assertOneOf } from "./validate";
import { MORTAL_WOUNDS, woundPenalty } from "./damage";

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
