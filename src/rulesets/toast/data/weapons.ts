/**
 * Toast weapon and armor item models (seed: "Weapon Damage", "Armor"). Stored: the weapon's base
 * damage, delivery (wielded/thrown, bow, crossbow), the GM's extra dice for strong bows, the skill
 * it is used with; the armor's wound reduction and encumbrance. Owned by the combat part after the
 * first models commit.
 */
import * as R from "../init-rules";
import { BreadboxItemModel, choice, equipped, int, text } from "../../../core/data/fields";
import { DAMAGE_DICE_RANGE, ENCUMBRANCE_RANGE, WOUND_REDUCTION_RANGE } from "./fields";

/** Weapon categories of the seed's guideline table, or "" for a weapon the GM sized by hand. */
export const WEAPON_CATEGORY_CHOICES = ["", ...R.WEAPON_CATEGORY_KEYS] as const;
/** Armor types of the seed's table, or "" for a GM's own armor. */
export const ARMOR_TYPE_CHOICES = ["", ...R.ARMOR_KEYS] as const;

function weaponSchema() {
  return {
    category: choice(WEAPON_CATEGORY_CHOICES, "medium"),
    baseDamage: int({ ...DAMAGE_DICE_RANGE, initial: 2 }),
    delivery: choice(R.WEAPON_DELIVERY_KEYS, "wielded"),
    bonusDice: int({ ...DAMAGE_DICE_RANGE, initial: 0 }),
    /** Name (or key) of the weapon skill it is used with. */
    skill: text(),
    equipped: equipped(),
  };
}

export class ToastWeaponModel extends BreadboxItemModel<ReturnType<typeof weaponSchema>> {
  static override ownSchema = weaponSchema;

  /** The weapon as the rules core reads it. */
  get stats(): R.WeaponStats {
    return { baseDamage: this.baseDamage, delivery: this.delivery, bonusDice: this.bonusDice };
  }
}

function armorSchema() {
  return {
    armorType: choice(ARMOR_TYPE_CHOICES, ""),
    woundReduction: int({ ...WOUND_REDUCTION_RANGE, initial: 1 }),
    encumbrance: int({ ...ENCUMBRANCE_RANGE, initial: 10 }),
    equipped: equipped(),
  };
}

export class ToastArmorModel extends BreadboxItemModel<ReturnType<typeof armorSchema>> {
  static override ownSchema = armorSchema;

  /** The armor as the rules core reads it. */
  get stats(): R.ArmorStats {
    return { woundReduction: this.woundReduction, encumbrance: this.encumbrance };
  }
}
