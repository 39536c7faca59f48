import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/dice/random";
import {
  CHECK_OUTCOMES,
  attributeCheck,
  maxEdgeTargetReduction,
  outcomeFor,
  rerollCheck,
  checkFacesNeeded,
  resolveCheck,
  resolveReroll,
  settlePool,
  rollCheck,
  spendEdge,
} from "../../../src/rulesets/flange/rules";


describe("flange checks — seed 'Skills and Dice Rolls'", () => {
  it("Surgery on Perception: 2 dice at 6, rolls 6 and 8 → two successes (Ready Salted)", () => {
    const dice = new ScriptedDice([6, 8]);
    const r = rollCheck({ dice: 2, target: 6 }, dice.source(10));
    expect(r.successes).toBe(2);
    expect(r.outcome).toBe("readySalted");
    expect(r.criticalFailure).toBe(false);
    expect(dice.remaining).toBe(0);
  });

  it("Surgery on Dexterity: 2 dice at 9, rolls 6 and 8 → failure, no 1s so not critical", () => {
    const r = rollCheck({ dice: 2, target: 9 }, new ScriptedDice([6, 8]).source(10));
    expect(r.successes).toBe(0);
    expect(r.outcome).toBe("failure");
    expect(r.ones).toBe(0);
  });
});

describe("flange criticals — seed 'Criticals' worked example", () => {
  it("Perception 6 +1 for blood, +1 die: rolls 9,10,10, extra die 8 → four successes (Excellent Job)", () => {
    const dice = new ScriptedDice([9, 10, 10, 8]);
    const r = rollCheck({ dice: 2, target: 6, diceModifier: 1, targetModifier: 1 }, dice.source(10));
    expect(r.pool).toMatchObject({ dice: 3, target: 7, desperate: false });
    expect(r.successes).toBe(4);
    expect(r.outcome).toBe("excellent");
    expect(r.bonusPoints).toEqual({ earned: 1, onDice: 0, onExtraDice: 1, unused: 0 });
    expect(r.dice.map((d) => [d.face, d.batch])).toEqual([[9, 0], [10, 0], [10, 0], [8, 1]]);
    expect(dice.remaining).toBe(0);
  });

  it("Superglue: Dexterity 9, Surgery 2 reduced by two → zero dice → one die needing 10; rolls 1 → critical failure with one 1", () => {
    const r = rollCheck({ dice: 2, target: 9, diceModifier: -2 }, new ScriptedDice([1]).source(10));
    expect(r.pool).toMatchObject({ dice: 1, target: 10, desperate: true, requestedDice: 0 });
    expect(r.outcome).toBe("criticalFailure");
    expect(r.ones).toBe(1);
  });

  it("a natural 10 on a desperate roll succeeds", () => {
    const r = rollCheck({ dice: 3, target: 9, targetModifier: 2 }, new ScriptedDice([10]).source(10));
    expect(r.pool).toMatchObject({ dice: 1, target: 10, desperate: true, requestedTarget: 11 });
    expect(r.outcome).toBe("marginal");
  });

  it("critical failure reports every natural 1", () => {
    const r = rollCheck({ dice: 4, target: 8 }, new ScriptedDice([1, 1, 7, 1]).source(10));
    expect(r.outcome).toBe("criticalFailure");
    expect(r.ones).toBe(3);
  });

  it("a 1 alongside a success is no critical failure", () => {
    const r = rollCheck({ dice: 2, target: 8 }, new ScriptedDice([1, 9]).source(10));
    expect(r.outcome).toBe("marginal");
    expect(r.criticalFailure).toBe(false);
    expect(r.ones).toBe(1);
  });

  it("extra 10s lift the failures cheapest first; leftovers that cannot finish a failure are lost", () => {
    const r = resolveCheck({ dice: 5, target: 8 }, [10, 10, 10, 7, 4]);
    expect(r.successes).toBe(4);
    expect(r.dice[3]).toMatchObject({ face: 7, bonus: 1, score: 8, success: true });
    expect(r.dice[4]).toMatchObject({ face: 4, bonus: 0, success: false });
    expect(r.bonusPoints).toEqual({ earned: 2, onDice: 1, onExtraDice: 0, unused: 1 });
  });

  it("two points can go on one die", () => {
    const r = resolveCheck({ dice: 4, target: 8 }, [10, 10, 10, 6]);
    expect(r.successes).toBe(4);
    expect(r.dice[3]).toMatchObject({ bonus: 2, score: 8 });
  });

  it("points left after all dice succeed roll extra dice; every 10 on an extra die earns another", () => {
    const input = { dice: 4, target: 5 };
    // two points: one lifts the 4 to 5, one rolls an extra die (a 10: one more point, one more die: a 3)
    expect(checkFacesNeeded(input, [10, 10, 10, 4])).toBe(1);
    expect(checkFacesNeeded(input, [10, 10, 10, 4, 10])).toBe(1);
    expect(checkFacesNeeded(input, [10, 10, 10, 4, 10, 3])).toBe(0);
    const r = resolveCheck(input, [10, 10, 10, 4, 10, 3]);
    expect(r.faces).toEqual([10, 10, 10, 4, 10, 3]);
    expect(r.dice.map((d) => [d.face, d.batch, d.success])).toEqual([
      [10, 0, true], [10, 0, true], [10, 0, true], [4, 0, true], [10, 1, true], [3, 2, false],
    ]);
    expect(r.successes).toBe(5);
    expect(r.outcome).toBe("blimey");
    expect(r.bonusPoints).toEqual({ earned: 3, onDice: 1, onExtraDice: 2, unused: 0 });
  });

  it("only natural 10s count: a 9 lifted to 10 earns nothing", () => {
    const r = resolveCheck({ dice: 3, target: 10 }, [10, 10, 9]);
    expect(r.successes).toBe(3);
    expect(r.bonusPoints).toEqual({ earned: 1, onDice: 1, onExtraDice: 0, unused: 0 });
  });
});

describe("flange checks from Foundry's dice — resolveCheck and checkFacesNeeded", () => {
  it("the kidney example, fed as faces: the pool 9,10,10, then one extra die asked for and rolled (8)", () => {
    const input = { dice: 2, target: 6, diceModifier: 1, targetModifier: 1 };
    const faces = [9, 10, 10];
    expect(checkFacesNeeded(input, [])).toBe(3);
    expect(checkFacesNeeded(input, faces)).toBe(1);
    faces.push(8);
    expect(checkFacesNeeded(input, faces)).toBe(0);
    const r = resolveCheck(input, faces);
    expect(r).toEqual(rollCheck(input, new ScriptedDice([9, 10, 10, 8]).source(10)));
    expect(r).toMatchObject({ successes: 4, outcome: "excellent", faces: [9, 10, 10, 8] });
  });
  it("the superglue example, fed as faces: one desperate die showing 1", () => {
    const r = resolveCheck({ dice: 2, target: 9, diceModifier: -2 }, [1]);
    expect(r).toMatchObject({ outcome: "criticalFailure", ones: 1, faces: [1] });
  });
  it("the Edge re-roll from faces: once only, one more Edge point", () => {
    const first = resolveCheck({ dice: 2, target: 8 }, [2, 3]);
    const again = resolveReroll(first, [9, 9]);
    expect(again).toMatchObject({ successes: 2, rerolled: true, faces: [9, 9] });
    expect(again.pool.edgeSpent).toBe(1);
    expect(() => resolveReroll(again, [9, 9])).toThrow(/only once/);
  });
});

describe("flange pools, modifiers and edge — seed 'Modifiers', 'Attributes only', 'Edge'", () => {
  it("attribute-only rolls use three dice", () => {
    expect(attributeCheck(7)).toEqual({ dice: 3, target: 7 });
  });
  it("edge dice add dice, edge lowers the target but never below 5", () => {
    expect(settlePool({ dice: 2, target: 8, edgeDice: 2, edgeTarget: 3 })).toMatchObject({ dice: 4, target: 5, edgeSpent: 5 });
    expect(() => settlePool({ dice: 2, target: 8, edgeTarget: 4 })).toThrow(/at most 3/);
    expect(maxEdgeTargetReduction({ dice: 2, target: 6, targetModifier: 3 })).toBe(4);
    expect(maxEdgeTargetReduction({ dice: 2, target: 5, targetModifier: -1 })).toBe(0);
  });
  it("edge can bring a target above 10 back into play", () => {
    expect(settlePool({ dice: 2, target: 10, targetModifier: 2, edgeTarget: 2 })).toMatchObject({ dice: 2, target: 10, desperate: false });
  });
  it("the Edge re-roll happens once per task and costs one more point", () => {
    const rng = new ScriptedDice([2, 3, 9, 9]).source(10);
    const first = rollCheck({ dice: 2, target: 8 }, rng);
    expect(first.outcome).toBe("failure");
    const second = rerollCheck(first, rng);
    expect(second).toMatchObject({ successes: 2, rerolled: true });
    expect(second.pool.edgeSpent).toBe(1);
    expect(() => rerollCheck(second, rng)).toThrow(/only once/);
  });
  it("spent Edge stays spent: a pool's spend (and a re-roll's extra point) comes off what is available", () => {
    const pool = settlePool({ dice: 2, target: 8, edgeDice: 1, edgeTarget: 1 });
    expect(spendEdge({ available: 3, points: pool.edgeSpent })).toBe(1);
    expect(spendEdge({ available: 1, points: 1 })).toBe(0);
    expect(() => spendEdge({ available: 1, points: pool.edgeSpent })).toThrow(/Cannot spend 2 Edge points with only 1 available/);
    expect(() => spendEdge({ available: 2, points: -1 })).toThrow(/Edge to spend must be at least 0/);
    expect(() => spendEdge({ available: 0.5, points: 0 })).toThrow(/Edge available must be a whole number/);
  });
  it("bad input throws a clear error", () => {
    expect(() => settlePool({ dice: 1.5, target: 8 })).toThrow(/whole number/);
    expect(() => settlePool({ dice: -1, target: 8 })).toThrow(/Dice/);
    expect(() => settlePool({ dice: 2, target: 0 })).toThrow(/Target/);
    expect(() => settlePool({ dice: 2, target: 8, edgeDice: -1 })).toThrow(/Edge dice/);
    expect(() => resolveCheck({ dice: 2, target: 8 }, [3])).toThrow(/needs 1 more die \(1 faces given\)/);
    expect(() => resolveCheck({ dice: 1, target: 8 }, [11])).toThrow(/Die face/);
    expect(() => resolveCheck({ dice: 2, target: 8 }, [3, 4, 5])).toThrow(/used 2 dice, but 3 faces were given/);
    expect(() => settlePool({ dice: 2, target: 8, targetModifier: 0.5 })).toThrow(/Target modifier must be a whole number/);
    expect(() => settlePool({ dice: 2, target: 8, diceModifier: Number.NaN })).toThrow(/Dice modifier must be a whole number, not NaN/);
    expect(() => settlePool({ dice: 2, target: 8, edgeTarget: 1.5 })).toThrow(/Edge target reduction/);
    expect(() => maxEdgeTargetReduction({ dice: 2, target: 8, targetModifier: 1.5 })).toThrow(/Target modifier/);
    expect(() => resolveCheck({ dice: 4, target: 5 }, [10, 10, 5, 5])).toThrow(/needs 1 more die/);
  });
});

describe("flange result names — seed results table", () => {
  it("names every number of successes", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((s) => outcomeFor({ successes: s, ones: 0 }))).toEqual(["failure", "marginal", "readySalted", "good", "excellent", "blimey", "blimey"]);
    expect(outcomeFor({ successes: 0, ones: 2 })).toBe("criticalFailure");
    expect(outcomeFor({ successes: 3, ones: 2 })).toBe("good");
    expect(CHECK_OUTCOMES).toHaveLength(7);
  });
});
