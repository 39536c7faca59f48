import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, mean, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import { uniformAttributes, validateAttributes } from "../../../src/rulesets/d100/rules/attributes";
import { NotationError, combineAdjustments, formatAdjustment, parseAdjustment, parseDamage } from "../../../src/rulesets/d100/rules/dat";
import { applyAdjustment, dieValue, formatDamage } from "../../../src/rulesets/d100/rules/dat-odds";
import { adjustedDamageDistribution, damageDistribution, damageRange, dieDistribution, meanDamage, damageOdds, damageOutcomeKey, resolveDamage, rollDamage } from "../../../src/rulesets/d100/rules/dat-odds";
import { d10Faces } from "./helpers";

const strong = validateAttributes({ ...uniformAttributes(5), strength: 4, charisma: 7 });

describe("damage notation (seed: Damage, Variable Notation Examples)", () => {
  it("parses every variable notation example", () => {
    expect(parseDamage("3D(ST)").terms).toEqual([{ kind: "dice", count: 3, prefix: "", limit: { kind: "attribute", attribute: "strength" } }]);
    expect(parseDamage("4D").terms).toEqual([{ kind: "dice", count: 4, prefix: "", limit: null }]);
    expect(parseDamage("2KD").terms).toEqual([{ kind: "dice", count: 2, prefix: "K", limit: null }]);
    expect(parseDamage("2MD(ST)").terms).toEqual([{ kind: "dice", count: 2, prefix: "M", limit: { kind: "attribute", attribute: "strength" } }]);
    expect(parseDamage("1D(CH)").terms[0]).toMatchObject({ limit: { kind: "attribute", attribute: "charisma" } });
  });
  it("parses flat + variable and the tank cannon 5K + 1KD", () => {
    expect(parseDamage("5K + 1KD").terms).toEqual([
      { kind: "flat", amount: 5, prefix: "K" },
      { kind: "dice", count: 1, prefix: "K", limit: null },
    ]);
    expect(formatDamage(parseDamage("10+2d(st)"))).toBe("10 + 2D(ST)");
    expect(formatDamage(parseDamage("5+ 2D"))).toBe("5 + 2D");
    expect(formatDamage(parseDamage("3D(4)"))).toBe("3D(4)");
  });
  it("Damage Examples table: ranges of each threat", () => {
    const table: Array<[string, string, number, number]> = [
      ["Punch", "0 + 1D(ST)", 1, 4],
      ["Pistol", "5 + 1D", 6, 15],
      ["Knife", "0 + 2D(ST)", 2, 8],
      ["Sledge Hammer", "10 + 2D(ST)", 12, 18],
      ["Rifle", "10 + 2D", 12, 30],
      ["Energy Pistol", "10 + 3D", 13, 40],
      ["Sniper Rifle", "15 + 3D", 18, 45],
      ["Energy Rifle", "20 + 4D", 24, 60],
    ];
    for (const [, n, min, max] of table) expect(damageRange(n, { attributes: strong })).toEqual({ min, max });
  });
  it("malformed notation throws a precise NotationError", () => {
    expect(() => parseDamage("")).toThrow(/empty/);
    expect(() => parseDamage("10 + ")).toThrow(/a term must follow "\+"/);
    expect(() => parseDamage("2D(XX)")).toThrow(/position 4: "XX" is not an attribute abbreviation/);
    expect(() => parseDamage("2D(ST")).toThrow(/expected "\)" to close the limit/);
    expect(() => parseDamage("10 - 2D")).toThrow(/position 4: expected "\+" or the end, found "-"/);
    expect(() => parseDamage("0D")).toThrow(/at least 1 die/);
    expect(() => parseDamage("D")).toThrow(/expected a number/);
    expect(() => parseDamage("2X")).toThrow(NotationError);
    expect(() => rollDamage({ notation: "2D(ST)" }, seededRandom(1))).toThrow(/needs the character's attributes/);
  });
});

describe("rolling damage (seed: Damage, Note About Zeros)", () => {
  it("a 0 is the maximum; a limit caps every die", () => {
    const r = rollDamage({ notation: "10 + 2D" }, d10Faces([0, 7]));
    expect(r.total).toBe(10 + 10 + 7);
    expect(r.faces).toEqual([0, 7]);
    const k = rollDamage({ notation: "4D(ST)", attributes: strong }, d10Faces([0, 9, 3, 4]));
    expect(k.dice.map((d) => d.value)).toEqual([4, 4, 3, 4]);
    expect(k.total).toBe(15);
  });
  it("kilo scale: 5K + 1KD", () => {
    const r = rollDamage({ notation: "5K + 1KD" }, d10Faces([6]));
    expect(r).toMatchObject({ flat: 5000, total: 11000 });
    expect(rollDamage({ notation: "1MD" }, d10Faces([2])).total).toBe(2_000_000);
  });
  it("damage overflow: a 0 adds the maximum and rolls again, repeating", () => {
    const r = rollDamage({ notation: "1D", overflow: true }, d10Faces([0, 0, 4]));
    expect(r.dice[0]).toMatchObject({ faces: [0, 0, 4], value: 24 });
    expect(rollDamage({ notation: "1D(ST)", overflow: true, attributes: strong }, d10Faces([0, 8])).total).toBe(8);
    expect(dieValue([0, 3], 10, false)).toBe(10);
  });
  it("exact distributions", () => {
    const die = dieDistribution(10, false);
    expect(die.size).toBe(10);
    expect(die.get(10)).toBeCloseTo(0.1, 12);
    expect(mean(dieDistribution(4, false))).toBeCloseTo((1 + 2 + 3 + 4 * 7) / 10, 12);
    // overflow mean E = 4.5 (faces 1-9) + 0.1 × (10 + E), so E = 5.5 / 0.9
    expect(mean(dieDistribution(10, true))).toBeCloseTo((4.5 + 1) / 0.9, 12);
    const d = damageDistribution("10 + 2D");
    expect(mass(d)).toBeCloseTo(1, 12);
    expect(d.get(30)).toBeCloseTo(0.01, 12);
    expect(meanDamage("10 + 2D")).toBeCloseTo(21, 12);
    expect(meanDamage("5K + 1KD")).toBeCloseTo(10500, 9);
  });
  it("exact damage distribution agrees with a 100k seeded simulation (with overflow and adjustment)", () => {
    const rng = seededRandom(99);
    const opts = { overflow: true, attributes: strong };
    const exact = adjustedDamageDistribution("5 + 2D + 1D(ST)", "-3F -1R", opts);
    const sim = simulate(100_000, () => applyAdjustment(rollDamage({ notation: "5 + 2D + 1D(ST)", ...opts }, rng).total, "-3F -1R").after);
    expect(mass(exact)).toBeCloseTo(1, 12);
    expect(maxAbsDiff(exact, sim)).toBeLessThan(0.006);
  });
});

describe("adjustments (seed: Adjustment Notation Examples)", () => {
  it("parses every example", () => {
    expect(parseAdjustment("-10F -2R").terms).toEqual([
      { kind: "flat", amount: -10 },
      { kind: "repeating", amount: -2 },
    ]);
    expect(parseAdjustment("-5R").terms).toEqual([{ kind: "repeating", amount: -5 }]);
    expect(parseAdjustment("1R").terms).toEqual([{ kind: "repeating", amount: 1 }]);
    expect(parseAdjustment("5F -1R").terms).toEqual([
      { kind: "flat", amount: 5 },
      { kind: "repeating", amount: -1 },
    ]);
    expect(formatAdjustment(parseAdjustment("-1R -10F").terms)).toBe("-1R -10F");
    expect(parseAdjustment("").terms).toEqual([]);
    expect(parseAdjustment("-1KF").terms).toEqual([{ kind: "flat", amount: -1000 }]);
  });
  it("applies left to right: order matters for -1R -10F against -10F -1R", () => {
    expect(applyAdjustment(35, "-1R -10F").after).toBe(22);
    expect(applyAdjustment(35, "-10F -1R").after).toBe(23);
    expect(applyAdjustment(35, "-10F -2R").after).toBe(21);
    expect(applyAdjustment(35, "-5R").after).toBe(20);
    expect(applyAdjustment(35, "1R").after).toBe(38);
    expect(applyAdjustment(35, "5F -1R").after).toBe(36);
    expect(applyAdjustment(9, "-5R").after).toBe(9);
    expect(applyAdjustment(4, "-10F 5F").steps.map((s) => s.after)).toEqual([0, 5]);
  });
  it("That Didn't Hurt (-1F) combines with armor", () => {
    const all = combineAdjustments("-10F -2R", "-1F");
    expect(all.text).toBe("-10F -2R -1F");
    expect(applyAdjustment(40, all).after).toBe(40 - 10 - 6 - 1);
  });
  it("malformed adjustments throw", () => {
    expect(() => parseAdjustment("-10")).toThrow(/expected "F" \(flat\) or "R" \(repeating\)/);
    expect(() => parseAdjustment("-10X")).toThrow(/position 4/);
    expect(() => parseAdjustment("-10F-2R")).toThrow(/expected a space between adjustments/);
    expect(() => parseAdjustment("-2KR")).toThrow(/takes no prefix/);
    expect(() => parseAdjustment("F")).toThrow(/expected a number/);
    expect(() => applyAdjustment(-1, "-1F")).toThrow(/at least 0/);
  });
});

describe("damage odds (shared Odds shape)", () => {
  it("20 overflowing dice against armour and a target: health states agree with a 100k simulation", () => {
    const input = { notation: "5 + 10D + 10D(ST)", attributes: strong, overflow: true, adjustment: "-10F -1R", target: { normal: 80, current: 60 } };
    const o = damageOdds(input);
    expect(o.outcomes.map((x) => x.key)).toEqual(["exceptional", "normal", "injured", "onTheBrink", "dying", "dead"]);
    expect(o.extras[0].key).toBe("overflow");
    expect(o.extras[0].p).toBeCloseTo(1 - 0.9 ** 20, 12);
    const rng = seededRandom(47);
    const sim = simulate(100_000, () => damageOutcomeKey(rollDamage(input, rng)));
    expect(maxAbsDiff(sim, new Map(o.outcomes.map((x) => [x.key, x.p])))).toBeLessThan(0.006);
    // resolve from the faces gives the same roll
    const r = rollDamage(input, rng);
    expect(resolveDamage(input, r.faces)).toEqual(r);
  });
});
