import { describe, expect, it } from "vitest";
import { enumerateRolls, mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import {
  DIE_TYPES,
  bandDist,
  bandKey,
  checkDistribution,
  checkOdds,
  clearPoolOddsCache,
  keptSumDist,
  poolOddsCacheSize,
  ODDS_CACHE_SIZE,
  DIE_KEYS,
  totalDense,
  totalDist,
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
    const pool = makePool({ addDice: a, bonusDice: b, penaltyDice: p, die });
    const exact = checkDistribution({ pool, difficulty: 10 }).totals;
    const brute = bruteTotals(pool);
    expect(exact.length).toBe(brute.size);
    for (const { total, probability } of exact) expect(probability).toBeCloseTo(brute.get(total) ?? -1, 12);
  });
  it("1d8 is uniform; keeping the 2 highest of 3d8 gives 2 with 1/512 and 16 with 22/512", () => {
    const one = keptSumDist({ lo: 1, hi: 8, dice: 1, keep: 1, keepHighest: true });
    for (let v = 1; v <= 8; v++) expect(one.get(v)).toBeCloseTo(1 / 8, 14);
    // total 2 with 3d8 keep 2 highest: the two highest are both 1 → all three are 1.
    expect(keptSumDist({ lo: 1, hi: 8, dice: 3, keep: 2, keepHighest: true }).get(2)).toBeCloseTo(1 / 512, 14);
    // total 16: at least two 8s: 3·7 + 1 = 22 of 512.
    expect(keptSumDist({ lo: 1, hi: 8, dice: 3, keep: 2, keepHighest: true }).get(16)).toBeCloseTo(22 / 512, 14);
  });
  it("odds have mass 1 and outcomes sum to 1, even for a large pool", () => {
    const o = checkDistribution({ pool: makePool({ addDice: 12, bonusDice: 10 }), difficulty: 60 });
    expect(o.success + o.failure + o.botch).toBeCloseTo(1, 12);
    expect(mass(bandDist({ pool: makePool({ addDice: 12, bonusDice: 10 }), difficulty: 60 }))).toBeCloseTo(1, 12);
    expect(o.bands.reduce((s, b) => s + b.probability, 0)).toBeCloseTo(1, 12);
  });
  it("botch chance of one d8 is 1/8; no botch with d6+1", () => {
    expect(checkDistribution({ pool: makePool({ addDice: 1 }), difficulty: 1 }).botch).toBeCloseTo(1 / 8, 14);
    expect(checkDistribution({ pool: makePool({ addDice: 5, penaltyDice: 3, die: "d6Plus1" }), difficulty: 1 }).botch).toBe(0);
    expect(checkOdds({ pool: makePool({ addDice: 1 }), difficulty: 1 }).outcomes[0]).toEqual({ key: "botch", p: expect.closeTo(1 / 8, 14) });
  });
  it("bands are ordered success by degree, then failure, then botch", () => {
    const o = checkDistribution({ pool: makePool({ addDice: 3, bonusDice: 1 }), difficulty: 14 });
    const order = o.bands.map((b) => b.outcome);
    expect(order.indexOf("failure")).toBeGreaterThan(order.lastIndexOf("success"));
    expect(order.indexOf("botch")).toBeGreaterThan(order.lastIndexOf("failure"));
  });
});

describe("seed 002 · odds agree with a seeded 100,000-roll simulation", () => {
  const checks: [string, CheckInput][] = [
    ["4 Add + 2 Bonus d8 vs 20", { pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 20 }],
    ["3 Add + 3 Penalty d8 vs 12", { pool: makePool({ addDice: 3, penaltyDice: 3 }), difficulty: 12 }],
    ["2 Add d12−2 vs 8", { pool: makePool({ addDice: 2, die: "d12Minus2" }), difficulty: 8 }],
    ["5 Add + 1 Bonus d4+2 vs 22", { pool: makePool({ addDice: 5, bonusDice: 1, die: "d4Plus2" }), difficulty: 22 }],
    ["1 Add + 2 Penalty d10−1 vs 3", { pool: makePool({ addDice: 1, penaltyDice: 2, die: "d10Minus1" }), difficulty: 3 }],
    ["4 Add + 2 Penalty d6+1 vs 15", { pool: makePool({ addDice: 4, penaltyDice: 2, die: "d6Plus1" }), difficulty: 15 }],
    ["6 Add + 4 Penalty d8 vs 18 (worst-roller team)", { pool: makePool({ addDice: 6, penaltyDice: 4 }), difficulty: 18 }],
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
  const input: CheckInput = { pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 15 };
  const degreeChance = (required: number): number => checkOdds({ ...input, requiredDegree: required }).success;
  it("is the sum of the success bands at or above it; degree 0 is plain success", () => {
    const d = checkDistribution(input);
    expect(degreeChance(0)).toBeCloseTo(d.success, 14);
    expect(checkOdds(input).outcomes.map((o) => o.key)).toEqual(["botch", "failure", "success"]);
    const expected = d.bands.filter((b) => b.outcome === "success" && b.degree >= 2).reduce((s, b) => s + b.probability, 0);
    expect(degreeChance(2)).toBeCloseTo(expected, 14);
    expect(checkDistribution({ ...input, requiredDegree: 2 }).achieved).toBeCloseTo(expected, 14);
    expect(degreeChance(2)).toBeLessThan(degreeChance(1));
    expect(degreeChance(20)).toBe(0);
    expect(() => degreeChance(-1)).toThrow(/required degree of success must be at least 0/);
  });
  it("splits success into short of the degree and success (worst first), summing to 1", () => {
    const o = checkOdds({ ...input, requiredDegree: 2 });
    expect(o.outcomes.map((e) => e.key)).toEqual(["botch", "failure", "shortOfDegree", "success"]);
    const d = checkDistribution(input);
    expect(o.outcomes[2].p).toBeCloseTo(d.success - o.success, 14);
    expect(o.outcomes.reduce((s, e) => s + e.p, 0)).toBeCloseTo(1, 14);
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
      expect(Math.abs(atLeast - degreeChance(d))).toBeLessThan(0.006);
    }
  });
  it("a rolled check reports whether it achieved the required degree", () => {
    const rng = seededRandom(2004);
    for (let i = 0; i < 500; i++) {
      const r = rollCheck({ ...input, requiredDegree: 2 }, rng);
      expect(r.achieved).toBe(meetsDegree(r, 2));
      expect(r.requiredDegree).toBe(2);
    }
  });
});

/**
 * The straightforward dynamic programme the core used before (every face, every count, every
 * sum — no closed-form tail): an independent reference for the faster one.
 */
function referenceKeptSum(k: number, dice: number, keep: number, keepHighest: boolean): Map<number, number> {
  const span = keep * (k - 1);
  let dp = new Float64Array((dice + 1) * (span + 1));
  dp[0] = 1;
  const binom = (n: number, r: number): number => {
    let c = 1;
    for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
    return c;
  };
  for (let step = 0; step < k; step++) {
    const v = keepHighest ? k - 1 - step : step;
    const next = new Float64Array(dp.length);
    for (let n = 0; n <= dice; n++) {
      for (let s = 0; s <= span; s++) {
        const w = dp[n * (span + 1) + s];
        if (w === 0) continue;
        const cMin = step === k - 1 ? dice - n : 0;
        for (let c = cMin; c <= dice - n; c++) {
          const n2 = n + c;
          const s2 = s + (Math.min(n2, keep) - Math.min(n, keep)) * v;
          next[n2 * (span + 1) + s2] += w * binom(dice - n, c) * Math.pow(1 / k, c);
        }
      }
    }
    dp = next;
  }
  const out = new Map<number, number>();
  for (let s = 0; s <= span; s++) if (dp[dice * (span + 1) + s] > 0) out.set(s, dp[dice * (span + 1) + s]);
  return out;
}

describe("exact odds of large pools (the fast programme against the reference)", () => {
  it.each(DIE_KEYS)("every split of 1–24 dice on %s, Bonus and Penalty, agrees within 1e-12", (die) => {
    const t = DIE_TYPES[die];
    for (const dice of [1, 2, 3, 5, 8, 13, 24]) {
      for (let keep = 0; keep <= dice; keep++) {
        for (const penalty of [false, true]) {
          const pool = makePool({ addDice: keep, bonusDice: penalty ? 0 : dice - keep, penaltyDice: penalty ? dice - keep : 0, die });
          const ref = referenceKeptSum(t.faces, dice, keep, !penalty);
          const got = totalDist(pool);
          expect(got.size).toBe(ref.size);
          for (const [s, p] of ref) expect(Math.abs((got.get(s + keep * t.min) ?? 0) - p)).toBeLessThan(1e-12);
        }
      }
    }
  });
  it("the largest pools (60 dice, d12−2) agree with the reference and have mass 1", () => {
    for (const [keep, penalty] of [[30, false], [59, false], [1, true], [45, true], [60, false]] as const) {
      const pool = makePool({ addDice: keep, bonusDice: penalty ? 0 : 60 - keep, penaltyDice: penalty ? 60 - keep : 0, die: "d12Minus2" });
      const got = totalDist(pool);
      expect(mass(got)).toBeCloseTo(1, 12);
      const ref = referenceKeptSum(12, 60, keep, !penalty);
      for (const [s, p] of ref) expect(Math.abs((got.get(s - keep) ?? 0) - p)).toBeLessThan(1e-12);
    }
  });
  it("the distribution cache is bounded and clearing it changes no answer", () => {
    const input: CheckInput = { pool: makePool({ addDice: 7, bonusDice: 3, die: "d10Minus1" }), difficulty: 30 };
    const before = checkOdds(input);
    clearPoolOddsCache();
    expect(poolOddsCacheSize()).toBe(0);
    expect(checkOdds(input)).toEqual(before);
    for (let add = 0; add <= 60; add++) for (let bonus = 0; bonus + add <= 60; bonus += 3) totalDist(makePool({ addDice: add, bonusDice: bonus, die: "d4Plus2" }));
    expect(poolOddsCacheSize()).toBe(ODDS_CACHE_SIZE);
    expect(checkOdds(input)).toEqual(before);
    // What a caller gets is its own copy: writing to it changes no later answer.
    totalDense(input.pool).p.fill(0);
    expect(checkOdds(input)).toEqual(before);
  });
});
