/** Small input guards shared by the Toast core: bad input throws, it never yields a wrong number. */

export function requireInteger(value: number, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new RangeError(`${what} must be a whole number, not ${String(value)}`);
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
  if (found === undefined) throw new RangeError(`${what} must be one of ${keys.join(", ")}, not "${value}"`);
  return found;
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
