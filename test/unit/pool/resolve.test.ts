import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  applyDegreeToEffect,
  automaticResult,
  degreeOf,
  dicePhobeCheck,
  dicePhobeTotal,
  evaluateFaces,
  judge,
  makePool,
  meetsDegree,
  rollCheck,
  rollPool,
  signedDegree,
  totalDist,
} from "../../../src/rulesets/pool/rules";
import { mean } from "../../../src/dice/dist";

describe("seed 002 · Rolling the dice", () => {
  it("Bonus dice: roll Add + Bonus, discard the lowest, total the rest", () => {
    const s = new ScriptedDice([5, 2, 7, 1, 8]);
    const r = rollPool(makePool(3, 2, 0), s.source(8));
    expect(r.dice.map((d) => d.value)).toEqual([5, 2, 7, 1, 8]);
    expect(r.dice.map((d) => d.kept)).toEqual([true, false, true, false, true]);
    expect(r.total).toBe(20);
    expect(r.botch).toBe(false);
  });
  it("Penalty dice: discard the highest", () => {
    const s = new ScriptedDice([5, 2, 7, 1, 8]);
    const r = rollPool(makePool(3, 0, 2), s.source(8));
    expect(r.dice.filter((d) => d.kept).map((d) => d.value)).toEqual([5, 2, 1]);
    expect(r.total).toBe(8);
  });
  it("equal faces: only as many dice as there are modifier dice are dropped", () => {
    const r = evaluateFaces(makePool(2, 2, 0), [4, 4, 4, 4]);
    expect(r.dice.filter((d) => d.kept)).toHaveLength(2);
    expect(r.total).toBe(8);
  });
  it("substitute dice count face + offset (d12−2 shows −1…10)", () => {
    const s = new ScriptedDice([1, 12, 6]);
    const r = rollPool(makePool(3, 0, 0, "d12Minus2"), s.source(12));
    expect(r.dice.map((d) => [d.face, d.value])).toEqual([[1, -1], [12, 10], [6, 4]]);
    expect(r.total).toBe(13);
  });
  it("success at or above the Difficulty; a degree per 5 points either side", () => {
    expect(judge(20, 4, 20)).toEqual({ outcome: "success", degree: 0, margin: 0 });
    expect(judge(24, 4, 20)).toMatchObject({ outcome: "success", degree: 0 });
    expect(judge(25, 4, 20)).toMatchObject({ outcome: "success", degree: 1 });
    expect(judge(19, 4, 20)).toMatchObject({ outcome: "failure", degree: 0 });
    expect(judge(15, 4, 20)).toMatchObject({ outcome: "failure", degree: 1 });
    expect(judge(10, 4, 20)).toMatchObject({ outcome: "failure", degree: 2 });
    expect(degreeOf(-4)).toBe(0);
    expect(signedDegree({ outcome: "failure", degree: 2 })).toBe(-2);
  });
  it("botch: total at most the number of Add dice fails even above the Difficulty", () => {
    expect(judge(3, 3, 2)).toEqual({ outcome: "botch", degree: 0, margin: 1 });
    expect(judge(4, 3, 2)).toMatchObject({ outcome: "success" });
    expect(judge(3, 3, 10)).toMatchObject({ outcome: "botch", degree: 1 });
    const s = new ScriptedDice([1, 1, 1]);
    expect(rollCheck({ pool: makePool(3, 0, 0), difficulty: 2 }, s.source(8)).outcome).toBe("botch");
  });
  it("the dice kept are always as many as the Add dice", () => {
    const rng = seededRandom(5);
    for (const pool of [makePool(3, 4, 0), makePool(2, 0, 5, "d12Minus2"), makePool(6, 0, 0, "d4Plus2")]) {
      for (let i = 0; i < 200; i++) expect(rollPool(pool, rng).dice.filter((d) => d.kept)).toHaveLength(pool.addDice);
    }
  });
  it("a task that requires a Degree of Success needs a success of at least that degree", () => {
    expect(meetsDegree(judge(25, 4, 20), 1)).toBe(true);
    expect(meetsDegree(judge(24, 4, 20), 1)).toBe(false);
    expect(meetsDegree(judge(20, 4, 20), 0)).toBe(true);
    expect(meetsDegree(judge(3, 3, 2), 0)).toBe(false);
    expect(meetsDegree({ outcome: "failure", degree: 3 }, 0)).toBe(false);
    expect(() => meetsDegree({ outcome: "success", degree: 1 }, 1.5)).toThrow(/required degree of success must be a whole number/);
    expect(() => meetsDegree({ outcome: "won" as never, degree: 1 }, 1)).toThrow(/outcome must be one of success, failure, botch, not won/);
  });
  it("a degree of success may raise or lower an Effect Level at the player's choice", () => {
    expect(applyDegreeToEffect(3, 2, "raise")).toBe(5);
    expect(applyDegreeToEffect(3, 2, "lower")).toBe(1);
    expect(() => applyDegreeToEffect(3, -1, "raise")).toThrow(/degree must be at least 0/);
  });
  it("rejects wrong face counts and bad difficulties", () => {
    expect(() => evaluateFaces(makePool(2, 1, 0), [1, 2])).toThrow(/rolls 3 dice, but 2 faces/);
    expect(() => evaluateFaces(makePool(2, 0, 0, "d6Plus1"), [1, 7])).toThrow(/face of a d6Plus1 must be at most 6/);
    expect(evaluateFaces(makePool(2, 0, 0, "d6Plus1"), [1, 6]).total).toBe(9);
    expect(() => judge(10, 2, 2.5)).toThrow(/difficulty must be a whole number/);
  });
});

describe("seed 002 · Not Rolling the Dice", () => {
  it("dice phobe: 5 × Add dice + Bonus − Penalty, judged normally", () => {
    expect(dicePhobeTotal(makePool(4, 2, 0))).toBe(22);
    expect(dicePhobeTotal(makePool(4, 0, 3))).toBe(17);
    const c = dicePhobeCheck({ pool: makePool(4, 2, 0), difficulty: 15 });
    expect(c).toMatchObject({ mode: "dicePhobe", total: 22, outcome: "success", degree: 1, dice: [] });
  });
  it("the dice-phobe total is not the average: it weights Add dice more and modifier dice less", () => {
    // 4 Add dice alone: a d8 averages 4.5, so the phobe's 5 per Add die is above the real mean.
    expect(dicePhobeTotal(makePool(4, 0, 0))).toBeGreaterThan(mean(totalDist(makePool(4, 0, 0))));
    // Four Bonus dice raise the real mean by more than the phobe's +4.
    const gain = mean(totalDist(makePool(4, 4, 0))) - mean(totalDist(makePool(4, 0, 0)));
    expect(gain).toBeGreaterThan(4);
  });
  it("a directly opposing NPC's dice-phobe total is the PC's Difficulty", () => {
    const npc = makePool(3, 1, 0);
    const s = new ScriptedDice([8, 6, 2]);
    const r = rollCheck({ pool: makePool(3, 0, 0), difficulty: dicePhobeTotal(npc) }, s.source(8));
    expect(r).toMatchObject({ difficulty: 16, total: 16, outcome: "success", degree: 0 });
  });
  it("automatic success and failure need no roll", () => {
    expect(automaticResult(true)).toEqual({ mode: "automaticSuccess", outcome: "success", degree: 0 });
    expect(automaticResult(false).outcome).toBe("failure");
  });
});
