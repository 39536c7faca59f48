/**
 * fvtt-types configuration of the Flange ruleset, merged into core's extension points
 * (src/types/foundry-config.ts): its data models, settings, queries. Types only.
 */
import type { FlangeActorModel } from "./data/actor";
import type { FlangeGearModel, FlangePowerModel, FlangeSkillModel } from "./data/items";
import type { FlangeArmorModel, FlangeWeaponModel } from "./data/weapons";
import type { FlangeRules } from "./settings";
import type { FlangeCombatRules } from "./combat/settings";
import type { handQueryHandler } from "./combat/simultaneous";
import type { NamespacedRules } from "../../types/breadbox";

declare module "../../types/breadbox" {
  interface BreadboxActorModels {
    flange: typeof FlangeActorModel;
  }
  interface BreadboxItemModels {
    flangeSkill: typeof FlangeSkillModel;
    flangeWeapon: typeof FlangeWeaponModel;
    flangeArmor: typeof FlangeArmorModel;
    flangePower: typeof FlangePowerModel;
    flangeGear: typeof FlangeGearModel;
  }
  interface BreadboxSettings extends NamespacedRules<"flange", FlangeRules>, NamespacedRules<"flange", FlangeCombatRules> {}
}

declare global {
  namespace CONFIG {
    interface Queries {
      /** Simultaneous action: a player's secret hand, opened to the active GM only. */
      "breadbox.flangeHand": typeof handQueryHandler;
    }
  }
}
