/**
 * Every die a Foundry roll. The rules cores draw dice from a `RandomSource` and tell it the size
 * of each die (`rollDie(faces, rng)`). `rollWithFoundryDice` runs a core function with a source
 * that replays known faces (dice already shown on earlier cards) and, when the core asks for a die
 * it does not have yet, stops the run, rolls that die as a Foundry `Roll` (so Dice So Nice animates
 * it, message modes hide it and modules see it), and runs the core again from the start with one
 * more known face. The core stays the only place that classifies the dice; the adapter only
 * supplies faces. The number of dice is capped, so a stuck random source cannot loop forever.
 */
import type { RandomSource } from "../../dice/random";

/** How to roll one die of a given size with Foundry, and read its face (1..faces) back. */
export interface DieSpec {
  formula: string;
  face(roll: Roll): number;
}

export type DieFormula = (faces: number) => DieSpec;

/** Plain Foundry dice: a d`faces`. */
export const plainDie: DieFormula = (faces) => ({ formula: `1d${faces}`, face: (roll) => Number(roll.total) });

/** Most dice one run may add (far above any rule's need; a stuck source stops here). */
export const MAX_FOUNDRY_DICE = 200;

class NeedDie extends Error {
  constructor(readonly faces: number) {
    super(`Breadbox | the rules core needs a d${faces}`);
  }
}

export interface KnownFace {
  face: number;
  faces: number;
}

export interface FoundryDiceResult<T> {
  value: T;
  /** The dice rolled for this run, in the order the core used them (evaluated Foundry rolls). */
  rolls: Roll[];
  /** Their faces, as the core read them. */
  faces: KnownFace[];
}

/**
 * Run `run` with known faces first (`prefix`), rolling every further die with Foundry.
 * Errors of the core (bad input) are thrown as they are.
 */
export async function rollWithFoundryDice<T>(
  run: (rng: RandomSource) => T,
  { prefix = [], die = plainDie, flavor }: { prefix?: readonly KnownFace[]; die?: DieFormula; flavor?: string } = {},
): Promise<FoundryDiceResult<T>> {
  const drawn: KnownFace[] = [];
  const rolls: Roll[] = [];
  for (;;) {
    const queue = [...prefix, ...drawn];
    const rng: RandomSource = (faces?: number) => {
      const next = queue.shift();
      if (!next) {
        if (faces === undefined || !Number.isSafeInteger(faces) || faces < 1) throw new Error("Breadbox | a rules core drew a number without naming its die");
        throw new NeedDie(faces);
      }
      return (next.face - 0.5) / next.faces;
    };
    try {
      return { value: run(rng), rolls, faces: drawn };
    } catch (err) {
      if (!(err instanceof NeedDie)) throw err;
      if (rolls.length >= MAX_FOUNDRY_DICE) throw new RangeError(`Breadbox | more than ${MAX_FOUNDRY_DICE} dice in one roll; stopped`);
      const spec = die(err.faces);
      const roll = new Roll(spec.formula);
      if (flavor) Object.assign(roll.options, { flavor });
      await roll.evaluate();
      const face = spec.face(roll);
      if (!Number.isSafeInteger(face) || face < 1 || face > err.faces) throw new RangeError(`Breadbox | ${spec.formula} gave ${face}, not a face of a d${err.faces}`);
      drawn.push({ face, faces: err.faces });
      rolls.push(roll);
    }
  }
}
