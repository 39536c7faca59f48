/**
 * A whole D10/0 character as plain data, and everything derived from it (seed: "The Character",
 * "Standard Player Agent Build Process"). What a Foundry data model stores and prepares.
 */
import { type AttributeBuildCheck, type AttributeKey, type Attributes, actionQuota, checkAttributeBuild, requireAttributeKey, validateAttributes } from "./attributes";
import type { CheckInput } from "./checks";
import { type AdjustmentNotation, combineAdjustments } from "./dat";
import { type AdjustedDamage, applyAdjustment } from "./dat-odds";
import { type HealthPoints, type HealthRules, type HealthState, STANDARD_HEALTH, applyDamage, dailyRecoveryRate, healthIncrease, healthState, normalHealth } from "./health";
import type { Karma } from "./karma";
import { type PowerPoints, validatePowerPoints } from "./power-points";
import { type ProgressionLedger, availableProgression } from "./progression";
import { STANDARD_CREATION } from "./constants";
import { type SkillRating, type SkillTree, computeSkills, treeCost } from "./skills";
import { type ReserveSkillPoints, validateReserveSkillPoints } from "./skill-growth";
import { type Tab, tabAdjustments } from "./tabs";
import { tabCheckModifiers, applyTabDifficulty } from "./tab-use";

export interface D100Character {
  readonly attributes: Attributes;
  readonly health: HealthPoints;
  /** Health Conditions: free notes (broken arm, cold…) that heal on their own terms. */
  readonly conditions: readonly string[];
  readonly skills: SkillTree;
  /** Skill points kept for later: unassigned GM rewards and points bought for a root. */
  readonly reserveSkillPoints: ReserveSkillPoints;
  readonly powers: Readonly<Record<string, PowerPoints>>;
  readonly tabs: readonly Tab[];
  readonly karma: Karma;
  readonly progression: ProgressionLedger;
  /** Adjustments from equipment, in notation ("-10F -2R"). */
  readonly adjustments: string;
}

export interface DerivedCharacter {
  readonly actionQuota: number;
  /** Normal Health as the rules derive it at creation (the stored Normal may have grown since). */
  readonly baseNormalHealth: number;
  readonly healthState: HealthState;
  readonly healthIncrease: number;
  readonly dailyRecovery: number;
  readonly attributeBuild: AttributeBuildCheck;
  /** Every skill in tree order (roots first), with Base, Adjust, Total and cost. */
  readonly skills: readonly SkillRating[];
  readonly skillPointsSpent: number;
  /** Creation skill points left (100 minus spent; negative once progression has added more). */
  readonly creationSkillPointsLeft: number;
  /** Equipment adjustments followed by TAB adjustments. */
  readonly adjustments: AdjustmentNotation;
  readonly progressionAvailable: number;
}

export function deriveCharacter(c: D100Character, healthRules: HealthRules = STANDARD_HEALTH): DerivedCharacter {
  const attrs = validateAttributes(c.attributes);
  for (const [k, p] of Object.entries(c.powers)) {
    try {
      validatePowerPoints(p);
    } catch (e) {
      throw new RangeError(`Power ${k}: ${(e as Error).message}`);
    }
  }
  validateReserveSkillPoints(c.reserveSkillPoints);
  const ratings = computeSkills(attrs, c.skills);
  const spent = treeCost(c.skills).total;
  return {
    actionQuota: actionQuota(attrs),
    baseNormalHealth: normalHealth(attrs, healthRules),
    healthState: healthState(c.health),
    healthIncrease: healthIncrease(attrs, healthRules),
    dailyRecovery: dailyRecoveryRate(attrs, healthRules),
    attributeBuild: checkAttributeBuild(attrs),
    skills: [...ratings.values()],
    skillPointsSpent: spent,
    creationSkillPointsLeft: STANDARD_CREATION.skillPoints - spent,
    adjustments: combineAdjustments(c.adjustments, tabAdjustments(c.tabs)),
    progressionAvailable: availableProgression(c.progression),
  };
}

/** CheckInput for an attribute check, TAB modifiers for the tagged situation applied. */
export function attributeCheckInput(
  c: Pick<D100Character, "attributes" | "tabs">,
  attribute: AttributeKey,
  difficulty = 0,
  options: { readonly tags?: readonly string[]; readonly overflow?: boolean } = {},
): CheckInput {
  const a = validateAttributes(c.attributes);
  requireAttributeKey("Attribute check", attribute);
  const m = tabCheckModifiers(c.tabs, { kind: "attribute", tags: options.tags ?? [], attribute });
  return { kind: "attribute", score: a[attribute] * m.attributeFactor, difficulty: applyTabDifficulty(difficulty, m), overflow: options.overflow ?? false };
}

/** CheckInput for a skill check against a skill's Total, TAB modifiers applied. */
export function skillCheckInput(
  c: Pick<D100Character, "attributes" | "tabs" | "skills">,
  skillId: string,
  difficulty = 0,
  options: { readonly tags?: readonly string[]; readonly overflow?: boolean } = {},
): CheckInput {
  const rating = computeSkills(validateAttributes(c.attributes), c.skills).get(skillId);
  if (!rating) throw new RangeError(`Unknown skill "${skillId}"`);
  const m = tabCheckModifiers(c.tabs, { kind: "skill", tags: options.tags ?? [] });
  return { kind: "skill", score: rating.total, difficulty: applyTabDifficulty(difficulty, m), overflow: options.overflow ?? false };
}

/**
 * Deliver a resolved threat's damage (seed: "The Threat Process", steps 4-5): the target's
 * adjustments are applied, then the rest comes off Current Health.
 */
export function deliverDamage(
  health: HealthPoints,
  damage: number,
  adjustment: AdjustmentNotation | string,
): { readonly health: HealthPoints; readonly adjusted: AdjustedDamage; readonly state: HealthState } {
  const adjusted = applyAdjustment(damage, adjustment);
  const after = applyDamage(health, adjusted.after);
  return { health: after, adjusted, state: healthState(after) };
}
