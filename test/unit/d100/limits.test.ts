/**
 * Caps (docs/rules/d100.md, "Limits"): every count and open end has one, the same check refuses
 * it in the roll, the resolve and the odds, numbers past 2^53 are refused, and an open end stops
 * at MAX_OPEN_END_DICE even when the random source is stuck.
 */
import { describe, expect, it } from "vitest";
import { type RandomSource, seededRandom } from "../../../src/dice/random";
import {
  type CheckCore,
  EXAMPLE_FIRE_BLOCKS,
  MAX_CHECK_SCORE,
  MAX_CUMULATIVE_CHECKS,
  MAX_CUMULATIVE_GOAL,
  MAX_DAMAGE_DICE,
  MAX_FIRE_X,
  MAX_HELPERS,
  MAX_OPEN_END_DICE,
  NotationError,
  assistedCore,
  checkCore,
  cooperativeCore,
  cumulativeCore,
  damageCore,
  fireCore,
  parseAdjustment,
  parseDamage,
  parsePowerCost,
  rollCheck,
  rollDamage,
  rollFireDamage,
  evaluateFire,
  initiativeOrder,
  MAX_TIE_ROUNDS,
} from "../../../src/rulesets/d100/rules/index";

/** The same RangeError from roll, resolve and odds. */
function refusedEverywhere<I>(core: { roll(i: I, r: RandomSource): unknown; resolve(i: I, f: readonly number[]): unknown; odds(i: I): unknown }, input: I, message: RegExp): void {
  expect(() => core.roll(input, seededRandom(1))).toThrow(message);
  expect(() => core.resolve(input, [1, 2, 3])).toThrow(message);
  expect(() => core.odds(input)).toThrow(message);
  for (const f of [() => core.roll(input, seededRandom(1)), () => core.resolve(input, []), () => core.odds(input)]) {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(RangeError);
    }
  }
}

const skill = (score: number, overflow = false) => ({ kind: "skill" as const, score, overflow });
const helpers = (n: number) => Array.from({ length: n }, () => skill(40));

describe("caps: refused the same in roll, resolve and odds", () => {
  it("check scores, difficulties and margins", () => {
    refusedEverywhere(checkCore, skill(MAX_CHECK_SCORE + 1), /Check score must be at most 200/);
    refusedEverywhere(checkCore, { kind: "skill", score: 40, difficulty: -1001 }, /Difficulty must be at least -1000/);
    refusedEverywhere(checkCore, { kind: "skill", score: 40, agitationMargin: 1001 }, /Agitation margin must be at most 1000/);
  });
  it("numbers past 2^53 are refused, not rounded", () => {
    refusedEverywhere(checkCore, skill(2 ** 53), /Check score must be a whole number between/);
    refusedEverywhere(checkCore, { kind: "attribute", score: 5, difficulty: 2 ** 53 + 2 }, /Difficulty must be a whole number between/);
    expect(() => parseDamage("9007199254740993D")).toThrow(/too large/);
  });
  it("helpers and assistants: at most six", () => {
    refusedEverywhere(cooperativeCore, { helpers: helpers(MAX_HELPERS + 1), task: { kind: "skill" } }, /Number of helpers must be at most 6/);
    refusedEverywhere(cooperativeCore, { helpers: [], task: { kind: "skill" } }, /Number of helpers must be at least 1/);
    refusedEverywhere(assistedCore, { main: skill(40), assists: helpers(MAX_HELPERS + 1) }, /Number of assists must be at most 6/);
  });
  it("cumulative checks and goal", () => {
    refusedEverywhere(cumulativeCore, { goal: 100, check: skill(40), checks: MAX_CUMULATIVE_CHECKS + 1 }, /Number of checks must be at most 10/);
    refusedEverywhere(cumulativeCore, { goal: MAX_CUMULATIVE_GOAL + 1, check: skill(40), checks: 1 }, /Cumulative goal must be at most 10000/);
    refusedEverywhere(cumulativeCore, { goal: 10, total: 10, check: skill(40), checks: 1 }, /already complete/);
  });
  it("damage dice: the parser refuses more than 100 dice, 1000000000D at once", () => {
    const start = performance.now();
    expect(() => parseDamage("1000000000D")).toThrow(/a number 1000000000 is too large \(at most 999999\)/);
    refusedEverywhere(damageCore, { notation: "1000000000D" }, /too large/);
    refusedEverywhere(damageCore, { notation: "60D + 41D(ST)" }, /at most 100 dice in one notation \(this term brings it to 101\)/);
    refusedEverywhere(damageCore, { notation: `${MAX_DAMAGE_DICE + 1}D` }, NotationError);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(parseDamage(`${MAX_DAMAGE_DICE}D`).terms).toHaveLength(1);
    expect(() => parseDamage(Array.from({ length: 21 }, () => "1").join(" + "))).toThrow(/at most 20 terms/);
    expect(() => parseDamage("1 + ".repeat(60) + "1")).toThrow(/longer than 200 characters/);
    expect(() => parseAdjustment(Array.from({ length: 21 }, () => "-1F").join(" "))).toThrow(/at most 20 adjustments/);
    expect(() => parsePowerCost("Drain 99999999999999999999")).toThrow(/amount must be a whole number between/);
  });
  it("damage dice of one notation share one scale", () => {
    expect(() => parseDamage("10 + 2D + 1KD")).toThrow(/every die of one notation works on one scale \(plain dice and K dice are mixed\)/);
    expect(parseDamage("10 + 5K + 2KD + 1KD(ST)").terms).toHaveLength(4);
  });
  it("fire: X at most 20", () => {
    refusedEverywhere(fireCore, { block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: skill(40), x: MAX_FIRE_X + 1 }, /X must be at most 20/);
  });
});

describe("a broken random source is refused, never turned into NaN", () => {
  it("NaN or a string from the source throws a RangeError", () => {
    expect(() => rollCheck({ kind: "skill", score: 40 }, () => NaN)).toThrow(/The random source (gave|returned) NaN/);
    expect(() => rollDamage({ notation: "2D" }, (() => "x") as unknown as RandomSource)).toThrow(/not a number in \[0, 1\)/);
    expect(() => rollCheck({ kind: "skill", score: 40 }, 5 as unknown as RandomSource)).toThrow(TypeError);
  });
});

describe("open ends stop at their cap with a stuck random source", () => {
  const stuckHigh: RandomSource = () => 0.9999999;
  const stuckLow: RandomSource = () => 0;
  it("check overflow chains: 100 dice at most, then a clear stop", () => {
    const start = performance.now();
    const low = rollCheck({ kind: "attribute", score: 5, overflow: true }, stuckLow);
    expect(low.overflowCapped).toBe(true);
    expect(low.faces).toHaveLength(1 + MAX_OPEN_END_DICE);
    expect(low.effort).toBe(5 * (1 + MAX_OPEN_END_DICE));
    const high = rollCheck({ kind: "skill", score: 40, overflow: true }, stuckHigh);
    expect(high.overflowCapped).toBe(true);
    expect(high.faces).toHaveLength(2 + MAX_OPEN_END_DICE);
    expect(high.effort).toBe(-59 * (1 + MAX_OPEN_END_DICE / 2));
    // the capped roll resolves from its own faces
    expect(checkCore.resolve({ kind: "skill", score: 40, overflow: true }, high.faces)).toEqual(high);
    expect(performance.now() - start).toBeLessThan(1000);
  });
  it("damage overflow: at most 100 extra dice in one roll, every die still counted", () => {
    const start = performance.now();
    const r = rollDamage({ notation: "100D", overflow: true }, stuckLow);
    expect(r.overflowCapped).toBe(true);
    expect(r.faces).toHaveLength(100 + MAX_OPEN_END_DICE);
    expect(r.total).toBe(10 * (100 + MAX_OPEN_END_DICE));
    expect(damageCore.resolve({ notation: "100D", overflow: true }, r.faces)).toEqual(r);
    const high = rollDamage({ notation: "100D", overflow: true }, stuckHigh);
    expect(high).toMatchObject({ overflowCapped: false, total: 900 });
    expect(performance.now() - start).toBeLessThan(1000);
  });
  it("initiative tie checks: a tie a stuck source never breaks stops after 20 rounds, in the order given", () => {
    const party = ["a", "b", "c"].map((id) => ({ id, actionQuota: 5 }));
    for (const rng of [stuckHigh, stuckLow]) {
      const o = initiativeOrder(party, "check", rng);
      expect(o.capped).toBe(true);
      expect(o.tieChecks).toHaveLength(MAX_TIE_ROUNDS);
      expect(o.slots).toEqual([["a"], ["b"], ["c"]]);
    }
    expect(initiativeOrder(party, "check", seededRandom(3)).capped).toBe(false);
  });
  it("every other core finishes quickly with either stuck source", () => {
    const start = performance.now();
    const o = (score: number) => skill(score, true);
    const cases: Array<[CheckCore<never, readonly number[], { readonly faces: readonly number[] }>, unknown]> = [
      [cooperativeCore as never, { helpers: Array.from({ length: MAX_HELPERS }, () => o(40)), task: { kind: "skill" } }],
      [assistedCore as never, { main: o(40), assists: Array.from({ length: MAX_HELPERS }, () => o(30)) }],
      [cumulativeCore as never, { goal: MAX_CUMULATIVE_GOAL, mode: "signed", check: o(40), checks: MAX_CUMULATIVE_CHECKS }],
      [fireCore as never, { block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: o(40), x: MAX_FIRE_X }],
    ];
    for (const rng of [stuckHigh, stuckLow]) {
      for (const [core, input] of cases) {
        const r = core.roll(input as never, rng);
        expect(core.resolve(input as never, r.faces)).toEqual(r);
      }
    }
    const ev = evaluateFire(EXAMPLE_FIRE_BLOCKS.threeShotBurst, { degree: 20 });
    expect(rollFireDamage({ evaluation: ev, overflow: true }, stuckLow).shots).toHaveLength(3);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
