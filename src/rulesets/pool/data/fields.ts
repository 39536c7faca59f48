/** Ranges shared by the Dice Pool data models (the field factories are core's: core/data/fields.ts). */
/** Attribute scores: the seed sets no range; ±10 leaves room for any table (the core accepts ±60). */
export const ATTRIBUTE_RANGE = { min: -10, max: 10 } as const;
/** Ability ratings: 0 (untrained, a node of the tree only) to 20. */
export const RATING_RANGE = { min: 0, max: 20 } as const;
/** Weapon damage modifiers and armor ratings, in degrees. */
export const MODIFIER_RANGE = { min: -20, max: 20 } as const;
export const ARMOR_RANGE = { min: 0, max: 20 } as const;
/** A wound's final degree as stored (the core caps trauma values at 10 000). */
export const WOUND_DEGREE_RANGE = { min: 0, max: 10_000 } as const;
