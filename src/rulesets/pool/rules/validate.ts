/** Input checks shared by the Dice Pool core. Bad input throws; it never yields a wrong number. */

/** Throw unless `value` is an integer within [min, max]. Returns the value for chaining. */
export function requireInt(name: string, value: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RangeError(`${name} must be a whole number, not ${String(value)}`);
  }
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

/** Throw unless `value` is one of `allowed`. */
export function requireKey<K extends string>(name: string, value: string, allowed: readonly K[]): K {
  const found = allowed.find((k) => k === value);
  if (found === undefined) throw new RangeError(`${name} must be one of ${allowed.join(", ")}, not ${String(value)}`);
  return found;
}
