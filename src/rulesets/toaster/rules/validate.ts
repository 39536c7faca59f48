/**
 * Input guards for the Toaster core: bad input throws, it never turns into a wrong number.
 * Every number must be a safe integer (|n| < 2^53, src/dice/limits.ts): a sum that leaves that
 * range is refused where it is used, never rounded silently.
 */
import { assertSafeInt } from "../../../dice/limits";

export function assertInt(value: number, name: string): void {
  assertSafeInt(value, name);
}

export function assertIntInRange(value: number, name: string, lo: number, hi: number): void {
  assertInt(value, name);
  if (value < lo || value > hi) throw new RangeError(`${name} must be between ${lo} and ${hi}, not ${value}`);
}

export function assertNonNegativeInt(value: number, name: string): void {
  assertInt(value, name);
  if (value < 0) throw new RangeError(`${name} must be zero or more, not ${value}`);
}

export function assertPositiveInt(value: number, name: string): void {
  assertInt(value, name);
  if (value < 1) throw new RangeError(`${name} must be 1 or more, not ${value}`);
}

export function assertOneOf<T extends string>(value: string, name: string, allowed: readonly T[]): asserts value is T {
  if (!(allowed as readonly string[]).includes(value)) throw new RangeError(`${name} must be one of ${allowed.join(", ")}, not ${String(value)}`);
}

export function assertBoolean(value: unknown, name: string): asserts value is boolean {
  if (typeof value !== "boolean") throw new TypeError(`${name} must be true or false, not ${String(value)}`);
}
