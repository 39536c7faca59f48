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
});
