/**
 * foundry.data.validation — DataModelValidationFailure and DataModelValidationError.
 * https://foundryvtt.com/api/v13/classes/foundry.data.validation.DataModelValidationError.html
 */

export interface ElementFailure {
  id: string | number;
  name?: string;
  failure: DataModelValidationFailure;
}

export class DataModelValidationFailure {
  invalidValue: unknown;
  fallback: unknown;
  dropped: boolean;
  message: string;
  unresolved: boolean;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: ElementFailure[] = [];

  constructor({ invalidValue, fallback, dropped = false, message = "", unresolved = true }: { invalidValue?: unknown; fallback?: unknown; dropped?: boolean; message?: string; unresolved?: boolean } = {}) {
    this.invalidValue = invalidValue;
    this.fallback = fallback;
    this.dropped = dropped;
    this.message = message;
    this.unresolved = unresolved;
  }

  get isEmpty(): boolean {
    return !this.message && !Object.keys(this.fields).length && !this.elements.length;
  }

  /** Flat record of failures keyed by dotted field path. */
  asFlat(prefix = ""): Record<string, DataModelValidationFailure> {
    const out: Record<string, DataModelValidationFailure> = {};
    if (this.message) out[prefix || "_"] = this;
    for (const [k, f] of Object.entries(this.fields)) Object.assign(out, f.asFlat(prefix ? `${prefix}.${k}` : k));
    for (const e of this.elements) Object.assign(out, e.failure.asFlat(prefix ? `${prefix}.${e.id}` : String(e.id)));
    return out;
  }

  toString(): string {
    return Object.entries(this.asFlat())
      .map(([k, f]) => `  ${k}: ${f.message}`)
      .join("\n");
  }
}

export class DataModelValidationError extends Error {
  #failure: DataModelValidationFailure;
  constructor(failure: DataModelValidationFailure | string, options?: ErrorOptions) {
    const f = typeof failure === "string" ? new DataModelValidationFailure({ message: failure }) : failure;
    super(typeof failure === "string" ? failure : f.toString(), options);
    this.name = "DataModelValidationError";
    this.#failure = f;
  }
  getFailure(path?: string): DataModelValidationFailure | undefined {
    if (!path) return this.#failure;
    return this.#failure.asFlat()[path];
  }
  /** All failures, flattened by dotted path (e.g. "system.hp.value"). */
  getAllFailures(): Record<string, DataModelValidationFailure> {
    return this.#failure.asFlat();
  }
  logAsTable(): void {
    console.table(Object.fromEntries(Object.entries(this.getAllFailures()).map(([k, f]) => [k, { value: f.invalidValue, message: f.message }])));
  }
}
