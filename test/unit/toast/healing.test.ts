import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import { checkOutcomeOdds, healingDayOdds, healthCheckInput, rollHealingDay, treatmentCheckInput, type HealingDayInput } from "../../../src/rulesets/toast/rules";
import { attrs, closeOdds, frequencies, maxDiff, oddsRecord, total } from "./helpers";

const hurt: HealingDayInput = { attributes: attrs({ health: 13, tolerance: 14 }), woundLevels: 12, strenuous: false };

describe("toast healing (seed: Healing)", () => {
  it("heals 1 wound level a day at rest, none after strenuous activity", () => {
    const rested = rollHealingDay(hurt, new ScriptedDice([11, 4]).source(12));
    expect(rested).toMatchObject({ restHealed: 1, healthCheckHealed: 0, healed: 1, woundLevels: 11 });
    const busy = rollHealingDay({ ...hurt, strenuous: true }, new ScriptedDice([11, 4]).source(12));
    expect(busy).toMatchObject({ restHealed: 0, healed: 0, woundLevels: 12 });
  });
  it("the end-of-day Health check (Health, no wound penalty) against the current effective level heals one more", () => {
    // after rest: 11 levels, threshold 2 (TOL 14) → effective 9; Health 13 + 1 = 14 ≥ 9
    expect(healthCheckInput(hurt, 11)).toEqual({ modifier: 13, target: 9 });
    const r = rollHealingDay(hurt, new ScriptedDice([1]).source(12));
    expect(r).toMatchObject({ healthCheck: { target: 9, total: 14, outcome: "success" }, healed: 2, woundLevels: 10, faces: { treatment: [], health: [1] } });
  });
  it("medical treatment (once a day, against the effective level) heals one more on a success — our amount, the seed gives none", () => {
    const treated = { ...hurt, treatment: { modifier: 6 } };
    expect(treatmentCheckInput(treated)).toEqual({ modifier: 6, target: 10 });
    const r = rollHealingDay(treated, new ScriptedDice([4, 5]).source(12));
    expect(r).toMatchObject({ treatment: { total: 10, outcome: "success" }, treatmentHealed: 1, restHealed: 1, healthCheckHealed: 1, healed: 3, woundLevels: 9, faces: { treatment: [4], health: [5] } });
    const two = rollHealingDay({ ...treated, treatmentHeals: 2 }, new ScriptedDice([4, 5]).source(12));
    expect(two.treatmentHealed).toBe(2);
  });
  it("never heals below zero and makes no Health check once the wounds are gone", () => {
    const r = rollHealingDay({ ...hurt, woundLevels: 1 }, new ScriptedDice([]).source(12));
    expect(r).toMatchObject({ healed: 1, woundLevels: 0, healthCheck: null, faces: { treatment: [], health: [] } });
    expect(healingDayOdds({ ...hurt, woundLevels: 0 })).toEqual({ success: 0, outcomes: [{ key: "0", p: 1 }], extras: [], error: 0 });
  });
  it("exact odds: the rest is certain, the Health check adds its success chance", () => {
    const o = oddsRecord(healingDayOdds(hurt));
    const c = checkOutcomeOdds({ modifier: 13, target: 9 });
    expect(closeOdds(o, { 1: c.failure + c.flub, 2: c.auto + c.success })).toBe(true);
  });
  it.each([
    ["resting, no treatment", hurt],
    ["strenuous day with self-treatment", { ...hurt, strenuous: true, treatment: { modifier: 3 } }],
    ["treated, heavily wounded, frail", { attributes: attrs({ health: 6, tolerance: 8 }), woundLevels: 22, strenuous: false, treatment: { modifier: 12 } }],
  ])("healingDayOdds (%s) has mass 1 and agrees with a seeded 100k-roll simulation", (_name, input) => {
    const odds = oddsRecord(healingDayOdds(input));
    expect(total(odds)).toBeCloseTo(1, 12);
    const rng = seededRandom(input.woundLevels * 3 + (input.strenuous ? 1 : 0));
    expect(maxDiff(frequencies(100_000, () => rollHealingDay(input, rng).healed), odds)).toBeLessThan(0.006);
  });
  it("rejects bad input", () => {
    expect(() => healingDayOdds({ ...hurt, woundLevels: -2 })).toThrow(/Wound levels/);
    expect(() => rollHealingDay({ ...hurt, treatment: { modifier: 2.5 } }, seededRandom(1))).toThrow(/Treatment modifier/);
    expect(() => healingDayOdds({ ...hurt, strenuous: "yes" as unknown as boolean })).toThrow(/Strenuous/);
  });
});
