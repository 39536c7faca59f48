/**
 * foundry.utils — the object helpers the system uses, written from the public API documentation
 * (https://foundryvtt.com/api/v13/modules/foundry.utils.html).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyObject = Record<string, any>;

export function getType(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "Array";
  if (value instanceof Set) return "Set";
  if (value instanceof Map) return "Map";
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return "Object";
    return (value as object).constructor?.name ?? "Object";
  }
  const t = typeof value;
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function isPlainObject(value: unknown): value is AnyObject {
  return getType(value) === "Object";
}

/**
 * Deep copy of plain objects and arrays. Other class instances are kept by reference unless they
 * provide clone(); Dates are copied. Documented: "Quickly clone a simple piece of data, returning a
 * copy which can be mutated safely... only handles simple objects".
 */
export function deepClone<T>(original: T, { strict = false }: { strict?: boolean } = {}): T {
  return _clone(original, strict, 0) as T;
}

function _clone(value: unknown, strict: boolean, depth: number): unknown {
  if (depth > 100) throw new Error("Maximum depth exceeded. Be careful about cyclical data structures.");
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => _clone(v, strict, depth + 1));
  if (value instanceof Date) return new Date(value);
  if (isPlainObject(value)) {
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = _clone(v, strict, depth + 1);
    return out;
  }
  if (strict) throw new Error("deepClone cannot clone advanced objects");
  return value;
}

/** JSON round-trip copy (documented as "a deep copy via JSON serialization"). */
export function duplicate<T>(original: T): T {
  return JSON.parse(JSON.stringify(original)) as T;
}

export function getProperty(object: unknown, key: string): unknown {
  if (!key || object == null) return undefined;
  if (key in Object(object)) return (object as AnyObject)[key];
  let target: unknown = object;
  for (const p of key.split(".")) {
    if (target == null || typeof target !== "object" && typeof target !== "function") return undefined;
    if (!(p in (target as object))) return undefined;
    target = (target as AnyObject)[p];
  }
  return target;
}

export function hasProperty(object: unknown, key: string): boolean {
  if (!key || object == null) return false;
  if (key in Object(object)) return true;
  let target: unknown = object;
  for (const p of key.split(".")) {
    if (target == null || typeof target !== "object") return false;
    if (!(p in (target as object))) return false;
    target = (target as AnyObject)[p];
  }
  return true;
}

/** Returns true if the value changed. */
export function setProperty(object: AnyObject, key: string, value: unknown): boolean {
  if (!key) return false;
  let target: AnyObject = object;
  const parts = key.split(".");
  const last = parts.pop()!;
  for (const p of parts) {
    if (!(p in target) || target[p] === null || typeof target[p] !== "object") target[p] = {};
    target = target[p];
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

/** Expand {"a.b": 1} into {a: {b: 1}} (recursively). */
export function expandObject(obj: AnyObject): AnyObject {
  const expand = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
    if (Array.isArray(value)) return value.map((v) => expand(v, depth + 1));
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) setProperty(out, k, expand(v, depth + 1));
    return out;
  };
  return expand(obj, 0) as AnyObject;
}

/** Flatten {a: {b: 1}} into {"a.b": 1}. Empty inner objects are kept as values. */
export function flattenObject(obj: AnyObject, depth = 0): AnyObject {
  const out: AnyObject = {};
  for (const [k, v] of Object.entries(obj)) {
    if (isPlainObject(v) && !isEmpty(v) && depth < 100) {
      for (const [ik, iv] of Object.entries(flattenObject(v, depth + 1))) out[`${k}.${ik}`] = iv;
    } else out[k] = v;
  }
  return out;
}

export function isEmpty(value: unknown): boolean {
  const t = getType(value);
  switch (t) {
    case "undefined":
      return true;
    case "null":
      return true;
    case "Array":
      return (value as unknown[]).length === 0;
    case "Object":
      return Object.keys(value as object).length === 0;
    case "Set":
    case "Map":
      return (value as Set<unknown>).size === 0;
    default:
      return false;
  }
}

export interface MergeObjectOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  enforceTypes?: boolean;
  performDeletions?: boolean;
}

/**
 * Documented semantics: update `original` with `other`; insertKeys adds keys missing from original,
 * insertValues adds keys to inner objects, overwrite replaces existing values, recursive merges inner
 * objects, inplace (default true) mutates original, performDeletions treats "-=key" as deletion
 * (always performed for insertKeys... only when requested), enforceTypes throws on a type change.
 */
export function mergeObject<T extends AnyObject, U extends AnyObject>(original: T, other: U = {} as U, options: MergeObjectOptions = {}, _d = 0): T & U {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    enforceTypes = false,
    performDeletions = false,
  } = options;
  other = other || ({} as U);
  if (isPlainObject(other) && Object.keys(other).some((k) => k.includes("."))) other = expandObject(other) as U;
  if (!isPlainObject(original) || !isPlainObject(other)) {
    throw new Error("One of original or other are not Objects!");
  }
  const target: AnyObject = inplace ? original : deepClone(original);
  const depth = _d + 1;
  for (const k of Object.keys(other)) {
    const v = (other as AnyObject)[k];
    if (k.startsWith("-=") && performDeletions) {
      delete target[k.slice(2)];
      continue;
    }
    if (k in target) {
      const tv = target[k];
      if (isPlainObject(tv) && isPlainObject(v) && recursive) {
        target[k] = mergeObject(tv, v, { insertKeys: insertValues ? true : insertKeys, insertValues, overwrite, recursive, inplace: true, enforceTypes, performDeletions }, depth);
        continue;
      }
      if (!overwrite) continue;
      if (enforceTypes && tv !== undefined && tv !== null && v !== undefined && getType(tv) !== getType(v)) {
        throw new Error(`Mismatched data types encountered during object merge: ${k}`);
      }
      target[k] = isPlainObject(v) || Array.isArray(v) ? deepClone(v) : v;
    } else {
      // Keys absent from the original: at the top level insertKeys decides; in inner objects insertValues.
      const allowed = depth === 1 ? insertKeys : insertValues;
      if (!allowed) continue;
      target[k] = isPlainObject(v) ? expandIfDotted(deepClone(v)) : Array.isArray(v) ? deepClone(v) : v;
    }
  }
  return target as T & U;
}

function expandIfDotted(v: AnyObject): AnyObject {
  return Object.keys(v).some((k) => k.includes(".")) ? expandObject(v) : v;
}

/**
 * Differences of `other` relative to `original`: keys of other whose value differs.
 * Documented options: inner (only keys present in original), deletionKeys ("-=" keys always kept).
 */
export function diffObject(original: AnyObject, other: AnyObject, { inner = false, deletionKeys = false }: { inner?: boolean; deletionKeys?: boolean } = {}): AnyObject {
  const out: AnyObject = {};
  for (const [k, v] of Object.entries(other)) {
    if (deletionKeys && k.startsWith("-=")) {
      out[k] = v;
      continue;
    }
    if (inner && !(k in original)) continue;
    const o = original[k];
    if (isPlainObject(v) && isPlainObject(o)) {
      const d = diffObject(o, v, { inner, deletionKeys });
      if (!isEmpty(d)) out[k] = d;
      continue;
    }
    if (!objectsEqual(o, v)) out[k] = v;
  }
  return out;
}

export function objectsEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => objectsEqual(v, bb[i]));
  }
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((v) => b.has(v));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => objectsEqual((a as AnyObject)[k], (b as AnyObject)[k]));
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A random alphanumeric id (default length 16). Uses Math.random: ids are not dice. */
export function randomID(length = 16): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return id;
}

export function escapeHTML(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
}

/** Math.clamp is added by Foundry in v12+; exposed here as a helper too. */
export function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}

/** Inheritance chain of a class, most derived first (foundry.utils.getParentClasses-like). */
export function inheritanceChain(cls: Function): Function[] {
  const out: Function[] = [];
  let c: Function | null = cls;
  while (c && c !== Function.prototype && c !== Object) {
    out.push(c);
    c = Object.getPrototypeOf(c);
  }
  return out;
}

/** Parse a numeric string strictly: a finite number, or undefined. */
export function parseNumeric(value: string): number | undefined {
  const s = value.trim();
  if (s === "" || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function isNumeric(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value === "string") return parseNumeric(value) !== undefined;
  return false;
}

export class Collection<V> extends Map<string, V> {
  /** Collection iterates its values, not its entries (documented). */
  // @ts-expect-error Foundry's Collection iterates values, not [key, value] entries.
  override [Symbol.iterator](): MapIterator<V> {
    return this.values();
  }
  get contents(): V[] {
    return Array.from(this.values());
  }
  find(fn: (v: V, i: number, c: this) => unknown): V | undefined {
    let i = 0;
    for (const v of this.values()) if (fn(v, i++, this)) return v;
    return undefined;
  }
  filter(fn: (v: V, i: number, c: this) => unknown): V[] {
    const out: V[] = [];
    let i = 0;
    for (const v of this.values()) if (fn(v, i++, this)) out.push(v);
    return out;
  }
  map<T>(fn: (v: V, i: number, c: this) => T): T[] {
    const out: T[] = [];
    let i = 0;
    for (const v of this.values()) out.push(fn(v, i++, this));
    return out;
  }
  reduce<T>(fn: (acc: T, v: V, i: number) => T, initial: T): T {
    let acc = initial;
    let i = 0;
    for (const v of this.values()) acc = fn(acc, v, i++);
    return acc;
  }
  some(fn: (v: V, i: number, c: this) => unknown): boolean {
    return this.find(fn) !== undefined;
  }
  every(fn: (v: V, i: number, c: this) => unknown): boolean {
    let i = 0;
    for (const v of this.values()) if (!fn(v, i++, this)) return false;
    return true;
  }
  getName(name: string, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const v = this.find((d) => (d as AnyObject).name === name);
    if (!v && strict) throw new Error(`An entry with name ${name} does not exist in the collection`);
    return v;
  }
  override get(key: string, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const v = super.get(key);
    if (v === undefined && strict) throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return v;
  }
  toJSON(): unknown[] {
    return this.map((v) => ((v as AnyObject)?.toJSON ? (v as AnyObject).toJSON() : v));
  }
}

/** Is `cls` the same as or a subclass of `parent`. */
export function isSubclass(cls: Function, parent: Function): boolean {
  return cls === parent || cls.prototype instanceof parent;
}

/** Debounce a function (trailing call after `delay` ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => unknown, delay: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delay);
  };
}

/**
 * The primitive extensions Foundry documents adding (Math.clamp, Number.isNumeric,
 * Number#toNearest, String#capitalize). Installed only if absent.
 */
export function installPrimitiveExtensions(): void {
  const M = Math as unknown as AnyObject;
  M.clamp ??= (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);
  const N = Number as unknown as AnyObject;
  N.isNumeric ??= (n: unknown) => isNumeric(n);
  const np = Number.prototype as unknown as AnyObject;
  if (!np.toNearest) Object.defineProperty(Number.prototype, "toNearest", { value: function (this: number, interval = 1, method: "round" | "floor" | "ceil" = "round") { const q = 1 / interval; return Math[method](this * q) / q; }, configurable: true, writable: true });
  const sp = String.prototype as unknown as AnyObject;
  if (!sp.capitalize) Object.defineProperty(String.prototype, "capitalize", { value: function (this: string) { return this.length ? this.charAt(0).toUpperCase() + this.slice(1) : this; }, configurable: true, writable: true });
}

export const utils = {
  getType,
  deepClone,
  duplicate,
  getProperty,
  hasProperty,
  setProperty,
  expandObject,
  flattenObject,
  isEmpty,
  mergeObject,
  diffObject,
  objectsEqual,
  randomID,
  escapeHTML,
  isNumeric,
  isSubclass,
  debounce,
  Collection,
};
