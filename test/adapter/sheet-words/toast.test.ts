import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { describeSheetWords, open } from "./spec";

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

describeSheetWords({
  ruleset: "toast",
  async character() {
    const a: any = await Actor.create({ name: "Ava", type: "toast", system: { attributes: ATTRS } } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } },
      { name: "Acrobatics", type: "toastSkill", system: { key: "acrobatics", level: 2, baseAttributes: ["agility"], category: "athletic" } },
      { name: "Broadsword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, skill: "Broadsword" } },
      { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
      { name: "Rope", type: "toastGear", system: { quantity: 2 } },
    ]);
    return a;
  },
  rollRows: [".toast-skills tbody tr[data-item-id]", ".toast-combat-weapons li[data-item-id]"],
  links: [{ type: "toastWeapon", field: "system.skill", offers: ["Broadsword"] }],
});

describe("Toast skill sheet: the skill list in the book's words", () => {
  beforeEach(bootWorld("toast"), 30_000);

  it("shows which listed skill it is by name, chosen from the list, never the stored key", async () => {
    const [skill]: any[] = await Item.create([{ name: "Tumbling", type: "toastSkill", system: { key: "acrobatics" } }] as never);
    let sheet = await open(skill, false);
    const field = sheet.element.querySelector(`[id="${skill.id}-key"]`) as HTMLElement;
    expect(field.textContent?.trim()).toBe("Acrobatics");
    expect(field.closest(".form-group")?.textContent).toContain("On the skill list as");
    sheet = await open(skill, true);
    const select = sheet.element.querySelector('select[name="system.key"]') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe("Acrobatics");
    expect([...select.options].map((o) => o.textContent)).toContain("Not on the list (the GM's own skill)");
    await sheet.close();
  });
});
