/**
 * Randomness for the rules cores.
 *
 * The cores never call Math.random: every function that rolls takes a RandomSource.
 * In Foundry the adapter passes a source backed by Foundry's own dice (so Dice So Nice and
 * other modules see the same numbers); in tests a seeded source makes results repeatable.
 */

/**
 * A function returning a uniform number in [0, 1). `rollDie` tells it the size of the die it is
 * drawing for (`faces`); a plain source ignores it, while the Foundry adapter uses it to roll that
 * very die as a Foundry Roll (src/core/rolls/foundry-dice.ts).
 */
export type RandomSource = (faces?: number) => number;

/** Mulberry32: a small, fast, seedable PRNG. Good enough for simulations and tests. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Roll one die with faces 1..faces. */
export function rollDie(faces: number, rng: RandomSource): number {
  if (!Number.isInteger(faces) || faces < 1) throw new RangeError(`A die needs a positive whole number of faces, not ${faces}`);
  const r = rng(faces);
  // A broken source (NaN, Infinity, anything but a number from a module) must not become a NaN face.
  if (typeof r !== "number" || !Number.isFinite(r)) throw new RangeError(`The random source returned ${String(r)}, not a number in [0, 1)`);
  const face = Math.floor(r * faces) + 1;
  return Math.min(Math.max(face, 1), faces);
}

/**
 * A source that replays fixed die faces, for worked examples and tests.
 * Each call to `next(faces)` must be matched by a queued face; the RandomSource it exposes
 * turns a queued face back into the number in [0,1) that rollDie maps onto it.
 */
export class ScriptedDice {
  private readonly queue: number[];
  constructor(faces: readonly number[]) {
    this.queue = [...faces];
  }
  get remaining(): number {
    return this.queue.length;
  }
  /** A RandomSource for a die with the given number of faces. */
  source(faces: number): RandomSource {
    return () => {
      const next = this.queue.shift();
      if (next === undefined) throw new Error("ScriptedDice ran out of faces");
      if (!Number.isInteger(next) || next < 1 || next > faces) throw new RangeError(`Scripted face ${next} is not on a d${faces}`);
      return (next - 1 + 0.5) / faces;
    };
  }
}
