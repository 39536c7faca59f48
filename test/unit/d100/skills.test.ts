import { describe, expect, it } from "vitest";
import { uniformAttributes, validateAttributes } from "../../../src/rulesets/d100/rules/attributes";
import { MAX_ADJUST, ROOT_SKILLS, ROOT_SKILL_KEYS, type RootSkillKey, type SkillTree, computeSkills, incrementCost, raiseCost, rootSkillBase, treeCost } from "../../../src/rulesets/d100/rules/skills";
import { addBranch, emptySkillTree, maxRaise, raiseSkill, skillPointsPerPurchase } from "../../../src/rulesets/d100/rules/skill-growth";

const avg = uniformAttributes(5);
const firstTwo = Object.fromEntries(ROOT_SKILL_KEYS.map((k) => [k, [ROOT_SKILLS[k][0], ROOT_SKILLS[k][1]]])) as unknown as Record<
  RootSkillKey,
  readonly [(typeof ROOT_SKILLS)[RootSkillKey][0], (typeof ROOT_SKILLS)[RootSkillKey][1]]
>;
const zeroBase = Object.fromEntries(ROOT_SKILL_KEYS.map((k) => [k, 0])) as Record<RootSkillKey, number>;

describe("root skills (seed: Calculate Skills, The Basic Skills)", () => {
  it("average attributes of 5 give a Base of 25 for every root", () => {
    for (const k of ROOT_SKILL_KEYS) expect(rootSkillBase(avg, k, firstTwo[k])).toBe(25);
  });
  it("majors count twice", () => {
    const a = validateAttributes({ ...avg, agility: 8, endurance: 3, strength: 6 });
    expect(rootSkillBase(a, "athletic", ["agility", "strength"])).toBe(8 + 3 + 6 + 8 + 6);
    expect(rootSkillBase(a, "athletic", ["endurance", "strength"])).toBe(8 + 3 + 6 + 3 + 6);
  });
  it("rejects majors that are not contributors or are the same", () => {
    expect(() => rootSkillBase(avg, "theory", ["agility", "sense"])).toThrow(/agility is not one of its contributors/);
    expect(() => rootSkillBase(avg, "theory", ["sense", "sense"])).toThrow(/must differ/);
  });
  it("a Progression purchase gives the sum of the root's two majors", () => {
    const a = validateAttributes({ ...avg, beyond: 7, intellect: 4 });
    expect(skillPointsPerPurchase(a, "navigation", ["beyond", "intellect"])).toBe(11);
  });
});

describe("exchange rate (seed: Skill Points, Exchange Rate)", () => {
  it("increment cost doubles every 10 points of Adjust", () => {
    expect([0, 9, 10, 19, 20, 29, 30, 39, 40, 49, 50].map(incrementCost)).toEqual([1, 1, 2, 2, 4, 4, 8, 8, 16, 16, 32]);
  });
  it("raising costs sum the increments", () => {
    expect(raiseCost({ from: 0, to: 10 })).toBe(10);
    expect(raiseCost({ from: 0, to: 25 })).toBe(50);
    expect(raiseCost({ from: 8, to: 12 })).toBe(1 + 1 + 2 + 2);
    expect(() => raiseCost({ from: 5, to: 4 })).toThrow(/at least 5/);
    expect(maxRaise({ from: 0, points: 50 })).toEqual({ adjust: 25, spent: 50, left: 0 });
    expect(maxRaise({ from: 9, points: 4 })).toEqual({ adjust: 11, spent: 3, left: 1 });
  });
});

function tree(roots: Partial<Record<RootSkillKey, number>>, branches: SkillTree["branches"]): SkillTree {
  const t = emptySkillTree(firstTwo);
  const r = { ...t.roots };
  for (const [k, v] of Object.entries(roots) as [RootSkillKey, number][]) r[k] = { ...r[k], adjust: v };
  return { roots: r, branches };
}

describe("skill trees (seed: Skill Trees)", () => {
  it("Initial / branch examples: root 10+5=15, A1 15+1=16, B1 off A1 16+1=17, A2 15+1=16", () => {
    const t = tree({ athletic: 5 }, [
      { id: "a1", name: "Branch Skill A1", parent: "athletic", adjust: 1 },
      { id: "b1", name: "Branch Skill B1", parent: "a1", adjust: 1 },
      { id: "a2", name: "Branch Skill A2", parent: "athletic", adjust: 1 },
    ]);
    const s = computeSkills(null, t, { rootBaseOverride: { ...zeroBase, athletic: 10 } });
    expect(s.get("athletic")).toMatchObject({ base: 10, adjust: 5, total: 15 });
    expect(s.get("a1")).toMatchObject({ base: 15, adjust: 1, total: 16, depth: 1 });
    expect(s.get("b1")).toMatchObject({ base: 16, adjust: 1, total: 17, depth: 2, root: "athletic", parent: "a1" });
    expect(s.get("a2")).toMatchObject({ base: 15, adjust: 1, total: 16 });
  });
  it("Focused Example: root 0+10, branches A-D each +10 → D at 50 for 50 skill points", () => {
    const t = tree({ close: 10 }, [
      { id: "A", name: "Branch A", parent: "close", adjust: 10 },
      { id: "B", name: "Branch B", parent: "A", adjust: 10 },
      { id: "C", name: "Branch C", parent: "B", adjust: 10 },
      { id: "D", name: "Branch D", parent: "C", adjust: 10 },
    ]);
    const s = computeSkills(null, t, { rootBaseOverride: zeroBase });
    expect(["close", "A", "B", "C", "D"].map((id) => [s.get(id)?.base, s.get(id)?.total])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
      [30, 40],
      [40, 50],
    ]);
    expect(treeCost(t).total).toBe(50);
  });
  it("General Example: one root 0+25 for the same 50 skill points", () => {
    const t = tree({ theory: 25 }, []);
    const s = computeSkills(null, t, { rootBaseOverride: zeroBase });
    expect(s.get("theory")).toMatchObject({ base: 0, adjust: 25, total: 25 });
    expect(treeCost(t)).toMatchObject({ total: 50 });
    expect(treeCost(t).byRoot.theory).toBe(50);
  });
  it("a new branch costs 1 skill point and starts at Adjust 1; raising uses the exchange rate", () => {
    const t0 = tree({ ranged: 5 }, []);
    const { tree: t1, cost } = addBranch(t0, { id: "bows", name: "Bows", parent: "ranged" });
    expect(cost).toBe(1);
    const s = computeSkills(avg, t1);
    expect(s.get("bows")).toMatchObject({ base: 30, adjust: 1, total: 31 });
    const r = raiseSkill(t1, "bows", 12);
    expect(r.cost).toBe(raiseCost({ from: 1, to: 12 }));
    expect(r.cost).toBe(9 + 4);
    expect(raiseSkill(t1, "ranged", 10).cost).toBe(5);
  });
  it("rejects unknown parents, cycles, duplicates and branches with Adjust 0", () => {
    expect(() => computeSkills(avg, tree({}, [{ id: "x", name: "X", parent: "nowhere", adjust: 1 }]))).toThrow(/Unknown parent skill "nowhere"/);
    expect(() =>
      computeSkills(
        avg,
        tree({}, [
          { id: "x", name: "X", parent: "y", adjust: 1 },
          { id: "y", name: "Y", parent: "x", adjust: 1 },
        ]),
      ),
    ).toThrow(/cycle/);
    expect(() =>
      computeSkills(
        avg,
        tree({}, [
          { id: "x", name: "X", parent: "close", adjust: 1 },
          { id: "x", name: "X", parent: "close", adjust: 1 },
        ]),
      ),
    ).toThrow(/Duplicate skill id "x"/);
    expect(() => computeSkills(avg, tree({}, [{ id: "x", name: "X", parent: "close", adjust: 0 }]))).toThrow(/at least 1/);
  });
});

describe("computeSkills checks once per call (issue 20: preparation speed), same results and errors", () => {
  it("every Adjust 0 … MAX_ADJUST costs what raiseCost says, on a root and on a branch", () => {
    for (let adjust = 0; adjust <= MAX_ADJUST; adjust++) {
      const s = computeSkills(avg, tree({ close: adjust }, adjust >= 1 ? [{ id: "b", name: "B", parent: "close", adjust }] : []));
      expect(s.get("close")!.cost).toBe(raiseCost({ from: 0, to: adjust }));
      if (adjust >= 1) expect(s.get("b")!.cost).toBe(raiseCost({ from: 0, to: adjust }));
    }
  });
  it("an Adjust past MAX_ADJUST throws raiseCost's error", () => {
    const expected = (() => {
      try {
        raiseCost({ from: 0, to: MAX_ADJUST + 1 });
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    expect(expected).not.toBe("");
    expect(() => computeSkills(avg, tree({ close: MAX_ADJUST + 1 }, []))).toThrow(expected);
    expect(() => computeSkills(avg, tree({}, [{ id: "b", name: "B", parent: "close", adjust: MAX_ADJUST + 1 }]))).toThrow(expected);
  });
  it("root bases equal rootSkillBase; bad attributes throw validateAttributes' error, a missing root still comes first", () => {
    const a = validateAttributes({ agility: 8, beyond: 2, charisma: 7, endurance: 3, focus: 9, intellect: 4, perception: 6, sense: 1, spirit: 5, strength: 6 });
    const t = tree({ theory: 3 }, []);
    const s = computeSkills(a, t);
    for (const k of ROOT_SKILL_KEYS) expect(s.get(k)!.base).toBe(rootSkillBase(a, k, t.roots[k].majors));
    const bad = { ...a, focus: -1 };
    expect(() => computeSkills(bad, t)).toThrow(/Attribute focus must be at least 0, not -1/);
    const { athletic: _gone, ...rest } = t.roots;
    expect(() => computeSkills(bad, { roots: rest as SkillTree["roots"], branches: [] })).toThrow(/Root skill athletic is missing/);
  });
});
