/**
 * Dice Pool item data models. Attributes and abilities are items arranged in a tree: each names
 * its parent trait (by name) or none. Stored fields are the player's choices; what the rules
 * derive from one item alone (dice an attribute adds, Add dice an ability gives, armor as the
 * core reads it) comes from the rules core in prepareDerivedData. Whatever needs the whole tree
 * (fallback up or down it) is derived on the actor (data/actor.ts).
 */
import * as R from "../init-rules";
import { BreadboxGearModel, BreadboxItemModel, choice, equipped, flag, int, text } from "../../../core/data/fields";
import { ARMOR_RANGE, ATTRIBUTE_RANGE, MODIFIER_RANGE, RATING_RANGE } from "./fields";

/** Roles an attribute item can play for the rules (Reaction Time for phases, thresholds for trauma…). */
export const ATTRIBUTE_ROLES = ["", ...R.NAMED_ATTRIBUTES] as const;
export type AttributeRole = (typeof ATTRIBUTE_ROLES)[number];

/**
 * Which wound penalties a check on a trait takes: physical or mental activity, or "" = as its
 * parent trait (a top trait: the world's `pool.defaultActivity`). docs/rules/pool.md, "Wound penalties".
 */
export const TRAIT_ACTIVITIES = ["", ...R.TRAUMA_KINDS] as const;
export type TraitActivity = (typeof TRAIT_ACTIVITIES)[number];

function attributeSchema() {
  return {
    parentTrait: text(),
    role: choice(ATTRIBUTE_ROLES, ""),
    score: int({ ...ATTRIBUTE_RANGE, initial: 0 }),
    activity: choice(TRAIT_ACTIVITIES, ""),
  };
}

export class PoolAttributeModel extends BreadboxItemModel<ReturnType<typeof attributeSchema>> {
  static override ownSchema = attributeSchema;
  /** Bonus dice (positive score) or Penalty dice (negative score) the attribute adds to a pool. */
  declare bonusDice: number;
  declare penaltyDice: number;

  override prepareDerivedData(): void {
    const dice = attributeDice(this.score);
    this.bonusDice = dice.bonusDice;
    this.penaltyDice = dice.penaltyDice;
  }
}

/** Bonus and Penalty dice by score, worked out once per score (a thousand characters share a handful of scores; a score out of range throws and is not kept). */
const diceByScore = new Map<number, Readonly<{ bonusDice: number; penaltyDice: number }>>();

function attributeDice(score: number): Readonly<{ bonusDice: number; penaltyDice: number }> {
  let dice = diceByScore.get(score);
  if (dice === undefined) {
    dice = Object.freeze(R.attributeModifierDice(score));
    diceByScore.set(score, dice);
  }
  return dice;
}

function abilitySchema() {
  return {
    parentTrait: text(),
    rating: int({ ...RATING_RANGE, initial: 0 }),
    activity: choice(TRAIT_ACTIVITIES, ""),
  };
}

export class PoolAbilityModel extends BreadboxItemModel<ReturnType<typeof abilitySchema>> {
  static override ownSchema = abilitySchema;
  /** Add dice of a pool built on this ability alone (one, plus one per point). */
  declare addDice: number;

  override prepareDerivedData(): void {
    this.addDice = abilityAddDice(this.rating);
  }
}

/** Add dice by rating, built once per rating (a thousand characters share a handful of ratings). */
const addDiceByRating = new Map<number, number>();

function abilityAddDice(rating: number): number {
  let dice = addDiceByRating.get(rating);
  if (dice === undefined) {
    dice = R.buildPool({ ability: rating, attribute: 0 }).pool.addDice;
    addDiceByRating.set(rating, dice);
  }
  return dice;
}

function weaponSchema() {
  return {
    ability: text(),
    attribute: text(),
    trauma: choice(R.TRAUMA_KINDS, "physical"),
    damageType: choice(R.DAMAGE_TYPES, "lethal"),
    musclePowered: flag(),
    damageModifier: int({ ...MODIFIER_RANGE, initial: 0 }),
    equipped: equipped(),
  };
}

export class PoolWeaponModel extends BreadboxItemModel<ReturnType<typeof weaponSchema>> {
  static override ownSchema = weaponSchema;
}

function armorSchema() {
  return {
    rating: int({ ...ARMOR_RANGE, initial: 1 }),
    convertsLethal: flag(),
    equipped: equipped(),
  };
}

export class PoolArmorModel extends BreadboxItemModel<ReturnType<typeof armorSchema>> {
  static override ownSchema = armorSchema;
  /** The armor as the trauma rules read it. */
  declare armor: R.ArmorSpec;

  override prepareDerivedData(): void {
    this.armor = { rating: this.rating, convertsLethal: this.convertsLethal };
  }
}

export class PoolGearModel extends BreadboxGearModel {}

export const POOL_ITEM_MODELS = {
  poolAttribute: PoolAttributeModel,
  poolAbility: PoolAbilityModel,
  poolWeapon: PoolWeaponModel,
  poolArmor: PoolArmorModel,
  poolGear: PoolGearModel,
};
