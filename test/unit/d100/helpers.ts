import { ScriptedDice, type RandomSource } from "../../../src/dice/random";

/** A source replaying d10 faces given as 0-9 (as read in the D10/0 System). */
export function d10Faces(values: readonly number[]): RandomSource {
  return new ScriptedDice(values.map((v) => v + 1)).source(10);
}
