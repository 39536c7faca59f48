/** Input guards for the Toaster core: bad input throws, it never turns into a wrong number. */

export function assertInt(value: number, name: string): void {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new RangeError(`${name} must be a whole number, not ${String(value)}`);
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
