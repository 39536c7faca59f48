/**
 * The D10/0 skill tree is kept from one preparation to the next while its inputs stay the same
 * (issue 20, core/data/same-inputs.ts): the attributes (as prepared, Active Effects applied), the
 * ten roots' majors and Adjust, and each branch item's id, name, parent and Adjust. No world
 * setting is read by it. Each input changed here must give a new tree.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { harnessGeneration } from "../../harness/index";
import * as R from "../../../src/rulesets/d100/rules";

beforeEach(bootWorld("d100"));

const v14 = harnessGeneration() === "14";
const branch = (name: string, parentSkill: string, adjust: number) => ({ name, type: "d100Skill", system: { parentSkill, adjust } });

async function character(): Promise<any> {
  const actor: any = await Actor.create({ name: "Kept", type: "d100", system: { attributes: { agility: 6, endurance: 5, strength: 4, focus: 5, perception: 5 } } } as never);
  await actor.createEmbeddedDocuments("Item", [branch("Bows", "ranged", 3), branch("Longbow", "Bows", 2), branch("Climbing", "athletic", 1)]);
  return actor;
}

const row = (actor: any, id: string): any => actor.system.skillRows.find((r: any) => r.id === id);
/** Every row as plain numbers and names, to compare a kept tree with a fresh one. */
const snapshot = (actor: any) => actor.system.skillRows.map((r: any) => [r.id, r.parent, r.depth, r.base, r.adjust, r.total, r.cost, r.itemId, r.nextCost]);

describe("D10/0 skill tree kept between preparations", () => {
  it("a preparation with the same inputs hands back the same frozen rows and tree", async () => {
    const a = await character();
    const rows = a.system.skillRows;
    const tree = a.system.skillTree;
    expect(Object.isFrozen(rows)).toBe(true);
    expect(Object.isFrozen(rows[0])).toBe(true);
    expect(Object.isFrozen(tree.branches)).toBe(true);
    a.prepareData();
    expect(a.system.skillRows).toBe(rows);
    expect(a.system.skillTree).toBe(tree);
    // A change the tree does not read (health) keeps it too.
    await a.update({ "system.health.current": 12 });
    expect(snapshot(a)).toEqual(rows.map((r: any) => [r.id, r.parent, r.depth, r.base, r.adjust, r.total, r.cost, r.itemId, r.nextCost]));
  });

  it("an attribute changed gives new Bases", async () => {
    const a = await character();
    const before = row(a, "athletic").base;
    await a.update({ "system.attributes.agility": 9 });
    // Athletic AG EN ST, majors AG and EN: +3 agility counts twice.
    expect(row(a, "athletic").base).toBe(before + 6);
    expect(row(a, "Climbing").base).toBe(before + 6);
  });

  it("a root's majors and Adjust changed give a new root and new branch Bases", async () => {
    const a = await character();
    const ranged = row(a, "ranged");
    await a.update({ "system.skills.ranged.major2": "perception" });
    // Ranged AG FO PE: majors AG, PE instead of AG, FO (focus 5, perception 5: same Base) — then Adjust.
    expect(a.system.skillTree.roots.ranged.majors).toEqual(["agility", "perception"]);
    expect(row(a, "ranged").majors).toEqual(["agility", "perception"]);
    await a.update({ "system.skills.ranged.adjust": 7 });
    expect(row(a, "ranged").total).toBe(ranged.total + 7);
    expect(row(a, "Bows").base).toBe(ranged.total + 7);
    expect(row(a, "Longbow").base).toBe(ranged.total + 7 + 3);
  });

  it("a branch item's Adjust, name and parent changed, and a branch deleted or added, give a new tree", async () => {
    const a = await character();
    const bows = a.items.find((i: any) => i.name === "Bows");
    await bows.update({ "system.adjust": 10 });
    expect(row(a, "Bows").adjust).toBe(10);
    expect(row(a, "Longbow").base).toBe(row(a, "Bows").total);
    await bows.update({ name: "Archery" });
    expect(row(a, "Bows")).toBeUndefined();
    // Longbow still names "Bows": its parent is gone, so it is a problem and not in the tree.
    expect(row(a, "Archery").adjust).toBe(10);
    expect(row(a, "Longbow")).toBeUndefined();
    expect(a.system.problems.map((p: any) => p.data.name)).toContain("Longbow");
    const climbing = a.items.find((i: any) => i.name === "Climbing");
    await climbing.update({ "system.parentSkill": "close" });
    expect(row(a, "Climbing").root).toBe("close");
    expect(row(a, "Climbing").base).toBe(row(a, "close").total);
    await climbing.delete();
    expect(row(a, "Climbing")).toBeUndefined();
    const [again] = await a.createEmbeddedDocuments("Item", [branch("Climbing", "close", 1)]);
    expect(row(a, "Climbing").itemId).toBe(again.id);
    expect(row(a, "Climbing").itemId).not.toBe(climbing.id);
  });

  it("an Active Effect on an attribute gives new Bases, and its removal the old ones", async () => {
    const a = await character();
    const before = snapshot(a);
    const athletic = row(a, "athletic").base;
    const change = v14 ? { system: { changes: [{ key: "system.attributes.agility", type: "add", value: "2", phase: "initial", priority: 20 }] } } : { changes: [{ key: "system.attributes.agility", mode: 2, value: "2" }] };
    const [effect] = await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Quick", ...change }]);
    expect(a.system.attributes.agility).toBe(8);
    expect(row(a, "athletic").base).toBe(athletic + 4);
    await effect.update({ disabled: true });
    expect(a.system.attributes.agility).toBe(6);
    expect(snapshot(a)).toEqual(before);
  });

  it("each character keeps its own tree", async () => {
    const a = await character();
    const b: any = await Actor.create({ name: "Other", type: "d100", system: { attributes: { agility: 1 } } } as never);
    expect(row(b, "Bows")).toBeUndefined();
    expect(row(b, "athletic").base).not.toBe(row(a, "athletic").base);
    a.prepareData();
    b.prepareData();
    expect(row(a, "Bows").adjust).toBe(3);
    expect(row(b, "Bows")).toBeUndefined();
  });
});

/** Every figure the kept preparation gives, with the power Normals that read its attributes. */
const figures = (a: any) => ({
  quota: a.system.actionQuota,
  health: [a.system.baseNormalHealth, a.system.healthNormal, a.system.healthIncrease, a.system.dailyRecovery],
  rows: snapshot(a),
  majors: R.ROOT_SKILL_KEYS.map((k) => a.system.skillTree.roots[k].majors),
  powers: a.items.filter((i: any) => i.type === "d100Power").map((i: any) => i.system.normal),
  problems: a.system.problems.map((p: any) => p.key),
});

/** The same character created afresh (nothing kept from an earlier preparation). */
async function afresh(a: any): Promise<any> {
  const { _id, ...source } = a.toObject();
  return Actor.create({ ...source, items: source.items.map(({ _id: _, ...i }: any) => i) } as never);
}
const withoutIds = (f: ReturnType<typeof figures>) => ({ ...f, rows: f.rows.map((r: any[]) => r.filter((_: unknown, i: number) => i !== 7)) });

describe("D10/0 kept figures follow each input", () => {
  async function rich(): Promise<any> {
    const a = await character();
    // A power reads focus and spirit, another charisma and sense: every attribute reaches a figure.
    await a.createEmbeddedDocuments("Item", [
      { name: "Focus", type: "d100Power", system: { normalAttributes: ["focus", "spirit"], combine: "sum" } },
      { name: "Voice", type: "d100Power", system: { normalAttributes: ["charisma", "sense"], combine: "average" } },
    ]);
    return a;
  }

  it("each of the ten attributes changed gives new figures, the same as a fresh character's", async () => {
    const a = await rich();
    for (const key of R.ATTRIBUTE_KEYS) {
      const before = figures(a);
      await a.update({ [`system.attributes.${key}`]: a.system.attributes[key] + 3 });
      const after = figures(a);
      expect(after, key).not.toEqual(before);
      expect(withoutIds(after), key).toEqual(withoutIds(figures(await afresh(a))));
    }
  });

  it("each root's majors and Adjust changed give new figures, the same as a fresh character's", async () => {
    const a = await rich();
    for (const key of R.ROOT_SKILL_KEYS) {
      const [, , third] = R.ROOT_SKILLS[key];
      for (const change of [{ [`system.skills.${key}.adjust`]: 4 }, { [`system.skills.${key}.major1`]: third }, { [`system.skills.${key}.major2`]: third }]) {
        const before = figures(a);
        await a.update(change);
        const after = figures(a);
        expect(after, JSON.stringify(change)).not.toEqual(before);
        expect(withoutIds(after), JSON.stringify(change)).toEqual(withoutIds(figures(await afresh(a))));
        // Back to the book's majors before the next change (two equal majors are a problem, not a tree).
        await a.update({ [`system.skills.${key}.major1`]: R.ROOT_SKILLS[key][0], [`system.skills.${key}.major2`]: R.ROOT_SKILLS[key][1] });
      }
    }
  });

  it("an attribute that fails the rules' check is refused on every preparation, not kept", async () => {
    const a = await rich();
    const system = a.system;
    const attributes = system.attributes;
    attributes.agility = 1.5;
    expect(() => system.prepareDerivedData()).toThrow(/agility/i);
    expect(() => system.prepareDerivedData()).toThrow(/agility/i);
    attributes.agility = 6;
    system.prepareDerivedData();
    expect(withoutIds(figures(a))).toEqual(withoutIds(figures(await afresh(a))));
  });
});

