/**
 * Caps on counts and open ends, shared by every rules core. A count above its cap is refused
 * with a clear error, the same in the roll and in the odds; an open end (exploding dice) stops
 * at its cap. Each core documents its caps in docs/rules/<id>.md.
 */

/** Refuse anything but a whole number within the safe-integer range (no silent loss past 2^53). */
export function assertSafeInt(value: number, name: string): void {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}, not ${String(value)}`);
}

/** Refuse a count (of dice, extra dice, re-rolls, checks) that is not a whole number in [min, max]. */
export function assertCount(value: number, name: string, max: number, min = 0): void {
  assertSafeInt(value, name);
  if (value < min || value > max) throw new RangeError(`${name} must be between ${min} and ${max}, not ${value}`);
}

/**
 * The most dice an open-ended roll may add in one roll (rolling nines, exploding tens, extra dice):
 * a stuck random source (a module that pins the random function) stops here instead of freezing
 * the client.
 */
export const MAX_OPEN_END_DICE = 100;
