/**
 * Traits, Assets and Burdens (seed: "TAB"). TABs are setting data; the core reads the
 * mechanical effects it can apply: difficulty changes for tagged situations, multipliers,
 * and adjustments to damage.
 */
import { type AttributeKey } from "./attributes";
import { type AdjustmentNotation, combineAdjustments } from "./dat";

export const TAB_KINDS = ["trait", "asset", "burden"] as const;
export type TabKind = (typeof TAB_KINDS)[number];

export type TabEffect =
  /** Add to the difficulty of checks in a situation (−1/−10 = easier), per kind of check. */
  | { readonly kind: "difficulty"; readonly when: string; readonly attribute: number; readonly skill: number }
  /**
   * Multiply the difficulty of checks in a situation (Space Cadet doubles it). With `attribute`,
   * only attribute checks of that attribute are affected (Space Cadet: Focus checks).
   */
  | { readonly kind: "difficultyMultiplier"; readonly when: string; readonly factor: number; readonly attribute?: AttributeKey }
  /** Multiply an attribute for a check in a situation, with an optional uses-per-day limit. */
  | { readonly kind: "attributeMultiplier"; readonly when: string; readonly attribute: AttributeKey; readonly factor: number; readonly usesPerDay: number | null }
  /** An adjustment to all damage received (That Didn't Hurt: -1F). */
  | { readonly kind: "adjustment"; readonly notation: string };

export interface Tab {
  readonly key: string;
  readonly kind: TabKind;
  /** Degree 1.. for tiered TABs (drives the Progression Point cost); null if untiered. */
  readonly degree: number | null;
  readonly effects: readonly TabEffect[];
}

/** All damage adjustments granted by TABs, in TAB order. */
export function tabAdjustments(tabs: readonly Tab[]): AdjustmentNotation {
  const notations: string[] = [];
  for (const t of tabs) for (const e of t.effects) if (e.kind === "adjustment") notations.push(e.notation);
  return combineAdjustments(...notations);
}
