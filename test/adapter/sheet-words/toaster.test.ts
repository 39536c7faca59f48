import { describeSheetWords } from "./spec";

describeSheetWords({
  ruleset: "toaster",
  async character() {
    const a: any = await Actor.create({ name: "Tess", type: "toaster" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Climbing", type: "toasterSkill", system: { base: 3, attribute: "agility" } },
      { name: "Brave", type: "toasterTrait" },
      { name: "Sword", type: "toasterWeapon" },
      { name: "Leather", type: "toasterArmor" },
      { name: "Rope", type: "toasterGear" },
    ]);
    return a;
  },
  rollRows: [".bb-skills tbody tr[data-item-id]", ".bb-weapons tbody tr[data-item-id]"],
  links: [{ type: "toasterWeapon", field: "system.skill", offers: ["Climbing"] }],
});
