import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "flange",
  items: [{ name: "Surgery", type: "flangeSkill", system: { heading: "medicine", dots: 2, attribute: "perception" } }, { name: "Knife", type: "flangeWeapon" }],
  attribute: { name: "perception", labelKey: "BREADBOX.Flange.Attribute.perception" },
  skill: "Surgery",
  weapon: "Knife",
  skillsGroup: "Skills",
});
