/** Vocabularies of the Toaster data models (the field factories are core's: core/data/fields.ts). */
import { int } from "../../../core/data/fields";

export const attribute = (initial = 4) => new foundry.data.fields.SchemaField({ value: int({ min: 0, max: 30, initial }) });

export const ATTRIBUTE_KEYS = ["physique", "coordination", "intellect", "aura"] as const;
export const CAMPAIGN_STYLE_KEYS = ["", "average", "aboveAverage", "heroic", "largerThanLife"] as const;
export const SKILL_GROUPS = ["", "artistic", "craft", "knowledge", "language", "science", "socialScience", "weapon"] as const;
export const SKILL_ROLES = ["general", "dodge", "unarmed", "weapon", "language"] as const;
export const SKILL_COSTS = ["easy", "average", "challenging", "difficult", "veryDifficult"] as const;
export const TRAIT_KINDS = ["general", "attribute", "size", "experience", "skillPackage", "socialStanding"] as const;
export const WEAPON_MODES = ["melee", "ranged"] as const;
export const SHIELD_SIZES = ["", "small", "medium", "large"] as const;
export const BODY_AREAS = ["head", "torso", "leftArm", "rightArm", "leftLeg", "rightLeg"] as const;
