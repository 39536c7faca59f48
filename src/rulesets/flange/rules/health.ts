/**
 * Health (seed 004 "Health", "Dramatic Wounds System"): 18 − Constitution boxes, serious injury
 * at three or more boxes lost at once, dead at none left; optional grind wounds.
 */
import { assertInt, grindBoxes, healthBoxes } from "./character";

export const HEALTH_STATUSES = ["unhurt", "wounded", "dead"] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/**
 * Most standard boxes and most grind wounds a health track may have (the rules give 8..13 and
 * 4..7; the cap leaves room for house rules and keeps applying damage a bounded walk).
 */
export const HEALTH_BOXES_MAX = 99;

/** Standard boxes lost in one go that make a serious injury (the GM says what it is). */
export const SERIOUS_INJURY_BOXES = 3;

export interface HealthState {
  /** Standard health boxes (18 − Constitution). */
  readonly boxes: number;
  /** Standard boxes crossed off. */
  readonly lost: number;
  /** Grind wounds (0 when the dramatic wounds rule is off). */
  readonly grindBoxes: number;
  /** Grind wounds crossed off. */
  readonly grindLost: number;
}

/** A fresh health track; `dramaticWounds` adds the grind wounds (world setting, off by default). */
export function newHealth(constitution: number, dramaticWounds = false): HealthState {
  return { boxes: healthBoxes(constitution), lost: 0, grindBoxes: dramaticWounds ? grindBoxes(constitution) : 0, grindLost: 0 };
}

export function validateHealth(h: HealthState): void {
  if (typeof h !== "object" || h === null) throw new RangeError("A health track needs its boxes");
  assertInt(h.boxes, "Health boxes", 1, HEALTH_BOXES_MAX);
  assertInt(h.lost, "Health boxes lost", 0, h.boxes);
  assertInt(h.grindBoxes, "Grind wounds", 0, HEALTH_BOXES_MAX);
  assertInt(h.grindLost, "Grind wounds lost", 0, Math.max(0, h.grindBoxes - 1));
}

export function healthStatus(h: HealthState): HealthStatus {
  if (h.lost >= h.boxes) return "dead";
  return h.lost > 0 || h.grindLost > 0 ? "wounded" : "unhurt";
}

export interface DamageApplied {
  readonly before: HealthState;
  readonly after: HealthState;
  /** Standard boxes crossed off by this damage. */
  readonly boxesLost: number;
  /** Grind wounds crossed off (counting each reset). */
  readonly grindCrossed: number;
  readonly seriousInjury: boolean;
  readonly status: HealthStatus;
}

/**
 * Apply damage. With grind wounds (grindBoxes > 0) ordinary damage crosses grind wounds; losing
 * the last one crosses a standard box and resets them. `dramatic` (GM's ruling) sends the damage
 * to the standard boxes directly. Serious injury counts standard boxes only (decision).
 */
export function applyDamage(h: HealthState, amount: number, dramatic = false): DamageApplied {
  validateHealth(h);
  assertInt(amount, "Damage", 0);
  let lost = h.lost;
  let grindLost = h.grindLost;
  let grindCrossed = 0;
  if (h.grindBoxes === 0 || dramatic) {
    lost = Math.min(h.boxes, lost + amount);
  } else {
    for (let i = 0; i < amount && lost < h.boxes; i++) {
      grindLost += 1;
      grindCrossed += 1;
      if (grindLost >= h.grindBoxes) {
        lost += 1;
        grindLost = 0;
      }
    }
  }
  const after: HealthState = { ...h, lost, grindLost };
  const boxesLost = lost - h.lost;
  return { before: h, after, boxesLost, grindCrossed, seriousInjury: boxesLost >= SERIOUS_INJURY_BOXES, status: healthStatus(after) };
}
