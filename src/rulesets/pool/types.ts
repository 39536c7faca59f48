/**
 * fvtt-types configuration of the Dice Pool ruleset, merged into core's extension points
 * (src/types/foundry-config.ts): its data models, settings, flags. Types only.
 */
import type { PoolActorModel } from "./data/actor";
import type { PoolAbilityModel, PoolArmorModel, PoolAttributeModel, PoolGearModel, PoolWeaponModel } from "./data/items";
import type { PoolRules } from "./settings";
import type { PoolCombatRules } from "./combat/settings";
import type { PoolCombatantFlags } from "./combat/clock";
import type { NamespacedRules } from "../../types/breadbox";

declare module "../../types/breadbox" {
  interface BreadboxActorModels {
    pool: typeof PoolActorModel;
  }
  interface BreadboxItemModels {
    poolAttribute: typeof PoolAttributeModel;
    poolAbility: typeof PoolAbilityModel;
    poolWeapon: typeof PoolWeaponModel;
    poolArmor: typeof PoolArmorModel;
    poolGear: typeof PoolGearModel;
  }
  interface BreadboxSettings extends NamespacedRules<"pool", PoolRules>, NamespacedRules<"pool", PoolCombatRules> {}
  // Flags: the phase clock's per-combatant state.
  interface BreadboxCombatantFlags extends PoolCombatantFlags {}
}
