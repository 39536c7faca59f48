/**
 * foundry.data.fields — https://foundryvtt.com/api/v13/modules/foundry.data.fields.html
 *
 * Cleaning (casting, clamping, rounding) runs before validation; validation reports
 * DataModelValidationFailure objects that DataModel turns into a DataModelValidationError.
 * Behaviour not confirmed from public docs is marked VERIFY (and listed in README.md).
 */
import { DataModelValidationFailure } from "./validation";
import { game } from "./state";
import { deepClone, escapeHTML, getType, isPlainObject, parseNumeric, type AnyObject } from "./utils";

export interface CleanOptions {
  /** Partial data (an update): keys absent from the data are left absent. */
  partial?: boolean;
  /** The full source object being cleaned (for initial-value functions). */
  source?: AnyObject;
  [k: string]: unknown;
}

export interface ValidateOptions {
  partial?: boolean;
  fallback?: boolean;
  source?: AnyObject;
  strict?: boolean;
  [k: string]: unknown;
}

export interface DataFieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  readonly?: boolean;
  gmOnly?: boolean;
  label?: string;
  hint?: string;
  validate?: (value: unknown, options?: ValidateOptions) => boolean | void | DataModelValidationFailure;
  validationError?: string;
  [k: string]: unknown;
}

type Choices = Record<string, unknown> | unknown[] | (() => Record<string, unknown> | unknown[]);

/** Thrown inside _validateType to report a failure message. */
class TypeFailure extends Error {}

export class DataField {
  name: string | undefined = undefined;
  parent: DataField | undefined = undefined;
  options: DataFieldOptions;
  required!: boolean;
  nullable!: boolean;
  initial: unknown;
  readonly!: boolean;
  gmOnly!: boolean;
  label!: string;
  hint!: string;
  validationError!: string;

  constructor(options: DataFieldOptions = {}) {
    this.options = options;
    const defaults = (this.constructor as typeof DataField)._defaults;
    const merged: AnyObject = { ...defaults, ...options };
    for (const [k, v] of Object.entries(merged)) (this as AnyObject)[k] = v;
  }

  static get _defaults(): DataFieldOptions {
    return { required: false, nullable: false, initial: undefined, readonly: false, gmOnly: false, label: "", hint: "", validationError: "is not a valid value" };
  }

  static hierarchical = false;
  static recursive = false;

  get fieldPath(): string {
    const parts: string[] = [];
    let f: DataField | undefined = this;
    while (f) {
      if (f.name !== undefined) parts.unshift(f.name);
      f = f.parent;
    }
    return parts.join(".");
  }

  getInitialValue(data?: AnyObject): unknown {
    if (typeof this.initial === "function") return (this.initial as (d?: AnyObject) => unknown)(data);
    return deepClone(this.initial);
  }

  /**
   * Documented flow: null on a nullable field is kept; undefined gets the initial value; otherwise
   * cast to the field's type then type-specific cleaning.
   * VERIFY: null on a non-nullable field is treated like undefined (initial value), not rejected.
   */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return null;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    try {
      value = this._cast(value);
    } catch {
      /* leave uncastable values for validation to report */
    }
    return this._cleanType(value, options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (value === undefined) {
      if (this.required) return new DataModelValidationFailure({ invalidValue: value, message: "may not be undefined" });
      return;
    }
    if (value === null) {
      if (this.nullable) return;
      return new DataModelValidationFailure({ invalidValue: value, message: "may not be null" });
    }
    try {
      const r = this._validateType(value, options);
      if (r instanceof DataModelValidationFailure) return r.isEmpty ? undefined : r;
      if (r === false) return new DataModelValidationFailure({ invalidValue: value, message: this.validationError });
    } catch (err) {
      return new DataModelValidationFailure({ invalidValue: value, message: (err as Error).message });
    }
    if (this.options.validate) {
      try {
        const r = this.options.validate(value, options);
        if (r instanceof DataModelValidationFailure) return r;
        if (r === false) return new DataModelValidationFailure({ invalidValue: value, message: this.validationError });
      } catch (err) {
        return new DataModelValidationFailure({ invalidValue: value, message: (err as Error).message });
      }
    }
  }

  protected _validateType(_value: unknown, _options: ValidateOptions): boolean | void | DataModelValidationFailure {
    return true;
  }

  initialize(value: unknown, _model?: unknown, _options?: AnyObject): unknown {
    return value;
  }

  toObject(value: unknown): unknown {
    return deepClone(value);
  }

  /** Harness simplification of DataField#toInput: an HTML string for the field's input. */
  toInput(config: AnyObject = {}): string {
    const name = config.name ?? this.fieldPath;
    const value = config.value ?? "";
    return `<input type="text" name="${escapeHTML(name)}" value="${escapeHTML(value)}"${this._inputAttrs(config)}>`;
  }

  protected _inputAttrs(config: AnyObject): string {
    let s = "";
    if (config.disabled) s += " disabled";
    if (config.readonly) s += " readonly";
    if (config.placeholder) s += ` placeholder="${escapeHTML(config.placeholder)}"`;
    if (config.dataset) for (const [k, v] of Object.entries(config.dataset)) s += ` data-${k}="${escapeHTML(v)}"`;
    return s;
  }

  /** Harness simplification of DataField#toFormGroup: div.form-group > label + div.form-fields + p.hint. */
  toFormGroup(groupConfig: AnyObject = {}, inputConfig: AnyObject = {}): string {
    const label = groupConfig.label ?? this.label ?? "";
    const hint = groupConfig.hint ?? this.hint ?? "";
    const loc = (s: string) => (groupConfig.localize && game.i18n ? game.i18n.localize(s) : s);
    const classes = ["form-group", ...(groupConfig.classes ?? [])].join(" ");
    return `<div class="${classes}"><label>${escapeHTML(loc(label))}</label><div class="form-fields">${this.toInput(inputConfig)}</div>${hint ? `<p class="hint">${escapeHTML(loc(hint))}</p>` : ""}</div>`;
  }
}

function choiceKeys(choices: Choices | undefined): string[] | undefined {
  if (!choices) return undefined;
  const c = typeof choices === "function" ? choices() : choices;
  if (Array.isArray(c)) return c.map((x) => (isPlainObject(x) && "value" in x ? String(x.value) : String(x)));
  return Object.keys(c);
}

function choiceEntries(choices: Choices | undefined): [string, string][] {
  if (!choices) return [];
  const c = typeof choices === "function" ? choices() : choices;
  if (Array.isArray(c)) return c.map((x) => (isPlainObject(x) ? [String(x.value), String(x.label ?? x.value)] : [String(x), String(x)]));
  return Object.entries(c).map(([k, v]) => [k, isPlainObject(v) ? String(v.label ?? k) : String(v)]);
}

export interface NumberFieldOptions extends DataFieldOptions {
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  positive?: boolean;
  choices?: Choices;
}

export class NumberField extends DataField {
  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: Choices | undefined;

  constructor(options: NumberFieldOptions = {}) {
    super(options);
  }

  static override get _defaults(): NumberFieldOptions {
    return { ...super._defaults, initial: null, nullable: true, min: undefined, max: undefined, step: undefined, integer: false, positive: false, choices: undefined };
  }

  /**
   * VERIFY: numeric strings ("5", " 2.5 ") are cast to numbers; "" becomes null (so a cleared form
   * input is null, which a non-nullable field rejects, foundryvtt#13804); any other string is left
   * as-is and fails validation with "must be a number".
   */
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") {
      if (value.trim() === "") return null;
      const n = parseNumeric(value);
      return n === undefined ? value : n;
    }
    if (typeof value === "boolean") return Number(value);
    return value;
  }

  /**
   * A cleared input ("" → null) on a `nullable: false` NumberField is not replaced by the initial
   * value: the update fails validation with "must be a finite number" (foundryvtt#13804, v13).
   */
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && value.trim() === "") value = null;
    if (value === null && !this.nullable) return null;
    return super.clean(value, options);
  }

  override validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (value === null && !this.nullable) return new DataModelValidationFailure({ invalidValue: value, message: "must be a finite number" });
    return super.validate(value, options);
  }

  /**
   * Documented (v12/v13): cleaning clamps to min/max and snaps to step (counted from min in v13).
   * VERIFY: `integer: true` rounds (Math.round) during cleaning rather than rejecting.
   */
  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number" || Number.isNaN(value)) return value;
    let v = value;
    if (this.integer) v = Math.round(v);
    if (this.min !== undefined) v = Math.max(v, this.min);
    if (this.max !== undefined) v = Math.min(v, this.max);
    if (this.step) {
      const base = this.min ?? 0;
      v = base + Math.round((v - base) / this.step) * this.step;
      v = Number(v.toFixed(10));
      if (this.max !== undefined && v > this.max) v -= this.step;
    }
    return v;
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "number" || Number.isNaN(value)) throw new TypeFailure("must be a number");
    if (this.integer && !Number.isInteger(value)) throw new TypeFailure("must be an integer");
    if (this.min !== undefined && value < this.min) throw new TypeFailure(`must be greater than or equal to ${this.min}`);
    if (this.max !== undefined && value > this.max) throw new TypeFailure(`must be less than or equal to ${this.max}`);
    if (this.positive && value <= 0) throw new TypeFailure("must be a positive number");
    if (this.step) {
      const base = this.min ?? 0;
      const k = (value - base) / this.step;
      if (Math.abs(k - Math.round(k)) > 1e-9) throw new TypeFailure(`must be an increment of ${this.step}`);
    }
    const keys = choiceKeys(this.choices);
    if (keys && !keys.includes(String(value))) throw new TypeFailure(`${value} is not a valid choice`);
    if (!Number.isFinite(value) && !(value === Infinity || value === -Infinity)) throw new TypeFailure("must be a finite number");
    return true;
  }

  override toInput(config: AnyObject = {}): string {
    const name = config.name ?? this.fieldPath;
    if (this.choices) return selectInput(name, choiceEntries(this.choices), config.value, config);
    const attrs = [this.min !== undefined ? ` min="${this.min}"` : "", this.max !== undefined ? ` max="${this.max}"` : "", this.step !== undefined ? ` step="${this.step}"` : this.integer ? ` step="1"` : ""].join("");
    const v = config.value ?? "";
    return `<input type="number" name="${escapeHTML(name)}" value="${escapeHTML(v)}"${attrs}${this._inputAttrs(config)}>`;
  }
}

function selectInput(name: string, entries: [string, string][], value: unknown, config: AnyObject): string {
  const loc = (s: string) => (config.localize && game.i18n ? game.i18n.localize(s) : s);
  let html = `<select name="${escapeHTML(name)}"${config.disabled ? " disabled" : ""}>`;
  if (config.blank !== undefined) html += `<option value="">${escapeHTML(loc(String(config.blank)))}</option>`;
  for (const [k, label] of entries) html += `<option value="${escapeHTML(k)}"${String(value) === k ? " selected" : ""}>${escapeHTML(loc(label))}</option>`;
  return html + "</select>";
}

export interface StringFieldOptions extends DataFieldOptions {
  blank?: boolean;
  trim?: boolean;
  choices?: Choices;
  textSearch?: boolean;
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: Choices | undefined;

  constructor(options: StringFieldOptions = {}) {
    super(options);
    // FOUNDRY-NOTES: without an explicit initial: undefined if not required, "" if blank allowed,
    // null if nullable. VERIFY: exact precedence when several apply.
    if (options.initial === undefined) {
      if (!this.required) this.initial = undefined;
      else if (this.blank) this.initial = "";
      else if (this.nullable) this.initial = null;
      else this.initial = undefined;
    }
  }

  static override get _defaults(): StringFieldOptions {
    return { ...super._defaults, blank: true, trim: true, nullable: false, choices: undefined, textSearch: false };
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    // VERIFY: a blank string on a field that refuses blanks but is nullable becomes null (v12 threw
    // on form submission, foundryvtt/foundryvtt#11615, closed as fixed); non-nullable "" is rejected.
    if (value === "" && !this.blank && this.nullable) value = null;
    return super.clean(value, options);
  }

  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return value;
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string") throw new TypeFailure("must be a string");
    if (value === "" && !this.blank) throw new TypeFailure("may not be a blank string");
    const keys = choiceKeys(this.choices);
    if (keys && !(value === "" && this.blank && !keys.includes("")) && !keys.includes(value)) throw new TypeFailure(`${value} is not a valid choice`);
    return true;
  }

  override toInput(config: AnyObject = {}): string {
    const name = config.name ?? this.fieldPath;
    if (this.choices) return selectInput(name, choiceEntries(this.choices), config.value, config);
    return super.toInput(config);
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true" ? true : value === "false" ? false : value;
    if (typeof value === "number") return value !== 0;
    return value;
  }
  protected override _validateType(value: unknown): boolean {
    if (typeof value !== "boolean") throw new TypeFailure("must be a boolean");
    return true;
  }
  override toInput(config: AnyObject = {}): string {
    const name = config.name ?? this.fieldPath;
    return `<input type="checkbox" name="${escapeHTML(name)}"${config.value ? " checked" : ""}${this._inputAttrs(config)}>`;
  }
}

export class ObjectField extends DataField {
  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => ({}) };
  }
  protected override _cast(value: unknown): unknown {
    return getType(value) === "Object" ? value : value;
  }
  protected override _validateType(value: unknown, _options?: ValidateOptions): boolean | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new TypeFailure("must be an object");
    return true;
  }
  override initialize(value: unknown, _model?: unknown, _options?: AnyObject): unknown {
    return deepClone(value);
  }
}

export class SchemaField extends DataField {
  fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: DataFieldOptions = {}) {
    super(options);
    this.fields = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!(field instanceof DataField)) throw new Error(`The "${name}" field is not an instance of the DataField class`);
      field.name = name;
      field.parent = this;
      this.fields[name] = field;
    }
  }

  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: undefined };
  }

  static override hierarchical = true;

  get(name: string): DataField | undefined {
    return this.fields[name];
  }
  has(name: string): boolean {
    return name in this.fields;
  }
  keys(): string[] {
    return Object.keys(this.fields);
  }
  values(): DataField[] {
    return Object.values(this.fields);
  }
  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }
  *[Symbol.iterator](): IterableIterator<DataField> {
    yield* Object.values(this.fields);
  }

  /** Resolve a dotted path to a field ("hp.value"). */
  getField(path: string | string[]): DataField | undefined {
    const parts = typeof path === "string" ? path.split(".") : [...path];
    let f: DataField | undefined = this;
    for (const p of parts) {
      if (f instanceof SchemaField) f = f.fields[p];
      else if (f instanceof ArrayField) f = f.element;
      else if (f instanceof TypedObjectField) f = f.element;
      else return undefined;
      if (!f) return undefined;
    }
    return f;
  }

  override getInitialValue(data?: AnyObject): unknown {
    if (this.initial !== undefined) return super.getInitialValue(data);
    const out: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.getInitialValue(data);
    return out;
  }

  protected override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  /** Cleans each field in place; keys that are not fields are dropped (deletion keys "-=x" are kept when partial). */
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    const data = value as AnyObject;
    for (const key of Object.keys(data)) {
      if (key in this.fields) continue;
      if (options.partial && key.startsWith("-=")) continue;
      delete data[key];
    }
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in data)) continue;
      data[name] = field.clean(data[name], { ...options, source: options.source ?? data });
    }
    return data;
  }

  protected override _validateType(value: unknown, options: ValidateOptions): boolean | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new TypeFailure("must be an object");
    const failure = new DataModelValidationFailure({ invalidValue: value });
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      const f = field.validate(value[name], options);
      if (f) failure.fields[name] = f;
    }
    return failure;
  }

  override initialize(value: unknown, model?: unknown, options?: AnyObject): unknown {
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.initialize(value[name], model, options);
    return out;
  }

  override toObject(value: unknown): unknown {
    if (!isPlainObject(value)) return deepClone(value);
    const out: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) if (name in value) out[name] = field.toObject(value[name]);
    return out;
  }
}

export interface ArrayFieldOptions extends DataFieldOptions {
  min?: number;
  max?: number;
}

export class ArrayField extends DataField {
  element: DataField;
  declare min: number | undefined;
  declare max: number | undefined;

  constructor(element: DataField, options: ArrayFieldOptions = {}) {
    super(options);
    this.element = element;
    element.name = "element";
    element.parent = this;
  }

  static override get _defaults(): ArrayFieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => [], min: 0, max: Infinity };
  }

  /** Sets become arrays; objects with integer keys (form data) become arrays; a scalar becomes [scalar]. */
  protected override _cast(value: unknown): unknown {
    const t = getType(value);
    if (t === "Array") return value;
    if (t === "Set") return Array.from(value as Set<unknown>);
    if (t === "Object") {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value as AnyObject)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    return [value];
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    if (!Array.isArray(value)) return value;
    return value.map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  protected override _validateType(value: unknown, options: ValidateOptions): boolean | DataModelValidationFailure {
    if (!Array.isArray(value)) throw new TypeFailure("must be an Array");
    if (this.min !== undefined && value.length < this.min) throw new TypeFailure(`cannot have fewer than ${this.min} elements`);
    if (this.max !== undefined && value.length > this.max) throw new TypeFailure(`cannot have more than ${this.max} elements`);
    const failure = new DataModelValidationFailure({ invalidValue: value });
    value.forEach((v, i) => {
      const f = this.element.validate(v, { ...options, partial: false });
      if (f) failure.elements.push({ id: i, failure: f });
    });
    return failure;
  }

  override initialize(value: unknown, model?: unknown, options?: AnyObject): unknown {
    if (!Array.isArray(value)) return value;
    return value.map((v) => this.element.initialize(v, model, options));
  }

  override toObject(value: unknown): unknown {
    if (!Array.isArray(value)) return deepClone(value);
    return value.map((v) => this.element.toObject(v));
  }
}

export class SetField extends ArrayField {
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    const arr = super._cleanType(value, options);
    return Array.isArray(arr) ? Array.from(new Set(arr)) : arr;
  }
  protected override _validateType(value: unknown, options: ValidateOptions): boolean | DataModelValidationFailure {
    if (Array.isArray(value) && new Set(value).size !== value.length) throw new TypeFailure("must contain only unique elements");
    return super._validateType(value, options);
  }
  override initialize(value: unknown, model?: unknown, options?: AnyObject): unknown {
    if (!Array.isArray(value)) return value;
    return new Set(super.initialize(value, model, options) as unknown[]);
  }
  override toObject(value: unknown): unknown {
    if (value instanceof Set) return Array.from(value).map((v) => this.element.toObject(v));
    return super.toObject(value);
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): StringFieldOptions {
    return { ...super._defaults, required: true, blank: true };
  }
  override toInput(config: AnyObject = {}): string {
    const name = config.name ?? this.fieldPath;
    return `<textarea name="${escapeHTML(name)}"${this._inputAttrs(config)}>${escapeHTML(config.value ?? "")}</textarea>`;
  }
}

/** Minimal: a string path; `categories` and `base64` options are stored but not enforced (VERIFY). */
export class FilePathField extends StringField {
  declare categories: string[] | undefined;
  static override get _defaults(): StringFieldOptions {
    return { ...super._defaults, categories: [], base64: false, wildcard: false, virtual: false, nullable: true, blank: false, initial: null };
  }
}

const ID_RE = /^[a-zA-Z0-9]{16}$/;

export class DocumentIdField extends StringField {
  static override get _defaults(): StringFieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, readonly: true, validationError: "is not a valid Document ID string" };
  }
  protected override _validateType(value: unknown): boolean {
    if (typeof value !== "string" || !ID_RE.test(value)) throw new TypeFailure("must be a valid 16-character alphanumeric ID");
    return true;
  }
}

/** A reference to another document by id (minimal: stores the id; initialize resolves world documents when possible). */
export class ForeignDocumentField extends DocumentIdField {
  model: unknown;
  idOnly: boolean;
  constructor(model: unknown, options: StringFieldOptions & { idOnly?: boolean } = {}) {
    super(options);
    this.model = model;
    this.idOnly = options.idOnly ?? false;
    this.readonly = false;
  }
  static override get _defaults(): StringFieldOptions {
    return { ...super._defaults, nullable: true, readonly: false, idOnly: false };
  }
  protected override _cast(value: unknown): unknown {
    if (value && typeof value === "object" && "id" in value) return (value as AnyObject).id;
    return value;
  }
  override initialize(value: unknown): unknown {
    if (this.idOnly || typeof value !== "string") return value;
    const m = this.model as { documentName?: string; collectionName?: string };
    const coll = m?.collectionName ? game[m.collectionName] : undefined;
    return coll?.get?.(value) ?? value;
  }
}

/** Stores a JSON string; non-strings are serialised when cleaned. */
export class JSONField extends StringField {
  static override get _defaults(): StringFieldOptions {
    return { ...super._defaults, blank: false, trim: false, initial: undefined, validationError: "is not a valid JSON string" };
  }
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value !== undefined && value !== null && typeof value !== "string") value = JSON.stringify(value);
    return super.clean(value, options);
  }
  protected override _validateType(value: unknown): boolean {
    if (typeof value !== "string") throw new TypeFailure("must be a serialized JSON string");
    try {
      JSON.parse(value);
    } catch {
      throw new TypeFailure("must be a serialized JSON string");
    }
    return true;
  }
  override initialize(value: unknown): unknown {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  override toObject(value: unknown): unknown {
    return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** Values keyed by arbitrary strings, each validated by `element`. */
export class TypedObjectField extends ObjectField {
  element: DataField;
  validateKey: ((key: string) => boolean) | undefined;
  constructor(element: DataField, options: DataFieldOptions & { validateKey?: (key: string) => boolean } = {}) {
    super(options);
    this.element = element;
    element.name = "element";
    element.parent = this;
    this.validateKey = options.validateKey;
  }
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith("-=") && options.partial) continue;
      if (this.validateKey && !this.validateKey(k)) {
        delete value[k];
        continue;
      }
      value[k] = this.element.clean(v, { ...options, partial: options.partial && isPlainObject(v) });
    }
    return value;
  }
  protected override _validateType(value: unknown, options: ValidateOptions): boolean | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new TypeFailure("must be an object");
    const failure = new DataModelValidationFailure({ invalidValue: value });
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith("-=")) continue;
      const f = this.element.validate(v, options);
      if (f) failure.fields[k] = f;
    }
    return failure;
  }
  override initialize(value: unknown, model?: unknown, options?: AnyObject): unknown {
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.element.initialize(v, model, options);
    return out;
  }
  override toObject(value: unknown): unknown {
    if (!isPlainObject(value)) return deepClone(value);
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.element.toObject(v);
    return out;
  }
}

/** Structural view of a DataModel class, to avoid a circular import. */
export interface ModelClass {
  new (data?: AnyObject, options?: AnyObject): AnyObject;
  defineSchema(): Record<string, DataField>;
  cleanData(source?: AnyObject, options?: CleanOptions): AnyObject;
  migrateDataSafe(source: AnyObject): AnyObject;
  validateJoint(data: AnyObject): void;
  name: string;
}

/** A SchemaField whose value is an instance of a DataModel subclass. */
export class EmbeddedDataField extends SchemaField {
  model: ModelClass;
  constructor(model: ModelClass, options: DataFieldOptions = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (isPlainObject(value) && !options.partial) value = this.model.migrateDataSafe(value);
    return super.clean(value, options);
  }
  protected override _validateType(value: unknown, options: ValidateOptions): boolean | DataModelValidationFailure {
    const r = super._validateType(value, options);
    if (r instanceof DataModelValidationFailure && r.isEmpty && !options.partial) {
      try {
        this.model.validateJoint(value as AnyObject);
      } catch (err) {
        r.message = (err as Error).message;
      }
    }
    return r;
  }
  override initialize(value: unknown, model?: unknown, options?: AnyObject): unknown {
    if (!isPlainObject(value)) return value;
    return new this.model(value, { ...options, parent: model, _harnessShareSource: true, strict: false });
  }
  override toObject(value: unknown): unknown {
    if (value && typeof value === "object" && typeof (value as AnyObject).toObject === "function") return (value as AnyObject).toObject(false);
    return super.toObject(value);
  }
}

export const fields = {
  DataField,
  SchemaField,
  NumberField,
  StringField,
  BooleanField,
  ObjectField,
  ArrayField,
  SetField,
  HTMLField,
  FilePathField,
  DocumentIdField,
  ForeignDocumentField,
  JSONField,
  EmbeddedDataField,
  TypedObjectField,
};
