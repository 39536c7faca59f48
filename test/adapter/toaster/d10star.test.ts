/**
 * The d10* die term on the Foundry harness (issue 9.7 and 9.8): Foundry's modifiers that default
 * to the face count use the d10*'s top face 9, and rolling nines stops at the open-end cap even
 * when the random function is stuck.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces, settle } from "../../harness/index";
import { bootSystem } from "./boot";
import { D10StarDie, withTopFace } from "../../../src/rulesets/toaster/dice/d10star";
import { MAX_OPEN_END_DICE } from "../../../src/dice/limits";

beforeEach(bootSystem);
let saved: unknown;
beforeEach(() => {
  saved = CONFIG.Dice.randomUniform;
});
afterEach(() => {
  CONFIG.Dice.randomUniform = saved as typeof CONFIG.Dice.randomUniform;
});

/** Script d10* values (0–9) as harness d10 faces (1–10). */
function starFaces(values: number[]) {
  return scriptDiceFaces(values.map((v) => v + 1));
}

const faces = (r: Roll) => (r.dice[0] as D10StarDie).results.map((x) => x.result);

describe("d10* modifiers without a target use the top face 9", () => {
  it("`/r 1dkx` explodes on a 9 (Foundry's default target is the face count, 10, which a d10* never shows)", async () => {
    starFaces([9, 9, 4]);
    const r = await new Roll("1dkx").evaluate();
    expect(faces(r)).toEqual([9, 9, 4]);
    expect(r.total).toBe(22);
  });
  it("`xo` explodes once on a 9; `x>=` reads `x>=9`; an explicit target is kept", async () => {
    starFaces([9, 9]);
    expect(faces(await new Roll("1dkxo").evaluate())).toEqual([9, 9]);
    starFaces([9, 2]);
    expect(faces(await new Roll("1dkx>=").evaluate())).toEqual([9, 2]);
    starFaces([8, 8, 3]);
    expect(faces(await new Roll("1dkx>=8").evaluate())).toEqual([8, 8, 3]);
    starFaces([5, 4]);
    expect(faces(await new Roll("1dkx=5").evaluate())).toEqual([5, 4]);
  });
  it("`cs` counts nines by default", async () => {
    starFaces([9, 3, 9]);
    expect((await new Roll("3dkcs").evaluate()).total).toBe(2);
    starFaces([9, 3, 9]);
    expect((await new Roll("3dkcs>=3").evaluate()).total).toBe(3);
  });
  it("other modifiers are left alone", () => {
    for (const m of ["kh", "kl2", "r", "n", "n2", "x=9", "cs>5", "min2"]) expect(withTopFace(m)).toBe(m);
    expect(withTopFace("x")).toBe("x=9");
    expect(withTopFace("XO")).toBe("XO=9");
    expect(withTopFace("cs<")).toBe("cs<9");
  });
});

/**
 * The harness runs DiceTerm modifiers without awaiting them (Foundry v13 awaits each one), so the
 * asynchronous `n` modifier finishes after evaluate() returns there: wait for it before reading the
 * faces, and read no totals the harness computed early.
 */
async function rollNines(formula: string): Promise<number[]> {
  const r = await new Roll(formula).evaluate();
  await settle();
  return faces(r);
}

describe("rolling nines stops at the open-end cap with a stuck random function", () => {
  it("`1dkn` (no limit, the nines-limit setting 0) adds at most MAX_OPEN_END_DICE dice", async () => {
    expect(MAX_OPEN_END_DICE).toBe(100);
    CONFIG.Dice.randomUniform = () => 0; // every d10* reads 9
    const t = performance.now();
    const f = await rollNines("1dkn");
    expect(performance.now() - t).toBeLessThan(1000);
    expect(f).toHaveLength(1 + MAX_OPEN_END_DICE);
    expect(f.every((x) => x === 9)).toBe(true);
  });
  it("a limit past the cap stops at the cap too (`1dkn5000`)", async () => {
    CONFIG.Dice.randomUniform = () => 0;
    expect(await rollNines("1dkn5000")).toHaveLength(1 + MAX_OPEN_END_DICE);
  });
  it("a smaller limit still applies (`1dkn3`)", async () => {
    CONFIG.Dice.randomUniform = () => 0;
    expect(await rollNines("1dkn3")).toEqual([9, 9, 9, 9]);
  });
});

describe("a d10* face entered by hand", () => {
  it("reads a typed 10 as the die's 0 (manual entry takes 1…10), and 1–9 as themselves", () => {
    const die = new D10StarDie({ number: 3 });
    die.results = [10, 4, 9].map((result) => ({ result, active: true }));
    expect(die.starFaces).toEqual([0, 4, 9]);
  });
});
