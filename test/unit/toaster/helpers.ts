import type { RandomSource } from "../../../src/dice/random";

/** One scripted die: a d10* value 0..9, a plain d10 value 1..10, or a d6 value 1..6. */
export type Face = { d10s: number } | { d10: number } | { d6: number };

export const s = (v: number): Face => ({ d10s: v });
export const t = (v: number): Face => ({ d10: v });
export const six = (v: number): Face => ({ d6: v });

/**
 * A RandomSource replaying mixed dice in order (through rollDie's mapping). `left()` tells how many
 * are unused, so a test can prove the code rolled exactly the dice it should.
 */
export function script(...faces: Face[]): RandomSource & { left: () => number } {
  const queue = [...faces];
  const fn = (() => {
    const f = queue.shift();
    if (!f) throw new Error("script ran out of dice");
    if ("d10s" in f) return (f.d10s + 0.5) / 10;
    if ("d10" in f) return (f.d10 - 0.5) / 10;
    return (f.d6 - 0.5) / 6;
  }) as RandomSource & { left: () => number };
  fn.left = () => queue.length;
  return fn;
}
