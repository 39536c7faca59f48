/** Foundry's dice randomness as a RandomSource for the rules cores. */
import type { RandomSource } from "../dice/random";

export function foundryRandom(): RandomSource {
  return () => {
    const fn: unknown = CONFIG.Dice.randomUniform;
    return typeof fn === "function" ? fn() : Math.random();
  };
}

/**
 * A source that first replays known die faces (as rolled by Foundry and shown on an earlier
 * card) and then continues with live randomness. Each queued entry is {face, faces}: face in
 * 1..faces, turned back into the uniform number the rules core's rollDie maps onto it.
 */
export function replayThen(queue: { face: number; faces: number }[], live: RandomSource): RandomSource {
  const pending = [...queue];
  return () => {
    const next = pending.shift();
    if (!next) return live();
    return (next.face - 1 + 0.5) / next.faces;
  };
}
