import { describe, expect, it } from "vitest";
import {
  STUN_STATES,
  actionPenalty,
  bleed,
  rollHealing,
  isMortallyWounded,
  medicalModifier,
  rollMortality,
  mortalityModifier,
  recoverStun,
  sizeThresholds,
  startBleeding,
  stopBleeding,
  stunState,
  unnamedIncapacitated,
  woundPenalty,
  woundsFromDamage,
} from "../../../src/rulesets/toaster/rules";
import { s, script } from "./helpers";

describe("toaster size thresholds", () => {
  it("Physical Size table: +4 6/6, +2 6/5, 0 5/5, -2 4/5, -4 4/4", () => {
    expect(sizeThresholds(4)).toEqual({ stun: 6, wound: 6 });
    expect(sizeThresholds(2)).toEqual({ stun: 6, wound: 5 });
    expect(sizeThresholds(0)).toEqual({ stun: 5, wound: 5 });
    expect(sizeThresholds(-2)).toEqual({ stun: 4, wound: 5 });
    expect(sizeThresholds(-4)).toEqual({ stun: 4, wound: 4 });
  });
  it("odd ranks read as the next even rank away from zero (Father Mallory, size +1: 6/5)", () => {
    expect(sizeThresholds(1)).toEqual({ stun: 6, wound: 5 });
    expect(sizeThresholds(3)).toEqual({ stun: 6, wound: 6 });
    expect(sizeThresholds(-1)).toEqual({ stun: 4, wound: 5 });
    expect(sizeThresholds(-3)).toEqual({ stun: 4, wound: 4 });
  });
  it("beyond ±4 the alternation continues (decision)", () => {
    expect(sizeThresholds(6)).toEqual({ stun: 7, wound: 6 });
    expect(sizeThresholds(8)).toEqual({ stun: 7, wound: 7 });
    expect(sizeThresholds(10)).toEqual({ stun: 8, wound: 7 });
    expect(sizeThresholds(-10)).toEqual({ stun: 2, wound: 3 });
    expect(() => sizeThresholds(11)).toThrow(RangeError);
  });
});

describe("toaster stun and wounds", () => {
  it("Stun Points: 13 stun is battered at -2", () => {
    expect(stunState({ stun: 13, stunThreshold: 5 })).toMatchObject({ key: "battered", penalty: -2 });
  });
  it("Stun Points: the full table at thresholds 4, 5 and 6", () => {
    const rows: [number, number, string][] = [
      [3, 4, "fine"], [4, 4, "bruised"], [11, 4, "battered"], [12, 4, "dazed"], [19, 4, "stunned"], [20, 4, "unconscious"],
      [4, 5, "fine"], [9, 5, "bruised"], [24, 5, "stunned"], [25, 5, "unconscious"],
      [5, 6, "fine"], [6, 6, "bruised"], [17, 6, "battered"], [23, 6, "dazed"], [29, 6, "stunned"], [30, 6, "unconscious"],
    ];
    for (const [stun, th, key] of rows) expect(stunState({ stun, stunThreshold: th }).key).toBe(key);
    expect(STUN_STATES.map((x) => x.penalty)).toEqual([0, -1, -2, -3, -4, -4]);
    expect(stunState({ stun: 99, stunThreshold: 5 }).unconscious).toBe(true);
  });
  it("Wounds: one per full threshold of damage from one attack", () => {
    expect(woundsFromDamage({ damage: 4, woundThreshold: 5, unarmed: false })).toBe(0);
    expect(woundsFromDamage({ damage: 5, woundThreshold: 5, unarmed: false })).toBe(1);
    expect(woundsFromDamage({ damage: 19, woundThreshold: 5, unarmed: false })).toBe(3);
    expect(woundsFromDamage({ damage: 7, woundThreshold: 4, unarmed: false })).toBe(1);
    expect(woundsFromDamage({ damage: 8, woundThreshold: 4, unarmed: false })).toBe(2);
    expect(woundsFromDamage({ damage: 11, woundThreshold: 6, unarmed: false })).toBe(1);
    expect(woundsFromDamage({ damage: 12, woundThreshold: 6, unarmed: false })).toBe(2);
  });
  it("Wounds: unarmed attacks do one fewer, never below none", () => {
    expect(woundsFromDamage({ damage: 10, woundThreshold: 5, unarmed: true })).toBe(1);
    expect(woundsFromDamage({ damage: 3, woundThreshold: 5, unarmed: true })).toBe(0);
    expect(woundsFromDamage({ damage: 6, woundThreshold: 5, unarmed: true })).toBe(0);
  });
  it("Wounds: -1 per wound to -4; mortally wounded at 5+", () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(woundPenalty)).toEqual([0, -1, -2, -3, -4, -4, -4]);
    expect(isMortallyWounded(4)).toBe(false);
    expect(isMortallyWounded(5)).toBe(true);
  });
  it("Wounds: dazed (-3) with 4 wounds (-4) acts at -4 — the worse penalty only", () => {
    expect(actionPenalty({ stun: 15, wounds: 4, thresholds: { stun: 5, wound: 5 } })).toBe(-4);
    expect(actionPenalty({ stun: 15, wounds: 1, thresholds: { stun: 5, wound: 5 } })).toBe(-3);
  });
  it("(Unnamed Characters): out at the first wound", () => {
    expect(unnamedIncapacitated(0)).toBe(false);
    expect(unnamedIncapacitated(1)).toBe(true);
  });
});

describe("toaster mortality check", () => {
  it("-1 per wound over 5", () => {
    expect(mortalityModifier({ wounds: 5 })).toBe(0);
    expect(mortalityModifier({ wounds: 7, modifier: 3 })).toBe(1);
  });
  it("a 0 kills at once; another failure kills after rounds equal to the roll; success holds for roll − 9", () => {
    expect(rollMortality({ physique: 5, wounds: 6, modifier: 0 }, script(s(0))).outcome).toBe("dies-now");
    // Physique 7 at -1: a die of 0 is still immediate death even though 6 is a low total
    const f = rollMortality({ physique: 7, wounds: 6, modifier: 0 }, script(s(0)));
    expect(f).toMatchObject({ outcome: "dies-now", rounds: 0 });
    const d = rollMortality({ physique: 1, wounds: 5, modifier: 0 }, script(s(5)));
    expect(d).toMatchObject({ outcome: "dies-in", rounds: 6 });
    const h = rollMortality({ physique: 5, wounds: 6, modifier: 0 }, script(s(8)));
    expect(h).toMatchObject({ outcome: "holds", rounds: 3 });
    expect(() => rollMortality({ physique: 5, wounds: 4, modifier: 0 }, script(s(5)))).toThrow(/5 or more wounds/);
  });
  it("a medical bonus helps the re-roll", () => {
    expect(rollMortality({ physique: 5, wounds: 6, modifier: 4 }, script(s(3))).outcome).toBe("holds");
  });
});

describe("toaster bleeding and healing", () => {
  it("(Bleeding): 1 stun per wound per round; every 10 bleeding stun adds a wound that does not bleed", () => {
    const b0 = startBleeding({ stun: 0, wounds: 4 });
    expect(b0.rate).toBe(4);
    const b3 = bleed(b0, 3);
    expect(b3).toMatchObject({ stun: 12, bleedStun: 12, wounds: 5, rate: 4 });
    expect(bleed(b3, 2)).toMatchObject({ bleedStun: 20, wounds: 6 });
  });
  it("(Bleeding) standard: a successful medical roll stops it, a failure does not", () => {
    expect(stopBleeding({ variant: "standard", medicalTotal: 10, baseRate: 4 })).toEqual({ rate: 0, bestMargin: 0 });
    expect(stopBleeding({ variant: "standard", medicalTotal: 9, baseRate: 4 }).rate).toBe(4);
  });
  it("(Bleeding) margin variant: 4 wounds, medical roll 13 → 1 point per round; later rolls must beat 3", () => {
    const first = stopBleeding({ variant: "margin", medicalTotal: 13, baseRate: 4 });
    expect(first).toEqual({ rate: 1, bestMargin: 3 });
    expect(stopBleeding({ variant: "margin", medicalTotal: 13, baseRate: 4, bestMarginSoFar: first.bestMargin }).rate).toBe(1);
    expect(stopBleeding({ variant: "margin", medicalTotal: 14, baseRate: 4, bestMarginSoFar: first.bestMargin }).rate).toBe(0);
  });
  it("Healing: stun recovers by Physique (min 1) per ten minutes", () => {
    expect(recoverStun({ stun: 13, physique: 5, tenMinutePeriods: 2 })).toBe(3);
    expect(recoverStun({ stun: 3, physique: 0, tenMinutePeriods: 2 })).toBe(1);
    expect(recoverStun({ stun: 3, physique: 5, tenMinutePeriods: 1 })).toBe(0);
  });
  it("Healing: 4 wounds roll Physique at -4; success leaves 3", () => {
    const r = rollHealing({ physique: 6, wounds: 4, care: { kind: "none", bonus: 0 } }, script(s(8)));
    expect(r.result.total).toBe(10);
    expect(r.wounds).toBe(3);
    const fail = rollHealing({ physique: 6, wounds: 4, care: { kind: "none", bonus: 0 } }, script(s(7)));
    expect(fail.wounds).toBe(4);
    const fumble = rollHealing({ physique: 2, wounds: 4, care: { kind: "none", bonus: 0 } }, script(s(0)));
    expect(fumble.result.band).toBe("fumble");
    expect(fumble.wounds).toBe(5);
  });
  it("Healing: first aid rolled 14 gives +4 to the first Physique roll only", () => {
    expect(medicalModifier(14)).toBe(4);
    expect(medicalModifier(8)).toBe(0);
    const r = rollHealing({ physique: 5, wounds: 2, care: { kind: "firstAid", bonus: medicalModifier(14) } }, script(s(3)));
    expect(r.result.total).toBe(5 - 2 + 4 + 3);
    expect(r.care).toEqual({ kind: "none", bonus: 0 });
  });
  it("Healing: long-term care keeps its bonus until a roll fails", () => {
    const care = { kind: "longTerm" as const, bonus: 2 };
    expect(rollHealing({ physique: 6, wounds: 2, care: care }, script(s(5))).care).toEqual(care);
    expect(rollHealing({ physique: 6, wounds: 2, care: care }, script(s(1))).care.kind).toBe("none");
  });
});
