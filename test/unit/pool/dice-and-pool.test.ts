import { describe, expect, it } from "vitest";
import { DIE_KEYS, DIE_TYPES, attributeModifierDice, buildPool, checkDistribution, checkOdds, checkPool, dieNotation, getDieType, makePool, parseDieNotation, poolSize, totalDist } from "../../../src/rulesets/pool/rules";

describe("seed 002 · Picking the Dice", () => {
  it("the base die is a d8 showing 1–8", () => {
    expect(DIE_TYPES.d8).toMatchObject({ faces: 8, min: 1, max: 8 });
  });
  it("d10−1 and d12−2 raise the pool's maximum by Add dice and 2×Add dice", () => {
    for (const add of [1, 3, 5]) {
      const max = (die: (typeof DIE_KEYS)[number]): number => Math.max(...totalDist(makePool({ addDice: add, die })).keys());
      expect(max("d10Minus1")).toBe(max("d8") + add);
      expect(max("d12Minus2")).toBe(max("d8") + 2 * add);
    }
  });
  it("d10−1 and d12−2 noticeably raise the chance of a botch", () => {
    const botch = (die: (typeof DIE_KEYS)[number]): number => {
      let p = 0;
      for (const [t, q] of totalDist(makePool({ addDice: 2, die }))) if (t <= 2) p += q;
      return p;
    };
    expect(botch("d8")).toBeCloseTo(1 / 64, 12);
    expect(botch("d10Minus1")).toBeCloseTo(6 / 100, 12); // (0,0),(0,1),(1,0),(1,1),(0,2),(2,0)
    expect(botch("d12Minus2")).toBeGreaterThan(botch("d10Minus1"));
  });
  it("d6+1 and d4+2 remove botches, lower the maximum and raise the minimum by Add dice and 2×Add dice", () => {
    for (const add of [1, 2, 4]) {
      const range = (die: (typeof DIE_KEYS)[number]): [number, number] => {
        const keys = [...totalDist(makePool({ addDice: add, die })).keys()];
        return [Math.min(...keys), Math.max(...keys)];
      };
      expect(range("d6Plus1")).toEqual([range("d8")[0] + add, range("d8")[1] - add]);
      expect(range("d4Plus2")).toEqual([range("d8")[0] + 2 * add, range("d8")[1] - 2 * add]);
      expect(range("d6Plus1")[0]).toBeGreaterThan(add);
    }
  });
  it("d6+1 and d4+2 may guarantee success on a very easy task (3 Add dice vs Difficulty 9 and 6)", () => {
    for (const o of [checkDistribution({ pool: makePool({ addDice: 3, die: "d4Plus2" }), difficulty: 9 }), checkDistribution({ pool: makePool({ addDice: 3, penaltyDice: 2, die: "d6Plus1" }), difficulty: 6 })]) {
      expect(o.success).toBeCloseTo(1, 14);
      expect(o.failure + o.botch).toBe(0);
    }
    expect(checkDistribution({ pool: makePool({ addDice: 3, die: "d4Plus2" }), difficulty: 10 }).failure).toBeCloseTo(1 / 64, 14);
    // The d8 cannot: 3 Add dice botch on 1,1,1 whatever the Difficulty.
    expect(checkOdds({ pool: makePool({ addDice: 3 }), difficulty: 3 }).success).toBeCloseTo(1 - 1 / 512, 14);
    expect(checkOdds({ pool: makePool({ addDice: 3 }), difficulty: 3 }).outcomes).toEqual([
      { key: "botch", p: expect.closeTo(1 / 512, 14) },
      { key: "failure", p: 0 },
      { key: "success", p: expect.closeTo(1 - 1 / 512, 14) },
    ]);
  });
  it("a pool with no Add die botches even on d6+1 and d4+2 (decision: nothing is totalled)", () => {
    expect(checkDistribution({ pool: makePool({ addDice: 0, bonusDice: 2, die: "d6Plus1" }), difficulty: 0 }).botch).toBe(1);
    expect(checkDistribution({ pool: makePool({ addDice: 1, die: "d6Plus1" }), difficulty: 0 }).botch).toBe(0);
  });
  it("one die type for the whole pool: the type is part of the pool, not of a die", () => {
    const pool = makePool({ addDice: 2, bonusDice: 1, die: "d10Minus1" });
    expect(Object.keys(pool).sort()).toEqual(["addDice", "bonusDice", "die", "penaltyDice"]);
    expect(DIE_KEYS).toEqual(["d8", "d10Minus1", "d12Minus2", "d6Plus1", "d4Plus2"]);
  });
  it("reads and writes the seed's notation: d8, (d10-1), (d12-2), (d6+1), (d4+2)", () => {
    expect(["d8", "(d10-1)", "d12 - 2", "D6+1", "d4+2", "d10\u22121"].map(parseDieNotation)).toEqual(["d8", "d10Minus1", "d12Minus2", "d6Plus1", "d4Plus2", "d10Minus1"]);
    for (const k of DIE_KEYS) expect(parseDieNotation(dieNotation(k))).toBe(k);
    expect(dieNotation("d12Minus2")).toBe("d12-2");
  });
  it("malformed or unoffered die notation throws a precise error", () => {
    expect(() => parseDieNotation("d10-2")).toThrow(/"d10-2" is not a die the Dice Pool offers/);
    expect(() => parseDieNotation("d20")).toThrow(/"d20" is not a die the Dice Pool offers/);
    expect(() => parseDieNotation("2d8")).toThrow(/"2d8" is not die notation/);
    expect(() => parseDieNotation("d8+")).toThrow(/"d8\+" is not die notation/);
    expect(() => parseDieNotation("")).toThrow(/"" is not die notation/);
    expect(() => dieNotation("d7" as never)).toThrow(/die must be one of/);
  });
  it("rejects an unknown die", () => {
    expect(() => getDieType("d20")).toThrow(/die must be one of d8, d10Minus1/);
  });
});

describe("seed 002 · Calculating the Dice Pool", () => {
  it("one Add die plus one per ability point; attribute points are Bonus or Penalty dice", () => {
    expect(buildPool({ ability: 3, attribute: 2 }).pool).toEqual({ addDice: 4, bonusDice: 2, penaltyDice: 0, die: "d8" });
    expect(buildPool({ ability: 0, attribute: -2 }).pool).toEqual({ addDice: 1, bonusDice: 0, penaltyDice: 2, die: "d8" });
    expect(attributeModifierDice(-3)).toEqual({ bonusDice: 0, penaltyDice: 3 });
  });
  it("a supporting ability adds Bonus dice, which cancel Penalty dice one for one", () => {
    const b = buildPool({ ability: 2, attribute: -3, supportingAbility: 2 });
    expect(b.pool).toEqual({ addDice: 3, bonusDice: 0, penaltyDice: 1, die: "d8" });
    expect(b.cancelledPairs).toBe(2);
    expect(b.diceRolled).toBe(4);
  });
  it("Add dice convert to Bonus dice one for one", () => {
    const b = buildPool({ ability: 4, attribute: 0, convertAddDice: 2 });
    expect(b.pool).toEqual({ addDice: 3, bonusDice: 2, penaltyDice: 0, die: "d8" });
    expect(() => buildPool({ ability: 1, attribute: 0, convertAddDice: 3 })).toThrow(/convertAddDice must be at most 2/);
  });
  it("losing more Add dice than the pool has leaves none (decision: such a pool always botches)", () => {
    const b = buildPool({ ability: 1, attribute: 1, extraAddDice: -5 });
    expect(b.pool.addDice).toBe(0);
    expect(totalDist(b.pool).get(0)).toBe(1);
  });
  it("validates input", () => {
    expect(() => buildPool({ ability: 1.5, attribute: 0 })).toThrow(/ability must be a whole number/);
    expect(() => buildPool({ ability: -1, attribute: 0 })).toThrow(/ability must be at least 0/);
    expect(() => buildPool({ ability: 1, attribute: Number.NaN })).toThrow(/attribute must be a whole number/);
    expect(() => checkPool({ addDice: 2, bonusDice: 1, penaltyDice: 1, die: "d8" })).toThrow(/both Bonus/);
    expect(() => makePool({ addDice: 40, bonusDice: 30 })).toThrow(/larger than the 60/);
    expect(() => makePool({ addDice: 61 })).toThrow(/addDice must be between 0 and 60, not 61/);
    expect(() => makePool({ addDice: 2, bonusDice: 61, penaltyDice: 60 })).toThrow(/bonusDice must be between 0 and 60, not 61/);
    expect(() => buildPool({ ability: 3, attribute: 40, supportingAbility: 30 })).toThrow(/bonusDice must be between 0 and 60, not 70/);
    expect(poolSize(makePool({ addDice: 3, penaltyDice: 2, die: "d4Plus2" }))).toBe(5);
  });
});
