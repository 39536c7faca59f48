/**
 * Dice part of the harness: installs foundry.dice, the Roll global and CONFIG.Dice, and offers
 * helpers to make CONFIG.Dice.randomUniform deterministic in tests.
 */
import { registerExtension } from "../registry";
import { seededRandom } from "../../../src/dice/random";
import { CONFIG } from "../state";
import { Roll } from "./roll";
import { Coin, DiceTerm, Die, FateDie, NumericTerm, OperatorTerm, ParentheticalTerm, RollTerm, StringTerm, drawContext } from "./terms";

export { Roll, safeEval } from "./roll";
export { Coin, DiceTerm, Die, FateDie, NumericTerm, OperatorTerm, ParentheticalTerm, RollTerm, StringTerm } from "./terms";
export type { DiceTermResult } from "./terms";

/** Foundry draws from a Mersenne Twister; the harness default is Math.random. */
const defaultUniform = (): number => Math.random();

export const terms = { RollTerm, DiceTerm, Die, Coin, FateDie, NumericTerm, OperatorTerm, ParentheticalTerm, StringTerm };

/**
 * Core's dice fulfillment registry (v12+): the standard polyhedra it lists in "Configure Dice" and
 * its manual-entry method. Other dice (a system's own) are listed only if the system adds them
 * (foundryvtt/foundryvtt#13312). A term is looked up by its `denomination` (VERIFY 51).
 */
function coreFulfillment() {
  const dice: Record<string, { label: string; icon: string }> = {};
  for (const faces of [4, 6, 8, 10, 12, 20, 100]) dice[`d${faces}`] = { label: `d${faces}`, icon: `<i class="fa-solid fa-dice-d${faces}"></i>` };
  return { dice, methods: { manual: { label: "DICE.CONFIG.Manual", interactive: true } }, defaultMethod: "" };
}

function diceConfig() {
  return {
    rolls: [Roll],
    // Foundry's own letters: c (coin), d (die), f (Fate die).
    terms: { c: Coin, d: Die, f: FateDie },
    termTypes: { DiceTerm, Die, Coin, FateDie, NumericTerm, OperatorTerm, ParentheticalTerm, StringTerm, RollTerm },
    randomUniform: defaultUniform,
    fulfillment: coreFulfillment(),
  };
}

registerExtension({
  name: "dice",
  install({ foundry, CONFIG: C, globals }) {
    foundry.dice = { Roll, terms, RollParser: undefined };
    C.Dice = diceConfig();
    globals.Roll = Roll;
  },
  reset({ CONFIG: C }) {
    if (C.Dice) C.Dice.randomUniform = defaultUniform;
  },
});

/** Set CONFIG.Dice.randomUniform. */
export function setRandomUniform(fn: () => number): void {
  CONFIG.Dice.randomUniform = fn;
}

/** A seeded source (src/dice/random.ts mulberry32) as CONFIG.Dice.randomUniform. */
export function seedDice(seed: number): void {
  CONFIG.Dice.randomUniform = seededRandom(seed);
}

/** Replay raw uniform values, then throw when exhausted. */
export function scriptUniform(values: number[]): void {
  const queue = [...values];
  CONFIG.Dice.randomUniform = () => {
    const v = queue.shift();
    if (v === undefined) throw new Error("Scripted randomUniform ran out of values");
    return v;
  };
}

/**
 * Replay die faces: each draw returns the uniform value that the default DiceTerm#mapRandomFace
 * maps to the queued face on the die being rolled (so custom dice that override mapRandomFace see
 * the same uniform value a d<faces> showing that face would). Returns the remaining-count getter.
 */
export function scriptDiceFaces(faces: number[]): { remaining: () => number } {
  const queue = [...faces];
  CONFIG.Dice.randomUniform = () => {
    const face = queue.shift();
    if (face === undefined) throw new Error("Scripted dice ran out of faces");
    const n = drawContext.faces;
    if (!n) throw new Error("scriptDiceFaces: draw outside of DiceTerm#randomFace");
    if (!Number.isInteger(face) || face < 1 || face > n) throw new RangeError(`Scripted face ${face} is not on a d${n}`);
    return 1 - (face - 0.5) / n;
  };
  return { remaining: () => queue.length };
}
