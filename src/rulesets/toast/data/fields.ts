/** Field factories and ranges shared by the Toast data models. */
import { MAX_ATTRIBUTE, MAX_DAMAGE_DICE, MAX_SKILL_LEVEL, MAX_WOUND_LEVELS, MAX_WOUND_SCALE } from "../rules";

const fields = foundry.data.fields;

export const int = (opts: { min: number; max: number; initial?: number }) =>
  new fields.NumberField({ required: true, nullable: false, integer: true, min: opts.min, max: opts.max, initial: opts.initial ?? Math.max(0, opts.min) });

export const html = () => new fields.HTMLField({ required: true, blank: true, initial: "" });

export const text = () => new fields.StringField({ required: true, blank: true, initial: "" });

export const choice = <T extends string>(choices: readonly T[], initial: T) =>
  new fields.StringField({ required: true, blank: choices.some((c) => c === ""), nullable: false, choices: [...choices], initial });

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
