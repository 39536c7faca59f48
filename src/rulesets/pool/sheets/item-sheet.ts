/**
 * Item sheet for every Dice Pool item type: one details template with a section per type; the
 * summary line is generated from the data (presentation, not content).
 */
import * as R from "../rules";
import { BreadboxItemSheet, rulesetItemSheet } from "../../../core/sheets/item-sheet";
import { choiceOptions, joinSummary } from "../../../core/sheets/helpers";
import { format, localize, modelOf } from "../../../core/game";
import { ATTRIBUTE_ROLES, TRAIT_ACTIVITIES, PoolAbilityModel, PoolArmorModel, PoolAttributeModel, PoolGearModel, PoolWeaponModel } from "../data/items";
import { linkField, linkTargets } from "../../../core/sheets/links";

export class PoolItemSheet extends rulesetItemSheet("pool", poolItemSummary) {
  protected override itemContext(item: Item.Implementation) {
    const attribute = modelOf(item, PoolAttributeModel);
    const weapon = modelOf(item, PoolWeaponModel);
    const ability = modelOf(item, PoolAbilityModel);
    const activity = attribute?.activity ?? ability?.activity ?? "";
    return {
      activityOptions: TRAIT_ACTIVITIES.map((k) => ({ key: k, label: localize(k ? `BREADBOX.Pool.Activity.${k}` : "BREADBOX.Pool.Activity.inherit"), selected: k === activity })),
      // A trait's parent is a trait of its own kind; a weapon names an ability and, optionally, an attribute.
      parentLink: attribute || ability ? linkField((attribute ?? ability)?.parentTrait ?? "", linkTargets(item, [item.type]), "BREADBOX.Pool.Tree.Root") : null,
      abilityLink: weapon ? linkField(weapon.ability, linkTargets(item, ["poolAbility"])) : null,
      attributeLink: weapon ? linkField(weapon.attribute, linkTargets(item, ["poolAttribute"]), "BREADBOX.Pool.Weapon.NoAttribute") : null,
      roleOptions: choiceOptions(ATTRIBUTE_ROLES, "BREADBOX.Pool.Attribute.role", attribute?.role ?? ""),
      traumaOptions: choiceOptions(R.TRAUMA_KINDS, "BREADBOX.Pool.Wound.kind", weapon?.trauma ?? "physical"),
      damageOptions: choiceOptions(R.DAMAGE_TYPES, "BREADBOX.Pool.Weapon.damageType", weapon?.damageType ?? "lethal"),
    };
  }
}

/** "Score 2 · under Body", "3 Add dice", "lethal · damage +1" and the like, from the item's data. */
export function poolItemSummary(item: Item.Implementation): string {
  const attribute = modelOf(item, PoolAttributeModel);
  if (attribute) {
    return joinSummary([
      format("BREADBOX.Pool.Summary.Score", { score: attribute.score }),
      attribute.role ? localize(`BREADBOX.Pool.Attribute.role.${attribute.role}`) : null,
      attribute.parentTrait ? format("BREADBOX.Pool.Summary.Parent", { parent: attribute.parentTrait }) : null,
    ]);
  }
  const ability = modelOf(item, PoolAbilityModel);
  if (ability) {
    return joinSummary([
      format("BREADBOX.Pool.Summary.Rating", { rating: ability.rating }),
      format("BREADBOX.Pool.Summary.AddDice", { n: ability.addDice }),
      ability.parentTrait ? format("BREADBOX.Pool.Summary.Parent", { parent: ability.parentTrait }) : null,
    ]);
  }
  const weapon = modelOf(item, PoolWeaponModel);
  if (weapon) {
    return joinSummary([
      weapon.ability || null,
      localize(`BREADBOX.Pool.Wound.kind.${weapon.trauma}`),
      localize(`BREADBOX.Pool.Weapon.damageType.${weapon.damageType}`),
      format("BREADBOX.Pool.Summary.Modifier", { modifier: weapon.damageModifier >= 0 ? `+${weapon.damageModifier}` : String(weapon.damageModifier) }),
      weapon.musclePowered ? localize("BREADBOX.Pool.Weapon.MusclePowered") : null,
    ]);
  }
  const armor = modelOf(item, PoolArmorModel);
  if (armor) return joinSummary([format("BREADBOX.Pool.Summary.Armor", { rating: armor.rating }), armor.convertsLethal ? localize("BREADBOX.Pool.Armor.ConvertsLethal") : null]);
  const gear = modelOf(item, PoolGearModel);
  if (gear) return format("BREADBOX.Pool.Summary.Quantity", { n: gear.quantity });
  return "";
}
