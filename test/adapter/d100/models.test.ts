import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { rulesetOfType } from "../../../src/core/registry";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

async function character(name: string, items: Record<string, unknown>[] = [], system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "d100", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

const branch = (name: string, parentSkill: string, adjust: number) => ({ name, type: "d100Skill", system: { parentSkill, adjust } });

describe("D10/0 registration", () => {
  it("registers the actor type and the item types", () => {
    expect(Object.keys(CONFIG.Actor.dataModels)).toContain("d100");
    for (const t of ["d100Skill", "d100Tab", "d100Power", "d100Weapon", "d100Armor", "d100Gear"]) {
      expect(Object.keys(CONFIG.Item.dataModels)).toContain(t);
      expect(rulesetOfType(t)).toBe("d100");
    }
  });

  it("refuses an item of another ruleset on a D10/0 character", async () => {
    const a = await character("Bob");
    const created = await a.createEmbeddedDocuments("Item", [{ name: "Sword", type: "toasterSkill" }]);
    expect(created).toEqual([]);
    expect(a.items.size).toBe(0);
  });
});

describe("D10/0 character model", () => {
  it("derives health, action quota, build and root skills from the attributes", async () => {
    const a = await character("Bob", [], { attributes: { agility: 7, focus: 4, endurance: 6, spirit: 5 }, health: { current: 55, bonus: 0 } });
    const s = a.system;
    expect(s.actionQuota).toBe(5); // floor((7 + 4) / 2)
    expect(s.healthNormal).toBe(55); // avg(6, 5) × 10
    expect(s.healthState).toBe("normal");
    expect(s.attributeBuild.spent).toBe(7 + 4 + 6 + 5 + 6 * 5 - 10);
    // Athletic AG EN ST, majors AG and EN counted twice: 7·2 + 6·2 + 5 = 31.
    const athletic = s.skillRows.find((r: any) => r.id === "athletic");
    expect(athletic.base).toBe(31);
    expect(athletic.total).toBe(31);
  });

  it("branch skills take their Base from the parent's Total; costs follow the exchange rate", async () => {
    const a = await character("Bob", [branch("Bows", "ranged", 12), branch("Longbow", "Bows", 1)], { skills: { ranged: { adjust: 5 } } });
    const rows = a.system.skillRows;
    const ranged = rows.find((r: any) => r.id === "ranged");
    const bows = rows.find((r: any) => r.id === "Bows");
    const longbow = rows.find((r: any) => r.id === "Longbow");
    expect(bows.base).toBe(ranged.total);
    expect(bows.total).toBe(ranged.total + 12);
    expect(longbow.base).toBe(bows.total);
    expect(bows.cost).toBe(10 + 2 * 2);
    expect(bows.nextCost).toBe(2);
    expect(a.system.skillPointsSpent).toBe(5 + 14 + 1);
    // Rows come in tree order: the branch right under its root.
    const idx = rows.findIndex((r: any) => r.id === "ranged");
    expect(rows[idx + 1].id).toBe("Bows");
    expect(rows[idx + 2].id).toBe("Longbow");
  });

  it("reports a branch with an unknown parent instead of breaking the sheet", async () => {
    const a = await character("Bob", [branch("Orphan", "Nowhere", 1)]);
    expect(a.system.problems.map((p: any) => p.key)).toContain("BREADBOX.D100.Tree.unknownParent");
    expect(a.system.skillRows).toHaveLength(10);
  });

  it("combines adjustments from the sheet, equipped armor and TABs", async () => {
    const a = await character(
      "Bob",
      [
        { name: "Vest", type: "d100Armor", system: { adjustment: "-2R", coverage: ["chest", "abdomen"] } },
        { name: "That Didn't Hurt", type: "d100Tab", system: { kind: "asset", effects: [{ kind: "adjustment", notation: "-1F" }] } },
      ],
      { adjustments: "-10F" },
    );
    expect(a.system.adjustmentText).toBe("-10F -2R -1F");
    expect([...a.system.coverage].sort()).toEqual(["abdomen", "chest"]);
  });

  it("derives a power's Normal from the owner's attributes", async () => {
    const a = await character("Bob", [{ name: "Marksman Focus", type: "d100Power", system: { normalAttributes: ["focus", "perception"], combine: "average", current: 3 } }], { attributes: { focus: 7, perception: 4 } });
    const p = a.items.find((i: any) => i.type === "d100Power");
    expect(p.system.normal).toBe(5);
    expect(p.system.free).toBe(3);
  });

  it("refuses malformed notation with the parser's message and changes nothing", async () => {
    const a = await character("Bob", [{ name: "Rifle", type: "d100Weapon", system: { damage: "10 + 2D" } }]);
    const w = a.items.find((i: any) => i.type === "d100Weapon");
    await expect(w.update({ "system.damage": "10 - 2D" })).rejects.toThrow(/notation/i);
    expect(w.system.damage).toBe("10 + 2D");
  });

  it("refuses a character created with more progression points spent than earned", async () => {
    await expect(character("Bob", [], { progression: { earned: 5, spent: 6 } })).rejects.toThrow(/Progression points spent/);
  });
});

describe("D10/0 packs on a character", () => {
  it("a pack power arrives with Current at its Normal; pack TABs and branches work on the sheet's numbers", async () => {
    const { packDoc } = await import("../toaster/boot");
    const strip = ({ _id, _key, ...d }: any) => d;
    const a = await character("Bob", [strip(packDoc("d100-powers", "Marksman Focus")), strip(packDoc("d100-tabs", "That Didn't Hurt")), strip(packDoc("d100-skills", "Shaman")), strip(packDoc("d100-skills", "Energy Projection"))], { attributes: { focus: 8, perception: 5 } });
    const p = a.items.find((i: any) => i.type === "d100Power");
    expect(p.system.normal).toBe(6);
    expect(p.system.current).toBe(6);
    expect(a.system.adjustmentText).toBe("-1F");
    const lance = a.system.skillRows.find((r: any) => r.id === "Energy Projection");
    expect(lance.depth).toBe(2);
    expect(lance.root).toBe("ranged");
  });
});
