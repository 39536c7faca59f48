/**
 * Flange item data models besides weapons and armour (data/weapons.ts): skills (a player-made
 * name filed under one of the 23 headings, 1–5 dots), powers bought with Flange Points (seed
 * "Flange Points": "game-specific special powers"), and gear.
 */
import * as R from "../init-rules";
import { FlangeArmorModel, FlangeWeaponModel } from "./weapons";
import { BreadboxGearModel, BreadboxItemModel, choice, int } from "../../../core/data/fields";
import { FLANGE_EXTRA_RANGE } from "./fields";

function skillSchema() {
  return {
    heading: choice(R.SKILL_HEADINGS, "combatBrawl"),
    dots: int({ min: R.SKILL_DOTS_MIN, max: R.SKILL_DOTS_MAX, initial: 1 }),
    /** The attribute the check dialog offers first ("" = none; the GM names it for each task). */
    attribute: choice(["", ...R.ATTRIBUTES], ""),
  };
}

export class FlangeSkillModel extends BreadboxItemModel<ReturnType<typeof skillSchema>> {
  static override ownSchema = skillSchema;
}

function powerSchema() {
  return {
    /** Flange Points the GM priced it at. */
    cost: int({ ...FLANGE_EXTRA_RANGE, initial: 0 }),
  };
}

export class FlangePowerModel extends BreadboxItemModel<ReturnType<typeof powerSchema>> {
  static override ownSchema = powerSchema;
}

export class FlangeGearModel extends BreadboxGearModel {}

export const FLANGE_ITEM_MODELS = {
  flangeSkill: FlangeSkillModel,
  flangeWeapon: FlangeWeaponModel,
  flangeArmor: FlangeArmorModel,
  flangePower: FlangePowerModel,
  flangeGear: FlangeGearModel,
};
