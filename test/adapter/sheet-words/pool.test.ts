import { describeSheetWords } from "./spec";

describeSheetWords({
  ruleset: "pool",
  async character() {
    const a: any = await Actor.create({ name: "Mira", type: "pool" } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Physique", type: "poolAttribute", system: { score: 3 } },
      { name: "Bows", type: "poolAbility", system: { rating: 2 } },
      { name: "Longbow", type: "poolWeapon", system: { ability: "Bows", attribute: "Physique" } },
      { name: "Mail", type: "poolArmor" },
      { name: "Rope", type: "poolGear" },
    ]);
    return a;
  },
  rollRows: [".pool-abilities li[data-item-id]", ".pool-attributes li[data-item-id]", ".pool-weapons li[data-item-id]"],
  links: [{ type: "poolWeapon", field: "system.ability", offers: ["Bows"] }, { type: "poolWeapon", field: "system.attribute", offers: ["Physique"] }],
  inlineLinks: ['[data-item-field="system.parentTrait"]'],
});
