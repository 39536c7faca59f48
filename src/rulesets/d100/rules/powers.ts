/**
 * Powers and power points (seed: "Powers", "Example Power: Marksman Focus",
 * "Example: Spirit Shaman"). Functions on power points: Need, Gain, Drain, Hold.
 */
import { type AttributeKey, type Attributes, requireAttributeKey, validateAttributes } from "./attributes";
import { requireInt } from "./validate";

export interface PowerPoints {
  readonly normal: number;
  readonly current: number;
  /** Points held: they count in Current but Drain cannot touch them until released. */
  readonly held: number;
}

export function validatePowerPoints(p: PowerPoints): PowerPoints {
  requireInt("Normal power points", p.normal, 0);
  requireInt("Current power points", p.current, 0);
  requireInt("Held power points", p.held, 0, p.current);
  return p;
}

/** Points free for Need, Drain and Hold: Current minus held. */
export function freePoints(p: PowerPoints): number {
  validatePowerPoints(p);
  return p.current - p.held;
}

/** Need: are there at least n free points? */
export function need(p: PowerPoints, n: number): boolean {
  requireInt("Need", n, 0);
  return freePoints(p) >= n;
}

/** Gain: add n to Current, by default never past Normal. */
export function gain(p: PowerPoints, n: number, capAtNormal = true): PowerPoints {
  requireInt("Gain", n, 0);
  validatePowerPoints(p);
  const current = capAtNormal ? Math.max(p.current, Math.min(p.normal, p.current + n)) : p.current + n;
  return { ...p, current };
}

/** Drain: subtract n free points from Current; throws if fewer are free. */
export function drain(p: PowerPoints, n: number): PowerPoints {
  requireInt("Drain", n, 0);
  if (n > freePoints(p)) throw new RangeError(`Cannot drain ${n}: only ${freePoints(p)} power points are free`);
  return { ...p, current: p.current - n };
}

/** Hold: reserve n free points so Drain cannot use them. */
export function hold(p: PowerPoints, n: number): PowerPoints {
  requireInt("Hold", n, 0);
  if (n > freePoints(p)) throw new RangeError(`Cannot hold ${n}: only ${freePoints(p)} power points are free`);
  return { ...p, held: p.held + n };
}

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
  const sum = rule.attributes.reduce((s, k) => s + a[requireAttributeKey("Power-point rule", k)], 0);
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

// ---------------------------------------------------------------------------------------------
// Spirit Shaman: Barrier Shield and Spirit Lance

/** The Barrier Shield's numbers: a defensive difficulty of 25 that stops up to 25 damage. */
export const BARRIER_SHIELD = { difficulty: 25, capacity: 25, held: 3, actionPoints: 1 } as const;

export const SHIELDED_ATTACK_RESULTS = ["through", "shield", "missed"] as const;
/**
 * through: the attack beats the target's difficulty plus the shield's and reaches the shaman;
 * shield: it would have hit, but the shield's difficulty stops it, so it strikes the shield;
 * missed: it fails (or misses) even without the shield.
 */
export type ShieldedAttackResult = (typeof SHIELDED_ATTACK_RESULTS)[number];
