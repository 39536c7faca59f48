import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  SKILL_CATEGORY_KEYS,
  STARTER_SKILLS,
  advancementOdds,
  advancementOutcomeOdds,
  canAttemptSkill,
  findStarterSkill,
  levelAfterAttempt,
  resolveAdvancement,
  rollAdvancement,
  rollSessionAdvancement,
  startingSkillCap,
  starterSkillsIn,
  validateCreation,
} from "../../../src/rulesets/toast/rules";
import { attrs, frequencies, maxDiff, oddsRecord, total } from "./helpers";

describe("toast character creation (seed: Character Creation)", () => {
  const fullBuild = attrs({ strength: 11, agility: 11, hec: 11, health: 11, tolerance: 11 }); // 105 points
  it("accepts 105 attribute points and 100 skill points within the caps", () => {
    const r = validateCreation({ attributes: fullBuild, skills: [{ key: "broadsword", level: 10 }, ...Array.from({ length: 9 }, (_, i) => ({ key: `s${i}`, level: 10 }))] });
    expect(r).toMatchObject({ valid: true, attributePointsSpent: 105, skillPointsSpent: 100, startingSkillCap: 10, remainingSkillPoints: 0, attributePointsExchanged: 0 });
    expect(r.aspectPoints).toEqual({ physical: 55, mental: 50 });
  });
  it("keeps each attribute between 1 and 20", () => {
    const r = validateCreation({ attributes: attrs({ strength: 21, agility: 0, hec: 14 }), skills: [] });
    expect(r.valid).toBe(false);
    expect(r.issues).toEqual([
      { key: "attributeOutOfRange", subject: "strength", value: 21, limit: 20 },
      { key: "attributeOutOfRange", subject: "agility", value: 0, limit: 1 },
    ]);
  });
  it("devotes no more than 70 points to one aspect", () => {
    const a = attrs({ strength: 20, agility: 20, hec: 11, health: 10, tolerance: 10, perception: 7, focus: 7, empathy: 7, will: 7, psyche: 6 });
    const r = validateCreation({ attributes: a, skills: [] });
    expect(r.attributePointsSpent).toBe(105);
    expect(r.issues).toEqual([{ key: "aspectOverLimit", subject: "physical", value: 71, limit: 70 }]);
  });
  it("caps starting skill levels at (10 + FOC) / 2, rounded down", () => {
    expect(startingSkillCap(15)).toBe(12);
    expect(startingSkillCap(20)).toBe(15);
    expect(startingSkillCap(1)).toBe(5);
    const r = validateCreation({ attributes: attrs({ focus: 13, psyche: 7 }), skills: [{ key: "history", level: 12 }] });
    expect(r.startingSkillCap).toBe(11);
    expect(r.issues).toEqual([{ key: "skillOverStartingCap", subject: "history", value: 12, limit: 11 }]);
  });
  it("exchanges 3 skill points for 1 attribute point, both ways", () => {
    const more = validateCreation({ attributes: attrs({ strength: 12, agility: 12, hec: 12, health: 12, tolerance: 12 }), skills: [{ key: "a", level: 10 }, { key: "b", level: 9 }, { key: "c", level: 10 }, { key: "d", level: 10 }, { key: "e", level: 10 }, { key: "f", level: 10 }, { key: "g", level: 10 }, { key: "h", level: 6 }] });
    // 110 attribute points: 5 bought with 15 skill points, leaving 85
    expect(more).toMatchObject({ valid: true, attributePointsExchanged: 5, skillPointBudget: 85, skillPointsSpent: 75, remainingSkillPoints: 10 });
    const fewer = validateCreation({ attributes: attrs({ psyche: 5 }), skills: Array.from({ length: 23 }, (_, i) => ({ key: `s${i}`, level: 5 })) });
    // 95 attribute points: 10 sold for 30 skill points → budget 130, 115 spent
    expect(fewer).toMatchObject({ valid: true, attributePointsExchanged: -10, skillPointBudget: 130, skillPointsSpent: 115, remainingSkillPoints: 15 });
  });
  it("reports overspending in skill points", () => {
    const r = validateCreation({ attributes: fullBuild, skills: Array.from({ length: 11 }, (_, i) => ({ key: `s${i}`, level: 10 })) });
    expect(r.issues).toEqual([{ key: "pointsOverBudget", subject: null, value: 425, limit: 415 }]);
    expect(r.remainingSkillPoints).toBe(-10);
  });
  it("flags duplicate and negative skills and throws on non-integers", () => {
    const r = validateCreation({ attributes: fullBuild, skills: [{ key: "dodge", level: 2 }, { key: "dodge", level: 3 }, { key: "riding", level: -1 }] });
    expect(r.issues.map((i) => i.key)).toEqual(["duplicateSkill", "skillLevelOutOfRange"]);
    expect(() => validateCreation({ attributes: fullBuild, skills: [{ key: "dodge", level: 2.5 }] })).toThrow(/dodge level must be a whole number/);
    expect(() => validateCreation({ attributes: attrs({ hec: 9.5 }), skills: [] })).toThrow(/hec/);
  });
});

describe("toast skills (seed: Skills, skill categories; starter list is ours — Appendix A is missing)", () => {
  it("offers starter skills in every one of the thirteen categories, with unique keys", () => {
    for (const c of SKILL_CATEGORY_KEYS) expect(starterSkillsIn(c).length).toBeGreaterThanOrEqual(3);
    expect(new Set(STARTER_SKILLS.map((s) => s.key)).size).toBe(STARTER_SKILLS.length);
  });
  it("bases Knowledge skills on Perception and Focus, and has an Initiative skill for combat", () => {
    expect(starterSkillsIn("knowledge").map((s) => s.key)).toEqual(["history", "arcaneLore", "geography", "languages", "heraldry"]);
    for (const s of starterSkillsIn("knowledge")) expect(s.baseAttributes).toEqual(["perception", "focus"]);
    expect(findStarterSkill("initiative")?.category).toBe("combat");
    expect(findStarterSkill("broadsword")?.baseAttributes).toEqual(["agility"]);
    expect(findStarterSkill("nope")).toBeUndefined();
  });
  it("any skill can be attempted untrained and becomes level 1 afterwards — except Knowledge", () => {
    expect(levelAfterAttempt("athletic", 0)).toEqual({ level: 1, learned: true });
    expect(levelAfterAttempt("athletic", 4)).toEqual({ level: 4, learned: false });
    expect(canAttemptSkill("knowledge", 0)).toBe(false);
    expect(canAttemptSkill("knowledge", 1)).toBe(true);
    expect(() => levelAfterAttempt("knowledge", 0)).toThrow(/Knowledge skill cannot be attempted/);
    expect(() => canAttemptSkill("magic" as "esoteric", 1)).toThrow(/Skill category/);
  });
});

describe("toast skill advancement (seed: Skill Advancement)", () => {
  it("an Auto advances the skill by one level", () => {
    expect(resolveAdvancement({ level: 14, focus: 3 }, [12, 5])).toMatchObject({ advanced: true, reason: "auto", newLevel: 15, score: null });
  });
  it("a Flub never advances it", () => {
    expect(resolveAdvancement({ level: 1, focus: 20 }, [11, 12])).toMatchObject({ advanced: false, reason: "flub", newLevel: 1 });
  });
  it("otherwise (roll + Focus) / 2, rounded down, must be greater than the level", () => {
    // (7 + 14) / 2 = 10.5 → 10
    expect(resolveAdvancement({ level: 9, focus: 14 }, [7])).toMatchObject({ score: 10, advanced: true, reason: "rollHigher", newLevel: 10 });
    expect(resolveAdvancement({ level: 10, focus: 14 }, [7])).toMatchObject({ score: 10, advanced: false, reason: "rollNotHigher", newLevel: 10 });
  });
  it("skills learned this session get no check and no dice", () => {
    const dice = new ScriptedDice([]);
    expect(rollAdvancement({ level: 1, focus: 10, learnedThisSession: true }, dice.source(12))).toMatchObject({ faces: [], advanced: false, reason: "learnedThisSession" });
    expect(advancementOutcomeOdds({ level: 1, focus: 10, learnedThisSession: true }).byReason.learnedThisSession).toBe(1);
    expect(advancementOdds({ level: 1, focus: 10, learnedThisSession: true })).toMatchObject({ success: 0, outcomes: [{ key: "learnedThisSession", p: 1 }] });
    expect(resolveAdvancement({ level: 1, focus: 10, learnedThisSession: true }, [])).toMatchObject({ faces: [], reason: "learnedThisSession" });
    expect(() => resolveAdvancement({ level: 1, focus: 10, learnedThisSession: true }, [4])).toThrow(/learned this session gets no advancement check/);
  });
  it("exact odds: level 9, Focus 14 advances on a 6+ ((6 + 14) / 2 = 10 > 9) or an Auto", () => {
    const o = advancementOutcomeOdds({ level: 9, focus: 14 });
    expect(o.advanced).toBeCloseTo(6 / 12, 12);
    const odds = advancementOdds({ level: 9, focus: 14 });
    expect(odds.success).toBeCloseTo(6 / 12, 12);
    expect(odds.outcomes.map((e) => e.key)).toEqual(["flub", "rollNotHigher", "rollHigher", "auto"]);
    expect(o.byReason.auto).toBeCloseTo(1 / 12, 12);
    expect(o.byReason.rollHigher).toBeCloseTo(5 / 12, 12);
    expect(o.byReason.rollNotHigher).toBeCloseTo(5 / 12, 12);
    expect(o.advanced + o.notAdvanced).toBeCloseTo(1, 12);
    expect(total(o.byReason)).toBeCloseTo(1, 12);
  });
  it.each([
    [9, 14],
    [3, 10],
    [15, 20],
  ])("advancementOdds(level %i, Focus %i) agrees with a seeded 100k-roll simulation", (level, focus) => {
    const rng = seededRandom(level * 31 + focus);
    const sim = frequencies(100_000, () => rollAdvancement({ level, focus }, rng).reason);
    expect(maxDiff(sim, advancementOutcomeOdds({ level, focus }).byReason)).toBeLessThan(0.006);
    expect(maxDiff(sim, oddsRecord(advancementOdds({ level, focus })))).toBeLessThan(0.006);
  });
  it("checks every skill used in the session at its end", () => {
    const dice = new ScriptedDice([12, 3, 2]);
    const out = rollSessionAdvancement(
      {
        skills: [
        { key: "dodge", level: 5, used: true, learnedThisSession: false },
        { key: "riding", level: 4, used: false, learnedThisSession: false },
        { key: "climbing", level: 1, used: true, learnedThisSession: true },
        { key: "stealth", level: 6, used: true, learnedThisSession: false },
      ],
      focus: 10,
      },
      dice.source(12),
    );
    expect(out.map((o) => [o.key, o.result.reason, o.result.newLevel])).toEqual([
      ["dodge", "auto", 6],
      ["climbing", "learnedThisSession", 1],
      ["stealth", "rollNotHigher", 6],
    ]);
    expect(dice.remaining).toBe(0);
  });
  it("rejects bad input", () => {
    expect(() => advancementOdds({ level: 0, focus: 10 })).toThrow(/Skill level must be between 1 and/);
    expect(() => rollAdvancement({ level: 2, focus: 1.5 }, seededRandom(1))).toThrow(/Focus/);
    expect(() => resolveAdvancement({ level: 2, focus: 10 }, [])).toThrow(/needs a d10\+ roll/);
  });
});
