/**
 * Power points in play (seed: "Powers", "Example: Spirit Shaman"): Need, Gain, Drain and Hold on a
 * power's points, and the Barrier Shield's numbers. Only play reads them, so they live apart from
 * powers.ts (cost notation and Normal, which the data models read at init): runtime code imports
 * them through rules/index.ts, never through init-rules.ts (docs/architecture.md "Load what the
 * world needs").
 */
import { requireInt } from "./validate";

export interface PowerPoints {
  readonly normal: number;
  readonly current: number;
  /** Points held: they count in Current but Drain cannot touch them until released. */
  readonly held: number;
}

export function validatePowerPoints(p: PowerPoints): PowerPoints {
  requireInt("Normal power points", p.normal, 0);
  requireInt("Current power points", p.current, 0);
  requireInt("Held power points", p.held, 0, p.current);
  return p;
}

/** Points free for Need, Drain and Hold: Current minus held. */
export function freePoints(p: PowerPoints): number {
  validatePowerPoints(p);
  return p.current - p.held;
}

/** Need: are there at least n free points? */
export function need(p: PowerPoints, n: number): boolean {
  requireInt("Need", n, 0);
  return freePoints(p) >= n;
}

/** Gain: add n to Current, by default never past Normal. */
export function gain(p: PowerPoints, n: number, capAtNormal = true): PowerPoints {
  requireInt("Gain", n, 0);
  validatePowerPoints(p);
  const current = capAtNormal ? Math.max(p.current, Math.min(p.normal, p.current + n)) : p.current + n;
  return { ...p, current };
}

/** Drain: subtract n free points from Current; throws if fewer are free. */
export function drain(p: PowerPoints, n: number): PowerPoints {
  requireInt("Drain", n, 0);
  if (n > freePoints(p)) throw new RangeError(`Cannot drain ${n}: only ${freePoints(p)} power points are free`);
  return { ...p, current: p.current - n };
}

/** Hold: reserve n free points so Drain cannot use them. */
export function hold(p: PowerPoints, n: number): PowerPoints {
  requireInt("Hold", n, 0);
  if (n > freePoints(p)) throw new RangeError(`Cannot hold ${n}: only ${freePoints(p)} power points are free`);
  return { ...p, held: p.held + n };
}

// ---------------------------------------------------------------------------------------------
// Spirit Shaman: Barrier Shield and Spirit Lance

/** The Barrier Shield's numbers: a defensive difficulty of 25 that stops up to 25 damage. */
export const BARRIER_SHIELD = { difficulty: 25, capacity: 25, held: 3, actionPoints: 1 } as const;

export const SHIELDED_ATTACK_RESULTS = ["through", "shield", "missed"] as const;
/**
 * through: the attack beats the target's difficulty plus the shield's and reaches the shaman;
 * shield: it would have hit, but the shield's difficulty stops it, so it strikes the shield;
 * missed: it fails (or misses) even without the shield.
 */
export type ShieldedAttackResult = (typeof SHIELDED_ATTACK_RESULTS)[number];
