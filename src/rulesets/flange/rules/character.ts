/**
 * Flange character data and derived values (seed 004: "Character Creation", "Buying Skills",
 * "Flange Points", "Edge", "Health", "Dramatic Wounds System").
 *
 * Pure data in, pure data out. Every key here is a stable camelCase identifier that the
 * Foundry adapter can use as a localisation key.
 */
import { assertSafeInt } from "../../../dice/limits";

/** The nine attributes, in the order the seed lists them. */
export const ATTRIBUTES = [
  "strength",
  "athleticism",
  "constitution",
  "perception",
  "dexterity",
  "appearance",
  "personality",
  "subtlety",
  "intellect",
] as const;
export type AttributeKey = (typeof ATTRIBUTES)[number];

/** Attribute target numbers run from 5 (best) to 10 (where every attribute starts). */
export const ATTRIBUTE_MIN = 5;
export const ATTRIBUTE_MAX = 10;
/** The seed's "human average". */
export const ATTRIBUTE_HUMAN_AVERAGE = 8;

/** The three starting levels. */
export const LEVELS = ["mundane", "heroic", "angelic"] as const;
export type Level = (typeof LEVELS)[number];

/** Starting budgets by level (seed: boxes [M 21, H 25, A 29], skill points [30, 50, 70], flange points [10, 20, 30]). */
export interface LevelBudget {
  readonly attributeBoxes: number;
  readonly skillPoints: number;
  readonly flangePoints: number;
}
export const LEVEL_BUDGETS: Readonly<Record<Level, LevelBudget>> = {
  mundane: { attributeBoxes: 21, skillPoints: 30, flangePoints: 10 },
  heroic: { attributeBoxes: 25, skillPoints: 50, flangePoints: 20 },
  angelic: { attributeBoxes: 29, skillPoints: 70, flangePoints: 30 },
};

/** The twenty-three skill headings, in the seed's order. */
export const SKILL_HEADINGS = [
  "combatBrawl",
  "combatMelee",
  "combatRanged",
  "acrobatics",
  "deception",
  "etiquette",
  "academics",
  "science",
  "administration",
  "engineering",
  "crafts",
  "performance",
  "persuasion",
  "languages",
  "insight",
  "transport",
  "animalHandling",
  "security",
  "stealth",
  "outdoors",
  "technology",
  "puzzling",
  "medicine",
] as const;
export type SkillHeading = (typeof SKILL_HEADINGS)[number];

/** Skill dots run 1..5 (a skill with no dots is simply not on the sheet). */
export const SKILL_DOTS_MIN = 1;
export const SKILL_DOTS_MAX = 5;
/** Generalisation dots per heading: decision, same 0..5 range as skill dots. */
export const GENERALISATION_DOTS_MAX = 5;
/** Attribute-only rolls use three dice. */
export const ATTRIBUTE_ONLY_DICE = 3;

/** Skill point prices (seed "Buying Skills"). A GM may pass another table. */
export interface SkillPointCosts {
  /** The first dot bought under a heading. */
  readonly firstDotInHeading: number;
  /** Every further dot in any skill under a heading that already has a dot. */
  readonly furtherDot: number;
  /** A generalisation dot. */
  readonly generalisationDot: number;
}
export const SKILL_POINT_COSTS: SkillPointCosts = { firstDotInHeading: 2, furtherDot: 1, generalisationDot: 4 };

/** Flange point prices (seed "Flange Points"). A GM may pass another table. */
export interface FlangePointCosts {
  readonly attributeStep: number;
  readonly dotNewHeading: number;
  readonly dotUsedHeading: number;
  readonly generalisationDot: number;
  readonly edgePoint: number;
}
export const FLANGE_POINT_COSTS: FlangePointCosts = {
  attributeStep: 6,
  dotNewHeading: 4,
  dotUsedHeading: 2,
  generalisationDot: 8,
  edgePoint: 3,
};

/** One skill on a sheet: a player-made name filed under a heading. */
export interface FlangeSkill {
  readonly name: string;
  readonly heading: SkillHeading;
  readonly dots: number;
}

/** Everything the rules need to know about a character. */
export interface FlangeCharacter {
  readonly level: Level;
  /** Target numbers, 5..10. */
  readonly attributes: Readonly<Record<AttributeKey, number>>;
  readonly skills: readonly FlangeSkill[];
  /** Generalisation dots per heading (missing = 0). */
  readonly generalisation: Readonly<Partial<Record<SkillHeading, number>>>;
  /** Edge points owned (spent ones come back when the GM says so; the adapter tracks that). */
  readonly edgePoints: number;
  /** Flange points the GM allowed to go on other things (special powers, magic, ...). */
  readonly otherFlangeSpend?: number;
}

/**
 * Refuse anything but a whole number in [min, max]; numbers past 2^53 are refused first
 * (assertSafeInt, src/dice/limits.ts), so no value is ever silently rounded.
 */
export function assertInt(value: number, name: string, min: number, max: number = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new RangeError(`${name} must be a whole number, not ${typeof value === "string" ? JSON.stringify(value) : String(value)}`);
  assertSafeInt(value, name);
  if (value < min || value > max) {
    throw new RangeError(max === Number.MAX_SAFE_INTEGER ? `${name} must be at least ${min}, not ${value}` : `${name} must be between ${min} and ${max}, not ${value}`);
  }
}

export function isAttribute(key: string): key is AttributeKey {
  return (ATTRIBUTES as readonly string[]).includes(key);
}
export function isSkillHeading(key: string): key is SkillHeading {
  return (SKILL_HEADINGS as readonly string[]).includes(key);
}
export function isLevel(key: string): key is Level {
  return (LEVELS as readonly string[]).includes(key);
}

/** Throws a RangeError naming the first thing wrong with the character. */
export function validateCharacter(c: FlangeCharacter): void {
  if (!isLevel(c.level)) throw new RangeError(`Unknown level "${String(c.level)}"`);
  for (const a of ATTRIBUTES) assertInt(c.attributes[a], `Attribute ${a}`, ATTRIBUTE_MIN, ATTRIBUTE_MAX);
  for (const k of Object.keys(c.attributes)) if (!isAttribute(k)) throw new RangeError(`Unknown attribute "${k}"`);
  const seen = new Set<string>();
  for (const s of c.skills) {
    if (typeof s.name !== "string" || s.name.trim() === "") throw new RangeError("A skill needs a name");
    if (!isSkillHeading(s.heading)) throw new RangeError(`Skill "${s.name}" has unknown heading "${String(s.heading)}"`);
    assertInt(s.dots, `Dots of skill "${s.name}"`, SKILL_DOTS_MIN, SKILL_DOTS_MAX);
    const key = `${s.heading}\u0000${s.name.trim().toLowerCase()}`;
    if (seen.has(key)) throw new RangeError(`Skill "${s.name}" appears twice under ${s.heading}`);
    seen.add(key);
  }
  for (const [h, n] of Object.entries(c.generalisation)) {
    if (!isSkillHeading(h)) throw new RangeError(`Unknown skill heading "${h}"`);
    assertInt(n ?? 0, `Generalisation dots under ${h}`, 0, GENERALISATION_DOTS_MAX);
  }
  assertInt(c.edgePoints, "Edge points", 0);
  assertInt(c.otherFlangeSpend ?? 0, "Other flange spend", 0);
}

/** Boxes crossed off one attribute: 10 − target number. */
export function boxesCrossed(target: number): number {
  assertInt(target, "Attribute target number", ATTRIBUTE_MIN, ATTRIBUTE_MAX);
  return ATTRIBUTE_MAX - target;
}

/** Total boxes crossed off all nine attributes. */
export function totalBoxesCrossed(attributes: Readonly<Record<AttributeKey, number>>): number {
  let n = 0;
  for (const a of ATTRIBUTES) n += boxesCrossed(attributes[a]);
  return n;
}

/** Skill point cost of a set of skills and generalisation dots (seed "Buying Skills"). */
export function skillPointCost(
  skills: readonly FlangeSkill[],
  generalisation: Readonly<Partial<Record<SkillHeading, number>>>,
  costs: SkillPointCosts = SKILL_POINT_COSTS,
): number {
  const dotsByHeading = new Map<SkillHeading, number>();
  for (const s of skills) {
    if (!isSkillHeading(s.heading)) throw new RangeError(`Unknown skill heading "${String(s.heading)}"`);
    assertInt(s.dots, `Dots of skill "${s.name}"`, SKILL_DOTS_MIN, SKILL_DOTS_MAX);
    dotsByHeading.set(s.heading, (dotsByHeading.get(s.heading) ?? 0) + s.dots);
  }
  let cost = 0;
  for (const dots of dotsByHeading.values()) cost += costs.firstDotInHeading + (dots - 1) * costs.furtherDot;
  for (const [h, n] of Object.entries(generalisation)) {
    if (!isSkillHeading(h)) throw new RangeError(`Unknown skill heading "${h}"`);
    assertInt(n ?? 0, `Generalisation dots under ${h}`, 0, GENERALISATION_DOTS_MAX);
    cost += (n ?? 0) * costs.generalisationDot;
  }
  return cost;
}

/** One budget line: how much is used and how much the level allows. */
export interface BudgetLine {
  readonly used: number;
  readonly budget: number;
}
export interface CreationSpend {
  /** Attribute boxes crossed, against the level's free boxes. */
  readonly attributeBoxes: BudgetLine;
  /** Skill points, against the level's skill points. */
  readonly skillPoints: BudgetLine;
  /** Flange points: extra boxes, skill overflow, edge points and other spend. */
  readonly flangePoints: BudgetLine;
  /** Flange points by use. */
  readonly flangeBreakdown: { readonly attributeSteps: number; readonly skillOverflow: number; readonly edgePoints: number; readonly other: number };
  /** True when everything fits the level's budgets. */
  readonly withinBudget: boolean;
}

/**
 * What a character costs at creation. Boxes beyond the free ones are bought with flange points
 * (6 each); skill costs beyond the skill points overflow into flange points at 2 flange points
 * per skill point (the flange price of every kind of dot is exactly twice its skill-point price);
 * edge points cost 3. Decision recorded in docs/rules/flange.md.
 */
export function creationSpend(
  c: FlangeCharacter,
  skillCosts: SkillPointCosts = SKILL_POINT_COSTS,
  flangeCosts: FlangePointCosts = FLANGE_POINT_COSTS,
): CreationSpend {
  validateCharacter(c);
  const budget = LEVEL_BUDGETS[c.level];
  const boxes = totalBoxesCrossed(c.attributes);
  const skill = skillPointCost(c.skills, c.generalisation, skillCosts);
  const attributeSteps = Math.max(0, boxes - budget.attributeBoxes) * flangeCosts.attributeStep;
  const overflowRate = flangeCosts.dotUsedHeading / skillCosts.furtherDot;
  const skillOverflow = Math.max(0, skill - budget.skillPoints) * overflowRate;
  const edge = c.edgePoints * flangeCosts.edgePoint;
  const other = c.otherFlangeSpend ?? 0;
  const flange = attributeSteps + skillOverflow + edge + other;
  return {
    attributeBoxes: { used: boxes, budget: budget.attributeBoxes },
    skillPoints: { used: skill, budget: budget.skillPoints },
    flangePoints: { used: flange, budget: budget.flangePoints },
    flangeBreakdown: { attributeSteps, skillOverflow, edgePoints: edge, other },
    withinBudget: flange <= budget.flangePoints,
  };
}

/** Standard health boxes: 18 − Constitution. */
export function healthBoxes(constitution: number): number {
  assertInt(constitution, "Constitution", ATTRIBUTE_MIN, ATTRIBUTE_MAX);
  return 18 - constitution;
}

/** Grind wounds (optional dramatic wounds rule): half the standard boxes, rounded up. */
export function grindBoxes(constitution: number): number {
  return Math.ceil(healthBoxes(constitution) / 2);
}
