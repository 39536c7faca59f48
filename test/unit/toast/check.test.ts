import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  checkOdds,
  checkOutcomeOdds,
  contestOutcomeOdds,
  checkSuccessChance,
  compareContest,
  contestOdds,
  resolveCheck,
  resolveContestSide,
  rollCheck,
  rollContest,
  targetNumber,
  TARGET_NUMBERS,
} from "../../../src/rulesets/toast/rules";
import { closeOdds, frequencies, maxDiff, oddsRecord, total } from "./helpers";

describe("toast target numbers (seed: target-number table)", () => {
  it("maps every difficulty to the seed's number", () => {
    expect(targetNumber("reallyReallyEasy")).toBe(3);
    expect(targetNumber("reallyEasy")).toBe(7);
    expect(targetNumber("easy")).toBe(11);
    expect(targetNumber("medium")).toBe(15);
    expect(targetNumber("hard")).toBe(19);
    expect(targetNumber("reallyHard")).toBe(23);
    expect(targetNumber("reallyReallyHard")).toBe(28);
  });
  it("keeps the two inestimable cases as targets of their own", () => {
    expect(targetNumber("inestimablyEasy")).toBe("inestimablyEasy");
    expect(targetNumber("inestimablyHard")).toBe("inestimablyHard");
  });
  it("accepts a GM's replacement table and rejects unknown difficulties", () => {
    expect(targetNumber("medium", { ...TARGET_NUMBERS, medium: 14 })).toBe(14);
    expect(() => targetNumber("impossible" as "medium")).toThrow(/Difficulty must be one of/);
  });
});

describe("toast task resolution (seed: Task Resolution)", () => {
  it("adds the modifier to a plain roll and succeeds when the total meets the target", () => {
    const hit = resolveCheck({ modifier: 12, target: 15 }, [3]);
    expect(hit).toMatchObject({ total: 15, margin: 0, outcome: "success", success: true, degree: null, faces: [3] });
    const miss = resolveCheck({ modifier: 12, target: 15 }, [2]);
    expect(miss).toMatchObject({ total: 14, margin: -1, outcome: "failure", success: false });
  });
  it("an Auto succeeds and a Flub fails whatever the numbers, each with its degree", () => {
    expect(resolveCheck({ modifier: -20, target: 28 }, [12, 9])).toMatchObject({ outcome: "auto", success: true, degree: 9, total: null });
    expect(resolveCheck({ modifier: 40, target: 3 }, [11, 2])).toMatchObject({ outcome: "flub", success: false, degree: 2, total: null });
  });
  it("inestimably easy fails only on a Flub; inestimably hard succeeds only on an Auto (seed: target-number table)", () => {
    expect(closeOdds(oddsRecord(checkOdds({ modifier: -50, target: "inestimablyEasy" })), { auto: 1 / 12, success: 10 / 12, failure: 0, flub: 1 / 12 })).toBe(true);
    expect(closeOdds(oddsRecord(checkOdds({ modifier: 50, target: "inestimablyHard" })), { auto: 1 / 12, success: 0, failure: 10 / 12, flub: 1 / 12 })).toBe(true);
    expect(resolveCheck({ modifier: 0, target: "inestimablyHard" }, [10]).outcome).toBe("failure");
  });
  it("gives exact odds: modifier 10 against Medium 15 needs a 5+ on 1–10", () => {
    const o = checkOutcomeOdds({ modifier: 10, target: 15 });
    expect(o.success).toBeCloseTo(6 / 12, 12);
    expect(o.failure).toBeCloseTo(4 / 12, 12);
    expect(o.auto).toBeCloseTo(1 / 12, 12);
    expect(o.flub).toBeCloseTo(1 / 12, 12);
    expect(total(o)).toBeCloseTo(1, 12);
    expect(checkSuccessChance({ modifier: 10, target: 15 })).toBeCloseTo(7 / 12, 12);
    const odds = checkOdds({ modifier: 10, target: 15 });
    expect(odds.success).toBeCloseTo(7 / 12, 12);
    expect(odds.outcomes.map((e) => e.key)).toEqual(["flub", "failure", "success", "auto"]);
    expect(odds.error).toBe(0);
  });
  it("never drops below the Auto chance or above the Flub chance", () => {
    expect(checkSuccessChance({ modifier: 0, target: 28 })).toBeCloseTo(1 / 12, 12);
    expect(checkSuccessChance({ modifier: 30, target: 3 })).toBeCloseTo(11 / 12, 12);
  });
  it("rejects non-integer modifiers and targets and unknown target words", () => {
    expect(() => checkOdds({ modifier: 1.5, target: 15 })).toThrow(/Task modifier must be a whole number/);
    expect(() => rollCheck({ modifier: 1, target: 15.5 }, seededRandom(1))).toThrow(/Target number/);
    expect(() => checkOdds({ modifier: 1, target: "impossible" as "inestimablyHard" })).toThrow(/Target must be one of/);
    expect(() => checkOdds({ modifier: 5000, target: 3 })).toThrow(RangeError);
  });
  it("rolls with the dice it is given", () => {
    const dice = new ScriptedDice([7]);
    expect(rollCheck({ modifier: 8, target: 15 }, dice.source(12))).toMatchObject({ faces: [7], total: 15, outcome: "success" });
  });
  it.each([
    [10, 15],
    [3, 11],
    [15, 28],
    [0, "inestimablyHard" as const],
  ])("checkOdds(modifier %s, target %s) agrees with a seeded 100k-roll simulation", (modifier, target) => {
    const rng = seededRandom(7 + modifier);
    const sim = frequencies(100_000, () => rollCheck({ modifier, target }, rng).outcome);
    expect(maxDiff(sim, oddsRecord(checkOdds({ modifier, target })))).toBeLessThan(0.006);
  });
});

describe("toast contested tasks (seed: Contested Tasks)", () => {
  it("the higher total wins and equal totals tie (the GM's call)", () => {
    const a = resolveContestSide({ modifier: 10 }, [6]);
    const b = resolveContestSide({ modifier: 7 }, [8]);
    expect(compareContest(a, b)).toBe("firstWins");
    expect(compareContest(b, a)).toBe("secondWins");
    expect(compareContest(a, resolveContestSide({ modifier: 7 }, [9]))).toBe("tie");
  });
  it("an Auto beats any total, a Flub loses to any total; Autos compare degrees, the lesser Flub degree wins", () => {
    const auto3 = resolveContestSide({ modifier: 0 }, [12, 3]);
    const auto9 = resolveContestSide({ modifier: 0 }, [12, 9]);
    const flub2 = resolveContestSide({ modifier: 50 }, [11, 2]);
    const flub8 = resolveContestSide({ modifier: 50 }, [11, 8]);
    const big = resolveContestSide({ modifier: 900 }, [10]);
    const small = resolveContestSide({ modifier: -900 }, [1]);
    expect(compareContest(auto3, big)).toBe("firstWins");
    expect(compareContest(flub2, small)).toBe("secondWins");
    expect(compareContest(auto9, auto3)).toBe("firstWins");
    expect(compareContest(flub2, flub8)).toBe("firstWins");
    expect(compareContest(auto3, resolveContestSide({ modifier: 5 }, [12, 3]))).toBe("tie");
  });
  it("equal modifiers give symmetric exact odds of mass 1", () => {
    const o = contestOutcomeOdds({ first: 12, second: 12 });
    expect(total(o)).toBeCloseTo(1, 12);
    expect(o.firstWins).toBeCloseTo(o.secondWins, 12);
    // ties: same plain number (10 × 1/144) + same Auto degree (12 × 1/144²) + same Flub degree
    expect(o.tie).toBeCloseTo(10 / 144 + 24 / 144 ** 2, 12);
  });
  it("rolls both sides, first party first", () => {
    const dice = new ScriptedDice([4, 12, 1]);
    const r = rollContest({ first: 10, second: 10 }, dice.source(12));
    expect(r.first.total).toBe(14);
    expect(r.second.roll).toMatchObject({ kind: "auto", degree: 1 });
    expect(r.outcome).toBe("secondWins");
  });
  it.each([
    [10, 10],
    [14, 9],
    [5, 12],
  ])("contestOdds(%s vs %s) agrees with a seeded 100k-roll simulation", (first, second) => {
    const rng = seededRandom(first * 100 + second);
    const sim = frequencies(100_000, () => rollContest({ first, second }, rng).outcome);
    expect(maxDiff(sim, oddsRecord(contestOdds({ first, second })))).toBeLessThan(0.006);
  });
  it("rejects bad modifiers", () => {
    expect(() => contestOdds({ first: 1, second: Number.NaN })).toThrow(/Second modifier/);
  });
});
