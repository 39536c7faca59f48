import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { describeSheetWords, open } from "./spec";

describeSheetWords({
  ruleset: "d100",
  async character() {
    const a: any = await Actor.create({ name: "Bob", type: "d100", system: { attributes: { agility: 7, focus: 6, endurance: 6, spirit: 5 }, health: { current: 40, bonus: 0 } } } as never);
    await a.createEmbeddedDocuments("Item", [
      { name: "Pistols", type: "d100Skill", system: { parentSkill: "ranged" } },
      { name: "Lucky", type: "d100Tab", system: { effects: [{ kind: "difficulty", when: "concealingIdentity", attributeDelta: 1, skillDelta: 10 }] } },
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

describe("D10/0 TAB sheet: effects in words", () => {
  beforeEach(bootWorld("d100"), 30_000);

  it("numbers effects from 1 and names a stored situation in words", async () => {
    const [tab]: any[] = await Item.create([{ name: "Masked", type: "d100Tab", system: { effects: [{ kind: "difficulty", when: "concealingIdentity", attributeDelta: 1, skillDelta: 10 }] } }] as never);
    const sheet = await open(tab, false);
    const text = sheet.element.textContent ?? "";
    expect(sheet.element.querySelector("fieldset.d100-effect legend")?.textContent?.trim()).toBe("Effect 1");
    expect(text).toContain("Concealing identity");
    expect(text).not.toContain("concealingIdentity");
    await sheet.close();
  });
});
