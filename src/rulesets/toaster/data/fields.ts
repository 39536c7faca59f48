/** Field factories shared by the Toaster data models. */
const fields = foundry.data.fields;

export const int = (opts: { min?: number; max?: number; initial?: number } = {}) =>
  new fields.NumberField({ required: true, nullable: false, integer: true, min: opts.min, max: opts.max, initial: opts.initial ?? opts.min ?? 0 });

export const attribute = (initial = 4) => new fields.SchemaField({ value: int({ min: 0, max: 30, initial }) });

export const html = () => new fields.HTMLField({ required: true, blank: true, initial: "" });

export const choice = <T extends string>(choices: readonly T[], initial: T) =>
  new fields.StringField({ required: true, blank: choices.includes("" as T), nullable: false, choices: [...choices], initial });

export const ATTRIBUTE_KEYS = ["physique", "coordination", "intellect", "aura"] as const;
export const CAMPAIGN_STYLE_KEYS = ["", "average", "aboveAverage", "heroic", "largerThanLife"] as const;
export const SKILL_GROUPS = ["", "artistic", "craft", "knowledge", "language", "science", "socialScience", "weapon"] as const;
export const SKILL_ROLES = ["general", "dodge", "unarmed", "weapon", "language"] as const;
export const SKILL_COSTS = ["easy", "average", "challenging", "difficult", "veryDifficult"] as const;
export const TRAIT_KINDS = ["general", "attribute", "size", "experience", "skillPackage", "socialStanding"] as const;
export const WEAPON_MODES = ["melee", "ranged"] as const;
export const SHIELD_SIZES = ["", "small", "medium", "large"] as const;
export const BODY_AREAS = ["head", "torso", "leftArm", "rightArm", "leftLeg", "rightLeg"] as const;
