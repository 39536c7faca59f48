import { describe, expect, it } from "vitest";
import {
  BANDS,
  DIFFICULTY_LADDER,
  RELATED_SKILL_PENALTY,
  STANDARD_ATTRIBUTES,
  attributeRankLabel,
  attributeRollRank,
  average,
  bandForMargin,
  checkOdds,
  complementaryBonus,
  difficultyModifier,
  skillRank,
  skillRankDescriptor,
  specialtyAllowance,
  successPercent,
  unskilledRank,
  specialtyProblem,
  validateSpecialties,
} from "../../../src/rulesets/toaster/rules";

describe("toaster basics", () => {
  it("Averaging: the average of 5 and 8 is 6 (fraction dropped)", () => {
    expect(average(5, 8)).toBe(6);
    expect(average(7, 0)).toBe(3);
    expect(() => average(5.5, 1)).toThrow(RangeError);
  });
  it("Skill Rank: attribute 6 and skill base 9 give rank 7", () => {
    expect(skillRank(6, 9)).toBe(7);
    expect(() => skillRank(-1, 3)).toThrow(/Attribute must be zero or more/);
    expect(() => skillRank(4, 2.5)).toThrow(/Skill base must be a whole number/);
  });
  it("Attribute Rolls: attributes are used directly; a missing skill is half the attribute", () => {
    expect(attributeRollRank(7)).toBe(7);
    expect(unskilledRank(7)).toBe(3);
    expect(unskilledRank(8)).toBe(4);
  });
  it("standard attributes are the four of the seed", () => {
    expect(STANDARD_ATTRIBUTES).toEqual(["physique", "coordination", "intellect", "aura"]);
    expect(attributeRankLabel(4).key).toBe("average");
    expect(attributeRankLabel(14).key).toBe("superhuman");
  });
  it("Skill Rank descriptors table", () => {
    expect(skillRankDescriptor(2).general).toBe("Unskilled");
    expect(skillRankDescriptor(7).belt).toBe("Brown");
    expect(skillRankDescriptor(12).key).toBe("grandMaster");
  });
  it("(Specialization): one +1 from rank 4; from rank 8 two +1 or one +2", () => {
    expect(specialtyAllowance(3)).toEqual({ slots: 0, maxBonus: 0 });
    expect(specialtyAllowance(4)).toEqual({ slots: 1, maxBonus: 1 });
    expect(specialtyAllowance(8)).toEqual({ slots: 2, maxBonus: 2 });
    expect(validateSpecialties(8, [2])).toEqual([2]);
    expect(validateSpecialties(8, [1, 1])).toEqual([1, 1]);
    expect(() => validateSpecialties(5, [2])).toThrow(/allows 1 specialty/);
    expect(() => validateSpecialties(3, [1])).toThrow(RangeError);
  });
  it("specialtyProblem reports what validateSpecialties throws, without throwing", () => {
    for (const [rank, bonuses] of [[8, [2]], [8, [1, 1]], [5, [2]], [3, [1]], [4, [3]], [9, [0]], [0, []]] as [number, number[]][]) {
      let thrown = "";
      try {
        validateSpecialties(rank, bonuses);
      } catch (err) {
        thrown = (err as Error).message;
      }
      expect(specialtyProblem(rank, bonuses)).toBe(thrown);
    }
    expect(() => specialtyProblem(5, [1.5])).toThrow(RangeError);
    expect(() => specialtyProblem(-1, [])).toThrow(RangeError);
  });
  it("Related Skills and (Complementary Skills): -3 and a bonus capped at +2", () => {
    expect(RELATED_SKILL_PENALTY).toBe(-3);
    expect(complementaryBonus({ bonus: 1 })).toBe(1);
    expect(complementaryBonus({ bonus: 4 })).toBe(2);
    expect(() => complementaryBonus({ bonus: -1 })).toThrow(RangeError);
  });
  it("Difficulty Modifiers: the ladder runs +5 Child's play to -5 Hellish", () => {
    expect(DIFFICULTY_LADDER).toHaveLength(11);
    expect(DIFFICULTY_LADDER[0]).toEqual({ key: "childsPlay", label: "Child's play", modifier: 5 });
    expect(DIFFICULTY_LADDER[10]).toEqual({ key: "hellish", label: "Hellish", modifier: -5 });
    expect(DIFFICULTY_LADDER.map((d) => d.modifier)).toEqual([5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5]);
    expect(difficultyModifier("veryDifficult")).toBe(-3);
    expect(() => difficultyModifier("nope")).toThrow(/Unknown difficulty/);
  });
  it("(Variable Outcomes): band edges", () => {
    expect(BANDS).toEqual(["fumble", "failure", "marginal", "success", "critical"]);
    const cases: [number, string][] = [[-6, "fumble"], [-5, "failure"], [-2, "failure"], [-1, "marginal"], [0, "marginal"], [1, "marginal"], [2, "success"], [5, "success"], [6, "critical"]];
    for (const [m, b] of cases) expect(bandForMargin(m)).toBe(b);
    expect(() => bandForMargin(0.5)).toThrow(RangeError);
  });
  it("Percentages: rank 6 is 60%, +2 gives 80%, -3 gives 30%", () => {
    expect(successPercent({ rank: 6, modifier: 0 })).toBe(60);
    expect(successPercent({ rank: 6, modifier: 2 })).toBe(80);
    expect(successPercent({ rank: 6, modifier: -3 })).toBe(30);
    expect(checkOdds({ rank: 6, modifier: 0 }).success).toBeCloseTo(0.6, 12);
    expect(checkOdds({ rank: 6, modifier: 2 }).success).toBeCloseTo(0.8, 12);
    expect(checkOdds({ rank: 6, modifier: -3 }).success).toBeCloseTo(0.3, 12);
  });
});
