/**
 * Flange weapon and armour data models (seed 004 "Weapon Stats", "Armour"). Stored: what the book
 * prints for a weapon (base attribute, range, damage dots and modifier) plus the skill a character
 * attacks with and whether it is carried; armour is a value subtracted from damage. Derived: the
 * weapon as the rules core reads it and its damage box in the book's notation ("●●+2").
 *
 * The combat part owns this file after the models commit.
 */
import * as R from "../init-rules";
import { BreadboxItemModel, choice, equipped, int, text } from "../../../core/data/fields";

function weaponSchema() {
  return {
    attribute: choice(R.ATTRIBUTES, "strength"),
    range: choice(R.WEAPON_RANGES, "melee"),
    damageDots: int({ min: 0, max: R.DAMAGE_DOTS_MAX, initial: 0 }),
    damageModifier: int({ min: -R.DAMAGE_MODIFIER_MAX, max: R.DAMAGE_MODIFIER_MAX, initial: 0 }),
    /** The name of the skill an attack with it uses (looked up among the character's skills). */
    skill: text(),
    /** The heading of that skill (for generalisation dots when the character lacks the skill). */
    heading: choice(["", ...R.SKILL_HEADINGS], ""),
    equipped: equipped(),
  };
}

/** "●●+2", "●-1", "-3", "-": the book's damage box. */
export function damageBox(dots: number, modifier: number): string {
  const d = "●".repeat(Math.max(0, dots));
  const m = modifier === 0 ? "" : modifier > 0 ? `+${modifier}` : `${modifier}`;
  return d + m || "-";
}

export class FlangeWeaponModel extends BreadboxItemModel<ReturnType<typeof weaponSchema>> {
  static override ownSchema = weaponSchema;
  /** The damage box as the book prints it (built when read: a world prepares every weapon, a sheet shows a few). */
  get damageNotation(): string {
    return damageBox(this.damageDots, this.damageModifier);
  }

  /** The weapon as the rules core reads it. */
  toWeapon(name: string): R.Weapon {
    return { name, attribute: this.attribute, range: this.range, damageDice: this.damageDots, damageModifier: this.damageModifier };
  }
}

function armorSchema() {
  return {
    /** Subtracted from the final damage score (seed "Armour"). */
    armour: int({ min: 0, max: R.ARMOUR_MAX, initial: 1 }),
    equipped: equipped(),
  };
}

export class FlangeArmorModel extends BreadboxItemModel<ReturnType<typeof armorSchema>> {
  static override ownSchema = armorSchema;
}
