/**
 * Advanced fire blocks (seed: "Advanced Simulations", "Advanced Action Simulation Block",
 * "Burst Fire", "Burst Fire Adjustments", "Blast Fire", "Streaming Fire"). Optional rules.
 *
 * A block is data: AP cost, spread steps (ranges of the check's Degree of Success), the amount of
 * shots that threaten the target per step, and damage notation per hit. evaluateFire places a
 * degree in a step; resolveFire rolls the damage of every hit and applies adjustments per shot.
 */
import { MAX_DIFFICULTY } from "./limits";
import { requireInt } from "./validate";

/** Largest number a spread step may name. */
const MAX_SPREAD_NUMBER = 100 * MAX_DIFFICULTY;

/** A spread step: the inclusive range of Degree of Success it covers (null = open end). */
export interface SpreadStep {
  readonly min: number | null;
  readonly max: number | null;
}

/**
 * Parse a spread step as written in a block: "> -10", ">= 5", "< 0", "<= 3", "= 0", "1 - 10",
 * "11+" (11 and up).
 */
function parseStepRaw(text: string): SpreadStep {
  if (typeof text !== "string") throw new TypeError(`A spread step must be written as text, not ${typeof text}`);
  if (text.length > 40) throw new RangeError(`Spread step "${text.slice(0, 20)}…" is longer than 40 characters`);
  const t = text.trim().replace(/\u2212/g, "-");
  const num = "([+-]?\\d+)";
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^>=\\s*${num}$`).exec(t))) return { min: Number(m[1]), max: null };
  if ((m = new RegExp(`^>\\s*${num}$`).exec(t))) return { min: Number(m[1]) + 1, max: null };
  if ((m = new RegExp(`^<=\\s*${num}$`).exec(t))) return { min: null, max: Number(m[1]) };
  if ((m = new RegExp(`^<\\s*${num}$`).exec(t))) return { min: null, max: Number(m[1]) - 1 };
  if ((m = new RegExp(`^=\\s*${num}$`).exec(t))) return { min: Number(m[1]), max: Number(m[1]) };
  if ((m = new RegExp(`^${num}\\+$`).exec(t))) return { min: Number(m[1]), max: null };
  if ((m = new RegExp(`^${num}\\s*-\\s*${num}$`).exec(t))) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (b < a) throw new RangeError(`Spread step "${text}": the range runs backwards`);
    return { min: a, max: b };
  }
  throw new RangeError(`Spread step "${text}" is not one of "> n", ">= n", "< n", "<= n", "= n", "a - b", "n+"`);
}

export function parseSpreadStep(text: string): SpreadStep {
  return checkStep(parseStepRaw(text), String(text));
}

export function checkStep(step: SpreadStep, text: string): SpreadStep {
  for (const n of [step.min, step.max]) if (n !== null) requireInt(`Spread step "${text}"`, n, -MAX_SPREAD_NUMBER, MAX_SPREAD_NUMBER);
  return step;
}

export type FireApCost =
  | { readonly kind: "fixed"; readonly cost: number }
  /** base + X action points; `shotsPerX` rounds fired per X (rate of fire per AP). */
  | { readonly kind: "perX"; readonly base: number; readonly shotsPerX: number }
  /** One of several costs (streaming fire); damage may follow the chosen cost. */
  | { readonly kind: "choice"; readonly costs: readonly number[] };

export type FireAmount = { readonly kind: "flat"; readonly value: number } | { readonly kind: "perX"; readonly per: number };

export const FIRE_KINDS = ["single", "burst", "xShotBurst", "blast", "streaming"] as const;
export type FireKind = (typeof FIRE_KINDS)[number];

export interface FireBlock {
  readonly key: string;
  readonly title: string;
  readonly kind: FireKind;
  readonly apCost: FireApCost;
  readonly spread: readonly SpreadStep[];
  /** One amount for every step, or one per spread step. */
  readonly amount: readonly FireAmount[];
  /** Damage per hit: one notation, one per spread step, or one per AP-cost choice. */
  readonly damage: readonly string[];
  readonly damageBy: "all" | "step" | "apCost";
}
