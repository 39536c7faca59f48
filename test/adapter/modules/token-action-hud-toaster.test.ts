import { expect } from "vitest";
import { settle } from "../../harness/index";
import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "toaster",
  items: [{ name: "Sword", type: "toasterSkill" }, { name: "Dagger", type: "toasterWeapon", system: { skill: "Sword" } }],
  attribute: { name: "coordination", labelKey: "BREADBOX.Toaster.Attribute.coordination" },
  skill: "Sword",
  weapon: "Dagger",
  skillsGroup: "Skills",
  combatActions: {
    title: "the critical and hit-location tables of the combat tab",
    run: async ({ h, makeActor, action }) => {
      const actor = await makeActor();
      const groups = await h.build([actor]);
      const critical = game.i18n!.localize("BREADBOX.Toaster.Critical.Title");
      const location = game.i18n!.localize("BREADBOX.Toaster.HitLocation.Title");
      expect((groups.get("combat") ?? []).map((a: any) => a.name)).toEqual(expect.arrayContaining([critical, location]));
      await h.click([actor], action(groups, "combat", location));
      await settle();
      expect((game.messages!.contents.at(-1) as any).flags.breadbox.type).toBe("toasterHitLocation");
      await h.click([actor], action(groups, "combat", critical));
      await settle();
      expect((game.messages!.contents.at(-1) as any).flags.breadbox.type).toBe("toasterCritical");
    },
  },
});
