/**
 * Stable camelCase keys of the Toast ruleset (seed 001, "Toast 5.1").
 *
 * Every enumeration the rules distinguish lives here as a readonly tuple plus its union type.
 * The keys are part of the public API: the Foundry adapter stores them in data models and turns
 * them into localization keys (e.g. `BREADBOX.toast.attribute.strength`), so never rename one.
 */

/** The ten attributes (seed: "Attributes and Aspects"). */
export const ATTRIBUTE_KEYS = [
  "strength",
  "agility",
  "hec",
  "health",
  "tolerance",
  "perception",
  "focus",
  "empathy",
  "will",
  "psyche",
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** The two aspects. */
export const ASPECT_KEYS = ["physical", "mental"] as const;
export type AspectKey = (typeof ASPECT_KEYS)[number];

/** The thirteen skill categories (seed: skill category table). */
export const SKILL_CATEGORY_KEYS = [
  "animal",
  "artistic",
  "athletic",
  "combat",
  "covert",
  "craft",
  "esoteric",
  "knowledge",
  "medical",
  "outdoor",
  "professional",
  "social",
  "weapon",
] as const;
export type SkillCategoryKey = (typeof SKILL_CATEGORY_KEYS)[number];

/** What a d10+ shows: a plain number 1–10, or an Auto (12) / Flub (11) followed by a degree roll. */
export const D10PLUS_KINDS = ["number", "auto", "flub"] as const;
export type D10PlusKind = (typeof D10PLUS_KINDS)[number];

/** Outcome of a task checked against a target number. */
export const CHECK_OUTCOMES = ["auto", "success", "failure", "flub"] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** Difficulty bands of the target-number table, easiest first. */
export const DIFFICULTY_KEYS = [
  "inestimablyEasy",
  "reallyReallyEasy",
  "reallyEasy",
  "easy",
  "medium",
  "hard",
  "reallyHard",
  "reallyReallyHard",
  "inestimablyHard",
] as const;
export type DifficultyKey = (typeof DIFFICULTY_KEYS)[number];

/** The two "doesn't matter" targets: only a Flub fails / only an Auto succeeds. */
export const INESTIMABLE_TARGETS = ["inestimablyEasy", "inestimablyHard"] as const;
export type InestimableTarget = (typeof INESTIMABLE_TARGETS)[number];

/** Outcome of a contested task between a first and a second party. */
export const CONTEST_OUTCOMES = ["firstWins", "secondWins", "tie"] as const;
export type ContestOutcome = (typeof CONTEST_OUTCOMES)[number];

/**
 * Outcome of an initiative roll: against the rank of a combatant who already rolled (behind,
 * level, ahead), or on its own the d10+'s kind (flub, number, auto).
 */
export const INITIATIVE_OUTCOMES = ["behind", "level", "ahead", "flub", "number", "auto"] as const;
export type InitiativeOutcome = (typeof INITIATIVE_OUTCOMES)[number];

/** The two checks a strike can call for. */
export const BODY_CHECK_KINDS = ["death", "collapse"] as const;
export type BodyCheckKind = (typeof BODY_CHECK_KINDS)[number];

/** Outcome of an attack roll (against a defence roll or a target number). */
export const ATTACK_OUTCOMES = ["hit", "miss", "tie"] as const;
export type AttackOutcome = (typeof ATTACK_OUTCOMES)[number];

/** Wound descriptions of the wound-penalty table, plus `none` for an effective wound level of 0. */
export const WOUND_CATEGORY_KEYS = ["none", "trivial", "light", "moderate", "serious", "severe", "critical", "deadly"] as const;
export type WoundCategoryKey = (typeof WOUND_CATEGORY_KEYS)[number];

/** What one strike did to its target, after armor and the death and collapse checks. */
export const STRIKE_STATES = ["noWound", "wounded", "collapsed", "killed"] as const;
export type StrikeState = (typeof STRIKE_STATES)[number];

/** Everything an attack can lead to (the strike states plus the two ways it does not land). */
export const ATTACK_CONSEQUENCES = ["miss", "tie", ...STRIKE_STATES] as const;
export type AttackConsequence = (typeof ATTACK_CONSEQUENCES)[number];

/** The armor types of the seed's armor table. */
export const ARMOR_KEYS = [
  "cloth",
  "quilt",
  "leather",
  "boiledLeather",
  "ringMail",
  "chainMail",
  "scaleMail",
  "brigandine",
  "plate",
  "fullPlate",
] as const;
export type ArmorKey = (typeof ARMOR_KEYS)[number];

/** Weapon size categories of the base-damage guideline table. */
export const WEAPON_CATEGORY_KEYS = ["large", "medium", "small"] as const;
export type WeaponCategoryKey = (typeof WEAPON_CATEGORY_KEYS)[number];

/** How a weapon delivers damage: by the wielder's body (melee, thrown) or launched from a bow/crossbow. */
export const WEAPON_DELIVERY_KEYS = ["wielded", "bow", "crossbow"] as const;
export type WeaponDeliveryKey = (typeof WEAPON_DELIVERY_KEYS)[number];

/** Why an end-of-session advancement check did or did not raise a skill. */
export const ADVANCEMENT_REASONS = ["auto", "flub", "rollHigher", "rollNotHigher", "learnedThisSession"] as const;
export type AdvancementReason = (typeof ADVANCEMENT_REASONS)[number];

/** Problems character-creation validation can report. */
export const CREATION_ISSUE_KEYS = [
  "attributeOutOfRange",
  "aspectOverLimit",
  "skillLevelOutOfRange",
  "skillOverStartingCap",
  "pointsOverBudget",
  "duplicateSkill",
] as const;
export type CreationIssueKey = (typeof CREATION_ISSUE_KEYS)[number];

/** Per-combatant status inside a combat round (initiative order and held actions). */
export const TURN_STATUSES = ["waiting", "holding", "acted", "lost"] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

/** The parts of a day's healing. */
export const HEALING_SOURCES = ["rest", "healthCheck", "treatment"] as const;
export type HealingSource = (typeof HEALING_SOURCES)[number];
