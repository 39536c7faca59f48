/**
 * fvtt-types configuration of the Toaster ruleset, merged into core's extension points
 * (src/types/foundry-config.ts): its data models, settings, flags. Types only.
 */
import type { ToasterActorModel } from "./data/actor";
import type { ToasterArmorModel, ToasterGearModel, ToasterSkillModel, ToasterTraitModel, ToasterWeaponModel } from "./data/items";
import type { ToasterRules } from "./settings";
import type { StanceDebt } from "./stance";
import type { NamespacedRules } from "../../types/breadbox";

declare module "../../types/breadbox" {
  interface BreadboxActorModels {
    toaster: typeof ToasterActorModel;
  }
  interface BreadboxItemModels {
    toasterSkill: typeof ToasterSkillModel;
    toasterTrait: typeof ToasterTraitModel;
    toasterWeapon: typeof ToasterWeaponModel;
    toasterArmor: typeof ToasterArmorModel;
    toasterGear: typeof ToasterGearModel;
  }
  interface BreadboxSettings extends NamespacedRules<"toaster", ToasterRules> {}
  interface BreadboxActorFlags {
    /** Stance: what earlier stances owe to the next rolls. */
    stance?: StanceDebt;
  }
}
