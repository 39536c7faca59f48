/**
 * foundry.dice.terms — RollTerm, DiceTerm, Die, NumericTerm, OperatorTerm, ParentheticalTerm.
 * https://foundryvtt.com/api/v13/classes/foundry.dice.terms.DiceTerm.html
 *
 * Faces come from CONFIG.Dice.randomUniform (a function returning [0, 1)) through
 * DiceTerm#randomFace → DiceTerm#mapRandomFace(u). VERIFY: the default mapping is
 * Math.ceil((1 - u) * faces) (so u = 0 gives the highest face).
 */
import { CONFIG } from "../state";
import type { AnyObject } from "../utils";

export interface DiceTermResult {
  result: number;
  active: boolean;
  exploded?: boolean;
  discarded?: boolean;
  success?: boolean;
  failure?: boolean;
  count?: number;
  rerolled?: boolean;
  hidden?: boolean;
}

/** The number of faces of the die currently drawing from CONFIG.Dice.randomUniform (for scripted dice). */
export const drawContext: { faces: number | null } = { faces: null };

export class RollTerm {
  options: AnyObject;
  _evaluated = false;
  isIntermediate = false;
  static SERIALIZE_ATTRIBUTES: string[] = [];

  constructor({ options = {} }: { options?: AnyObject } = {}) {
    this.options = options;
  }
  get isDeterministic(): boolean {
    return true;
  }
  get expression(): string {
    return "";
  }
  get formula(): string {
    const flavor = this.flavor;
    return flavor ? `${this.expression}[${flavor}]` : this.expression;
  }
  get flavor(): string {
    return this.options.flavor ?? "";
  }
  get total(): number | string | undefined {
    return undefined;
  }
  get dice(): DiceTerm[] {
    return [];
  }
  async evaluate(options: AnyObject = {}): Promise<this> {
    return this.evaluateSync(options);
  }
  evaluateSync(_options: AnyObject = {}): this {
    this._evaluated = true;
    return this;
  }
  toJSON(): AnyObject {
    const data: AnyObject = { class: this.constructor.name, options: this.options, evaluated: this._evaluated };
    for (const a of (this.constructor as typeof RollTerm).SERIALIZE_ATTRIBUTES) data[a] = (this as AnyObject)[a];
    return data;
  }
  /** Rebuild a term from JSON: CONFIG.Dice.termTypes by class name, then CONFIG.Dice.terms classes by name. */
  static fromData(data: AnyObject): RollTerm {
    let cls: typeof RollTerm | undefined = CONFIG.Dice.termTypes[data.class];
    if (!cls) cls = (Object.values(CONFIG.Dice.terms) as (typeof RollTerm)[]).find((c) => c.name === data.class);
    if (!cls) cls = CONFIG.Dice.termTypes.Die;
    return cls!._fromData(data);
  }
  static _fromData(data: AnyObject): RollTerm {
    const term = new (this as unknown as new (d: AnyObject) => RollTerm)(data);
    term._evaluated = data.evaluated ?? true;
    return term;
  }
  static fromJSON(json: string): RollTerm {
    return this.fromData(JSON.parse(json));
  }
}

export class NumericTerm extends RollTerm {
  number: number;
  static override SERIALIZE_ATTRIBUTES = ["number"];
  constructor({ number, options }: { number: number; options?: AnyObject }) {
    super({ options });
    this.number = Number(number);
  }
  override get expression(): string {
    return String(this.number);
  }
  override get total(): number {
    return this.number;
  }
}

export class OperatorTerm extends RollTerm {
  operator: string;
  static OPERATORS = ["+", "-", "*", "/", "%"];
  static override SERIALIZE_ATTRIBUTES = ["operator"];
  constructor({ operator, options }: { operator: string; options?: AnyObject }) {
    super({ options });
    this.operator = operator;
  }
  override get expression(): string {
    return ` ${this.operator} `;
  }
  override get formula(): string {
    return this.expression;
  }
  override get total(): string {
    return ` ${this.operator} `;
  }
}

export class StringTerm extends RollTerm {
  term: string;
  static override SERIALIZE_ATTRIBUTES = ["term"];
  constructor({ term, options }: { term: string; options?: AnyObject }) {
    super({ options });
    this.term = term;
  }
  override get expression(): string {
    return this.term;
  }
  override get total(): string {
    return this.term;
  }
  override get isDeterministic(): boolean {
    return true;
  }
}

type Comparison = "=" | "==" | "<" | "<=" | ">" | ">=";

export interface DiceTermData {
  number?: number;
  faces?: number;
  modifiers?: string[];
  results?: DiceTermResult[];
  options?: AnyObject;
  method?: string;
}

export class DiceTerm extends RollTerm {
  _number: number;
  _faces: number;
  modifiers: string[];
  results: DiceTermResult[];
  method: string | undefined;

  /** The single letter after "d" in a formula (Die uses "d" itself and numeric faces). */
  static DENOMINATION = "";
  /** Modifier command → method name. */
  static MODIFIERS: Record<string, string> = {};
  static override SERIALIZE_ATTRIBUTES = ["number", "faces", "modifiers", "results", "method"];
  /** Guard against runaway explosions/rerolls. */
  static MAX_ITERATIONS = 1000;

  constructor({ number = 1, faces = 6, modifiers = [], results = [], options = {}, method }: DiceTermData = {}) {
    super({ options });
    this._number = number;
    this._faces = faces;
    this.modifiers = modifiers;
    this.results = results;
    this.method = method;
    if (results.length) this._evaluated = true;
  }

  get number(): number {
    return this._number;
  }
  set number(n: number) {
    this._number = n;
  }
  get faces(): number {
    return this._faces;
  }
  set faces(f: number) {
    this._faces = f;
  }
  /** `d` + the letter (core's coin is `dc`); a Die is `d` + its faces (VERIFY 51). */
  get denomination(): string {
    return `d${(this.constructor as typeof DiceTerm).DENOMINATION}`;
  }
  override get isDeterministic(): boolean {
    return false;
  }
  override get dice(): DiceTerm[] {
    return [this];
  }
  override get expression(): string {
    const cls = this.constructor as typeof DiceTerm;
    const x = cls.DENOMINATION === "d" ? this._faces : cls.DENOMINATION;
    return `${this._number}d${x}${this.modifiers.join("")}`;
  }
  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((t, r) => (!r.active ? t : r.count !== undefined ? t + r.count : t + r.result), 0);
  }
  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }

  /** Map a uniform value in [0, 1) to a face. Override for custom faces. */
  mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * this.faces);
  }

  randomFace(): number {
    drawContext.faces = this.faces;
    try {
      return this.mapRandomFace(CONFIG.Dice.randomUniform());
    } finally {
      drawContext.faces = null;
    }
  }

  /** Roll one die, push and return its result. VERIFY: minimize → 1, maximize → faces. */
  _rollOne({ minimize = false, maximize = false }: { minimize?: boolean; maximize?: boolean } = {}): DiceTermResult {
    const result: DiceTermResult = { result: 0, active: true };
    if (minimize) result.result = Math.min(1, this.faces);
    else if (maximize) result.result = this.faces;
    else result.result = this.randomFace();
    this.results.push(result);
    return result;
  }

  /**
   * Documented as async in v12+: roll one additional die. VERIFY: modifiers (explode, reroll)
   * draw extra dice through the synchronous _rollOne, so override mapRandomFace, not roll().
   */
  async roll(options: { minimize?: boolean; maximize?: boolean } = {}): Promise<DiceTermResult> {
    return this._rollOne(options);
  }

  override evaluateSync(options: AnyObject = {}): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    if (!Number.isInteger(this._number) || this._number < 0) throw new Error(`Invalid number of dice: ${this._number}`);
    for (let i = 0; i < this._number; i++) this._rollOne(options);
    this._evaluated = true;
    this._evaluateModifiers(options);
    return this;
  }

  override async evaluate(options: AnyObject = {}): Promise<this> {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    if (!Number.isInteger(this._number) || this._number < 0) throw new Error(`Invalid number of dice: ${this._number}`);
    for (let i = 0; i < this._number; i++) await this.roll(options);
    this._evaluated = true;
    // v12+: evaluating modifiers is always asynchronous; a modifier method may return a Promise,
    // and each is awaited before the next (foundryvtt#9774).
    for (const { fn, modifier } of this._modifierCalls()) await fn.call(this, modifier, options);
    return this;
  }

  /** Synchronous modifier evaluation (evaluateSync only): a returned Promise is not awaited. */
  _evaluateModifiers(options: AnyObject = {}): void {
    for (const { fn, modifier } of this._modifierCalls()) fn.call(this, modifier, options);
  }

  /** The modifier methods to call, in the order the modifiers were written. */
  _modifierCalls(): { fn: (modifier: string, options: AnyObject) => unknown; modifier: string }[] {
    const calls: { fn: (modifier: string, options: AnyObject) => unknown; modifier: string }[] = [];
    const cls = this.constructor as typeof DiceTerm;
    const commands = Object.keys(cls.MODIFIERS).sort((a, b) => b.length - a.length);
    for (const modifier of this.modifiers) {
      const m = modifier.match(/^([A-Za-z]+)(.*)$/);
      if (!m) throw new Error(`Invalid modifier "${modifier}"`);
      let command = commands.find((c) => m[1] === c);
      if (!command) command = commands.find((c) => modifier.startsWith(c));
      if (!command) throw new Error(`Unknown modifier "${modifier}" for ${cls.name}`);
      const fn = (this as AnyObject)[cls.MODIFIERS[command]];
      if (typeof fn !== "function") throw new Error(`Modifier method ${cls.MODIFIERS[command]} missing on ${cls.name}`);
      calls.push({ fn, modifier });
    }
    return calls;
  }

  static compareResult(result: number, comparison: string, target: number): boolean {
    switch (comparison as Comparison) {
      case "=":
      case "==":
        return result === target;
      case "<":
        return result < target;
      case "<=":
        return result <= target;
      case ">":
        return result > target;
      case ">=":
        return result >= target;
      default:
        throw new Error(`Invalid comparison "${comparison}"`);
    }
  }

  /** Parse "[cmp][target]" after a command; defaults as given. */
  protected static _parseComparison(rest: string, defaultCmp: string, defaultTarget: number): { comparison: string; target: number } {
    const m = rest.match(/^([<>=]+)?(\d+)?$/);
    if (!m) throw new Error(`Invalid modifier argument "${rest}"`);
    return { comparison: m[1] ?? defaultCmp, target: m[2] !== undefined ? Number(m[2]) : defaultTarget };
  }

  // --------------------------------------------------------------- modifiers

  /** x / x=N / x>=N / xN: roll an extra die for each result matching (recursive). */
  explode(modifier: string, options: AnyObject = {}, { recursive = true }: { recursive?: boolean } = {}): void {
    const m = modifier.match(/^xo?(.*)$/i)!;
    const { comparison, target } = DiceTerm._parseComparison(m[1], "=", this.faces);
    if (comparison === ">=" && target <= 1) throw new Error("Explode modifier would explode forever");
    let checked = 0;
    let initial = this.results.length;
    let iterations = 0;
    while (checked < this.results.length) {
      const r = this.results[checked];
      checked++;
      if (!r.active) continue;
      if (!recursive && checked > initial) break;
      if (DiceTerm.compareResult(r.result, comparison, target)) {
        r.exploded = true;
        this._rollOne(options);
        if (++iterations > DiceTerm.MAX_ITERATIONS) throw new Error("Maximum recursion depth for exploding dice roll exceeded");
      }
    }
    initial = 0;
  }
  explodeOnce(modifier: string, options: AnyObject = {}): void {
    this.explode(modifier, options, { recursive: false });
  }

  /** Keep the highest/lowest N (kh default 1; k = kh). */
  keep(modifier: string): void {
    const m = modifier.match(/^k([hl])?(\d+)?$/i);
    if (!m) throw new Error(`Invalid keep modifier "${modifier}"`);
    const highest = (m[1] ?? "h").toLowerCase() === "h";
    const n = m[2] !== undefined ? Number(m[2]) : 1;
    DiceTerm._keepOrDrop(this.results, n, { keep: true, highest });
  }
  /** Drop the lowest/highest N (dl default 1; d = dl). */
  drop(modifier: string): void {
    const m = modifier.match(/^d([hl])?(\d+)?$/i);
    if (!m) throw new Error(`Invalid drop modifier "${modifier}"`);
    const highest = (m[1] ?? "l").toLowerCase() === "h";
    const n = m[2] !== undefined ? Number(m[2]) : 1;
    DiceTerm._keepOrDrop(this.results, n, { keep: false, highest });
  }
  static _keepOrDrop(results: DiceTermResult[], number: number, { keep = true, highest = true }: { keep?: boolean; highest?: boolean } = {}): void {
    const active = results.filter((r) => r.active);
    const sorted = [...active].sort((a, b) => (highest ? b.result - a.result : a.result - b.result));
    const chosen = new Set(sorted.slice(0, Math.max(0, number)));
    for (const r of active) {
      const discard = keep ? !chosen.has(r) : chosen.has(r);
      if (discard) {
        r.discarded = true;
        r.active = false;
      }
    }
  }

  /** cs / cs>=N / csN: each active result counts 1 if it matches, else 0. */
  countSuccess(modifier: string): void {
    const { comparison, target } = DiceTerm._parseComparison(modifier.replace(/^cs/i, ""), "=", this.faces);
    for (const r of this.results) {
      if (!r.active) continue;
      const ok = DiceTerm.compareResult(r.result, comparison, target);
      r.success = ok;
      r.count = ok ? 1 : 0;
    }
  }
  /** cf / cf<=N: each active result counts 1 if it is a failure, else 0. */
  countFailures(modifier: string): void {
    const { comparison, target } = DiceTerm._parseComparison(modifier.replace(/^cf/i, ""), "=", 1);
    for (const r of this.results) {
      if (!r.active) continue;
      const bad = DiceTerm.compareResult(r.result, comparison, target);
      r.failure = bad;
      r.count = bad ? 1 : 0;
    }
  }
  /** df / df<=N: subtract 1 for each matching failure (combines with cs). */
  deductFailures(modifier: string): void {
    const { comparison, target } = DiceTerm._parseComparison(modifier.replace(/^df/i, ""), "=", 1);
    for (const r of this.results) {
      if (!r.active) continue;
      if (DiceTerm.compareResult(r.result, comparison, target)) {
        r.failure = true;
        r.count = (r.success ? 1 : 0) - 1;
      } else if (r.count === undefined) r.count = r.success ? 1 : 0;
    }
  }
  /** r / r=N / r<N: reroll matching results once (rr: recursively). */
  reroll(modifier: string, options: AnyObject = {}, { recursive = false }: { recursive?: boolean } = {}): void {
    const { comparison, target } = DiceTerm._parseComparison(modifier.replace(/^rr?/i, ""), "=", 1);
    let checked = 0;
    const initial = this.results.length;
    let iterations = 0;
    while (checked < this.results.length) {
      const r = this.results[checked];
      checked++;
      if (!r.active) continue;
      if (!recursive && checked > initial) break;
      if (DiceTerm.compareResult(r.result, comparison, target)) {
        r.rerolled = true;
        r.active = false;
        this._rollOne(options);
        if (++iterations > DiceTerm.MAX_ITERATIONS) throw new Error("Maximum recursion depth for reroll exceeded");
      }
    }
  }
  rerollRecursive(modifier: string, options: AnyObject = {}): void {
    this.reroll(modifier, options, { recursive: true });
  }
  /** minN / maxN: raise/lower results. */
  minimum(modifier: string): void {
    const n = Number(modifier.replace(/^min/i, ""));
    for (const r of this.results) if (r.active && r.result < n) r.result = n;
  }
  maximum(modifier: string): void {
    const n = Number(modifier.replace(/^max/i, ""));
    for (const r of this.results) if (r.active && r.result > n) r.result = n;
  }

  override toJSON(): AnyObject {
    return { class: this.constructor.name, options: this.options, evaluated: this._evaluated, number: this._number, faces: this._faces, modifiers: this.modifiers, results: this.results, method: this.method };
  }
  static override _fromData(data: AnyObject): RollTerm {
    const term = new (this as unknown as new (d: DiceTermData) => DiceTerm)({ number: data.number, faces: data.faces, modifiers: data.modifiers ?? [], results: data.results ?? [], options: data.options ?? {}, method: data.method });
    term._evaluated = data.evaluated ?? (data.results?.length ?? 0) > 0;
    return term;
  }

  /** Parse "NdX..." for this class's denomination; used by the formula parser. */
  static fromParsed({ number, faces, modifiers, flavor }: { number: number; faces?: number; modifiers: string[]; flavor?: string }): DiceTerm {
    const data: DiceTermData = { number, modifiers, options: flavor ? { flavor } : {} };
    if (faces !== undefined) data.faces = faces;
    return new (this as unknown as new (d: DiceTermData) => DiceTerm)(data);
  }
}

const STANDARD_MODIFIERS: Record<string, string> = {
  r: "reroll",
  rr: "rerollRecursive",
  x: "explode",
  xo: "explodeOnce",
  k: "keep",
  kh: "keep",
  kl: "keep",
  d: "drop",
  dh: "drop",
  dl: "drop",
  min: "minimum",
  max: "maximum",
  cs: "countSuccess",
  cf: "countFailures",
  df: "deductFailures",
};

export class Die extends DiceTerm {
  static override DENOMINATION = "d";
  override get denomination(): string {
    return `d${this.faces}`;
  }
  static override MODIFIERS: Record<string, string> = { ...STANDARD_MODIFIERS };
}
/**
 * Foundry's own coin (`1dc`): two faces read 1 (heads) and 0 (tails). Registered under `c` as
 * Foundry does, so a system that takes the letter is caught. VERIFY (public API page
 * foundry.dice.terms.Coin): the exact face mapping; only the letter matters to our tests.
 */
export class Coin extends DiceTerm {
  static override DENOMINATION = "c";
  static override MODIFIERS: Record<string, string> = {};
  constructor(data: DiceTermData = {}) {
    super({ ...data, faces: 2 });
  }
  override mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * 2) - 1;
  }
}

/**
 * Foundry's own Fate/Fudge die (`4df`): three faces read −1, 0, +1. Registered under `f` as
 * Foundry does (public API page foundry.dice.terms.FateDie), so a system die that takes `f` (and
 * so replaces `/r 4df`) is caught by the harness.
 */
export class FateDie extends DiceTerm {
  static override DENOMINATION = "f";
  static override MODIFIERS: Record<string, string> = { r: "reroll", rr: "rerollRecursive", k: "keep", kh: "keep", kl: "keep", d: "drop", dh: "drop", dl: "drop" };
  constructor(data: DiceTermData = {}) {
    super({ ...data, faces: 3 });
  }
  override mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * 3) - 2;
  }
}

/** Custom dice subclasses inherit the standard modifiers through DiceTerm.MODIFIERS too. */
DiceTerm.MODIFIERS = { ...STANDARD_MODIFIERS };

export class ParentheticalTerm extends RollTerm {
  term: string;
  roll: AnyObject | null;
  static override SERIALIZE_ATTRIBUTES = ["term", "roll"];
  constructor({ term, roll = null, options }: { term: string; roll?: AnyObject | null; options?: AnyObject }) {
    super({ options });
    this.term = term;
    this.roll = roll;
  }
  override get expression(): string {
    return `(${this.term})`;
  }
  override get isDeterministic(): boolean {
    return (this.roll as AnyObject | null)?.isDeterministic ?? true;
  }
  override get dice(): DiceTerm[] {
    return (this.roll?.dice as DiceTerm[]) ?? [];
  }
  override get total(): number | undefined {
    return this.roll?.total as number | undefined;
  }
  override evaluateSync(options: AnyObject = {}): this {
    this.roll!.evaluateSync(options);
    this._evaluated = true;
    return this;
  }
  override async evaluate(options: AnyObject = {}): Promise<this> {
    await this.roll!.evaluate(options);
    this._evaluated = true;
    return this;
  }
  override toJSON(): AnyObject {
    return { ...super.toJSON(), term: this.term, roll: this.roll?.toJSON() };
  }
  static override _fromData(data: AnyObject): RollTerm {
    const Roll = CONFIG.Dice.rolls[0];
    const roll = data.roll ? Roll.fromData(data.roll) : null;
    const t = new ParentheticalTerm({ term: data.term, roll, options: data.options });
    t._evaluated = data.evaluated ?? true;
    return t;
  }
}
