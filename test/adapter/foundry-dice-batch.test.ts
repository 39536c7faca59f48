/**
 * Issue 18.7: a resolution's dice as one Foundry roll per step. `rollWithFoundryDice({batch})`
 * rolls together the dice the core is expected to need next (`likelyNeeded`, a bounded number of
 * probe runs whatever the pool's size) and hands them to the core only as far as it asks for them,
 * so the results are distributed as rolling them one by one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scriptDiceFaces, setRandomUniform } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { BATCH_PROBE_LEVELS, MAX_FOUNDRY_DICE, likelyNeeded, rollWithFoundryDice } from "../../src/core/rolls/foundry-dice";
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

  it("likelyNeeded stops at a die whose need depends on an earlier face", () => {
    expect(likelyNeeded(core, [], 6)).toEqual([6, 6, 6]);
    expect(likelyNeeded(core, [{ face: 6, faces: 6 }, { face: 1, faces: 6 }, { face: 1, faces: 6 }], 8)).toEqual([8, 4]);
  });
});

/** A pool of `n` d10s counting 7+ as successes, then one d6 of damage per success. */
const pool = (n: number) => (rng: RandomSource) => {
  let successes = 0;
  for (let i = 0; i < n; i++) if (rollDie(10, rng) >= 7) successes++;
  let damage = 0;
  for (let i = 0; i < successes; i++) damage += rollDie(6, rng);
  return { successes, damage };
};

describe("one roll per step for any pool size (issue 18 fidelity c)", () => {
  it("a pool of 30 d10s is one Foundry roll, its damage dice another: no roll of a die the core did not ask for", async () => {
    const faces = [...Array(30)].map((_, i) => (i % 10) + 1); // three of each face: 12 successes
    const damage = [...Array(12)].map((_, i) => (i % 6) + 1);
    scriptDiceFaces([...faces, ...damage]);
    const r = await rollWithFoundryDice(pool(30), { batch: true });
    expect(r.value).toEqual({ successes: 12, damage: 42 });
    expect(r.rolls.map((x) => x.dice.length)).toEqual([30, 12]);
    scriptDiceFaces([...faces, ...damage]);
    const single = await rollWithFoundryDice(pool(30));
    expect(single.value).toEqual(r.value);
    expect(single.faces).toEqual(r.faces);
  });

  it("the work per step is bounded: a pool of 150 costs the core a fixed number of probe runs", async () => {
    let runs = 0;
    const counted = (rng: RandomSource) => {
      runs++;
      return pool(150)(rng);
    };
    setRandomUniform(() => 0.95); // every d10 a 1: no success, so no damage dice
    const r = await rollWithFoundryDice(counted, { batch: true });
    expect(r.value).toEqual({ successes: 0, damage: 0 });
    expect(r.rolls.map((x) => x.dice.length)).toEqual([150]);
    // One run that asks, the probe runs, one run that uses the dice.
    expect(runs).toBeLessThanOrEqual(BATCH_PROBE_LEVELS + 2);
  });

  it("a core that never stops asking (a random function a module replaced, always the highest face) stops at the cap", async () => {
    const explodes = (rng: RandomSource) => {
      let total = 0;
      let face: number;
      do {
        face = rollDie(10, rng);
        total += face;
      } while (face === 10);
      return total;
    };
    scriptDiceFaces(Array(MAX_FOUNDRY_DICE + 10).fill(10));
    await expect(rollWithFoundryDice(explodes, { batch: true })).rejects.toThrow(/more than 200 dice/);
  });

  /** Two d6, a d8 only when they total exactly 7 (no probe run shows that), then a d4. */
  function seven(rng: RandomSource): number[] {
    const a = rollDie(6, rng);
    const b = rollDie(6, rng);
    const extra = a + b === 7 ? [rollDie(8, rng)] : [];
    return [a, b, ...extra, rollDie(4, rng)];
  }

  it("a die the probes expected but the core asks for another size instead is dropped from the roll and counts for nothing", async () => {
    expect(likelyNeeded(seven, [], 6)).toEqual([6, 6, 4]);
    scriptDiceFaces([3, 4, 2, 5, 1]); // d6 3, d6 4, (d4 2: dropped), d8 5, d4 1
    const r = await rollWithFoundryDice(seven, { batch: true });
    expect(r.value).toEqual([3, 4, 5, 1]);
    expect(r.faces).toEqual([{ face: 3, faces: 6 }, { face: 4, faces: 6 }, { face: 5, faces: 8 }, { face: 1, faces: 4 }]);
    // The first roll keeps its two d6 only; its total is theirs.
    expect(r.rolls.map((x) => x.dice.map((d: any) => d.faces))).toEqual([[6, 6], [8, 4]]);
    expect(r.rolls[0]!.total).toBe(7);
  });

  /** Two d6, then a d4 unless they total exactly 7. */
  function unlessSeven(rng: RandomSource): number[] {
    const a = rollDie(6, rng);
    const b = rollDie(6, rng);
    return a + b === 7 ? [a, b] : [a, b, rollDie(4, rng)];
  }

  it("a die the probes expected but the core never asks for is dropped (a roll left with no die is dropped whole)", async () => {
    scriptDiceFaces([5, 2, 4]);
    const r = await rollWithFoundryDice(unlessSeven, { batch: true });
    expect(r.value).toEqual([5, 2]);
    expect(r.faces).toHaveLength(2);
    expect(r.rolls.map((x) => x.dice.length)).toEqual([2]);
    expect(r.rolls[0]!.formula).toBe("1d6 + 1d6");
    expect(r.rolls[0]!.total).toBe(7);
  });
});
