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
import { type CheckCore, type Odds, makeOdds } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import { type AttributeKey, type Attributes, attributeAbbreviation, attributeFromAbbreviation, validateAttributes } from "./attributes";
import { type D10Draw, drawVerbs } from "./faces";
import { type HealthPoints, HEALTH_STATES, type HealthState, healthState, validateHealth } from "./health";
import { MAX_DAMAGE_DICE, MAX_NOTATION_LENGTH, MAX_NOTATION_NUMBER, MAX_NOTATION_TERMS, MAX_OPEN_END_DICE, type OpenEndedRoll } from "./limits";
import { BoundedCache, type Pmf, pmfAdd, pmfFromMap, pmfMap, pmfMean, pmfPoint, pmfPrune, pmfSumOf, pmfToDist } from "./pmf";
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

/** A notation as text or parsed; a parsed one is written back and parsed again, so the same caps apply. */
export function asNotation(n: DamageNotation | string): DamageNotation {
  if (typeof n === "string") return parseDamage(n);
  requireObject("Damage notation", n);
  if (!Array.isArray(n.terms)) throw new TypeError("Damage notation needs a list of terms");
  return { ...parseDamage(formatDamage(n)), text: typeof n.text === "string" ? n.text : formatDamage(n) };
}

/** The maximum one die of this term can do before its prefix: min(10, limit). */
export function dieMaximum(term: DiceDamageTerm, attributes?: Attributes): number {
  if (term.limit === null) return DIE_MAXIMUM;
  if (term.limit.kind === "number") return Math.min(DIE_MAXIMUM, requireInt("Damage limit", term.limit.value, 0));
  if (!attributes) throw new RangeError(`The limit (${attributeAbbreviation(term.limit.attribute)}) needs the character's attributes`);
  return Math.min(DIE_MAXIMUM, validateAttributes(attributes)[term.limit.attribute]);
}

function multiplier(prefix: DamagePrefix): number {
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

/** A damage roll as the contract's input: notation, options, the target's adjustment and health. */
export interface DamageInput extends DamageOptions {
  readonly notation: DamageNotation | string;
  /** The target's adjustments, applied after the roll (default none). */
  readonly adjustment?: AdjustmentNotation | string;
  /** The target's health: the odds then give the health state the damage leaves. */
  readonly target?: HealthPoints;
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

export interface DamageRoll extends OpenEndedRoll {
  readonly notation: string;
  readonly flat: number;
  readonly dice: readonly DamageDie[];
  /** Damage before adjustment. */
  readonly total: number;
  /** The target's adjustment applied to the total (no adjustment: after = total). */
  readonly adjusted: AdjustedDamage;
  /** Health state of the target after the damage, when a target was given. */
  readonly targetState: HealthState | null;
}

/** The damage of one die from its faces: 0 = maximum (and, with overflow, roll again). */
export function dieValue(faces: readonly number[], maximum: number, overflow: boolean): number {
  requireInt("Die maximum", maximum, 0, DIE_MAXIMUM);
  let v = 0;
  for (const f of faces) {
    requireInt("Die face", f, 0, 9);
    if (f !== 0) return v + Math.min(f, maximum);
    v += maximum;
    if (!overflow || maximum === 0) return v;
  }
  return v;
}

interface NormalisedDamage {
  readonly notation: DamageNotation;
  readonly maxima: readonly (number | null)[];
  readonly overflow: boolean;
  readonly adjustment: AdjustmentNotation;
  readonly target: HealthPoints | null;
}

function normaliseDamage(input: DamageInput): NormalisedDamage {
  requireObject("A damage roll", input);
  const notation = asNotation(input.notation);
  const overflow = input.overflow ?? false;
  if (typeof overflow !== "boolean") throw new TypeError(`Overflow must be true or false, not ${String(overflow)}`);
  const maxima = notation.terms.map((t) => (t.kind === "dice" ? dieMaximum(t, input.attributes) : null));
  const adjustment = asAdjustment(input.adjustment ?? "");
  const target = input.target === undefined ? null : validateHealth(input.target);
  return { notation, maxima, overflow, adjustment, target };
}

function runDamage(c: NormalisedDamage, draw: D10Draw): DamageRoll {
  const dice: DamageDie[] = [];
  const all: number[] = [];
  let flat = 0;
  let extra = 0;
  let capped = false;
  c.notation.terms.forEach((t, i) => {
    if (t.kind === "flat") {
      flat += t.amount * multiplier(t.prefix);
      return;
    }
    const max = c.maxima[i] ?? DIE_MAXIMUM;
    for (let d = 0; d < t.count; d++) {
      const faces: number[] = [];
      for (;;) {
        const f = draw();
        faces.push(f);
        if (f !== 0 || !c.overflow || max === 0) break;
        if (extra === MAX_OPEN_END_DICE) {
          capped = true;
          break;
        }
        extra++;
      }
      all.push(...faces);
      const value = dieValue(faces, max, c.overflow);
      dice.push({ term: i, faces, maximum: max, value, damage: value * multiplier(t.prefix) });
    }
  });
  const total = flat + dice.reduce((s, d) => s + d.damage, 0);
  const adjusted = applyAdjustment(total, c.adjustment);
  const targetState = c.target === null ? null : healthState({ normal: c.target.normal, current: c.target.current - adjusted.after });
  return { notation: c.notation.text, flat, dice, faces: all, total, overflowCapped: capped, adjusted, targetState };
}

const damageVerbs = drawVerbs("Damage", normaliseDamage, runDamage);
/** Roll damage. Limits, prefixes, zeros and (optional) overflow applied; every face kept; the adjustment applied. */
export const rollDamage = damageVerbs.roll;
/** Damage from faces already rolled (each die's faces in order, overflow re-rolls right after their die). */
export const resolveDamage = damageVerbs.resolve;

/** Damage on a given source of d10 faces (fire damage reads several shots from one list of faces). */
export function damageWithDraw(input: DamageInput, draw: D10Draw): DamageRoll {
  return runDamage(normaliseDamage(input), draw);
}

/** Pruning budget for damage distributions: at most ~2 × 7 steps per term, 20 terms → far below 1e-9. */
const DAMAGE_STEP_BUDGET = 1e-13;
/** A whole term's distribution is pruned once more within this before terms are combined. */
const DAMAGE_TERM_BUDGET = 1e-11;
/** An overflowing die is followed until a branch is less likely than this; the rest is counted in `error`. */
const DAMAGE_CUT = 1e-16;

const dieCache = /* @__PURE__ */ new BoundedCache<Pmf>(64);
const termCache = /* @__PURE__ */ new BoundedCache<Pmf>(128);

function diePmf(maximum: number, overflow: boolean): Pmf {
  return dieCache.get(`${maximum}|${overflow}`, () => {
    const w = new Map<number, number>();
    let error = 0;
    let base = 0;
    let p = 1;
    for (let depth = 0; ; depth++) {
      const q = p / 10;
      for (let f = 1; f <= 9; f++) w.set(base + Math.min(f, maximum), (w.get(base + Math.min(f, maximum)) ?? 0) + q);
      base += maximum;
      if (!overflow || maximum === 0 || depth === MAX_OPEN_END_DICE) {
        w.set(base, (w.get(base) ?? 0) + q);
        break;
      }
      if (q < DAMAGE_CUT) {
        error += q;
        w.set(base, (w.get(base) ?? 0) + q);
        break;
      }
      p = q;
    }
    return pmfFromMap(w, error);
  });
}

/** Exact distribution of one die's damage (own scale). With overflow, chains below 1e-16 are cut. */
export function dieDistribution(maximum: number, overflow: boolean): Dist<number> {
  requireInt("Die maximum", maximum, 0, DIE_MAXIMUM);
  return pmfToDist(diePmf(maximum, overflow));
}

function termPmf(count: number, maximum: number, overflow: boolean): Pmf {
  return termCache.get(`${count}|${maximum}|${overflow}`, () => pmfPrune(pmfSumOf(diePmf(maximum, overflow), count, DAMAGE_STEP_BUDGET), DAMAGE_TERM_BUDGET));
}

function rawDamagePmf(c: NormalisedDamage): Pmf {
  // The dice (all of one scale: the parser refuses a mix) are summed in their own units, then scaled.
  const byScale = new Map<number, Pmf>();
  let flat = 0;
  c.notation.terms.forEach((t, i) => {
    const m = multiplier(t.prefix);
    if (t.kind === "flat") {
      flat += t.amount * m;
      return;
    }
    const term = termPmf(t.count, c.maxima[i] ?? DIE_MAXIMUM, c.overflow);
    const prev = byScale.get(m);
    byScale.set(m, prev === undefined ? term : pmfPrune(pmfAdd(prev, term), DAMAGE_STEP_BUDGET));
  });
  let acc: Pmf = pmfPoint(flat);
  for (const [m, d] of byScale) {
    const scaled = m === 1 ? d : { v: d.v.map((x) => x * m), p: d.p, error: d.error };
    acc = pmfPrune(pmfAdd(acc, scaled), DAMAGE_STEP_BUDGET);
  }
  return acc;
}

/** Exact distribution of the total damage of a notation (before adjustment). */
export function damageDistribution(notation: DamageNotation | string, options: DamageOptions = {}): Dist<number> {
  return pmfToDist(rawDamagePmf(normaliseDamage({ ...options, notation })));
}

/** Exact distribution of damage after adjustment. */
export function adjustedDamageDistribution(notation: DamageNotation | string, adjustment: AdjustmentNotation | string, options: DamageOptions = {}): Dist<number> {
  return pmfToDist(adjustedDamagePmf({ ...options, notation, adjustment }));
}

/** Distribution of adjusted damage, with the mass left out in `error`. */
export function adjustedDamagePmf(input: DamageInput): Pmf {
  const c = normaliseDamage(input);
  const raw = rawDamagePmf(c);
  return c.adjustment.terms.length === 0 ? raw : pmfMap(raw, (d) => applyAdjustment(d, c.adjustment).after);
}

/** Damage outcomes without a target: none after adjustment, or some. */
export const DAMAGE_OUTCOMES = ["noDamage", "damage"] as const;
/** Health states after damage, worst first for the one dealing it. */
export const DAMAGE_TARGET_OUTCOMES: readonly HealthState[] = [...HEALTH_STATES];

/**
 * Exact odds of a damage roll for a dialog. Without a target: `noDamage` / `damage` (after the
 * adjustment); with one: the health state the damage leaves (exceptional … dead). Success = the
 * threat does damage after adjustment. Extras: `overflow` (some die overflows) when overflow is on.
 */
export function damageOdds(input: DamageInput): Odds {
  const c = normaliseDamage(input);
  const raw = rawDamagePmf(c);
  let some = 0;
  const states = new Map<HealthState, number>();
  for (let i = 0; i < raw.v.length; i++) {
    const after = c.adjustment.terms.length === 0 ? raw.v[i] : applyAdjustment(raw.v[i], c.adjustment).after;
    if (after > 0) some += raw.p[i];
    if (c.target !== null) {
      const s = healthState({ normal: c.target.normal, current: c.target.current - after });
      states.set(s, (states.get(s) ?? 0) + raw.p[i]);
    }
  }
  const total = raw.p.reduce((s, p) => s + p, 0);
  const outcomes = c.target === null ? [{ key: "noDamage", p: Math.max(0, total - some) }, { key: "damage", p: some }] : DAMAGE_TARGET_OUTCOMES.map((key) => ({ key, p: states.get(key) ?? 0 }));
  const extras = [];
  if (c.overflow) {
    let none = 1;
    c.notation.terms.forEach((t, i) => {
      if (t.kind === "dice" && (c.maxima[i] ?? 0) > 0) none *= 0.9 ** t.count;
    });
    extras.push({ key: "overflow", p: 1 - none });
  }
  return makeOdds({ success: some, outcomes, extras, error: raw.error });
}

export const damageCore: CheckCore<DamageInput, readonly number[], DamageRoll> = { roll: rollDamage, resolve: resolveDamage, odds: damageOdds };

/** Outcome key of a damage roll, as damageOdds names it. */
export function damageOutcomeKey(r: Pick<DamageRoll, "adjusted" | "targetState">): string {
  return r.targetState ?? (r.adjusted.after > 0 ? "damage" : "noDamage");
}

/** Expected damage (before adjustment). */
export function meanDamage(notation: DamageNotation | string, options: DamageOptions = {}): number {
  const c = normaliseDamage({ ...options, notation });
  let s = 0;
  c.notation.terms.forEach((t, i) => {
    const m = multiplier(t.prefix);
    s += t.kind === "flat" ? t.amount * m : t.count * m * pmfMean(diePmf(c.maxima[i] ?? DIE_MAXIMUM, c.overflow));
  });
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
  const n = asAdjustment(adjustment);
  let cur = damage;
  const steps: AdjustmentStep[] = [];
  for (const t of n.terms) {
    const delta = t.kind === "flat" ? t.amount : t.amount * Math.floor(cur / 10);
    const next = Math.max(0, cur + delta);
    if (!Number.isSafeInteger(next)) throw new RangeError(`Adjusted damage ${next} is past 2^53: the adjustment "${formatAdjustment(n.terms)}" grows damage without bound`);
    steps.push({ term: t, before: cur, change: next - cur, after: next });
    cur = next;
  }
  return { before: damage, after: cur, steps };
}
