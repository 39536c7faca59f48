/**
 * Health (seed: "Determine Health", "Health Points", "The Health Range", "Keeping Healthy",
 * "Failing Health", "Death").
 */
import { type AttributeKey, type Attributes, requireAttributeKey, validateAttributes } from "./attributes";
import { dictFrom, own } from "../../../dice/dict";
import { requireInt, requirePositive } from "./validate";

/** How Normal Health is derived; a setting may pick other attributes or another multiplier. */
export interface HealthRules {
  readonly attributes: readonly [AttributeKey, AttributeKey];
  readonly multiplier: number;
}
export const STANDARD_HEALTH: HealthRules = { attributes: ["endurance", "spirit"], multiplier: 10 };

function pairSum(attrs: Attributes, rules: HealthRules): number {
  const a = validateAttributes(attrs);
  if (rules.attributes.length !== 2) throw new RangeError(`Health rules need exactly two attributes, not ${rules.attributes.length}`);
  return a[requireAttributeKey("Health rules", rules.attributes[0])] + a[requireAttributeKey("Health rules", rules.attributes[1])];
}

/** Normal Health = average of the two attributes × multiplier (rounded down if fractional). */
export function normalHealth(attrs: Attributes, rules: HealthRules = STANDARD_HEALTH): number {
  requirePositive("Health multiplier", rules.multiplier);
  return Math.floor((pairSum(attrs, rules) * rules.multiplier) / 2);
}

/** Normal Health gained by one Progression Point purchase: the average, rounded up. */
export function healthIncrease(attrs: Attributes, rules: HealthRules = STANDARD_HEALTH): number {
  return Math.ceil(pairSum(attrs, rules) / 2);
}

/** Daily recovery rate before the care multiplier: the average, rounded up (our decision). */
export function dailyRecoveryRate(attrs: Attributes, rules: HealthRules = STANDARD_HEALTH): number {
  return Math.ceil(pairSum(attrs, rules) / 2);
}

export const CARE_LEVELS = ["none", "rest", "medical"] as const;
export type CareLevel = (typeof CARE_LEVELS)[number];
/** Recovery multipliers: ordinary days ×1, dedicated rest ×2, rest with professional care ×3. */
export const CARE_MULTIPLIERS: Readonly<Record<CareLevel, number>> = Object.freeze(dictFrom<number>(Object.entries({ none: 1, rest: 2, medical: 3 })));

export interface HealthPoints {
  readonly normal: number;
  readonly current: number;
}

export function validateHealth(h: HealthPoints): HealthPoints {
  requireInt("Normal health", h.normal, 0);
  requireInt("Current health", h.current);
  return h;
}

export interface RecoveryResult {
  readonly health: HealthPoints;
  readonly recovered: number;
  readonly rate: number;
}

/**
 * Recover for a number of days: rate × care multiplier per day added to Current, never past
 * Normal; a character already above Normal (exceptional) keeps their Current.
 */
export function recover(health: HealthPoints, attrs: Attributes, days: number, care: CareLevel = "none", rules: HealthRules = STANDARD_HEALTH): RecoveryResult {
  validateHealth(health);
  requireInt("Days of recovery", days, 0);
  const mult = own(CARE_MULTIPLIERS, care);
  if (mult === undefined) throw new RangeError(`Unknown care level "${String(care)}" (expected ${CARE_LEVELS.join(", ")})`);
  const rate = dailyRecoveryRate(attrs, rules) * mult;
  if (health.current >= health.normal) return { health, recovered: 0, rate };
  const current = Math.min(health.normal, health.current + rate * days);
  return { health: { normal: health.normal, current }, recovered: current - health.current, rate };
}

export const HEALTH_STATES = ["exceptional", "normal", "injured", "onTheBrink", "dying", "dead"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/**
 * The Health Range. Order of tests: dead (below −Normal), dying (below 0), on the brink (0),
 * exceptional (above Normal), normal (equal), injured (between 0 and Normal).
 */
export function healthState(health: HealthPoints): HealthState {
  validateHealth(health);
  const { normal, current } = health;
  if (current < -normal) return "dead";
  if (current < 0) return "dying";
  if (current === 0) return "onTheBrink";
  if (current > normal) return "exceptional";
  if (current === normal) return "normal";
  return "injured";
}

/** Take damage (a whole number ≥ 0) off Current. */
export function applyDamage(health: HealthPoints, damage: number): HealthPoints {
  validateHealth(health);
  requireInt("Damage", damage, 0);
  return { normal: health.normal, current: health.current - damage };
}

/** Starting health for a new character: Current equals Normal. */
export function startingHealth(attrs: Attributes, rules: HealthRules = STANDARD_HEALTH): HealthPoints {
  const n = normalHealth(attrs, rules);
  return { normal: n, current: n };
}

/**
 * A Progression Point Health increase: Normal grows by the increase; Current grows by the same
 * amount (our decision, so a healthy character stays at Normal).
 */
export function buyHealthIncrease(health: HealthPoints, attrs: Attributes, rules: HealthRules = STANDARD_HEALTH): HealthPoints {
  validateHealth(health);
  const inc = healthIncrease(attrs, rules);
  return { normal: health.normal + inc, current: health.current + inc };
}
