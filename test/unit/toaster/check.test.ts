import { describe, expect, it } from "vitest";
import {
  LUCK_REROLL_COST,
  TIE_BREAKERS,
  applyLuckAfter,
  breakTie,
  luckPool,
  luckRoll,
  resolveCheck,
  resolveOpposed,
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
    const r = resolveCheck({ rank: 6, modifier: 0 }, script(s(4)));
    expect(r).toMatchObject({ total: 10, target: 10, margin: 0, success: true, band: "marginal", naturalZero: false, fumbleCheck: null });
    expect(resolveCheck({ rank: 6, modifier: -1 }, script(s(4))).success).toBe(false);
    expect(resolveCheck({ rank: 6, modifier: 3 }, script(s(9))).band).toBe("critical");
  });
  it("without rolling zeros a 0 is just a low roll", () => {
    const r = resolveCheck({ rank: 9, modifier: 2 }, script(s(0)));
    expect(r).toMatchObject({ naturalZero: true, autoFailure: false, success: true, band: "marginal" });
  });
  it("(Rolling Zeros): a 0 fails; the fumble check decides failure or fumble", () => {
    const ok = resolveCheck({ rank: 8, modifier: 0, rollingZeros: true }, script(s(0), s(5)));
    expect(ok).toMatchObject({ success: false, autoFailure: true, band: "failure" });
    expect(ok.fumbleCheck).toEqual({ faces: [5], total: 13, fumbled: false });
    const badRoll = resolveCheck({ rank: 8, modifier: 0, rollingZeros: true }, script(s(0), s(1)));
    expect(badRoll.band).toBe("fumble");
    const secondZero = resolveCheck({ rank: 12, modifier: 0, rollingZeros: true }, script(s(0), s(0)));
    expect(secondZero.fumbleCheck?.fumbled).toBe(true);
    expect(secondZero.band).toBe("fumble");
  });
  it("(Calling 4s): the die is 4, so no 0 and no 9", () => {
    const r = script();
    const c = resolveCheck({ rank: 6, modifier: 0, callFour: true, rollingZeros: true, rollingNines: true }, r);
    expect(c).toMatchObject({ faces: [4], dieTotal: 4, total: 10, calledFour: true, naturalZero: false });
  });
  it("(Luck Points): +2 per point before the roll; a 0 still fails", () => {
    expect(resolveCheck({ rank: 4, modifier: 0, luckBefore: 2 }, script(s(2))).total).toBe(10);
    const z = resolveCheck({ rank: 4, modifier: 0, luckBefore: 3, rollingZeros: true }, script(s(0), s(0)));
    expect(z.band).toBe("fumble");
    expect(() => resolveCheck({ rank: 4, modifier: 0, luckBefore: -1 }, script(s(2)))).toThrow(RangeError);
  });
  it("(Luck Points): +1 per point after the roll, which cannot undo a 0", () => {
    const r = resolveCheck({ rank: 5, modifier: 0 }, script(s(3)));
    const up = applyLuckAfter(r, 2);
    expect(up).toMatchObject({ total: 10, margin: 0, success: true, luckAfter: 2, band: "marginal" });
    expect(applyLuckAfter(up, 3)).toMatchObject({ total: 13, luckAfter: 5, band: "success" });
    const z = resolveCheck({ rank: 9, modifier: 0, rollingZeros: true }, script(s(0), s(4)));
    const still = applyLuckAfter(z, 5);
    expect(still).toMatchObject({ success: false, band: "failure", total: 14 });
  });
  it("(Luck Points): four points re-roll the die, cancelling the first roll", () => {
    expect(LUCK_REROLL_COST).toBe(4);
    const r = rerollWithLuck({ rank: 5, modifier: 0, rollingZeros: true }, script(s(7)));
    expect(r).toMatchObject({ total: 12, rerolled: true, success: true });
  });
  it("(Luck Points) pool = Aura; (Luck Rolls) roll Aura unopposed with the GM's modifier", () => {
    expect(luckPool(3)).toBe(3);
    expect(luckPool(3, 2)).toBe(5);
    const r = luckRoll(6, -2, script(s(6)));
    expect(r).toMatchObject({ total: 10, success: true });
  });
  it("rejects malformed input with a clear message", () => {
    expect(() => resolveCheck({ rank: 1.5, modifier: 0 }, script(s(1)))).toThrow(/Rank must be a whole number/);
    expect(() => resolveCheck({ rank: 3, modifier: Number.NaN }, script(s(1)))).toThrow(/Modifier/);
    expect(() => resolveCheck({ rank: 3, modifier: 0, ninesLimit: 0.5, rollingNines: true }, script(s(1)))).toThrow(/Limit/);
  });
});

describe("toaster opposed rolls", () => {
  it("Opposed Actions: the highest total wins; equal totals tie", () => {
    const o = resolveOpposed({ rank: 5, modifier: 0 }, { rank: 6, modifier: 0 }, script(s(6), s(3)));
    expect(o.winner).toBe("a");
    expect(o.margin).toBe(2);
    expect(o.a.band).toBe("success");
    expect(o.b.band).toBe("failure");
    expect(resolveOpposed({ rank: 5, modifier: 0 }, { rank: 6, modifier: 0 }, script(s(4), s(3))).winner).toBe("tie");
  });
  it("a natural 0 under rolling zeros loses outright", () => {
    const o = resolveOpposed({ rank: 9, modifier: 0, rollingZeros: true }, { rank: 1, modifier: 0 }, script(s(0), s(2), s(5)));
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
