/** The D10/0 dice: a d10 read 0-9 and a d100 read 00-99 from a tens die and a ones die. */
import { type RandomSource, rollDie } from "../../../dice/random";

/** One d10 face, 0-9. */
export function rollD10(rng: RandomSource): number {
  return rollDie(10, rng) - 1;
}

export interface D100Roll {
  readonly tens: number;
  readonly ones: number;
  /** 10 × tens + ones, 0-99. */
  readonly value: number;
}

/** Two d10s: the first rolled is the tens die, the second the ones die. */
export function rollD100(rng: RandomSource): D100Roll {
  const tens = rollD10(rng);
  const ones = rollD10(rng);
  return { tens, ones, value: tens * 10 + ones };
}
