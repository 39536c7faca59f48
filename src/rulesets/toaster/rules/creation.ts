/**
 * Character creation and advancement (seed ch. 2 "Traits", "Character Creation",
 * "Character Advancement", "(Variable Skill Cost)", trait descriptions).
 */
import { rowByKey } from "../../../dice/dict";
import { assertInt, assertIntInRange, assertNonNegativeInt, assertOneOf } from "./validate";

export type CampaignStyleKey = "average" | "aboveAverage" | "heroic" | "largerThanLife";
export interface CampaignStyle {
  key: CampaignStyleKey;
  label: string;
  attributePoints: number;
  skillPoints: number;
  freeTraits: number;
}
export const CAMPAIGN_STYLES: readonly CampaignStyle[] = [
  { key: "average", label: "Average", attributePoints: 16, skillPoints: 45, freeTraits: 0 },
  { key: "aboveAverage", label: "Above Average", attributePoints: 20, skillPoints: 55, freeTraits: 3 },
  { key: "heroic", label: "Heroic", attributePoints: 24, skillPoints: 65, freeTraits: 6 },
  { key: "largerThanLife", label: "Larger Than Life", attributePoints: 28, skillPoints: 75, freeTraits: 9 },
];

export function campaignStyle(key: string): CampaignStyle {
  return rowByKey(CAMPAIGN_STYLES, key, "campaign style");
}

export const TRAIT_RANK_LABELS: readonly { magnitude: number; key: string; label: string }[] = [
  { magnitude: 5, key: "critical", label: "Critical" },
  { magnitude: 4, key: "major", label: "Major" },
  { magnitude: 3, key: "severe", label: "Severe" },
  { magnitude: 2, key: "moderate", label: "Moderate" },
  { magnitude: 1, key: "mild", label: "Mild" },
  { magnitude: 0, key: "superficial", label: "Superficial" },
];

/** Traits run -5..+5; the Physical Size trait runs -10..+10 (beyond ±5 only for non-humans). */
export function validateTraitRank(rank: number, kind: "standard" | "physicalSize" = "standard"): number {
  const limit = kind === "physicalSize" ? 10 : 5;
  assertIntInRange(rank, kind === "physicalSize" ? "Physical size rank" : "Trait rank", -limit, limit);
  return rank;
}

/** Guide for ranking a new trait: severity × frequency → 1..5. */
export type TraitSeverity = "minor" | "moderate" | "major";
export type TraitFrequency = "rare" | "common" | "constant";
export function suggestedTraitRank(severity: TraitSeverity, frequency: TraitFrequency): number {
  const s = ["minor", "moderate", "major"] as const;
  const f = ["rare", "common", "constant"] as const;
  assertOneOf(severity, "Trait severity", s);
  assertOneOf(frequency, "Trait frequency", f);
  return 1 + s.indexOf(severity) + f.indexOf(frequency);
}

export interface TraitBalance {
  positive: number;
  negative: number;
  sum: number;
  /** 0 ≤ sum ≤ free traits: negatives pay for every positive rank beyond the free ones. */
  balanced: boolean;
  /** sum equals the free traits exactly (all free ranks used). */
  exact: boolean;
  /** Positive ranks over the cap, or negative ranks over the negative cap. */
  overCap: boolean;
}

/**
 * The balance rule: positive and negative ranks must cancel, except for the campaign's free
 * traits; optional caps on the total positive (and negative) ranks.
 */
export function traitBalance(input: { ranks: readonly number[]; freeTraits: number; cap?: number | null; negativeCap?: number | null }): TraitBalance {
  const { ranks, freeTraits, cap = null, negativeCap = null } = input;
  assertNonNegativeInt(freeTraits, "Free traits");
  if (cap !== null) assertNonNegativeInt(cap, "Cap on positive trait ranks");
  if (negativeCap !== null) assertNonNegativeInt(negativeCap, "Cap on negative trait ranks");
  let positive = 0;
  let negative = 0;
  for (const r of ranks) {
    validateTraitRank(r, "physicalSize");
    if (r > 0) positive += r;
    else negative += r;
  }
  const sum = positive + negative;
  return {
    positive,
    negative,
    sum,
    balanced: sum >= 0 && sum <= freeTraits,
    exact: sum === freeTraits,
    overCap: (cap !== null && positive > cap) || (negativeCap !== null && -negative > negativeCap),
  };
}

/**
 * Attribute trait: on a sub-attribute each rank moves it by 1; on a whole attribute every 2 ranks
 * move it by 1 (an odd rank cannot go on a whole attribute).
 */
export function attributeTraitModifier(rank: number, scope: "attribute" | "subAttribute"): number {
  validateTraitRank(rank);
  assertOneOf(scope, "Attribute trait scope", ["attribute", "subAttribute"] as const);
  if (scope === "subAttribute") return rank;
  if (rank % 2 !== 0) throw new RangeError(`An attribute trait on a whole attribute needs an even rank (2 ranks per point), not ${rank}`);
  return rank / 2;
}

/** Experience trait: ±5 skill points per rank. */
export const SKILL_POINTS_PER_EXPERIENCE_RANK = 5;
export function experienceSkillPoints(rank: number): number {
  validateTraitRank(rank);
  return SKILL_POINTS_PER_EXPERIENCE_RANK * rank;
}

/** Skill package: 4 to 6 related skills each get +rank to their skill base. */
export function skillPackage(rank: number, skills: readonly string[]): { skills: readonly string[]; baseBonus: number } {
  validateTraitRank(rank);
  if (skills.length < 4 || skills.length > 6) throw new RangeError(`A skill package covers 4 to 6 skills, not ${skills.length}`);
  if (new Set(skills).size !== skills.length) throw new RangeError("A skill package lists each skill once");
  return { skills, baseBonus: rank };
}

/** The seed's sample careers for the Skill Package trait (five skills each; "pick one" left to the player). */
export const SKILL_PACKAGE_CAREERS: readonly { key: string; label: string; skills: readonly string[] }[] = [
  { key: "bodyguard", label: "Bodyguard", skills: ["Brawl", "Empathy", "Perception", "Streetwise", "Weapon (pick one)"] },
  { key: "diplomat", label: "Diplomat", skills: ["Act", "Empathy", "Knowledge (Etiquette)", "Language (pick one)", "Persuasion"] },
  { key: "scout", label: "Scout", skills: ["Navigation", "Perception", "Stealth", "Survival", "Track"] },
  { key: "thief", label: "Thief", skills: ["Intrusion", "Sleight of Hand", "Stealth", "Streetwise", "Weapon (pick one)"] },
];

/**
 * Rearranging traits after creation (GM's permission): the new set must keep the old net sum, so a
 * negative trait shrinks only if another negative grows or positives shrink by as much.
 */
export function traitRearrangementOk(before: readonly number[], after: readonly number[]): boolean {
  const sum = (xs: readonly number[]): number => xs.reduce((a, r) => a + validateTraitRank(r, "physicalSize"), 0);
  return sum(before) === sum(after);
}

/** Teach skill: a teacher needs a higher skill base than the student in the skill taught. */
export function canTeach(input: { teacherBase: number; studentBase: number }): boolean {
  const { teacherBase, studentBase } = input;
  assertNonNegativeInt(teacherBase, "Teacher's skill base");
  assertNonNegativeInt(studentBase, "Student's skill base");
  return teacherBase > studentBase;
}

/** Social standing table (+4..-4). */
export const SOCIAL_STANDING: readonly { rank: number; key: string; historical: string; modern: string }[] = [
  { rank: 4, key: "royalty", historical: "Royalty", modern: "Fortune 500" },
  { rank: 3, key: "nobility", historical: "Nobility", modern: "Upper Class" },
  { rank: 2, key: "aristocracy", historical: "Aristocracy", modern: "Lower Upper Class" },
  { rank: 1, key: "merchantClass", historical: "Merchant Class", modern: "Upper Middle Class" },
  { rank: 0, key: "professionalClass", historical: "Professional Class", modern: "Middle Class" },
  { rank: -1, key: "commoner", historical: "Commoner", modern: "Lower Middle Class" },
  { rank: -2, key: "peasant", historical: "Peasant", modern: "Upper Lower Class" },
  { rank: -3, key: "indenturedServant", historical: "Indentured Servant", modern: "Lower Class" },
  { rank: -4, key: "slave", historical: "Slave, Untouchable", modern: "Homeless" },
];

/** Physical size descriptions (even ranks -10..+10). */
export const PHYSICAL_SIZES: readonly { rank: number; key: string; label: string }[] = [
  { rank: 10, key: "dragon", label: "Size of a dragon or two-story house" },
  { rank: 8, key: "elephant", label: "Size of an elephant or small dwelling" },
  { rank: 6, key: "bear", label: "Size of a bear or horse" },
  { rank: 4, key: "exceptionallyLarge", label: "Exceptionally large (top 5%)" },
  { rank: 2, key: "large", label: "Large (upper 25%)" },
  { rank: 0, key: "average", label: "Average (middle 50%)" },
  { rank: -2, key: "small", label: "Small (lower 25%)" },
  { rank: -4, key: "exceptionallySmall", label: "Exceptionally small (lower 5%)" },
  { rank: -6, key: "housecat", label: "Size of a housecat or badger" },
  { rank: -8, key: "rat", label: "Size of a rat or mouse" },
  { rank: -10, key: "bug", label: "Size of a bug" },
];

export type SkillDifficulty = "easy" | "average" | "challenging" | "difficult" | "veryDifficult";
export const SKILL_DIFFICULTY_COST: Readonly<Record<SkillDifficulty, number>> = {
  easy: 0.5,
  average: 1,
  challenging: 1.5,
  difficult: 2,
  veryDifficult: 2.5,
};
const DIFFICULTIES = Object.keys(SKILL_DIFFICULTY_COST) as SkillDifficulty[];

/** Skill points to raise a base from one value to another (variable skill cost; "average" = 1 per point). */
export function skillCost(input: { fromBase: number; toBase: number; difficulty: SkillDifficulty }): number {
  const { fromBase, toBase, difficulty } = input;
  assertNonNegativeInt(fromBase, "Starting skill base");
  assertNonNegativeInt(toBase, "New skill base");
  assertOneOf(difficulty, "Skill difficulty", DIFFICULTIES);
  if (toBase < fromBase) throw new RangeError(`A skill base is raised, not lowered (${fromBase} → ${toBase})`);
  return (toBase - fromBase) * SKILL_DIFFICULTY_COST[difficulty];
}

/** Native language: skill base 4 at no cost. */
export const NATIVE_LANGUAGE_BASE = 4;

export interface BudgetSkill {
  name: string;
  base: number;
  nativeLanguage?: boolean;
  /** Other free base (a skill package's bonus). */
  freeBase?: number;
  /** Used only when variable skill cost is on. */
  difficulty?: SkillDifficulty;
}

export interface CreationBudgetInput {
  style: CampaignStyleKey | CampaignStyle;
  /** Every attribute's rank (four standard ones and any the GM adds). */
  attributes: Readonly<Record<string, number>>;
  skills: readonly BudgetSkill[];
  /** Experience trait rank (±5 skill points per rank). */
  experienceRank?: number;
  variableSkillCost?: boolean;
  /** Trait ranks, for the balance rule. */
  traitRanks?: readonly number[];
  traitCap?: number | null;
}

export interface PointBudget {
  spent: number;
  allowed: number;
  remaining: number;
}

export interface CreationBudget {
  style: CampaignStyle;
  attributePoints: PointBudget;
  skillPoints: PointBudget;
  traits: TraitBalance;
  ok: boolean;
}

/**
 * Attribute and skill points spent against the campaign style's allowance. Extra attributes
 * beyond the standard four raise the attribute allowance by a quarter of it each (the style's
 * points per attribute). Native language base 4 and skill-package bonuses are free.
 */
export function creationBudget(input: CreationBudgetInput): CreationBudget {
  const style = typeof input.style === "string" ? campaignStyle(input.style) : input.style;
  const attrs = Object.entries(input.attributes);
  let attrSpent = 0;
  for (const [k, v] of attrs) {
    // The message is built only for a bad value (this runs for every character on every preparation).
    if (!Number.isSafeInteger(v) || v < 0) assertNonNegativeInt(v, `Attribute ${k}`);
    attrSpent += v;
  }
  const extraAttributes = Math.max(0, attrs.length - 4);
  const attrAllowed = style.attributePoints + extraAttributes * (style.attributePoints / 4);
  const experienceRank = input.experienceRank ?? 0;
  let skillSpent = 0;
  for (const s of input.skills) {
    if (!Number.isSafeInteger(s.base) || s.base < 0) assertNonNegativeInt(s.base, `Skill base of ${s.name}`);
    const freeBase = (s.nativeLanguage ? NATIVE_LANGUAGE_BASE : 0) + (s.freeBase ?? 0);
    if (!Number.isSafeInteger(freeBase) || freeBase < 0) assertNonNegativeInt(freeBase, `Free base of ${s.name}`);
    const from = Math.min(freeBase, s.base);
    skillSpent += skillCost({ fromBase: from, toBase: s.base, difficulty: input.variableSkillCost ? (s.difficulty ?? "average") : "average" });
  }
  const skillAllowed = style.skillPoints + experienceSkillPoints(experienceRank);
  const traits = traitBalance({ ranks: input.traitRanks ?? [], freeTraits: style.freeTraits, cap: input.traitCap ?? null });
  const attributePoints = { spent: attrSpent, allowed: attrAllowed, remaining: attrAllowed - attrSpent };
  const skillPoints = { spent: skillSpent, allowed: skillAllowed, remaining: skillAllowed - skillSpent };
  return {
    style,
    attributePoints,
    skillPoints,
    traits,
    ok: attributePoints.remaining === 0 && skillPoints.remaining >= 0 && traits.balanced && !traits.overCap,
  };
}

/** Experience points from one adventure: 1 to 5, 2 for an average adventure. */
export const MIN_ADVENTURE_AWARD = 1;
export const MAX_ADVENTURE_AWARD = 5;
export const AVERAGE_ADVENTURE_AWARD = 2;

/** Experience points from one adventure: MIN_ADVENTURE_AWARD to MAX_ADVENTURE_AWARD. */
export function validateAdventureAward(xp: number): number {
  assertIntInRange(xp, "Experience award", MIN_ADVENTURE_AWARD, MAX_ADVENTURE_AWARD);
  return xp;
}

/** Luck buy-back with experience (optional): 3 XP per luck point by default. */
export const LUCK_BUYBACK_XP = 3;

export interface AdvancementPurchase {
  skillRaises?: readonly { fromBase: number; toBase: number; difficulty?: SkillDifficulty }[];
  luckPoints?: number;
}

/** Experience points needed: skill raises (1 XP = 1 skill point) plus luck bought back. */
export function advancementCost(p: AdvancementPurchase, variableSkillCost = false, luckCostPerPoint: number = LUCK_BUYBACK_XP): number {
  assertNonNegativeInt(luckCostPerPoint, "XP per luck point");
  const luck = p.luckPoints ?? 0;
  assertNonNegativeInt(luck, "Luck points bought");
  let total = luck * luckCostPerPoint;
  for (const r of p.skillRaises ?? []) total += skillCost({ fromBase: r.fromBase, toBase: r.toBase, difficulty: variableSkillCost ? (r.difficulty ?? "average") : "average" });
  return total;
}

/** Spend experience: what is left, or an error when the purchase costs more than is banked. */
export function spendExperience(banked: number, p: AdvancementPurchase, variableSkillCost = false, luckCostPerPoint: number = LUCK_BUYBACK_XP): number {
  assertInt(banked, "Banked experience");
  const cost = advancementCost(p, variableSkillCost, luckCostPerPoint);
  if (cost > banked) throw new RangeError(`That costs ${cost} experience points; only ${banked} are banked`);
  return banked - cost;
}
