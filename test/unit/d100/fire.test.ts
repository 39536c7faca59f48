import { describe, expect, it } from "vitest";
import { maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import { type CheckInput, rollCheck } from "../../../src/rulesets/d100/rules/checks";
import { type FireBlock, parseSpreadStep } from "../../../src/rulesets/d100/rules/fire";
import { validateFireBlock } from "../../../src/rulesets/d100/rules/fire-odds";
import { EXAMPLE_FIRE_BLOCKS, evaluateFire, fireOdds, fireOddsDetail, resolveFireDamage, rollFireDamage } from "../../../src/rulesets/d100/rules/fire-odds";
import { d10Faces } from "./helpers";

const { threeShotBurst, xShotBurst, shotgunBlast, protonStream } = EXAMPLE_FIRE_BLOCKS;

describe("spread steps (seed: Advanced Action Simulation Block)", () => {
  it("parses >, <, =, ranges and open ranges", () => {
    expect(parseSpreadStep("> -10")).toEqual({ min: -9, max: null });
    expect(parseSpreadStep("> +10")).toEqual({ min: 11, max: null });
    expect(parseSpreadStep("1 - 10")).toEqual({ min: 1, max: 10 });
    expect(parseSpreadStep("< 0")).toEqual({ min: null, max: -1 });
    expect(parseSpreadStep("= 0")).toEqual({ min: 0, max: 0 });
    expect(parseSpreadStep("11+")).toEqual({ min: 11, max: null });
    expect(() => parseSpreadStep("about 5")).toThrow(/is not one of/);
    expect(() => parseSpreadStep("10 - 1")).toThrow(/backwards/);
  });
});

describe("burst fire (seed: Burst Fire)", () => {
  it("Three Shot Burst: AP 3; > -10 one hit, > 0 two, > +10 three; below the spread fails", () => {
    expect(evaluateFire(threeShotBurst, { degree: -5 })).toMatchObject({ apCost: 3, step: 0, amount: 1, damage: "10 + 2D" });
    expect(evaluateFire(threeShotBurst, { degree: 4 })).toMatchObject({ step: 1, amount: 2 });
    expect(evaluateFire(threeShotBurst, { degree: 11 })).toMatchObject({ step: 2, amount: 3 });
    expect(evaluateFire(threeShotBurst, { degree: -10 })).toMatchObject({ step: null, hit: false, amount: 0, damage: null });
  });
  it("X Shot Burst example: 3 + 3 AP and an effort of 11 threaten with 9 of 15 shots", () => {
    const ev = evaluateFire(xShotBurst, { degree: 11, x: 3 });
    expect(ev).toMatchObject({ apCost: 6, step: 2, amount: 9, shotsFired: 15, damage: "10" });
    expect(evaluateFire(xShotBurst, { degree: 51, x: 2 })).toMatchObject({ amount: 10, shotsFired: 10 });
    expect(() => evaluateFire(xShotBurst, { degree: 11 })).toThrow(/needs X/);
  });
  it("Burst Fire Adjustments: applied to each shot; the shortcut multiplies one adjusted shot", () => {
    const ev = evaluateFire(xShotBurst, { degree: 11, x: 3 });
    const r = rollFireDamage({ evaluation: ev, adjustment: "-4F" }, seededRandom(1));
    expect(r.shots).toHaveLength(9);
    expect(r.total).toBe(9 * 6);
    const s = rollFireDamage({ evaluation: ev, adjustment: "-4F", eachShot: false }, seededRandom(1));
    expect(s.shots).toHaveLength(1);
    expect(s.total).toBe(54);
    const three = rollFireDamage({ evaluation: evaluateFire(threeShotBurst, { degree: 20 }), adjustment: "-5F -1R" }, d10Faces([0, 5, 3, 2, 9, 0]));
    // shots: 10+10+5=25 → 20 → 18; 10+3+2=15 → 10 → 9; 10+9+10=29 → 24 → 22
    expect(three.shots.map((x) => x.adjusted.after)).toEqual([18, 9, 22]);
    expect(three.total).toBe(49);
    // the same shots from the faces Foundry showed
    expect(resolveFireDamage({ evaluation: evaluateFire(threeShotBurst, { degree: 20 }), adjustment: "-5F -1R" }, three.faces)).toEqual(three);
  });
});

describe("blast and streaming fire (seed: Blast Fire, Streaming Fire)", () => {
  it("Shotgun Blast damage follows the spread step", () => {
    expect(evaluateFire(shotgunBlast, { degree: 5 })).toMatchObject({ amount: 1, damage: "5 + 1D" });
    expect(evaluateFire(shotgunBlast, { degree: 25 })).toMatchObject({ damage: "5 + 3D" });
  });
  it("Proton Stream damage follows the AP cost: 3 → 5 + 2D, 4 → 5 + 3D, 5 → 5 + 4D", () => {
    expect(evaluateFire(protonStream, { degree: 1, apChoice: 0 })).toMatchObject({ apCost: 3, damage: "5 + 2D" });
    expect(evaluateFire(protonStream, { degree: 1, apChoice: 2 })).toMatchObject({ apCost: 5, damage: "5 + 4D" });
    expect(evaluateFire(protonStream, { degree: 0, apChoice: 2 })).toMatchObject({ hit: false });
    expect(() => evaluateFire(protonStream, { degree: 1, apChoice: 3 })).toThrow(/at most 2/);
  });
  it("validates block shapes", () => {
    const bad: FireBlock = { ...shotgunBlast, damage: ["1D"] };
    expect(() => validateFireBlock(bad)).toThrow(/needs 3 damage notation/);
    expect(() => validateFireBlock({ ...threeShotBurst, damage: ["10 + 2Q"] })).toThrow(/Bad notation/);
    expect(() => validateFireBlock({ ...threeShotBurst, amount: [{ kind: "perX", per: 1 }] })).toThrow(/needs a base \+ X AP cost/);
  });
});

describe("fire odds", () => {
  it("three shot burst with skill 40: exact step odds and agreement with a 100k simulation", () => {
    const check: CheckInput = { kind: "skill", score: 40 };
    const o = fireOddsDetail({ block: threeShotBurst, check });
    // degree = 40 − roll: fail when roll ≥ 50, step 0 for 40..49, step 1 for 30..39, step 2 below 30
    expect(o.fail).toBeCloseTo(0.5, 12);
    expect(o.steps[0]).toBeCloseTo(0.1, 12);
    expect(o.steps[1]).toBeCloseTo(0.1, 12);
    expect(o.steps[2]).toBeCloseTo(0.3, 12);
    expect(o.expectedHits).toBeCloseTo(0.1 + 0.2 + 0.9, 12);
    expect(o.expectedDamage).toBeCloseTo(1.2 * 21, 10);
    const rng = seededRandom(5);
    const sim = simulate(100_000, () => String(evaluateFire(threeShotBurst, { degree: rollCheck(check, rng).degree }).step));
    const exact = new Map<string, number>([["null", o.fail], ...o.steps.map((p, i) => [String(i), p] as [string, number])]);
    expect(maxAbsDiff(sim, exact)).toBeLessThan(0.006);
    // the shared Odds shape: fail first, then each step; success = some step reached
    const odds = fireOdds({ block: threeShotBurst, check });
    expect(odds.outcomes.map((x) => x.key)).toEqual(["fail", "step0", "step1", "step2"]);
    expect(odds.success).toBeCloseTo(0.5, 12);
  });
});
