/**
 * Healing (seed: "Healing"): 1 wound level a day at rest (none after strenuous activity), an
 * end-of-day Health check against the effective wound level (no wound penalty) for one more, and
 * once a day medical treatment with a medical skill against the effective wound level (the
 * treater's own wound penalty applies, so a character treating herself suffers hers).
 */
import type { RandomSource } from "../../../dice/random";
import { checkOdds, rollCheck, type CheckInput, type CheckResult } from "./check";
import { taskModifier, validateAttributes, woundStatus, type Attributes } from "./character";
import { requireInteger, requireIntegerAtLeast } from "./validate";

/** Wound levels a successful medical treatment heals. The seed does not say; ours is 1 (a setting). */
export const DEFAULT_TREATMENT_HEALS = 1;
/** Wound levels healed by a day of rest without strenuous activity. */
export const REST_HEALS = 1;
/** Wound levels healed by a successful end-of-day Health check. */
export const HEALTH_CHECK_HEALS = 1;

export interface HealingDayInput {
  readonly attributes: Attributes;
  readonly woundLevels: number;
  readonly woundScale?: number;
  /** Did the character do anything strenuous today (the GM decides what counts)? */
  readonly strenuous: boolean;
  /**
   * Medical treatment today: the treater's full task modifier with her medical skill (including
   * her own wound penalty — for self-treatment that is this character's penalty). Null: none.
   */
  readonly treatment?: { readonly modifier: number } | null;
  /** Wound levels a successful treatment heals (default 1). */
  readonly treatmentHeals?: number;
}

export interface HealingDayResult {
  readonly woundLevelsBefore: number;
  /** The treatment check (target: effective wound level at the start of the day), or null. */
  readonly treatment: CheckResult | null;
  readonly treatmentHealed: number;
  readonly restHealed: number;
  /** The end-of-day Health check (target: current effective wound level), null when no wounds are left. */
  readonly healthCheck: CheckResult | null;
  readonly healthCheckHealed: number;
  readonly healed: number;
  readonly woundLevels: number;
  /** Every d12 face rolled today, treatment first. */
  readonly dice: readonly number[];
}

function effectiveOf(input: HealingDayInput, woundLevels: number): number {
  return woundStatus({ woundLevels, tolerance: input.attributes.tolerance, scale: input.woundScale }).effective;
}

function checkInput(input: HealingDayInput): void {
  validateAttributes(input.attributes);
  requireIntegerAtLeast(input.woundLevels, 0, "Wound levels");
  if (typeof input.strenuous !== "boolean") throw new RangeError("Strenuous must be true or false");
  if (input.treatment) requireInteger(input.treatment.modifier, "Treatment modifier");
  requireIntegerAtLeast(input.treatmentHeals ?? DEFAULT_TREATMENT_HEALS, 0, "Wound levels healed by treatment");
}

/** The treatment check of the day (target: effective wound level now), or null without treatment or wounds. */
export function treatmentCheckInput(input: HealingDayInput): CheckInput | null {
  checkInput(input);
  if (!input.treatment || input.woundLevels === 0) return null;
  return { modifier: input.treatment.modifier, target: effectiveOf(input, input.woundLevels) };
}

/** The end-of-day Health check at a wound tally: Health alone, no wound penalty, target = effective level. */
export function healthCheckInput(input: HealingDayInput, woundLevels: number): CheckInput {
  checkInput(input);
  const m = taskModifier({ attributes: input.attributes, task: { kind: "attributes", attributes: ["health"] }, ignoreWoundPenalty: true });
  return { modifier: m.total, target: effectiveOf(input, requireIntegerAtLeast(woundLevels, 0, "Wound levels")) };
}

interface DayStep {
  readonly treatmentHealed: number;
  readonly afterTreatmentAndRest: number;
  readonly restHealed: number;
}

function afterTreatmentAndRest(input: HealingDayInput, treated: boolean): DayStep {
  const heals = input.treatmentHeals ?? DEFAULT_TREATMENT_HEALS;
  const treatmentHealed = treated ? Math.min(heals, input.woundLevels) : 0;
  const afterTreatment = input.woundLevels - treatmentHealed;
  const restHealed = input.strenuous ? 0 : Math.min(REST_HEALS, afterTreatment);
  return { treatmentHealed, restHealed, afterTreatmentAndRest: afterTreatment - restHealed };
}

/**
 * One day of healing, in this order: treatment during the day, the rest at day's end, then the
 * Health check against the effective level that remains.
 */
export function rollHealingDay(input: HealingDayInput, rng: RandomSource): HealingDayResult {
  checkInput(input);
  const treatInput = treatmentCheckInput(input);
  const treatment = treatInput ? rollCheck(treatInput, rng) : null;
  const step = afterTreatmentAndRest(input, treatment?.success ?? false);
  const healthCheck = step.afterTreatmentAndRest > 0 ? rollCheck(healthCheckInput(input, step.afterTreatmentAndRest), rng) : null;
  const healthCheckHealed = healthCheck?.success ? HEALTH_CHECK_HEALS : 0;
  const healed = step.treatmentHealed + step.restHealed + healthCheckHealed;
  return {
    woundLevelsBefore: input.woundLevels,
    treatment,
    treatmentHealed: step.treatmentHealed,
    restHealed: step.restHealed,
    healthCheck,
    healthCheckHealed,
    healed,
    woundLevels: input.woundLevels - healed,
    dice: [...(treatment?.dice ?? []), ...(healthCheck?.dice ?? [])],
  };
}

/** Exact distribution of the wound levels healed in one day (keys 0 … 3). */
export function healingDayOdds(input: HealingDayInput): Readonly<Record<number, number>> {
  checkInput(input);
  const treatInput = treatmentCheckInput(input);
  const pTreat = treatInput ? successOf(treatInput) : 0;
  const odds: Record<number, number> = {};
  const addBranch = (treated: boolean, p: number): void => {
    if (p === 0) return;
    const step = afterTreatmentAndRest(input, treated);
    const base = step.treatmentHealed + step.restHealed;
    const pHealth = step.afterTreatmentAndRest > 0 ? successOf(healthCheckInput(input, step.afterTreatmentAndRest)) : 0;
    odds[base] = (odds[base] ?? 0) + p * (1 - pHealth);
    if (pHealth > 0) odds[base + HEALTH_CHECK_HEALS] = (odds[base + HEALTH_CHECK_HEALS] ?? 0) + p * pHealth;
  };
  addBranch(true, pTreat);
  addBranch(false, 1 - pTreat);
  for (const k of Object.keys(odds)) if (odds[Number(k)] === 0) delete odds[Number(k)];
  return odds;
}

function successOf(input: CheckInput): number {
  const o = checkOdds(input);
  return o.auto + o.success;
}
