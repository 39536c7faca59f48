/**
 * Rules and worked examples added by the audit of the D10/0 core against the rulebook:
 * reserve skill points, TAB limits, karma buy-off, the example powers' numbers, conflict
 * degrees, indirect help and tie checks (exact odds checked against seeded simulations), and
 * bad input on every entry point that took it silently.
 */
import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import {
  BARRIER_SHIELD,
  EMPTY_KARMA,
  EMPTY_RESERVE,
  EXAMPLE_ACTION_COSTS,
  EXAMPLE_FIRE_BLOCKS,
  EXAMPLE_POWERS,
  EXAMPLE_TABS,
  ROOT_SKILLS,
  ROOT_SKILL_KEYS,
  ROUND_SECONDS,
  type AttributeKey,
  type CheckInput,
  type RootSkillKey,
  actionQuota,
  addBranch,
  addMark,
  addRootSkillPoints,
  applyPowerCost,
  assistedOdds,
  assistedOddsDetail,
  checkOddsDetail,
  fireOddsDetail,
  shieldedAttackOddsDetail,
  attributeCheckInput,
  checkAttributeBuild,
  conflictDegrees,
  costFromVerbs,
  damageRange,
  emptySkillTree,
  evaluateFire,
  initiativeOrder,
  karmaBuyOffCost,
  normalHealth,
  parseSpreadStep,
  powerNormal,
  purchase,
  recordTabUse,
  recoverPowerPoints,
  reserveFor,
  settleShieldFailure,
  settleSpiritLance,
  rollAssisted,
  rollCheck,
  rollDamage,
  rootOfSkill,
  rootSkillBase,
  shieldAbsorb,
  shieldedAttack,
  shieldedAttackOdds,
  skillPointsPerPurchase,
  snapShotCost,
  spendReserve,
  spiritLanceDamage,
  tabCheckModifiers,
  tabUsesLeft,
  tieCheckOdds,
  uniformAttributes,
  validateAttributes,
} from "../../../src/rulesets/d100/rules/index";
import { d10Faces } from "./helpers";

const avg = uniformAttributes(5);
const majors = Object.fromEntries(ROOT_SKILL_KEYS.map((k) => [k, [ROOT_SKILLS[k][0], ROOT_SKILLS[k][1]]])) as unknown as Record<RootSkillKey, readonly [AttributeKey, AttributeKey]>;

describe("reserve skill points (seed: Skill Points)", () => {
  it("points bought for a root go only to that root or its branches; undirected points anywhere", () => {
    const a = validateAttributes({ ...avg, agility: 7, focus: 6 });
    // 5 PP on Ranged with majors AG and FO: 7 + 6 = 13 skill points, kept for Ranged
    let r = addRootSkillPoints({ any: 2, byRoot: {} }, "ranged", skillPointsPerPurchase(a, "ranged", ["agility", "focus"]));
    expect(r).toEqual({ any: 2, byRoot: { ranged: 13 } });
    expect(reserveFor(r, "ranged")).toBe(15);
    expect(reserveFor(r, "close")).toBe(2);
    // the root's own points go first, then the undirected ones
    r = spendReserve(r, "ranged", 14);
    expect(r).toEqual({ any: 1, byRoot: { ranged: 0 } });
    expect(() => spendReserve(r, "close", 2)).toThrow(/needs more than the 1 available there/);
    expect(() => spendReserve(EMPTY_RESERVE, "nowhere" as RootSkillKey, 1)).toThrow(/Unknown root skill "nowhere"/);
    expect(() => addRootSkillPoints(EMPTY_RESERVE, "ranged", 1.5)).toThrow(/Skill points must be a whole number/);
  });
  it("a branch's root is found through its parents", () => {
    let t = emptySkillTree(majors);
    t = addBranch(t, { id: "shaman", name: "Shaman", parent: "ranged" }).tree;
    t = addBranch(t, { id: "energyProjection", name: "Energy Projection", parent: "shaman" }).tree;
    expect(rootOfSkill(t, "energyProjection")).toBe("ranged");
    expect(rootOfSkill(t, "close")).toBe("close");
    expect(() => rootOfSkill(t, "bows")).toThrow(/Unknown skill "bows"/);
  });
});

describe("contradictions in the seed, both readings recorded", () => {
  it("Close: the sheet prints AG FO ST (followed), the prose AG EN ST (a setting table away)", () => {
    expect(ROOT_SKILLS.close).toEqual(["agility", "focus", "strength"]);
    const a = validateAttributes({ ...avg, agility: 6, endurance: 2, focus: 8, strength: 4 });
    // sheet reading, majors AG and ST: 6 + 8 + 4 + 6 + 4
    expect(rootSkillBase(a, "close", ["agility", "strength"])).toBe(28);
    // prose reading, identical to Athletic: 6 + 2 + 4 + 6 + 4
    const prose = { ...ROOT_SKILLS, close: ["agility", "endurance", "strength"] as const };
    expect(rootSkillBase(a, "close", ["agility", "strength"], prose)).toBe(22);
    expect(rootSkillBase(a, "close", ["agility", "strength"], prose)).toBe(rootSkillBase(a, "athletic", ["agility", "strength"]));
  });
  it("45 attribute points come on top of the 1 every attribute starts at: the average build is 5.5, a little above the world's 5", () => {
    const build = validateAttributes({ ...uniformAttributes(5), agility: 6, focus: 6, spirit: 6, endurance: 6, perception: 6 });
    expect(checkAttributeBuild(build)).toMatchObject({ spent: 45, remaining: 0, problems: [] });
    // the other reading (45 in total, 1s included) would leave this build 10 points over
    expect(checkAttributeBuild(build, { minimum: 1, points: 35, cap: 10 }).problems).toEqual([{ key: "overspent" }]);
  });
});

describe("TABs: limits of the seed's examples (seed: TAB)", () => {
  it("Space Cadet doubles the difficulty of Focus checks only", () => {
    const tabs = [EXAMPLE_TABS.spaceCadet];
    const tags = ["attentionWhenDistracted"];
    expect(tabCheckModifiers(tabs, { kind: "attribute", attribute: "focus", tags }).difficultyFactor).toBe(2);
    expect(tabCheckModifiers(tabs, { kind: "attribute", attribute: "perception", tags }).difficultyFactor).toBe(1);
    expect(tabCheckModifiers(tabs, { kind: "skill", tags }).difficultyFactor).toBe(1);
  });
  it("The Voice doubles Charisma once a day", () => {
    const voice = EXAMPLE_TABS.theVoice;
    const attrs = validateAttributes({ ...avg, charisma: 6 });
    const tags = ["swayTheMasses"];
    expect(tabUsesLeft(voice, {})).toBe(1);
    const used = recordTabUse({}, voice);
    expect(used).toEqual({ theVoice: 1 });
    expect(tabUsesLeft(voice, used)).toBe(0);
    expect(() => recordTabUse(used, voice)).toThrow(/theVoice has no uses left today \(1 a day\)/);
    expect(tabCheckModifiers([voice], { kind: "attribute", attribute: "charisma", tags, usesToday: {} }).attributeFactor).toBe(2);
    expect(tabCheckModifiers([voice], { kind: "attribute", attribute: "charisma", tags, usesToday: used }).attributeFactor).toBe(1);
    expect(attributeCheckInput({ attributes: attrs, tabs: [voice] }, "charisma", 0, { tags }).score).toBe(12);
    expect(tabUsesLeft(EXAMPLE_TABS.longTail, {})).toBeNull();
    expect(recordTabUse({}, EXAMPLE_TABS.longTail)).toEqual({});
  });
});

describe("karma buy-off (seed: Standard Cost Table, Karma 1 - 10)", () => {
  it("the cost is the mark's value", () => {
    const k = addMark(EMPTY_KARMA, { key: "gypsyCurse", text: "Cursed by an old hex", value: 7 });
    const cost = karmaBuyOffCost(k.marks[0]);
    expect(cost).toBe(7);
    expect(purchase({ earned: 10, spent: 0 }, "karma", { cost })).toEqual({ ledger: { earned: 10, spent: 7 }, cost: 7 });
    expect(() => karmaBuyOffCost({ key: "kinship", text: "Veteran kinship", value: null })).toThrow(/has no value/);
  });
});

describe("example powers' numbers (seed: Marksman Focus, Spirit Shaman)", () => {
  it("Marksman Focus recovers one point an hour rested up to Normal; Snap Shot makes a 2-point ranged attack cost 1", () => {
    const p = { normal: 6, current: 2, held: 0 };
    expect(recoverPowerPoints(p, EXAMPLE_POWERS.marksmanFocus, 3).current).toBe(5);
    expect(recoverPowerPoints(p, EXAMPLE_POWERS.marksmanFocus, 10).current).toBe(6);
    const ranged = EXAMPLE_ACTION_COSTS.find((c) => c.key === "simpleRangedAttack")?.cost ?? -1;
    expect(snapShotCost(ranged)).toBe(1);
    expect(snapShotCost(0)).toBe(0);
    expect(applyPowerCost(p, EXAMPLE_POWERS.marksmanFocus.actions[0].cost).points.current).toBe(1);
  });
  it("Spirit Shaman starts at Spirit and gains one point per round concentrating", () => {
    const spirit = validateAttributes({ ...avg, spirit: 8 });
    const normal = powerNormal(spirit, EXAMPLE_POWERS.spiritShaman.normal);
    expect(normal).toBe(8);
    expect(recoverPowerPoints({ normal, current: 5, held: 3 }, EXAMPLE_POWERS.spiritShaman, 2)).toEqual({ normal: 8, current: 7, held: 3 });
  });
  it("Barrier Shield: 1 AP, difficulty 25, blocks 25 damage, then a Focus check keeps or drains the 3 held points", () => {
    expect(BARRIER_SHIELD).toEqual({ difficulty: 25, capacity: 25, held: 3, actionPoints: 1 });
    expect(EXAMPLE_POWERS.spiritShaman.actions[0]).toMatchObject({ cost: "Need 3, Hold 3", actionPoints: 1 });
    // attack at difficulty 0: effort 1-25 strikes the shield, 26+ gets through
    expect(shieldedAttack({ effort: 0 })).toBe("missed");
    expect(shieldedAttack({ effort: 1 })).toBe("shield");
    expect(shieldedAttack({ effort: 25 })).toBe("shield");
    expect(shieldedAttack({ effort: 26 })).toBe("through");
    expect(shieldedAttack({ effort: 30, difficulty: 10 })).toBe("shield");
    let s = shieldAbsorb({ remaining: BARRIER_SHIELD.capacity, damage: 15 });
    expect(s).toEqual({ remaining: 10, absorbed: 15, excess: 0, failed: false });
    s = shieldAbsorb({ remaining: s.remaining, damage: 14 });
    expect(s).toEqual({ remaining: 0, absorbed: 10, excess: 4, failed: true });
    expect(() => shieldAbsorb({ remaining: 0, damage: 5 })).toThrow(/at least 1/);
    const held = { normal: 8, current: 8, held: 3 };
    const focus5 = { kind: "attribute", score: 5 } as const;
    expect(settleShieldFailure(held, rollCheck(focus5, d10Faces([2])))).toEqual({ points: { normal: 8, current: 8, held: 0 }, kept: true });
    expect(settleShieldFailure(held, rollCheck(focus5, d10Faces([5])))).toEqual({ points: { normal: 8, current: 5, held: 0 }, kept: false });
  });
  it("Spirit Lance: 2 AP on Ranged → Shaman → Energy Projection; a hit drains X for X dice, a miss releases them", () => {
    expect(EXAMPLE_POWERS.spiritShaman.actions[1]).toMatchObject({ actionPoints: 2 });
    const afterHold = applyPowerCost({ normal: 8, current: 8, held: 0 }, "Need 1, Hold X or Drain X", { x: 3, choices: [0] }).points;
    expect(settleSpiritLance(afterHold, 3, true)).toEqual({ normal: 8, current: 5, held: 0 });
    expect(settleSpiritLance(afterHold, 3, false)).toEqual({ normal: 8, current: 8, held: 0 });
    expect(spiritLanceDamage(3)).toBe("3D");
    expect(damageRange(spiritLanceDamage(3))).toEqual({ min: 3, max: 30 });
    expect(() => spiritLanceDamage(0)).toThrow(/X must be at least 1/);
  });
  it("shielded attack odds are exact and agree with a 100k simulation", () => {
    const attack: CheckInput = { kind: "skill", score: 50, difficulty: 5, overflow: true };
    const o = shieldedAttackOddsDetail({ attack });
    expect(o.through + o.shield + o.missed).toBeCloseTo(1, 12);
    // without overflow: skill 40 vs 0 → through when roll < 15, shield when 15 ≤ roll < 40
    const plain = shieldedAttackOddsDetail({ attack: { kind: "skill", score: 40 } });
    expect(plain.through).toBeCloseTo(0.15, 12);
    expect(plain.shield).toBeCloseTo(0.25, 12);
    expect(plain.missed).toBeCloseTo(0.6, 12);
    const rng = seededRandom(21);
    const sim = simulate(100_000, () => shieldedAttack({ effort: rollCheck(attack, rng).effort, difficulty: 5 }));
    expect(maxAbsDiff(sim, new Map([["through", o.through], ["shield", o.shield], ["missed", o.missed]]))).toBeLessThan(0.006);
    const odds = shieldedAttackOdds({ attack });
    expect(odds.outcomes.map((x) => x.key)).toEqual(["missed", "shield", "through"]);
    expect(odds.success).toBeCloseTo(o.through, 15);
  });
});

describe("conflict degrees (seed: Conflicting Effort)", () => {
  it("each side is read against the other's effort", () => {
    const d = conflictDegrees({ kind: "skill", first: 32, second: 5 });
    expect(d.first).toMatchObject({ outcome: "success", degree: 27, degreeKey: "wellDone", consolation: false });
    expect(d.second).toMatchObject({ outcome: "failure", degree: -27, degreeKey: "fouledUp", consolation: true });
    const low = conflictDegrees({ kind: "attribute", first: -1, second: -4 });
    expect(low.first).toMatchObject({ outcome: "success", degree: 3, agitation: true });
    expect(conflictDegrees({ kind: "attribute", first: 2, second: 2 }).first).toMatchObject({ outcome: "miss", degreeKey: "miss" });
    expect(() => conflictDegrees({ kind: "skill", first: 1.5, second: 0 })).toThrow(/First effort must be a whole number/);
  });
});

describe("indirect cooperation (seed: Cooperative Effort)", () => {
  it("an assistant's positive effort lowers the difficulty before the main check", () => {
    const r = rollAssisted({ main: { kind: "skill", score: 40, difficulty: 30 }, assists: [{ kind: "skill", score: 35 }] }, d10Faces([2, 0, 1, 5]));
    expect(r.assists[0].effort).toBe(15);
    expect(r.difficulty).toBe(15);
    expect(r.result).toMatchObject({ effort: 25, degree: 10, outcome: "success", difficulty: 15 });
  });
  it("exact odds: no assistants equals the plain check; with assistants agrees with a 100k simulation", () => {
    const main: CheckInput = { kind: "skill", score: 40, difficulty: 30, overflow: true, agitationMargin: 5 };
    const alone = assistedOddsDetail({ main, assists: [] });
    const plain = checkOddsDetail(main);
    expect(alone.success).toBeCloseTo(plain.success, 12);
    expect(alone.consolation).toBeCloseTo(plain.consolation, 12);
    // by hand: skill 40 vs 30 helped by an attribute 9 (help h = 0..9, each 1/10) succeeds when
    // the roll is under 10 + h, so P = mean of (10 + h)/100 = 0.145
    expect(assistedOdds({ main: { kind: "skill", score: 40, difficulty: 30 }, assists: [{ kind: "attribute", score: 9 }] }).success).toBeCloseTo(0.145, 12);
    const assists: CheckInput[] = [{ kind: "skill", score: 30 }, { kind: "skill", score: 20, overflow: true }];
    const o = assistedOddsDetail({ main, assists });
    expect(o.success + o.miss + o.failure).toBeCloseTo(1, 12);
    const total = Object.values(o.degrees).reduce((s, p) => s + p, 0);
    expect(total).toBeCloseTo(1, 12);
    const rng = seededRandom(17);
    const sim = simulate(100_000, () => {
      const r = rollAssisted({ main, assists }, rng).result;
      return `${r.degreeKey}|${r.consolation}|${r.agitation}`;
    });
    const simOf = (pred: (k: string) => boolean): number => [...sim].reduce((s, [k, p]) => s + (pred(k) ? p : 0), 0);
    for (const [k, p] of Object.entries(o.degrees)) expect(Math.abs(simOf((s) => s.startsWith(`${k}|`)) - p)).toBeLessThan(0.006);
    expect(Math.abs(simOf((s) => s.includes("|true|")) - o.consolation)).toBeLessThan(0.006);
    expect(Math.abs(simOf((s) => s.endsWith("|true")) - o.agitation)).toBeLessThan(0.006);
  });
});

describe("initiative tie checks (seed: Action Timing)", () => {
  it("every order of tied characters is equally likely; all-different rolls settle it at once", () => {
    expect(tieCheckOdds(2)).toEqual({ eachOrder: 0.5, eachPlace: 0.5, settledFirstRound: 0.9 });
    const three = tieCheckOdds(3);
    expect(three.eachOrder).toBeCloseTo(1 / 6, 12);
    expect(three.settledFirstRound).toBeCloseTo(0.72, 12);
    expect(tieCheckOdds(11).settledFirstRound).toBe(0);
    expect(() => tieCheckOdds(1)).toThrow(/at least 2/);
    const party = ["a", "b", "c"].map((id) => ({ id, actionQuota: 5 }));
    const rng = seededRandom(4);
    const sim = simulate(100_000, () => {
      const o = initiativeOrder(party, "check", rng);
      return `${o.slots.map((s) => s.join("")).join("")}|${o.tieChecks.length === 1}`;
    });
    const exact = new Map<string, number>();
    for (const order of ["abc", "acb", "bac", "bca", "cab", "cba"]) {
      // settled at once: all three rolls differ (0.72), each order 1/6 of that
      exact.set(`${order}|true`, three.settledFirstRound * three.eachOrder);
      exact.set(`${order}|false`, (1 - three.settledFirstRound) * three.eachOrder);
    }
    expect(mass(exact)).toBeCloseTo(1, 12);
    expect(maxAbsDiff(sim, exact)).toBeLessThan(0.006);
  });
});

describe("fire odds for X-shot bursts and streams (seed: Burst Fire, Streaming Fire)", () => {
  it("X Shot Burst, 3 + 3 AP, skill 55 with overflow: exact steps agree with a 100k simulation", () => {
    const check: CheckInput = { kind: "skill", score: 55, overflow: true };
    const o = fireOddsDetail({ block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check, x: 3 });
    expect(o.fail + o.steps.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    const rng = seededRandom(31);
    const sim = simulate(100_000, () => String(evaluateFire(EXAMPLE_FIRE_BLOCKS.xShotBurst, { degree: rollCheck(check, rng).degree, x: 3 }).step));
    const exact = new Map<string, number>([["null", o.fail], ...o.steps.map((p, i) => [String(i), p] as [string, number])]);
    expect(maxAbsDiff(sim, exact)).toBeLessThan(0.006);
  });
  it("Proton Stream at 5 AP: one step above 0, 5 + 4D; skill 30 hits when the roll is under 30", () => {
    const o = fireOddsDetail({ block: EXAMPLE_FIRE_BLOCKS.protonStream, check: { kind: "skill", score: 30 }, apChoice: 2 });
    expect(o.steps[0]).toBeCloseTo(0.3, 12);
    expect(o.expectedDamage).toBeCloseTo(0.3 * (5 + 4 * 5.5), 10);
  });
});

describe("worked examples not covered elsewhere", () => {
  it("ammunition examples: 9mm 1D, .44 Magnum 2D, 7.62mm NATO 4D; a sword's 4D(ST)", () => {
    expect(damageRange("1D")).toEqual({ min: 1, max: 10 });
    expect(damageRange("2D")).toEqual({ min: 2, max: 20 });
    expect(damageRange("4D")).toEqual({ min: 4, max: 40 });
    const st6 = validateAttributes({ ...avg, strength: 6 });
    expect(damageRange("4D(ST)", { attributes: st6 })).toEqual({ min: 4, max: 24 });
    // no die can roll above Strength: faces 9, 8, 7 count 6, a 0 counts the maximum (6)
    expect(rollDamage({ notation: "4D(ST)", attributes: st6 }, d10Faces([9, 8, 0, 2])).dice.map((d) => d.value)).toEqual([6, 6, 6, 2]);
  });
  it("verbs and adverbs: crawl 1, crawl prone 2; aim and shoot 2, a careless shot 1", () => {
    expect(costFromVerbs(1)).toBe(1);
    expect(ROUND_SECONDS).toBe(10);
    expect(EXAMPLE_ACTION_COSTS.find((c) => c.key === "crawlProne")?.cost).toBe(costFromVerbs(2));
    expect(EXAMPLE_ACTION_COSTS.find((c) => c.key === "simpleRangedAttack")?.cost).toBe(costFromVerbs(2));
  });
  it("spread template: \"1 - 10\" and \"11 - +S\" steps", () => {
    expect(parseSpreadStep("1 - 10")).toEqual({ min: 1, max: 10 });
    expect(parseSpreadStep("11 - +30")).toEqual({ min: 11, max: 30 });
    expect(parseSpreadStep("> -15")).toEqual({ min: -14, max: null });
  });
});

describe("bad input found by the audit", () => {
  it("unknown attributes are refused by name instead of giving NaN", () => {
    expect(() => actionQuota(avg, ["agility", "speed" as AttributeKey])).toThrow(/Action Quota: unknown attribute "speed"/);
    expect(() => normalHealth(avg, { attributes: ["endurance", "vigour" as AttributeKey], multiplier: 10 })).toThrow(/Health rules: unknown attribute "vigour"/);
    expect(() => attributeCheckInput({ attributes: avg, tabs: [] }, "luck" as AttributeKey)).toThrow(/Attribute check: unknown attribute "luck"/);
    expect(() => powerNormal(avg, { attributes: ["mana" as AttributeKey], combine: "sum" })).toThrow(/Power-point rule: unknown attribute "mana"/);
    expect(() => powerNormal(avg, { attributes: ["focus"], combine: "max" as "sum" })).toThrow(/Unknown power-point combination "max"/);
  });
  it("spread steps must be text; initiative ids must not be empty", () => {
    expect(() => parseSpreadStep(5 as unknown as string)).toThrow(/must be written as text, not number/);
    expect(() => initiativeOrder([{ id: " ", actionQuota: 3 }], "check", seededRandom(1))).toThrow(/non-empty id/);
  });
  it("power recovery and costs validate their numbers", () => {
    expect(() => recoverPowerPoints({ normal: 3, current: 1, held: 0 }, EXAMPLE_POWERS.marksmanFocus, -1)).toThrow(/Recovery intervals must be at least 0/);
    expect(() => snapShotCost(1.5)).toThrow(/Ranged attack cost must be a whole number/);
    expect(() => shieldedAttack({ effort: 3, difficulty: 0.5 })).toThrow(/Difficulty must be a whole number/);
    expect(() => settleShieldFailure({ normal: 8, current: 8, held: 2 }, { outcome: "failure" })).toThrow(/Released points must be at most 2/);
  });
});
