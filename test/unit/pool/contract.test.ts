/**
 * The Dice Pool's check kinds against the rules-core contract (docs/architecture.md): the shared
 * suite over every dialog-facing CheckCore, then the caps (docs/rules/pool.md, "Limits") enforced
 * alike by roll, resolve and odds, and open ends that stop under a stuck random source.
 */
import { describe, expect, it } from "vitest";
import { contractSuite } from "../contract-suite";
import { ODDS_ERROR_BOUND } from "../../../src/dice/contract";
import { ScriptedDice, seededRandom, type RandomSource } from "../../../src/dice/random";
import {
  MAX_COMPLEX_ROLLS,
  MAX_DIFFICULTY,
  MAX_POOL_DICE,
  MAX_TEAM_MEMBERS,
  checkOddsKey,
  complexCore,
  directContestCore,
  eitherOrCore,
  indirectContestCore,
  makePool,
  poolCheckCore,
  resolveCheck,
  teamCheckCore,
  type CheckInput,
  type ComplexInput,
  type DirectContestInput,
  type EitherOrInput,
  type IndirectContestInput,
  type PoolSpec,
  type TeamCheckInput,
} from "../../../src/rulesets/pool/rules";

const d8 = (addDice: number, bonusDice = 0, penaltyDice = 0): PoolSpec => makePool({ addDice, bonusDice, penaltyDice });
const big = makePool({ addDice: 30, bonusDice: 30, die: "d12Minus2" });
const bigPenalty = makePool({ addDice: 45, penaltyDice: 15, die: "d10Minus1" });
const empty = makePool({ addDice: 0 });

const checkInputs: CheckInput[] = [
  { pool: d8(4, 2), difficulty: 20 },
  { pool: d8(3, 0, 3), difficulty: 12, requiredDegree: 1 },
  { pool: empty, difficulty: 0 }, // zero dice: nothing rolled, always a botch
  { pool: d8(0, 3), difficulty: -5 }, // no Add die: a botch whatever the Bonus dice show
  { pool: makePool({ addDice: 3, die: "d4Plus2" }), difficulty: 9 }, // certain success
  { pool: big, difficulty: MAX_DIFFICULTY }, // extreme modifiers
  { pool: bigPenalty, difficulty: -MAX_DIFFICULTY, requiredDegree: 3 },
  { pool: makePool({ addDice: 60, die: "d12Minus2" }), difficulty: 270, requiredDegree: 2 },
];
contractSuite("Dice Pool check", poolCheckCore, checkInputs, { outcomeOf: checkOddsKey, successOf: (r) => r.achieved });

const teamInputs: TeamCheckInput[] = [
  { mode: "simpleAddition", members: [{ addDice: 4, bonusDice: 2, penaltyDice: 0 }, { addDice: 2, bonusDice: 0, penaltyDice: 3 }], difficulty: 25 },
  { mode: "combiningDice", members: [{ addDice: 4, bonusDice: 2, penaltyDice: 0 }, { addDice: 2, bonusDice: 0, penaltyDice: 3 }], difficulty: 18, die: "d10Minus1" },
  { mode: "worstRoller", members: [{ addDice: 4, bonusDice: 0, penaltyDice: 0 }, { addDice: 3, bonusDice: 1, penaltyDice: 0 }], difficulty: 15, requiredDegree: 1 },
  { mode: "simpleAddition", members: [{ addDice: 0, bonusDice: 0, penaltyDice: 0 }], difficulty: 0 },
  { mode: "combiningDice", members: Array.from({ length: MAX_TEAM_MEMBERS }, () => ({ addDice: 3, bonusDice: 0, penaltyDice: 0 })), difficulty: 20, die: "d12Minus2" },
];
contractSuite("Dice Pool team check", teamCheckCore, teamInputs, { outcomeOf: checkOddsKey, successOf: (r) => r.achieved });

const eitherOrInputs: EitherOrInput[] = [
  { members: [{ pool: d8(3, 1), hasChance: true }, { pool: d8(2), hasChance: true }], difficulty: 12 },
  { members: [{ pool: d8(3), hasChance: false }, { pool: d8(3), hasChance: true }], difficulty: 10, requiredDegree: 1 },
  { members: [{ pool: d8(5), hasChance: false }], difficulty: 1 }, // nobody has a chance: certain failure
  { members: [{ pool: empty, hasChance: true }, { pool: big, hasChance: true }], difficulty: MAX_DIFFICULTY },
];
contractSuite("Dice Pool either/or", eitherOrCore, eitherOrInputs, { outcomeOf: (r) => r.outcome, successOf: (r) => r.success });

const directInputs: DirectContestInput[] = [
  { first: d8(3, 2), second: makePool({ addDice: 4, penaltyDice: 1, die: "d10Minus1" }) },
  { first: d8(1), second: d8(1) },
  { first: empty, second: empty }, // both botch: neither
  { first: big, second: bigPenalty },
];
contractSuite("Dice Pool direct contest", directContestCore, directInputs, { outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "firstTriumphs" });

const indirectInputs: IndirectContestInput[] = [
  { first: d8(4), second: d8(3, 2), difficulty: 18 },
  { first: d8(2), second: d8(2), difficulty: 9 },
  { first: empty, second: d8(1), difficulty: -MAX_DIFFICULTY },
  { first: big, second: bigPenalty, difficulty: 250 },
];
contractSuite("Dice Pool indirect contest", indirectContestCore, indirectInputs, { outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "firstTriumphs" });

const car = { pool: d8(4, 2), difficulty: 20, required: 35, rollInterval: 1 };
const complexInputs: ComplexInput[] = [
  { action: car }, // one roll
  { action: car, rolls: 20, progress: { accumulated: 20, rolls: 14, complete: false } },
  { action: { ...car, counting: "degrees" }, rolls: MAX_COMPLEX_ROLLS },
  { action: { ...car, pool: empty, required: 1 }, rolls: MAX_COMPLEX_ROLLS }, // never completes: the open end stops at the cap
  { action: { ...car, pool: big, difficulty: 250, required: 1000 }, rolls: MAX_COMPLEX_ROLLS },
];
contractSuite("Dice Pool complex action", complexCore, complexInputs, { outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "complete", rolls: 40 });

describe("Dice Pool results carry their faces", () => {
  it("the seed's Bonus-dice example resolves from Foundry's faces exactly as it rolls", () => {
    const input: CheckInput = { pool: d8(3, 2), difficulty: 15 };
    const rolled = poolCheckCore.roll(input, new ScriptedDice([5, 2, 7, 1, 8]).source(8));
    expect(rolled.faces).toEqual([5, 2, 7, 1, 8]);
    expect(resolveCheck(input, [5, 2, 7, 1, 8])).toEqual(rolled);
    expect(rolled).toMatchObject({ total: 20, outcome: "success", degree: 1, achieved: true });
  });
  it("resolve refuses faces that do not fit the input", () => {
    const input: CheckInput = { pool: d8(3, 2), difficulty: 15 };
    expect(() => resolveCheck(input, [5, 2, 7, 1])).toThrow(/rolls 5 dice, but 4 faces/);
    expect(() => resolveCheck(input, [5, 2, 7, 1, 9])).toThrow(/face of a d8 must be at most 8/);
    expect(() => eitherOrCore.resolve(eitherOrInputs[0], [[1, 2, 3, 4]])).toThrow(/2 members, but faces for 1/);
    expect(() => directContestCore.resolve(directInputs[0], { first: [1, 2, 3, 4, 5], second: [1] })).toThrow(/rolls 5 dice, but 1 faces/);
    // A complex action that completes on its first roll takes exactly one roll's faces.
    const easy: ComplexInput = { action: { ...car, required: 1, difficulty: 0 }, rolls: 5 };
    expect(() => complexCore.resolve(easy, [[8, 8, 8, 8, 8, 8], [8, 8, 8, 8, 8, 8]])).toThrow(/completed after 1/);
    expect(() => complexCore.resolve({ action: car, rolls: 3 }, [[1, 1, 1, 1, 1, 1]])).toThrow(/an incomplete action rolls 3 times/);
  });
});

describe("Dice Pool caps: the same refusal in roll, resolve and odds (docs/rules/pool.md, Limits)", () => {
  const rng = seededRandom(1);
  const over = (n: number): PoolSpec => ({ addDice: n, bonusDice: 0, penaltyDice: 0, die: "d8" });
  const cases: [string, () => unknown, () => unknown, () => unknown, RegExp][] = [
    ["61 Add dice", () => poolCheckCore.roll({ pool: over(61), difficulty: 1 }, rng), () => poolCheckCore.resolve({ pool: over(61), difficulty: 1 }, []), () => poolCheckCore.odds({ pool: over(61), difficulty: 1 }), /addDice must be between 0 and 60, not 61/],
    [
      "a pool of 70 dice",
      () => poolCheckCore.roll({ pool: { addDice: 35, bonusDice: 35, penaltyDice: 0, die: "d8" }, difficulty: 1 }, rng),
      () => poolCheckCore.resolve({ pool: { addDice: 35, bonusDice: 35, penaltyDice: 0, die: "d8" }, difficulty: 1 }, []),
      () => poolCheckCore.odds({ pool: { addDice: 35, bonusDice: 35, penaltyDice: 0, die: "d8" }, difficulty: 1 }),
      /A pool of 70 dice is larger than the 60/,
    ],
    ["2^53 Add dice", () => poolCheckCore.roll({ pool: over(2 ** 53), difficulty: 1 }, rng), () => poolCheckCore.resolve({ pool: over(2 ** 53), difficulty: 1 }, []), () => poolCheckCore.odds({ pool: over(2 ** 53), difficulty: 1 }), /addDice must be a whole number between/],
    ["Difficulty 10,001", () => poolCheckCore.roll({ pool: over(1), difficulty: MAX_DIFFICULTY + 1 }, rng), () => poolCheckCore.resolve({ pool: over(1), difficulty: MAX_DIFFICULTY + 1 }, [1]), () => poolCheckCore.odds({ pool: over(1), difficulty: MAX_DIFFICULTY + 1 }), /difficulty must be at most 10000/],
    [
      "21 team members",
      () => teamCheckCore.roll({ mode: "simpleAddition", members: Array.from({ length: 21 }, () => ({ addDice: 1, bonusDice: 0, penaltyDice: 0 })), difficulty: 1 }, rng),
      () => teamCheckCore.resolve({ mode: "simpleAddition", members: Array.from({ length: 21 }, () => ({ addDice: 1, bonusDice: 0, penaltyDice: 0 })), difficulty: 1 }, []),
      () => teamCheckCore.odds({ mode: "simpleAddition", members: Array.from({ length: 21 }, () => ({ addDice: 1, bonusDice: 0, penaltyDice: 0 })), difficulty: 1 }),
      /members must hold between 0 and 20 entries, not 21/,
    ],
    [
      "a team summing 61 Add dice",
      () => teamCheckCore.roll({ mode: "simpleAddition", members: [{ addDice: 31, bonusDice: 0, penaltyDice: 0 }, { addDice: 30, bonusDice: 0, penaltyDice: 0 }], difficulty: 1 }, rng),
      () => teamCheckCore.resolve({ mode: "simpleAddition", members: [{ addDice: 31, bonusDice: 0, penaltyDice: 0 }, { addDice: 30, bonusDice: 0, penaltyDice: 0 }], difficulty: 1 }, []),
      () => teamCheckCore.odds({ mode: "simpleAddition", members: [{ addDice: 31, bonusDice: 0, penaltyDice: 0 }, { addDice: 30, bonusDice: 0, penaltyDice: 0 }], difficulty: 1 }),
      /addDice must be between 0 and 60, not 61/,
    ],
    ["51 complex rolls", () => complexCore.roll({ action: car, rolls: MAX_COMPLEX_ROLLS + 1 }, rng), () => complexCore.resolve({ action: car, rolls: MAX_COMPLEX_ROLLS + 1 }, [[1]]), () => complexCore.odds({ action: car, rolls: MAX_COMPLEX_ROLLS + 1 }), /rolls must be at most 50, not 51/],
    ["a required degree of 1,001", () => complexCore.roll({ action: { ...car, required: 1001 } }, rng), () => complexCore.resolve({ action: { ...car, required: 1001 } }, [[1]]), () => complexCore.odds({ action: { ...car, required: 1001 } }), /required degree of success must be at most 1000/],
  ];
  it.each(cases)("%s", (_, roll, resolve, odds, message) => {
    expect(roll).toThrow(RangeError);
    expect(roll).toThrow(message);
    expect(resolve).toThrow(message);
    expect(odds).toThrow(message);
  });
  it("the caps are the documented numbers", () => {
    expect([MAX_POOL_DICE, MAX_DIFFICULTY, MAX_TEAM_MEMBERS, MAX_COMPLEX_ROLLS]).toEqual([60, 10_000, 20, 50]);
  });
});

describe("Dice Pool open ends stop at their cap even with a stuck random source", () => {
  const stuck: [string, RandomSource][] = [
    ["always 0.9999999", () => 0.9999999],
    ["always 0", () => 0],
  ];
  it.each(stuck)("%s: every roll finishes quickly", (_, rng) => {
    const start = Date.now();
    const never = complexCore.roll({ action: { ...car, difficulty: MAX_DIFFICULTY, required: 1000 }, rolls: MAX_COMPLEX_ROLLS }, rng);
    expect(never.steps).toHaveLength(MAX_COMPLEX_ROLLS);
    expect(never.outcome).toBe("incomplete");
    for (const input of checkInputs) poolCheckCore.roll(input, rng);
    for (const input of teamInputs) teamCheckCore.roll(input, rng);
    for (const input of eitherOrInputs) eitherOrCore.roll(input, rng);
    for (const input of directInputs) directContestCore.roll(input, rng);
    for (const input of indirectInputs) indirectContestCore.roll(input, rng);
    for (const input of complexInputs) {
      const r = complexCore.roll(input, rng);
      expect(r.steps.length).toBeLessThanOrEqual(input.rolls ?? 1);
    }
    expect(Date.now() - start).toBeLessThan(2000);
  });
  it("all eights: the car is repaired in the 12th hour (32 vs 20: +3 a roll); all ones: never, and the roll stops at 50", () => {
    expect(complexCore.roll({ action: car, rolls: MAX_COMPLEX_ROLLS }, () => 0.9999999)).toMatchObject({ outcome: "complete", progress: { accumulated: 36, rolls: 12, complete: true } });
    expect(complexCore.roll({ action: car, rolls: MAX_COMPLEX_ROLLS }, () => 0)).toMatchObject({ outcome: "incomplete", progress: { rolls: MAX_COMPLEX_ROLLS } });
  });
  it("a broken random source (NaN) is refused with a clear error, not a NaN total or a hang", () => {
    const broken: RandomSource = () => Number.NaN;
    expect(() => poolCheckCore.roll({ pool: d8(3), difficulty: 10 }, broken)).toThrow(/face of a d8 must be a whole number|random source returned NaN/);
    expect(() => complexCore.roll({ action: car, rolls: MAX_COMPLEX_ROLLS }, broken)).toThrow(RangeError);
  });
  it("the odds of an action that can never complete are exactly 0, and pruning stays within the bound", () => {
    const o = complexCore.odds({ action: { ...car, pool: empty, required: 1 }, rolls: MAX_COMPLEX_ROLLS });
    expect(o.success).toBe(0);
    const wide = complexCore.odds({ action: { ...car, pool: big, difficulty: 250, required: 1000 }, rolls: MAX_COMPLEX_ROLLS });
    expect(wide.error).toBeGreaterThan(0);
    expect(wide.error).toBeLessThanOrEqual(ODDS_ERROR_BOUND);
  });
});
