import { describe, expect, it } from "vitest";
import {
  ARMOR_TABLE,
  ASPECT_ATTRIBUTES,
  ATTRIBUTE_ABBREVIATIONS,
  ATTRIBUTE_KEYS,
  ATTRIBUTE_MODIFIER_TABLE,
  armorPenalty,
  armorPenaltyApplies,
  aspectScore,
  aspectScores,
  attributeModifier,
  attributeTaskBase,
  deriveCharacter,
  effectiveWoundLevel,
  skillAttributeModifier,
  skillModifier,
  taskModifier,
  woundCategory,
  woundCategoryStart,
  woundStatus,
  woundThreshold,
} from "../../../src/rulesets/toast/rules";
import { attrs } from "./helpers";

describe("toast attributes and aspects (seed: Attributes and Aspects)", () => {
  it("has ten attributes, five per aspect, with the seed's abbreviations", () => {
    expect(ATTRIBUTE_KEYS).toHaveLength(10);
    expect(ASPECT_ATTRIBUTES.physical).toEqual(["strength", "agility", "hec", "health", "tolerance"]);
    expect(ASPECT_ATTRIBUTES.mental).toEqual(["perception", "focus", "empathy", "will", "psyche"]);
    expect(ATTRIBUTE_KEYS.map((k) => ATTRIBUTE_ABBREVIATIONS[k])).toEqual(["STR", "AGI", "HEC", "HTH", "TOL", "PER", "FOC", "EMP", "WIL", "PSY"]);
  });
  it("an aspect score is the average of its attributes, rounded down", () => {
    const a = attrs({ strength: 14, agility: 13, hec: 9, health: 11, tolerance: 12, perception: 15, focus: 16 });
    // physical: 59 / 5 = 11.8 → 11; mental: 61 / 5 = 12.2 → 12
    expect(aspectScore(a, "physical")).toBe(11);
    expect(aspectScores(a)).toEqual({ physical: 11, mental: 12 });
  });
  it("rejects missing or bad attributes", () => {
    const { psyche: _omit, ...rest } = attrs();
    expect(() => aspectScore(rest as ReturnType<typeof attrs>, "mental")).toThrow(/psyche is missing/);
    expect(() => aspectScore(attrs({ will: 0 }), "mental")).toThrow(/will must be between 1 and/);
    expect(() => aspectScore(attrs({ will: 3.5 }), "mental")).toThrow(/whole number/);
    expect(() => aspectScore(attrs(), "spiritual" as "mental")).toThrow(/Aspect must be one of/);
  });
});

describe("toast attribute-modifier table (seed: Level / Modifier table)", () => {
  const seedTable: [number, number][] = [
    [1, -5], [2, -4], [3, -4], [4, -3], [5, -3], [6, -2], [7, -2], [8, -1], [9, -1], [10, 0],
    [11, 0], [12, 1], [13, 1], [14, 2], [15, 2], [16, 3], [17, 3], [18, 4], [19, 4], [20, 5],
  ];
  it.each(seedTable)("level %i gives %i", (level, modifier) => {
    expect(attributeModifier(level)).toBe(modifier);
  });
  it("continues past 20 by +1 per two levels (our decision for creatures beyond the table)", () => {
    expect(attributeModifier(21)).toBe(5);
    expect(attributeModifier(22)).toBe(6);
    expect(attributeModifier(30)).toBe(10);
  });
  it("rejects levels below 1 and non-integers, and takes a GM's table", () => {
    expect(() => attributeModifier(0)).toThrow(/between 1 and/);
    expect(() => attributeModifier(10.5)).toThrow(/whole number/);
    expect(attributeModifier(10, [{ min: 1, max: 20, modifier: 2 }])).toBe(2);
    expect(ATTRIBUTE_MODIFIER_TABLE).toHaveLength(11);
  });
});

describe("toast skill and task modifiers (seed: Task Resolution)", () => {
  it("a skill's modifier is the table modifier of its averaged base attributes plus its level", () => {
    const a = attrs({ perception: 15, hec: 12 });
    // avg(15, 12) = 13.5 → 13 → +1
    expect(skillAttributeModifier(a, ["perception", "hec"])).toBe(1);
    expect(skillModifier(a, { baseAttributes: ["perception", "hec"], level: 6 })).toBe(7);
  });
  it("an attribute-only task uses the average itself as the modifier, no table lookup", () => {
    expect(attributeTaskBase(attrs({ strength: 15, health: 12, tolerance: 10 }), ["strength", "health", "tolerance"])).toBe(12);
    const m = taskModifier({ attributes: attrs({ perception: 13, focus: 16 }), task: { kind: "attributes", attributes: ["perception", "focus"] } });
    expect(m).toMatchObject({ base: 14, attributeModifier: null, skillLevel: null, total: 14 });
  });
  it("an unclear attribute can fall back on the aspect score", () => {
    const m = taskModifier({ attributes: attrs({ psyche: 15 }), task: { kind: "aspect", aspect: "mental" } });
    expect(m.base).toBe(11);
    expect(m.involvedAttributes).toEqual(ASPECT_ATTRIBUTES.mental);
  });
  it("subtracts the wound penalty and the armor penalty (STR/AGI/TOL tasks only), and adds the GM's modifier", () => {
    const a = attrs({ agility: 17, tolerance: 10 });
    const m = taskModifier({
      attributes: a,
      task: { kind: "skill", baseAttributes: ["agility"], level: 8 },
      woundLevels: 6,
      armor: ARMOR_TABLE.chainMail,
      situational: 2,
    });
    // +3 (AGI 17) + 8; wounds 6 (threshold 0) → light −2; chain mail 40 / (10 + 17) = 1
    expect(m).toEqual({
      base: 11,
      attributeModifier: 3,
      skillLevel: 8,
      woundAdjustment: -2,
      armorAdjustment: -1,
      situational: 2,
      total: 10,
      involvedAttributes: ["agility"],
    });
    const mental = taskModifier({ attributes: a, task: { kind: "skill", baseAttributes: ["perception", "focus"], level: 3 }, armor: ARMOR_TABLE.fullPlate });
    expect(mental.armorAdjustment).toBe(0);
    const noWounds = taskModifier({ attributes: a, task: { kind: "attributes", attributes: ["will"] }, woundLevels: 20, ignoreWoundPenalty: true });
    expect(noWounds.woundAdjustment).toBe(0);
  });
  it("rejects bad task data", () => {
    expect(() => taskModifier({ attributes: attrs(), task: { kind: "skill", baseAttributes: [], level: 1 } })).toThrow(/at least one attribute/);
    expect(() => taskModifier({ attributes: attrs(), task: { kind: "skill", baseAttributes: ["agility"], level: -1 } })).toThrow(/Skill level/);
    expect(() => taskModifier({ attributes: attrs(), task: { kind: "attributes", attributes: ["charm" as "will"] } })).toThrow(/must be one of/);
    expect(() => taskModifier({ attributes: attrs(), task: { kind: "attributes", attributes: ["will"] }, situational: 0.5 })).toThrow(/Situational/);
  });
});

describe("toast armor (seed: Armor)", () => {
  it("has the seed's armor table", () => {
    expect(Object.entries(ARMOR_TABLE).map(([k, v]) => [k, v.woundReduction, v.encumbrance])).toEqual([
      ["cloth", 1, 10],
      ["quilt", 2, 15],
      ["leather", 3, 20],
      ["boiledLeather", 4, 25],
      ["ringMail", 5, 30],
      ["chainMail", 5, 40],
      ["scaleMail", 6, 45],
      ["brigandine", 7, 50],
      ["plate", 8, 60],
      ["fullPlate", 9, 75],
    ]);
  });
  it("armor penalty is encumbrance ÷ (STR + AGI), rounded down", () => {
    expect(armorPenalty({ encumbrance: 75, strength: 10, agility: 10 })).toBe(3);
    expect(armorPenalty({ encumbrance: 75, strength: 13, agility: 12 })).toBe(3);
    expect(armorPenalty({ encumbrance: 75, strength: 14, agility: 12 })).toBe(2);
    expect(armorPenalty({ encumbrance: 10, strength: 10, agility: 10 })).toBe(0);
    expect(() => armorPenalty({ encumbrance: 10, strength: 0, agility: 10 })).toThrow(/Strength/);
  });
  it("applies to tasks involving Strength, Agility or Tolerance only", () => {
    expect(armorPenaltyApplies(["tolerance"])).toBe(true);
    expect(armorPenaltyApplies(["hec", "perception"])).toBe(false);
    expect(armorPenaltyApplies(["perception", "agility"])).toBe(true);
  });
});

describe("toast wounds (seed: Wounds, wound-penalty table)", () => {
  it("wound threshold is the positive Tolerance modifier", () => {
    expect(woundThreshold(17)).toBe(3);
    expect(woundThreshold(10)).toBe(0);
    expect(woundThreshold(4)).toBe(0);
  });
  it("effective wound level is the tally beyond the threshold", () => {
    expect(effectiveWoundLevel({ woundLevels: 2, threshold: 3 })).toBe(0);
    expect(effectiveWoundLevel({ woundLevels: 10, threshold: 3 })).toBe(7);
  });
  it.each([
    [0, "none", 0],
    [1, "trivial", -1],
    [4, "trivial", -1],
    [5, "light", -2],
    [8, "light", -2],
    [9, "moderate", -3],
    [12, "moderate", -3],
    [13, "serious", -4],
    [16, "serious", -4],
    [17, "severe", -5],
    [20, "severe", -5],
    [21, "critical", -6],
    [24, "critical", -6],
    [25, "deadly", -7],
    [60, "deadly", -7],
  ])("effective level %i is %s with penalty %i", (effective, key, penalty) => {
    expect(woundCategory({ effective: effective })).toEqual({ key, penalty });
  });
  it("a hardier race uses a scale of 5: the same categories, five levels each", () => {
    expect(woundCategory({ effective: 5, scale: 5 }).key).toBe("trivial");
    expect(woundCategory({ effective: 6, scale: 5 }).key).toBe("light");
    expect(woundCategory({ effective: 31, scale: 5 }).key).toBe("deadly");
    expect(woundCategoryStart("serious", 5)).toBe(16);
    expect(woundCategoryStart("critical", 5)).toBe(26);
  });
  it("the humanoid collapse line is 13 and the death-strike line 21", () => {
    expect(woundCategoryStart("serious")).toBe(13);
    expect(woundCategoryStart("critical")).toBe(21);
    expect(woundCategoryStart("none")).toBe(0);
  });
  it("sums it up for the sheet", () => {
    expect(woundStatus({ woundLevels: 16, tolerance: 16 })).toEqual({
      woundLevels: 16,
      threshold: 3,
      effective: 13,
      category: "serious",
      penalty: -4,
      collapseFrom: 13,
      deathStrikeFrom: 21,
      seriouslyWounded: true,
    });
  });
  it("rejects bad wound data", () => {
    expect(() => woundStatus({ woundLevels: -1, tolerance: 10 })).toThrow(/Wound levels/);
    expect(() => woundCategory({ effective: 3, scale: 0 })).toThrow(/Wound scale/);
    expect(() => woundCategory({ effective: 3, scale: 4 }, [])).toThrow(/wound table/);
  });
});

describe("toast derived sheet values (seed: Attributes and Aspects, Task Resolution, Wounds, Armor)", () => {
  it("derives aspects, modifiers, skills with current penalties, wounds, armor penalty and the skill cap", () => {
    const d = deriveCharacter({
      attributes: attrs({ agility: 17, strength: 13, tolerance: 14, focus: 15 }),
      skills: [
        { key: "broadsword", category: "weapon", baseAttributes: ["agility"], level: 7 },
        { key: "history", category: "knowledge", baseAttributes: ["perception", "focus"], level: 4 },
      ],
      woundLevels: 9,
      armor: ARMOR_TABLE.scaleMail,
    });
    expect(d.aspects).toEqual({ physical: 12, mental: 11 });
    expect(d.attributeModifiers.agility).toBe(3);
    expect(d.attributeModifiers.focus).toBe(2);
    // wounds 9 − threshold 2 = 7 → light −2; scale mail 45 / (13 + 17) = 1
    expect(d.wounds).toMatchObject({ threshold: 2, effective: 7, category: "light", penalty: -2 });
    expect(d.armorPenalty).toBe(1);
    expect(d.skills).toEqual([
      { key: "broadsword", level: 7, attributeModifier: 3, modifier: 10, currentModifier: 7 },
      { key: "history", level: 4, attributeModifier: 1, modifier: 5, currentModifier: 3 },
    ]);
    expect(d.startingSkillCap).toBe(12);
  });
});
