/**
 * A ruleset's world settings, declared once: `defineSettings(prefix, { rule: boolSetting(true), … })`
 * gives Foundry's registrations, the shipped defaults and a typed reader. Each value read is
 * checked; the shipped default stands where a setting is unreadable (not registered: pure tests,
 * pack validation), missing or malformed.
 */
import { getSetting, registerSetting, type BreadboxSettingKey, type SettingSpec } from "./game";

/** A setting's stored value; undefined when settings cannot be read. */
export function readSetting(key: BreadboxSettingKey): unknown {
  try {
    const value: unknown = getSetting(key);
    return value;
  } catch {
    return undefined;
  }
}

/** One rule: how Foundry registers it (less the key), its default, and the check of a stored value. */
export interface SettingDecl<T> {
  readonly default: T;
  readonly type: typeof Boolean | typeof Number | typeof String;
  readonly choices?: Record<string, string>;
  readonly range?: { min: number; max: number; step: number };
  /** The stored value when it is a valid one, else undefined (the default is read instead). */
  check(value: unknown): T | undefined;
}

export function boolSetting(fallback: boolean): SettingDecl<boolean> {
  return { default: fallback, type: Boolean, check: (v) => (typeof v === "boolean" ? v : undefined) };
}

/**
 * A whole number, offered from min to max; a stored value is read from min to `readMax` (max
 * unless a ruleset reads a wider span than its setting offers).
 */
export function intSetting(fallback: number, min: number, max: number, readMax = max): SettingDecl<number> {
  return {
    default: fallback, type: Number, range: { min, max, step: 1 },
    check: (v) => (typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= readMax ? v : undefined),
  };
}

/** One of `values`, each labelled by the lang key `labelPrefix + value`. */
export function choiceSetting<const T extends string>(values: readonly T[], fallback: NoInfer<T>, labelPrefix: string): SettingDecl<T> {
  return {
    default: fallback, type: String, choices: Object.fromEntries(values.map((v) => [v, `${labelPrefix}${v}`])),
    check: (v) => values.find((a) => a === v),
  };
}

/** Free text (a ruleset parses it itself). */
export function textSetting(fallback: string): SettingDecl<string> {
  return { default: fallback, type: String, check: (v) => (typeof v === "string" ? v : undefined) };
}

export type SettingDecls = Record<string, SettingDecl<unknown>>;
/** The values a declaration reads: `SettingValues<typeof DECLS>` is the ruleset's rules type. */
export type SettingValues<D extends SettingDecls> = { [K in keyof D]: D[K] extends SettingDecl<infer T> ? T : never };

export interface DefinedSettings<D extends SettingDecls> {
  /** Foundry's registrations, keyed `<prefix><rule>`. */
  readonly specs: SettingSpec[];
  /** The shipped defaults. */
  readonly defaults: Readonly<SettingValues<D>>;
  /** Register every setting (with `onChange`, when given, on each). A plain function: pass it on as it is. */
  readonly register: (onChange?: () => void) => void;
  /** One rule's current value (checked; the default when unreadable or malformed). */
  readonly read: <K extends keyof D & string>(name: K) => SettingValues<D>[K];
  /** Every rule's current value. */
  readonly readAll: () => SettingValues<D>;
  /**
   * One rule's value, read once per task: a batch of data preparations (every character of the
   * world at load, or again after a rule changed) reads each rule once, not once per character
   * (issue 20). A world setting does not change within a task (a change applies when the server's
   * answer arrives, in a later task, and fires the setting's onChange); the values read are
   * forgotten when the task ends and when one of these settings changes.
   */
  readonly readInTask: <K extends keyof D & string>(name: K) => SettingValues<D>[K];
}

/**
 * Declare a ruleset's settings. The prefix and names must form declared setting keys (the
 * ruleset's types.ts: `NamespacedRules<id, SettingValues<typeof DECLS>>`).
 */
export function defineSettings<const P extends string, D extends SettingDecls>(
  prefix: P & (`${P}${keyof D & string}` extends BreadboxSettingKey ? unknown : never),
  decls: D,
): DefinedSettings<D> {
  // Checked by the signature: every `${prefix}${name}` is a declared key.
  const key = (name: string): BreadboxSettingKey => `${prefix}${name}` as BreadboxSettingKey;
  const names = Object.keys(decls);
  const specs: SettingSpec[] = names.map((name) => {
    const d = decls[name];
    return { key: key(name), type: d.type, default: d.default as SettingSpec["default"], choices: d.choices, range: d.range };
  });
  const read = <K extends keyof D & string>(name: K): SettingValues<D>[K] => {
    const d = decls[name];
    return (d.check(readSetting(key(name))) ?? d.default) as SettingValues<D>[K];
  };
  let inTask: Partial<SettingValues<D>> = {};
  let forgetQueued = false;
  const forget = (): void => {
    inTask = {};
    forgetQueued = false;
  };
  const readInTask = <K extends keyof D & string>(name: K): SettingValues<D>[K] => {
    const known = inTask[name];
    if (known !== undefined) return known as SettingValues<D>[K];
    const value = read(name);
    inTask[name] = value;
    if (!forgetQueued) {
      forgetQueued = true;
      queueMicrotask(forget);
    }
    return value;
  };
  return {
    specs,
    defaults: Object.freeze(Object.fromEntries(names.map((n) => [n, decls[n].default])) as SettingValues<D>),
    register: (onChange) => {
      for (const spec of specs) {
        registerSetting({
          ...spec,
          onChange: () => {
            forget();
            onChange?.();
          },
        });
      }
    },
    read,
    readInTask,
    readAll: () => Object.fromEntries(names.map((n) => [n, read(n)])) as SettingValues<D>,
  };
}
