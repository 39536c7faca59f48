import { describeSheetWords } from "./spec";

describeSheetWords({
  ruleset: "d100",
  async character() {
    const a: any = await Actor.create({ name: "Bob", type: "d100", system: { attributes: { agility: 7, focus: 6, endurance: 6, spirit: 5 }, health: { current: 40, bonus: 0 } } } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Pistols", type: "d100Skill", system: { parentSkill: "ranged" } },
      { name: "Lucky", type: "d100Tab" },
      { name: "Pyrokinesis", type: "d100Power" },
      { name: "Pistol", type: "d100Weapon", system: { skill: "Pistols" } },
      { name: "Vest", type: "d100Armor" },
      { name: "Torch", type: "d100Gear" },
    ]);
    return a;
  },
  rollRows: [".d100-skill-tree tbody tr.d100-skill", ".d100-weapons li[data-item-id]"],
  links: [{ type: "d100Weapon", field: "system.skill", offers: ["Pistols", "Ranged"] }, { type: "d100Skill", field: "system.parentSkill", offers: ["Ranged", "Close"] }],
  inlineLinks: ['[data-item-field="system.parentSkill"]'],
});
