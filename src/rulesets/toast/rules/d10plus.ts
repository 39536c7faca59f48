/**
 * The d10+ (seed: "d10+"): a twelve-sided die read as 1–10, 11 = Flub (automatic failure),
 * 12 = Auto (automatic success). After a Flub or an Auto the die is rolled again for the degree,
 * and on that second roll 11 and 12 are plain numbers (degree 1–12, higher = greater degree).
 *
 * Faces are the contract's currency: `resolveD10Plus(faces)` reads the faces of both rolls
 * (`[7]`, or `[12, 9]` for an Auto of degree 9), `rollD10Plus(rng)` draws them and resolves.
 */
import { rollDie, type RandomSource } from "../../../dice/random";
import type { D10PlusKind } from "./keys";
import { requireArray, requireIntegerIn } from "./validate";

export const D10PLUS_FACES = 12;
export const FLUB_FACE = 11;
export const AUTO_FACE = 12;
/** Highest plain number a d10+ shows. */
export const D10PLUS_MAX_NUMBER = 10;

/** One d10+ roll with every die face it took. */
export interface D10PlusRoll {
  /** Every d12 face rolled, in order: one face, or two after a Flub/Auto. */
  readonly faces: readonly number[];
  readonly kind: D10PlusKind;
  /** The plain number 1–10 when kind is "number", otherwise null. */
  readonly number: number | null;
  /** The degree 1–12 of an Auto or Flub (the second face), otherwise null. */
  readonly degree: number | null;
}

/**
 * Read a d10+ from faces already rolled (Foundry's dice): exactly one face 1–10, or a face 11/12
 * followed by one degree face 1–12.
 */
export function resolveD10Plus(faces: readonly number[]): D10PlusRoll {
  requireArray(faces, "d10+ faces");
  if (faces.length === 0) throw new RangeError("A d10+ needs at least one face");
  const first = requireIntegerIn(faces[0], 1, D10PLUS_FACES, "d10+ face");
  if (first <= D10PLUS_MAX_NUMBER) {
    if (faces.length !== 1) throw new RangeError(`A d10+ showing ${first} takes no degree roll, but ${faces.length} faces were given`);
    return { faces: [first], kind: "number", number: first, degree: null };
  }
  if (faces.length !== 2) throw new RangeError(`A d10+ showing ${first} needs exactly one degree face, but ${faces.length - 1} were given`);
  const degree = requireIntegerIn(faces[1], 1, D10PLUS_FACES, "d10+ degree face");
  return { faces: [first, degree], kind: first === AUTO_FACE ? "auto" : "flub", number: null, degree };
}

/**
 * Check that a d10+ roll object is what its faces say (a roll built by hand or read back from
 * stored data could disagree with its own dice). Returns the roll; throws a RangeError naming the
 * mismatch otherwise.
 */
export function validateD10PlusRoll(roll: D10PlusRoll): D10PlusRoll {
  if (roll === null || typeof roll !== "object" || !Array.isArray(roll.faces)) throw new RangeError("A d10+ roll needs its faces");
  const expected = resolveD10Plus(roll.faces);
  if (roll.kind !== expected.kind || roll.number !== expected.number || roll.degree !== expected.degree) {
    throw new RangeError(
      `A d10+ roll with faces [${roll.faces.join(", ")}] is a ${expected.kind} (number ${String(expected.number)}, degree ${String(expected.degree)}), not a ${String(roll.kind)} (number ${String(roll.number)}, degree ${String(roll.degree)})`,
    );
  }
  return roll;
}

/** The faces of one d10+: one d12, and a second for the degree after a Flub or Auto. Never more. */
export function drawD10PlusFaces(rng: RandomSource): readonly number[] {
  const first = rollDie(D10PLUS_FACES, rng);
  return first > D10PLUS_MAX_NUMBER ? [first, rollDie(D10PLUS_FACES, rng)] : [first];
}

/** Roll a d10+ (one d12, and a second for the degree after a Flub or Auto). */
export function rollD10Plus(rng: RandomSource): D10PlusRoll {
  return resolveD10Plus(drawD10PlusFaces(rng));
}

/** A possible d10+ roll with its exact probability. */
export interface WeightedD10Plus {
  readonly roll: D10PlusRoll;
  readonly p: number;
}

const ALL_ROLLS: readonly WeightedD10Plus[] = (() => {
  const out: WeightedD10Plus[] = [];
  for (let f = 1; f <= D10PLUS_MAX_NUMBER; f++) out.push({ roll: resolveD10Plus([f]), p: 1 / D10PLUS_FACES });
  for (const special of [FLUB_FACE, AUTO_FACE]) {
    for (let d = 1; d <= D10PLUS_FACES; d++) out.push({ roll: resolveD10Plus([special, d]), p: 1 / (D10PLUS_FACES * D10PLUS_FACES) });
  }
  return out;
})();

/** Every distinct d10+ roll (10 numbers, 12 Flub degrees, 12 Auto degrees) with its probability. */
export function d10PlusOutcomes(): readonly WeightedD10Plus[] {
  return ALL_ROLLS;
}

/** Chance of an Auto (or of a Flub) on one d10+. */
export const D10PLUS_SPECIAL_CHANCE = 1 / D10PLUS_FACES;
