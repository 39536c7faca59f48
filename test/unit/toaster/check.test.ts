import { describe, expect, it } from "vitest";
import {
  LUCK_REROLL_COST,
  resolveOpposed,
  TIE_BREAKERS,
  applyLuckAfter,
  breakTie,
  luckPool,
  resolveCheck,
  rollCheck,
  rollLuck,
  rollOpposed,
  rerollWithLuck,
  rollD10,
  rollD10Star,
} from "../../../src/rulesets/toaster/rules";
import { s, script, t } from "./helpers";

describe("toaster d10*", () => {
  it("The d10*: reads 0..9; a plain d10 reads 1..10", () => {
    expect(rollD10Star(script(s(0)), { rollingNines: false, ninesLimit: null })).toEqual({ faces: [0], total: 0 });
    expect(rollD10(script(t(10)))).toBe(10);
  });
  it("(Rolling Nines): a 9 adds a die; the limit caps the extra dice", () => {
    expect(rollD10Star(script(s(9), s(9), s(3)), { rollingNines: true, ninesLimit: 1 })).toEqual({ faces: [9, 9], total: 18 });
    const r = script(s(9), s(9), s(3));
    expect(rollD10Star(r, { rollingNines: true, ninesLimit: null })).toEqual({ faces: [9, 9, 3], total: 21 });
    expect(r.left()).toBe(0);
    expect(rollD10Star(script(s(9)), { rollingNines: false, ninesLimit: null }).total).toBe(9);
    expect(() => rollD10Star(script(s(1)), { rollingNines: true, ninesLimit: -1 })).toThrow(RangeError);
  });
});

describe("toaster checks", () => {
  it("Unopposed actions: d10* + rank + modifier, 10 or more succeeds", () => {
    const r = rollCheck({ rank: 6, modifier: 0 }, script(s(4)));
    expect(r).toMatchObject({ total: 10, target: 10, margin: 0, success: true, band: "marginal", naturalZero: false, fumbleCheck: null });
    expect(rollCheck({ rank: 6, modifier: -1 }, script(s(4))).success).toBe(false);
    expect(rollCheck({ rank: 6, modifier: 3 }, script(s(9))).band).toBe("critical");
  });
  it("without rolling zeros a 0 is just a low roll", () => {
    const r = rollCheck({ rank: 9, modifier: 2 }, script(s(0)));
    expect(r).toMatchObject({ naturalZero: true, autoFailure: false, success: true, band: "marginal" });
  });
  it("(Rolling Zeros): a 0 fails; the fumble check decides failure or fumble", () => {
    const ok = rollCheck({ rank: 8, modifier: 0, rollingZeros: true }, script(s(0), s(5)));
    expect(ok).toMatchObject({ success: false, autoFailure: true, band: "failure" });
    expect(ok.fumbleCheck).toEqual({ faces: [5], total: 13, fumbled: false });
    const badRoll = rollCheck({ rank: 8, modifier: 0, rollingZeros: true }, script(s(0), s(1)));
    expect(badRoll.band).toBe("fumble");
    const secondZero = rollCheck({ rank: 12, modifier: 0, rollingZeros: true }, script(s(0), s(0)));
    expect(secondZero.fumbleCheck?.fumbled).toBe(true);
    expect(secondZero.band).toBe("fumble");
  });
  it("(Calling 4s): the die is 4, so no 0 and no 9", () => {
    const r = script();
    const c = rollCheck({ rank: 6, modifier: 0, callFour: true, rollingZeros: true, rollingNines: true }, r);
    expect(c).toMatchObject({ faces: { die: [4], fumble: [] }, dieTotal: 4, total: 10, calledFour: true, naturalZero: false });
  });
  it("(Luck Points): +2 per point before the roll; a 0 still fails", () => {
    expect(rollCheck({ rank: 4, modifier: 0, luckBefore: 2 }, script(s(2))).total).toBe(10);
    const z = rollCheck({ rank: 4, modifier: 0, luckBefore: 3, rollingZeros: true }, script(s(0), s(0)));
    expect(z.band).toBe("fumble");
    expect(() => rollCheck({ rank: 4, modifier: 0, luckBefore: -1 }, script(s(2)))).toThrow(RangeError);
  });
  it("(Luck Points): +1 per point after the roll, which cannot undo a 0", () => {
    const r = rollCheck({ rank: 5, modifier: 0 }, script(s(3)));
    const up = applyLuckAfter(r, 2);
    expect(up).toMatchObject({ total: 10, margin: 0, success: true, luckAfter: 2, band: "marginal" });
    expect(applyLuckAfter(up, 3)).toMatchObject({ total: 13, luckAfter: 5, band: "success" });
    const z = rollCheck({ rank: 9, modifier: 0, rollingZeros: true }, script(s(0), s(4)));
    const still = applyLuckAfter(z, 5);
    expect(still).toMatchObject({ success: false, band: "failure", total: 14 });
  });
  it("(Luck Points): four points re-roll the die, cancelling the first roll", () => {
    expect(LUCK_REROLL_COST).toBe(4);
    const r = rerollWithLuck({ rank: 5, modifier: 0, rollingZeros: true }, script(s(7)));
    expect(r).toMatchObject({ total: 12, rerolled: true, success: true });
  });
  it("(Luck Points) pool = Aura; (Luck Rolls) roll Aura unopposed with the GM's modifier", () => {
    expect(luckPool({ aura: 3 })).toBe(3);
    expect(luckPool({ aura: 3, adjustment: 2 })).toBe(5);
    const r = rollLuck({ aura: 6, modifier: -2 }, script(s(6)));
    expect(r).toMatchObject({ total: 10, success: true });
  });
  it("rejects malformed input with a clear message", () => {
    expect(() => rollCheck({ rank: 1.5, modifier: 0 }, script(s(1)))).toThrow(/Rank must be a whole number/);
    expect(() => rollCheck({ rank: 3, modifier: Number.NaN }, script(s(1)))).toThrow(/Modifier/);
    expect(() => rollCheck({ rank: 3, modifier: 0, ninesLimit: 0.5, rollingNines: true }, script(s(1)))).toThrow(/Limit/);
  });
});

describe("toaster checks resolved from faces (the Foundry side's dice)", () => {
  it("resolveCheck classifies the faces it is given and never draws", () => {
    expect(resolveCheck({ rank: 6, modifier: 0 }, { die: [4], fumble: [] })).toMatchObject({ total: 10, band: "marginal", success: true });
    const z = resolveCheck({ rank: 8, modifier: 0, rollingZeros: true }, { die: [0], fumble: [5] });
    expect(z).toMatchObject({ band: "failure", autoFailure: true, fumbleCheck: { faces: [5], total: 13, fumbled: false } });
    expect(resolveCheck({ rank: 3, modifier: 0, rollingNines: true, ninesLimit: null }, { die: [9, 9, 2], fumble: [] }).total).toBe(23);
    expect(resolveCheck({ rank: 6, modifier: 0, callFour: true }, { die: [4], fumble: [] }).total).toBe(10);
  });
  it("resolveCheck refuses faces that do not fit the input", () => {
    expect(() => resolveCheck({ rank: 6, modifier: 0 }, { die: [], fumble: [] })).toThrow(/Not enough faces/);
    expect(() => resolveCheck({ rank: 6, modifier: 0 }, { die: [10], fumble: [] })).toThrow(/not on a d10\*/);
    expect(() => resolveCheck({ rank: 6, modifier: 0 }, { die: [4, 3], fumble: [] })).toThrow(/Too many faces/);
    expect(() => resolveCheck({ rank: 6, modifier: 0, rollingNines: true, ninesLimit: 1 }, { die: [9], fumble: [] })).toThrow(/Not enough faces/);
    expect(() => resolveCheck({ rank: 8, modifier: 0, rollingZeros: true }, { die: [0], fumble: [] })).toThrow(/Not enough faces for "fumble"/);
    expect(() => resolveCheck({ rank: 8, modifier: 0 }, { die: [3], fumble: [4] })).toThrow(/Too many faces for "fumble"/);
    expect(() => resolveCheck({ rank: 6, modifier: 0, callFour: true }, { die: [7], fumble: [] })).toThrow(/called 4/);
    expect(() => resolveCheck({ rank: 6, modifier: 0 }, { die: [2.5], fumble: [] })).toThrow(RangeError);
  });
  it("resolveOpposed reads both sides' faces", () => {
    const o = resolveOpposed({ a: { rank: 9, modifier: 0, rollingZeros: true }, b: { rank: 1, modifier: 0 } }, { a: { die: [0], fumble: [5] }, b: { die: [2], fumble: [] } });
    expect(o.winner).toBe("b");
    expect(o.a.fumbleCheck).toEqual({ faces: [5], total: 14, fumbled: false });
    expect(o.faces).toEqual({ a: { die: [0], fumble: [5] }, b: { die: [2], fumble: [] } });
  });
});

describe("toaster opposed rolls", () => {
  it("Opposed Actions: the highest total wins; equal totals tie", () => {
    const o = rollOpposed({ a: { rank: 5, modifier: 0 }, b: { rank: 6, modifier: 0 } }, script(s(6), s(3)));
    expect(o.winner).toBe("a");
    expect(o.margin).toBe(2);
    expect(o.a.band).toBe("success");
    expect(o.b.band).toBe("failure");
    expect(rollOpposed({ a: { rank: 5, modifier: 0 }, b: { rank: 6, modifier: 0 } }, script(s(4), s(3))).winner).toBe("tie");
  });
  it("a natural 0 under rolling zeros loses outright", () => {
    const o = rollOpposed({ a: { rank: 9, modifier: 0, rollingZeros: true }, b: { rank: 1, modifier: 0 } }, script(s(0), s(2), s(5)));
    expect(o.winner).toBe("b");
    expect(o.a.fumbleCheck).toEqual({ faces: [5], total: 14, fumbled: false });
  });
  it("(Marginal) tie-breakers", () => {
    expect(TIE_BREAKERS.map((x) => x.key)).toEqual(["highestRoll", "skillRank", "luck", "doOver", "other"]);
    const a = { total: 12, rank: 5, luckSpent: 0, luck: 4 };
    const b = { total: 11, rank: 6, luckSpent: 0, luck: 2 };
    expect(breakTie("highestRoll", a, b)).toBe("a");
    expect(breakTie("skillRank", a, b)).toBe("b");
    expect(breakTie("luck", a, b)).toBe("a");
    expect(breakTie("luck", { ...a, luckSpent: 1 }, { ...b, luckSpent: 2 })).toBe("b");
    expect(breakTie("doOver", a, b)).toBe("reroll");
    expect(breakTie("highestRoll", a, { ...b, total: 12 })).toBe("tie");
  });
});
