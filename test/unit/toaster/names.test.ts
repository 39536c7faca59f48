/**
 * Names typed by users (skills, attributes, traits, table entries, choices) are looked up in Maps
 * or null-prototype records: "constructor", "toString", "__proto__", "hasOwnProperty" and
 * "valueOf" are names like any other (issue 9.6).
 */
import { describe, expect, it } from "vitest";
import type { CriticalEntry, HitLocationEntry } from "../../../src/rulesets/toaster/rules";
import {
  CRITICAL_TABLE,
  campaignStyle,
  creationBudget,
  criticalTableOdds,
  difficultyModifier,
  hitLocationOdds,
  partialArmorAC,
  rangePenalty,
  skillPackage,
  weaponLengthAttack,
} from "../../../src/rulesets/toaster/rules";

const NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] as const;

describe("toaster core: prototype names are just names", () => {
  it("choices keyed by name refuse a prototype name instead of finding Object's member", () => {
    for (const n of NAMES) {
      expect(() => difficultyModifier(n)).toThrow(/Unknown difficulty/);
      expect(() => rangePenalty(n)).toThrow(/Unknown range/);
      expect(() => campaignStyle(n)).toThrow(/Unknown campaign style/);
    }
  });
  it("skills and attributes with prototype names count like any other in the creation budget", () => {
    const attributes = Object.fromEntries([["physique", 4], ["coordination", 4], ["intellect", 4], ["aura", 4], ...NAMES.map((n) => [n, 1] as const)]);
    const b = creationBudget({ style: "average", attributes, skills: NAMES.map((name) => ({ name, base: 2 })) });
    expect(b.attributePoints.spent).toBe(16 + NAMES.length);
    expect(b.attributePoints.allowed).toBe(16 + NAMES.length * 4);
    expect(b.skillPoints.spent).toBe(2 * NAMES.length);
    expect(skillPackage(2, [...NAMES.slice(0, 4)]).skills).toEqual(NAMES.slice(0, 4));
    expect(() => skillPackage(2, ["constructor", "constructor", "toString", "valueOf"])).toThrow(/each skill once/);
  });
  it("a critical table whose entries are named like prototype members keeps every effect's odds", () => {
    const table: CriticalEntry[] = CRITICAL_TABLE.map((e, i) => ({ ...e, key: NAMES[i % NAMES.length] }));
    const o = criticalTableOdds(table);
    for (const n of NAMES) {
      expect(typeof o.effects[n]).toBe("number");
      expect(o.effects[n]).toBeGreaterThan(0);
    }
    expect(Object.getPrototypeOf(o.effects)).toBeNull();
  });
  it("a hit-location table with prototype-named areas and locations counts each one", () => {
    const table: HitLocationEntry[] = [];
    for (let d10 = 0; d10 <= 9; d10++) table.push({ d10: [d10, d10], d6: [1, 6], area: NAMES[d10 % 5], areaLabel: "x", location: NAMES[(d10 + 1) % 5], label: "y" });
    const o = hitLocationOdds(table);
    for (const n of NAMES) expect(o.areas[n]).toBeCloseTo(0.2, 12);
    expect(o.locations["constructor.toString"]).toBeCloseTo(0.2, 12);
    expect(o.locations.__proto__).toBeUndefined();
  });
  it("reach labels and armour areas named like prototype members compare as strings", () => {
    expect(weaponLengthAttack({ distance: "constructor", optimum: "constructor", hit: false })).toEqual({ penalty: 0, distanceAfter: "constructor" });
    expect(weaponLengthAttack({ distance: "toString", optimum: "valueOf", hit: true })).toEqual({ penalty: -2, distanceAfter: "valueOf" });
    expect(partialArmorAC(4, [{ ac: 6, areas: ["hasOwnProperty"] }], "hasOwnProperty")).toBe(5);
    expect(partialArmorAC(4, [{ ac: 6, areas: ["hasOwnProperty"] }], "__proto__")).toBe(2);
  });
});
