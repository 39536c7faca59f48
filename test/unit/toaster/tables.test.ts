import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import { CRITICAL_TABLE, HIT_LOCATION_TABLE, criticalEntryFor, hitLocationFor, resolveCritical, resolveHitLocation, rollCritical, rollHitLocation } from "../../../src/rulesets/toaster/rules";
import { s, script, six } from "./helpers";

describe("toaster hit location", () => {
  it("(Hit Location): a 3 and a 6 is the hips or groin", () => {
    const r = rollHitLocation(script(s(3), six(6)));
    expect(r).toMatchObject({ d10: 3, d6: 6, area: "torso", location: "hipsGroin" });
  });
  it("every d10*/d6 pair has exactly one location", () => {
    for (let d = 0; d <= 9; d++)
      for (let e = 1; e <= 6; e++) expect(HIT_LOCATION_TABLE.filter((r) => d >= r.d10[0] && d <= r.d10[1] && e >= r.d6[0] && e <= r.d6[1])).toHaveLength(1);
    expect(hitLocationFor(0, 1).location).toBe("neckThroat");
    expect(hitLocationFor(9, 6)).toMatchObject({ area: "rightLeg", location: "thigh" });
    expect(hitLocationFor(4, 1)).toMatchObject({ area: "leftArm", location: "hand" });
    expect(() => hitLocationFor(10, 1)).toThrow(/no entry/);
  });
  it("head is hit 1 time in 10; simulation agrees", () => {
    const exact = new Map<string, number>([["headNeck", 0.1], ["torso", 0.3], ["leftArm", 0.1], ["rightArm", 0.1], ["leftLeg", 0.2], ["rightLeg", 0.2]]);
    expect(mass(exact)).toBeCloseTo(1, 12);
    const rng = seededRandom(3);
    expect(maxAbsDiff(simulate(100_000, () => rollHitLocation(rng).area), exact)).toBeLessThan(0.006);
  });
});

describe("toaster critical table", () => {
  it("each d10* 0..8 with each d6 has exactly one entry", () => {
    for (let d = 0; d <= 8; d++)
      for (let e = 1; e <= 6; e++) expect(CRITICAL_TABLE.filter((r) => d >= r.d10[0] && d <= r.d10[1] && e >= r.d6[0] && e <= r.d6[1])).toHaveLength(1);
    expect(criticalEntryFor(0, 2).key).toBe("attackerGraceful");
    expect(criticalEntryFor(2, 6).key).toBe("weaponBreaks");
    expect(criticalEntryFor(4, 6)).toMatchObject({ key: "tripsAndFalls", category: "B", falls: true });
    expect(criticalEntryFor(6, 5)).toMatchObject({ key: "armorZero", armor: "zero" });
    expect(criticalEntryFor(7, 4)).toMatchObject({ key: "extraDamage5", damageBonus: 5 });
  });
  it("a single effect: d10* then d6", () => {
    const r = rollCritical(script(s(3), six(5)));
    expect(r.effects.map((e) => e.key)).toEqual(["offBalanceMinus4"]);
    expect(r.combo).toBeNull();
  });
  it("multiple effects, two categories: d6 3 picks A+D, then one d6 for each", () => {
    const r = script(s(9), six(2), six(3), six(6), six(4));
    const c = rollCritical(r);
    expect(c.combo).toEqual({ d6: 3, categories: ["A", "D"] });
    expect(c.effects.map((e) => e.key)).toEqual(["weaponBreaks", "extraDamage5"]);
    expect(c.damageBonus).toBe(5);
    expect(r.left()).toBe(0);
  });
  it("multiple effects, three categories: d6 5-6 picks B+C+D", () => {
    const c = rollCritical(script(s(9), six(4), six(6), six(1), six(5), six(6)));
    expect(c.combo?.categories).toEqual(["B", "C", "D"]);
    expect(c.effects.map((e) => e.key)).toEqual(["offBalanceMinus2", "armorZero", "extraDamage10"]);
    expect(c.armor).toBe("zero");
  });
  it("multiple effects, all four categories need no picking roll", () => {
    const r = script(s(9), six(6), six(1), six(1), six(1), six(1));
    const c = rollCritical(r);
    expect(c.effects.map((e) => e.category)).toEqual(["A", "B", "C", "D"]);
    expect(c.armor).toBe("physiqueOnly");
    expect(r.left()).toBe(0);
  });
});

describe("toaster tables resolved from faces (Foundry's dice)", () => {
  it("the hit-location table reads [d10*, d6]; resolve(roll.faces) equals the roll", () => {
    expect(resolveHitLocation([3, 6])).toMatchObject({ area: "torso", location: "hipsGroin", faces: [3, 6] });
    const rng = seededRandom(41);
    for (let i = 0; i < 200; i++) {
      const r = rollHitLocation(rng);
      expect(resolveHitLocation(r.faces)).toEqual(r);
    }
    expect(() => resolveHitLocation([3])).toThrow(/Not enough faces/);
    expect(() => resolveHitLocation([3, 7])).toThrow(/not on a d6/);
    expect(() => resolveHitLocation([3, 6, 1])).toThrow(/Too many faces/);
  });
  it("the critical table reads d10*, d6 and, on a 9, the combination and category d6s", () => {
    // 9, then 4 (three categories), combination 3 (A+C+D), then one d6 each: A 6 (breaks), C 5 (AC 0), D 6 (+10)
    const r = resolveCritical([9, 4, 3, 6, 5, 6]);
    expect(r.combo?.categories).toEqual(["A", "C", "D"]);
    expect(r.effects.map((e) => e.key)).toEqual(["weaponBreaks", "armorZero", "extraDamage10"]);
    expect(r).toMatchObject({ damageBonus: 10, armor: "zero", faces: [9, 4, 3, 6, 5, 6] });
    expect(resolveCritical([7, 4])).toMatchObject({ damageBonus: 5, armor: null, faces: [7, 4] });
    const rng = seededRandom(42);
    for (let i = 0; i < 300; i++) {
      const c = rollCritical(rng);
      expect(resolveCritical(c.faces)).toEqual(c);
    }
    expect(() => resolveCritical([9, 4, 3, 6])).toThrow(/Not enough faces/);
    expect(() => resolveCritical([7, 4, 1])).toThrow(/Too many faces/);
    expect(() => resolveCritical([10, 4])).toThrow(/not on a d10\*/);
  });
});
