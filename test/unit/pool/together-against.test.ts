import { describe, expect, it } from "vitest";
import { maxAbsDiff, simulate } from "../../../src/dice/dist";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  checkOdds,
  directContestDist,
  directContestDistribution,
  directContestOdds,
  eitherOrOdds,
  indirectContestDist,
  indirectContestDistribution,
  indirectContestOdds,
  judgeDirect,
  judgeIndirect,
  makePool,
  pickChanceHolder,
  rollDirectContest,
  rollEitherOr,
  rollIndirectContest,
  teamPool,
  totalDist,
  bandDist,
  type PoolSpec,
} from "../../../src/rulesets/pool/rules";

const alice = { addDice: 4, bonusDice: 2, penaltyDice: 0 };
const bob = { addDice: 2, bonusDice: 0, penaltyDice: 3 };

describe("seed 002 · Working Together", () => {
  it("simple addition totals Add, Bonus and Penalty dice, then cancels", () => {
    expect(teamPool({ mode: "simpleAddition", members: [alice, bob] }).pool).toEqual({ addDice: 6, bonusDice: 0, penaltyDice: 1, die: "d8" });
  });
  it("combining dice: the highest Add dice count stays Add; the other Add dice become Bonus dice", () => {
    const t = teamPool({ mode: "combiningDice", members: [alice, bob] });
    // 9 dice in all; 4 Add, 2 Bonus + 3 Penalty accounted for; 2 left over become Bonus → 4 Bonus vs 3 Penalty.
    expect(t.pool).toEqual({ addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" });
    expect(t.reassignedDice).toBe(2);
  });
  it("worst roller: the leftover Add dice become Penalty dice", () => {
    expect(teamPool({ mode: "worstRoller", members: [alice, bob] }).pool).toEqual({ addDice: 4, bonusDice: 0, penaltyDice: 3, die: "d8" });
  });
  it("rejects an empty team and bad counts", () => {
    expect(() => teamPool({ mode: "simpleAddition", members: [] })).toThrow(/at least one member/);
    expect(() => teamPool({ mode: "combiningDice", members: [{ addDice: 1, bonusDice: -1, penaltyDice: 0 }] })).toThrow(/member 1 bonusDice must be between 0 and 60, not -1/);
    expect(() => teamPool({ mode: "eitherOr" as never, members: [alice] })).toThrow(/teamwork mode must be one of simpleAddition, combiningDice, worstRoller/);
    expect(() => eitherOrOdds({ members: [{ pool: makePool({ addDice: 2 }), hasChance: true }], difficulty: 7.5 })).toThrow(/difficulty must be a whole number/);
    expect(() => eitherOrOdds({ members: [{ pool: makePool({ addDice: 2 }), hasChance: "yes" as never }], difficulty: 7 })).toThrow(/member 1 hasChance must be true or false/);
    expect(() => rollEitherOr({ members: [], difficulty: 7 }, seededRandom(1))).toThrow(/at least one member/);
  });
  it("combining dice and worst roller: a lone member keeps their own pool", () => {
    expect(teamPool({ mode: "combiningDice", members: [alice] }).pool).toEqual({ addDice: 4, bonusDice: 2, penaltyDice: 0, die: "d8" });
    expect(teamPool({ mode: "worstRoller", members: [alice], die: "d6Plus1" }).pool).toEqual({ addDice: 4, bonusDice: 2, penaltyDice: 0, die: "d6Plus1" });
  });
  it("either/or: everybody rolls against one Difficulty; only a member with the chance can succeed", () => {
    const s = new ScriptedDice([8, 8, 8, 1, 2, 1]);
    const r = rollEitherOr(
      {
        members: [
          { pool: makePool({ addDice: 3 }), hasChance: false },
          { pool: makePool({ addDice: 3 }), hasChance: true },
        ],
        difficulty: 10,
      },
      s.source(8),
    );
    expect(r.results[0].roll.outcome).toBe("success");
    expect(r.results[0].counted.outcome).toBe("failure");
    expect(r.results[1].roll.outcome).toBe("failure");
    expect(r.success).toBe(false);
  });
  it("either/or odds: 1 − Π(1 − p) over members with a chance", () => {
    const a = makePool({ addDice: 3, bonusDice: 1 });
    const b = makePool({ addDice: 2 });
    const pa = checkOdds({ pool: a, difficulty: 12 }).success;
    const pb = checkOdds({ pool: b, difficulty: 12 }).success;
    expect(eitherOrOdds({ members: [{ pool: a, hasChance: true }, { pool: b, hasChance: true }], difficulty: 12 }).success).toBeCloseTo(1 - (1 - pa) * (1 - pb), 14);
    expect(eitherOrOdds({ members: [{ pool: a, hasChance: false }, { pool: b, hasChance: true }], difficulty: 12 }).success).toBeCloseTo(pb, 14);
    const rng = seededRandom(3);
    const members = [{ pool: a, hasChance: true }, { pool: b, hasChance: true }];
    const sim = simulate(100_000, () => rollEitherOr({ members, difficulty: 12 }, rng).success);
    expect(Math.abs((sim.get(true) ?? 0) - eitherOrOdds({ members, difficulty: 12 }).success)).toBeLessThan(0.006);
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
    expect(rollDirectContest({ first: makePool({ addDice: 2 }), second: makePool({ addDice: 2 }) }, s.source(8))).toMatchObject({ outcome: "firstTriumphs", degree: 2 });
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
    const a = makePool({ addDice: 3, bonusDice: 2 });
    const b = makePool({ addDice: 4, penaltyDice: 1, die: "d10Minus1" });
    const o = directContestDistribution({ first: a, second: b });
    expect(o.firstTriumphs + o.secondTriumphs + o.tie + o.neither).toBeCloseTo(1, 12);
    expect(directContestOdds({ first: a, second: b })).toMatchObject({
      success: o.firstTriumphs,
      outcomes: [{ key: "secondTriumphs", p: o.secondTriumphs }, { key: "neither", p: o.neither }, { key: "tie", p: o.tie }, { key: "firstTriumphs", p: o.firstTriumphs }],
    });
    const rng = seededRandom(77);
    const sim = simulate(100_000, () => {
      const r = rollDirectContest({ first: a, second: b }, rng);
      return `${r.outcome}:${r.degree}`;
    });
    expect(maxAbsDiff(sim, directContestDist({ first: a, second: b }))).toBeLessThan(0.006);
  });
  it("indirect contest odds sum to 1 and agree with 100,000 seeded contests", () => {
    const a = makePool({ addDice: 3 });
    const b = makePool({ addDice: 2, bonusDice: 2 });
    const o = indirectContestDistribution({ first: a, second: b, difficulty: 12 });
    expect(o.firstTriumphs + o.secondTriumphs + o.tie + o.neither).toBeCloseTo(1, 12);
    expect(indirectContestOdds({ first: a, second: b, difficulty: 12 }).success).toBe(o.firstTriumphs);
    const rng = seededRandom(78);
    const sim = simulate(100_000, () => {
      const r = rollIndirectContest({ first: a, second: b, difficulty: 12 }, rng);
      return `${r.outcome}:${r.degree}`;
    });
    expect(maxAbsDiff(sim, indirectContestDist({ first: a, second: b, difficulty: 12 }))).toBeLessThan(0.006);
  });
  it("the contest odds equal pairing every total (direct) and every band (indirect) with the judges", () => {
    const pairs: [PoolSpec, PoolSpec][] = [
      [makePool({ addDice: 3, bonusDice: 2 }), makePool({ addDice: 4, penaltyDice: 1, die: "d10Minus1" })],
      [makePool({ addDice: 1 }), makePool({ addDice: 1, penaltyDice: 3, die: "d12Minus2" })],
      [makePool({ addDice: 0, bonusDice: 2 }), makePool({ addDice: 2, die: "d4Plus2" })],
      [makePool({ addDice: 12, bonusDice: 8, die: "d12Minus2" }), makePool({ addDice: 15, penaltyDice: 2, die: "d6Plus1" })],
    ];
    for (const [first, second] of pairs) {
      const direct = new Map<string, number>();
      for (const [x, px] of totalDist(first)) {
        for (const [y, py] of totalDist(second)) {
          const j = judgeDirect({ total: x, botch: x <= first.addDice }, { total: y, botch: y <= second.addDice });
          direct.set(`${j.outcome}:${j.degree}`, (direct.get(`${j.outcome}:${j.degree}`) ?? 0) + px * py);
        }
      }
      expect(maxAbsDiff(direct, directContestDist({ first, second }))).toBeLessThan(1e-14);
      for (const difficulty of [-5, 0, 9, 17, 40]) {
        const indirect = new Map<string, number>();
        const side = (key: string) => ({ outcome: key.split(":")[0] as "success" | "failure" | "botch", degree: Number(key.split(":")[1]) });
        for (const [x, px] of bandDist({ pool: first, difficulty })) {
          for (const [y, py] of bandDist({ pool: second, difficulty })) {
            const j = judgeIndirect(side(x), side(y));
            indirect.set(`${j.outcome}:${j.degree}`, (indirect.get(`${j.outcome}:${j.degree}`) ?? 0) + px * py);
          }
        }
        const got = indirectContestDist({ first, second, difficulty });
        expect(maxAbsDiff(indirect, got)).toBeLessThan(1e-14);
        expect([...got.keys()].sort()).toEqual([...indirect.keys()].filter((k) => (indirect.get(k) ?? 0) > 0).sort());
      }
    }
  });
});
