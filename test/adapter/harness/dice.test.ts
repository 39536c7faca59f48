import { beforeEach, describe, expect, it } from "vitest";
import { resetHarness, resetConfig, scriptDiceFaces, scriptUniform, seedDice, Roll, DiceTerm, Die } from "../../harness/index";

class ToastDie extends DiceTerm {
  static override DENOMINATION = "t";
  constructor(data: ConstructorParameters<typeof DiceTerm>[0] = {}) {
    super({ ...data, faces: 10 });
  }
  /** Faces 0-9 (a d10 whose 10 reads 0). */
  override mapRandomFace(u: number): number {
    return Math.ceil((1 - u) * 10) % 10;
  }
}

class ToastRoll extends Roll {
  static override CHAT_TEMPLATE = "templates/dice/roll.html";
  get doubled(): number {
    return (this.total ?? 0) * 2;
  }
}

beforeEach(() => {
  resetHarness();
  resetConfig();
  CONFIG.Dice.terms.t = ToastDie;
  CONFIG.Dice.rolls.push(ToastRoll);
});

describe("Roll parsing and evaluation", () => {
  it("parses and evaluates with scripted faces", async () => {
    scriptDiceFaces([3, 5]);
    const r = await new Roll("2d6 + 4").evaluate();
    expect(r.formula).toBe("2d6 + 4");
    expect(r.total).toBe(12);
    expect(r.dice[0].results.map((x) => x.result)).toEqual([3, 5]);
    expect(r.result).toBe("8 + 4");
    expect(r._evaluated).toBe(true);
  });

  it("default face mapping uses ceil((1 - u) * faces) (VERIFY)", async () => {
    scriptUniform([0, 0.99]);
    const r = await new Roll("2d6").evaluate();
    expect(r.dice[0].results.map((x) => x.result)).toEqual([6, 1]);
  });

  it("roll data, parentheses, multiplication and (expr)dF", async () => {
    seedDice(7);
    const r = await new Roll("(@a + 1) * 2 - @b.c", { a: 2, b: { c: 1 } }).evaluate();
    expect(r.total).toBe(5);
    scriptDiceFaces([1, 1, 1]);
    const p = await new Roll("(@n)d4", { n: 3 }).evaluate();
    expect(p.dice[0].number).toBe(3);
    expect(p.total).toBe(3);
    expect(Roll.replaceFormulaData("@x + @y", { x: 1 }, { missing: "0" })).toBe("1 + 0");
  });

  it("malformed formulas and unknown denominations throw", () => {
    expect(() => new Roll("2d6 +")).toThrow();
    expect(() => new Roll("2dq")).toThrow(/denomination/);
    expect(() => new Roll("2d6 $ 3")).toThrow();
    expect(() => new Roll("(1 + 2")).toThrow();
    expect(() => new Roll("@missing + 1")).toThrow();
  });

  it("evaluateSync refuses dice unless minimize/maximize (VERIFY)", () => {
    expect(new Roll("1 + 2").evaluateSync().total).toBe(3);
    expect(() => new Roll("1d6").evaluateSync()).toThrow();
    expect(new Roll("2d6").evaluateSync({ maximize: true }).total).toBe(12);
    expect(new Roll("2d6").evaluateSync({ minimize: true }).total).toBe(2);
  });

  it("custom single-letter denomination keeps standard modifiers", async () => {
    scriptDiceFaces([10, 1, 4]);
    const r = await new Roll("3dt").evaluate();
    expect(r.dice[0]).toBeInstanceOf(ToastDie);
    expect(r.dice[0].results.map((x) => x.result)).toEqual([0, 1, 4]);
    expect(r.total).toBe(5);
    expect(r.formula).toBe("3dt");
    scriptDiceFaces([9, 2, 6]);
    const k = await new Roll("3dtkh1").evaluate();
    expect(k.total).toBe(9);
  });

  it("explode x, x=N, x>=N and xo", async () => {
    scriptDiceFaces([6, 6, 2, 3]);
    const a = await new Roll("2d6x").evaluate();
    expect(a.dice[0].results.map((x) => [x.result, !!x.exploded])).toEqual([[6, true], [6, true], [2, false], [3, false]]);
    expect(a.total).toBe(17);
    scriptDiceFaces([9, 10, 1, 3]);
    const b = await new Roll("2d10x>=9").evaluate();
    expect(b.total).toBe(23);
    scriptDiceFaces([9, 4, 3]);
    const c = await new Roll("2d10x=9").evaluate();
    expect(c.dice[0].results.map((x) => x.result)).toEqual([9, 4, 3]);
    expect(c.total).toBe(16);
    scriptDiceFaces([6, 6]);
    const d = await new Roll("1d6xo").evaluate();
    expect(d.dice[0].results.map((x) => x.result)).toEqual([6, 6]);
    expect(d.total).toBe(12);
  });

  it("keep/drop and count successes", async () => {
    scriptDiceFaces([2, 5, 3, 6]);
    const kh = await new Roll("4d6kh2").evaluate();
    expect(kh.total).toBe(11);
    expect(kh.dice[0].results.filter((r) => r.discarded).map((r) => r.result)).toEqual([2, 3]);
    scriptDiceFaces([2, 5, 3]);
    expect((await new Roll("3d6kl").evaluate()).total).toBe(2);
    scriptDiceFaces([2, 5, 3]);
    expect((await new Roll("3d6dl").evaluate()).total).toBe(8);
    scriptDiceFaces([8, 3, 10, 7]);
    const cs = await new Roll("4d10cs>=8").evaluate();
    expect(cs.total).toBe(2);
    expect(cs.dice[0].results.map((r) => r.success)).toEqual([true, false, true, false]);
    scriptDiceFaces([1, 4, 6]);
    const rr = await new Roll("2d6r").evaluate();
    expect(rr.dice[0].results.map((r) => [r.result, r.active])).toEqual([[1, false], [4, true], [6, true]]);
    expect(rr.total).toBe(10);
  });

  it("JSON round-trip rebuilds the registered subclass", async () => {
    scriptDiceFaces([7, 2]);
    const r = await new ToastRoll("2d10 + 1", {}, { flavor: "Test" }).evaluate();
    const json = JSON.stringify(r);
    const back = Roll.fromJSON(json) as ToastRoll;
    expect(back).toBeInstanceOf(ToastRoll);
    expect(back.total).toBe(10);
    expect(back.doubled).toBe(20);
    expect(back.options.flavor).toBe("Test");
    expect(back.dice[0]).toBeInstanceOf(Die);
    expect(back.dice[0].results.map((x) => x.result)).toEqual([7, 2]);
    const custom = Roll.fromData(JSON.parse(JSON.stringify(await (scriptDiceFaces([5]), new Roll("1dt")).evaluate())));
    expect(custom.dice[0]).toBeInstanceOf(ToastDie);
    expect(JSON.parse(json).class).toBe("ToastRoll");
    class Unregistered extends Roll {}
    const plain = Roll.fromJSON(JSON.stringify(await new Unregistered("3").evaluate()));
    expect(plain.constructor).toBe(Roll);
  });

  it("fromTerms builds a roll from terms", async () => {
    scriptDiceFaces([4]);
    const die = new Die({ number: 1, faces: 6 });
    await die.evaluate();
    const r = Roll.fromTerms([die]);
    expect(r.total).toBe(4);
    expect(r.formula).toBe("1d6");
  });
});

describe("asynchronous dice modifiers (foundryvtt#9774)", () => {
  class SlowDie extends Die {
    static override DENOMINATION = "s";
    static override MODIFIERS = { ...Die.MODIFIERS, w: "addAfterAWhile" };
    /** An asynchronous modifier: waits, then rolls two more dice. */
    async addAfterAWhile(): Promise<void> {
      await new Promise((r) => setTimeout(r, 5));
      await this.roll();
      await new Promise((r) => setTimeout(r, 5));
      await this.roll();
    }
  }

  it("are awaited by Roll#evaluate before the total is taken", async () => {
    CONFIG.Dice.terms.s = SlowDie;
    scriptDiceFaces([2, 3, 4]);
    const roll = await new Roll("1dsw").evaluate();
    expect(roll.dice[0]!.results.map((r: { result: number }) => r.result)).toEqual([2, 3, 4]);
    expect(roll.total).toBe(9);
  });
});
