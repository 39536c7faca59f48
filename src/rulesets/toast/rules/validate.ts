/** Small input guards shared by the Toast core: bad input throws, it never yields a wrong number. */
import { assertSafeInt } from "../../../dice/limits";

/** A whole number within ±2^53 (past that, whole numbers silently lose precision). */
export function requireInteger(value: number, what: string): number {
  assertSafeInt(value, what);
  return value;
}

export function requireIntegerIn(value: number, lo: number, hi: number, what: string): number {
  requireInteger(value, what);
  if (value < lo || value > hi) throw new RangeError(`${what} must be between ${lo} and ${hi}, not ${value}`);
  return value;
}

export function requireIntegerAtLeast(value: number, lo: number, what: string): number {
  requireInteger(value, what);
  if (value < lo) throw new RangeError(`${what} must be at least ${lo}, not ${value}`);
  return value;
}

export function requireOneOf<K extends string>(value: string, keys: readonly K[], what: string): K {
  const found = keys.find((k) => k === value);
  if (found === undefined) throw new RangeError(`${what} must be one of ${keys.join(", ")}, not "${String(value)}"`);
  return found;
}

/** Refuse anything but a plain object (input records: null, arrays, numbers, strings are refused). */
export function requireRecord<T extends object>(value: T, what: string): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new RangeError(`${what} must be an object, not ${describe(value)}`);
  return value;
}

/**
 * The face lists of a sequence of checks, by name (a strike's death and collapse checks, an
 * attack's two rolls, a day's treatment and Health checks): `faces` must be an object and each
 * named list a list, checked in `labels`' order (name → what an error calls it).
 */
export function requireFaceLists<K extends string>(faces: Readonly<Record<K, readonly number[]>>, what: string, labels: Readonly<Record<K, string>>): Readonly<Record<K, readonly number[]>> {
  requireRecord(faces, what);
  for (const key in labels) requireArray(faces[key], labels[key]);
  return faces;
}

/** Refuse anything but an array. */
export function requireArray<T>(value: readonly T[], what: string): readonly T[] {
  if (!Array.isArray(value)) throw new RangeError(`${what} must be a list, not ${describe(value)}`);
  return value;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text "${value.slice(0, 40)}"`;
  return typeof value === "object" || typeof value === "function" ? `a ${typeof value}` : `the ${typeof value} ${String(value)}`;
}

/** Round a fraction down, as the seed asks for every fraction ("Round all fractions down"). */
export function floorDiv(numerator: number, denominator: number): number {
  return Math.floor(numerator / denominator);
}

/** Average of whole numbers, rounded down. */
export function flooredAverage(values: readonly number[], what: string): number {
  if (values.length === 0) throw new RangeError(`${what} needs at least one value to average`);
  let sum = 0;
  for (const v of values) sum += requireInteger(v, what);
  return floorDiv(sum, values.length);
}
