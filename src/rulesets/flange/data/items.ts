/**
 * Flange item data models besides weapons and armour (data/weapons.ts): skills (a player-made
 * name filed under one of the 23 headings, 1–5 dots), powers bought with Flange Points (seed
 * "Flange Points": "game-specific special powers"), and gear.
 */
import * as R from "../rules";
import { FlangeArmorModel, FlangeWeaponModel } from "./weapons";
import { FLANGE_EXTRA_RANGE, choice, html, int } from "./fields";

const fields = foundry.data.fields;

function skillSchema() {
  return {
    heading: choice(R.SKILL_HEADINGS, "combatBrawl"),
    dots: int({ min: R.SKILL_DOTS_MIN, max: R.SKILL_DOTS_MAX, initial: 1 }),
    /** The attribute the check dialog offers first ("" = none; the GM names it for each task). */
    attribute: choice(["", ...R.ATTRIBUTES], ""),
    description: html(),
  };
}
type SkillSchema = ReturnType<typeof skillSchema>;

export class FlangeSkillModel extends foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation> {
  static override defineSchema(): SkillSchema {
    return skillSchema();
  }
}

function powerSchema() {
  return {
    /** Flange Points the GM priced it at. */
    cost: int({ ...FLANGE_EXTRA_RANGE, initial: 0 }),
    description: html(),
  };
}
type PowerSchema = ReturnType<typeof powerSchema>;

export class FlangePowerModel extends foundry.abstract.TypeDataModel<PowerSchema, Item.Implementation> {
  static override defineSchema(): PowerSchema {
    return powerSchema();
  }
}

function gearSchema() {
  return {
    quantity: int({ min: 0, max: 1_000_000, initial: 1 }),
    description: html(),
  };
}
type GearSchema = ReturnType<typeof gearSchema>;

export class FlangeGearModel extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static override defineSchema(): GearSchema {
    return gearSchema();
  }
}

export const FLANGE_ITEM_MODELS = {
  flangeSkill: FlangeSkillModel,
  flangeWeapon: FlangeWeaponModel,
  flangeArmor: FlangeArmorModel,
  flangePower: FlangePowerModel,
  flangeGear: FlangeGearModel,
};
