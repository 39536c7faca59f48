/**
 * Seed 002, "Picking the Dice": the base die is a d8; a pool may instead use d10−1, d12−2,
 * d6+1 or d4+2, one type for the whole pool.
 */
import { rollDie, type RandomSource } from "../../../dice/random";
import { requireKey } from "./validate";

/** Stable keys of the five die types (localization keys). */
export const DIE_KEYS = ["d8", "d10Minus1", "d12Minus2", "d6Plus1", "d4Plus2"] as const;
export type DieKey = (typeof DIE_KEYS)[number];

/** A die type: a die with `faces` faces (1..faces) whose value is face + offset. */
export interface DieType {
  readonly key: DieKey;
  readonly faces: number;
  readonly offset: number;
  /** Lowest value the die shows (1 + offset). */
  readonly min: number;
  /** Highest value the die shows (faces + offset). */
  readonly max: number;
}

function dieType(key: DieKey, faces: number, offset: number): DieType {
  return { key, faces, offset, min: 1 + offset, max: faces + offset };
}

/** The die types as data. */
export const DIE_TYPES: Readonly<Record<DieKey, DieType>> = {
  d8: dieType("d8", 8, 0),
  d10Minus1: dieType("d10Minus1", 10, -1),
  d12Minus2: dieType("d12Minus2", 12, -2),
  d6Plus1: dieType("d6Plus1", 6, 1),
  d4Plus2: dieType("d4Plus2", 4, 2),
};

/** The die type for a key; throws on an unknown key. */
export function getDieType(key: string): DieType {
  return DIE_TYPES[requireKey("die", key, DIE_KEYS)];
}

/** Roll one die of the given type; returns { face (1..faces), value (face + offset) }. */
export function rollPoolDie(key: DieKey, rng: RandomSource): { face: number; value: number } {
  const t = getDieType(key);
  const face = rollDie(t.faces, rng);
  return { face, value: face + t.offset };
}
