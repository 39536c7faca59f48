import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, simulate, type Dist } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import {
  CHECK_OUTCOMES,
  checkDistribution,
  checkFacesNeeded,
  checkOdds,
  opposedDistribution,
  opposedOdds,
  compareChecks,
  rerollCheck,
  resolveCheck,
  rollCheck,
  rollOpposed,
  resolveOpposed,
  successDistribution,
  type CheckInput,
  type CheckOutcome,
  type CheckResult,
} from "../../../src/rulesets/flange/rules";

const TRIALS = 100_000;
const TOL = 0.006;

/**
 * Independent brute force: every face of every die, extra dice included, through the resolver
 * itself (`checkFacesNeeded` says when a list of faces calls for more dice). Branches whose
 * probability falls below `floor` are dropped (their mass is returned).
 */
function bruteForce(input: CheckInput, floor = 1e-9): { dist: Map<string, number>; dropped: number } {
  const dist = new Map<string, number>();
  let dropped = 0;
  const explore = (faces: number[], p: number): void => {
    if (p < floor) {
      dropped += p;
      return;
    }
    const need = checkFacesNeeded(input, faces);
    if (need === 0) {
      const r = resolveCheck(input, faces);
      const key = r.outcome === "criticalFailure" ? `crit${r.ones}` : `s${r.successes}`;
      dist.set(key, (dist.get(key) ?? 0) + p);
      return;
    }
    const total = Math.pow(10, need);
    for (let i = 0; i < total; i++) {
      const more: number[] = [];
      let x = i;
      for (let k = 0; k < need; k++) {
        more.push((x % 10) + 1);
        x = Math.floor(x / 10);
      }
      explore([...faces, ...more], p / total);
    }
  };
  explore([], 1);
  return { dist, dropped };
}

/** Every complete roll of a check (extra dice included) with its probability, down to `floor`. */
function allRolls(input: CheckInput, floor: number): { rolls: { r: CheckResult; p: number }[]; dropped: number } {
  const rolls: { r: CheckResult; p: number }[] = [];
  let dropped = 0;
  const explore = (faces: number[], p: number): void => {
    if (p < floor) {
      dropped += p;
      return;
    }
    const need = checkFacesNeeded(input, faces);
    if (need === 0) {
      rolls.push({ r: resolveCheck(input, faces), p });
      return;
    }
    const total = Math.pow(10, need);
    for (let i = 0; i < total; i++) {
      const more: number[] = [];
      let x = i;
      for (let k = 0; k < need; k++) {
        more.push((x % 10) + 1);
        x = Math.floor(x / 10);
      }
      explore([...faces, ...more], p / total);
    }
  };
  explore([], 1);
  return { rolls, dropped };
}

function oddsAsKeys(input: CheckInput): Map<string, number> {
  const o = checkDistribution(input);
  const m = new Map<string, number>();
  for (const [s, p] of o.successes) if (s > 0) m.set(`s${s}`, p);
  for (const [j, p] of o.criticalOnes) m.set(`crit${j}`, p);
  const plain = o.outcomes.failure;
  if (plain > 0) m.set("s0", plain);
  return m;
}

function outcomeDist(r: CheckResult): CheckOutcome {
  return r.outcome;
}

describe("flange exact check odds", () => {
  it("every pool's odds have mass 1 and the named outcomes sum to 1", () => {
    for (let dice = 0; dice <= 12; dice++) {
      for (let target = 5; target <= 12; target++) {
        const o = checkDistribution({ dice, target });
        expect(mass(o.successes)).toBeCloseTo(1, 12);
        expect(CHECK_OUTCOMES.reduce((t, k) => t + o.outcomes[k], 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it("one die: success (11 − T)/10, critical failure 1/10", () => {
    for (let t = 5; t <= 10; t++) {
      const o = checkDistribution({ dice: 1, target: t });
      expect(o.success).toBeCloseTo((11 - t) / 10, 14);
      expect(o.outcomes.criticalFailure).toBeCloseTo(0.1, 14);
      expect(o.outcomes.marginal).toBeCloseTo((11 - t) / 10, 14);
    }
  });

  it("two dice at 10, worked by hand: 0.81 nothing, 0.18 one, a double 10 rolls on", () => {
    const o = checkDistribution({ dice: 2, target: 10 });
    expect(o.successes.get(0)).toBeCloseTo(0.81, 14);
    expect(o.successes.get(1)).toBeCloseTo(0.18, 14);
    expect(o.successes.get(2)).toBeCloseTo(0.01 * 0.9, 14); // extra die misses
    expect(o.successes.get(3)).toBeCloseTo(0.01 * 0.1 * 0.9, 14); // extra die is a 10, its extra die misses
    expect(o.criticalOnes.get(1)).toBeCloseTo(0.16, 14);
    expect(o.criticalOnes.get(2)).toBeCloseTo(0.01, 14);
    expect(o.outcomes.failure).toBeCloseTo(0.64, 14);
  });

  it("the critical split agrees with the dynamic programme's zero-success mass", () => {
    for (const [dice, target] of [[3, 7], [5, 9], [4, 5]] as const) {
      const o = checkDistribution({ dice, target });
      expect(o.outcomes.criticalFailure + o.outcomes.failure).toBeCloseTo(successDistribution({ dice, target }).get(0) ?? 0, 14);
    }
  });

  it("agrees with brute force over every face, extra dice included (1–3 dice)", () => {
    for (const input of [
      { dice: 1, target: 7 },
      { dice: 2, target: 6 },
      { dice: 2, target: 10 },
      { dice: 3, target: 7 },
      { dice: 3, target: 9 },
      { dice: 3, target: 5 },
      { dice: 2, target: 4, edgeTarget: 0 },
    ]) {
      const { dist, dropped } = bruteForce(input);
      const exact = oddsAsKeys(input);
      expect(maxAbsDiff(dist, exact)).toBeLessThan(1e-8 + dropped);
    }
  });

  it("a target at or below 1 makes every die a success", () => {
    const o = checkDistribution({ dice: 3, target: 5, targetModifier: -4 });
    expect(o.success).toBe(1);
    expect(o.outcomes.criticalFailure).toBe(0);
  });

  it("Edge re-roll policy: re-rolling failures gives 1 − (1 − p)²", () => {
    const base = checkDistribution({ dice: 2, target: 8 });
    const rr = checkDistribution({ dice: 2, target: 8 }, { rerollBelow: 1 });
    expect(rr.success).toBeCloseTo(1 - Math.pow(1 - base.success, 2), 14);
    expect(rr.rerollUsed).toBeCloseTo(1 - base.success, 14);
    expect(mass(rr.successes)).toBeCloseTo(1, 14);
  });

  const simCases: { name: string; input: CheckInput }[] = [
    { name: "Surgery 2 on Perception 6", input: { dice: 2, target: 6 } },
    { name: "the extra-die example, 3 dice at 7", input: { dice: 2, target: 6, diceModifier: 1, targetModifier: 1 } },
    { name: "zero-dice example", input: { dice: 2, target: 9, diceModifier: -2 } },
    { name: "attribute-only 3 dice at 8", input: { dice: 3, target: 8 } },
    { name: "5 dice at 5", input: { dice: 5, target: 5 } },
    { name: "8 dice at 9", input: { dice: 8, target: 9 } },
  ];
  for (const c of simCases) {
    it(`matches a seeded 100k-roll simulation: ${c.name}`, () => {
      const o = checkDistribution(c.input);
      const rng = seededRandom(4004);
      const sim = simulate(TRIALS, () => outcomeDist(rollCheck(c.input, rng)));
      expect(maxAbsDiff(sim, new Map(Object.entries(o.outcomes)) as Dist<string>)).toBeLessThan(TOL);
      const rng2 = seededRandom(77);
      const simS = simulate(TRIALS, () => Math.min(rollCheck(c.input, rng2).successes, o.successesTailFrom));
      expect(maxAbsDiff(simS, o.successes)).toBeLessThan(TOL);
    });
  }

  it("agrees with brute force for four dice (targets 6 and 10)", () => {
    for (const input of [{ dice: 4, target: 6 }, { dice: 4, target: 10 }]) {
      const { dist, dropped } = bruteForce(input, 1e-7);
      expect(maxAbsDiff(dist, oddsAsKeys(input))).toBeLessThan(1e-8 + dropped);
    }
  });

  for (const c of [
    { name: "Edge: 2 dice at 9 with one Edge die and two Edge target points", input: { dice: 2, target: 9, edgeDice: 1, edgeTarget: 2 } },
    { name: "target 12 (GM +2) brought back to 10 by Edge, 3 dice", input: { dice: 3, target: 10, targetModifier: 2, edgeTarget: 2 } },
    { name: "target above 10: one die needing 10", input: { dice: 4, target: 9, targetModifier: 2 } },
  ]) {
    it(`critical failures by number of 1s match a seeded 100k-roll simulation: ${c.name}`, () => {
      const exact = oddsAsKeys(c.input);
      const tail = checkDistribution(c.input).successesTailFrom;
      const rng = seededRandom(1234);
      const sim = simulate(TRIALS, () => {
        const r = rollCheck(c.input, rng);
        return r.outcome === "criticalFailure" ? `crit${r.ones}` : `s${Math.min(r.successes, tail)}`;
      });
      expect(maxAbsDiff(sim, exact)).toBeLessThan(TOL);
    });
  }

  it("matches a seeded simulation with the Edge re-roll policy (re-roll below 2 successes)", () => {
    const input = { dice: 3, target: 7 };
    const o = checkDistribution(input, { rerollBelow: 2 });
    const rng = seededRandom(99);
    const sim = simulate(TRIALS, () => {
      const r = rollCheck(input, rng);
      return (r.successes < 2 ? rerollCheck(r, rng) : r).outcome;
    });
    expect(maxAbsDiff(sim, new Map(Object.entries(o.outcomes)) as Dist<string>)).toBeLessThan(TOL);
  });

  it("checkOdds gives the seven outcomes worst first, as the distribution has them", () => {
    const input = { dice: 3, target: 7 };
    const o = checkOdds(input);
    const d = checkDistribution(input);
    expect(o.outcomes.map((e) => e.key)).toEqual([...CHECK_OUTCOMES]);
    for (const e of o.outcomes) expect(e.p).toBeCloseTo(d.outcomes[e.key as (typeof CHECK_OUTCOMES)[number]], 15);
    expect(o.success).toBeCloseTo(d.success, 15);
    expect(o.error).toBe(0);
  });

  it("rejects bad options", () => {
    expect(() => checkDistribution({ dice: 2, target: 7 }, { rerollBelow: -1 })).toThrow(/Re-roll/);
  });
});

describe("flange opposed rolls — seed 'Opposed Dice Rolls'", () => {
  const roll = (dice: number, target: number, faces: number[]): CheckResult => resolveCheck({ dice, target }, faces);

  it("more successes wins", () => {
    expect(compareChecks(roll(2, 7, [7, 8]), roll(3, 5, [9, 2, 3]))).toEqual({ outcome: "firstWins", decidedBy: "successes" });
  });
  it("equal successes: the highest die, then the next highest", () => {
    expect(compareChecks(roll(2, 7, [7, 3]), roll(2, 5, [6, 4]))).toEqual({ outcome: "firstWins", decidedBy: "highDice" });
    expect(compareChecks(roll(2, 7, [9, 3]), roll(2, 9, [9, 4]))).toEqual({ outcome: "secondWins", decidedBy: "highDice" });
    expect(compareChecks(roll(2, 7, [9, 3]), roll(2, 9, [9, 3]))).toEqual({ outcome: "tie", decidedBy: "identicalDice" });
  });
  it("no successes on either side: both lose", () => {
    expect(compareChecks(roll(2, 9, [8, 1]), roll(1, 8, [7]))).toEqual({ outcome: "bothLose", decidedBy: "noSuccesses" });
  });

  it("one die each: exact odds equal a hand count of the 100 face pairs", () => {
    const a = { dice: 1, target: 7 };
    const b = { dice: 1, target: 5 };
    const count = { firstWins: 0, secondWins: 0, bothLose: 0, tie: 0 };
    for (let x = 1; x <= 10; x++) for (let y = 1; y <= 10; y++) count[compareChecks(roll(1, 7, [x]), roll(1, 5, [y])).outcome] += 0.01;
    const o = opposedDistribution({ first: a, second: b }).outcomes;
    for (const k of ["firstWins", "secondWins", "bothLose", "tie"] as const) expect(o[k]).toBeCloseTo(count[k], 14);
  });

  it("agrees with brute force over every pair of complete rolls, extra dice included", () => {
    for (const [a, b] of [
      [{ dice: 2, target: 6 }, { dice: 2, target: 10 }],
      [{ dice: 3, target: 5 }, { dice: 2, target: 8 }],
      [{ dice: 2, target: 7 }, { dice: 3, target: 7 }],
      [{ dice: 1, target: 5, targetModifier: -4 }, { dice: 2, target: 9 }],
    ] as const) {
      const A = allRolls(a, 1e-9);
      const B = allRolls(b, 1e-9);
      const brute = new Map<string, number>();
      for (const x of A.rolls) for (const y of B.rolls) {
        const k = compareChecks(x.r, y.r).outcome;
        brute.set(k, (brute.get(k) ?? 0) + x.p * y.p);
      }
      const exact = opposedDistribution({ first: a, second: b }).outcomes;
      expect(maxAbsDiff(brute, new Map(Object.entries(exact)))).toBeLessThan(1e-12 + A.dropped + B.dropped);
    }
  });

  it("equal pools are symmetric and both-lose is the product of the failures", () => {
    const p = { dice: 3, target: 7 };
    const o = opposedDistribution({ first: p, second: p }).outcomes;
    expect(o.firstWins).toBeCloseTo(o.secondWins, 13);
    const f = checkDistribution(p).successes.get(0) ?? 0;
    expect(o.bothLose).toBeCloseTo(f * f, 14);
    expect(o.firstWins + o.secondWins + o.bothLose + o.tie).toBeCloseTo(1, 12);
  });

  for (const [a, b] of [
    [{ dice: 3, target: 7 }, { dice: 2, target: 6 }],
    [{ dice: 5, target: 8 }, { dice: 4, target: 6 }],
    [{ dice: 2, target: 10 }, { dice: 2, target: 9 }],
  ] as const) {
    it(`matches a seeded 100k-roll simulation: ${a.dice}@${a.target} vs ${b.dice}@${b.target}`, () => {
      const o = opposedDistribution({ first: a, second: b }).outcomes;
      const rng = seededRandom(31337);
      const sim = simulate(TRIALS, () => rollOpposed({ first: a, second: b }, rng).outcome);
      expect(maxAbsDiff(sim, new Map(Object.entries(o)) as Dist<string>)).toBeLessThan(TOL);
    });
  }

  it("refuses pools past the check cap in the roll, the resolve and the odds alike", () => {
    const input = { first: { dice: 13, target: 7, edgeDice: 3 }, second: { dice: 2, target: 7 } };
    expect(() => opposedOdds(input)).toThrow(/at most 15 dice, not 16/);
    expect(() => rollOpposed(input, seededRandom(1))).toThrow(/at most 15 dice, not 16/);
    expect(() => resolveOpposed(input, { first: [], second: [] })).toThrow(/at most 15 dice, not 16/);
  });
});
