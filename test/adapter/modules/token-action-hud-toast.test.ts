import { expect } from "vitest";
import { settle, turnEventsSettled } from "../../harness/index";
import { describeTokenActionHud } from "./token-action-hud.spec";
import { roundState } from "../../../src/rulesets/toast/combat/tracker";

describeTokenActionHud({
  ruleset: "toast",
  items: [{ name: "Climbing", type: "toastSkill" }],
  attribute: { name: "strength", labelKey: "BREADBOX.Toast.Attribute.strength" },
  skill: "Climbing",
  skillsGroup: "Skills",
  combatActions: {
    title: "an attack per weapon; Hold on her turn and Act now while holding (the tracker row's controls)",
    run: async ({ h, makeActor, action }) => {
      const ada = await makeActor("Ada");
      await ada.createEmbeddedDocuments("Item", [{ name: "Club", type: "toastWeapon" }]);
      const bryn = await makeActor("Bryn");
      const combat: any = await Combat.create({ active: true } as never);
      await combat.createEmbeddedDocuments("Combatant", [ada, bryn].map((a) => ({ actorId: a.id, name: a.name })));
      for (const c of combat.combatants) await c.update({ initiative: c.name === "Ada" ? 20 : 5 });
      await combat.startCombat();
      await turnEventsSettled();
      expect(combat.combatant.name).toBe("Ada");
      let groups = await h.build([ada]);
      const names = (groups.get("combat") ?? []).map((a: any) => a.name);
      expect(names).toEqual(expect.arrayContaining([game.i18n!.format("BREADBOX.ToastCombat.Sheet.AttackWith", { weapon: "Club" }), "Hold action"]));
      // Bryn is not on her turn: she cannot hold.
      expect(((await h.build([bryn])).get("combat") ?? []).map((a: any) => a.name)).not.toContain("Hold action");
      await h.click([ada], action(groups, "combat", "Hold action"));
      await settle();
      await turnEventsSettled();
      const adaId = combat.combatants.find((c: any) => c.name === "Ada").id;
      expect(roundState(combat).statuses[adaId]).toBe("holding");
      groups = await h.build([ada]);
      await h.click([ada], action(groups, "combat", "Act now"));
      await settle();
      expect(roundState(combat).statuses[adaId]).toBe("acted");
    },
  },
});
