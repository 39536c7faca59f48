import { describe, expect, it } from "vitest";
import { add, chain, fromWeights, mass, maxAbsDiff, mean, prob, simulate, sumOf, uniform } from "../../../src/dice/dist";
import { ScriptedDice, rollDie, seededRandom } from "../../../src/dice/random";

describe("dist", () => {
  it("uniform d10 has mass 1 and mean 5.5", () => {
    const d = uniform(1, 10);
    expect(mass(d)).toBeCloseTo(1, 12);
    expect(mean(d)).toBeCloseTo(5.5, 12);
  });
  it("2d6 convolution gives 6/36 for a 7", () => {
    const d = add(uniform(1, 6), uniform(1, 6));
    expect(d.get(7)).toBeCloseTo(6 / 36, 12);
    expect(sumOf(uniform(1, 6), 2).get(2)).toBeCloseTo(1 / 36, 12);
  });
  it("chain weights follow-ups", () => {
    const coin = fromWeights([["h", 1], ["t", 1]] as const);
    const d = chain(coin, (c) => (c === "h" ? uniform(1, 2) : uniform(3, 3)));
    expect(d.get(3)).toBeCloseTo(0.5, 12);
    expect(prob(d, (x) => x < 3)).toBeCloseTo(0.5, 12);
  });
  it("a seeded simulation of a d10 agrees with the exact distribution", () => {
    const rng = seededRandom(42);
    const sim = simulate(100_000, () => rollDie(10, rng));
    expect(maxAbsDiff(sim, uniform(1, 10))).toBeLessThan(0.006);
  });
});

describe("random", () => {
  it("seeded sources repeat", () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    for (let i = 0; i < 10; i++) expect(a()).toBe(b());
  });
  it("scripted dice replay faces through rollDie", () => {
    const s = new ScriptedDice([3, 10, 1]);
    const r = s.source(10);
    expect([rollDie(10, r), rollDie(10, r), rollDie(10, r)]).toEqual([3, 10, 1]);
    expect(() => rollDie(10, r)).toThrow(/ran out/);
  });
  it("rejects a die with no faces", () => {
    expect(() => rollDie(0, seededRandom(1))).toThrow(RangeError);
  });
});

describe("rollDie and a broken random source", () => {
  it("refuses NaN, Infinity and non-numbers instead of returning a NaN face", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(() => rollDie(10, () => bad)).toThrow(RangeError);
    expect(() => rollDie(6, (() => "0.5") as unknown as () => number)).toThrow(/random source returned 0.5/);
  });

  it("keeps a source that returns the ends of [0, 1] on the die", () => {
    expect(rollDie(10, () => 0)).toBe(1);
    expect(rollDie(10, () => 1)).toBe(10);
    expect(rollDie(10, () => 0.9999999)).toBe(10);
  });
});

