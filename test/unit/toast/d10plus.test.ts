import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import { resolveD10Plus, d10PlusOutcomes, rollD10Plus } from "../../../src/rulesets/toast/rules";

describe("toast d10+ (seed: d10+)", () => {
  it("reads 1–10 as plain numbers with no degree roll", () => {
    for (let f = 1; f <= 10; f++) expect(resolveD10Plus([f])).toEqual({ faces: [f], kind: "number", number: f, degree: null });
  });
  it("reads 11 as a Flub and 12 as an Auto, the second roll giving the degree where 11 and 12 are numbers", () => {
    expect(resolveD10Plus([11, 12])).toEqual({ faces: [11, 12], kind: "flub", number: null, degree: 12 });
    expect(resolveD10Plus([12, 11])).toEqual({ faces: [12, 11], kind: "auto", number: null, degree: 11 });
    expect(resolveD10Plus([12, 1])).toMatchObject({ kind: "auto", degree: 1 });
  });
  it("rolls a second d12 only after a Flub or an Auto", () => {
    const dice = new ScriptedDice([12, 7, 4, 11, 11]);
    const rng = dice.source(12);
    expect(rollD10Plus(rng)).toMatchObject({ faces: [12, 7], kind: "auto", degree: 7 });
    expect(rollD10Plus(rng)).toMatchObject({ faces: [4], kind: "number", number: 4 });
    expect(rollD10Plus(rng)).toMatchObject({ faces: [11, 11], kind: "flub", degree: 11 });
    expect(dice.remaining).toBe(0);
  });
  it("rejects malformed faces", () => {
    expect(() => resolveD10Plus([])).toThrow(/at least one face/);
    expect(() => resolveD10Plus([13])).toThrow(RangeError);
    expect(() => resolveD10Plus([0])).toThrow(RangeError);
    expect(() => resolveD10Plus([2.5])).toThrow(/whole number/);
    expect(() => resolveD10Plus([5, 3])).toThrow(/no degree roll/);
    expect(() => resolveD10Plus([12])).toThrow(/one degree face/);
    expect(() => resolveD10Plus([11, 13])).toThrow(RangeError);
  });
  it("has 34 distinct outcomes of mass 1: 1/12 per number, 1/144 per Flub or Auto degree", () => {
    const all = d10PlusOutcomes();
    expect(all).toHaveLength(34);
    expect(all.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    const auto = all.filter((o) => o.roll.kind === "auto");
    expect(auto).toHaveLength(12);
    expect(auto.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1 / 12, 12);
    expect(all.find((o) => o.roll.number === 3)?.p).toBeCloseTo(1 / 12, 12);
  });
  it("a seeded 100k simulation matches the exact kinds", () => {
    const rng = seededRandom(101);
    const counts = { number: 0, auto: 0, flub: 0 };
    for (let i = 0; i < 100_000; i++) counts[rollD10Plus(rng).kind]++;
    expect(Math.abs(counts.auto / 1e5 - 1 / 12)).toBeLessThan(0.006);
    expect(Math.abs(counts.flub / 1e5 - 1 / 12)).toBeLessThan(0.006);
    expect(Math.abs(counts.number / 1e5 - 10 / 12)).toBeLessThan(0.006);
  });
});
