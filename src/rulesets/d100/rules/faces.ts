/**
 * Where the dice of a roll come from. `roll…` functions draw d10 faces from a RandomSource;
 * `resolve…` functions read the faces a roll already showed (Foundry's dice) in the same order,
 * refusing a face that is not 0-9, too few faces, or faces left over. Both run the same code, so
 * resolve(input, roll(input, rng).faces) equals the roll.
 */
import type { RandomSource } from "../../../dice/random";
import { rollD10 } from "./dice";

/** Draw the next d10 face (0-9). */
export type D10Draw = () => number;

export function rngDraw(rng: RandomSource): D10Draw {
  if (typeof rng !== "function") throw new TypeError("A roll needs a random source (a function returning a number in [0, 1))");
  return () => {
    const f = rollD10(rng);
    // A broken source (NaN, a string) must not turn into NaN efforts or damage.
    if (!(f >= 0 && f <= 9)) throw new RangeError(`The random source gave ${String(rng())}, not a number in [0, 1)`);
    return f;
  };
}

/** Read d10 faces in order, checking each; `finish` refuses faces left over. */
export class FaceReader {
  private index = 0;
  constructor(
    private readonly faces: readonly number[],
    private readonly what: string,
  ) {
    if (!Array.isArray(faces)) throw new TypeError(`${what}: the faces must be a list of d10 faces (0-9)`);
  }
  readonly draw: D10Draw = () => {
    if (this.index >= this.faces.length) throw new RangeError(`${this.what}: the roll needs more dice than the ${this.faces.length} faces given`);
    const f: unknown = this.faces[this.index];
    if (typeof f !== "number" || !Number.isInteger(f) || f < 0 || f > 9) throw new RangeError(`${this.what}: face ${this.index + 1} must be a d10 face 0-9, not ${String(f)}`);
    this.index++;
    return f;
  };
  finish(): void {
    if (this.index !== this.faces.length) throw new RangeError(`${this.what}: ${this.faces.length - this.index} face(s) left over; the roll used ${this.index} of ${this.faces.length}`);
  }
}

/** Run a roll on given faces, requiring every face to be used. */
export function withFaces<T>(faces: readonly number[], what: string, run: (draw: D10Draw) => T): T {
  const reader = new FaceReader(faces, what);
  const out = run(reader.draw);
  reader.finish();
  return out;
}

/**
 * A roll kind's two verbs from its one run over a source of faces: `roll` draws from a
 * RandomSource, `resolve` reads the faces already rolled. The input is checked before the source.
 */
export function drawVerbs<I, C, R>(
  what: string,
  normalise: (input: I) => C,
  run: (c: C, draw: D10Draw) => R,
): { readonly roll: (input: I, rng: RandomSource) => R; readonly resolve: (input: I, faces: readonly number[]) => R } {
  return {
    roll: (input, rng) => run(normalise(input), rngDraw(rng)),
    resolve: (input, faces) => {
      const c = normalise(input);
      return withFaces(faces, what, (draw) => run(c, draw));
    },
  };
}
