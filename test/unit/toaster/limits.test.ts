/**
 * Caps (docs/rules/toaster.md "Limits"): every open end and every count has a cap, the same check
 * runs in the roll, the resolve and the odds, and numbers past 2^53 are refused. A stuck random
 * source (a module pinning the random function) stops at the cap instead of freezing the client.
 */
import { describe, expect, it } from "vitest";
import type { AttackInput, CheckInput } from "../../../src/rulesets/toaster/rules";
import {
  MAX_COLLABORATORS,
  NINES_CAP,
  attackOdds,
  checkOdds,
  collaborationOdds,
  mortalityOdds,
  resolveAttack,
  resolveCheck,
  resolveCollaboration,
  rollAttack,
  rollCheck,
  rollCollaboration,
  rollD10Star,
  rollInitiative,
  rollMortality,
} from "../../../src/rulesets/toaster/rules";

const STUCK_HIGH = (): number => 0.9999999; // every d10* reads 9
const STUCK_LOW = (): number => 0; // every d10* reads 0
const UNLIMITED = { rollingNines: true, ninesLimit: null } as const;

/** Run f and require it to finish within ms. */
function quick<T>(f: () => T, ms = 250): T {
  const t = performance.now();
  const out = f();
  expect(performance.now() - t).toBeLessThan(ms);
  return out;
}

describe("toaster caps: open ends stop at their cap", () => {
  it("unlimited nines stop after NINES_CAP (100) extra dice with a stuck random source", () => {
    expect(NINES_CAP).toBe(100);
    const r = quick(() => rollD10Star(STUCK_HIGH, { rollingNines: true, ninesLimit: null }));
    expect(r.faces).toHaveLength(101);
    expect(r.total).toBe(909);
    const c = quick(() => rollCheck({ rank: 5, modifier: 0, ...UNLIMITED, rollingZeros: true }, STUCK_HIGH));
    expect(c.faces.die).toHaveLength(101);
    expect(c.total).toBe(914);
    // The same faces resolve to the same result; one more nine is refused.
    expect(resolveCheck({ rank: 5, modifier: 0, ...UNLIMITED, rollingZeros: true }, c.faces)).toEqual(c);
    expect(() => resolveCheck({ rank: 5, modifier: 0, ...UNLIMITED }, { die: [...c.faces.die, 9], fumble: [] })).toThrow(/Too many faces/);
  });
  it("a stuck-low source rolls one 0 and one fumble check, and stops", () => {
    const c = quick(() => rollCheck({ rank: 5, modifier: 0, ...UNLIMITED, rollingZeros: true }, STUCK_LOW));
    expect(c.faces).toEqual({ die: [0], fumble: [0] });
    expect(c.band).toBe("fumble");
  });
  it("a whole attack with every die open and every option on finishes with either stuck source", () => {
    const input: AttackInput = {
      mode: "melee",
      attack: { rank: 7, modifier: 0, ...UNLIMITED, rollingZeros: true },
      defenceRank: 5,
      defence: { rank: 6, modifier: 0, ...UNLIMITED, rollingZeros: true },
      wc: 6,
      ac: 3,
      defenderPhysique: 4,
      damageDice: UNLIMITED,
      protectionDice: UNLIMITED,
      options: { sameDie: false, criticalTable: true, addMargin: true, rollTwice: true },
    };
    for (const rng of [STUCK_HIGH, STUCK_LOW]) {
      const o = quick(() => rollAttack(input, rng));
      expect(resolveAttack(input, o.faces)).toEqual(o);
      expect(Number.isFinite(o.damage)).toBe(true);
    }
  });
  it("a collaboration of 100 characters with unlimited nines finishes with a stuck source", () => {
    const input = { ranks: Array.from({ length: MAX_COLLABORATORS }, () => 5), mode: "best" as const, dice: { rollingNines: true, ninesLimit: null } };
    const r = quick(() => rollCollaboration(input, STUCK_HIGH), 1000);
    expect(r.keptDie).toBe(909);
    expect(resolveCollaboration(input, r.faces)).toEqual(r);
  });
  it("initiative and the mortality check with a stuck source", () => {
    expect(rollInitiative({ coordination: 5 }, STUCK_HIGH)).toEqual({ die: 10, total: 15 });
    expect(quick(() => rollMortality({ physique: 4, wounds: 6, ...UNLIMITED }, STUCK_HIGH)).result.faces.die).toHaveLength(101);
  });
  it("a random source returning NaN, 1.5 or a string is refused, not turned into a face", () => {
    for (const bad of [Number.NaN, 1.5, -0.1, "0.5"]) {
      const rng = (() => bad) as () => number;
      expect(() => rollCheck({ rank: 5, modifier: 0 }, rng)).toThrow(/random source returned/);
      expect(() => rollInitiative({ coordination: 5 }, rng)).toThrow(/random source returned/);
    }
  });
});

describe("toaster caps: the same check in roll, resolve and odds", () => {
  const faces = { die: [3], fumble: [] };
  const three = (input: CheckInput): (() => unknown)[] => [() => rollCheck(input, STUCK_LOW), () => resolveCheck(input, faces), () => checkOdds(input)];
  it("a nines limit above the cap is refused everywhere", () => {
    for (const f of three({ rank: 5, modifier: 0, rollingNines: true, ninesLimit: 101 })) expect(f).toThrow(/between 0 and 100/);
    expect(() => attackOdds({ mode: "ranged", attack: { rank: 5, modifier: 0 }, defenceRank: 0, defence: null, wc: 1, ac: 1, damageDice: { rollingNines: true, ninesLimit: 101 } })).toThrow(/between 0 and 100/);
    expect(() => mortalityOdds({ physique: 5, wounds: 6, rollingNines: true, ninesLimit: 1000 })).toThrow(/between 0 and 100/);
  });
  it("numbers past 2^53 are refused everywhere", () => {
    for (const input of [{ rank: 2 ** 53, modifier: 0 }, { rank: 5, modifier: -(2 ** 53) }, { rank: 5, modifier: 0, target: 2 ** 60 }, { rank: 5, modifier: 0, luckBefore: 2 ** 53 }]) {
      for (const f of three(input)) expect(f).toThrow(RangeError);
    }
    // Two safe numbers whose sum is not safe: refused, not rounded.
    for (const f of three({ rank: Number.MAX_SAFE_INTEGER, modifier: Number.MAX_SAFE_INTEGER })) expect(f).toThrow(/Rank \+ modifier \+ luck/);
  });
  it("more than MAX_COLLABORATORS characters are refused everywhere", () => {
    const input = { ranks: Array.from({ length: MAX_COLLABORATORS + 1 }, () => 3), mode: "best" as const };
    expect(() => rollCollaboration(input, STUCK_LOW)).toThrow(/between 1 and 100/);
    expect(() => resolveCollaboration(input, { rolls: input.ranks.map(() => [3]) })).toThrow(/between 1 and 100/);
    expect(() => collaborationOdds(input)).toThrow(/between 1 and 100/);
  });
  it("odds with 100 open-ended collaborators enumerate deeper and stay within the error bound", () => {
    const odds = collaborationOdds({ ranks: Array.from({ length: 100 }, () => 2), mode: "best", dice: { rollingNines: true, ninesLimit: null } });
    expect(odds.error).toBeGreaterThan(0);
    expect(odds.error).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(1 - odds.outcomes.reduce((s, o) => s + o.p, 0))).toBeLessThanOrEqual(odds.error + 1e-12);
  });
});
