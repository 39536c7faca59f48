import { describe, expect, it } from "vitest";
import * as d100 from "../../../src/rulesets/d100/rules/index";
import {
  EXAMPLE_POWERS,
  EXAMPLE_TABS,
  ROOT_SKILLS,
  ROOT_SKILL_KEYS,
  STANDARD_COSTS,
  addMark,
  applyPowerCost,
  applyTabDifficulty,
  attributeCheckInput,
  award,
  deriveCharacter,
  deliverDamage,
  skillPointReward,
  drain,
  easyShotReduction,
  emptySkillTree,
  gain,
  hold,
  need,
  parsePowerCost,
  powerNormal,
  purchase,
  purchaseCost,
  releaseHeld,
  removeStance,
  setStance,
  skillCheckInput,
  stanceOf,
  tabAdjustments,
  tabCheckModifiers,
  uniformAttributes,
  validateAttributes,
  type D100Character,
  type RootSkillKey,
} from "../../../src/rulesets/d100/rules/index";

const attrs = validateAttributes({ ...uniformAttributes(5), focus: 6, perception: 7, spirit: 8, charisma: 6 });

describe("power points (seed: Powers)", () => {
  it("Need checks free points, Gain adds up to Normal, Drain subtracts, Hold reserves", () => {
    let p = { normal: 6, current: 4, held: 0 };
    expect(need(p, 4)).toBe(true);
    p = hold(p, 3);
    expect(need(p, 2)).toBe(false);
    expect(() => drain(p, 2)).toThrow(/only 1 power points are free/);
    p = drain(p, 1);
    expect(p).toEqual({ normal: 6, current: 3, held: 3 });
    expect(releaseHeld(p, 3)).toEqual({ normal: 6, current: 3, held: 0 });
    expect(releaseHeld(p, 3, true)).toEqual({ normal: 6, current: 0, held: 0 });
    expect(gain({ normal: 6, current: 5, held: 0 }, 3).current).toBe(6);
    expect(gain({ normal: 6, current: 5, held: 0 }, 3, false).current).toBe(8);
    expect(gain({ normal: 6, current: 8, held: 0 }, 1).current).toBe(8);
  });
  it("Marksman Focus: Normal = average(FO, PE); \"That's an easy shot!\" drains 1+X for 10 + 10X", () => {
    expect(powerNormal(attrs, EXAMPLE_POWERS.marksmanFocus.normal)).toBe(6);
    const r = applyPowerCost({ normal: 6, current: 6, held: 0 }, "Drain 1+X", { x: 2 });
    expect(r).toMatchObject({ ok: true, points: { current: 3 } });
    expect(easyShotReduction(2)).toBe(30);
  });
  it("Spirit Shaman: Normal = Spirit; Barrier Shield needs 3 and holds 3; Spirit Lance holds or drains X", () => {
    expect(powerNormal(attrs, EXAMPLE_POWERS.spiritShaman.normal)).toBe(8);
    const shield = applyPowerCost({ normal: 8, current: 8, held: 0 }, "Need 3, Hold 3");
    expect(shield.points).toEqual({ normal: 8, current: 8, held: 3 });
    expect(parsePowerCost("Need 1, Hold X or Drain X")[1]).toEqual({
      kind: "choice",
      options: [
        { fn: "hold", base: 0, perX: 1 },
        { fn: "drain", base: 0, perX: 1 },
      ],
    });
    const lance = applyPowerCost(shield.points, "Need 1, Hold X or Drain X", { x: 4, choices: [0] });
    expect(lance.points).toEqual({ normal: 8, current: 8, held: 7 });
    // a hit drains the held points and does X dice of damage
    expect(releaseHeld(lance.points, 4, true)).toEqual({ normal: 8, current: 4, held: 3 });
    expect(d100.damageRange(`${4}D`)).toEqual({ min: 4, max: 40 });
    const tooMuch = applyPowerCost(shield.points, "Need 1, Hold X or Drain X", { x: 6, choices: [1] });
    expect(tooMuch).toMatchObject({ ok: false, failed: "drain", points: shield.points });
    expect(applyPowerCost({ normal: 8, current: 0, held: 0 }, "Need 3, Hold 3")).toMatchObject({ ok: false, failed: "need" });
    expect(() => applyPowerCost(shield.points, "Need 1, Hold X or Drain X", { x: 1 })).toThrow(/needs a choice/);
    expect(() => parsePowerCost("Zap 3")).toThrow(/is not "<Need\|Gain\|Drain\|Hold>/);
  });
});

describe("TABs (seed: TAB)", () => {
  const tabs = Object.values(EXAMPLE_TABS);
  it("Type A-Personality: −1/−10 convincing assertively, +1/+10 being kind", () => {
    const m = tabCheckModifiers(tabs, { kind: "skill", tags: ["assertiveConvincing"] });
    expect(m.difficultyDelta).toBe(-10);
    expect(tabCheckModifiers(tabs, { kind: "attribute", tags: ["kindConsiderate"] }).difficultyDelta).toBe(1);
  });
  it("Space Cadet doubles the difficulty; The Voice doubles Charisma", () => {
    const m = tabCheckModifiers(tabs, { kind: "attribute", attribute: "focus", tags: ["attentionWhenDistracted"] });
    expect(applyTabDifficulty(3, m)).toBe(6);
    const input = attributeCheckInput({ attributes: attrs, tabs }, "charisma", 2, { tags: ["swayTheMasses"] });
    expect(input).toMatchObject({ score: 12, difficulty: 2 });
  });
  it("Long Tail: easier balancing, harder concealing identity", () => {
    expect(tabCheckModifiers([EXAMPLE_TABS.longTail], { kind: "skill", tags: ["balancing"] }).difficultyDelta).toBe(-10);
    expect(tabCheckModifiers([EXAMPLE_TABS.longTail], { kind: "attribute", tags: ["concealingIdentity"] })).toMatchObject({ difficultyDelta: 1, sources: ["longTail"] });
    expect(tabCheckModifiers([EXAMPLE_TABS.longTail], { kind: "skill", tags: [] }).difficultyDelta).toBe(0);
  });
  it("That Didn't Hurt provides -1F", () => {
    expect(tabAdjustments(tabs).terms).toEqual([{ kind: "flat", amount: -1 }]);
  });
});

describe("karma (seed: Karma)", () => {
  it("marks and stances are kept and replaced", () => {
    let k = addMark(d100.EMPTY_KARMA, { key: "veteran", text: "Served in the border war", value: 3 });
    expect(() => addMark(k, { key: "veteran", text: "x", value: null })).toThrow(/already exists/);
    k = setStance(k, "Millbrook", "reliable");
    k = setStance(k, "Town watch", "criminal");
    k = setStance(k, "Town watch", "vindicated");
    expect(stanceOf(k, "Town watch")).toBe("vindicated");
    expect(k.stances).toHaveLength(2);
    expect(stanceOf(removeStance(k, "Millbrook"), "Millbrook")).toBeNull();
  });
});

describe("progression points (seed: Progression Points)", () => {
  it("standard rewards and costs", () => {
    let l = { earned: 0, spent: 0 };
    l = award(l, "minor");
    l = award(l, "small");
    l = award(l, "larger");
    l = award(l, "major");
    expect(l.earned).toBe(18);
    expect(purchaseCost("healthIncrease")).toBe(5);
    expect(purchaseCost("power")).toBe(10);
    expect(purchaseCost("tab", { tabDegree: 3 })).toBe(7);
    expect(purchaseCost("tab", { tabDegree: 9 })).toBe(10);
    expect(() => purchaseCost("karma")).toThrow(/varies \(1-10\)/);
    expect(() => purchaseCost("karma", { cost: 11 })).toThrow(/at most 10/);
    const r = purchase(l, "skillPointPurchase");
    expect(r.ledger).toEqual({ earned: 18, spent: 5 });
    expect(() => purchase({ earned: 4, spent: 0 }, "healthIncrease")).toThrow(/only 4 are available/);
    expect(() => purchase(l, "healthIncrease", {}, { rewards: { minor: 1, small: 2, larger: 5, major: 10 }, costs: STANDARD_COSTS, forbidden: ["healthIncrease"] })).toThrow(/forbids/);
  });
});

describe("character derivation", () => {
  const majors = Object.fromEntries(ROOT_SKILL_KEYS.map((k) => [k, [ROOT_SKILLS[k][0], ROOT_SKILLS[k][1]]])) as unknown as Record<
    RootSkillKey,
    readonly [d100.AttributeKey, d100.AttributeKey]
  >;
  const base = emptySkillTree(majors);
  const c: D100Character = {
    attributes: attrs,
    health: { normal: 65, current: 30 },
    conditions: ["brokenArm"],
    skills: { roots: { ...base.roots, ranged: { majors: ["focus", "perception"], adjust: 12 } }, branches: [{ id: "rifles", name: "Rifles", parent: "ranged", adjust: 5 }] },
    reserveSkillPoints: { any: 0, byRoot: {} },
    powers: { marksmanFocus: { normal: 6, current: 6, held: 0 } },
    tabs: [EXAMPLE_TABS.thatDidntHurt],
    karma: d100.EMPTY_KARMA,
    progression: { earned: 10, spent: 5 },
    adjustments: "-5F",
  };
  it("derives quota, health, skills, costs and adjustments", () => {
    const d = deriveCharacter(c);
    expect(d.actionQuota).toBe(5);
    expect(d.baseNormalHealth).toBe(65);
    expect(d.healthState).toBe("injured");
    expect(d.skills.find((s) => s.id === "ranged")).toMatchObject({ base: 5 + 6 + 7 + 6 + 7, adjust: 12, total: 43 });
    expect(d.skills.find((s) => s.id === "rifles")).toMatchObject({ base: 43, total: 48 });
    expect(d.skillPointsSpent).toBe(14 + 5);
    expect(d.creationSkillPointsLeft).toBe(81);
    expect(d.adjustments.text).toBe("-5F -1F");
    expect(d.progressionAvailable).toBe(5);
    expect(skillCheckInput(c, "rifles", 10)).toEqual({ kind: "skill", score: 48, difficulty: 10, overflow: false });
    expect(() => skillCheckInput(c, "bows")).toThrow(/Unknown skill "bows"/);
  });
  it("delivering damage applies adjustments then lowers Current (The Threat Process)", () => {
    const r = deliverDamage({ normal: 65, current: 30 }, 47, deriveCharacter(c).adjustments);
    expect(r.adjusted.after).toBe(41);
    expect(r.health.current).toBe(-11);
    expect(r.state).toBe("dying");
  });
  it("skill point rewards follow the Skill Improvement guidance", () => {
    expect(skillPointReward("creativeExtension", 5)).toBe(5);
    expect(() => skillPointReward("notableUse", 2)).toThrow(/at most 1/);
  });
  it("the index exports the ruleset id", () => {
    expect(d100.RULESET_ID).toBe("d100");
  });
});
