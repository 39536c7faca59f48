/**
 * Every die a Foundry roll. The rules cores draw dice from a `RandomSource` and tell it the size
 * of each die (`rollDie(faces, rng)`). `rollWithFoundryDice` runs a core function with a source
 * that replays known faces (dice already shown on earlier cards) and, when the core asks for a die
 * it does not have yet, stops the run, rolls that die as a Foundry `Roll` (so Dice So Nice animates
 * it, message modes hide it and modules see it), and runs the core again from the start with one
 * more known face. The core stays the only place that classifies the dice; the adapter only
 * supplies faces. The number of dice is capped, so a stuck random source cannot loop forever.
 * With `batch`, a step's dice are one Foundry roll whatever the size of the pool (`likelyNeeded`).
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
 *
 * With `batch`, each step is one Foundry roll of every die the core is expected to ask for next
 * (`likelyNeeded`: a fixed number of probe runs of the core, whatever the size of the pool), so a
 * GM who enters dice by hand is prompted once per step, not once per die. The rolled dice are then
 * handed to the core in order and only as far as it asks for them, each only for a die of its own
 * size: a die the probes expected but the core does not ask for (its need turned on a face in a way
 * no probe showed) is dropped from the roll and counts for nothing, and the core goes on with fresh
 * dice. Which dice count depends only on the dice before them, so the results are distributed
 * exactly as rolling the dice one by one.
 */
export async function rollWithFoundryDice<T>(
  run: (rng: RandomSource) => T,
  { prefix = [], die = plainDie, flavor, batch = false }: { prefix?: readonly KnownFace[]; die?: DieFormula; flavor?: string; batch?: boolean } = {},
): Promise<FoundryDiceResult<T>> {
  const drawn: KnownFace[] = [];
  const rolls: Roll[] = [];
  /** Where the last roll's dice start in `drawn`, and how many it has. */
  let last: { start: number; count: number } | null = null;
  /** Keep the first `keep` dice of the last roll (drop the roll when none): the rest never counted. */
  const trimLast = (keep: number): void => {
    if (!last || keep >= last.count) return;
    drawn.length = last.start + keep;
    const roll = rolls.pop()!;
    if (keep > 0) rolls.push(keptDice(roll, keep, last.count, flavor));
    last = keep > 0 ? { start: last.start, count: keep } : null;
  };
  /** Only the last roll's dice may go unused: the core took every die of the rolls before it. */
  const keepOfLast = (used: number): number => {
    const keep = used - (last?.start ?? 0);
    if (last && keep < 0) throw new Error("Breadbox | the rules core asked for other dice given the same faces");
    return keep;
  };
  let made = 0;
  for (;;) {
    const queue = [...prefix, ...drawn];
    let taken = 0;
    const rng: RandomSource = (faces?: number) => {
      const next = queue.shift();
      if (!next) {
        if (faces === undefined || !Number.isSafeInteger(faces) || faces < 1) throw new Error("Breadbox | a rules core drew a number without naming its die");
        throw new NeedDie(faces);
      }
      taken += 1;
      // One of our own dice (not a known face): it serves only a die of its own size.
      if (taken > prefix.length && faces !== next.faces) throw new WrongDie(taken - 1 - prefix.length);
      return (next.face - 0.5) / next.faces;
    };
    let need: number;
    try {
      const value = run(rng);
      trimLast(keepOfLast(Math.max(0, taken - prefix.length)));
      return { value, rolls, faces: drawn };
    } catch (err) {
      if (err instanceof WrongDie) {
        trimLast(keepOfLast(err.index));
        continue;
      }
      if (!(err instanceof NeedDie)) throw err;
      need = err.faces;
    }
    // Every roll adds at least the die the core asked for, so neither bound is reached by a working core.
    if (drawn.length >= MAX_FOUNDRY_DICE || made >= MAX_FOUNDRY_DICE) throw new RangeError(`Breadbox | more than ${MAX_FOUNDRY_DICE} dice in one roll; stopped`);
    made += 1;
    // One Foundry roll for every die the core is expected to need next; one die without `batch`.
    const sizes = batch ? likelyNeeded(run, [...prefix, ...drawn], need, MAX_FOUNDRY_DICE - drawn.length) : [need];
    const specs = sizes.map((faces) => die(faces));
    const roll = new Roll(specs.map((spec) => spec.formula).join(" + "));
    if (flavor) Object.assign(roll.options, { flavor });
    await roll.evaluate();
    const terms = roll.dice;
    if (terms.length !== sizes.length) throw new Error(`Breadbox | ${roll.formula} gave ${terms.length} dice, not ${sizes.length}`);
    last = { start: drawn.length, count: sizes.length };
    sizes.forEach((faces, i) => {
      const spec = specs[i]!;
      // Each die read as the spec reads a roll of it alone.
      const face = sizes.length === 1 ? spec.face(roll) : spec.face(Roll.fromTerms([terms[i]!]) as Roll);
      if (!Number.isSafeInteger(face) || face < 1 || face > faces) throw new RangeError(`Breadbox | ${spec.formula} gave ${face}, not a face of a d${faces}`);
      drawn.push({ face, faces });
    });
    rolls.push(roll);
  }
}

/** The core asked, at our die `index`, for a die of another size (or for a number): that die and those after it do not count. */
class WrongDie extends Error {
  constructor(readonly index: number) {
    super("Breadbox | the rules core asked for another die");
  }
}

/**
 * A roll of `count` single-die formulas joined by "+" (die, operator, die, …), cut to its first
 * `keep` dice: a roll of the dice that counted. A roll of another shape is kept whole.
 * VERIFY: Foundry's `Roll.fromTerms` accepts evaluated terms taken from an evaluated roll.
 */
function keptDice(roll: Roll, keep: number, count: number, flavor: string | undefined): Roll {
  const terms = roll.terms;
  const dice = roll.dice;
  const shaped = terms.length === 2 * count - 1 && dice.length === count && dice.every((d, i) => terms[2 * i] === d);
  if (!shaped) return roll;
  const kept = Roll.fromTerms(terms.slice(0, 2 * keep - 1)) as Roll;
  if (flavor) Object.assign(kept.options, { flavor });
  return kept;
}

/** How many probe runs a batch makes: every die of a run shows one face level, lowest to highest. */
export const BATCH_PROBE_LEVELS = 11;

class Probe extends Error {
  constructor() {
    super("Breadbox | probe");
  }
}

/**
 * The sizes of the dice the core is expected to ask for next: the first (`first`, which it has
 * just asked for), then every further die that each of BATCH_PROBE_LEVELS probe runs asks for at
 * the same place with the same size. In run k every new die shows the face k tenths of the way
 * from its lowest to its highest (all 1s, …, all highest faces), so a pool of any size is one
 * batch, while a die that comes only after low faces, or only after high ones (a miss, an
 * explosion, a second die on a Flub), is left to the next batch. The work is bounded: at most
 * BATCH_PROBE_LEVELS runs of the core, each stopped after `limit` new dice. A guess, not a proof:
 * `rollWithFoundryDice` hands the dice to the core only as far as it really asks for them.
 */
export function likelyNeeded<T>(run: (rng: RandomSource) => T, known: readonly KnownFace[], first: number, limit: number = MAX_FOUNDRY_DICE): number[] {
  let common: number[] | null = null;
  for (let level = 0; level < BATCH_PROBE_LEVELS && (common === null || common.length > 1); level++) {
    const sizes: number[] = [];
    const queue = [...known];
    try {
      run((faces?: number) => {
        const k = queue.shift();
        if (k) return (k.face - 0.5) / k.faces;
        if (faces === undefined || !Number.isSafeInteger(faces) || faces < 1 || sizes.length >= limit) throw new Probe();
        sizes.push(faces);
        const face = 1 + Math.round(((faces - 1) * level) / (BATCH_PROBE_LEVELS - 1));
        return (face - 0.5) / faces;
      });
    } catch {
      // The core stopped (a probe's end, or an error on made-up faces): what it asked for so far counts.
    }
    const seen: number[] = sizes[0] === first ? sizes : [first];
    if (common === null) common = seen;
    else {
      let n = 0;
      while (n < common.length && n < seen.length && common[n] === seen[n]) n++;
      common = common.slice(0, Math.max(1, n));
    }
  }
  return (common ?? [first]).slice(0, Math.max(1, limit));
}
