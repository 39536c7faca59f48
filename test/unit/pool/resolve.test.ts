import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  applyDegreeToEffect,
  automaticResult,
  degreeOf,
  dicePhobeCheck,
  dicePhobeTotal,
  resolvePool,
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
    const r = rollPool(makePool({ addDice: 3, bonusDice: 2 }), s.source(8));
    expect(r.dice.map((d) => d.value)).toEqual([5, 2, 7, 1, 8]);
    expect(r.dice.map((d) => d.kept)).toEqual([true, false, true, false, true]);
    expect(r.total).toBe(20);
    expect(r.botch).toBe(false);
  });
  it("Penalty dice: discard the highest", () => {
    const s = new ScriptedDice([5, 2, 7, 1, 8]);
    const r = rollPool(makePool({ addDice: 3, penaltyDice: 2 }), s.source(8));
    expect(r.dice.filter((d) => d.kept).map((d) => d.value)).toEqual([5, 2, 1]);
    expect(r.total).toBe(8);
  });
  it("equal faces: only as many dice as there are modifier dice are dropped", () => {
    const r = resolvePool(makePool({ addDice: 2, bonusDice: 2 }), [4, 4, 4, 4]);
    expect(r.dice.filter((d) => d.kept)).toHaveLength(2);
    expect(r.total).toBe(8);
  });
  it("substitute dice count face + offset (d12−2 shows −1…10)", () => {
    const s = new ScriptedDice([1, 12, 6]);
    const r = rollPool(makePool({ addDice: 3, die: "d12Minus2" }), s.source(12));
    expect(r.dice.map((d) => [d.face, d.value])).toEqual([[1, -1], [12, 10], [6, 4]]);
    expect(r.total).toBe(13);
  });
  it("success at or above the Difficulty; a degree per 5 points either side", () => {
    expect(judge({ total: 20, addDice: 4, difficulty: 20 })).toEqual({ outcome: "success", degree: 0, margin: 0 });
    expect(judge({ total: 24, addDice: 4, difficulty: 20 })).toMatchObject({ outcome: "success", degree: 0 });
    expect(judge({ total: 25, addDice: 4, difficulty: 20 })).toMatchObject({ outcome: "success", degree: 1 });
    expect(judge({ total: 19, addDice: 4, difficulty: 20 })).toMatchObject({ outcome: "failure", degree: 0 });
    expect(judge({ total: 15, addDice: 4, difficulty: 20 })).toMatchObject({ outcome: "failure", degree: 1 });
    expect(judge({ total: 10, addDice: 4, difficulty: 20 })).toMatchObject({ outcome: "failure", degree: 2 });
    expect(degreeOf(-4)).toBe(0);
    expect(signedDegree({ outcome: "failure", degree: 2 })).toBe(-2);
  });
  it("botch: total at most the number of Add dice fails even above the Difficulty", () => {
    expect(judge({ total: 3, addDice: 3, difficulty: 2 })).toEqual({ outcome: "botch", degree: 0, margin: 1 });
    expect(judge({ total: 4, addDice: 3, difficulty: 2 })).toMatchObject({ outcome: "success" });
    expect(judge({ total: 3, addDice: 3, difficulty: 10 })).toMatchObject({ outcome: "botch", degree: 1 });
    const s = new ScriptedDice([1, 1, 1]);
    expect(rollCheck({ pool: makePool({ addDice: 3 }), difficulty: 2 }, s.source(8)).outcome).toBe("botch");
  });
  it("the dice kept are always as many as the Add dice", () => {
    const rng = seededRandom(5);
    for (const pool of [makePool({ addDice: 3, bonusDice: 4 }), makePool({ addDice: 2, penaltyDice: 5, die: "d12Minus2" }), makePool({ addDice: 6, die: "d4Plus2" })]) {
      for (let i = 0; i < 200; i++) expect(rollPool(pool, rng).dice.filter((d) => d.kept)).toHaveLength(pool.addDice);
    }
  });
  it("a task that requires a Degree of Success needs a success of at least that degree", () => {
    expect(meetsDegree(judge({ total: 25, addDice: 4, difficulty: 20 }), 1)).toBe(true);
    expect(meetsDegree(judge({ total: 24, addDice: 4, difficulty: 20 }), 1)).toBe(false);
    expect(meetsDegree(judge({ total: 20, addDice: 4, difficulty: 20 }), 0)).toBe(true);
    expect(meetsDegree(judge({ total: 3, addDice: 3, difficulty: 2 }), 0)).toBe(false);
    expect(meetsDegree({ outcome: "failure", degree: 3 }, 0)).toBe(false);
    expect(() => meetsDegree({ outcome: "success", degree: 1 }, 1.5)).toThrow(/required degree of success must be a whole number/);
    expect(() => meetsDegree({ outcome: "won" as never, degree: 1 }, 1)).toThrow(/outcome must be one of success, failure, botch, not won/);
  });
  it("a degree of success may raise or lower an Effect Level at the player's choice", () => {
    expect(applyDegreeToEffect({ effectLevel: 3, degree: 2, direction: "raise" })).toBe(5);
    expect(applyDegreeToEffect({ effectLevel: 3, degree: 2, direction: "lower" })).toBe(1);
    expect(() => applyDegreeToEffect({ effectLevel: 3, degree: -1, direction: "raise" })).toThrow(/degree must be at least 0/);
  });
  it("rejects wrong face counts and bad difficulties", () => {
    expect(() => resolvePool(makePool({ addDice: 2, bonusDice: 1 }), [1, 2])).toThrow(/rolls 3 dice, but 2 faces/);
    expect(() => resolvePool(makePool({ addDice: 2, die: "d6Plus1" }), [1, 7])).toThrow(/face of a d6Plus1 must be at most 6/);
    expect(resolvePool(makePool({ addDice: 2, die: "d6Plus1" }), [1, 6]).total).toBe(9);
    expect(() => judge({ total: 10, addDice: 2, difficulty: 2.5 })).toThrow(/difficulty must be a whole number/);
  });
});

describe("seed 002 · Not Rolling the Dice", () => {
  it("dice phobe: 5 × Add dice + Bonus − Penalty, judged normally", () => {
    expect(dicePhobeTotal(makePool({ addDice: 4, bonusDice: 2 }))).toBe(22);
    expect(dicePhobeTotal(makePool({ addDice: 4, penaltyDice: 3 }))).toBe(17);
    const c = dicePhobeCheck({ pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 15 });
    expect(c).toMatchObject({ mode: "dicePhobe", total: 22, outcome: "success", degree: 1, dice: [] });
  });
  it("the dice-phobe total is not the average: it weights Add dice more and modifier dice less", () => {
    // 4 Add dice alone: a d8 averages 4.5, so the phobe's 5 per Add die is above the real mean.
    expect(dicePhobeTotal(makePool({ addDice: 4 }))).toBeGreaterThan(mean(totalDist(makePool({ addDice: 4 }))));
    // Four Bonus dice raise the real mean by more than the phobe's +4.
    const gain = mean(totalDist(makePool({ addDice: 4, bonusDice: 4 }))) - mean(totalDist(makePool({ addDice: 4 })));
    expect(gain).toBeGreaterThan(4);
  });
  it("a directly opposing NPC's dice-phobe total is the PC's Difficulty", () => {
    const npc = makePool({ addDice: 3, bonusDice: 1 });
    const s = new ScriptedDice([8, 6, 2]);
    const r = rollCheck({ pool: makePool({ addDice: 3 }), difficulty: dicePhobeTotal(npc) }, s.source(8));
    expect(r).toMatchObject({ difficulty: 16, total: 16, outcome: "success", degree: 0 });
  });
  it("automatic success and failure need no roll", () => {
    expect(automaticResult(true)).toEqual({ mode: "automaticSuccess", outcome: "success", degree: 0 });
    expect(automaticResult(false).outcome).toBe("failure");
  });
});
