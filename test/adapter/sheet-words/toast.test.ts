import { describeSheetWords } from "./spec";

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

describeSheetWords({
  ruleset: "toast",
  async character() {
    const a: any = await Actor.create({ name: "Ava", type: "toast", system: { attributes: ATTRS } } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } },
      { name: "Broadsword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, skill: "Broadsword" } },
      { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
      { name: "Rope", type: "toastGear", system: { quantity: 2 } },
    ]);
    return a;
  },
  rollRows: [".toast-skills tbody tr[data-item-id]", ".toast-combat-weapons li[data-item-id]"],
  links: [{ type: "toastWeapon", field: "system.skill", offers: ["Broadsword"] }],
});
