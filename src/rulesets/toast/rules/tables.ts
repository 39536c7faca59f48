/**
 * The tables of Toast 5.1 as data. Each is a default a GM could replace: the functions that use a
 * table take it as an optional last argument.
 */
import type { ArmorKey, AspectKey, AttributeKey, DifficultyKey, WeaponCategoryKey, WoundCategoryKey } from "./keys";

/** Short labels of the attributes as printed in the seed. */
export const ATTRIBUTE_ABBREVIATIONS: Readonly<Record<AttributeKey, string>> = {
  strength: "STR",
  agility: "AGI",
  hec: "HEC",
  health: "HTH",
  tolerance: "TOL",
  perception: "PER",
  focus: "FOC",
  empathy: "EMP",
  will: "WIL",
  psyche: "PSY",
};

/** Which attributes make up each aspect. */
export const ASPECT_ATTRIBUTES: Readonly<Record<AspectKey, readonly AttributeKey[]>> = {
  physical: ["strength", "agility", "hec", "health", "tolerance"],
  mental: ["perception", "focus", "empathy", "will", "psyche"],
};

/** One row of the attribute-modifier table: levels min..max give modifier. */
export interface AttributeModifierRow {
  readonly min: number;
  readonly max: number;
  readonly modifier: number;
}

/** Seed table "Level / Modifier" (levels 1–20). */
export const ATTRIBUTE_MODIFIER_TABLE: readonly AttributeModifierRow[] = [
  { min: 1, max: 1, modifier: -5 },
  { min: 2, max: 3, modifier: -4 },
  { min: 4, max: 5, modifier: -3 },
  { min: 6, max: 7, modifier: -2 },
  { min: 8, max: 9, modifier: -1 },
  { min: 10, max: 11, modifier: 0 },
  { min: 12, max: 13, modifier: 1 },
  { min: 14, max: 15, modifier: 2 },
  { min: 16, max: 17, modifier: 3 },
  { min: 18, max: 19, modifier: 4 },
  { min: 20, max: 20, modifier: 5 },
];

/** Target numbers by difficulty; the two inestimable bands have no number. */
export const TARGET_NUMBERS: Readonly<Record<Exclude<DifficultyKey, "inestimablyEasy" | "inestimablyHard">, number>> = {
  reallyReallyEasy: 3,
  reallyEasy: 7,
  easy: 11,
  medium: 15,
  hard: 19,
  reallyHard: 23,
  reallyReallyHard: 28,
};

/**
 * Wound-penalty table. Each category after `none` spans `scale` effective wound levels
 * (the seed's humanoid scale is 4: Trivial 1–4 … Critical 21–24, Deadly 25+). Penalties are
 * signed as in the seed (added to the roll).
 */
export interface WoundCategoryRow {
  readonly key: WoundCategoryKey;
  readonly penalty: number;
}
export const WOUND_CATEGORIES: readonly WoundCategoryRow[] = [
  { key: "none", penalty: 0 },
  { key: "trivial", penalty: -1 },
  { key: "light", penalty: -2 },
  { key: "moderate", penalty: -3 },
  { key: "serious", penalty: -4 },
  { key: "severe", penalty: -5 },
  { key: "critical", penalty: -6 },
  { key: "deadly", penalty: -7 },
];

/** The seed's scale for humanoids. Hardier races use 5, big monsters more. */
export const HUMANOID_WOUND_SCALE = 4;

/** An armor type's two numbers. */
export interface ArmorStats {
  readonly woundReduction: number;
  readonly encumbrance: number;
}

/** Seed armor table. */
export const ARMOR_TABLE: Readonly<Record<ArmorKey, ArmorStats>> = {
  cloth: { woundReduction: 1, encumbrance: 10 },
  quilt: { woundReduction: 2, encumbrance: 15 },
  leather: { woundReduction: 3, encumbrance: 20 },
  boiledLeather: { woundReduction: 4, encumbrance: 25 },
  ringMail: { woundReduction: 5, encumbrance: 30 },
  chainMail: { woundReduction: 5, encumbrance: 40 },
  scaleMail: { woundReduction: 6, encumbrance: 45 },
  brigandine: { woundReduction: 7, encumbrance: 50 },
  plate: { woundReduction: 8, encumbrance: 60 },
  fullPlate: { woundReduction: 9, encumbrance: 75 },
};

/** Seed guideline table: base damage (damage dice) by weapon category. */
export const WEAPON_BASE_DAMAGE: Readonly<Record<WeaponCategoryKey, number>> = {
  large: 3,
  medium: 2,
  small: 1,
};

/** The seed's example weapons, by category (names are camelCase keys). */
export const WEAPON_EXAMPLES: Readonly<Record<WeaponCategoryKey, readonly string[]>> = {
  large: ["twoHandedSword", "poleArm", "greatAxe", "spear"],
  medium: ["longSword", "broadsword", "shortSword", "arrow", "crossbowBolt", "mace", "axe", "club", "staff", "dagger", "javelin"],
  small: ["dart", "knife", "bolas", "fist", "foot", "elbow", "throwingStar"],
};

/** Character-creation budgets. */
export interface CreationBudget {
  readonly attributePoints: number;
  readonly skillPoints: number;
  readonly attributeMin: number;
  readonly attributeMax: number;
  readonly aspectMax: number;
  /** Skill points that buy one attribute point (and vice versa). */
  readonly skillPointsPerAttributePoint: number;
}
export const CREATION_BUDGET: CreationBudget = {
  attributePoints: 105,
  skillPoints: 100,
  attributeMin: 1,
  attributeMax: 20,
  aspectMax: 70,
  skillPointsPerAttributePoint: 3,
};
