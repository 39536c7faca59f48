import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { rulesetOfType } from "../../../src/core/registry";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

async function character(name: string, items: Record<string, unknown>[] = [], system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "toast", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

const skill = (name: string, level: number, baseAttributes: string[], category = "weapon", extra: Record<string, unknown> = {}) => ({ name, type: "toastSkill", system: { level, baseAttributes, category, ...extra } });

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

describe("Toast registration", () => {
  it("registers the actor type and the item types", () => {
    expect(Object.keys(CONFIG.Actor.dataModels)).toContain("toast");
    for (const t of ["toastSkill", "toastWeapon", "toastArmor", "toastGear"]) {
      expect(Object.keys(CONFIG.Item.dataModels)).toContain(t);
      expect(rulesetOfType(t)).toBe("toast");
    }
  });

  it("refuses an item of another ruleset on a Toast character", async () => {
    const a = await character("Ava");
    const created = await a.createEmbeddedDocuments("Item", [{ name: "Sword", type: "toasterSkill" }]);
    expect(created).toEqual([]);
    expect(a.items.size).toBe(0);
  });
});

describe("Toast data models", () => {
  it("stores choices only and derives modifiers, wounds, armor penalty and the creation report through the core", async () => {
    const a = await character("Ava", [
      skill("Broadsword", 5, ["agility"]),
      skill("Initiative", 3, ["perception", "agility"], "combat", { key: "initiative" }),
      { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
    ], { attributes: ATTRS, wounds: { value: 7 } });
    const sys = a.system;
    expect(sys.attributeModifiers.agility).toBe(3);
    expect(sys.aspects).toEqual({ physical: 12, mental: 8 });
    expect(sys.aspectPoints).toEqual({ physical: 63, mental: 42 });
    // TOL 14: modifier +2 = threshold 2; 7 wound levels → effective 5, Light, −2.
    expect(sys.woundStatus).toMatchObject({ threshold: 2, effective: 5, category: "light", penalty: -2 });
    // Encumbrance 40 / (STR 12 + AGI 17) = 1.
    expect(sys.armorPenalty).toBe(1);
    const sword = a.items.find((i: any) => i.name === "Broadsword").system;
    expect(sword.attributeModifier).toBe(3);
    expect(sword.modifier).toBe(8);
    expect(sword.currentModifier).toBe(8 - 2 - 1);
    // Initiative rests on PER 10 and AGI 17: average 13 → +1, level 3.
    expect(a.items.find((i: any) => i.name === "Initiative").system.modifier).toBe(4);
    expect(sys.startingSkillCap).toBe(11);
    expect(sys.creation.attributePointsSpent).toBe(105);
    expect(sys.creation.skillPointsSpent).toBe(8);
    expect(sys.creation.remainingSkillPoints).toBe(92);
    const src = a.toObject().system;
    for (const key of ["aspects", "attributeModifiers", "woundStatus", "armorPenalty", "creation", "startingSkillCap"]) expect(src).not.toHaveProperty(key);
    expect(a.items.find((i: any) => i.name === "Broadsword").toObject().system).not.toHaveProperty("modifier");
  });

  it("refuses a skill without base attributes or with an unknown one", async () => {
    const a = await character("Ava");
    await expect(a.createEmbeddedDocuments("Item", [skill("Nothing", 1, [])])).rejects.toThrow();
    await expect(a.createEmbeddedDocuments("Item", [skill("Wits", 1, ["wits"])])).rejects.toThrow();
    expect(a.items.size).toBe(0);
  });
});

describe("the Toast skill pack", () => {
  it("ships the starter list as mechanics: each skill's key, category and base attributes, level 0, no prose", async () => {
    const { packSources } = await import("../toaster/boot");
    const R = await import("../../../src/rulesets/toast/rules");
    const docs = packSources("toast-skills");
    expect(docs.map((d) => d.system.key).sort()).toEqual(R.STARTER_SKILLS.map((s) => s.key).sort());
    for (const d of docs) {
      const s = R.findStarterSkill(d.system.key)!;
      expect(d.type).toBe("toastSkill");
      expect(d.system).toMatchObject({ category: s.category, baseAttributes: [...s.baseAttributes], level: 0, description: "" });
    }
    // Every category of the book has skills on the list.
    for (const c of R.SKILL_CATEGORY_KEYS) expect(docs.some((d) => d.system.category === c), c).toBe(true);
    const a = await character("Ava");
    const [initiative] = await a.createEmbeddedDocuments("Item", [docs.find((d) => d.system.key === "initiative")!].map(({ _id, _key, ...rest }: any) => rest));
    expect(initiative.system.modifier).toBe(0);
  });
});
