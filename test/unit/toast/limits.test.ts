/**
 * Caps (issue 9.7, core part; docs/rules/toast.md "Limits"): every count has a cap, enforced by the
 * same guard in the roll, the resolve and the odds with a clear RangeError; numbers past 2^53 are
 * refused; and no roll grows with a stuck random source (Toast has no open end: a d10+ takes one or
 * two faces, a damage roll exactly its dice).
 */
import { describe, expect, it } from "vitest";
import type { RandomSource } from "../../../src/dice/random";
import {
  ARMOR_TABLE,
  MAX_ATTRIBUTE,
  MAX_DAMAGE_DICE,
  MAX_MAGNITUDE,
  MAX_SESSION_CHECKS,
  MAX_SKILL_LEVEL,
  MAX_WOUND_LEVELS,
  MAX_WOUND_SCALE,
  advancementCore,
  attackCore,
  checkCore,
  damageCore,
  damageDice,
  damageStrikeCore,
  fullAttackCore,
  healingDayCore,
  initiativeCore,
  planStrike,
  rollCheck,
  rollSessionAdvancement,
  strikeCore,
  taskModifier,
  woundStatus,
  type StrikeTarget,
} from "../../../src/rulesets/toast/rules";
import { attrs } from "./helpers";

const PAST_2_53 = 2 ** 53 + 2;

/** Call all three verbs of a core with the same input; each must throw an error matching `pattern`. */
function refusedEverywhere<I, F>(core: { roll(i: I, r: RandomSource): unknown; resolve(i: I, f: F): unknown; odds(i: I): unknown }, input: I, faces: F, pattern: RegExp): void {
  expect(() => core.roll(input, () => 0.5)).toThrow(pattern);
  expect(() => core.resolve(input, faces)).toThrow(pattern);
  expect(() => core.odds(input)).toThrow(pattern);
  for (const verb of [() => core.roll(input, () => 0.5), () => core.resolve(input, faces), () => core.odds(input)]) expect(verb).toThrow(RangeError);
}

const target: StrikeTarget = { attributes: attrs(), woundLevels: 0 };
const noFaces = { attack: [5], defence: [5], damage: [], death: [], collapse: [] };

describe("toast damage dice: one cap (60) for the roll, the resolve and the odds", () => {
  it("61 dice are refused by every verb of every kind that rolls damage; 60 are accepted", () => {
    const pattern = /Damage dice must be between 0 and 60, not 61/;
    refusedEverywhere(damageCore, { dice: 61 }, [], pattern);
    refusedEverywhere(damageStrikeCore, { target, dice: 61 }, { damage: [], death: [], collapse: [] }, pattern);
    refusedEverywhere(fullAttackCore, { attack: 5, defence: { kind: "contested", modifier: 5 }, damageDice: 61, defender: target }, noFaces, pattern);
    expect(damageCore.roll({ dice: MAX_DAMAGE_DICE }, () => 0.5).faces).toHaveLength(60);
    expect(damageCore.odds({ dice: MAX_DAMAGE_DICE }).outcomes).toHaveLength(181);
  });
  it("the number of dice a weapon calls for is refused past the cap, not silently rolled", () => {
    expect(damageDice({ weapon: { baseDamage: 3, delivery: "wielded", bonusDice: 2 }, attributeModifier: 55 }).total).toBe(60);
    expect(() => damageDice({ weapon: { baseDamage: 3, delivery: "wielded", bonusDice: 2 }, attributeModifier: 56 })).toThrow(/at most 60 damage dice, not 61/);
    expect(() => damageDice({ weapon: { baseDamage: 61, delivery: "bow" }, attributeModifier: 0 })).toThrow(/Weapon base damage must be between 0 and 60/);
  });
  it("a pool whose highest roll could pass the wound cap is refused by every verb alike", () => {
    const near: StrikeTarget = { attributes: attrs(), woundLevels: MAX_WOUND_LEVELS - 10 };
    refusedEverywhere(damageStrikeCore, { target: near, dice: 3 }, { damage: [1, 1, 1], death: [], collapse: [5] }, /could pass the cap of 1000 wound levels/);
    expect(damageStrikeCore.odds({ target: near, dice: 2 }).outcomes).toHaveLength(4);
    expect(() => planStrike({ target: near, damage: 11 })).toThrow(/would pass the cap of 1000 wound levels/);
  });
});

describe("toast caps on modifiers, targets, levels and counts", () => {
  it("modifiers and targets stay within ±1000 in every kind", () => {
    refusedEverywhere(checkCore, { modifier: MAX_MAGNITUDE + 1, target: 15 }, [5], /Task modifier must be between -1000 and 1000/);
    refusedEverywhere(checkCore, { modifier: 0, target: -MAX_MAGNITUDE - 1 }, [5], /Target number must be between -1000 and 1000/);
    refusedEverywhere(attackCore, { attack: 5, defence: { kind: "contested", modifier: 1001 } }, { attack: [5], defence: [5] }, /Defence modifier must be between/);
    refusedEverywhere(initiativeCore, { modifier: -1001 }, [5], /Initiative modifier must be between/);
  });
  it("skill levels, Focus, attributes, wound tallies, wound scales and session checks have caps", () => {
    refusedEverywhere(advancementCore, { level: MAX_SKILL_LEVEL + 1, focus: 10 }, [5], /Skill level must be between 1 and 500/);
    refusedEverywhere(advancementCore, { level: 3, focus: MAX_ATTRIBUTE + 1 }, [5], /Focus must be between 1 and 1000/);
    refusedEverywhere(strikeCore, { target: { ...target, attributes: attrs({ will: MAX_ATTRIBUTE + 1 }) }, damage: 3 }, { death: [], collapse: [] }, /Attribute will must be between 1 and 1000/);
    refusedEverywhere(healingDayCore, { attributes: attrs(), woundLevels: MAX_WOUND_LEVELS + 1, strenuous: false }, { treatment: [], health: [] }, /Wound levels must be between 0 and 1000/);
    expect(() => woundStatus({ woundLevels: 3, tolerance: 10, scale: MAX_WOUND_SCALE + 1 })).toThrow(/Wound scale must be between 1 and 100/);
    const many = Array.from({ length: MAX_SESSION_CHECKS + 1 }, (_, i) => ({ key: `s${i}`, level: 1, used: true, learnedThisSession: false }));
    expect(() => rollSessionAdvancement({ skills: many, focus: 10 }, () => 0.5)).toThrow(/At most 1000 skills/);
    expect(rollSessionAdvancement({ skills: many.slice(1), focus: 10 }, () => 0.5)).toHaveLength(1000);
  });
  it("numbers past 2^53 are refused, not silently rounded", () => {
    const pattern = /must be a whole number between -9007199254740991 and 9007199254740991, not 9007199254740994/;
    refusedEverywhere(checkCore, { modifier: PAST_2_53, target: 15 }, [5], pattern);
    refusedEverywhere(damageCore, { dice: PAST_2_53 }, [], pattern);
    refusedEverywhere(strikeCore, { target: { ...target, woundLevels: PAST_2_53 }, damage: 3 }, { death: [], collapse: [] }, pattern);
    refusedEverywhere(strikeCore, { target, damage: PAST_2_53 }, { death: [], collapse: [] }, pattern);
    expect(() => taskModifier({ attributes: attrs(), task: { kind: "attributes", attributes: ["will"] }, situational: PAST_2_53 })).toThrow(pattern);
    expect(() => taskModifier({ attributes: attrs(), task: { kind: "attributes", attributes: ["will"] }, armor: { woundReduction: 1, encumbrance: PAST_2_53 } })).toThrow(pattern);
    expect(() => checkCore.resolve({ modifier: 1, target: 2 }, [PAST_2_53])).toThrow(pattern);
  });
});

describe("toast rolls end with a stuck random source", () => {
  const stuck: readonly [string, RandomSource][] = [
    ["always the top face", () => 0.9999999],
    ["always the bottom face", () => 0],
  ];
  const huge: StrikeTarget = { attributes: attrs({ tolerance: 20 }), woundLevels: 700, armor: ARMOR_TABLE.fullPlate };
  it.each(stuck)("%s: the largest attack, a full session and a day of healing finish at once", (_name, rng) => {
    const started = performance.now();
    const attack = fullAttackCore.roll({ attack: MAX_MAGNITUDE, defence: { kind: "contested", modifier: -MAX_MAGNITUDE }, damageDice: MAX_DAMAGE_DICE, defender: huge }, rng);
    const expectedFace = rng() > 0.5 ? 12 : 1;
    expect(attack.faces.attack[0]).toBe(expectedFace);
    expect(attack.faces.attack.length).toBeLessThanOrEqual(2);
    if (attack.damage) expect(attack.damage.faces).toHaveLength(MAX_DAMAGE_DICE);
    const session = rollSessionAdvancement({ skills: Array.from({ length: MAX_SESSION_CHECKS }, (_, i) => ({ key: `s${i}`, level: 3, used: true, learnedThisSession: false })), focus: 10 }, rng);
    expect(session.every((s) => s.result.faces.length <= 2)).toBe(true);
    const day = healingDayCore.roll({ attributes: attrs(), woundLevels: 30, strenuous: false, treatment: { modifier: 5 } }, rng);
    expect(day.faces.treatment.length + day.faces.health.length).toBeLessThanOrEqual(4);
    expect(performance.now() - started).toBeLessThan(1000);
  });
  it("a random source that returns NaN or a number outside [0, 1) gives a clear error or a face on the die, never NaN", () => {
    expect(() => rollCheck({ modifier: 3, target: 10 }, () => Number.NaN)).toThrow(/d10\+ face must be a whole number|random source returned NaN/);
    expect(rollCheck({ modifier: 3, target: 10 }, () => 7).faces).toEqual([12, 12]);
    expect(rollCheck({ modifier: 3, target: 10 }, () => -3).faces).toEqual([1]);
    expect(() => damageCore.roll({ dice: 2 }, () => Number.NaN)).toThrow(/Damage die face \(d4\) must be a whole number|random source returned NaN/);
  });
});
