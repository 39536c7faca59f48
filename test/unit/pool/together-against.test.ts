import { describe, expect, it } from "vitest";
import { maxAbsDiff, simulate } from "../../../src/dice/dist";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  checkOdds,
  directContestDist,
  directContestOdds,
  eitherOrOdds,
  indirectContestDist,
  indirectContestOdds,
  judgeDirect,
  judgeIndirect,
  makePool,
  pickChanceHolder,
  rollDirectContest,
  rollEitherOr,
  rollIndirectContest,
  teamPool,
} from "../../../src/rulesets/pool/rules";

const alice = { addDice: 4, bonusDice: 2, penaltyDice: 0 };
const bob = { addDice: 2, bonusDice: 0, penaltyDice: 3 };

describe("seed 002 · Working Together", () => {
  it("simple addition totals Add, Bonus and Penalty dice, then cancels", () => {
    expect(teamPool("simpleAddition", [alice, bob]).pool).toEqual({ addDice: 6, bonusDice: 0, penaltyDice: 1, die: "d8" });
  });
  it("combining dice: the highest Add dice count stays Add; the other Add dice become Bonus dice", () => {
    const t = teamPool("combiningDice", [alice, bob]);
    // 9 dice in all; 4 Add, 2 Bonus + 3 Penalty accounted for; 2 left over become Bonus → 4 Bonus vs 3 Penalty.
    expect(t.pool).toEqual({ addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" });
    expect(t.reassignedDice).toBe(2);
  });
  it("worst roller: the leftover Add dice become Penalty dice", () => {
    expect(teamPool("worstRoller", [alice, bob]).pool).toEqual({ addDice: 4, bonusDice: 0, penaltyDice: 3, die: "d8" });
  });
  it("rejects an empty team and bad counts", () => {
    expect(() => teamPool("simpleAddition", [])).toThrow(/at least one member/);
    expect(() => teamPool("combiningDice", [{ addDice: 1, bonusDice: -1, penaltyDice: 0 }])).toThrow(/member 1 bonusDice must be at least 0/);
    expect(() => teamPool("eitherOr" as never, [alice])).toThrow(/teamwork mode must be one of simpleAddition, combiningDice, worstRoller/);
    expect(() => eitherOrOdds([{ pool: makePool(2, 0, 0), hasChance: true }], 7.5)).toThrow(/difficulty must be a whole number/);
    expect(() => eitherOrOdds([{ pool: makePool(2, 0, 0), hasChance: "yes" as never }], 7)).toThrow(/member 1 hasChance must be true or false/);
    expect(() => rollEitherOr([], 7, seededRandom(1))).toThrow(/at least one member/);
  });
  it("combining dice and worst roller: a lone member keeps their own pool", () => {
    expect(teamPool("combiningDice", [alice]).pool).toEqual({ addDice: 4, bonusDice: 2, penaltyDice: 0, die: "d8" });
    expect(teamPool("worstRoller", [alice], "d6Plus1").pool).toEqual({ addDice: 4, bonusDice: 2, penaltyDice: 0, die: "d6Plus1" });
  });
  it("either/or: everybody rolls against one Difficulty; only a member with the chance can succeed", () => {
    const s = new ScriptedDice([8, 8, 8, 1, 2, 1]);
    const r = rollEitherOr(
      [
        { pool: makePool(3, 0, 0), hasChance: false },
        { pool: makePool(3, 0, 0), hasChance: true },
      ],
      10,
      s.source(8),
    );
    expect(r.results[0].roll.outcome).toBe("success");
    expect(r.results[0].counted.outcome).toBe("failure");
    expect(r.results[1].roll.outcome).toBe("failure");
    expect(r.success).toBe(false);
  });
  it("either/or odds: 1 − Π(1 − p) over members with a chance", () => {
    const a = makePool(3, 1, 0);
    const b = makePool(2, 0, 0);
    const pa = checkOdds({ pool: a, difficulty: 12 }).success;
    const pb = checkOdds({ pool: b, difficulty: 12 }).success;
    expect(eitherOrOdds([{ pool: a, hasChance: true }, { pool: b, hasChance: true }], 12).success).toBeCloseTo(1 - (1 - pa) * (1 - pb), 14);
    expect(eitherOrOdds([{ pool: a, hasChance: false }, { pool: b, hasChance: true }], 12).success).toBeCloseTo(pb, 14);
    const rng = seededRandom(3);
    const members = [{ pool: a, hasChance: true }, { pool: b, hasChance: true }];
    const sim = simulate(100_000, () => rollEitherOr(members, 12, rng).success);
    expect(Math.abs((sim.get(true) ?? 0) - eitherOrOdds(members, 12).success)).toBeLessThan(0.006);
  });
  it("the Storyguide's random pick of who has the chance is uniform", () => {
    const rng = seededRandom(11);
    const sim = simulate(30_000, () => pickChanceHolder(3, rng));
    for (const k of [0, 1, 2]) expect(Math.abs((sim.get(k) ?? 0) - 1 / 3)).toBeLessThan(0.015);
  });
});

describe("seed 002 · Working Against", () => {
  it("direct opposition: the higher total triumphs; the lower roll is the Difficulty for the degree", () => {
    expect(judgeDirect({ total: 23, botch: false }, { total: 12, botch: false })).toEqual({ outcome: "firstTriumphs", degree: 2 });
    expect(judgeDirect({ total: 12, botch: false }, { total: 16, botch: false })).toEqual({ outcome: "secondTriumphs", degree: 0 });
    expect(judgeDirect({ total: 12, botch: false }, { total: 12, botch: false })).toEqual({ outcome: "tie", degree: 0 });
  });
  it("direct opposition: a botch cannot triumph (decision)", () => {
    expect(judgeDirect({ total: 3, botch: true }, { total: 2, botch: false })).toEqual({ outcome: "secondTriumphs", degree: 0 });
    expect(judgeDirect({ total: 2, botch: true }, { total: 2, botch: true })).toEqual({ outcome: "neither", degree: 0 });
    const s = new ScriptedDice([8, 7, 1, 1]);
    expect(rollDirectContest(makePool(2, 0, 0), makePool(2, 0, 0), s.source(8))).toMatchObject({ outcome: "firstTriumphs", degree: 2 });
  });
  it("indirect opposition: a lone success triumphs; two successes compare degrees", () => {
    const s = (degree: number) => ({ outcome: "success" as const, degree });
    const f = { outcome: "failure" as const, degree: 0 };
    expect(judgeIndirect(s(0), f)).toEqual({ outcome: "firstTriumphs", degree: 0 });
    expect(judgeIndirect(f, s(1))).toEqual({ outcome: "secondTriumphs", degree: 1 });
    expect(judgeIndirect(s(2), s(1))).toEqual({ outcome: "firstTriumphs", degree: 2 });
    expect(judgeIndirect(s(1), s(1))).toEqual({ outcome: "tie", degree: 1 });
    expect(judgeIndirect(f, { outcome: "botch", degree: 0 })).toEqual({ outcome: "neither", degree: 0 });
    expect(() => judgeIndirect({ outcome: "won" as never, degree: 0 }, f)).toThrow(/first outcome must be one of success, failure, botch/);
    expect(() => judgeIndirect(f, { outcome: "success", degree: -1 })).toThrow(/second degree must be at least 0/);
    expect(() => judgeDirect({ total: 1.5, botch: false }, { total: 3, botch: false })).toThrow(/first total must be a whole number/);
  });
  it("direct contest odds sum to 1 and agree with 100,000 seeded contests", () => {
    const a = makePool(3, 2, 0);
    const b = makePool(4, 0, 1, "d10Minus1");
    const o = directContestOdds(a, b);
    expect(o.firstTriumphs + o.secondTriumphs + o.tie + o.neither).toBeCloseTo(1, 12);
    const rng = seededRandom(77);
    const sim = simulate(100_000, () => {
      const r = rollDirectContest(a, b, rng);
      return `${r.outcome}:${r.degree}`;
    });
    expect(maxAbsDiff(sim, directContestDist(a, b))).toBeLessThan(0.006);
  });
  it("indirect contest odds sum to 1 and agree with 100,000 seeded contests", () => {
    const a = makePool(3, 0, 0);
    const b = makePool(2, 2, 0);
    const o = indirectContestOdds(a, b, 12);
    expect(o.firstTriumphs + o.secondTriumphs + o.tie + o.neither).toBeCloseTo(1, 12);
    const rng = seededRandom(78);
    const sim = simulate(100_000, () => {
      const r = rollIndirectContest(a, b, 12, rng);
      return `${r.outcome}:${r.degree}`;
    });
    expect(maxAbsDiff(sim, indirectContestDist(a, b, 12))).toBeLessThan(0.006);
  });
});
