import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import {
  ABORT_COST_PHASES,
  COMPLEX_START,
  actionPhases,
  advanceComplex,
  buildPool,
  checkOdds,
  complexCompletion,
  complexOdds,
  complexStep,
  complexStepDist,
  detailedTimeFactor,
  dicePhobeCheck,
  doublingsFor,
  makePool,
  multipleActionPhases,
  multipleActionTime,
  phasesAfterAbort,
  regularTimeFactor,
  rollComplex,
  rollComplexStep,
  type ComplexAction,
  type ComplexProgress,
} from "../../../src/rulesets/pool/rules";

describe("seed 002 · Detailed Resolution", () => {
  it("phases = base phase cost − Reaction Time / Speed / Wits, at least one phase (decision)", () => {
    expect(actionPhases({ baseCost: 5, speedAttribute: 2 })).toBe(3);
    expect(actionPhases({ baseCost: 5, speedAttribute: -1 })).toBe(6);
    expect(actionPhases({ baseCost: 2, speedAttribute: 4 })).toBe(1);
    expect(() => actionPhases({ baseCost: 0, speedAttribute: 0 })).toThrow(/base phase cost must be at least 1/);
  });
  it("switching actions midway costs 2 phases before the new action", () => {
    expect(ABORT_COST_PHASES).toBe(2);
    expect(phasesAfterAbort(3)).toBe(5);
  });
});

describe("seed 002 · Multiple Actions", () => {
  it("detailed: slowest action's phases + number of actions", () => {
    expect(multipleActionPhases([3, 1])).toBe(5);
    expect(multipleActionPhases([4, 4, 2])).toBe(7);
    expect(() => multipleActionPhases([])).toThrow(/actions must hold between 1 and 100 entries, not 0/);
  });
  it("regular: at least the longest action + half of all the others", () => {
    expect(multipleActionTime([60, 20, 10])).toBe(75);
    expect(multipleActionTime([30])).toBe(30);
  });
});

describe("seed 002 · Time Factor", () => {
  it("detailed: each phase quicker removes an Add die; each extra phase adds a Bonus die", () => {
    expect(detailedTimeFactor({ normalPhases: 4, phasesTaken: 2 })).toEqual({ extraAddDice: -2, extraBonusDice: 0 });
    expect(detailedTimeFactor({ normalPhases: 4, phasesTaken: 7 })).toEqual({ extraAddDice: 0, extraBonusDice: 3 });
  });
  it("regular: each halving removes an Add die; the first doubling adds an Add die, each further one a Bonus die", () => {
    expect(regularTimeFactor(-2)).toEqual({ extraAddDice: -2, extraBonusDice: 0 });
    expect(regularTimeFactor(1)).toEqual({ extraAddDice: 1, extraBonusDice: 0 });
    expect(regularTimeFactor(3)).toEqual({ extraAddDice: 1, extraBonusDice: 2 });
    expect(buildPool({ ability: 2, attribute: 0, ...regularTimeFactor(3) }).pool).toEqual({ addDice: 4, bonusDice: 2, penaltyDice: 0, die: "d8" });
  });
  it("doublings: whole doublings when taking longer, any hurry counts as a full halving (decision)", () => {
    expect(doublingsFor({ normalTime: 1, timeTaken: 4 })).toBe(2);
    expect(doublingsFor({ normalTime: 1, timeTaken: 3 })).toBe(1);
    expect(doublingsFor({ normalTime: 10, timeTaken: 5 })).toBe(-1);
    expect(doublingsFor({ normalTime: 10, timeTaken: 4 })).toBe(-2);
    expect(doublingsFor({ normalTime: 10, timeTaken: 10 })).toBe(0);
    expect(() => doublingsFor({ normalTime: 0, timeTaken: 1 })).toThrow(/normal time must be at least/);
  });
});

describe("seed 002 · Complex Actions", () => {
  // Seed example: fixing a car, Difficulty 20, 35 successes required, one roll per hour.
  const car = (pool = makePool({ addDice: 4, bonusDice: 2 })): ComplexAction => ({ pool, difficulty: 20, required: 35, rollInterval: 1 });

  it("each roll adds its degree of success and subtracts its degree of failure (levels: bare results count 1)", () => {
    expect(complexStep({ outcome: "success", degree: 0 })).toBe(1);
    expect(complexStep({ outcome: "success", degree: 2 })).toBe(3);
    expect(complexStep({ outcome: "failure", degree: 0 })).toBe(-1);
    expect(complexStep({ outcome: "botch", degree: 1 })).toBe(-2);
    expect(complexStep({ outcome: "success", degree: 2 }, "degrees")).toBe(2);
    expect(complexStep({ outcome: "failure", degree: 0 }, "degrees")).toBe(0);
  });
  it("example (fixing a car): progress accumulates until 35 is reached", () => {
    let p: ComplexProgress = COMPLEX_START;
    for (let i = 0; i < 11; i++) p = advanceComplex(car(), p, { outcome: "success", degree: 2 });
    expect(p).toEqual({ accumulated: 33, rolls: 11, complete: false });
    p = advanceComplex(car(), p, { outcome: "failure", degree: 1 });
    expect(p.accumulated).toBe(31);
    p = advanceComplex(car(), p, { outcome: "success", degree: 3 });
    expect(p).toEqual({ accumulated: 35, rolls: 13, complete: true });
    expect(() => advanceComplex(car(), p, { outcome: "success", degree: 0 })).toThrow(/already complete/);
  });
  it("example (fixing a car): 'easy for skill 3 or more' holds with a good attribute — the test records the odds", () => {
    // Skill 3 = 4 Add dice. Attribute 0: 4d8 ≥ 20 is only 37.6 %; attribute +2: 76.4 %.
    expect(checkOdds({ pool: makePool({ addDice: 4 }), difficulty: 20 }).success).toBeCloseTo(0.376, 3);
    expect(checkOdds({ pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 20 }).success).toBeCloseTo(0.764, 3);
    // With counting by levels, half the time the car runs after 41 hours.
    expect(complexCompletion({ action: car(), rolls: 200 }).medianRolls).toBe(41);
    expect(complexCompletion({ action: { ...car(), counting: "degrees" }, rolls: 200 }).medianRolls).toBe(110);
    const odds = complexCompletion({ action: car(), rolls: 200 });
    expect(odds.times[40]).toBe(41);
  });
  it("example (fixing a car): the dice-phobe arithmetic is where 'easy for skill 3 or more' comes from", () => {
    // Skill 3 → 4 Add dice → 5 × 4 = 20, exactly the Difficulty; skill 2 → 15, a degree of failure short.
    const skill = (n: number) => buildPool({ ability: n, attribute: 0 }).pool;
    expect(dicePhobeCheck({ pool: skill(3), difficulty: 20 })).toMatchObject({ total: 20, outcome: "success", degree: 0 });
    expect(dicePhobeCheck({ pool: skill(2), difficulty: 20 })).toMatchObject({ total: 15, outcome: "failure", degree: 1 });
    // A dice-phobe mechanic of skill 3 then needs exactly 35 hourly rolls when bare successes count
    // (levels), and never finishes when they count 0 (degrees).
    let p: ComplexProgress = COMPLEX_START;
    while (!p.complete) p = advanceComplex(car(skill(3)), p, dicePhobeCheck({ pool: skill(3), difficulty: 20 }));
    expect(p).toEqual({ accumulated: 35, rolls: 35, complete: true });
    expect(complexStep(dicePhobeCheck({ pool: skill(3), difficulty: 20 }), "degrees")).toBe(0);
  });
  it("one complex roll's step agrees with 100,000 seeded rolls", () => {
    const action = car();
    const exact = complexStepDist(action);
    const rng = seededRandom(98);
    const sim = simulate(100_000, () => {
      const { progress } = rollComplexStep({ action, progress: COMPLEX_START }, rng);
      return progress.accumulated;
    });
    expect(maxAbsDiff(sim, exact)).toBeLessThan(0.006);
  });
  it("step distribution has mass 1; completion odds match 20,000 seeded attempts (about 100,000 rolls)", () => {
    const action: ComplexAction = { pool: makePool({ addDice: 5, bonusDice: 1 }), difficulty: 20, required: 12, rollInterval: 1 };
    expect(mass(complexStepDist(action))).toBeCloseTo(1, 12);
    const exact = complexCompletion({ action, rolls: 30 });
    const rng = seededRandom(99);
    const sim = simulate(20_000, () => {
      const r = rollComplex({ action, rolls: 30 }, rng);
      expect(r.steps.length).toBe(r.progress.rolls);
      return r.progress.complete ? r.progress.rolls : 0;
    });
    const exactDist = new Map<number, number>(exact.byRoll.map((p, i) => [i + 1, p]));
    exactDist.set(0, 1 - exact.cumulative[29]);
    expect(maxAbsDiff(sim, exactDist)).toBeLessThan(0.012);
    expect(exact.cumulative[29]).toBeGreaterThan(0.99);
    expect(complexOdds({ action, rolls: 30 })).toMatchObject({ success: exact.cumulative[29], outcomes: [{ key: "incomplete" }, { key: "complete", p: exact.cumulative[29] }] });
    // From a running total part-way through, the chain starts there.
    const later = complexCompletion({ action, rolls: 5, progress: { accumulated: 10, rolls: 4, complete: false } });
    expect(later.byRoll[0]).toBeCloseTo([...complexStepDist(action)].filter(([s]) => s >= 2).reduce((t, [, p]) => t + p, 0), 14);
  });
  it("validates the action", () => {
    expect(() => complexOdds({ action: { ...car(), required: 0 }, rolls: 10 })).toThrow(/required degree of success must be at least 1/);
    expect(() => complexOdds({ action: car(), rolls: 0 })).toThrow(/rolls must be at least 1/);
    expect(() => complexOdds({ action: car(), rolls: 10, progress: { accumulated: 1.5, rolls: 1, complete: false } })).toThrow(/accumulated degree of success must be a whole number/);
    expect(() => complexOdds({ action: car(), rolls: 10, progress: { accumulated: 40, rolls: 1, complete: false } })).toThrow(/progress says complete is false with 40 of 35/);
    expect(() => advanceComplex(car(), { accumulated: 0, rolls: -1, complete: false }, { outcome: "success", degree: 0 })).toThrow(/rolls made must be at least 0/);
    expect(() => complexStep({ outcome: "win" as never, degree: 0 })).toThrow(/outcome must be one of success, failure, botch, not "win"/);
    expect(() => complexStep({ outcome: "success", degree: 0 }, "tally" as never)).toThrow(/counting must be one of levels, degrees/);
    expect(() => complexOdds({ action: { ...car(), rollInterval: 0 }, rolls: 10 })).toThrow(/rollInterval must be at least/);
  });
});
