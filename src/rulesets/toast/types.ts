/**
 * fvtt-types configuration of the Toast ruleset, merged into core's extension points
 * (src/types/foundry-config.ts): its data models, settings, flags. Types only.
 */
import type { ToastActorModel } from "./data/actor";
import type { ToastGearModel, ToastSkillModel } from "./data/items";
import type { ToastArmorModel, ToastWeaponModel } from "./data/weapons";
import type { ToastRules } from "./settings";
import type { ToastCombatRules } from "./combat/settings";
import type { ToastInitiativeFlag, ToastTurnFlag } from "./combat/tracker";
import type { NamespacedRules } from "../../types/breadbox";

declare module "../../types/breadbox" {
  interface BreadboxActorModels {
    toast: typeof ToastActorModel;
  }
  interface BreadboxItemModels {
    toastSkill: typeof ToastSkillModel;
    toastWeapon: typeof ToastWeaponModel;
    toastArmor: typeof ToastArmorModel;
    toastGear: typeof ToastGearModel;
  }
  interface BreadboxSettings extends NamespacedRules<"toast", ToastRules>, NamespacedRules<"toast", ToastCombatRules> {}
  interface BreadboxActorFlags {
    /** Healing: the world-time day (worldTime ÷ 86,400 s, rounded down) of the last medical treatment. */
    toastTreatedDay?: number;
    /** Healing: the world-time day of the last day's rest. */
    toastRestedDay?: number;
    /** Healing: the world-time day of the last end-of-day Health check. */
    toastHealthCheckDay?: number;
  }
  interface BreadboxCombatantFlags {
    /** What the initiative roll was (the tracker shows "Auto 9"). */
    toastInitiative?: ToastInitiativeFlag;
    /** Held, taken or lost action this round. */
    toastTurn?: ToastTurnFlag;
  }
}
