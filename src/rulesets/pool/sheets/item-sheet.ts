/**
 * Item sheet for every Dice Pool item type: one details template with a section per type; the
 * summary line is generated from the data (presentation, not content).
 */
import * as R from "../rules";
import { BreadboxItemSheet } from "../../../core/sheets/item-sheet";
import { joinSummary } from "../../../core/sheets/helpers";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { ATTRIBUTE_ROLES, TRAIT_ACTIVITIES, PoolAbilityModel, PoolArmorModel, PoolAttributeModel, PoolGearModel, PoolWeaponModel } from "../data/items";

function options(keys: readonly string[], prefix: string, selected: string) {
  return keys.map((k) => ({ key: k, label: localize(`${prefix}.${k || "none"}`), selected: k === selected }));
}

export class PoolItemSheet extends BreadboxItemSheet {
  static override DEFAULT_OPTIONS = {
    ...BreadboxItemSheet.DEFAULT_OPTIONS,
    classes: ["pool"],
  };

  static override PARTS = {
    header: { template: templatePath("pool/item/header.hbs") },
    details: { template: templatePath("pool/item/details.hbs"), scrollable: [""] },
  };

  protected override summarize(item: Item.Implementation): string {
    return poolItemSummary(item);
  }

  protected override async _prepareContext(opts: Parameters<BreadboxItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(opts);
    const item = this.document;
    const attribute = modelOf(item, PoolAttributeModel);
    const weapon = modelOf(item, PoolWeaponModel);
    const ability = modelOf(item, PoolAbilityModel);
    const activity = attribute?.activity ?? ability?.activity ?? "";
    return Object.assign(context, {
      activityOptions: TRAIT_ACTIVITIES.map((k) => ({ key: k, label: localize(k ? `BREADBOX.Pool.Activity.${k}` : "BREADBOX.Pool.Activity.inherit"), selected: k === activity })),
      isAttribute: attribute !== null,
      isAbility: ability !== null,
      isWeapon: weapon !== null,
      isArmor: modelOf(item, PoolArmorModel) !== null,
      isGear: modelOf(item, PoolGearModel) !== null,
      roleOptions: options(ATTRIBUTE_ROLES, "BREADBOX.Pool.Attribute.role", attribute?.role ?? ""),
      traumaOptions: options(R.TRAUMA_KINDS, "BREADBOX.Pool.Wound.kind", weapon?.trauma ?? "physical"),
      damageOptions: options(R.DAMAGE_TYPES, "BREADBOX.Pool.Weapon.damageType", weapon?.damageType ?? "lethal"),
    });
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
