import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { PoolCheckRoll, poolFormula, type PoolCheckOptions } from "../../../src/rulesets/pool/dice/pool-roll";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

function options(pool: Partial<R.PoolSpec>, extra: Partial<PoolCheckOptions> = {}): PoolCheckOptions {
  return {
    title: "Climbing + Agility",
    pool: { addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8", ...pool },
    difficulty: 15,
    requiredDegree: 0,
    parts: [{ label: "Climbing", add: 3, bonus: 0, penalty: 0 }],
    resolution: "roll",
    ...extra,
  };
}

describe("the pool's Foundry formula", () => {
  it("rolls every die of the pool in one term and keeps the Add dice", () => {
    expect(poolFormula({ addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8" })).toBe("3d8");
    expect(poolFormula({ addDice: 3, bonusDice: 2, penaltyDice: 0, die: "d8" })).toBe("5d8kh3");
    expect(poolFormula({ addDice: 3, bonusDice: 0, penaltyDice: 1, die: "d8" })).toBe("4d8kl3");
    expect(poolFormula({ addDice: 3, bonusDice: 2, penaltyDice: 0, die: "d10Minus1" })).toBe("5dqkh3");
    expect(poolFormula({ addDice: 2, bonusDice: 0, penaltyDice: 0, die: "d12Minus2" })).toBe("2dj");
    expect(poolFormula({ addDice: 1, bonusDice: 1, penaltyDice: 0, die: "d6Plus1" })).toBe("2dykh1");
    expect(poolFormula({ addDice: 2, bonusDice: 0, penaltyDice: 1, die: "d4Plus2" })).toBe("3dukl2");
    expect(poolFormula({ addDice: 0, bonusDice: 2, penaltyDice: 0, die: "d8" })).toBe("0");
  });

  it("typed in chat, the same formula gives the core's total", async () => {
    const faces = [2, 8, 5, 1, 7];
    scriptDiceFaces(faces);
    const typed = await new Roll("5dqkh3").evaluate();
    const core = R.resolvePool({ addDice: 3, bonusDice: 2, penaltyDice: 0, die: "d10Minus1" }, faces);
    expect(typed.total).toBe(core.total);
  });
});

describe("the substitute dice", () => {
  it("are Foundry dice whose faces read the rules' values, registered with Dice So Nice presets", async () => {
    const cases: [string, number, number[], number[]][] = [["dq", 10, [1, 10], [0, 9]], ["dj", 12, [1, 12], [-1, 10]], ["dy", 6, [1, 6], [2, 7]], ["du", 4, [1, 4], [3, 6]]];
    for (const [term, faces, physical, values] of cases) {
      expect((CONFIG.Dice.terms as any)[term.slice(1)]).toBeDefined();
      scriptDiceFaces(physical);
      const r = await new Roll(`2${term}`).evaluate();
      expect((r.dice[0] as any).results.map((x: any) => x.result), term).toEqual(values);
      expect((r.dice[0] as any).faces).toBe(faces);
      const min = await new Roll(`1${term}`).evaluate({ minimize: true } as never);
      expect(min.total).toBe(values[0]);
    }
    const { presetData } = await import("../../../src/core/dice-so-nice");
    const { poolRuleset } = await import("../../../src/rulesets/pool/register");
    const presets = (poolRuleset().diceSoNice ?? []).map(presetData);
    expect(presets.map((p) => [p.type, p.labels[0], p.labels.at(-1)])).toEqual([["dq", "0", "9"], ["dj", "-1", "10"], ["dy", "2", "7"], ["du", "3", "6"]]);
  });

  it("a face entered by hand (not drawn through mapRandomFace) is read as the rules read it: the physical face plus the offset", async () => {
    // Foundry's manual dice entry hands the die the physical face (1…faces) instead of drawing one:
    // modelled by a die whose randomFace returns the typed value (docs/testing.md, "GM-entered dice").
    const { POOL_SUBSTITUTE_DICE } = await import("../../../src/rulesets/pool/dice/substitutes");
    const cases: [number, number[], number[]][] = [[10, [1, 5, 10], [0, 4, 9]], [12, [1, 12], [-1, 10]], [6, [1, 6], [2, 7]], [4, [1, 4], [3, 6]]];
    for (const [i, Term] of POOL_SUBSTITUTE_DICE.entries()) {
      const [faces, typed, read] = cases[i]!;
      const die = new Term({ number: typed.length });
      expect(die.faces).toBe(faces);
      const queue = [...typed];
      (die as any).randomFace = () => queue.shift();
      for (let n = 0; n < typed.length; n++) await die.roll();
      expect(die.results.map((r) => r.result), Term.name).toEqual(read);
    }
    // A drawn die is read once: a queued physical 10 on a d10−1 is a 9, not an 8.
    scriptDiceFaces([10]);
    const drawn = await new Roll("1dq").evaluate();
    expect(drawn.total).toBe(9);
  });

  it("no two rulesets register the same die letter", async () => {
    const { allRulesets } = await import("../../../src/core/registry");
    const letters = allRulesets().flatMap((r) => (r.dieTerms ?? []).map((t) => t.DENOMINATION));
    expect(new Set(letters).size).toBe(letters.length);
    expect(letters).not.toContain("d");
  });
});

describe("PoolCheckRoll", () => {
  it("drops the lowest dice for Bonus dice and classifies with the core", async () => {
    const roll = PoolCheckRoll.fromCheck(options({ bonusDice: 2 }));
    scriptDiceFaces([2, 8, 5, 1, 7]);
    await roll.evaluate();
    expect(roll.total).toBe(20);
    const r = roll.checkResult!;
    expect(r.faces).toEqual([2, 8, 5, 1, 7]);
    expect(r.dice.map((d) => d.kept)).toEqual([false, true, true, false, true]);
    expect(r).toMatchObject({ total: 20, margin: 5, outcome: "success", degree: 1, achieved: true });
  });

  it("drops the highest dice for Penalty dice, with a substitute die's offset", async () => {
    const roll = PoolCheckRoll.fromCheck(options({ penaltyDice: 1, die: "d10Minus1" }, { difficulty: 10 }));
    scriptDiceFaces([10, 3, 4, 6]);
    await roll.evaluate();
    // Values 9, 2, 3, 5: the 9 is dropped, 2 + 3 + 5 = 10.
    expect(roll.total).toBe(10);
    expect(roll.checkResult).toMatchObject({ total: 10, outcome: "success", degree: 0 });
  });

  it("a total at most the Add dice is a botch", async () => {
    const roll = PoolCheckRoll.fromCheck(options({}, { difficulty: 2 }));
    scriptDiceFaces([1, 1, 1]);
    await roll.evaluate();
    expect(roll.checkResult).toMatchObject({ total: 3, outcome: "botch", achieved: false });
  });

  it("a success below the required degree does not achieve the task", async () => {
    const roll = PoolCheckRoll.fromCheck(options({}, { difficulty: 10, requiredDegree: 2 }));
    scriptDiceFaces([4, 4, 4]);
    await roll.evaluate();
    expect(roll.checkResult).toMatchObject({ total: 12, outcome: "success", degree: 0, requiredDegree: 2, achieved: false });
  });

  it("a pool without Add dice rolls nothing and botches", async () => {
    const roll = PoolCheckRoll.fromCheck(options({ addDice: 0, bonusDice: 2 }, { difficulty: -5 }));
    await roll.evaluate();
    expect(roll.dice).toHaveLength(0);
    expect(roll.checkResult).toMatchObject({ total: 0, outcome: "botch", pool: { addDice: 0, bonusDice: 2 } });
  });

  it("the dice-phobe result rolls nothing and takes 5 × Add + Bonus − Penalty", async () => {
    const roll = PoolCheckRoll.fromCheck(options({ addDice: 4, bonusDice: 2 }, { resolution: "dicePhobe", difficulty: 20 }));
    await roll.evaluate();
    expect(roll.formula).toBe("22");
    expect(roll.checkResult).toMatchObject({ total: 22, mode: "dicePhobe", outcome: "success", degree: 0 });
  });

  it("survives a JSON round trip as its own class (a chat-log reload)", async () => {
    const roll = PoolCheckRoll.fromCheck(options({ bonusDice: 1 }));
    scriptDiceFaces([6, 2, 7, 8]);
    await roll.evaluate();
    const back = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never) as unknown as PoolCheckRoll;
    expect(back).toBeInstanceOf(PoolCheckRoll);
    expect(back.checkResult).toEqual(roll.checkResult);
    const html = await back.render();
    expect(html).toContain("Climbing + Agility");
    expect(html).toContain("Success");
    expect(html.match(/bb-die discarded/g)).toHaveLength(1);
  });

  it("a substitute pool survives the round trip with its own die terms", async () => {
    const roll = PoolCheckRoll.fromCheck(options({ penaltyDice: 1, die: "d12Minus2" }));
    scriptDiceFaces([12, 1, 7, 8]);
    await roll.evaluate();
    const back = Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never) as unknown as PoolCheckRoll;
    expect(back.dice[0]?.constructor.name).toBe("PoolD12Minus2Die");
    expect(back.poolFaces).toEqual([12, 1, 7, 8]);
    // Values 10, −1, 5, 6: the 10 is dropped → 10.
    expect(back.total).toBe(10);
    expect(back.checkResult).toEqual(roll.checkResult);
  });

  it("renders a plain card for options that hold no pool, and a hidden card for a private roll", async () => {
    const roll = new PoolCheckRoll("2d8");
    Object.assign(roll.options, { pool: { addDice: "x" } });
    scriptDiceFaces([3, 4]);
    await roll.evaluate().catch(() => undefined);
    const plain = await roll.render();
    expect(plain).toContain("bb-unclassified");
    const good = PoolCheckRoll.fromCheck(options({}));
    const hidden = await good.render({ isPrivate: true });
    expect(hidden).toContain("bb-private");
    expect(hidden).not.toContain("Climbing");
  });
});
