import { describeTokenActionHud } from "./token-action-hud.spec";

describeTokenActionHud({
  ruleset: "toast",
  items: [{ name: "Climbing", type: "toastSkill" }],
  attribute: { name: "strength", labelKey: "BREADBOX.Toast.Attribute.strength" },
  skill: "Climbing",
  skillsGroup: "Skills",
});
