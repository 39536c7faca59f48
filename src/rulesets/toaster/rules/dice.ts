/**
 * Toaster dice (seed ch. 1 "The d10*", ch. 3 "(Rolling Nines)", ch. 4 "Initiative").
 *
 * A d10* reads 0..9; it is drawn as rollDie(10) - 1, so the adapter's d10 face 10 is a d10* 0.
 * A plain d10 reads 1..10 (the 0 counts as ten). A d6 reads 1..6.
 *
 * Every roll in the core draws its dice through a `Dice` source: `rngDice` draws from a
 * RandomSource (the roll verbs), `faceDice` (check-faces.ts) reads faces that were already rolled (the resolve
 * verbs) and refuses faces that do not fit. Both record what was drawn, per named stream ("die",
 * "fumble", "damage" …), which is how every result carries its faces.
 */
import type { RandomSource } from "../../../dice/random";
import { rollDie } from "../../../dice/random";
import { MAX_OPEN_END_DICE, assertCount } from "../../../dice/limits";

export interface D10StarOptions {
  rollingNines: boolean;
  /**
   * Most extra dice a chain of nines may add; null = "no limit", which stops at the open-end cap
   * MAX_OPEN_END_DICE (100) so a stuck random source cannot roll forever.
   */
  ninesLimit: number | null;
}
export interface D10StarRoll {
  faces: number[];
  total: number;
}

/** The cap on extra dice from rolling nines (seed: "extended indefinitely"; we stop at 100). */
export const NINES_CAP = MAX_OPEN_END_DICE;

/** Refuse a limit that is not a whole number in 0..NINES_CAP (the same check in roll, resolve and odds). */
export function assertNinesLimit(limit: number | null, name = "Limit of extra dice for rolling nines"): void {
  if (limit !== null) assertCount(limit, name, NINES_CAP);
}

/** Extra dice a chain of nines may add under these options: 0 without the rule, the cap for "no limit". */
export function ninesCap(opts: D10StarOptions): number {
  if (!opts.rollingNines) return 0;
  return opts.ninesLimit ?? NINES_CAP;
}

/** Where dice come from: a random source (roll) or faces already rolled (resolve). */
export interface Dice {
  /** One d10* face, 0..9, from the named stream. */
  d10star(stream: string): number;
  /** One d6 face, 1..6, from the named stream. */
  d6(stream: string): number;
  /** Every face drawn so far, by stream. */
  readonly drawn: ReadonlyMap<string, readonly number[]>;
}

/** Note a face drawn from a stream (the dice sources here and in check-faces.ts). */
export function recordFace(drawn: Map<string, number[]>, stream: string, face: number): number {
  const list = drawn.get(stream);
  if (list) list.push(face);
  else drawn.set(stream, [face]);
  return face;
}

/**
 * Dice drawn from a RandomSource. A source that returns anything but a number in [0, 1] (NaN, a
 * string, 7) is refused with a RangeError instead of turning into a face that is not on the die.
 */
export function rngDice(rng: RandomSource): Dice {
  if (typeof rng !== "function") throw new TypeError("A roll needs a random source (a function returning a number in [0, 1))");
  // The die's size is passed on: the Foundry side rolls that die when the core asks for it.
  const checked: RandomSource = (faces) => {
    const u: unknown = rng(faces);
    if (typeof u !== "number" || !(u >= 0 && u <= 1)) throw new RangeError(`The random source returned ${String(u)}, not a number in [0, 1)`);
    return u;
  };
  const drawn = new Map<string, number[]>();
  return {
    drawn,
    d10star: (stream) => recordFace(drawn, stream, rollDie(10, checked) - 1),
    d6: (stream) => recordFace(drawn, stream, rollDie(6, checked)),
  };
}

/** A d10* with the optional rolling-nines rule from a Dice source: each 9 adds another die, up to the limit (and the cap). */
export function drawD10Star(dice: Dice, stream: string, opts: D10StarOptions): D10StarRoll {
  const cap = ninesCap(opts);
  const faces = [dice.d10star(stream)];
  let last = faces[0];
  while (last === 9 && faces.length - 1 < cap) {
    last = dice.d10star(stream);
    faces.push(last);
  }
  return { faces, total: faces.reduce((s, f) => s + f, 0) };
}

/** A plain d10, 1..10 (the face a d10* reads 0 counts as ten). */
export function rollD10(rng: RandomSource): number {
  return rngDice(rng).d10star("d10") + 1;
}
