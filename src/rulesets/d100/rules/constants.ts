/**
 * What the data models read from play rules (a cumulative task's mode, how initiative ties break,
 * the creation budgets), apart from those rules (rules/effort.ts, rules/periods.ts,
 * rules/progression.ts), which are runtime code: docs/architecture.md "Load what the world needs".
 */

export const CUMULATIVE_MODES = ["positiveOnly", "signed"] as const;

/** positiveOnly: only positive efforts count (the usual case); signed: bad efforts subtract. */
export type CumulativeMode = (typeof CUMULATIVE_MODES)[number];

export const TIE_MODES = ["simultaneous", "check"] as const;

/** simultaneous: tied characters share a slot; check: tied characters roll against their quota. */
export type TieMode = (typeof TIE_MODES)[number];

/** Standard creation budgets: 45 attribute points above 1, 100 skill points. */
export const STANDARD_CREATION = { attributePoints: 45, skillPoints: 100 } as const;
