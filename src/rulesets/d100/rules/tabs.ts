/**
 * Traits, Assets and Burdens (seed: "TAB"). TABs are setting data; the core reads the
 * mechanical effects it can apply: difficulty changes for tagged situations, multipliers,
 * and adjustments to damage.
 */
import { type AttributeKey } from "./attributes";
import type { CheckKind } from "./checks";
import { type AdjustmentNotation, combineAdjustments } from "./dat";
import { dictFrom, own } from "../../../dice/dict";
import { requireInt } from "./validate";

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

export interface CheckSituation {
  readonly kind: CheckKind;
  /** Situation tags the GM or the roll dialog ticks ("assertiveConvincing", …). */
  readonly tags: readonly string[];
  /** The attribute being checked, for attribute checks. */
  readonly attribute?: AttributeKey;
  /**
   * Uses so far today of TABs with a daily limit, by TAB key. When given, a TAB whose daily uses
   * are spent contributes nothing (The Voice: once a day). Count a use with `recordTabUse`.
   */
  readonly usesToday?: Readonly<Record<string, number>>;
}

export interface TabCheckModifiers {
  readonly difficultyDelta: number;
  readonly difficultyFactor: number;
  /** Multiplier on the checked attribute (1 when none applies). */
  readonly attributeFactor: number;
  /** Keys of the TABs that contributed. */
  readonly sources: readonly string[];
}

/** Collect what a character's TABs do to a check in the given situation. */
export function tabCheckModifiers(tabs: readonly Tab[], situation: CheckSituation): TabCheckModifiers {
  let delta = 0;
  let factor = 1;
  let attributeFactor = 1;
  const sources = new Set<string>();
  for (const t of tabs) {
    if (!TAB_KINDS.includes(t.kind)) throw new RangeError(`TAB "${t.key}" has unknown kind "${String(t.kind)}"`);
    for (const e of t.effects) {
      if (e.kind === "adjustment" || !situation.tags.includes(e.when)) continue;
      if (e.kind === "difficulty") {
        delta += requireInt(`Difficulty change of ${t.key}`, situation.kind === "attribute" ? e.attribute : e.skill);
        sources.add(t.key);
      } else if (e.kind === "difficultyMultiplier") {
        if (e.attribute !== undefined && (situation.kind !== "attribute" || situation.attribute !== e.attribute)) continue;
        factor *= requireInt(`Difficulty factor of ${t.key}`, e.factor, 0);
        sources.add(t.key);
      } else if (situation.kind === "attribute" && situation.attribute === e.attribute) {
        if (situation.usesToday !== undefined && tabUsesLeft(t, situation.usesToday) === 0) continue;
        attributeFactor *= requireInt(`Attribute factor of ${t.key}`, e.factor, 0);
        sources.add(t.key);
      }
    }
  }
  return { difficultyDelta: delta, difficultyFactor: factor, attributeFactor, sources: [...sources] };
}

/** The smallest daily limit among a TAB's effects, or null when it has none. */
export function tabUsesPerDay(tab: Tab): number | null {
  let limit: number | null = null;
  for (const e of tab.effects) {
    if (e.kind === "attributeMultiplier" && e.usesPerDay !== null) {
      const n = requireInt(`Uses per day of ${tab.key}`, e.usesPerDay, 0);
      limit = limit === null ? n : Math.min(limit, n);
    }
  }
  return limit;
}

/** Uses left today (null = unlimited). */
export function tabUsesLeft(tab: Tab, usesToday: Readonly<Record<string, number>>): number | null {
  const limit = tabUsesPerDay(tab);
  if (limit === null) return null;
  return Math.max(0, limit - requireInt(`Uses today of ${tab.key}`, own(usesToday, tab.key) ?? 0, 0));
}

/** Count one use of a limited TAB; throws when none is left today. A new day starts from {}. */
export function recordTabUse(usesToday: Readonly<Record<string, number>>, tab: Tab): Readonly<Record<string, number>> {
  const left = tabUsesLeft(tab, usesToday);
  if (left === null) return usesToday;
  if (left === 0) throw new RangeError(`${tab.key} has no uses left today (${tabUsesPerDay(tab) ?? 0} a day)`);
  return dictFrom([...Object.entries(usesToday), [tab.key, (own(usesToday, tab.key) ?? 0) + 1]]);
}

/** Difficulty after TABs: the base multiplied by the factor, then the changes added (our order). */
export function applyTabDifficulty(difficulty: number, m: TabCheckModifiers): number {
  requireInt("Difficulty", difficulty);
  return difficulty * m.difficultyFactor + m.difficultyDelta;
}

/** All damage adjustments granted by TABs, in TAB order. */
export function tabAdjustments(tabs: readonly Tab[]): AdjustmentNotation {
  const notations: string[] = [];
  for (const t of tabs) for (const e of t.effects) if (e.kind === "adjustment") notations.push(e.notation);
  return combineAdjustments(...notations);
}

/** The seed's light-setting examples. */
export const EXAMPLE_TABS: Readonly<Record<string, Tab>> = Object.freeze(dictFrom<Tab>(Object.entries({
  typeAPersonality: {
    key: "typeAPersonality",
    kind: "trait",
    degree: null,
    effects: [
      { kind: "difficulty", when: "assertiveConvincing", attribute: -1, skill: -10 },
      { kind: "difficulty", when: "kindConsiderate", attribute: 1, skill: 10 },
    ],
  },
  thatDidntHurt: { key: "thatDidntHurt", kind: "asset", degree: null, effects: [{ kind: "adjustment", notation: "-1F" }] },
  spaceCadet: { key: "spaceCadet", kind: "burden", degree: null, effects: [{ kind: "difficultyMultiplier", when: "attentionWhenDistracted", factor: 2, attribute: "focus" }] },
  theVoice: {
    key: "theVoice",
    kind: "asset",
    degree: null,
    effects: [{ kind: "attributeMultiplier", when: "swayTheMasses", attribute: "charisma", factor: 2, usesPerDay: 1 }],
  },
  longTail: {
    key: "longTail",
    kind: "trait",
    degree: null,
    effects: [
      { kind: "difficulty", when: "balancing", attribute: -1, skill: -10 },
      { kind: "difficulty", when: "concealingIdentity", attribute: 1, skill: 10 },
    ],
  },
})));
