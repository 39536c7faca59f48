/**
 * Powers (seed: "Powers", "Example Power: Marksman Focus", "Example: Spirit Shaman"): a power
 * action's cost notation and Normal power points, which the data models read. The functions on
 * power points in play (Need, Gain, Drain, Hold) and the Barrier Shield: power-points.ts.
 */
import { type AttributeKey, type Attributes, requireAttributeKey, validateAttributes } from "./attributes";
import { requireInt } from "./validate";

// ---------------------------------------------------------------------------------------------
// Cost notation: "Need 3, Hold 3", "Drain 1+X", "Need 1, Hold X or Drain X"

export const POWER_FUNCTIONS = ["need", "gain", "drain", "hold"] as const;
export type PowerFunction = (typeof POWER_FUNCTIONS)[number];

export interface PowerStep {
  readonly fn: PowerFunction;
  /** Amount = base + perX × X. */
  readonly base: number;
  readonly perX: number;
}
export type PowerCostTerm = { readonly kind: "step"; readonly step: PowerStep } | { readonly kind: "choice"; readonly options: readonly PowerStep[] };

function parseStep(text: string, whole: string): PowerStep {
  const m = /^(need|gain|drain|hold)\s+(?:(\d+)\s*\+\s*(\d*)X|(\d*)X|(\d+))$/i.exec(text.trim());
  if (!m) throw new RangeError(`Power cost "${whole}": "${text.trim()}" is not "<Need|Gain|Drain|Hold> <n | X | n+X>"`);
  const fn = m[1].toLowerCase() as PowerFunction;
  const n = (t: string | undefined, dflt: number): number => (t === undefined || t === "" ? dflt : requireInt(`Power cost "${whole}": amount`, Number(t), 0, MAX_POWER_AMOUNT));
  if (m[2] !== undefined) return { fn, base: n(m[2], 0), perX: n(m[3], 1) };
  if (m[4] !== undefined) return { fn, base: 0, perX: n(m[4], 1) };
  return { fn, base: n(m[5], 0), perX: 0 };
}

/** Largest amount in a power cost (per step, and per X). */
export const MAX_POWER_AMOUNT = 10_000;

/** Parse a power action's cost; commas separate steps, "or" offers a choice. */
export function parsePowerCost(text: string): readonly PowerCostTerm[] {
  if (typeof text !== "string" || text.trim() === "") throw new RangeError("Power cost is empty");
  if (text.length > 200) throw new RangeError(`Power cost "${text.slice(0, 20)}…" is longer than 200 characters`);
  return text.split(",").map((part) => {
    const opts = part.split(/\s+or\s+/i);
    if (opts.length === 1) return { kind: "step" as const, step: parseStep(opts[0], text) };
    return { kind: "choice" as const, options: opts.map((o) => parseStep(o, text)) };
  });
}

// ---------------------------------------------------------------------------------------------
// Power definitions as data

export interface PowerNormalRule {
  readonly attributes: readonly AttributeKey[];
  /** average (rounded down, our decision), sum, or the single attribute. */
  readonly combine: "average" | "sum";
}

/** Normal power points from attributes. */
export function powerNormal(attrs: Attributes, rule: PowerNormalRule): number {
  const a = validateAttributes(attrs);
  if (rule.attributes.length === 0) throw new RangeError("A power-point rule needs at least one attribute");
  if (rule.combine !== "average" && rule.combine !== "sum") throw new RangeError(`Unknown power-point combination "${String(rule.combine)}" (expected average or sum)`);
  // A loop, not reduce: every owned power's Normal is derived on every preparation.
  let sum = 0;
  for (const k of rule.attributes) sum += a[requireAttributeKey("Power-point rule", k)];
  return rule.combine === "sum" ? sum : Math.floor(sum / rule.attributes.length);
}

export interface PowerAction {
  readonly key: string;
  readonly cost: string;
  /** Action points the action takes, where the seed gives them. */
  readonly actionPoints: number | null;
}
export interface PowerDefinition {
  readonly key: string;
  readonly normal: PowerNormalRule;
  /** Recovery: `amount` points gained per `per` (an interval key) until Normal. */
  readonly recovery: { readonly amount: number; readonly per: string };
  readonly actions: readonly PowerAction[];
}
