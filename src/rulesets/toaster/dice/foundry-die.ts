/** Toaster's dice for the rules core (src/core/rolls/foundry-dice.ts). */
import type { DieFormula } from "../../../core/rolls/foundry-dice";
import { D10StarDie } from "./d10star";

/** A d10 is rolled as a d10* (faces 0–9 read as 1–10); other sizes as plain dice. */
export const toasterDie: DieFormula = (faces) =>
  faces === 10
    ? { formula: `1d${D10StarDie.DENOMINATION}`, face: (roll) => ((roll.dice[0] as D10StarDie | undefined)?.starFaces[0] ?? Number(roll.total)) + 1 }
    : { formula: `1d${faces}`, face: (roll) => Number(roll.total) };
