import { beforeEach, describe, expect, it } from "vitest";
import { readLang } from "../../../tools/lang.mjs";
import { bootWorld } from "../toaster/boot";
import { rulesetOfType } from "../../../src/core/registry";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function character(name: string, items: Record<string, unknown>[] = [], system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

const ability = (name: string, rating: number, parentTrait = "") => ({ name, type: "poolAbility", system: { rating, parentTrait } });
const attribute = (name: string, score: number, extra: Record<string, unknown> = {}) => ({ name, type: "poolAttribute", system: { score, ...extra } });

describe("Dice Pool registration", () => {
  it("registers the actor type, the item types and the check roll", async () => {
    expect(Object.keys(CONFIG.Actor.dataModels)).toContain("pool");
    for (const t of ["poolAttribute", "poolAbility", "poolWeapon", "poolArmor", "poolGear"]) {
      expect(Object.keys(CONFIG.Item.dataModels)).toContain(t);
      expect(rulesetOfType(t)).toBe("pool");
    }
    expect(CONFIG.Dice.rolls.map((r: any) => r.name)).toContain("PoolCheckRoll");
  });

  it("refuses an item of another ruleset on a Dice Pool character", async () => {
    const a = await character("Mira");
    const created = await a.createEmbeddedDocuments("Item", [{ name: "Sword", type: "toasterSkill" }]);
    expect(created).toEqual([]);
    expect(a.items.size).toBe(0);
  });
});

describe("Dice Pool data models", () => {
  it("stores only choices and derives the trees, scores and status through the core", async () => {
    const a = await character("Mira", [
      ability("Athletics", 2),
      ability("Climbing", 0, "Athletics"),
      ability("Running", 3, "Athletics"),
      attribute("Agility", 1),
      attribute("Reflexes", -1, { role: "reactionTime" }),
      attribute("Hide", 2, { role: "toughness" }),
    ], { wounds: [{ kind: "physical", degree: 2, nonlethal: false }] });
    const sys = a.system;
    expect(sys.abilityTree.rows.map((r: any) => [r.name, r.depth])).toEqual([["Athletics", 0], ["Climbing", 1], ["Running", 1]]);
    // Rated 0: a node of the tree without a score of its own.
    expect({ ...sys.character.abilities }).toEqual({ Athletics: 2, Running: 3 });
    expect({ ...sys.character.attributes }).toEqual({ Agility: 1, reactionTime: -1, toughness: 2 });
    expect(sys.defender).toEqual({ physicalThreshold: 0, mentalThreshold: 0, toughness: 2 });
    expect(sys.status.penalties.physical).toBeGreaterThanOrEqual(0);
    expect(sys.woundViews[0].severity).not.toBe("");
    const src = a.toObject().system;
    for (const key of ["abilityTree", "attributeTree", "character", "status", "defender", "armor", "woundViews"]) expect(src).not.toHaveProperty(key);
    const item = a.items.find((i: any) => i.name === "Agility");
    expect(item.system.bonusDice).toBe(1);
    expect(item.toObject().system).not.toHaveProperty("bonusDice");
    expect(a.items.find((i: any) => i.name === "Running").system.addDice).toBe(4);
  });

  it("reports an unknown parent and a cycle, and treats the trait as a top trait", async () => {
    const a = await character("Loop", [ability("A", 1, "B"), ability("B", 1, "A"), ability("C", 1, "Nowhere")]);
    const keys = a.system.problems.map((p: any) => p.key);
    expect(keys).toContain("BREADBOX.Pool.Tree.ParentCycle");
    expect(keys).toContain("BREADBOX.Pool.Tree.UnknownParent");
    expect(a.system.abilityTree.rows).toHaveLength(3);
  });

  it("refuses out-of-range and unknown choices and keeps the stored value", async () => {
    const a = await character("Range", [attribute("Wits", 0)]);
    const wits = a.items.contents[0];
    await expect(wits.update({ "system.role": "luck" })).rejects.toThrow();
    expect(wits.system.role).toBe("");
    await expect(a.update({ "system.wounds": [{ kind: "spiritual", degree: 1, nonlethal: false }] })).rejects.toThrow();
    expect(a.system.wounds).toEqual([]);
    await expect(wits.update({ "system.score": "abc" })).rejects.toThrow();
    expect(wits.system.score).toBe(0);
  });
});

describe("Dice Pool strings", () => {
  it("every choice of a Dice Pool model has its localized label", async () => {
    const lang = readLang(process.cwd()) as any;
    const at = (path: string) => path.split(".").reduce((o: any, k) => (o === undefined ? undefined : o[k]), lang);
    const groups: Record<string, string> = { role: "BREADBOX.Pool.Attribute.role", trauma: "BREADBOX.Pool.Wound.kind", damageType: "BREADBOX.Pool.Weapon.damageType", kind: "BREADBOX.Pool.Wound.kind", activity: "BREADBOX.Pool.Activity" };
    const missing: string[] = [];
    const models = { ...(CONFIG as any).Item.dataModels, pool: (CONFIG as any).Actor.dataModels.pool } as Record<string, any>;
    const visit = (type: string, fields: Record<string, any>) => {
      for (const [name, field] of Object.entries<any>(fields)) {
        if (field.fields) visit(type, field.fields);
        if (field.element?.fields) visit(type, field.element.fields);
        const choices = field.choices;
        if (!choices) continue;
        const prefix = groups[name];
        if (!prefix) missing.push(`${type}.${name}: no label group`);
        else for (const k of choices) if (typeof at(`${prefix}.${k}`) !== "string") missing.push(`${type}.${name}: ${prefix}.${k}`);
      }
    };
    for (const [type, Model] of Object.entries(models)) if (type.startsWith("pool")) visit(type, Model.schema.fields);
    expect(missing).toEqual([]);
  });
});

describe("Dice Pool data preparation reads no setting per character (issue 20)", () => {
  it("reads the rules once, caches them, and reads them again only after a setting changes", async () => {
    const a = await character("Mira", [ability("Athletics", 2), attribute("Wits", 1, { role: "wits" })]);
    const b = await character("Oren", [ability("Athletics", 1)]);
    const settings: any = game.settings;
    const original = settings.get;
    const read: string[] = [];
    settings.get = function (this: unknown, namespace: string, key: string, ...rest: unknown[]) {
      if (key.startsWith("pool.")) read.push(key);
      return original.call(this, namespace, key, ...rest);
    };
    try {
      a.prepareData();
      b.prepareData();
      expect(read).toEqual([]);
      await game.settings.set("breadbox", "pool.attributePoints", 3);
      expect(read.filter((k) => k === "pool.attributePoints").length).toBeGreaterThan(0);
      read.length = 0;
      a.prepareData();
      expect(read).toEqual([]);
    } finally {
      settings.get = original;
    }
    expect(a.system.budget.attributes.allowed).toBe(3);
    expect(a.system.budget).not.toBeNull();
  });
});
