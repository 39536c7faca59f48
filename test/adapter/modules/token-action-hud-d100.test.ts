import { expect } from "vitest";
import { settle } from "../../harness/index";
import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "d100",
  items: [],
  attribute: { name: "agility", labelKey: "BREADBOX.D100.Attribute.agility" },
  skillsGroup: "Skills",
  combatActions: {
    title: "attack with, draw and reload each weapon, take an action slot (the sheet's AP actions)",
    run: async ({ h, makeActor, action }) => {
      const actor = await makeActor();
      await actor.createEmbeddedDocuments("Item", [{ name: "Pistol", type: "d100Weapon", system: { capacity: 6, loaded: 0, equipped: false } }]);
      await actor.update({ "system.actionSlots": [{ name: "Take cover", cost: 2, check: "" }] });
      const groups = await h.build([actor]);
      const names = (groups.get("combat") ?? []).map((a: any) => a.name);
      expect(names).toEqual(expect.arrayContaining(["Attack with Pistol", "Draw Pistol", "Reload Pistol", "Take this action: Take cover"]));
      const before = game.messages!.contents.length;
      await h.click([actor], action(groups, "combat", "Draw Pistol"));
      await settle();
      expect(actor.items.getName("Pistol").system.equipped).toBe(true);
      expect(game.messages!.contents.length).toBe(before + 1);
      expect((game.messages!.contents.at(-1) as any).flags.breadbox.type).toBe("d100Action");
      // Drawn: no Draw any more.
      expect(((await h.build([actor])).get("combat") ?? []).map((a: any) => a.name)).not.toContain("Draw Pistol");
    },
  },
});
