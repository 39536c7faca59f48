import { describeSheetWords } from "./spec";

describeSheetWords({
  ruleset: "flange",
  async character() {
    const a: any = await Actor.create({ name: "Ann", type: "flange" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Axe", type: "flangeSkill", system: { heading: "combatMelee", dots: 2 } },
      { name: "Axe", type: "flangeWeapon", system: { skill: "Axe" } },
      { name: "Leather", type: "flangeArmor" },
      { name: "Blink", type: "flangePower" },
      { name: "Rope", type: "flangeGear" },
    ]);
    return a;
  },
  rollRows: [".flange-skills li[data-item-id]", ".flange-weapons tr[data-item-id]"],
  links: [{ type: "flangeWeapon", field: "system.skill", offers: ["Axe"] }],
});
