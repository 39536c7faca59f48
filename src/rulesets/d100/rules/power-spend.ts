/**
 * Power points spent and recovered at the table (a power's cost, held points, recovery, the
 * example powers, the barrier shield and the spirit lance): runtime code, apart from rules/powers.ts,
 * which the data models use (docs/architecture.md "Load what the world needs").
 */
import { dictFrom } from "../../../dice/dict";
import { requireInt, requireObject } from "./validate";
import { MAX_POWER_AMOUNT, parsePowerCost, type PowerCostTerm, type PowerDefinition, type PowerFunction, type PowerStep } from "./powers";
import { BARRIER_SHIELD, drain, freePoints, gain, hold, need, type PowerPoints, validatePowerPoints } from "./power-points";

/** Release held points back to free (kept), or drain them (spent) when `spend` is true. */
export function releaseHeld(p: PowerPoints, n: number, spend = false): PowerPoints {
  validatePowerPoints(p);
  requireInt("Released points", n, 0, p.held);
  return { ...p, held: p.held - n, current: spend ? p.current - n : p.current };
}

export interface PowerCostOptions {
  /** Value of X (default 0). */
  readonly x?: number;
  /** For each choice term in order, the index of the option taken. */
  readonly choices?: readonly number[];
}

export interface PowerCostResult {
  /** False when a Need fails or a Drain/Hold lacks free points; the points are then unchanged. */
  readonly ok: boolean;
  /** The step that failed, as a stable key. */
  readonly failed: PowerFunction | null;
  readonly points: PowerPoints;
  /** The steps applied, with amounts resolved. */
  readonly applied: ReadonlyArray<{ readonly fn: PowerFunction; readonly amount: number; readonly result?: boolean }>;
}

/** Apply a cost left to right, all or nothing. */
export function applyPowerCost(p: PowerPoints, cost: readonly PowerCostTerm[] | string, options: PowerCostOptions = {}): PowerCostResult {
  validatePowerPoints(p);
  const terms = typeof cost === "string" ? parsePowerCost(cost) : cost;
  const x = requireInt("X", options.x ?? 0, 0, MAX_POWER_AMOUNT);
  let cur = p;
  let choice = 0;
  const applied: Array<{ fn: PowerFunction; amount: number; result?: boolean }> = [];
  for (const t of terms) {
    let step: PowerStep;
    if (t.kind === "step") step = t.step;
    else {
      const pick = options.choices?.[choice];
      if (pick === undefined) throw new RangeError(`Power cost needs a choice for option ${choice + 1} (${t.options.map((o) => o.fn).join(" or ")})`);
      requireInt("Power cost choice", pick, 0, t.options.length - 1);
      step = t.options[pick];
      choice++;
    }
    const amount = step.base + step.perX * x;
    const fail = (): PowerCostResult => ({ ok: false, failed: step.fn, points: p, applied });
    if (step.fn === "need") {
      const ok = need(cur, amount);
      applied.push({ fn: "need", amount, result: ok });
      if (!ok) return fail();
    } else if (step.fn === "gain") {
      cur = gain(cur, amount);
      applied.push({ fn: "gain", amount });
    } else {
      if (amount > freePoints(cur)) return fail();
      cur = step.fn === "drain" ? drain(cur, amount) : hold(cur, amount);
      applied.push({ fn: step.fn, amount });
    }
  }
  return { ok: true, failed: null, points: cur, applied };
}

export const EXAMPLE_POWERS: Readonly<Record<string, PowerDefinition>> = Object.freeze(dictFrom<PowerDefinition>(Object.entries({
  marksmanFocus: {
    key: "marksmanFocus",
    normal: { attributes: ["focus", "perception"], combine: "average" },
    recovery: { amount: 1, per: "hourRested" },
    actions: [
      { key: "snapShot", cost: "Drain 1", actionPoints: null },
      { key: "easyShot", cost: "Drain 1+X", actionPoints: null },
    ],
  },
  spiritShaman: {
    key: "spiritShaman",
    normal: { attributes: ["spirit"], combine: "sum" },
    recovery: { amount: 1, per: "roundConcentrating" },
    actions: [
      { key: "barrierShield", cost: "Need 3, Hold 3", actionPoints: 1 },
      { key: "spiritLance", cost: "Need 1, Hold X or Drain X", actionPoints: 2 },
    ],
  },
})));

/** "That's an easy shot!": 10 points of difficulty reduction, plus 10 per extra point (X). */
export function easyShotReduction(x: number): number {
  return 10 + 10 * requireInt("X", x, 0);
}

/**
 * Recovery over time ("gain one point an hour rested", "1 point for every round concentrating"):
 * the definition's amount per interval, for `intervals` intervals, never past Normal.
 */
export function recoverPowerPoints(p: PowerPoints, def: Pick<PowerDefinition, "recovery">, intervals: number): PowerPoints {
  requireInt("Recovery intervals", intervals, 0);
  return gain(p, requireInt("Recovery amount", def.recovery.amount, 0) * intervals);
}

/** Snap Shot: the next ranged attack's Action Quota cost is reduced by 1 (never below 0). */
export function snapShotCost(actionPoints: number): number {
  return Math.max(0, requireInt("Ranged attack cost", actionPoints, 0) - 1);
}

export interface ShieldHit {
  /** Capacity left after the hit (0 when the shield fails). */
  readonly remaining: number;
  /** Damage the shield took. */
  readonly absorbed: number;
  /** Damage beyond what was left of the shield; it does not reach the shaman (see docs). */
  readonly excess: number;
  readonly failed: boolean;
}

/** Damage from an attack that struck the shield: it blocks up to its remaining capacity, then fails. */
export function shieldAbsorb(input: { readonly remaining: number; readonly damage: number }): ShieldHit {
  requireObject("A hit on the shield", input);
  const remaining = requireInt("Shield capacity left", input.remaining, 1);
  const damage = requireInt("Damage", input.damage, 0);
  const absorbed = Math.min(remaining, damage);
  const left = remaining - absorbed;
  return { remaining: left, absorbed, excess: damage - absorbed, failed: left === 0 };
}

/**
 * When the shield fails, a Focus check decides the held points: kept (released back to the free
 * points) on a success, drained on a miss or a failure.
 */
export function settleShieldFailure(p: PowerPoints, focusCheck: { readonly outcome: "success" | "miss" | "failure" }, held: number = BARRIER_SHIELD.held): { readonly points: PowerPoints; readonly kept: boolean } {
  const kept = focusCheck.outcome === "success";
  return { points: releaseHeld(p, held, !kept), kept };
}

/** Spirit Lance: X invested power points do X dice of damage ("4D" for X = 4). */
export function spiritLanceDamage(x: number): string {
  return `${requireInt("X", x, 1)}D`;
}

/** Spirit Lance outcome for held points: a hit drains them, a miss releases them to the shaman. */
export function settleSpiritLance(p: PowerPoints, x: number, hit: boolean): PowerPoints {
  return releaseHeld(p, requireInt("X", x, 1), hit);
}
