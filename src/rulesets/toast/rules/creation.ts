/**
 * Character creation (seed: "Character Creation"): 105 attribute points over ten attributes
 * (each 1–20, at most 70 in one aspect), 100 skill points (no starting level above
 * (10 + FOC) / 2), and 3 skill points ↔ 1 attribute point either way.
 */
import { ASPECT_KEYS, ATTRIBUTE_KEYS, type AspectKey, type CreationIssueKey } from "./keys";
import { aspectPoints, type Attributes } from "./character";
import { CREATION_BUDGET, type CreationBudget } from "./tables";
import { MAX_ATTRIBUTE, MAX_SKILL_LEVEL } from "./limits";
import { floorDiv, requireIntegerAtLeast, requireIntegerIn, requireRecord } from "./validate";

/** Highest starting skill level: (10 + Focus) / 2, rounded down. */
export function startingSkillCap(focus: number): number {
  requireIntegerAtLeast(focus, 1, "Focus");
  return floorDiv(10 + focus, 2);
}

/** A skill bought at creation: one skill point per level. */
export interface CreationSkill {
  readonly key: string;
  readonly level: number;
}

export interface CreationInput {
  readonly attributes: Attributes;
  readonly skills: readonly CreationSkill[];
}

/** One problem found; `subject` is the attribute, aspect or skill key it concerns. */
export interface CreationIssue {
  readonly key: CreationIssueKey;
  readonly subject: string | null;
  readonly value: number;
  readonly limit: number;
}

export interface CreationReport {
  readonly valid: boolean;
  readonly issues: readonly CreationIssue[];
  readonly attributePointsSpent: number;
  readonly skillPointsSpent: number;
  readonly aspectPoints: Readonly<Record<AspectKey, number>>;
  readonly startingSkillCap: number;
  /** Attribute points bought with skill points (negative: attribute points sold for skill points). */
  readonly attributePointsExchanged: number;
  /** Skill points available after the exchange implied by the attributes: 100 − 3 × (attributes − 105). */
  readonly skillPointBudget: number;
  /** Whole budget left, counted in skill points (3 per attribute point); negative when overspent. */
  readonly remainingSkillPoints: number;
}

/** Check a GM's creation budget: whole numbers, min ≤ max, a positive exchange rate. Returns it. */
export function validateBudget(budget: CreationBudget): CreationBudget {
  requireIntegerAtLeast(budget.attributePoints, 0, "Budget attribute points");
  requireIntegerAtLeast(budget.skillPoints, 0, "Budget skill points");
  requireIntegerAtLeast(budget.attributeMin, 1, "Budget attribute minimum");
  requireIntegerAtLeast(budget.attributeMax, budget.attributeMin, "Budget attribute maximum");
  requireIntegerAtLeast(budget.aspectMax, 0, "Budget aspect maximum");
  requireIntegerAtLeast(budget.skillPointsPerAttributePoint, 1, "Budget skill points per attribute point");
  return budget;
}

/**
 * Check a character-creation build. Non-integers throw; rule breaches come back as issues
 * (so a sheet can show them all at once). Unspent points are allowed and reported.
 */
export function validateCreation(input: CreationInput, budget: CreationBudget = CREATION_BUDGET): CreationReport {
  if (budget !== CREATION_BUDGET) validateBudget(requireRecord(budget, "Creation budget"));
  requireRecord(input, "A creation build");
  requireRecord(input.attributes, "Attributes");
  if (!Array.isArray(input.skills)) throw new RangeError("Creation skills must be a list");
  const issues: CreationIssue[] = [];
  let attributePointsSpent = 0;
  for (const key of ATTRIBUTE_KEYS) {
    const v = input.attributes[key];
    if (v === undefined) throw new RangeError(`Attribute ${key} is missing`);
    requireIntegerIn(v, -MAX_ATTRIBUTE, MAX_ATTRIBUTE, `Attribute ${key}`);
    attributePointsSpent += v;
    if (v < budget.attributeMin) issues.push({ key: "attributeOutOfRange", subject: key, value: v, limit: budget.attributeMin });
    if (v > budget.attributeMax) issues.push({ key: "attributeOutOfRange", subject: key, value: v, limit: budget.attributeMax });
  }
  const perAspect = { physical: aspectPoints(input.attributes, "physical"), mental: aspectPoints(input.attributes, "mental") };
  for (const aspect of ASPECT_KEYS) {
    if (perAspect[aspect] > budget.aspectMax) issues.push({ key: "aspectOverLimit", subject: aspect, value: perAspect[aspect], limit: budget.aspectMax });
  }
  const focus = input.attributes.focus;
  const cap = floorDiv(10 + focus, 2);
  let skillPointsSpent = 0;
  const seen = new Set<string>();
  for (const skill of input.skills) {
    requireRecord(skill, "A creation skill");
    if (typeof skill.key !== "string" || skill.key === "") throw new RangeError(`A creation skill needs a key, not ${JSON.stringify(skill.key)}`);
    requireIntegerIn(skill.level, -MAX_SKILL_LEVEL, MAX_SKILL_LEVEL, `Skill ${skill.key} level`);
    if (seen.has(skill.key)) issues.push({ key: "duplicateSkill", subject: skill.key, value: skill.level, limit: 1 });
    seen.add(skill.key);
    if (skill.level < 0) {
      issues.push({ key: "skillLevelOutOfRange", subject: skill.key, value: skill.level, limit: 0 });
      continue;
    }
    skillPointsSpent += skill.level;
    if (skill.level > cap) issues.push({ key: "skillOverStartingCap", subject: skill.key, value: skill.level, limit: cap });
  }
  const rate = budget.skillPointsPerAttributePoint;
  const totalBudget = budget.attributePoints * rate + budget.skillPoints;
  const spent = attributePointsSpent * rate + skillPointsSpent;
  if (spent > totalBudget) issues.push({ key: "pointsOverBudget", subject: null, value: spent, limit: totalBudget });
  const exchanged = attributePointsSpent - budget.attributePoints;
  return {
    valid: issues.length === 0,
    issues,
    attributePointsSpent,
    skillPointsSpent,
    aspectPoints: perAspect,
    startingSkillCap: cap,
    attributePointsExchanged: exchanged,
    skillPointBudget: budget.skillPoints - exchanged * rate,
    remainingSkillPoints: totalBudget - spent,
  };
}
