/** Input checks shared by the Dice Pool core. Bad input throws; it never yields a wrong number. */
import { assertSafeInt } from "../../../dice/limits";

/**
 * Throw unless `value` is a whole number within [min, max] (and within ±2^53, through the shared
 * `assertSafeInt`). Returns the value for chaining.
 */
export function requireInt(name: string, value: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  // The usual case first: a whole number in range passes without the shared check's work.
  if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
  assertSafeInt(value, name);
  if (value < min) throw new RangeError(`${name} must be at least ${min}, not ${value}`);
  if (value > max) throw new RangeError(`${name} must be at most ${max}, not ${value}`);
  return value;
}

/** Throw unless `value` is a finite number within [min, max]. */
export function requireNumber(name: string, value: number, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, not ${String(value)}`);
  }
  if (value < min) throw new RangeError(`${name} must be at least ${min}, not ${value}`);
  if (value > max) throw new RangeError(`${name} must be at most ${max}, not ${value}`);
  return value;
}

/** Throw unless `value` is one of `allowed` (compared as strings, so prototype names never match). */
export function requireKey<K extends string>(name: string, value: string, allowed: readonly K[]): K {
  const found = allowed.find((k) => k === value);
  if (found === undefined) throw new RangeError(`${name} must be one of ${allowed.join(", ")}, not ${describe(value)}`);
  return found;
}

/** Throw unless `value` is true or false. */
export function requireBool(name: string, value: boolean): boolean {
  if (typeof value !== "boolean") throw new RangeError(`${name} must be true or false, not ${describe(value)}`);
  return value;
}

/** Throw unless `value` is a non-null object (an input record). */
export function requireObject<T extends object>(name: string, value: T): T {
  if (typeof value !== "object" || value === null) throw new TypeError(`${name} must be an object, not ${describe(value)}`);
  return value;
}

/** Throw unless `value` is an array of at most `max` entries. */
export function requireArray<T>(name: string, value: readonly T[], max: number, min = 0): readonly T[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be a list, not ${describe(value)}`);
  if (value.length < min || value.length > max) throw new RangeError(`${name} must hold between ${min} and ${max} entries, not ${value.length}`);
  return value;
}

/** A short, safe description of any value for an error message. */
export function describe(value: unknown): string {
  if (typeof value === "string") return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === "object") return value === null ? "null" : Array.isArray(value) ? "a list" : "an object";
  if (typeof value === "function") return "a function";
  return String(value);
}
