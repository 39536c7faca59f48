/**
 * Healing (seed: "Healing"): 1 wound level a day at rest (none after strenuous activity), an
 * end-of-day Health check against the effective wound level (no wound penalty) for one more, and
 * once a day medical treatment with a medical skill against the effective wound level (the
 * treater's own wound penalty applies, so a character treating herself suffers hers).
 */
import { makeOdds, type Odds } from "../../../dice/contract";
import type { RandomSource } from "../../../dice/random";
import { checkModifier, resolveCheck, type CheckInput, type CheckResult } from "./check";
import { checkSuccessChance } from "./check-odds";
import { checkWoundLevels, taskModifier, validateAttributes, woundStatus, type Attributes } from "./character";
import { drawD10PlusFaces } from "./d10plus";
import { DEFAULT_TREATMENT_HEALS, MAX_WOUND_LEVELS } from "./limits";
import { requireFaceLists, requireIntegerIn, requireRecord } from "./validate";
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
  /** The faces of the day's checks (each empty when that check was not rolled). */
  readonly faces: HealingDayFaces;
}

/** The d10+ faces of the treatment check and of the end-of-day Health check. */
export interface HealingDayFaces {
  readonly treatment: readonly number[];
  readonly health: readonly number[];
}

function effectiveOf(input: HealingDayInput, woundLevels: number): number {
  return woundStatus({ woundLevels, tolerance: input.attributes.tolerance, scale: input.woundScale }).effective;
}

function checkInput(input: HealingDayInput): void {
  requireRecord(input, "A day of healing");
  validateAttributes(input.attributes);
  checkWoundLevels(input.woundLevels);
  if (typeof input.strenuous !== "boolean") throw new RangeError("Strenuous must be true or false");
  if (input.treatment !== undefined && input.treatment !== null) checkModifier(requireRecord(input.treatment, "Treatment").modifier, "Treatment modifier");
  requireIntegerIn(input.treatmentHeals ?? DEFAULT_TREATMENT_HEALS, 0, MAX_WOUND_LEVELS, "Wound levels healed by treatment");
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
  return { modifier: m.total, target: effectiveOf(input, checkWoundLevels(woundLevels)) };
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

/** The day, from the faces of its checks, taken as each check falls due. */
function dayFrom(input: HealingDayInput, treatmentFaces: () => readonly number[], healthFaces: () => readonly number[]): HealingDayResult {
  const treatInput = treatmentCheckInput(input);
  const treatment = treatInput ? resolveCheck(treatInput, treatmentFaces()) : null;
  const step = afterTreatmentAndRest(input, treatment?.success ?? false);
  const healthCheck = step.afterTreatmentAndRest > 0 ? resolveCheck(healthCheckInput(input, step.afterTreatmentAndRest), healthFaces()) : null;
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
    faces: { treatment: treatment ? treatment.faces : [], health: healthCheck ? healthCheck.faces : [] },
  };
}

/**
 * One day of healing, in this order: treatment during the day, the rest at day's end, then the
 * Health check against the effective level that remains.
 */
export function rollHealingDay(input: HealingDayInput, rng: RandomSource): HealingDayResult {
  checkInput(input);
  return dayFrom(
    input,
    () => drawD10PlusFaces(rng),
    () => drawD10PlusFaces(rng),
  );
}

/** A day of healing from the faces of its checks (a check that is not due takes no faces). */
export function resolveHealingDay(input: HealingDayInput, faces: HealingDayFaces): HealingDayResult {
  checkInput(input);
  const { treatment, health } = requireFaceLists(faces, "Healing faces", { treatment: "Treatment-check faces", health: "Health-check faces" });
  const day = dayFrom(
    input,
    () => treatment,
    () => health,
  );
  if (!day.treatment && treatment.length !== 0) throw new RangeError(`No treatment check is due today, but ${treatment.length} treatment faces were given`);
  if (!day.healthCheck && health.length !== 0) throw new RangeError(`No Health check is due tonight, but ${health.length} Health-check faces were given`);
  return day;
}

/** Exact distribution of the wound levels healed in one day (key: levels healed). */
export function healingDayOutcomeOdds(input: HealingDayInput): ReadonlyMap<number, number> {
  checkInput(input);
  const treatInput = treatmentCheckInput(input);
  const pTreat = treatInput ? checkSuccessChance(treatInput) : 0;
  const odds = new Map<number, number>();
  const addBranch = (treated: boolean, p: number): void => {
    if (p === 0) return;
    const step = afterTreatmentAndRest(input, treated);
    const base = step.treatmentHealed + step.restHealed;
    const pHealth = step.afterTreatmentAndRest > 0 ? checkSuccessChance(healthCheckInput(input, step.afterTreatmentAndRest)) : 0;
    odds.set(base, (odds.get(base) ?? 0) + p * (1 - pHealth));
    if (pHealth > 0) odds.set(base + HEALTH_CHECK_HEALS, (odds.get(base + HEALTH_CHECK_HEALS) ?? 0) + p * pHealth);
  };
  addBranch(true, pTreat);
  addBranch(false, 1 - pTreat);
  for (const [k, p] of odds) if (p === 0) odds.delete(k);
  return new Map([...odds].sort((a, b) => a[0] - b[0]));
}

/**
 * Exact odds of a day of healing: one outcome per number of wound levels healed, fewest first
 * (keys "0", "1", …); success = at least one level healed.
 */
export function healingDayOdds(input: HealingDayInput): Odds {
  const o = healingDayOutcomeOdds(input);
  return makeOdds({ success: 1 - (o.get(0) ?? 0), outcomes: [...o].map(([healed, p]) => ({ key: String(healed), p })) });
}
