import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import { type CheckInput, DEGREE_KEYS, resolveCheck, classifyEffort, degreeKey, difficultyFor, difficultyKey, rollCheck } from "../../../src/rulesets/d100/rules/checks";
import { checkOdds, checkOddsDetail, checkOutcomeDistribution, checkOutcomeKey, effortDistribution } from "../../../src/rulesets/d100/rules/check-odds";
import { d10Faces } from "./helpers";

describe("degree of effort and difficulty (seed: Degrees and Difficulty)", () => {
  it("effort = score − roll; outcome against difficulty", () => {
    const r = rollCheck({ kind: "attribute", score: 6 }, d10Faces([2]));
    expect(r).toMatchObject({ roll: 2, effort: 4, degree: 4, outcome: "success", degreeKey: "likeAPro", faces: [2] });
    expect(rollCheck({ kind: "attribute", score: 6 }, d10Faces([6]))).toMatchObject({ effort: 0, outcome: "miss", degreeKey: "miss", effortSign: "neutral" });
    expect(rollCheck({ kind: "attribute", score: 6, difficulty: 2 }, d10Faces([4]))).toMatchObject({ effort: 2, degree: 0, outcome: "miss" });
    expect(rollCheck({ kind: "attribute", score: 6, difficulty: 2 }, d10Faces([5]))).toMatchObject({ effort: 1, degree: -1, outcome: "failure", degreeKey: "almostSuccessful", consolation: true });
  });
  it("skill checks read tens then ones and use steps of 10", () => {
    const r = rollCheck({ kind: "skill", score: 45, difficulty: 10 }, d10Faces([1, 3]));
    expect(r).toMatchObject({ roll: 13, faces: [1, 3], effort: 32, degree: 22, outcome: "success", degreeKey: "wellDone", difficultyKey: "tricky" });
    expect(r.rolls[0]).toMatchObject({ tens: 1, ones: 3, value: 13 });
  });
  it("named difficulties: 1(10) Tricky … 6(60) Impossible?", () => {
    expect(difficultyFor("attribute", "hard")).toBe(3);
    expect(difficultyFor("skill", "impossible")).toBe(60);
    expect(difficultyKey("skill", 0)).toBe("average");
    expect(difficultyKey("skill", 10)).toBe("tricky");
    expect(difficultyKey("skill", 11)).toBe("challenge");
    expect(difficultyKey("skill", -10)).toBe("easy");
  });
  it("named degrees in bands of ceil(|degree| / step), capped at 6", () => {
    expect(degreeKey("skill", 1)).toBe("minorSuccess");
    expect(degreeKey("skill", 10)).toBe("minorSuccess");
    expect(degreeKey("skill", 11)).toBe("notedSuccess");
    expect(degreeKey("skill", 60)).toBe("aweInspiringRight");
    expect(degreeKey("skill", 95)).toBe("aweInspiringRight");
    expect(degreeKey("skill", -41)).toBe("fubar");
    expect(degreeKey("attribute", -6)).toBe("aweInspiringWrong");
    expect(degreeKey("attribute", -2)).toBe("notedFailure");
    expect(degreeKey("attribute", 3)).toBe("wellDone");
  });
  it("consolations (failure despite positive effort) and agitations (success despite negative effort)", () => {
    const hard: CheckInput = { kind: "skill", score: 60, difficulty: 30 };
    expect(classifyEffort(hard, 20)).toMatchObject({ outcome: "failure", consolation: true, agitation: false });
    const easy: CheckInput = { kind: "skill", score: 20, difficulty: -20 };
    expect(classifyEffort(easy, -5)).toMatchObject({ outcome: "success", agitation: true, consolation: false });
    expect(classifyEffort({ ...easy, agitationMargin: 5 }, 20)).toMatchObject({ degree: 40, agitation: false });
    expect(classifyEffort({ ...easy, agitationMargin: 5 }, -16)).toMatchObject({ degree: 4, agitation: true });
    expect(classifyEffort({ kind: "skill", score: 20, consolationMargin: 3 }, -3)).toMatchObject({ consolation: true });
    expect(classifyEffort({ kind: "skill", score: 20, consolationMargin: 3 }, -4)).toMatchObject({ consolation: false });
  });
  it("rejects bad input", () => {
    expect(() => rollCheck({ kind: "attribute", score: 4.5 }, seededRandom(1))).toThrow(/Check score must be a whole number/);
    expect(() => rollCheck({ kind: "skill", score: -1 }, seededRandom(1))).toThrow(/at least 0/);
    expect(() => checkOddsDetail({ kind: "skill", score: 40, difficulty: 0.5 })).toThrow(/Difficulty must be a whole number/);
    expect(() => checkOddsDetail({ kind: "d20" as "skill", score: 40 })).toThrow(/Unknown check kind "d20"/);
  });
});

describe("overflow (seed: Overflow)", () => {
  it("a 0 on an attribute check rolls again and adds only positive effort, repeating on 0", () => {
    const r = rollCheck({ kind: "attribute", score: 6, overflow: true }, d10Faces([0, 0, 3]));
    expect(r.overflowDirection).toBe("positive");
    expect(r.rolls.map((x) => x.added)).toEqual([6, 6, 3]);
    expect(r.effort).toBe(15);
    expect(r.faces).toEqual([0, 0, 3]);
    const r2 = rollCheck({ kind: "attribute", score: 6, overflow: true }, d10Faces([0, 8]));
    expect(r2.effort).toBe(6);
    expect(r2.overflowBonus).toBe(0);
  });
  it("a 9 adds only negative effort", () => {
    const r = rollCheck({ kind: "attribute", score: 4, overflow: true }, d10Faces([9, 7]));
    expect(r).toMatchObject({ baseEffort: -5, overflowBonus: -3, effort: -8, overflowDirection: "negative" });
    expect(rollCheck({ kind: "attribute", score: 4, overflow: true }, d10Faces([9, 2])).effort).toBe(-5);
  });
  it("an attribute of 10 cannot overflow badly on a 9: no roll is made", () => {
    const r = rollCheck({ kind: "attribute", score: 10, overflow: true }, d10Faces([9]));
    expect(r).toMatchObject({ overflowDirection: "none", effort: 1, faces: [9] });
  });
  it("skill overflow on 00 and 99; off by default", () => {
    const r = rollCheck({ kind: "skill", score: 40, overflow: true }, d10Faces([0, 0, 2, 5]));
    expect(r).toMatchObject({ effort: 40 + 15, faces: [0, 0, 2, 5] });
    expect(rollCheck({ kind: "skill", score: 40 }, d10Faces([0, 0])).effort).toBe(40);
    expect(rollCheck({ kind: "skill", score: 40, overflow: true }, d10Faces([9, 9, 9, 9, 5, 0])).effort).toBe(-59 - 59 - 10);
  });
});

function simDist(input: CheckInput, seed: number) {
  const rng = seededRandom(seed);
  return simulate(100_000, () => checkOutcomeKey(rollCheck(input, rng)));
}

const cases: Array<[string, CheckInput]> = [
  ["attribute 5 vs 0", { kind: "attribute", score: 5 }],
  ["attribute 7 vs 2 with overflow", { kind: "attribute", score: 7, difficulty: 2, overflow: true }],
  ["attribute 1 vs -3 with overflow", { kind: "attribute", score: 1, difficulty: -3, overflow: true }],
  ["skill 45 vs 10", { kind: "skill", score: 45, difficulty: 10 }],
  ["skill 62 vs 30 with overflow and margins", { kind: "skill", score: 62, difficulty: 30, overflow: true, consolationMargin: 5, agitationMargin: 5 }],
  ["skill 25 vs -20", { kind: "skill", score: 25, difficulty: -20 }],
];

describe("exact odds", () => {
  it("checkOdds gives the shared Odds: degrees worst first, consolation/agitation (and overflow) as extras", () => {
    const o = checkOdds({ kind: "attribute", score: 5, difficulty: 2 });
    expect(o.outcomes.map((x) => x.key)).toEqual(["aweInspiringWrong", "fubar", "completeKlutz", "fouledUp", "notedFailure", "almostSuccessful", "miss", "minorSuccess", "notedSuccess", "wellDone", "likeAPro", "amazing", "aweInspiringRight"]);
    // effort 5 − roll against 2: success for rolls 0-2 (degrees 3, 2, 1)
    expect(o.success).toBeCloseTo(0.3, 12);
    expect(o.outcomes.find((x) => x.key === "wellDone")?.p).toBeCloseTo(0.1, 12);
    expect(o.outcomes.find((x) => x.key === "miss")?.p).toBeCloseTo(0.1, 12);
    // consolation: failed or missed despite positive effort (rolls 3 and 4 → efforts 2 and 1)
    expect(o.extras).toEqual([
      { key: "consolation", p: expect.closeTo(0.2, 12) as number },
      { key: "agitation", p: 0 },
    ]);
    expect(o.error).toBe(0);
    const ov = checkOdds({ kind: "skill", score: 40, overflow: true });
    expect(ov.extras.map((x) => x.key)).toEqual(["consolation", "agitation", "overflow"]);
    expect(ov.extras[2].p).toBeCloseTo(0.02, 12);
    expect(ov.error).toBeGreaterThan(0);
    expect(ov.error).toBeLessThan(1e-15);
  });
  it("resolveCheck classifies faces already rolled and refuses faces that do not fit", () => {
    const input: CheckInput = { kind: "skill", score: 40, overflow: true };
    expect(resolveCheck(input, [0, 0, 2, 5])).toEqual(rollCheck(input, d10Faces([0, 0, 2, 5])));
    expect(() => resolveCheck(input, [0, 0, 2])).toThrow(/needs more dice than the 3 faces given/);
    expect(() => resolveCheck(input, [1, 3, 4])).toThrow(/1 face\(s\) left over/);
    expect(() => resolveCheck(input, [1, 10])).toThrow(/face 2 must be a d10 face 0-9, not 10/);
  });
  it("d10 attribute check without overflow: uniform efforts", () => {
    const d = effortDistribution({ kind: "attribute", score: 5 });
    expect(d.size).toBe(10);
    expect(d.get(5)).toBeCloseTo(0.1, 12);
    expect(d.get(-4)).toBeCloseTo(0.1, 12);
    const o = checkOddsDetail({ kind: "attribute", score: 5 });
    expect(o.success).toBeCloseTo(0.5, 12);
    expect(o.miss).toBeCloseTo(0.1, 12);
    expect(o.failure).toBeCloseTo(0.4, 12);
    expect(o.degrees.amazing).toBeCloseTo(0.1, 12);
  });
  it("skill 45 vs 10: success when roll < 35", () => {
    const o = checkOddsDetail({ kind: "skill", score: 45, difficulty: 10 });
    expect(o.success).toBeCloseTo(0.35, 12);
    expect(o.miss).toBeCloseTo(0.01, 12);
    expect(o.degrees.minorSuccess).toBeCloseTo(0.1, 12);
    expect(o.degrees.notedSuccess).toBeCloseTo(0.1, 12);
    expect(o.degrees.likeAPro).toBeCloseTo(0.05, 12);
  });
  it("overflow odds: attribute 6 positive chain has the geometric closed form", () => {
    const d = effortDistribution({ kind: "attribute", score: 6, overflow: true });
    expect(mass(d)).toBeCloseTo(1, 12);
    // effort 6 after a 0 needs the second roll to give no positive effort (6..9): 4/100
    expect(d.get(6)).toBeCloseTo(0.04, 12);
    // P(effort ≥ 12) = P(0 then 0) = 1/100
    let tail = 0;
    for (const [e, p] of d) if (e >= 12) tail += p;
    expect(tail).toBeCloseTo(0.01, 12);
    const o = checkOddsDetail({ kind: "attribute", score: 6, overflow: true });
    expect(o.overflow).toBeCloseTo(0.2, 12);
    // mean: 6 − 4.5 = 1.5 from the first roll, plus geometric bonuses 0.1 × 2.1/0.9 up and 0.1 × −0.6/0.9 down
    expect(o.meanEffort).toBeCloseTo(1.5 + (0.1 * 2.1) / 0.9 + (0.1 * -0.6) / 0.9, 12);
  });
  for (const [name, input] of cases) {
    it(`${name}: mass 1, every key present, agrees with a 100k seeded simulation`, () => {
      const exact = checkOutcomeDistribution(input);
      expect(mass(exact)).toBeCloseTo(1, 12);
      const o = checkOddsDetail(input);
      expect(o.success + o.miss + o.failure).toBeCloseTo(1, 12);
      expect(Object.keys(o.degrees).sort()).toEqual([...DEGREE_KEYS].sort());
      expect(maxAbsDiff(simDist(input, 1234), exact)).toBeLessThan(0.006);
    });
  }
});
