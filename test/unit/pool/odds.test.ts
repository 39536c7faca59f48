import { describe, expect, it } from "vitest";
import { enumerateRolls, mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import {
  DIE_TYPES,
  bandDist,
  bandKey,
  checkOdds,
  degreeChance,
  keptSumDist,
  makePool,
  meetsDegree,
  rollCheck,
  type CheckInput,
  type DieKey,
  type PoolSpec,
} from "../../../src/rulesets/pool/rules";

/** Brute force over every ordered roll. */
function bruteTotals(pool: PoolSpec): Map<number, number> {
  const t = DIE_TYPES[pool.die];
  const faces = Array.from({ length: t.faces }, (_, i) => i + 1 + t.offset);
  const n = pool.addDice + pool.bonusDice + pool.penaltyDice;
  const out = new Map<number, number>();
  enumerateRolls(faces, n, (dice, p) => {
    const sorted = [...dice].sort((a, b) => (pool.penaltyDice > 0 ? a - b : b - a));
    const total = sorted.slice(0, pool.addDice).reduce((s, v) => s + v, 0);
    out.set(total, (out.get(total) ?? 0) + p);
  });
  return out;
}

describe("seed 002 · exact odds of a pool", () => {
  const small: [number, number, number, DieKey][] = [
    [1, 0, 0, "d8"],
    [2, 2, 0, "d8"],
    [3, 0, 2, "d8"],
    [2, 3, 0, "d10Minus1"],
    [1, 0, 3, "d12Minus2"],
    [3, 1, 0, "d6Plus1"],
    [2, 0, 2, "d4Plus2"],
  ];
  it.each(small)("matches brute-force enumeration: %i Add, %i Bonus, %i Penalty, %s", (a, b, p, die) => {
    const pool = makePool(a, b, p, die);
    const exact = checkOdds({ pool, difficulty: 10 }).totals;
    const brute = bruteTotals(pool);
    expect(exact.length).toBe(brute.size);
    for (const { total, probability } of exact) expect(probability).toBeCloseTo(brute.get(total) ?? -1, 12);
  });
  it("1d8 is uniform; keeping the 2 highest of 3d8 gives 2 with 1/512 and 16 with 22/512", () => {
    const one = keptSumDist(1, 8, 1, 1, true);
    for (let v = 1; v <= 8; v++) expect(one.get(v)).toBeCloseTo(1 / 8, 14);
    // total 2 with 3d8 keep 2 highest: the two highest are both 1 → all three are 1.
    expect(keptSumDist(1, 8, 3, 2, true).get(2)).toBeCloseTo(1 / 512, 14);
    // total 16: at least two 8s: 3·7 + 1 = 22 of 512.
    expect(keptSumDist(1, 8, 3, 2, true).get(16)).toBeCloseTo(22 / 512, 14);
  });
  it("odds have mass 1 and outcomes sum to 1, even for a large pool", () => {
    const o = checkOdds({ pool: makePool(12, 10, 0), difficulty: 60 });
    expect(o.success + o.failure + o.botch).toBeCloseTo(1, 12);
    expect(mass(bandDist({ pool: makePool(12, 10, 0), difficulty: 60 }))).toBeCloseTo(1, 12);
    expect(o.bands.reduce((s, b) => s + b.probability, 0)).toBeCloseTo(1, 12);
  });
  it("botch chance of one d8 is 1/8; no botch with d6+1", () => {
    expect(checkOdds({ pool: makePool(1, 0, 0), difficulty: 1 }).botch).toBeCloseTo(1 / 8, 14);
    expect(checkOdds({ pool: makePool(5, 0, 3, "d6Plus1"), difficulty: 1 }).botch).toBe(0);
  });
  it("bands are ordered success by degree, then failure, then botch", () => {
    const o = checkOdds({ pool: makePool(3, 1, 0), difficulty: 14 });
    const order = o.bands.map((b) => b.outcome);
    expect(order.indexOf("failure")).toBeGreaterThan(order.lastIndexOf("success"));
    expect(order.indexOf("botch")).toBeGreaterThan(order.lastIndexOf("failure"));
  });
});

describe("seed 002 · odds agree with a seeded 100,000-roll simulation", () => {
  const checks: [string, CheckInput][] = [
    ["4 Add + 2 Bonus d8 vs 20", { pool: makePool(4, 2, 0), difficulty: 20 }],
    ["3 Add + 3 Penalty d8 vs 12", { pool: makePool(3, 0, 3), difficulty: 12 }],
    ["2 Add d12−2 vs 8", { pool: makePool(2, 0, 0, "d12Minus2"), difficulty: 8 }],
    ["5 Add + 1 Bonus d4+2 vs 22", { pool: makePool(5, 1, 0, "d4Plus2"), difficulty: 22 }],
    ["1 Add + 2 Penalty d10−1 vs 3", { pool: makePool(1, 0, 2, "d10Minus1"), difficulty: 3 }],
    ["4 Add + 2 Penalty d6+1 vs 15", { pool: makePool(4, 0, 2, "d6Plus1"), difficulty: 15 }],
    ["6 Add + 4 Penalty d8 vs 18 (worst-roller team)", { pool: makePool(6, 0, 4), difficulty: 18 }],
  ];
  it.each(checks)("%s", (_, input) => {
    const rng = seededRandom(2002);
    const sim = simulate(100_000, () => {
      const r = rollCheck(input, rng);
      return bandKey(r.outcome, r.degree);
    });
    expect(maxAbsDiff(sim, bandDist(input))).toBeLessThan(0.006);
  });
});

describe("seed 002 · a required Degree of Success", () => {
  const input: CheckInput = { pool: makePool(4, 2, 0), difficulty: 15 };
  it("is the sum of the success bands at or above it; degree 0 is plain success", () => {
    const o = checkOdds(input);
    expect(degreeChance(input, 0)).toBeCloseTo(o.success, 14);
    const expected = o.bands.filter((b) => b.outcome === "success" && b.degree >= 2).reduce((s, b) => s + b.probability, 0);
    expect(degreeChance(input, 2)).toBeCloseTo(expected, 14);
    expect(degreeChance(input, 2)).toBeLessThan(degreeChance(input, 1));
    expect(degreeChance(input, 20)).toBe(0);
    expect(() => degreeChance(input, -1)).toThrow(/required degree of success must be at least 0/);
  });
  it("agrees with 100,000 seeded rolls for each required degree 0–3", () => {
    const rng = seededRandom(2003);
    const sim = simulate(100_000, () => {
      const r = rollCheck(input, rng);
      let reached = -1;
      for (let d = 0; d <= 3; d++) if (meetsDegree(r, d)) reached = d;
      return reached;
    });
    for (let d = 0; d <= 3; d++) {
      let atLeast = 0;
      for (const [k, p] of sim) if (k >= d) atLeast += p;
      expect(Math.abs(atLeast - degreeChance(input, d))).toBeLessThan(0.006);
    }
  });
});
