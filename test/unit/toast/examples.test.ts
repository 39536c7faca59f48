/**
 * Every worked example and every number the Toast 5.1 rulebook states in its running text, one test
 * each, checking the rulebook's own numbers. (The rulebook's tables are checked row by row in
 * character.test.ts, check.test.ts and combat.test.ts.) None of the examples contradicts the rules;
 * where the rulebook is internally ambiguous, the test names the reading we follow.
 */
import { describe, expect, it } from "vitest";
import type { RandomSource } from "../../../src/dice/random";
import {
  ARMOR_TABLE,
  CREATION_BUDGET,
  INTELLIGENCE_ATTRIBUTES,
  ROUND_SECONDS,
  WEAPON_BASE_DAMAGE,
  WEAPON_EXAMPLES,
  damageDice,
  endRound,
  intelligenceScore,
  negateAction,
  nextToAct,
  planStrike,
  rollFullAttack,
  skillAttributeModifier,
  skillModifier,
  startRound,
  startingSkillCap,
  takeAction,
  weaponBaseDamage,
  woundCategory,
  woundCategoryStart,
  woundStatus,
  type StrikeTarget,
} from "../../../src/rulesets/toast/rules";
import { attrs } from "./helpers";

/** Replays [faces, face] pairs in order, whatever die each call is for. */
function scripted(rolls: readonly (readonly [number, number])[]): { rng: RandomSource; left: () => number } {
  const queue = [...rolls];
  return {
    rng: () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("script ran out");
      return (next[1] - 0.5) / next[0];
    },
    left: () => queue.length,
  };
}

describe("toast rulebook examples: weapons and damage", () => {
  it("Agility 17 with a broadsword: 2 dice for the sword and 3 for the Agility, 5 in all", () => {
    const a = attrs({ agility: 17 });
    const mod = skillAttributeModifier(a, ["agility"]);
    expect(mod).toBe(3);
    expect(weaponBaseDamage("medium")).toBe(2);
    expect(damageDice({ weapon: { baseDamage: weaponBaseDamage("medium"), delivery: "wielded" }, attributeModifier: mod })).toEqual({ base: 2, attributeBonus: 3, bonusDice: 0, total: 5 });
  });
  it("the same swordswoman, played through: a hit rolls exactly those 5 damage dice", () => {
    const a = attrs({ agility: 17 });
    const attack = skillModifier(a, { baseAttributes: ["agility"], level: 6 }); // +3 + 6
    expect(attack).toBe(9);
    const s = scripted([[12, 7], [4, 1], [4, 2], [4, 3], [4, 4], [4, 1]]);
    const r = rollFullAttack(
      { attack, defence: { kind: "target", target: 15 }, damageDice: 5, defender: { attributes: attrs(), woundLevels: 0 } },
      s.rng,
    );
    // 7 + 9 = 16 ≥ 15: a hit; 1 + 2 + 3 + 4 + 1 = 11 wound levels on an unarmored TOL 10 target
    expect(r.attack.check).toMatchObject({ total: 16, outcome: "success" });
    expect(r.damage).toEqual({ faces: [1, 2, 3, 4, 1], total: 11 });
    expect(r.strike).toMatchObject({ strikeWounds: 11, woundLevels: 11, deathCheck: null, collapseCheck: null, state: "wounded" });
    expect(r.strike?.status).toMatchObject({ effective: 11, category: "moderate", penalty: -3 });
    expect(s.left()).toBe(0);
  });
  it("bows and crossbows: no attribute dice; a strong bow or most crossbows +1 die, a powerful crossbow +2", () => {
    const strongArm = 4;
    expect(damageDice({ weapon: { baseDamage: weaponBaseDamage("medium"), delivery: "bow" }, attributeModifier: strongArm }).total).toBe(2);
    expect(damageDice({ weapon: { baseDamage: weaponBaseDamage("medium"), delivery: "bow", bonusDice: 1 }, attributeModifier: strongArm }).total).toBe(3);
    expect(damageDice({ weapon: { baseDamage: weaponBaseDamage("medium"), delivery: "crossbow", bonusDice: 1 }, attributeModifier: strongArm }).total).toBe(3);
    expect(damageDice({ weapon: { baseDamage: weaponBaseDamage("medium"), delivery: "crossbow", bonusDice: 2 }, attributeModifier: strongArm }).total).toBe(4);
  });
  it("the base-damage guideline table with every example weapon", () => {
    expect(WEAPON_BASE_DAMAGE).toEqual({ large: 3, medium: 2, small: 1 });
    expect(WEAPON_EXAMPLES).toEqual({
      large: ["twoHandedSword", "poleArm", "greatAxe", "spear"],
      medium: ["longSword", "broadsword", "shortSword", "arrow", "crossbowBolt", "mace", "axe", "club", "staff", "dagger", "javelin"],
      small: ["dart", "knife", "bolas", "fist", "foot", "elbow", "throwingStar"],
    });
  });
});

describe("toast rulebook examples: armor and wounds", () => {
  const plain: StrikeTarget = { attributes: attrs(), woundLevels: 0 };
  it("a strike of 23 reduced to 18 by armor calls for no death check; unarmored, the same 23 would", () => {
    const armored = planStrike({ target: { ...plain, armor: ARMOR_TABLE.ringMail }, damage: 23 });
    expect(armored).toMatchObject({ damage: 23, woundReduction: 5, prevented: 5, strikeWounds: 18, deathCheck: null });
    // 18 effective levels is past the serious line, so the collapse check still comes
    expect(armored.collapseCheck).not.toBeNull();
    const bare = planStrike({ target: plain, damage: 23 });
    expect(bare.strikeWounds).toBe(23);
    expect(bare.deathCheck).toEqual({ modifier: 10, target: 23 });
  });
  it("seriously wounded means an effective wound level of 13 or more; a critical strike is 21 or more", () => {
    expect(woundCategory({ effective: 13 }).key).toBe("serious");
    expect(woundCategoryStart("serious")).toBe(13);
    expect(woundCategory({ effective: 21 }).key).toBe("critical");
    expect(woundCategoryStart("critical")).toBe(21);
    expect(planStrike({ target: plain, damage: 12 }).collapseCheck).toBeNull();
    expect(planStrike({ target: plain, damage: 13 }).collapseCheck).toEqual({ modifier: 10, target: 13 });
    expect(planStrike({ target: plain, damage: 20 }).deathCheck).toBeNull();
    expect(planStrike({ target: plain, damage: 21 }).deathCheck).toEqual({ modifier: 10, target: 21 });
  });
  it("the death check ignores the threshold for the strike's size but targets the effective level", () => {
    // TOL 20: threshold +5. A 21-level strike still calls for the check; its target is 21 − 5 = 16.
    const hardy: StrikeTarget = { attributes: attrs({ tolerance: 20 }), woundLevels: 0 };
    expect(planStrike({ target: hardy, damage: 21 }).deathCheck).toEqual({ modifier: 13, target: 16 });
  });
  it("a slightly hardier race uses a scale of 5 instead of 4, keeping the categories", () => {
    expect([5, 10, 15, 20, 25, 30, 31].map((e) => woundCategory({ effective: e, scale: 5 }).key)).toEqual(["trivial", "light", "moderate", "serious", "severe", "critical", "deadly"]);
    expect([4, 8, 12, 16, 20, 24, 25].map((e) => woundCategory({ effective: e }).key)).toEqual(["trivial", "light", "moderate", "serious", "severe", "critical", "deadly"]);
  });
  it("the table lists penalties as negative numbers and says to subtract them: we take one level of penalty per category", () => {
    // Read literally, subtracting −1 would add 1. We follow the evident intent: wounds lower the roll.
    expect(woundStatus({ woundLevels: 1, tolerance: 10 }).penalty).toBe(-1);
    expect(woundStatus({ woundLevels: 25, tolerance: 10 }).penalty).toBe(-7);
  });
});

describe("toast rulebook examples: attributes, creation, combat rounds", () => {
  it("Intelligence, which Toast lacks, is best matched by the average of Perception and Focus", () => {
    expect(INTELLIGENCE_ATTRIBUTES).toEqual(["perception", "focus"]);
    expect(intelligenceScore(attrs({ perception: 13, focus: 16 }))).toBe(14);
    expect(() => intelligenceScore(attrs({ focus: 0 }))).toThrow(/focus must be between 1 and/);
  });
  it("creation numbers: 105 attribute points, each 1–20, at most 70 per aspect, 100 skill points, 3 skill points per attribute point, cap (10 + FOC) / 2", () => {
    expect(CREATION_BUDGET).toEqual({ attributePoints: 105, skillPoints: 100, attributeMin: 1, attributeMax: 20, aspectMax: 70, skillPointsPerAttributePoint: 3 });
    expect(startingSkillCap(10)).toBe(10);
    expect(startingSkillCap(11)).toBe(10);
  });
  it("a round lasts about 5 seconds", () => {
    expect(ROUND_SECONDS).toBe(5);
  });
  it("an arm cut off by a faster fighter: the GM negates the slower fighter's planned attack", () => {
    let s = startRound(["swift", "slow"]);
    s = takeAction(s, "swift");
    s = negateAction(s, "slow");
    expect(nextToAct(s)).toBeNull();
    expect(() => takeAction(s, "slow")).toThrow(/no action left/);
    expect(endRound(s).lost).toEqual(["slow"]);
    expect(() => negateAction(s, "swift")).toThrow(/no action left to negate/);
  });
});
