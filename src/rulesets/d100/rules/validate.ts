/** Input checks shared by the D10/0 rules core. Every failure throws with a precise message. */

/** Throw a RangeError unless `value` is an integer within [min, max] (bounds optional). */
export function requireInt(name: string, value: number, min?: number, max?: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RangeError(`${name} must be a whole number, not ${String(value)}`);
  }
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
