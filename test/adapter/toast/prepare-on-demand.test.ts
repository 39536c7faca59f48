/**
 * Issue 20: a Toast skill's modifiers (attribute modifier, standing and current modifier, over the
 * starting cap) are computed by its character on first read after each preparation, one batch for
 * all its skills. A change to each input — the skill, the attributes, the wounds, the armor, an
 * Active Effect — is seen by the next read, even when the value was read before the change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { effectChangesData } from "../../../src/core/compat";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("toast"));

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };
const sword = (a: any): any => a.items.find((i: any) => i.name === "Broadsword").system;

describe("Toast skill modifiers computed on first read", () => {
  it("follow the skill, the attributes, the wounds, the armor and an Active Effect", async () => {
    const a: any = await Actor.create({ name: "Ava", type: "toast", system: { attributes: ATTRS } } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } }]);
    // AGI 17 → +3; level 5.
    expect(sword(a)).toMatchObject({ attributeModifier: 3, modifier: 8, currentModifier: 8, overStartingCap: false, attemptable: true });

    const item = a.items.contents[0];
    await item.update({ "system.level": 12 });
    expect(sword(a)).toMatchObject({ modifier: 15, currentModifier: 15, overStartingCap: true });

    await a.update({ "system.attributes.agility": 10 });
    expect(sword(a).attributeModifier).toBe(0);
    expect(sword(a).modifier).toBe(12);

    // TOL 14: threshold 2; 7 wound levels → effective 5, Light, −2.
    await a.update({ "system.wounds.value": 7 });
    expect(sword(a).currentModifier).toBe(10);
    expect(sword(a).modifier).toBe(12);

    // Chain mail: encumbrance 40 / (STR 12 + AGI 10) = 1 on an AGI skill.
    await a.createEmbeddedDocuments("Item", [{ name: "Chain Mail", type: "toastArmor", system: { woundReduction: 5, encumbrance: 40, equipped: true } }]);
    expect(sword(a).currentModifier).toBe(9);

    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Haste", ...effectChangesData([{ key: "system.attributes.agility", type: "add", value: "7" }]) }]);
    expect(sword(a).attributeModifier).toBe(3);
    expect(sword(a).modifier).toBe(15);
  });

  it("an unowned skill shows its level; a Knowledge skill at level 0 cannot be attempted", async () => {
    const item: any = await Item.create({ name: "Lore", type: "toastSkill", system: { level: 0, baseAttributes: ["focus"], category: "knowledge" } } as never);
    expect(item.system).toMatchObject({ attributeModifier: 0, modifier: 0, currentModifier: 0, overStartingCap: false, attemptable: false });
    await item.update({ "system.level": 2 });
    expect(item.system).toMatchObject({ modifier: 2, currentModifier: 2, attemptable: true });
  });

  it("a character an Active Effect pushes out of the rules' bounds shows zeros and says why, as before", async () => {
    const a: any = await Actor.create({ name: "Broken", type: "toast", system: { attributes: ATTRS, wounds: { value: 7 } } } as never);
    await a.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } }]);
    expect(a.system.aspects.physical).toBeGreaterThan(0);
    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Curse", ...effectChangesData([{ key: "system.attributes.agility", type: "override", value: "0" }]) }]);
    const sys = a.system;
    expect(sys.warnings[0]).toMatch(/Attribute agility must be between 1 and/);
    expect(sys.aspects).toEqual({ physical: 0, mental: 0 });
    expect(sys.aspectPoints).toEqual({ physical: 0, mental: 0 });
    expect(Object.values(sys.attributeModifiers).every((m) => m === 0)).toBe(true);
    expect(sys.woundStatus).toMatchObject({ threshold: 0, effective: 7, category: "none", penalty: 0 });
    expect(sys.startingSkillCap).toBe(0);
    expect(sys.intelligence).toBe(0);
    expect(sys.armorPenalty).toBe(0);
    // The skill cannot be read either: it says so and keeps its level.
    expect(sys.warnings.some((w: string) => w.startsWith("Broadsword: "))).toBe(true);
    expect(sword(a)).toMatchObject({ attributeModifier: 0, modifier: 5, currentModifier: 5 });
  });
});
