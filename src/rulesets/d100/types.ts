/**
 * fvtt-types configuration of the D10/0 ruleset, merged into core's extension points
 * (src/types/foundry-config.ts): its data models, settings. Types only.
 */
import type { D100ActorModel } from "./data/actor";
import type { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "./data/items";
import type { D100ArmorModel, D100WeaponModel } from "./data/weapons";
import type { D100PlayRules } from "./settings";
import type { D100CombatRules } from "./combat/settings";
import type { NamespacedRules } from "../../types/breadbox";

declare module "../../types/breadbox" {
  interface BreadboxActorModels {
    d100: typeof D100ActorModel;
  }
  interface BreadboxItemModels {
    d100Skill: typeof D100SkillModel;
    d100Tab: typeof D100TabModel;
    d100Power: typeof D100PowerModel;
    d100Weapon: typeof D100WeaponModel;
    d100Armor: typeof D100ArmorModel;
    d100Gear: typeof D100GearModel;
  }
  interface BreadboxSettings extends NamespacedRules<"d100", D100PlayRules>, NamespacedRules<"d100", D100CombatRules> {}
}
