import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "d100",
  items: [],
  attribute: { name: "agility", labelKey: "BREADBOX.D100.Attribute.agility" },
  skillsGroup: "Skills",
});
