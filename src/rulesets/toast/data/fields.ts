/** Ranges shared by the Toast data models (the field factories are core's: core/data/fields.ts). */
import { MAX_ATTRIBUTE, MAX_DAMAGE_DICE, MAX_SKILL_LEVEL, MAX_WOUND_LEVELS, MAX_WOUND_SCALE } from "../init-rules";

/**
 * Attribute levels: 1 up to the core's cap (the seed's 1–20 is a creation limit the sheet shows as
 * a budget, monsters may go higher).
 */
export const ATTRIBUTE_RANGE = { min: 1, max: MAX_ATTRIBUTE } as const;
export const SKILL_LEVEL_RANGE = { min: 0, max: MAX_SKILL_LEVEL } as const;
export const WOUND_RANGE = { min: 0, max: MAX_WOUND_LEVELS } as const;
export const WOUND_SCALE_RANGE = { min: 1, max: MAX_WOUND_SCALE } as const;
export const DAMAGE_DICE_RANGE = { min: 0, max: MAX_DAMAGE_DICE } as const;
/** Armor numbers: the seed's table tops out at 9 and 75; a GM's own armor may go higher. */
export const WOUND_REDUCTION_RANGE = { min: 0, max: 100 } as const;
export const ENCUMBRANCE_RANGE = { min: 0, max: 1000 } as const;
export const QUANTITY_RANGE = { min: 0, max: 100_000 } as const;
