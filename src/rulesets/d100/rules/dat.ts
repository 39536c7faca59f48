/**
 * DAT: Damage and Adjustment notation (seed: "DAT", "Damage", "Note About Zeros", "Adjustment").
 *
 * Damage:     `10 + 2D(ST)`, `5K + 1KD`, `2MD(ST)` — flat amounts and dice joined by "+"; a die
 *             is a d10 whose 0 counts as its maximum (10, or the limit if lower); a limit in
 *             parentheses (an attribute abbreviation or a number) caps every die; K = ×1,000 and
 *             M = ×1,000,000. Damage overflow (optional): a 0 adds the maximum and rolls again.
 * Adjustment: `-10F -2R` — F adds a flat amount, R adds its amount for every full 10 points of
 *             the damage as it stands; applied left to right, damage never below 0.
 */
import { type Dist, add, fromWeights, mapDist, mean, point } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import { type AttributeKey, type Attributes, attributeAbbreviation, attributeFromAbbreviation, validateAttributes } from "./attributes";
import { rollD10 } from "./dice";
import { requireInt } from "./validate";

/** Metric prefixes: the scale a flat amount or a die works on. A setting may add more. */
export const DAMAGE_PREFIXES: Readonly<Record<string, number>> = { "": 1, K: 1_000, M: 1_000_000 };
export type DamagePrefix = "" | "K" | "M";

/** The highest damage a die can do without a limit. */
export const DIE_MAXIMUM = 10;

export type DamageLimit = { readonly kind: "attribute"; readonly attribute: AttributeKey } | { readonly kind: "number"; readonly value: number };

export interface FlatDamageTerm {
  readonly kind: "flat";
  readonly amount: number;
  readonly prefix: DamagePrefix;
}
export interface DiceDamageTerm {
  readonly kind: "dice";
  readonly count: number;
  readonly prefix: DamagePrefix;
  readonly limit: DamageLimit | null;
}
export type DamageTerm = FlatDamageTerm | DiceDamageTerm;

export interface DamageNotation {
  /** The notation as written. */
  readonly text: string;
  readonly terms: readonly DamageTerm[];
}

/** An error in damage or adjustment notation, with the character position (0-based) at fault. */
export class NotationError extends Error {
  constructor(
    readonly notation: string,
    readonly position: number,
    detail: string,
  ) {
    super(`Bad notation "${notation}" at position ${position + 1}: ${detail}`);
    this.name = "NotationError";
  }
}

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }
  peek(): string {
    return this.text[this.pos] ?? "";
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  fail(detail: string, at = this.pos): never {
    throw new NotationError(this.text, at, detail);
  }
  int(what: string): number {
    const m = /^\d+/.exec(this.text.slice(this.pos));
    if (!m) this.fail(`expected ${what}, found ${this.describe()}`);
    const v = Number(m[0]);
    if (!Number.isSafeInteger(v)) this.fail(`${what} ${m[0]} is too large`);
    this.pos += m[0].length;
    return v;
  }
  describe(): string {
    return this.done() ? "the end" : `"${this.peek()}"`;
  }
  prefix(): DamagePrefix {
    const c = this.peek().toUpperCase();
    if (c === "K" || c === "M") {
      this.pos++;
      return c;
    }
    return "";
  }
}

/** Parse damage notation; malformed notation throws a NotationError naming the position. */
export function parseDamage(text: string): DamageNotation {
  if (typeof text !== "string") throw new TypeError("Damage notation must be a string");
  const c: Cursor = new Cursor(text);
  const terms: DamageTerm[] = [];
  c.skipSpace();
  if (c.done()) c.fail("the notation is empty");
  for (;;) {
    c.skipSpace();
    const start = c.pos;
    const amount = c.int("a number");
    const prefix = c.prefix();
    if (c.peek().toUpperCase() === "D") {
      c.pos++;
      if (amount < 1) c.fail("a dice term needs at least 1 die", start);
      let limit: DamageLimit | null = null;
      if (c.peek() === "(") {
        c.pos++;
        c.skipSpace();
        const at = c.pos;
        if (/\d/.test(c.peek())) limit = { kind: "number", value: c.int("a limit") };
        else {
          const m = /^[A-Za-z]+/.exec(text.slice(c.pos));
          if (!m) c.fail(`expected an attribute or a number as the limit, found ${c.describe()}`);
          try {
            limit = { kind: "attribute", attribute: attributeFromAbbreviation(m[0]) };
          } catch {
            c.fail(`"${m[0]}" is not an attribute abbreviation`, at);
          }
          c.pos += m[0].length;
        }
        c.skipSpace();
        if (c.peek() !== ")") c.fail(`expected ")" to close the limit, found ${c.describe()}`);
        c.pos++;
      }
      terms.push({ kind: "dice", count: amount, prefix, limit });
    } else {
      terms.push({ kind: "flat", amount, prefix });
    }
    c.skipSpace();
    if (c.done()) break;
    if (c.peek() !== "+") c.fail(`expected "+" or the end, found ${c.describe()}`);
    c.pos++;
    c.skipSpace();
    if (c.done()) c.fail('a term must follow "+"');
  }
  return { text, terms };
}

/** Write a parsed notation back in canonical form ("10 + 2D(ST)"). */
export function formatDamage(n: DamageNotation): string {
  return n.terms
    .map((t) => {
      if (t.kind === "flat") return `${t.amount}${t.prefix}`;
      const lim = t.limit === null ? "" : t.limit.kind === "number" ? `(${t.limit.value})` : `(${attributeAbbreviation(t.limit.attribute)})`;
      return `${t.count}${t.prefix}D${lim}`;
    })
    .join(" + ");
}

function asNotation(n: DamageNotation | string): DamageNotation {
  return typeof n === "string" ? parseDamage(n) : n;
}

/** The maximum one die of this term can do before its prefix: min(10, limit). */
export function dieMaximum(term: DiceDamageTerm, attributes?: Attributes): number {
  if (term.limit === null) return DIE_MAXIMUM;
  if (term.limit.kind === "number") return Math.min(DIE_MAXIMUM, requireInt("Damage limit", term.limit.value, 0));
  if (!attributes) throw new RangeError(`The limit (${attributeAbbreviation(term.limit.attribute)}) needs the character's attributes`);
  return Math.min(DIE_MAXIMUM, validateAttributes(attributes)[term.limit.attribute]);
}

function multiplier(prefix: DamagePrefix): number {
  const m = DAMAGE_PREFIXES[prefix];
  if (m === undefined) throw new RangeError(`Unknown damage prefix "${prefix}"`);
  return m;
}

export interface DamageOptions {
  /** Character whose attributes the limits name. */
  readonly attributes?: Attributes;
  /** Damage overflow: a 0 adds the die's maximum and the die rolls again. Default false. */
  readonly overflow?: boolean;
}

export interface DamageDie {
  /** Index of the dice term in the notation. */
  readonly term: number;
  /** Every face rolled for this die (0-9; more than one only with overflow). */
  readonly faces: readonly number[];
  readonly maximum: number;
  /** Damage of the die in its own scale (before the prefix). */
  readonly value: number;
  /** value × prefix multiplier. */
  readonly damage: number;
}

export interface DamageRoll {
  readonly notation: string;
  readonly flat: number;
  readonly dice: readonly DamageDie[];
  /** Every d10 face rolled, in order. */
  readonly faces: readonly number[];
  readonly total: number;
}

/** The damage of one die from its faces: 0 = maximum (and, with overflow, roll again). */
export function dieValue(faces: readonly number[], maximum: number, overflow: boolean): number {
  let v = 0;
  for (const f of faces) {
    requireInt("Die face", f, 0, 9);
    if (f !== 0) return v + Math.min(f, maximum);
    v += maximum;
    if (!overflow || maximum === 0) return v;
  }
  return v;
}

/** Roll damage. Limits, prefixes, zeros and (optional) overflow applied; every face kept. */
export function rollDamage(notation: DamageNotation | string, options: DamageOptions, rng: RandomSource): DamageRoll {
  const n = asNotation(notation);
  const overflow = options.overflow ?? false;
  const dice: DamageDie[] = [];
  const all: number[] = [];
  let flat = 0;
  n.terms.forEach((t, i) => {
    if (t.kind === "flat") {
      flat += t.amount * multiplier(t.prefix);
      return;
    }
    const max = dieMaximum(t, options.attributes);
    for (let d = 0; d < t.count; d++) {
      const faces: number[] = [];
      for (;;) {
        const f = rollD10(rng);
        faces.push(f);
        if (f !== 0 || !overflow || max === 0) break;
      }
      all.push(...faces);
      const value = dieValue(faces, max, overflow);
      dice.push({ term: i, faces, maximum: max, value, damage: value * multiplier(t.prefix) });
    }
  });
  return { notation: n.text, flat, dice, faces: all, total: flat + dice.reduce((s, d) => s + d.damage, 0) };
}

const DAMAGE_RESIDUAL = 1e-20;

/** Exact distribution of one die's damage (own scale). With overflow, see effortDistribution. */
export function dieDistribution(maximum: number, overflow: boolean): Dist<number> {
  requireInt("Die maximum", maximum, 0, DIE_MAXIMUM);
  const w = new Map<number, number>();
  const go = (base: number, p: number): void => {
    for (let f = 0; f <= 9; f++) {
      const q = p / 10;
      if (f === 0) {
        if (overflow && maximum > 0 && q >= DAMAGE_RESIDUAL) go(base + maximum, q);
        else w.set(base + maximum, (w.get(base + maximum) ?? 0) + q);
      } else w.set(base + Math.min(f, maximum), (w.get(base + Math.min(f, maximum)) ?? 0) + q);
    }
  };
  go(0, 1);
  return fromWeights(w);
}

/** Exact distribution of the total damage of a notation. */
export function damageDistribution(notation: DamageNotation | string, options: DamageOptions = {}): Dist<number> {
  const n = asNotation(notation);
  let acc: Dist<number> = point(0);
  for (const t of n.terms) {
    const m = multiplier(t.prefix);
    if (t.kind === "flat") acc = mapDist(acc, (x) => x + t.amount * m);
    else {
      const die = mapDist(dieDistribution(dieMaximum(t, options.attributes), options.overflow ?? false), (x) => x * m);
      for (let i = 0; i < t.count; i++) acc = add(acc, die);
    }
  }
  return acc;
}

/** Expected damage. */
export function meanDamage(notation: DamageNotation | string, options: DamageOptions = {}): number {
  const n = asNotation(notation);
  let s = 0;
  for (const t of n.terms) {
    const m = multiplier(t.prefix);
    s += t.kind === "flat" ? t.amount * m : t.count * m * mean(dieDistribution(dieMaximum(t, options.attributes), options.overflow ?? false));
  }
  return s;
}

/** Smallest and largest damage without overflow. */
export function damageRange(notation: DamageNotation | string, options: Pick<DamageOptions, "attributes"> = {}): { readonly min: number; readonly max: number } {
  const n = asNotation(notation);
  let min = 0;
  let max = 0;
  for (const t of n.terms) {
    const m = multiplier(t.prefix);
    if (t.kind === "flat") {
      min += t.amount * m;
      max += t.amount * m;
    } else {
      const dm = dieMaximum(t, options.attributes);
      min += t.count * Math.min(1, dm) * m;
      max += t.count * dm * m;
    }
  }
  return { min, max };
}

// ---------------------------------------------------------------------------------------------
// Adjustments

export const ADJUSTMENT_KINDS = ["flat", "repeating"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export interface AdjustmentTerm {
  readonly kind: AdjustmentKind;
  /** Signed amount: −10F is −10; with a prefix, already multiplied (−5KF is −5,000). */
  readonly amount: number;
}
export interface AdjustmentNotation {
  readonly text: string;
  readonly terms: readonly AdjustmentTerm[];
}

/**
 * Parse adjustment notation: terms separated by spaces or commas, each a signed whole number,
 * an optional K/M prefix (flat only) and F or R. An empty string is no adjustment.
 */
export function parseAdjustment(text: string): AdjustmentNotation {
  if (typeof text !== "string") throw new TypeError("Adjustment notation must be a string");
  const c: Cursor = new Cursor(text.replace(/\u2212/g, "-"));
  const terms: AdjustmentTerm[] = [];
  for (;;) {
    while (!c.done() && (/\s/.test(c.peek()) || c.peek() === ",")) c.pos++;
    if (c.done()) break;
    let sign = 1;
    if (c.peek() === "+" || c.peek() === "-") {
      sign = c.peek() === "-" ? -1 : 1;
      c.pos++;
    }
    const amount = c.int("a number");
    const prefixAt = c.pos;
    const prefix = c.prefix();
    const k = c.peek().toUpperCase();
    if (k === "F") terms.push({ kind: "flat", amount: sign * amount * multiplier(prefix) });
    else if (k === "R") {
      if (prefix !== "") c.fail("a repeating adjustment takes no prefix", prefixAt);
      terms.push({ kind: "repeating", amount: sign * amount });
    } else c.fail(`expected "F" (flat) or "R" (repeating) after the number, found ${c.describe()}`);
    c.pos++;
    if (!c.done() && !/\s/.test(c.peek()) && c.peek() !== ",") c.fail(`expected a space between adjustments, found ${c.describe()}`);
  }
  return { text, terms };
}

/** Write adjustment terms back ("-10F -2R"). */
export function formatAdjustment(terms: readonly AdjustmentTerm[]): string {
  return terms.map((t) => `${t.amount}${t.kind === "flat" ? "F" : "R"}`).join(" ");
}

/** Join several adjustment sources (armor, TABs, powers), in the order given. */
export function combineAdjustments(...parts: ReadonlyArray<AdjustmentNotation | string>): AdjustmentNotation {
  const ns = parts.map((p) => (typeof p === "string" ? parseAdjustment(p) : p));
  return { text: ns.map((n) => n.text.trim()).filter((t) => t !== "").join(" "), terms: ns.flatMap((n) => n.terms) };
}

export interface AdjustmentStep {
  readonly term: AdjustmentTerm;
  readonly before: number;
  /** What the term changed (after the floor at 0). */
  readonly change: number;
  readonly after: number;
}
export interface AdjustedDamage {
  readonly before: number;
  readonly after: number;
  readonly steps: readonly AdjustmentStep[];
}

/** Apply adjustments left to right to an amount of damage (whole number ≥ 0). */
export function applyAdjustment(damage: number, adjustment: AdjustmentNotation | string): AdjustedDamage {
  requireInt("Damage", damage, 0);
  const n = typeof adjustment === "string" ? parseAdjustment(adjustment) : adjustment;
  let cur = damage;
  const steps: AdjustmentStep[] = [];
  for (const t of n.terms) {
    const delta = t.kind === "flat" ? t.amount : t.amount * Math.floor(cur / 10);
    const next = Math.max(0, cur + delta);
    steps.push({ term: t, before: cur, change: next - cur, after: next });
    cur = next;
  }
  return { before: damage, after: cur, steps };
}

/** Exact distribution of damage after adjustment. */
export function adjustedDamageDistribution(notation: DamageNotation | string, adjustment: AdjustmentNotation | string, options: DamageOptions = {}): Dist<number> {
  const adj = typeof adjustment === "string" ? parseAdjustment(adjustment) : adjustment;
  return mapDist(damageDistribution(notation, options), (d) => applyAdjustment(d, adj).after);
}
