/** Everything the d100 ruleset registers with the core. */
import { withParts, type RulesetDefinition } from "../../core/registry";
import { d100CombatPart } from "./combat/register";
import { D100ActorModel } from "./data/actor";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "./data/items";
import { D100ArmorModel, D100WeaponModel } from "./data/weapons";

export const D100_ITEM_MODELS = {
  d100Skill: D100SkillModel,
  d100Tab: D100TabModel,
  d100Power: D100PowerModel,
  d100Weapon: D100WeaponModel,
  d100Armor: D100ArmorModel,
  d100Gear: D100GearModel,
};

export function d100Ruleset(): RulesetDefinition {
  return withParts(
    {
      id: "d100",
      label: "BREADBOX.Ruleset.d100",
      actorModels: { d100: D100ActorModel },
      itemModels: D100_ITEM_MODELS,
      actorSheets: [],
      itemSheets: [],
    },
    d100CombatPart(),
  );
}
