/**
 * foundry.abstract.DataModel / TypeDataModel —
 * https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html
 * https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html
 *
 * Construction: migrateDataSafe → cleanData → shimData → validate (strict by default: throws a
 * DataModelValidationError) → _initialize (copy source into instance properties).
 * updateSource: clean the changes (partial) → validate them → diff against the source → apply →
 * re-initialise → return the diff.
 */
import { normalizeUpdateOperators } from "./deprecation";
import { DataField, SchemaField, type CleanOptions } from "./fields";
import { DataModelValidationError, DataModelValidationFailure } from "./validation";
import { deepClone, diffObject, expandObject, isEmpty, isPlainObject, mergeObject, type AnyObject } from "./utils";

export interface DataModelConstructionOptions {
  parent?: DataModel | null;
  strict?: boolean;
  [k: string]: unknown;
}

export interface DataModelValidationOptions {
  changes?: AnyObject;
  clean?: boolean;
  fallback?: boolean;
  dropInvalidEmbedded?: boolean;
  strict?: boolean;
  fields?: boolean;
  joint?: boolean;
}

const schemas = new WeakMap<Function, SchemaField>();

export class DataModel {
  declare _source: AnyObject;
  declare parent: DataModel | null;
  #validationFailures: { fields: DataModelValidationFailure | null; joint: DataModelValidationFailure | null } = { fields: null, joint: null };

  constructor(data: AnyObject = {}, { parent = null, strict = true, ...options }: DataModelConstructionOptions = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: true, enumerable: false, configurable: true });
    Object.defineProperty(this, "_source", { value: this._initializeSource(data, { strict, ...options }), writable: true, enumerable: false, configurable: true });
    this.validate({ strict, fields: true, joint: true });
    this._initialize({ strict, ...options });
  }

  /** Define the schema of this model (override). */
  static defineSchema(): Record<string, DataField> {
    throw new Error(`The ${this.name} subclass of DataModel must define its Document schema`);
  }

  static get schema(): SchemaField {
    let s = schemas.get(this);
    if (!s) {
      s = new SchemaField(this.defineSchema());
      schemas.set(this, s);
    }
    return s;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /** Prefixes of i18n keys for field labels and hints (`${prefix}.FIELDS.${path}.label`). */
  static LOCALIZATION_PREFIXES: string[] = [];

  get invalid(): boolean {
    return Object.values(this.#validationFailures).some((f) => f && !f.isEmpty);
  }

  get validationFailures(): { fields: DataModelValidationFailure | null; joint: DataModelValidationFailure | null } {
    return this.#validationFailures;
  }

  protected _initializeSource(data: AnyObject, options: AnyObject = {}): AnyObject {
    if (data instanceof DataModel) data = data.toObject();
    if (!isPlainObject(data)) data = {};
    // Documents and user-constructed models get a private copy; a model embedded in a parent
    // shares its parent's source object (so system._source === actor._source.system).
    if (!options._harnessShareSource) data = deepClone(data);
    const cls = this.constructor as typeof DataModel;
    data = cls.migrateDataSafe(data);
    cls.cleanData(data, options as CleanOptions);
    cls.shimData(data);
    return data;
  }

  static cleanData(source: AnyObject = {}, options: CleanOptions = {}): AnyObject {
    return this.schema.clean(source, options) as AnyObject;
  }

  protected _initialize(options: AnyObject = {}): void {
    for (const [name, field] of this.schema.entries()) {
      const value = field.initialize(this._source[name], this, options);
      Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
    }
  }

  /** Reset the instance to its source (re-initialise). */
  reset(): void {
    this._initialize();
  }

  clone(data: AnyObject = {}, context: DataModelConstructionOptions = {}): this {
    const merged = mergeObject(this.toObject(), expandObject(data), { insertKeys: true, inplace: false });
    const Cls = this.constructor as new (d: AnyObject, o: DataModelConstructionOptions) => this;
    return new Cls(merged, { parent: this.parent, ...context });
  }

  /**
   * Validate the source (or proposed changes). Returns true if valid. With strict (default) a
   * failure throws DataModelValidationError; otherwise failures are recorded and false returned.
   */
  validate({ changes, clean = false, fallback = false, strict = true, fields = true, joint }: DataModelValidationOptions = {}): boolean {
    const partial = !!changes;
    let source = changes ?? this._source;
    if (changes && clean) {
      source = expandObject(changes);
      (this.constructor as typeof DataModel).cleanData(source, { partial: true, source: this._source });
      if (changes !== source) {
        for (const k of Object.keys(changes)) delete changes[k];
        Object.assign(changes, source);
        source = changes;
      }
    }
    this.#validationFailures = { fields: null, joint: null };
    if (fields) {
      const f = this.schema.validate(source, { partial, fallback, source: partial ? mergeObject(deepClone(this._source), source, { inplace: true }) : source });
      if (f && !f.isEmpty) this.#validationFailures.fields = f;
    }
    const doJoint = joint ?? !partial;
    if (doJoint && !this.#validationFailures.fields) {
      const data = partial ? mergeObject(deepClone(this._source), source, { inplace: true }) : source;
      try {
        (this.constructor as typeof DataModel).validateJoint(data);
      } catch (err) {
        this.#validationFailures.joint = new DataModelValidationFailure({ invalidValue: data, message: (err as Error).message });
      }
    }
    const failure = this.#validationFailures.fields ?? this.#validationFailures.joint;
    if (!failure) return true;
    const err = new DataModelValidationError(failure);
    err.message = `${this.constructor.name} validation errors:\n${failure.toString()}`;
    if (strict) throw err;
    console.warn(err.message);
    return false;
  }

  /** Joint validation of the whole source (override; throw an Error to fail). */
  static validateJoint(_data: AnyObject): void {}

  /**
   * Apply changes to the source: clean (partial), validate (throws), diff, store, re-initialise.
   * Returns the differential changes actually applied (empty object when nothing changed).
   */
  updateSource(changes: AnyObject = {}, options: { dryRun?: boolean; fallback?: boolean; recursive?: boolean; _harnessNormalized?: boolean } = {}): AnyObject {
    const cls = this.constructor as typeof DataModel;
    // Document#update has already turned operators into deletion keys (_harnessNormalized).
    const expanded = expandObject(deepClone(options._harnessNormalized ? changes : normalizeUpdateOperators(changes)));
    const cleaned = cls.cleanData(expanded, { partial: true, source: this._source });
    this.validate({ changes: cleaned, clean: false, strict: true, fallback: false });
    const diff = DataModel._diff(this._source, cleaned);
    if (options.dryRun || isEmpty(diff)) return diff;
    DataModel._apply(this._source, cleaned, options.recursive !== false);
    this._initialize();
    return diff;
  }

  /** Differences between source and cleaned changes, keeping "-=" deletion keys. */
  static _diff(source: AnyObject, changes: AnyObject): AnyObject {
    return diffObject(source, changes, { deletionKeys: true });
  }

  /** Merge changes into the source in place (keeping nested object identity). */
  static _apply(source: AnyObject, changes: AnyObject, recursive = true): void {
    for (const [k, v] of Object.entries(changes)) {
      if (k.startsWith("-=")) {
        delete source[k.slice(2)];
        continue;
      }
      if (recursive && isPlainObject(v) && isPlainObject(source[k])) DataModel._apply(source[k], v, recursive);
      else source[k] = deepClone(v);
    }
  }

  toObject(source = true): AnyObject {
    if (source) return deepClone(this._source);
    return this.schema.toObject(this) as AnyObject;
  }

  toJSON(): AnyObject {
    return this.toObject();
  }

  static fromSource(source: AnyObject, options: DataModelConstructionOptions = {}): DataModel {
    return new this(source, options);
  }

  static fromJSON(json: string): DataModel {
    return new this(JSON.parse(json));
  }

  /** Migrate candidate source data to the current schema (override; called before cleaning). */
  static migrateData(source: AnyObject): AnyObject {
    return source;
  }

  /** migrateData, but errors are logged instead of thrown. */
  static migrateDataSafe(source: AnyObject): AnyObject {
    try {
      return this.migrateData(source) ?? source;
    } catch (err) {
      console.warn(`${this.name} failed data migration`, err);
      return source;
    }
  }

  /** Provide backwards-compatible aliases (override). */
  static shimData(data: AnyObject, _options?: AnyObject): AnyObject {
    return data;
  }
}

/**
 * A model for the `system` data of a Document sub-type. Its `parent` is the document, and its
 * _source is the document's `_source.system`.
 */
/**
 * Whether a model's base prepareBaseData ran in the current preparation (see Document#prepareData).
 * A flag on the model rather than a WeakSet: adding and deleting 40,000 models per campaign-scale
 * preparation churned the WeakSet's table and made the harness itself cost more than the system.
 */
const BASE_PREPARED = Symbol("breadbox.harness.baseDataPrepared");
type BasePreparedFlag = { [BASE_PREPARED]?: boolean };
export const baseDataPrepared = {
  add(model: object): void {
    (model as BasePreparedFlag)[BASE_PREPARED] = true;
  },
  delete(model: object): void {
    (model as BasePreparedFlag)[BASE_PREPARED] = false;
  },
  has(model: object): boolean {
    return (model as BasePreparedFlag)[BASE_PREPARED] === true;
  },
};

export class TypeDataModel extends DataModel {
  static override defineSchema(): Record<string, DataField> {
    return {};
  }
  /**
   * Preparation hooks called by the parent document's prepareData cycle. v14 requires overrides of
   * prepareBaseData to call super (the base prepares what Active Effects need); the harness records
   * the call so the v14 profile can fail a model that skips it.
   */
  prepareBaseData(): void {
    baseDataPrepared.add(this);
  }
  prepareDerivedData(): void {}
  /** Roll data contribution (override). */
  getRollData?(): AnyObject;

  async _preCreate(_data: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preUpdate(_changes: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onUpdate(_changed: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preDelete(_options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onDelete(_options: AnyObject, _userId: string): void {}

  static metadata = Object.freeze({});
}
