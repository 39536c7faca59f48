/**
 * Audit additions: exact odds of the check kinds not yet simulated elsewhere (a check against an
 * inestimably easy target, an undefended attack, initiative between two combatants, the death and
 * collapse checks on their own), and precise errors for malformed rolls, GM tables and budgets.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/dice/random";
import {
  ATTRIBUTE_MODIFIER_TABLE,
  CREATION_BUDGET,
  TARGET_NUMBERS,
  WEAPON_BASE_DAMAGE,
  attackOutcomeOdds,
  attributeModifier,
  checkOdds,
  checkOutcomeOdds,
  collapseCheckInput,
  compareContest,
  contestOdds,
  contestOutcomeOdds,
  resolveD10Plus,
  deathCheckInput,
  initiativeOrder,
  resolveAdvancement,
  resolveCheck,
  resolveContestSide,
  rollAttack,
  rollCheck,
  rollInitiative,
  sharedInitiative,
  targetNumber,
  validateBudget,
  validateCreation,
  validateD10PlusRoll,
  rollBodyCheck,
  bodyCheckOdds,
  validateModifierTable,
  weaponBaseDamage,
  type D10PlusRoll,
  type StrikeTarget,
} from "../../../src/rulesets/toast/rules";
import { attrs, closeOdds, frequencies, maxDiff, oddsRecord, total } from "./helpers";

describe("toast exact odds against seeded 100k-roll simulations (audit additions)", () => {
  it.each([
    [-40, "inestimablyEasy" as const],
    [4, 3],
    [-3, 7],
    [20, 23],
  ])("checkOdds(modifier %s, target %s)", (modifier, target) => {
    const odds = oddsRecord(checkOdds({ modifier, target }));
    expect(total(odds)).toBeCloseTo(1, 12);
    const rng = seededRandom(900 + modifier);
    expect(maxDiff(frequencies(100_000, () => rollCheck({ modifier, target }, rng).outcome), odds)).toBeLessThan(0.006);
  });
  it("modifier 4 against Really really easy 3: only a Flub fails (every number 1–10 makes 5+)", () => {
    expect(closeOdds(oddsRecord(checkOdds({ modifier: 4, target: 3 })), { auto: 1 / 12, success: 10 / 12, failure: 0, flub: 1 / 12 })).toBe(true);
  });
  it.each([
    [11, 15],
    [6, "inestimablyHard" as const],
  ])("an undefended attack (modifier %s against target %s)", (attack, target) => {
    const input = { attack, defence: { kind: "target" as const, target } };
    const odds = attackOutcomeOdds(input);
    expect(odds.tie).toBe(0);
    expect(total(odds)).toBeCloseTo(1, 12);
    const rng = seededRandom(400 + attack);
    expect(maxDiff(frequencies(100_000, () => rollAttack(input, rng).outcome), odds)).toBeLessThan(0.006);
  });
  it("initiative between two combatants: who acts first follows contestOdds", () => {
    const rng = seededRandom(77);
    const sim = frequencies(100_000, () => compareContest(rollInitiative({ modifier: 13 }, rng), rollInitiative({ modifier: 10 }, rng)));
    const odds = contestOutcomeOdds({ first: 13, second: 10 });
    expect(maxDiff(sim, odds)).toBeLessThan(0.006);
    expect(maxDiff(sim, oddsRecord(contestOdds({ first: 13, second: 10 })))).toBeLessThan(0.006);
    // first acts first on any plain total 3+ higher, or an Auto against a non-Auto, …: well over half
    expect(odds.firstWins).toBeGreaterThan(0.6);
  });
  it("the death and collapse checks on their own, for a fighter in chain mail at 22 effective levels", () => {
    const t: StrikeTarget = { attributes: attrs({ strength: 15, health: 13, tolerance: 14, will: 12 }), woundLevels: 0, armor: { woundReduction: 5, encumbrance: 40 } };
    // chain mail: 40 / (15 + 10) = 1; death avg(15, 13, 14) = 14 − 1; collapse avg(15, 13, 14, 12) = 13 − 1
    const death = deathCheckInput({ target: t, effective: 22 });
    const collapse = collapseCheckInput({ target: t, effective: 22 });
    expect(death).toEqual({ modifier: 13, target: 22 });
    expect(collapse).toEqual({ modifier: 12, target: 22 });
    for (const [i, input] of [death, collapse].entries()) {
      const rng = seededRandom(31 + i);
      expect(maxDiff(frequencies(100_000, () => rollCheck(input, rng).outcome), oddsRecord(checkOdds(input)))).toBeLessThan(0.006);
    }
    // the same check through the body-check entry points
    const rng = seededRandom(33);
    const viaCore = { target: t, check: "death" as const, effective: 22 };
    expect(bodyCheckOdds(viaCore)).toEqual(checkOdds(death));
    expect(maxDiff(frequencies(100_000, () => rollBodyCheck(viaCore, rng).outcome), oddsRecord(bodyCheckOdds(viaCore)))).toBeLessThan(0.006);
    // death: needs 9+ on the d10+ number (13 + 9 = 22): 2 numbers + the Auto
    expect(checkOutcomeOdds(death).auto + checkOutcomeOdds(death).success).toBeCloseTo(3 / 12, 12);
    expect(checkOdds(death).success).toBeCloseTo(3 / 12, 12);
  });
});

describe("toast shared initiative (the GM rolls once for a group of NPCs)", () => {
  it("gives every NPC of the group the same rank, tied among themselves", () => {
    const npcs = rollInitiative({ modifier: 5 }, () => (7 - 0.5) / 12); // 7 + 5 = 12
    const order = initiativeOrder([{ id: "pc", rank: rollInitiative({ modifier: 4 }, () => (10 - 0.5) / 12).rank }, ...sharedInitiative(["orc1", "orc2"], npcs)]);
    expect(order.map((o) => [o.id, o.rank, o.place, o.tied])).toEqual([
      ["pc", 14, 1, false],
      ["orc1", 12, 2, true],
      ["orc2", 12, 2, true],
    ]);
  });
  it("rejects an empty group, a non-finite rank, and non-finite ranks in the order", () => {
    const roll = resolveContestSide({ modifier: 0 }, [5]);
    expect(() => sharedInitiative([], roll)).toThrow(/at least one combatant/);
    expect(() => sharedInitiative(["a"], { ...roll, rank: Number.NaN })).toThrow(/finite rank/);
    expect(() => initiativeOrder([{ id: "a", rank: Number.POSITIVE_INFINITY }])).toThrow(/no finite initiative rank/);
  });
});

describe("toast bad input throws precise errors (audit additions)", () => {
  const forged: D10PlusRoll = { faces: [3], kind: "number", number: 9, degree: null };
  it("a d10+ roll object whose fields disagree with its faces is refused by validateD10PlusRoll", () => {
    expect(validateD10PlusRoll(resolveD10Plus([12, 4]))).toEqual(resolveD10Plus([12, 4]));
    expect(() => validateD10PlusRoll(forged)).toThrow(/faces \[3\] is a number \(number 3, degree null\), not a number \(number 9/);
    expect(() => validateD10PlusRoll({ faces: [12, 4], kind: "flub", number: null, degree: 4 })).toThrow(/is a auto/);
    expect(() => validateD10PlusRoll({ faces: [11], kind: "flub", number: null, degree: null })).toThrow(/one degree face/);
  });
  it("resolve takes faces, never a roll object: faces that do not fit a d10+ are refused everywhere", () => {
    for (const bad of [[13], [0], [5, 3], [12], [11, 13], [2.5]]) {
      expect(() => resolveCheck({ modifier: 5, target: 11 }, bad)).toThrow(RangeError);
      expect(() => resolveContestSide({ modifier: 5 }, bad)).toThrow(RangeError);
      expect(() => resolveAdvancement({ level: 3, focus: 10 }, bad)).toThrow(RangeError);
    }
  });
  it("a GM's target-number table must hold whole numbers", () => {
    expect(() => targetNumber("medium", { ...TARGET_NUMBERS, medium: 14.5 })).toThrow(/Target number of medium must be a whole number/);
  });
  it("a GM's base-damage table must hold whole numbers ≥ 0", () => {
    expect(() => weaponBaseDamage("small", { ...WEAPON_BASE_DAMAGE, small: -1 })).toThrow(/Base damage of small weapons must be between 0 and 60/);
  });
  it("a GM's attribute-modifier table must be whole, ordered, non-overlapping rows", () => {
    expect(validateModifierTable(ATTRIBUTE_MODIFIER_TABLE)).toBe(ATTRIBUTE_MODIFIER_TABLE);
    expect(() => attributeModifier(5, [])).toThrow(/table is empty/);
    expect(() => attributeModifier(5, [{ min: 1, max: 10, modifier: 0.5 }])).toThrow(/row 1 modifier must be a whole number/);
    expect(() => attributeModifier(5, [{ min: 4, max: 2, modifier: 0 }])).toThrow(/row 1 max must be at least 4/);
    expect(() => attributeModifier(5, [{ min: 1, max: 6, modifier: 0 }, { min: 5, max: 9, modifier: 1 }])).toThrow(/row 2 starts at 5/);
    // a gap in a GM's table is allowed but a level inside it is not covered
    expect(() => attributeModifier(5, [{ min: 1, max: 3, modifier: 0 }, { min: 7, max: 9, modifier: 1 }])).toThrow(/not covered/);
  });
  it("a GM's creation budget must be whole numbers with min ≤ max and a rate of at least 1", () => {
    expect(validateBudget(CREATION_BUDGET)).toBe(CREATION_BUDGET);
    expect(() => validateCreation({ attributes: attrs(), skills: [] }, { ...CREATION_BUDGET, skillPointsPerAttributePoint: 0 })).toThrow(/per attribute point must be at least 1/);
    expect(() => validateCreation({ attributes: attrs(), skills: [] }, { ...CREATION_BUDGET, attributeMax: 0.5 })).toThrow(/attribute maximum must be a whole number/);
    // a valid smaller budget is used as given: 100 attribute points cost 300 skill points against 3 × 50 + 0
    expect(validateCreation({ attributes: attrs(), skills: [] }, { ...CREATION_BUDGET, attributePoints: 50, skillPoints: 0 }).issues).toEqual([
      { key: "pointsOverBudget", subject: null, value: 300, limit: 150 },
    ]);
  });
  it("creation skills need a key", () => {
    expect(() => validateCreation({ attributes: attrs(), skills: [{ key: "", level: 2 }] })).toThrow(/needs a key/);
  });
});
