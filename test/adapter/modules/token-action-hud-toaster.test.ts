import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "toaster",
  items: [{ name: "Sword", type: "toasterSkill" }, { name: "Dagger", type: "toasterWeapon", system: { skill: "Sword" } }],
  attribute: { name: "coordination", labelKey: "BREADBOX.Toaster.Attribute.coordination" },
  skill: "Sword",
  weapon: "Dagger",
  skillsGroup: "Skills",
});
