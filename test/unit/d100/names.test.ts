/**
 * Names typed by users ("constructor", "toString", "__proto__", "hasOwnProperty", "valueOf")
 * are just names: every lookup keyed by one uses a Map or a null-prototype record
 * (docs/architecture.md, "Names typed by users").
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/dice/random";
import {
  type AttributeKey,
  type CheckKind,
  type D100Character,
  type PurchaseItem,
  type RewardDegree,
  type RootSkillKey,
  type SkillRewardKind,
  type Tab,
  ATTRIBUTE_ABBREVIATIONS,
  CARE_MULTIPLIERS,
  CHECK_MAX_FACE,
  CHECK_SCALE,
  SKILL_REWARD_MAXIMA,
  STANDARD_COSTS,
  STANDARD_REWARDS,
  EMPTY_KARMA,
  EMPTY_RESERVE,
  EXAMPLE_FIRE_BLOCKS,
  EXAMPLE_POWERS,
  EXAMPLE_TABS,
  ROOT_SKILLS,
  ROOT_SKILL_KEYS,
  type CareLevel,
  addBranch,
  attributeFromAbbreviation,
  award,
  checkOdds,
  deriveCharacter,
  emptySkillTree,
  initiativeOrder,
  parseDamage,
  purchaseCost,
  recordTabUse,
  recover,
  rollCheck,
  setStance,
  skillCheckInput,
  skillPointReward,
  stanceOf,
  tabCheckModifiers,
  tabUsesLeft,
  uniformAttributes,
  validateMajors,
  validateReserveSkillPoints,
} from "../../../src/rulesets/d100/rules/index";

const NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] as const;
const avg = uniformAttributes(5);
const majors = Object.fromEntries(ROOT_SKILL_KEYS.map((k) => [k, [ROOT_SKILLS[k][0], ROOT_SKILLS[k][1]]])) as Record<RootSkillKey, readonly [AttributeKey, AttributeKey]>;

describe.each(NAMES)('the name "%s"', (name) => {
  it("is no attribute, check kind, limit or table entry", () => {
    expect(() => attributeFromAbbreviation(name)).toThrow(new RegExp(`Unknown attribute "${name.replace(/_/g, "_")}"`));
    expect(() => parseDamage(`2D(${name})`)).toThrow(/is not an attribute abbreviation|expected an attribute or a number as the limit/);
    expect(() => checkOdds({ kind: name as CheckKind, score: 5 })).toThrow(/Unknown check kind/);
    expect(() => rollCheck({ kind: name as CheckKind, score: 5 }, seededRandom(1))).toThrow(/Unknown check kind/);
    expect(ATTRIBUTE_ABBREVIATIONS[name]).toBeUndefined();
    expect(EXAMPLE_FIRE_BLOCKS[name]).toBeUndefined();
    expect(EXAMPLE_POWERS[name]).toBeUndefined();
    expect(EXAMPLE_TABS[name]).toBeUndefined();
    for (const table of [ROOT_SKILLS, CHECK_SCALE, CHECK_MAX_FACE, CARE_MULTIPLIERS, SKILL_REWARD_MAXIMA, STANDARD_REWARDS, STANDARD_COSTS]) expect((table as Readonly<Record<string, unknown>>)[name]).toBeUndefined();
  });
  it("is refused as a root skill, reward, purchase or care level, with the rule's own message", () => {
    expect(() => validateMajors(name as RootSkillKey, ["agility", "focus"])).toThrow(/Unknown root skill/);
    expect(() => validateReserveSkillPoints({ any: 0, byRoot: JSON.parse(`{"${name}": 3}`) as Record<string, number> })).toThrow(/unknown root skill/);
    expect(() => skillPointReward(name as SkillRewardKind, 1)).toThrow(/Unknown skill reward/);
    expect(() => award({ earned: 0, spent: 0 }, name as RewardDegree)).toThrow(/Unknown reward degree/);
    expect(() => purchaseCost(name as PurchaseItem)).toThrow(/Unknown purchase/);
    expect(() => recover({ normal: 50, current: 10 }, avg, 1, name as CareLevel)).toThrow(/Unknown care level/);
  });
  it("works as a TAB key with a daily limit", () => {
    const tab: Tab = { ...EXAMPLE_TABS.theVoice, key: name };
    expect(tabUsesLeft(tab, {})).toBe(1);
    const used = recordTabUse({}, tab);
    expect(tabUsesLeft(tab, used)).toBe(0);
    expect(() => recordTabUse(used, tab)).toThrow(/no uses left today/);
    expect(tabCheckModifiers([tab], { kind: "attribute", attribute: "charisma", tags: ["swayTheMasses"], usesToday: {} }).sources).toEqual([name]);
    const tagged: Tab = { key: "longTail", kind: "trait", degree: null, effects: [{ kind: "difficulty", when: name, attribute: -1, skill: -10 }] };
    expect(tabCheckModifiers([tagged], { kind: "skill", tags: [name] }).difficultyDelta).toBe(-10);
  });
  it("works as a branch skill id and name, a power, a stance holder and an initiative id", () => {
    let tree = emptySkillTree(majors);
    tree = addBranch(tree, { id: name, name, parent: "ranged" }).tree;
    const c: D100Character = {
      attributes: avg,
      health: { normal: 50, current: 50 },
      conditions: [],
      skills: tree,
      reserveSkillPoints: EMPTY_RESERVE,
      powers: JSON.parse(`{"${name}": {"normal": 3, "current": 2, "held": 0}}`) as D100Character["powers"],
      tabs: [{ ...EXAMPLE_TABS.thatDidntHurt, key: name }],
      karma: setStance(EMPTY_KARMA, name, "reliable"),
      progression: { earned: 0, spent: 0 },
      adjustments: "",
    };
    const d = deriveCharacter(c);
    expect(d.skills.find((s) => s.id === name)).toMatchObject({ name, base: 25, total: 26 });
    expect(skillCheckInput(c, name).score).toBe(26);
    expect(stanceOf(c.karma, name)).toBe("reliable");
    expect(d.adjustments.terms).toEqual([{ kind: "flat", amount: -1 }]);
    const order = initiativeOrder([{ id: name, actionQuota: 5 }, { id: "other", actionQuota: 5 }], "check", seededRandom(2));
    expect(order.slots.flat().sort()).toEqual([name, "other"].sort());
  });
});
