/**
 * Adjustment texts are parsed once and their terms shared (every character's armor, gear and TABs
 * are parsed on every preparation, issue 20): the same terms, frozen, and a bad text still refused
 * every time it is read.
 */
import { describe, expect, it } from "vitest";
import { combineAdjustments, parseAdjustment } from "../../../src/rulesets/d100/rules";

describe("parsed adjustment texts are reused", () => {
  it("gives the same shared, frozen terms for the same text", () => {
    const a = parseAdjustment("-1F 2R, +3KF");
    const b = parseAdjustment("-1F 2R, +3KF");
    expect(b.terms).toBe(a.terms);
    expect(a).toEqual({ text: "-1F 2R, +3KF", terms: [{ kind: "flat", amount: -1 }, { kind: "repeating", amount: 2 }, { kind: "flat", amount: 3000 }] });
    expect(Object.isFrozen(a.terms)).toBe(true);
    expect(Object.isFrozen(a.terms[0])).toBe(true);
    expect(parseAdjustment("").terms).toEqual([]);
  });

  it("refuses a bad text on every read, and combining never changes the shared terms", () => {
    expect(() => parseAdjustment("3X")).toThrow(/expected "F"/);
    expect(() => parseAdjustment("3X")).toThrow(/expected "F"/);
    const before = parseAdjustment("-2F").terms;
    const combined = combineAdjustments("-2F", "1R");
    expect(combined.terms).toEqual([{ kind: "flat", amount: -2 }, { kind: "repeating", amount: 1 }]);
    expect(parseAdjustment("-2F").terms).toEqual([{ kind: "flat", amount: -2 }]);
    expect(parseAdjustment("-2F").terms).toBe(before);
  });
});
