/**
 * Foundry v14 members that fvtt-types 13.345 does not declare. They are declared here and reached
 * only through src/core/compat.ts, after detecting that they exist.
 */

/** `foundry.data.operators` (v14, foundryvtt#13090): values that delete or replace in an update. */
export interface V14DataOperators {
  ForcedDeletion: { create(): object };
  ForcedReplacement: { create(replacement: unknown): object };
}

/** An Active Effect change in v14's `system.changes` (foundryvtt#13740, #13566). */
export interface V14EffectChange {
  key: string;
  /** A key of `CONST.ACTIVE_EFFECT_CHANGE_TYPES`' values: "add", "multiply", "override", … */
  type: string;
  value: string;
  /** When the change applies: "initial" (before derived data) or "final" (foundryvtt#13426). */
  phase?: string;
  /** Order among changes; v14 prepares a missing one as 0 (foundryvtt#14511), so we always write it. */
  priority?: number | null;
}
