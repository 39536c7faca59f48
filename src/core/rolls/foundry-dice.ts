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
  { prefix = [], die = plainDie, flavor, batch = false }: { prefix?: readonly KnownFace[]; die?: DieFormula; flavor?: string; batch?: boolean } = {},
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
      if (!batch) {
        const spec = die(err.faces);
        const roll = new Roll(spec.formula);
        if (flavor) Object.assign(roll.options, { flavor });
        await roll.evaluate();
        const face = spec.face(roll);
        if (!Number.isSafeInteger(face) || face < 1 || face > err.faces) throw new RangeError(`Breadbox | ${spec.formula} gave ${face}, not a face of a d${err.faces}`);
        drawn.push({ face, faces: err.faces });
        rolls.push(roll);
        continue;
      }
      // One Foundry roll for every die the core is sure to need next (a GM entering dice by hand
      // is prompted once per roll, not once per die).
      const sizes = surelyNeeded(run, [...prefix, ...drawn], err.faces, MAX_FOUNDRY_DICE - rolls.length);
      const specs = sizes.map((faces) => die(faces));
      const roll = new Roll(specs.map((spec) => spec.formula).join(" + "));
      if (flavor) Object.assign(roll.options, { flavor });
      await roll.evaluate();
      const terms = roll.dice;
      if (terms.length !== sizes.length) throw new Error(`Breadbox | ${roll.formula} gave ${terms.length} dice, not ${sizes.length}`);
      sizes.forEach((faces, i) => {
        const spec = specs[i]!;
        // Each die read as the spec reads a roll of it alone.
        const face = spec.face(Roll.fromTerms([terms[i]!]) as Roll);
        if (!Number.isSafeInteger(face) || face < 1 || face > faces) throw new RangeError(`Breadbox | ${spec.formula} gave ${face}, not a face of a d${faces}`);
        drawn.push({ face, faces });
      });
      rolls.push(roll);
    }
  }
}

/** Core runs one batch may spend finding out which dice are needed whatever the faces. */
export const MAX_BATCH_PROBES = 2000;

class Probe extends Error {
  constructor(readonly faces: number | null) {
    super("Breadbox | probe");
  }
}

/**
 * The sizes of the dice the core needs next, whatever faces they show: the first (`first`, which
 * it has just asked for), then each further die it asks for after every possible combination of
 * faces of the ones before (tried exhaustively, within MAX_BATCH_PROBES runs of the core). A die
 * whose need or size depends on an earlier face is left to the next batch, so a batch never rolls
 * a die the core would not have asked for: the results are those of rolling them one by one.
 */
export function surelyNeeded<T>(run: (rng: RandomSource) => T, known: readonly KnownFace[], first: number, limit: number = MAX_FOUNDRY_DICE): number[] {
  const sizes = [first];
  let probes = 0;
  for (;;) {
    if (sizes.length >= limit) return sizes;
    const combinations = sizes.reduce((n, faces) => n * faces, 1);
    if (probes + combinations > MAX_BATCH_PROBES) return sizes;
    let next: number | null | undefined;
    for (let c = 0; c < combinations; c++) {
      probes += 1;
      // Combination c: the faces of the dice in `sizes`, in mixed radix.
      let rest = c;
      const assumed: KnownFace[] = sizes.map((faces) => {
        const face = (rest % faces) + 1;
        rest = Math.floor(rest / faces);
        return { face, faces };
      });
      const queue = [...known, ...assumed];
      let asked: number | null = null;
      try {
        run((faces?: number) => {
          const k = queue.shift();
          if (k) return (k.face - 0.5) / k.faces;
          throw new Probe(faces !== undefined && Number.isSafeInteger(faces) && faces >= 1 ? faces : null);
        });
      } catch (err) {
        asked = err instanceof Probe ? err.faces : null;
      }
      if (asked === null || (next !== undefined && asked !== next)) return sizes;
      next = asked;
    }
    if (next === undefined || next === null) return sizes;
    sizes.push(next);
  }
}
