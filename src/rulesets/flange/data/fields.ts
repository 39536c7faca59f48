/** Ranges shared by the Flange data models (the field factories are core's: core/data/fields.ts). */
/** Edge points owned or spent: the book sets no cap; 99 leaves room for any campaign. */
export const EDGE_RANGE = { min: 0, max: 99 } as const;
/** Flange points the GM awards after creation, or spends on other things (powers, magic). */
export const FLANGE_EXTRA_RANGE = { min: 0, max: 999 } as const;
/** Health boxes and grind wounds crossed off (the rules give at most 13 and 7; the core caps tracks at 99). */
export const BOXES_CROSSED_RANGE = { min: 0, max: 99 } as const;
