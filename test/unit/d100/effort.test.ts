import { describe, expect, it } from "vitest";
import { maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import { type CheckInput, rollCheck } from "../../../src/rulesets/d100/rules/checks";
import { addCumulativeEffort, judgeConflict } from "../../../src/rulesets/d100/rules/effort";
import { assistedDifficulty, conflictOddsDetail, cooperativeEffort, cooperativeOdds, cooperativeOddsDetail, cumulativeCompletion, cumulativeOdds, cumulativeOutcomeKey, rollCumulative, rollConflict, rollCooperative, startCumulative } from "../../../src/rulesets/d100/rules/effort-odds";
import { d10Faces } from "./helpers";

describe("cumulative effort (seed: Cumulative Effort)", () => {
  it("totals efforts until the goal is met or exceeded", () => {
    let t = startCumulative({ goal: 100 });
    t = addCumulativeEffort(t, 40);
    t = addCumulativeEffort(t, -20);
    expect(t).toMatchObject({ total: 40, checks: 2, complete: false });
    t = addCumulativeEffort(t, 60);
    expect(t).toMatchObject({ total: 100, complete: true });
    expect(() => addCumulativeEffort(t, 1)).toThrow(/already complete/);
  });
  it("signed mode lets bad efforts undo progress, never below 0", () => {
    let t = startCumulative({ goal: 10, mode: "signed" });
    t = addCumulativeEffort(t, 6);
    t = addCumulativeEffort(t, -4);
    expect(t.total).toBe(2);
    t = addCumulativeEffort(t, -9);
    expect(t.total).toBe(0);
    expect(() => startCumulative({ goal: 0 })).toThrow(/at least 1/);
  });
  it("exact odds of completion agree with a 100k simulation", () => {
    const input: CheckInput = { kind: "attribute", score: 6, overflow: true };
    const task = startCumulative({ goal: 10, mode: "signed" });
    const odds = cumulativeCompletion({ goal: task.goal, mode: task.mode, check: input, checks: 4 }).byCheck;
    expect(odds).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(odds[i]).toBeGreaterThanOrEqual(odds[i - 1]);
    // one check completes only through overflow: a 0 then a 0..2 (effort 6 + 6..4 ≥ 10) → 0.1 × 0.3
    expect(odds[0]).toBeCloseTo(0.1 * 0.3, 12);
    const rng = seededRandom(11);
    const sim = simulate(100_000, () => {
      let t = task;
      for (let i = 0; i < 4; i++) {
        t = addCumulativeEffort(t, rollCheck(input, rng).effort);
        if (t.complete) return i;
      }
      return -1;
    });
    const exact = new Map<number, number>([[-1, 1 - odds[3]], [0, odds[0]], [1, odds[1] - odds[0]], [2, odds[2] - odds[1]], [3, odds[3] - odds[2]]]);
    expect(maxAbsDiff(sim, exact)).toBeLessThan(0.006);
  });
});

describe("cooperative effort (seed: Cooperative Effort)", () => {
  it("direct help totals efforts", () => {
    expect(cooperativeEffort({ efforts: [12, -3, 8], task: { kind: "skill", difficulty: 10 } })).toMatchObject({ effort: 17, degree: 7, outcome: "success" });
    const r = rollCooperative({ helpers: [{ kind: "skill", score: 40 }, { kind: "skill", score: 30 }], task: { kind: "skill", difficulty: 30 } }, d10Faces([2, 0, 1, 5]));
    expect(r.checks.map((c) => c.effort)).toEqual([20, 15]);
    expect(r.result).toMatchObject({ effort: 35, degree: 5, degreeKey: "minorSuccess" });
  });
  it("indirect help lowers difficulty by the assistants' positive effort", () => {
    expect(assistedDifficulty({ difficulty: 30, assists: [12, -5] })).toBe(18);
  });
  it("exact cooperative odds agree with a simulation", () => {
    const helpers: CheckInput[] = [{ kind: "skill", score: 35 }, { kind: "skill", score: 50 }];
    const against: CheckInput = { kind: "skill", score: 0, difficulty: 20 };
    const o = cooperativeOddsDetail({ helpers, task: against });
    expect(o.success + o.miss + o.failure).toBeCloseTo(1, 12);
    const rng = seededRandom(3);
    const sim = simulate(100_000, () => rollCooperative({ helpers, task: against }, rng).result.outcome);
    expect(maxAbsDiff(sim, new Map([["success", o.success], ["miss", o.miss], ["failure", o.failure]]))).toBeLessThan(0.006);
  });
});

describe("conflicting effort (seed: Conflicting Effort)", () => {
  it("the greater effort wins", () => {
    expect(judgeConflict({ first: 12, second: 5 })).toEqual({ winner: "first", margin: 7 });
    expect(judgeConflict({ first: -3, second: 5 })).toEqual({ winner: "second", margin: -8 });
    expect(judgeConflict({ first: 4, second: 4 })).toEqual({ winner: "tie", margin: 0 });
    const r = rollConflict({ first: { kind: "attribute", score: 5 }, second: { kind: "attribute", score: 7 } }, d10Faces([1, 4]));
    expect(r).toMatchObject({ winner: "first", margin: 1 });
  });
  it("equal d10 attribute checks: tie 1/10, each side 0.45", () => {
    const o = conflictOddsDetail({ first: { kind: "attribute", score: 5 }, second: { kind: "attribute", score: 5 } });
    expect(o.tie).toBeCloseTo(0.1, 12);
    expect(o.first).toBeCloseTo(0.45, 12);
    expect(o.second).toBeCloseTo(0.45, 12);
  });
  it("exact conflict odds with overflow agree with a 100k simulation", () => {
    const a: CheckInput = { kind: "skill", score: 55, overflow: true };
    const b: CheckInput = { kind: "skill", score: 40, overflow: true };
    const o = conflictOddsDetail({ first: a, second: b });
    expect(o.first + o.second + o.tie).toBeCloseTo(1, 12);
    const rng = seededRandom(8);
    const sim = simulate(100_000, () => rollConflict({ first: a, second: b }, rng).winner);
    expect(maxAbsDiff(sim, new Map([["first", o.first], ["second", o.second], ["tie", o.tie]]))).toBeLessThan(0.006);
  });
});

describe("odds of the larger mixes (pruned, convolved by runs) agree with 100k simulations", () => {
  it("three helpers with overflow, directly cooperating against 30", () => {
    const input = { helpers: [{ kind: "skill", score: 40, overflow: true }, { kind: "skill", score: 50, overflow: true }, { kind: "skill", score: 60, overflow: true }] as CheckInput[], task: { kind: "skill" as const, difficulty: 30, consolationMargin: 10 } };
    const o = cooperativeOdds(input);
    expect(o.error).toBeLessThanOrEqual(1e-9);
    const rng = seededRandom(41);
    const sim = simulate(100_000, () => rollCooperative(input, rng).result.degreeKey);
    expect(maxAbsDiff(sim, new Map(o.outcomes.map((x) => [x.key, x.p])))).toBeLessThan(0.006);
  });
  it("a signed cumulative task of overflowing skill checks towards 300", () => {
    const input = { goal: 300, mode: "signed" as const, total: 20, check: { kind: "skill", score: 60, overflow: true } as CheckInput, checks: 8 };
    const o = cumulativeOdds(input);
    expect(o.outcomes[0].key).toBe("incomplete");
    const rng = seededRandom(43);
    const sim = simulate(100_000, () => cumulativeOutcomeKey(rollCumulative(input, rng)));
    expect(maxAbsDiff(sim, new Map(o.outcomes.map((x) => [x.key, x.p])))).toBeLessThan(0.006);
  });
});
