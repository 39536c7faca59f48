/**
 * Dice rolled straight from a random source (a d10*, its faces, a d6) and the plain d10* options:
 * runtime code (tables, combat, the API), apart from rules/dice.ts, through which the checks draw their
 * dice: docs/architecture.md "Load what the world needs".
 */
import type { RandomSource } from "../../../dice/random";
import { assertBoolean } from "./validate";
import { assertNinesLimit, type D10StarOptions, type D10StarRoll, type Dice, drawD10Star, rngDice } from "./dice";

export const PLAIN_D10_STAR: D10StarOptions = { rollingNines: false, ninesLimit: null };

export function validateD10StarOptions(opts: D10StarOptions): void {
  if (typeof opts !== "object" || opts === null) throw new TypeError("d10* options must be an object");
  assertBoolean(opts.rollingNines, "rollingNines");
  assertNinesLimit(opts.ninesLimit);
}

/** The faces drawn from one stream (an empty list when none were). */
export function drawnFaces(dice: Dice, stream: string): number[] {
  return [...(dice.drawn.get(stream) ?? [])];
}

/** One d10* face, 0..9. */
export function rollD10StarFace(rng: RandomSource): number {
  return rngDice(rng).d10star("die");
}

/** A d10* with the optional rolling-nines rule: each 9 adds another die, up to the limit. */
export function rollD10Star(rng: RandomSource, opts: D10StarOptions): D10StarRoll {
  validateD10StarOptions(opts);
  return drawD10Star(rngDice(rng), "die", opts);
}

export function rollD6(rng: RandomSource): number {
  return rngDice(rng).d6("d6");
}
