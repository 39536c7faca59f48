/**
 * Issue 18.7: a resolution's dice as one Foundry roll per step. `rollWithFoundryDice({batch})`
 * rolls together only the dice the core needs whatever the faces, so the results are those of
 * rolling them one by one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { rollWithFoundryDice, surelyNeeded } from "../../src/core/rolls/foundry-dice";
import { rollDie, type RandomSource } from "../../src/dice/random";

beforeEach(bootSystem);

/** Three d6, then a d8 only when the first die shows a 6, then a d4. */
function core(rng: RandomSource): number[] {
  const a = rollDie(6, rng);
  const b = rollDie(6, rng);
  const c = rollDie(6, rng);
  const extra = a === 6 ? [rollDie(8, rng)] : [];
  return [a, b, c, ...extra, rollDie(4, rng)];
}

describe("rollWithFoundryDice, batched", () => {
  it("rolls the dice the core always needs as one roll, and the rest after", async () => {
    scriptDiceFaces([6, 2, 3, 5, 1]);
    const batched = await rollWithFoundryDice(core, { batch: true });
    expect(batched.value).toEqual([6, 2, 3, 5, 1]);
    // d6 d6 d6 in one roll; the d8 depends on the first face, so it and the d4 come after.
    expect(batched.rolls.map((r) => r.dice.length)).toEqual([3, 2]);
    scriptDiceFaces([6, 2, 3, 5, 1]);
    const single = await rollWithFoundryDice(core);
    expect(single.value).toEqual(batched.value);
    expect(single.faces).toEqual(batched.faces);
    expect(single.rolls.length).toBe(5);
  }, 30_000);

  it("without the extra die the remaining d4 is its own roll", async () => {
    scriptDiceFaces([1, 2, 3, 4]);
    const r = await rollWithFoundryDice(core, { batch: true });
    expect(r.value).toEqual([1, 2, 3, 4]);
    expect(r.rolls.map((x) => x.dice.length)).toEqual([3, 1]);
  });

  it("surelyNeeded stops at a die whose need depends on an earlier face", () => {
    expect(surelyNeeded(core, [], 6)).toEqual([6, 6, 6]);
    expect(surelyNeeded(core, [{ face: 6, faces: 6 }, { face: 1, faces: 6 }, { face: 1, faces: 6 }], 8)).toEqual([8, 4]);
  });
});
