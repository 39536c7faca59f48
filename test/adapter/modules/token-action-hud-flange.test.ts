import { expect } from "vitest";
import { asUser, createUser } from "../../harness/index";
import { describeTokenActionHud } from "./token-action-hud.spec";
import { declareExchange } from "../../../src/core/exchange/engine";
import { flangeAttack } from "../../../src/rulesets/flange/combat/attack";
import { NO_CHOICES } from "../../../src/rulesets/flange/combat/inputs";

describeTokenActionHud({
  ruleset: "flange",
  items: [{ name: "Surgery", type: "flangeSkill", system: { heading: "medicine", dots: 2, attribute: "perception" } }, { name: "Knife", type: "flangeWeapon" }],
  attribute: { name: "perception", labelKey: "BREADBOX.Flange.Attribute.perception" },
  skill: "Surgery",
  weapon: "Knife",
  skillsGroup: "Skills",
  combatActions: {
    title: "Flange's defences to an open attack (counterattack, dodge, block), the ambush ruling the GM's only",
    run: async ({ h, makeActor }) => {
      const attacker = await makeActor("Ann");
      const defender = await makeActor("Bo");
      const player = createUser({ name: "Bo's player" });
      await defender.update({ ownership: { [player.id!]: 3 } });
      const knife = attacker.items.getName("Knife");
      await declareExchange(flangeAttack as any, attacker, defender, { ...NO_CHOICES, weaponId: knife.id, simultaneous: null });
      const names = async (user?: any) => ((await (user ? asUser(user, () => h.build([defender])) : h.build([defender]))).get("combat") ?? []).map((a: any) => a.name);
      const said = (key: string) => `${game.i18n!.localize(`BREADBOX.Flange.Combat.Defence.${key}`)} (Ann)`;
      expect(await names(player)).toEqual([said("counterattack"), said("dodge"), said("blockObject"), said("blockBody")]);
      expect(await names()).toContain(said("noneAmbush"));
    },
  },
});
