/**
 * foundry.dice.Roll — https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html
 *
 * Parser subset: integers and decimals, NdF with F a number (Die) or a single letter registered in
 * CONFIG.Dice.terms, modifiers (letters followed by comparison/number characters), flavor text
 * "[...]", + - * / %, parentheses, "(expr)dF" with a deterministic expr, and @path roll data
 * (replaced before parsing). Anything else throws an Error.
 */
import { CONFIG, game } from "../state";
import { harnessGeneration } from "../profile";
import { deepClone, getProperty, type AnyObject } from "../utils";
import { DiceTerm, NumericTerm, OperatorTerm, ParentheticalTerm, RollTerm, StringTerm } from "./terms";

type Token = { type: "num"; value: number } | { type: "op"; value: string } | { type: "lp" } | { type: "rp" } | { type: "dice"; number: number | null; denom: string; modifiers: string[] } | { type: "flavor"; value: string };

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const s = formula;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "[") {
      const j = s.indexOf("]", i);
      if (j < 0) throw new Error(`Unmatched flavor bracket in formula "${formula}"`);
      tokens.push({ type: "flavor", value: s.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (c === "(") {
      tokens.push({ type: "lp" });
      i++;
      continue;
    }
    if (c === ")") {
      tokens.push({ type: "rp" });
      i++;
      continue;
    }
    if ("+-*/%".includes(c)) {
      tokens.push({ type: "op", value: c });
      i++;
      continue;
    }
    const dice = /^(\d+)?[dD]([A-Za-z]|\d+)((?:[A-Za-z]+[<>=]*\d*)*)/.exec(s.slice(i));
    if (dice && (dice[1] !== undefined || i === 0 || !/[\w.]/.test(s[i - 1]))) {
      const mods = dice[3] ? (dice[3].match(/[A-Za-z]+[<>=]*\d*/g) ?? []) : [];
      tokens.push({ type: "dice", number: dice[1] !== undefined ? Number(dice[1]) : null, denom: dice[2], modifiers: mods });
      i += dice[0].length;
      continue;
    }
    const num = /^(\d+\.?\d*|\.\d+)/.exec(s.slice(i));
    if (num) {
      tokens.push({ type: "num", value: Number(num[1]) });
      i += num[0].length;
      continue;
    }
    throw new Error(`Unable to parse roll formula "${formula}" at "${s.slice(i)}"`);
  }
  return tokens;
}

function diceTermFor(denom: string, number: number, modifiers: string[], flavor?: string): DiceTerm {
  if (/^\d+$/.test(denom)) {
    const Die = CONFIG.Dice.terms.d as typeof DiceTerm;
    return Die.fromParsed({ number, faces: Number(denom), modifiers, flavor });
  }
  const cls = CONFIG.Dice.terms[denom] as typeof DiceTerm | undefined;
  if (!cls || denom === "d") throw new Error(`Unknown die denomination "d${denom}"`);
  return cls.fromParsed({ number, modifiers, flavor });
}

/** Evaluate a flat arithmetic expression string (numbers, + - * / %, parentheses, unary minus). */
export function safeEval(expression: string): number {
  const toks = expression.match(/\d+\.?\d*(?:e[+-]?\d+)?|\.\d+|[-+*/%()]/g) ?? [];
  if (toks.join("") !== expression.replace(/\s+/g, "")) throw new Error(`Roll.safeEval produced a non-numeric result from expression "${expression}"`);
  let p = 0;
  const peek = () => toks[p];
  const expr = (): number => {
    let v = term();
    while (peek() === "+" || peek() === "-") v = toks[p++] === "+" ? v + term() : v - term();
    return v;
  };
  const term = (): number => {
    let v = unary();
    while (peek() === "*" || peek() === "/" || peek() === "%") {
      const op = toks[p++];
      const r = unary();
      v = op === "*" ? v * r : op === "/" ? v / r : v % r;
    }
    return v;
  };
  const unary = (): number => {
    if (peek() === "-") {
      p++;
      return -unary();
    }
    if (peek() === "+") {
      p++;
      return unary();
    }
    return atom();
  };
  const atom = (): number => {
    const t = toks[p++];
    if (t === "(") {
      const v = expr();
      if (toks[p++] !== ")") throw new Error(`Unbalanced parentheses in "${expression}"`);
      return v;
    }
    const n = Number(t);
    if (t === undefined || Number.isNaN(n)) throw new Error(`Invalid expression "${expression}"`);
    return n;
  };
  const v = expr();
  if (p !== toks.length) throw new Error(`Invalid expression "${expression}"`);
  if (!Number.isFinite(v)) throw new Error(`Roll.safeEval produced a non-numeric result from expression "${expression}"`);
  return v;
}

export class Roll {
  data: AnyObject;
  options: AnyObject;
  terms: RollTerm[];
  _formula: string;
  _evaluated = false;
  _total: number | undefined = undefined;
  _dice: DiceTerm[] = [];
  _root: Roll | undefined;

  static CHAT_TEMPLATE = "templates/dice/roll.html";
  static TOOLTIP_TEMPLATE = "templates/dice/tooltip.html";

  constructor(formula: string, data: AnyObject = {}, options: AnyObject = {}) {
    this.data = this._prepareData(data);
    this.options = options;
    this.terms = (this.constructor as typeof Roll).parse(formula, this.data);
    this._formula = (this.constructor as typeof Roll).getFormula(this.terms);
  }

  protected _prepareData(data: AnyObject): AnyObject {
    return data ?? {};
  }

  static get defaultImplementation(): typeof Roll {
    return CONFIG.Dice.rolls[0];
  }

  /** Factory using the default configured Roll class (CONFIG.Dice.rolls[0]). */
  static create(formula: string, data: AnyObject = {}, options: AnyObject = {}): Roll {
    const cls = (CONFIG.Dice.rolls[0] as typeof Roll | undefined) ?? this;
    return new cls(formula, data, options);
  }

  /** Replace @path references with values from data. Missing values: `missing` if given, else left (and a warning). */
  static replaceFormulaData(formula: string, data: AnyObject, { missing, warn = false }: { missing?: string; warn?: boolean } = {}): string {
    return formula.replace(/@([a-z.0-9_-]+)/gi, (match, path: string) => {
      let value = getProperty(data, path);
      if (value !== undefined && value !== null && typeof value === "object" && "value" in (value as AnyObject) && typeof (value as AnyObject).value !== "object") value = (value as AnyObject).value;
      if (value === undefined || value === null || typeof value === "object") {
        if (warn) (globalThis as AnyObject).ui?.notifications?.warn(`The attribute ${path} was not present in the provided roll data.`);
        return missing !== undefined ? String(missing) : match;
      }
      return String(value).trim();
    });
  }

  static validate(formula: string): boolean {
    try {
      this.parse(this.replaceFormulaData(formula, {}, { missing: "0" }), {});
      return true;
    } catch {
      return false;
    }
  }

  static parse(formula: string, data: AnyObject = {}): RollTerm[] {
    if (!formula) return [];
    const replaced = this.replaceFormulaData(String(formula), data);
    if (/@/.test(replaced)) throw new Error(`Unresolved roll data in formula "${formula}": ${replaced}`);
    const tokens = tokenize(replaced);
    const terms: RollTerm[] = [];
    let i = 0;
    const takeFlavor = (): string | undefined => {
      const t = tokens[i];
      if (t && t.type === "flavor") {
        i++;
        return t.value;
      }
      return undefined;
    };
    let expectOperand = true;
    while (i < tokens.length) {
      const t = tokens[i++];
      if (t.type === "op") {
        terms.push(new OperatorTerm({ operator: t.value }));
        expectOperand = true;
        continue;
      }
      if (!expectOperand) throw new Error(`Unexpected term in roll formula "${formula}"`);
      if (t.type === "num") {
        const flavor = takeFlavor();
        terms.push(new NumericTerm({ number: t.value, options: flavor ? { flavor } : {} }));
      } else if (t.type === "dice") {
        const flavor = takeFlavor();
        terms.push(diceTermFor(t.denom, t.number ?? 1, t.modifiers, flavor));
      } else if (t.type === "lp") {
        let depth = 1;
        const start = i;
        while (i < tokens.length && depth > 0) {
          const x = tokens[i++];
          if (x.type === "lp") depth++;
          if (x.type === "rp") depth--;
        }
        if (depth !== 0) throw new Error(`Unbalanced parentheses in roll formula "${formula}"`);
        const innerTokens = tokens.slice(start, i - 1);
        const innerFormula = Roll._tokensToFormula(innerTokens);
        const inner = new (CONFIG.Dice.rolls[0] as typeof Roll)(innerFormula, data);
        const next = tokens[i];
        if (next && next.type === "dice" && next.number === null) {
          // (expr)dF: the parenthetical gives the number of dice.
          if (!inner.isDeterministic) throw new Error(`Non-deterministic dice count in "${formula}"`);
          inner.evaluateSync();
          i++;
          const flavor = takeFlavor();
          terms.push(diceTermFor(next.denom, inner.total!, next.modifiers, flavor));
        } else {
          const flavor = takeFlavor();
          terms.push(new ParentheticalTerm({ term: innerFormula, roll: inner, options: flavor ? { flavor } : {} }));
        }
      } else if (t.type === "flavor") {
        throw new Error(`Unexpected flavor text in roll formula "${formula}"`);
      } else {
        throw new Error(`Unbalanced parentheses in roll formula "${formula}"`);
      }
      expectOperand = false;
    }
    if (expectOperand && terms.length) throw new Error(`Roll formula "${formula}" ends with an operator`);
    return terms;
  }

  static _tokensToFormula(tokens: Token[]): string {
    return tokens
      .map((t) => {
        switch (t.type) {
          case "num":
            return String(t.value);
          case "op":
            return ` ${t.value} `;
          case "lp":
            return "(";
          case "rp":
            return ")";
          case "flavor":
            return `[${t.value}]`;
          case "dice":
            return `${t.number ?? ""}d${t.denom}${t.modifiers.join("")}`;
        }
      })
      .join("")
      .trim();
  }

  static getFormula(terms: RollTerm[]): string {
    return terms
      .map((t) => t.formula)
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  }

  static fromTerms(terms: RollTerm[], options: AnyObject = {}): Roll {
    const formula = this.getFormula(terms);
    const roll = new this(formula, {}, options);
    roll.terms = terms;
    roll._formula = formula;
    roll._evaluated = terms.length > 0 && terms.every((t) => t._evaluated || t instanceof OperatorTerm);
    if (roll._evaluated) roll._total = roll._evaluateTotal();
    return roll;
  }

  get formula(): string {
    return (this.constructor as typeof Roll).getFormula(this.terms);
  }
  get total(): number | undefined {
    return this._evaluated ? this._total : undefined;
  }
  get result(): string {
    return this.terms
      .map((t) => (t instanceof OperatorTerm ? ` ${t.operator} ` : String(t.total)))
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  }
  get dice(): DiceTerm[] {
    return this._dice.concat(this.terms.flatMap((t) => t.dice));
  }
  get isDeterministic(): boolean {
    return this.terms.every((t) => t.isDeterministic);
  }
  get product(): number | undefined {
    return this.total;
  }

  /** Evaluate asynchronously (the only mode that rolls dice in v12+). */
  async evaluate({ minimize = false, maximize = false, allowStrings = false, allowInteractive = true }: AnyObject = {}): Promise<this> {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    void allowInteractive;
    this._evaluated = true;
    for (const term of this.terms) {
      if (!term._evaluated) await term.evaluate({ minimize, maximize, allowStrings });
    }
    this._total = this._evaluateTotal();
    return this;
  }

  /**
   * Synchronous evaluation. VERIFY (documented for v12+): with strict (default) a roll containing
   * non-deterministic terms throws unless minimize/maximize is set; with strict:false dice count 0.
   */
  evaluateSync({ minimize = false, maximize = false, allowStrings = false, strict = true }: AnyObject = {}): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    if (strict && !this.isDeterministic && !minimize && !maximize) {
      throw new Error(`This Roll contains non-deterministic terms that cannot be evaluated synchronously: ${this.formula}`);
    }
    this._evaluated = true;
    for (const term of this.terms) {
      if (term._evaluated) continue;
      if (!term.isDeterministic && !minimize && !maximize) {
        term._evaluated = true;
        if (term instanceof DiceTerm) term.results = [];
        continue;
      }
      term.evaluateSync({ minimize, maximize, allowStrings });
    }
    this._total = this._evaluateTotal();
    return this;
  }

  protected _evaluateTotal(): number {
    const expression = this.terms
      .map((t) => {
        if (t instanceof OperatorTerm) return t.operator;
        if (t instanceof StringTerm) throw new Error(`Unresolved string term "${t.term}" in roll`);
        const v = t.total;
        return typeof v === "number" ? (v < 0 ? `(${v})` : String(v)) : String(v ?? 0);
      })
      .join(" ");
    return expression.trim() ? safeEval(expression) : 0;
  }

  static safeEval(expression: string): number {
    return safeEval(expression);
  }

  clone(): Roll {
    return new (this.constructor as typeof Roll)(this._formula, this.data, this.options);
  }
  async reroll(options: AnyObject = {}): Promise<Roll> {
    return this.clone().evaluate(options);
  }

  toJSON(): AnyObject {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: this._dice,
      formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /** Rebuild the registered subclass named by data.class (CONFIG.Dice.rolls), else the base Roll. */
  static fromData(data: AnyObject): Roll {
    const rolls = CONFIG.Dice.rolls as (typeof Roll)[];
    const cls = rolls.find((c) => c.name === data.class) ?? rolls[0] ?? Roll;
    const roll = Object.create(cls.prototype) as Roll;
    roll.data = {};
    roll.options = deepClone(data.options ?? {});
    roll.terms = (data.terms ?? []).map((t: AnyObject) => RollTerm.fromData(t));
    roll._formula = data.formula ?? cls.getFormula(roll.terms);
    roll._evaluated = data.evaluated ?? true;
    roll._total = data.total;
    roll._dice = (data.dice ?? []).map((t: AnyObject) => RollTerm.fromData(t));
    roll._root = undefined;
    return roll;
  }
  static fromJSON(json: string): Roll {
    return this.fromData(JSON.parse(json));
  }

  /** Parts for the tooltip template. */
  async getTooltip(): Promise<string> {
    const parts = this.dice.map((d) => ({
      formula: d.expression,
      total: d.total,
      faces: d.faces,
      flavor: d.flavor,
      rolls: d.results.map((r) => ({
        result: String(r.result),
        classes: [d.constructor.name.toLowerCase(), `d${d.faces}`, r.success ? "success" : null, r.failure ? "failure" : null, r.rerolled ? "rerolled" : null, r.exploded ? "exploded" : null, r.discarded ? "discarded" : null, r.result === 1 ? "min" : null, r.result === d.faces ? "max" : null].filter(Boolean).join(" "),
      })),
    }));
    return renderTemplate((this.constructor as typeof Roll).TOOLTIP_TEMPLATE, { parts });
  }

  /** Render the roll for chat through CHAT_TEMPLATE (Handlebars). */
  async render({ flavor, template, isPrivate = false }: { flavor?: string; template?: string; isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate({ allowInteractive: !isPrivate });
    const chatData = {
      formula: isPrivate ? "???" : this._formula,
      flavor: isPrivate ? null : (flavor ?? this.options.flavor),
      user: game.user?.id,
      tooltip: isPrivate ? "" : await this.getTooltip(),
      total: isPrivate ? "?" : Math.round(this.total! * 100) / 100,
      roll: this,
    };
    return renderTemplate(template ?? (this.constructor as typeof Roll).CHAT_TEMPLATE, chatData);
  }

  /**
   * Evaluate if needed, then create (or return the data of) a chat message with this roll.
   * v13: option `rollMode` (default `core.rollMode`), `ChatMessage.applyRollMode`. v14: option
   * `messageMode` (default `core.messageMode`), `ChatMessage.applyMode`; a `rollMode` option is
   * mapped onto it after a compatibility warning (as Draw Steel's v14 override of this method
   * does; test/harness/README.md, "Message modes").
   */
  async toMessage(messageData: AnyObject = {}, { rollMode, messageMode, create = true }: { rollMode?: string; messageMode?: string; create?: boolean } = {}): Promise<unknown> {
    const ChatMessage = CONFIG.ChatMessage.documentClass;
    const v14 = harnessGeneration() === "14" && typeof ChatMessage.applyMode === "function";
    let mode: string;
    if (v14) {
      if (rollMode) {
        const warn = (globalThis as AnyObject).foundry?.utils?.logCompatibilityWarning;
        const message = "The rollMode option of Roll#toMessage is deprecated in favor of messageMode, a string value in CONFIG.ChatMessage.modes";
        if (typeof warn === "function") warn(message, { since: 14, until: 16 });
        messageMode = ({ publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self", roll: "public" } as AnyObject)[rollMode] ?? rollMode;
      }
      mode = messageMode ?? messageData.messageMode ?? game.settings.get("core", "messageMode");
    } else {
      mode = rollMode ?? messageData.rollMode ?? game.settings.get("core", "rollMode");
    }
    if (!this._evaluated) await this.evaluate({ allowInteractive: mode !== (v14 ? "blind" : "blindroll") });
    const msg: AnyObject = {
      author: game.user?.id,
      content: String(this.total),
      sound: "sounds/dice.wav",
      ...messageData,
    };
    msg.rolls = [...(messageData.rolls ?? []), this];
    if (v14) ChatMessage.applyMode(msg, mode);
    else ChatMessage.applyRollMode(msg, mode);
    if (!create) return msg;
    return ChatMessage.create(msg, v14 ? { messageMode: mode } : { rollMode: mode });
  }
}

/** Provided by the applications part; assigned at install to avoid a dice → applications import. */
let renderTemplate: (path: string, data: AnyObject) => Promise<string> = async () => "";
export function _setRenderTemplate(fn: (path: string, data: AnyObject) => Promise<string>): void {
  renderTemplate = fn;
}
