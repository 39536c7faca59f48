import { expect } from "vitest";
import { answerDialog, fillForm, settle, turnEventsSettled, waitForDialog } from "../../harness/index";
import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "pool",
  items: [
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Archery", type: "poolAbility" },
    { name: "Bow", type: "poolWeapon" },
  ],
  attribute: { name: "Agility", label: "Agility" },
  skill: "Archery",
  weapon: "Bow",
  skillsGroup: "Abilities",
  combatActions: {
    title: "Declare next action in a started phase clock (the phase card's button)",
    run: async ({ h, makeActor, action }) => {
      const ann = await makeActor("Ann");
      const declare = game.i18n!.localize("BREADBOX.Pool.Phase.DeclareButton");
      expect(((await h.build([ann])).get("combat") ?? []).map((a: any) => a.name)).not.toContain(declare);
      const bo = await makeActor("Bo");
      const combat: any = await Combat.create({ active: true } as never);
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: ann.id }, { actorId: bo.id }]);
      await combat.rollAll();
      await combat.startCombat();
      await turnEventsSettled();
      const groups = await h.build([ann]);
      await h.click([ann], action(groups, "combat", declare));
      const dialog = await waitForDialog();
      fillForm(dialog.element, { action: "move" });
      await answerDialog({ action: "roll" });
      await settle();
      const c = combat.combatants.find((x: any) => x.actorId === ann.id);
      const declared = c.flags.breadbox?.poolAction?.actions ?? c.flags.breadbox?.poolPlan?.actions;
      expect(declared).toEqual(["move"]);
    },
  },
});
