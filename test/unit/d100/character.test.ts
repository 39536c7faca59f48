import { describe, expect, it } from "vitest";
import {
  actionQuota,
  attributeFromAbbreviation,
  attributeRating,
  checkAttributeBuild,
  uniformAttributes,
  validateAttributes,
} from "../../../src/rulesets/d100/rules/attributes";
import {
  applyDamage,
  buyHealthIncrease,
  dailyRecoveryRate,
  healthIncrease,
  healthState,
  normalHealth,
  recover,
  startingHealth,
} from "../../../src/rulesets/d100/rules/health";

const avg = uniformAttributes(5);
const hero = validateAttributes({
  agility: 7,
  endurance: 6,
  intellect: 4,
  perception: 6,
  strength: 5,
  focus: 8,
  spirit: 7,
  sense: 5,
  beyond: 3,
  charisma: 4,
});

describe("attributes (seed: Attributes, Determine Attributes)", () => {
  it("score meanings follow the Score/Meaning table", () => {
    expect(attributeRating(0)).toBe("nonExistent");
    expect(attributeRating(1)).toBe("barelyNoted");
    expect(attributeRating(5)).toBe("average");
    expect(attributeRating(10)).toBe("amazing");
    expect(attributeRating(11)).toBe("exceptional");
  });
  it("45 points above a minimum of 1 (Determine Attributes)", () => {
    const b = checkAttributeBuild(hero);
    expect(b.spent).toBe(55 - 10);
    expect(b.remaining).toBe(0);
    expect(b.problems).toEqual([]);
    const over = checkAttributeBuild({ ...hero, agility: 11 });
    expect(over.problems.map((p) => p.key)).toEqual(["aboveCap", "overspent"]);
    expect(checkAttributeBuild({ ...hero, beyond: 0 }).problems[0]).toEqual({ key: "belowMinimum", attribute: "beyond" });
  });
  it("rejects missing and non-integer attributes", () => {
    expect(() => validateAttributes({ agility: 5 })).toThrow(/endurance is missing/);
    expect(() => validateAttributes({ ...hero, focus: 2.5 })).toThrow(/whole number/);
    expect(() => validateAttributes({ ...hero, focus: -1 })).toThrow(/at least 0/);
  });
  it("abbreviations resolve", () => {
    expect(attributeFromAbbreviation("ST")).toBe("strength");
    expect(attributeFromAbbreviation("ch")).toBe("charisma");
    expect(() => attributeFromAbbreviation("XX")).toThrow(/Unknown attribute "XX"/);
  });
  it("Action Quota is the average of Agility and Focus rounded down (Determine Action Quota)", () => {
    expect(actionQuota(hero)).toBe(7);
    expect(actionQuota({ ...hero, focus: 7 })).toBe(7);
    expect(actionQuota({ ...hero, focus: 6 })).toBe(6);
    expect(actionQuota(avg)).toBe(5);
  });
});

describe("health (seed: Health Points, The Health Range, Keeping Healthy)", () => {
  it("Normal = average(EN, SP) × 10; Current starts at Normal", () => {
    expect(normalHealth(hero)).toBe(65);
    expect(normalHealth(avg)).toBe(50);
    expect(startingHealth(hero)).toEqual({ normal: 65, current: 65 });
    expect(normalHealth(hero, { attributes: ["endurance", "spirit"], multiplier: 5 })).toBe(32);
  });
  it("Progression increase is the average rounded up", () => {
    expect(healthIncrease(hero)).toBe(7);
    expect(buyHealthIncrease({ normal: 65, current: 40 }, hero)).toEqual({ normal: 72, current: 47 });
  });
  it("health range: exceptional, normal, injured, on the brink, dying, dead", () => {
    expect(healthState({ normal: 50, current: 51 })).toBe("exceptional");
    expect(healthState({ normal: 50, current: 50 })).toBe("normal");
    expect(healthState({ normal: 50, current: 1 })).toBe("injured");
    expect(healthState({ normal: 50, current: 0 })).toBe("onTheBrink");
    expect(healthState({ normal: 50, current: -1 })).toBe("dying");
    expect(healthState({ normal: 50, current: -50 })).toBe("dying");
    expect(healthState({ normal: 50, current: -51 })).toBe("dead");
  });
  it("daily recovery: rate, ×2 rest, ×3 medical care, capped at Normal", () => {
    expect(dailyRecoveryRate(hero)).toBe(7);
    expect(recover({ normal: 65, current: 10 }, hero, 1).health.current).toBe(17);
    expect(recover({ normal: 65, current: 10 }, hero, 2, "rest").health.current).toBe(38);
    expect(recover({ normal: 65, current: 10 }, hero, 2, "medical").health.current).toBe(52);
    const full = recover({ normal: 65, current: 60 }, hero, 3, "medical");
    expect(full.health.current).toBe(65);
    expect(full.recovered).toBe(5);
    expect(recover({ normal: 65, current: 70 }, hero, 3).health.current).toBe(70);
  });
  it("damage moves Current and validates", () => {
    expect(applyDamage({ normal: 50, current: 20 }, 25)).toEqual({ normal: 50, current: -5 });
    expect(() => applyDamage({ normal: 50, current: 20 }, 2.5)).toThrow(/Damage must be a whole number/);
  });
});
