/** Rules and worked examples added by the audit against the rulebook, and the rulebook's tables in full. */
import { describe, expect, it } from "vitest";
import {
  ARMOR,
  ATTRIBUTE_RANK_LABELS,
  DRAW_WEAPON_INITIATIVE,
  HAND_TO_HAND_WEAPONS,
  MARTIAL_ARTS_VS_BRAWL_BONUS,
  PHYSICAL_SIZES,
  RANGED_WEAPONS,
  SKILL_PACKAGE_CAREERS,
  SKILL_RANK_DESCRIPTORS,
  SOCIAL_STANDING,
  TRAIT_RANK_LABELS,
  allowedDefences,
  average,
  canTeach,
  rollCollaboration,
  contestWinner,
  rollHealing,
  marginalLean,
  opposedDistribution,
  partialArmorAC,
  rollCheck,
  rollContest,
  rollAdvice,
  rollInitiative,
  skillPackage,
  stopBleeding,
  traitRearrangementOk,
  weaponLengthAttack,
} from "../../../src/rulesets/toaster/rules";
import { s, script, t } from "./helpers";

describe("toaster character actions (audit additions)", () => {
  it("Averaging drops the fraction: toward zero for a negative half", () => {
    expect(average(5, 8)).toBe(6);
    expect(average(-3, 0)).toBe(-1);
  });
  it("Automatic Actions: rank + modifier of 10 succeeds even on a 0, so no roll; past −5 the GM may call it a failure", () => {
    expect(rollAdvice({ rank: 8, modifier: 2 })).toBe("automaticSuccess");
    expect(rollAdvice({ rank: 8, modifier: 1 })).toBe("roll");
    expect(rollAdvice({ rank: 8, modifier: 2, rollingZeros: true })).toBe("roll");
    expect(rollAdvice({ rank: 9, modifier: -6 })).toBe("considerAutomaticFailure");
    expect(rollAdvice({ rank: 3, modifier: -5 })).toBe("roll");
    expect(() => rollAdvice({ rank: 3, modifier: 0.5 })).toThrow(/Modifier must be a whole number/);
  });
  it("Opposed Actions: −3 on one side is the same contest as +3 on the other ('Very difficult')", () => {
    const minus = opposedDistribution({ a: { rank: 5, modifier: -3 }, b: { rank: 6, modifier: 0 } });
    const plus = opposedDistribution({ a: { rank: 5, modifier: 0 }, b: { rank: 6, modifier: 3 } });
    expect(minus.aWins).toBeCloseTo(plus.aWins, 12);
    expect(minus.bWins).toBeCloseTo(plus.bWins, 12);
    expect(minus.tie).toBeCloseTo(plus.tie, 12);
  });
  it("Opposed Actions, side by side: a success beats a failure, two successes compare totals, both may fail", () => {
    expect(contestWinner({ success: true, total: 10 }, { success: false, total: 9 })).toBe("a");
    expect(contestWinner({ success: true, total: 12 }, { success: true, total: 14 })).toBe("b");
    expect(contestWinner({ success: true, total: 12 }, { success: true, total: 12 })).toBe("tie");
    expect(contestWinner({ success: false, total: 9 }, { success: false, total: 3 })).toBe("neither");
    const r = rollContest({ a: { rank: 6, modifier: 0 }, b: { rank: 4, modifier: 0 } }, script(s(5), s(8)));
    expect(r).toMatchObject({ winner: "b", a: { total: 11 }, b: { total: 12 } });
  });
  it("(Marginal): missing by 1 leans negative, making it by 1 leans positive", () => {
    expect([-2, -1, 0, 1, 2].map(marginalLean)).toEqual([null, "negative", "even", "positive", null]);
  });
  it("(Working Collaboratively): a task needing rank 4 keeps the rank-3 helper from rolling", () => {
    const r = rollCollaboration({ ranks: [6, 3, 4], mode: "best", minRank: 4 }, script(s(2), s(7)));
    expect(r.rolls.map((x) => x.eligible)).toEqual([true, false, true]);
    expect(r).toMatchObject({ keptDie: 7, total: 13 });
    const two = rollCollaboration({ ranks: [6, 5, 5], mode: "best", limit: 2 }, script(s(1), s(3)));
    expect(two.rolls.map((x) => x.eligible)).toEqual([true, true, false]);
  });
  it("Teach: the teacher's base must be higher than the student's", () => {
    expect(canTeach({ teacherBase: 5, studentBase: 4 })).toBe(true);
    expect(canTeach({ teacherBase: 4, studentBase: 4 })).toBe(false);
  });
  it("Martial Arts: +2 against a brawler", () => {
    expect(MARTIAL_ARTS_VS_BRAWL_BONUS).toBe(2);
  });
  it("(Rolling Zeros): only the first die counts as a 0; a 0 after a 9 is just an extra die of nothing", () => {
    const r = rollCheck({ rank: 3, modifier: 0, rollingNines: true, rollingZeros: true }, script(s(9), s(0)));
    expect(r).toMatchObject({ faces: { die: [9, 0], fumble: [] }, total: 12, naturalZero: false, autoFailure: false, success: true });
  });
});

describe("toaster combat (audit additions)", () => {
  it("Normal Actions: drawing a gun costs 3 initiative", () => {
    expect(DRAW_WEAPON_INITIATIVE).toBe(-3);
    expect(rollInitiative({ coordination: 6, modifier: DRAW_WEAPON_INITIATIVE }, script(t(7)))).toEqual({ die: 7, total: 10 });
    expect(() => rollInitiative({ coordination: 6, modifier: 1.5 }, script(t(7)))).toThrow(/Initiative modifier/);
  });
  it("(Weapon Length): the pike, sword and dagger example", () => {
    // Start at pike reach; the knight's sword attack is at −2 and closes to sword reach on a hit.
    const knight = weaponLengthAttack({ distance: "pike", optimum: "sword", hit: true });
    expect(knight).toEqual({ penalty: -2, distanceAfter: "sword" });
    // The soldier draws a dagger: −2 again, and a hit brings them right next to each other.
    const soldier = weaponLengthAttack({ distance: knight.distanceAfter, optimum: "dagger", hit: true });
    expect(soldier).toEqual({ penalty: -2, distanceAfter: "dagger" });
    // The knight's sword is now too long (−2); a miss leaves the range where it was.
    expect(weaponLengthAttack({ distance: soldier.distanceAfter, optimum: "sword", hit: false })).toEqual({ penalty: -2, distanceAfter: "dagger" });
    // A punch at dagger reach: no penalty if the GM treats them as equal, −1 if "slightly" different.
    expect(weaponLengthAttack({ distance: "dagger", optimum: "dagger", hit: true }).penalty).toBe(0);
    expect(weaponLengthAttack({ distance: "dagger", optimum: "fist", hit: true, slight: true })).toEqual({ penalty: -1, distanceAfter: "fist" });
    expect(() => weaponLengthAttack({ distance: "", optimum: "sword", hit: true })).toThrow(/current distance/);
  });
  it("Defense roll: which defences are allowed", () => {
    expect(allowedDefences("melee", true)).toEqual(["dodge", "shieldParry", "weaponParry"]);
    expect(allowedDefences("melee", false)).toEqual(["dodge", "shieldParry", "weaponParry", "unarmedParry"]);
    expect(allowedDefences("melee", true, true)).toContain("unarmedParry");
    expect(allowedDefences("ranged", true)).toEqual(["dodge", "shieldParry"]);
    expect(allowedDefences("ranged", true, true)).toEqual(["dodge", "shieldParry", "weaponParry"]);
    expect(() => allowedDefences("thrown" as "ranged", true)).toThrow(/Attack mode/);
  });
  it("(Partial Armor): the AC where the hit lands", () => {
    const kit = [
      { ac: 5, areas: ["torso"] },
      { ac: 4, areas: "all" as const },
      { ac: 6, areas: ["headNeck"] },
    ];
    expect(partialArmorAC(5, kit, "torso")).toBe(7);
    expect(partialArmorAC(5, kit, "leftLeg")).toBe(4);
    expect(partialArmorAC(5, kit, "headNeck")).toBe(7);
    expect(() => partialArmorAC(5, [{ ac: -1, areas: "all" }], "torso")).toThrow(/Protection AC/);
  });
});

describe("toaster bad input", () => {
  it("the extended-roll switches must be booleans", () => {
    expect(() => rollCheck({ rank: 5, modifier: 0, rollingZeros: "yes" as unknown as boolean }, script(s(1)))).toThrow(/rollingZeros must be true or false/);
    expect(() => rollCheck({ rank: 5, modifier: 0, callFour: 1 as unknown as boolean }, script(s(1)))).toThrow(/callFour must be true or false/);
  });
  it("bleeding treatment and medical care kinds are checked", () => {
    expect(() => stopBleeding({ variant: "magic" as "standard", medicalTotal: 12, baseRate: 3 })).toThrow(/Bleeding treatment variant must be one of standard, margin/);
    expect(() => rollHealing({ physique: 5, wounds: 2, care: { kind: "surgery" as "none", bonus: 0 } }, script(s(5)))).toThrow(/Medical care must be one of/);
  });
  it("trait rearrangement keeps the net sum", () => {
    expect(traitRearrangementOk([-3, 2, 1], [-2, 1, 1])).toBe(true);
    expect(traitRearrangementOk([-3, 2, 1], [-2, 2, 1])).toBe(false);
    expect(() => traitRearrangementOk([11], [11])).toThrow(/Physical size rank/);
  });
});

describe("toaster rulebook tables in full", () => {
  it("Attribute Ranks", () => {
    expect(ATTRIBUTE_RANK_LABELS.map((r) => [r.rank, r.label])).toEqual([
      [0, "Disabled"], [1, "Terrible"], [2, "Poor"], [3, "Mediocre"], [4, "Average"], [5, "Fair"],
      [6, "Good"], [7, "Great"], [8, "Excellent"], [9, "Extraordinary"], [10, "Legendary"], [11, "Superhuman"],
    ]);
  });
  it("Skill Rank descriptors", () => {
    expect(SKILL_RANK_DESCRIPTORS.map((r) => [r.min, r.max, r.general, r.tradesman, r.belt])).toEqual([
      [0, 2, "Unskilled", "Novice", "White"],
      [3, 4, "Student", "Apprentice", "Yellow"],
      [5, 6, "Proficient", "Journeyman", "Green"],
      [7, 8, "Expert", "Adept", "Brown"],
      [9, 10, "Master", "Master", "Black"],
      [11, null, "Grand Master", "Grand Master", "Other (Red?)"],
    ]);
  });
  it("Trait ranks", () => {
    expect(TRAIT_RANK_LABELS.map((r) => [r.magnitude, r.label])).toEqual([[5, "Critical"], [4, "Major"], [3, "Severe"], [2, "Moderate"], [1, "Mild"], [0, "Superficial"]]);
  });
  it("Physical Size and Social Standing", () => {
    expect(PHYSICAL_SIZES.map((r) => r.rank)).toEqual([10, 8, 6, 4, 2, 0, -2, -4, -6, -8, -10]);
    expect(SOCIAL_STANDING.map((r) => [r.rank, r.historical, r.modern])).toEqual([
      [4, "Royalty", "Fortune 500"], [3, "Nobility", "Upper Class"], [2, "Aristocracy", "Lower Upper Class"],
      [1, "Merchant Class", "Upper Middle Class"], [0, "Professional Class", "Middle Class"], [-1, "Commoner", "Lower Middle Class"],
      [-2, "Peasant", "Upper Lower Class"], [-3, "Indentured Servant", "Lower Class"], [-4, "Slave, Untouchable", "Homeless"],
    ]);
  });
  it("Skill Package sample careers are valid packages", () => {
    expect(SKILL_PACKAGE_CAREERS.map((c) => c.key)).toEqual(["bodyguard", "diplomat", "scout", "thief"]);
    for (const c of SKILL_PACKAGE_CAREERS) expect(skillPackage(1, c.skills).skills).toHaveLength(5);
  });
  it("Hand-to-Hand Weapons: base WC and strength requirement", () => {
    expect(HAND_TO_HAND_WEAPONS.map((w) => [w.label, w.baseWC, w.strength])).toEqual([
      ["Bare Fist", 0, 0], ["Reinforced Fist", 1, 0], ["Kick", 2, 0], ["Club", 6, 3], ["Mace, Light", 7, 4], ["Mace, Heavy", 8, 5],
      ["Flail", 9, 6], ["War Maul", 10, 7], ["Knife", 4, 1], ["Dagger", 5, 1], ["Short sword", 6, 2], ["Saber", 7, 3],
      ["Broadsword", 8, 4], ["Bastard sword", 9, 5], ["Great sword", 10, 6], ["Hatchet", 5, 3], ["Axe", 7, 4], ["Battleaxe", 9, 5], ["Spear", 7, 4],
    ]);
  });
  it("Ranged Weapons and Armor", () => {
    expect(RANGED_WEAPONS.map((w) => [w.label, w.baseWC])).toEqual([
      ["Rock", 2], ["Spear", 6], ["Bow", 8], ["Crossbow", 10], ["Small caliber handgun", 10], ["Medium caliber handgun", 12],
      ["Large caliber handgun", 14], ["Small caliber rifle", 12], ["Medium caliber rifle", 14], ["Large caliber rifle", 16], ["Shotgun", 20],
    ]);
    expect(ARMOR.map((a) => [a.label, a.baseAC])).toEqual([
      ["Winter Clothing", 2], ["Leather, Soft", 4], ["Heavy Hides", 5], ["Leather, Hard", 6], ["Leather, Reinforced", 7],
      ["Chain mail", 8], ["Plate", 10], ["Kevlar, Light", 4], ["Kevlar, Reinforced", 7],
    ]);
  });
});
