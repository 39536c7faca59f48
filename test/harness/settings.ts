/**
 * game.settings — https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html
 * register/get/set/registerMenu. A setting's `type` becomes a DataField (Number → NumberField with
 * range/choices, String → StringField with choices, Boolean → BooleanField, Object/Array → ObjectField/
 * ArrayField, a DataField instance is used as-is, a DataModel class constructs an instance).
 * Values are cleaned then validated; an invalid value throws DataModelValidationError.
 * Setting a world-scope value without the SETTINGS_MODIFY permission (a player, or an Assistant GM
 * the world does not grant it) is refused (throws).
 */
import { DataModel } from "./data-model";
import { ArrayField, BooleanField, DataField, NumberField, ObjectField, StringField } from "./fields";
import { game } from "./state";
import { DataModelValidationError } from "./validation";
import { deepClone, type AnyObject } from "./utils";

export interface SettingConfig {
  key: string;
  namespace: string;
  name?: string;
  hint?: string;
  scope: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step?: number };
  onChange?: (value: unknown, options?: AnyObject, userId?: string) => void;
  requiresReload?: boolean;
  [k: string]: unknown;
}

/**
 * The field of each registered setting, built once per registration (a pure function of its
 * configuration): building fields on every `get` made the harness's setting reads cost more than
 * the code reading them.
 */
const settingFields = new WeakMap<SettingConfig, DataField | null>();

function fieldFor(cfg: SettingConfig): DataField | null {
  if (settingFields.has(cfg)) return settingFields.get(cfg) ?? null;
  const field = buildField(cfg);
  settingFields.set(cfg, field);
  return field;
}

function buildField(cfg: SettingConfig): DataField | null {
  const t = cfg.type;
  if (t instanceof DataField) return t;
  if (t === Number) return new NumberField({ required: true, nullable: true, initial: cfg.default as number, choices: cfg.choices, min: cfg.range?.min, max: cfg.range?.max, step: cfg.range?.step });
  if (t === String) return new StringField({ required: true, blank: true, nullable: true, initial: cfg.default as string, choices: cfg.choices });
  if (t === Boolean) return new BooleanField({ initial: cfg.default as boolean });
  if (t === Object) return new ObjectField({ initial: () => deepClone(cfg.default ?? {}) });
  if (t === Array) return new ArrayField(new DataField(), { initial: () => deepClone(cfg.default ?? []) });
  return null;
}

export class ClientSettings {
  settings = new Map<string, SettingConfig>();
  menus = new Map<string, AnyObject>();
  #values = new Map<string, unknown>();
  /** The values the world has stored (its Setting documents), loaded with the world before init. */
  #stored = new Map<string, unknown>();

  register(namespace: string, key: string, data: Partial<SettingConfig>): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    const id = `${namespace}.${key}`;
    const cfg = { scope: "client", config: false, ...data, key, namespace, id } as SettingConfig;
    if (cfg.type instanceof DataField && cfg.default === undefined) cfg.default = cfg.type.getInitialValue({});
    this.settings.set(id, cfg);
  }

  registerMenu(namespace: string, key: string, data: AnyObject): void {
    this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
  }

  #config(namespace: string, key: string): SettingConfig {
    const id = `${namespace}.${key}`;
    const cfg = this.settings.get(id);
    if (!cfg) throw new Error(`"${id}" is not a registered game setting`);
    return cfg;
  }

  #cast(cfg: SettingConfig, value: unknown, strict: boolean): unknown {
    const t = cfg.type;
    if (typeof t === "function" && t.prototype instanceof DataModel) {
      const M = t as unknown as typeof DataModel;
      return value instanceof M ? value : new M((value ?? {}) as AnyObject, { strict });
    }
    const field = fieldFor(cfg);
    if (!field) return value;
    const cleaned = field.clean(deepClone(value));
    const failure = field.validate(cleaned);
    if (failure) {
      if (strict) {
        const err = new DataModelValidationError(failure);
        err.message = `Invalid value for setting ${cfg.namespace}.${cfg.key}: ${failure.message || failure.toString()}`;
        throw err;
      }
      return deepClone(cfg.default);
    }
    return cleaned;
  }

  get(namespace: string, key: string): any {
    const cfg = this.#config(namespace, key);
    const id = `${namespace}.${key}`;
    const raw = this.#values.has(id) ? this.#values.get(id) : deepClone(cfg.default);
    return this.#cast(cfg, deepClone(raw), false);
  }

  async set(namespace: string, key: string, value: unknown, options: AnyObject = {}): Promise<unknown> {
    const cfg = this.#config(namespace, key);
    // A world setting is a Setting document: only a user with SETTINGS_MODIFY writes it; an
    // Assistant GM lacks it unless the world grants it (foundryvtt#11678, #10912; issue 18.9).
    if (cfg.scope === "world" && !game.user?.hasPermission?.("SETTINGS_MODIFY")) {
      throw new Error(`User ${game.user?.name} lacks permission to modify the world setting ${namespace}.${key}`);
    }
    const v = this.#cast(cfg, value, true);
    const stored = v instanceof DataModel ? v.toObject() : v;
    this.#values.set(`${namespace}.${key}`, deepClone(stored));
    cfg.onChange?.(this.get(namespace, key), options, game.user?.id);
    return v;
  }

  /**
   * Harness: the values a world has stored, keyed `namespace.key` (its Setting documents). Foundry
   * loads them with the world before the system's `init`, so a setting registered during init reads
   * its stored value at once (dnd5e reads its world setting `rulesVersion` in init, right after
   * registering it). Call before the start-up hooks; every reset returns the world to them.
   */
  _setStoredValues(values: Record<string, unknown>): void {
    this.#stored = new Map(Object.entries(values).map(([id, v]) => [id, deepClone(v)]));
    this._resetValues();
  }

  /** Harness: forget every value set since, back to the world's stored ones (registrations are kept). */
  _resetValues(): void {
    this.#values.clear();
    for (const [id, v] of this.#stored) this.#values.set(id, deepClone(v));
  }
}
