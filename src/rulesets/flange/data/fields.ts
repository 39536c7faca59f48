/** Field factories shared by the Flange data models. */
const fields = foundry.data.fields;

export const int = (opts: { min: number; max: number; initial?: number }) =>
  new fields.NumberField({ required: true, nullable: false, integer: true, min: opts.min, max: opts.max, initial: opts.initial ?? Math.max(0, opts.min) });

export const html = () => new fields.HTMLField({ required: true, blank: true, initial: "" });

export const text = () => new fields.StringField({ required: true, blank: true, initial: "" });

export const choice = <T extends string>(choices: readonly T[], initial: T) =>
  new fields.StringField({ required: true, blank: choices.some((c) => c === ""), nullable: false, choices: [...choices], initial });

/** Edge points owned or spent: the book sets no cap; 99 leaves room for any campaign. */
export const EDGE_RANGE = { min: 0, max: 99 } as const;
/** Flange points the GM awards after creation, or spends on other things (powers, magic). */
export const FLANGE_EXTRA_RANGE = { min: 0, max: 999 } as const;
/** Health boxes and grind wounds crossed off (the rules give at most 13 and 7; the core caps tracks at 99). */
export const BOXES_CROSSED_RANGE = { min: 0, max: 99 } as const;
