/**
 * Toaster dice (seed ch. 1 "The d10*", ch. 3 "(Rolling Nines)", ch. 4 "Initiative").
 *
 * A d10* reads 0..9; it is drawn as rollDie(10) - 1, so the adapter's d10 face 10 is a d10* 0.
 * A plain d10 reads 1..10 (the 0 counts as ten). A d6 reads 1..6.
 */
import type { RandomSource } from "../../../dice/random";
import { rollDie } from "../../../dice/random";
import { assertNonNegativeInt } from "./validate";

export interface D10StarOptions {
  rollingNines: boolean;
  /** Most extra dice a chain of nines may add; null = no limit. */
  ninesLimit: number | null;
}
export interface D10StarRoll {
  faces: number[];
  total: number;
}

export const PLAIN_D10_STAR: D10StarOptions = { rollingNines: false, ninesLimit: null };

export function validateD10StarOptions(opts: D10StarOptions): void {
  if (typeof opts.rollingNines !== "boolean") throw new TypeError("rollingNines must be true or false");
  if (opts.ninesLimit !== null) assertNonNegativeInt(opts.ninesLimit, "Limit of extra dice for rolling nines");
}

/** One d10* face, 0..9. */
export function rollD10StarFace(rng: RandomSource): number {
  return rollDie(10, rng) - 1;
}

/** A d10* with the optional rolling-nines rule: each 9 adds another die, up to the limit. */
export function rollD10Star(rng: RandomSource, opts: D10StarOptions): D10StarRoll {
  validateD10StarOptions(opts);
  const faces = [rollD10StarFace(rng)];
  let last = faces[0];
  let extra = 0;
  while (opts.rollingNines && last === 9 && (opts.ninesLimit === null || extra < opts.ninesLimit)) {
    last = rollD10StarFace(rng);
    faces.push(last);
    extra++;
  }
  return { faces, total: faces.reduce((s, f) => s + f, 0) };
}

/** A plain d10, 1..10. */
export function rollD10(rng: RandomSource): number {
  return rollDie(10, rng);
}

export function rollD6(rng: RandomSource): number {
  return rollDie(6, rng);
}
