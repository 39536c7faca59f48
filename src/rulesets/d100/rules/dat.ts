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
import { type AttributeKey, type Attributes, attributeFromAbbreviation } from "./attributes";
import { MAX_DAMAGE_DICE, MAX_NOTATION_LENGTH, MAX_NOTATION_NUMBER, MAX_NOTATION_TERMS } from "./limits";
import { requireInt, requireObject } from "./validate";

/** Metric prefixes: the scale a flat amount or a die works on. A setting may add more. */
export const DAMAGE_PREFIXES: ReadonlyMap<DamagePrefix, number> = new Map<DamagePrefix, number>([
  ["", 1],
  ["K", 1_000],
  ["M", 1_000_000],
]);
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

/** An error in damage or adjustment notation (a RangeError), with the character position (0-based) at fault. */
export class NotationError extends RangeError {
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
    if (!Number.isSafeInteger(v) || v > MAX_NOTATION_NUMBER) this.fail(`${what} ${m[0]} is too large (at most ${MAX_NOTATION_NUMBER})`);
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
  if (text.length > MAX_NOTATION_LENGTH) throw new NotationError(text.slice(0, 20) + "…", MAX_NOTATION_LENGTH, `the notation is longer than ${MAX_NOTATION_LENGTH} characters`);
  const c: Cursor = new Cursor(text);
  const terms: DamageTerm[] = [];
  let dice = 0;
  c.skipSpace();
  if (c.done()) c.fail("the notation is empty");
  for (;;) {
    c.skipSpace();
    const start = c.pos;
    if (terms.length === MAX_NOTATION_TERMS) c.fail(`at most ${MAX_NOTATION_TERMS} terms`, start);
    const amount = c.int("a number");
    const prefix = c.prefix();
    if (c.peek().toUpperCase() === "D") {
      c.pos++;
      if (amount < 1) c.fail("a dice term needs at least 1 die", start);
      dice += amount;
      if (dice > MAX_DAMAGE_DICE) c.fail(`at most ${MAX_DAMAGE_DICE} dice in one notation (this term brings it to ${dice})`, start);
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
      const other = terms.find((t) => t.kind === "dice" && t.prefix !== prefix);
      if (other !== undefined) c.fail(`every die of one notation works on one scale (${other.prefix === "" ? "plain" : other.prefix} dice and ${prefix === "" ? "plain" : prefix} dice are mixed)`, start);
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

export function multiplier(prefix: DamagePrefix): number {
  const m = DAMAGE_PREFIXES.get(prefix);
  if (m === undefined) throw new RangeError(`Unknown damage prefix "${prefix}"`);
  return m;
}

export interface DamageOptions {
  /** Character whose attributes the limits name. */
  readonly attributes?: Attributes;
  /** Damage overflow: a 0 adds the die's maximum and the die rolls again. Default false. */
  readonly overflow?: boolean;
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
  // Every character's armor, gear and TABs are parsed on every preparation: the same few texts.
  const known = parsedAdjustments.get(text);
  if (known) return { text, terms: known };
  const parsed = parseAdjustmentText(text);
  if (parsedAdjustments.size >= PARSED_ADJUSTMENTS_KEPT) parsedAdjustments.clear();
  parsedAdjustments.set(text, parsed.terms);
  return parsed;
}

/** Terms of adjustment texts parsed before (frozen: shared by every caller), a bounded cache. */
const parsedAdjustments = new Map<string, readonly AdjustmentTerm[]>();
const PARSED_ADJUSTMENTS_KEPT = 512;

function parseAdjustmentText(text: string): AdjustmentNotation {
  if (text.length > MAX_NOTATION_LENGTH) throw new NotationError(text.slice(0, 20) + "…", MAX_NOTATION_LENGTH, `the notation is longer than ${MAX_NOTATION_LENGTH} characters`);
  const c: Cursor = new Cursor(text.replace(/\u2212/g, "-"));
  const terms: AdjustmentTerm[] = [];
  for (;;) {
    while (!c.done() && (/\s/.test(c.peek()) || c.peek() === ",")) c.pos++;
    if (c.done()) break;
    if (terms.length === MAX_NOTATION_TERMS) c.fail(`at most ${MAX_NOTATION_TERMS} adjustments`);
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
  return { text, terms: Object.freeze(terms.map((t) => Object.freeze(t))) };
}

/** An adjustment as text or parsed; a parsed one is written back and parsed again, so the same caps apply. */
export function asAdjustment(a: AdjustmentNotation | string): AdjustmentNotation {
  if (typeof a === "string") return parseAdjustment(a);
  requireObject("Adjustment notation", a);
  if (!Array.isArray(a.terms)) throw new TypeError("Adjustment notation needs a list of terms");
  for (const t of a.terms) {
    requireObject("Adjustment term", t);
    if (t.kind !== "flat" && t.kind !== "repeating") throw new RangeError(`Unknown adjustment kind "${String(t.kind)}" (expected flat or repeating)`);
    requireInt("Adjustment amount", t.amount, -MAX_NOTATION_NUMBER * 1_000_000, MAX_NOTATION_NUMBER * 1_000_000);
  }
  if (a.terms.length > MAX_NOTATION_TERMS) throw new RangeError(`At most ${MAX_NOTATION_TERMS} adjustments, not ${a.terms.length}`);
  return a;
}

/** Write adjustment terms back ("-10F -2R"). */
export function formatAdjustment(terms: readonly AdjustmentTerm[]): string {
  let out = "";
  for (const t of terms) out = `${out}${out === "" ? "" : " "}${t.amount}${t.kind === "flat" ? "F" : "R"}`;
  return out;
}

/** Join several adjustment sources (armor, TABs, powers), in the order given. */
export function combineAdjustments(...parts: ReadonlyArray<AdjustmentNotation | string>): AdjustmentNotation {
  // Loops, not map/filter/flatMap: every character's armor, gear and TABs are joined on every preparation.
  const ns: AdjustmentNotation[] = [];
  for (const p of parts) ns.push(asAdjustment(p));
  let text = "";
  const terms: AdjustmentTerm[] = [];
  for (const n of ns) {
    const t = n.text.trim();
    if (t !== "") text = text === "" ? t : `${text} ${t}`;
    for (const term of n.terms) terms.push(term);
  }
  return { text, terms };
}
