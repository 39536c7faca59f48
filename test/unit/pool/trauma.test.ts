import { describe, expect, it } from "vitest";
import {
  DEFAULT_WOUND_CHART,
  checkWoundChart,
  healingHours,
  resolveTrauma,
  scaleHealingTime,
  woundPenalties,
  woundRow,
  woundState,
  type WoundChart,
} from "../../../src/rulesets/pool/rules";

const plain = { physicalThreshold: 0, mentalThreshold: 0, toughness: 0 };

describe("seed 002 · Armor", () => {
  it("armor subtracts from the attack's degree of success", () => {
    const r = resolveTrauma({ degree: 3, trauma: "physical", damageType: "lethal", armor: { rating: 2, convertsLethal: false } }, plain);
    expect(r).toMatchObject({ degreeAfterArmor: 1, stoppedByArmor: false, damageType: "lethal", damageDegree: 1 });
    expect(r.wounds).toEqual([{ kind: "physical", degree: 1, severity: "moderate", nonlethal: false }]);
  });
  it("an attack that succeeds before armor but fails after is stopped by the armor", () => {
    const r = resolveTrauma({ degree: 1, trauma: "physical", damageType: "lethal", weaponModifier: 3, armor: { rating: 2, convertsLethal: false } }, plain);
    expect(r).toMatchObject({ stoppedByArmor: true, wounds: [] });
  });
  it("some armor turns lethal damage into nonlethal", () => {
    const r = resolveTrauma({ degree: 5, trauma: "physical", damageType: "lethal", armor: { rating: 1, convertsLethal: true } }, plain);
    expect(r.damageType).toBe("nonlethal");
    expect(r.wounds.map((w) => [w.kind, w.degree])).toEqual([["physical", 2], ["mental", 2]]);
  });
});

describe("seed 002 · Trauma", () => {
  it("final degree = attack degree + muscle power + weapon modifier − toughness, less the threshold", () => {
    const r = resolveTrauma(
      { degree: 2, trauma: "physical", damageType: "lethal", musclePower: 1, weaponModifier: 2 },
      { physicalThreshold: 1, mentalThreshold: 0, toughness: 1 },
    );
    expect(r.damageDegree).toBe(4);
    expect(r.finalDegree).toBe(3);
    expect(r.wounds).toEqual([{ kind: "physical", degree: 3, severity: "severe", nonlethal: false }]);
  });
  it("nonlethal damage splits evenly between physical and mental wounds, the odd point physical", () => {
    const r = resolveTrauma({ degree: 5, trauma: "physical", damageType: "nonlethal" }, plain);
    expect(r.wounds.map((w) => [w.kind, w.degree, w.nonlethal])).toEqual([["physical", 3, true], ["mental", 2, true]]);
    expect(r.split).toEqual({ physical: 3, mental: 2 });
  });
  it("the book's order: the Physical Threshold comes off before the split, and the mental half takes no threshold", () => {
    // Degree 6 − Physical Threshold 2 = final 4 → 2 physical, 2 mental. The Mental Threshold is
    // not subtracted from a physical attack's mental half ("the final Degree of Success is split").
    const r = resolveTrauma({ degree: 6, trauma: "physical", damageType: "nonlethal" }, { physicalThreshold: 2, mentalThreshold: 3, toughness: 0 });
    expect(r).toMatchObject({ damageDegree: 6, finalDegree: 4, split: { physical: 2, mental: 2 } });
    expect(r.wounds.map((w) => [w.kind, w.degree])).toEqual([["physical", 2], ["mental", 2]]);
    // Split first (the earlier reading) would have given physical 3 − 2 = 1 and mental 3 − 3 = 0.
    const one = resolveTrauma({ degree: 1, trauma: "physical", damageType: "nonlethal" }, { ...plain, mentalThreshold: 1 });
    // Final 1 → 1 physical, 0 mental: a share without a point is no wound (issue 19.14).
    expect(one.wounds.map((w) => [w.kind, w.degree])).toEqual([["physical", 1]]);
    // A threshold that takes the final degree below 0 leaves no wound of either kind.
    expect(resolveTrauma({ degree: 1, trauma: "physical", damageType: "nonlethal" }, { ...plain, physicalThreshold: 2 })).toMatchObject({ finalDegree: -1, split: null, wounds: [] });
  });
  it("nonlethal damage never reaches a fatal row (decision)", () => {
    const r = resolveTrauma({ degree: 20, trauma: "physical", damageType: "nonlethal" }, plain);
    expect(r.wounds.map((w) => w.severity)).toEqual(["incapacitating", "incapacitating"]);
    expect(woundState(r.wounds).dead).toBe(false);
  });
  it("mental attacks use the mental threshold and chart", () => {
    const r = resolveTrauma({ degree: 4, trauma: "mental" }, { ...plain, mentalThreshold: 2 });
    expect(r.wounds).toEqual([{ kind: "mental", degree: 2, severity: "serious", nonlethal: false }]);
  });
  it("a threshold can absorb the whole attack", () => {
    expect(resolveTrauma({ degree: 1, trauma: "physical" }, { ...plain, physicalThreshold: 2 }).wounds).toEqual([]);
  });
  it("penalties are cumulative; extreme wounds also impair the other kind (the parenthesised figure)", () => {
    const wounds = [
      { kind: "physical" as const, degree: 0 },
      { kind: "physical" as const, degree: 3 },
      { kind: "mental" as const, degree: 4 },
    ];
    expect(woundPenalties(wounds)).toEqual({ physical: 1 + 2 + 1, mental: 1 + 3 });
  });
  it("the default chart is valid data and a GM may pass another", () => {
    expect(checkWoundChart(DEFAULT_WOUND_CHART)).toBe(DEFAULT_WOUND_CHART);
    const harsh: WoundChart = {
      physical: [{ minDegree: 0, severity: "dead", penaltyDice: 0, crossPenaltyDice: 0, healingHours: null, incapacitating: true, fatal: true }],
      mental: DEFAULT_WOUND_CHART.mental,
    };
    expect(resolveTrauma({ degree: 0, trauma: "physical" }, plain, harsh).wounds[0].severity).toBe("dead");
    expect(woundRow("physical", 9)?.fatal).toBe(true);
    expect(woundRow("physical", -1)).toBeNull();
    expect(() => checkWoundChart({ ...harsh, mental: [] })).toThrow(/mental wound chart has no rows/);
  });
  it("rejects bad input", () => {
    expect(() => resolveTrauma({ degree: -1, trauma: "physical" }, plain)).toThrow(/attack degree must be at least 0/);
    expect(() => resolveTrauma({ degree: 1, trauma: "physical", armor: { rating: 0.5, convertsLethal: false } }, plain)).toThrow(/armor rating must be a whole number/);
  });
});

describe("seed 002 · Healing", () => {
  it("per wound, for governing attribute 0; divided by a positive score, multiplied by |negative score|", () => {
    expect(scaleHealingTime({ baseHours: 24, governingAttribute: 0 })).toBe(24);
    expect(scaleHealingTime({ baseHours: 24, governingAttribute: 3 })).toBe(8);
    expect(scaleHealingTime({ baseHours: 24, governingAttribute: -2 })).toBe(48);
    expect(healingHours({ kind: "physical", degree: 2 }, { governingAttribute: 2 })).toBe(84);
    expect(healingHours({ kind: "mental", degree: 0 }, { governingAttribute: -3 })).toBe(3);
  });
  it("constant activity can move a wound up the chart for healing time (Storyguide's call)", () => {
    expect(healingHours({ kind: "physical", degree: 0 }, { governingAttribute: 0, stepsWorse: 1 })).toBe(72);
    expect(healingHours({ kind: "physical", degree: 8 }, { governingAttribute: 0 })).toBeNull();
  });
});
