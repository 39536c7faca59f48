/** Input checks shared by the D10/0 rules core. Every failure throws with a precise message. */
import { assertSafeInt } from "../../../dice/limits";

/**
 * Throw a RangeError unless `value` is a whole number within the safe-integer range (no silent
 * loss past 2^53) and within [min, max] (bounds optional).
 */
export function requireInt(name: string, value: number, min?: number, max?: number): number {
  // The usual case first: a whole number in range passes without the shared check's work.
  if (Number.isSafeInteger(value) && (min === undefined || value >= min) && (max === undefined || value <= max)) return value;
  assertSafeInt(value, name);
  if (min !== undefined && value < min) throw new RangeError(`${name} must be at least ${min}, not ${value}`);
  if (max !== undefined && value > max) throw new RangeError(`${name} must be at most ${max}, not ${value}`);
  return value;
}

/** Throw a RangeError unless `value` is a finite number greater than zero. */
export function requirePositive(name: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a number above zero, not ${String(value)}`);
  }
  return value;
}

/** Throw a TypeError unless `value` is a plain input object (named fields, not positional numbers). */
export function requireObject(name: string, value: unknown): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new TypeError(`${name} must be an object with named fields, not ${value === null ? "null" : Array.isArray(value) ? "a list" : typeof value}`);
}
