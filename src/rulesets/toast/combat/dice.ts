/**
 * The combat part's dice: every die is a Foundry roll fed to the rules core
 * (src/core/rolls/foundry-dice.ts). The core draws the d10+ as a d12 (11 = Flub, 12 = Auto, then
 * one more d12 for the degree) and damage dice as d4s.
 */
import { plainDie, rollWithFoundryDice, type DieFormula, type FoundryDiceResult } from "../../../core/rolls/foundry-dice";
import type { RandomSource } from "../../../dice/random";
import * as R from "../rules";

/** The letter of the d10+ die term, when the ruleset registers one (its faces read 1–10, Flub, Auto). */
export const D10PLUS_LETTER = "p";

/** Foundry's formula for one die the core asks for: the d10+ term for its d12s where registered, plain dice otherwise. */
export const toastDie: DieFormula = (faces) => {
  if (faces === R.D10PLUS_FACES && CONFIG.Dice.terms[D10PLUS_LETTER]) {
    return { formula: `1d${D10PLUS_LETTER}`, face: (roll) => firstResult(roll) };
  }
  return plainDie(faces);
};

/** The raw face of a one-die roll (the term's first active result, whatever its total shows). */
function firstResult(roll: Roll): number {
  for (const die of roll.dice) for (const r of die.results) if (r.active !== false) return r.result;
  return Number.NaN;
}

/** Run a core roll with Foundry's dice, replaying `prefix` faces first. */
export function withFoundryDice<T>(run: (rng: RandomSource) => T, prefix: readonly number[] = [], faces = R.D10PLUS_FACES): Promise<FoundryDiceResult<T>> {
  return rollWithFoundryDice(run, { prefix: prefix.map((face) => ({ face, faces })), die: toastDie });
}

/**
 * The d12 faces of a card's d10+ rolls (one Foundry roll per face, as withFoundryDice rolls them),
 * or null when a roll is not a single d12-sized die.
 */
export function d10PlusFacesOf(rolls: readonly Roll[]): number[] | null {
  const faces: number[] = [];
  for (const roll of rolls) {
    const f = firstResult(roll);
    const sides = roll.dice[0]?.faces;
    if (!Number.isSafeInteger(f) || f < 1 || f > R.D10PLUS_FACES || roll.dice.length !== 1 || (sides !== R.D10PLUS_FACES && sides !== undefined)) return null;
    faces.push(f);
  }
  return faces;
}

/** Roll `dice` damage dice as one Foundry roll (`Nd4`) and read them with the core; 0 dice roll nothing. */
export async function rollDamageDice(dice: number): Promise<{ damage: R.DamageRoll; roll: Roll | null }> {
  const n = R.checkDamageDice(dice);
  if (n === 0) return { damage: R.resolveDamage({ dice: 0 }, []), roll: null };
  const roll = new Roll(`${n}d${R.DAMAGE_DIE_FACES}`);
  await roll.evaluate();
  const faces = roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
  return { damage: R.resolveDamage({ dice: n }, faces), roll };
}
