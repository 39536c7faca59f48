/**
 * Item sheet for every Flange item type: one details template with a section per type; the
 * summary line is generated from the data (presentation, not content).
 */
import * as R from "../rules";
import { BreadboxItemSheet } from "../../../core/sheets/item-sheet";
import { joinSummary } from "../../../core/sheets/helpers";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { FlangeGearModel, FlangePowerModel, FlangeSkillModel } from "../data/items";
import { FlangeArmorModel, FlangeWeaponModel } from "../data/weapons";

function options(keys: readonly string[], label: (k: string) => string, selected: string) {
  return keys.map((k) => ({ key: k, label: label(k), selected: k === selected }));
}

const attributeLabel = (k: string) => (k ? localize(`BREADBOX.Flange.Attribute.${k}`) : localize("BREADBOX.Flange.Skill.NoAttribute"));
const headingLabel = (k: string) => (k ? localize(`BREADBOX.Flange.Heading.${k}`) : "—");

export class FlangeItemSheet extends BreadboxItemSheet {
  static override DEFAULT_OPTIONS = {
    ...BreadboxItemSheet.DEFAULT_OPTIONS,
    classes: ["flange"],
  };

  static override PARTS = {
    header: { template: templatePath("flange/item/header.hbs") },
    details: { template: templatePath("flange/item/details.hbs"), scrollable: [""] },
  };

  protected override summarize(item: Item.Implementation): string {
    return flangeItemSummary(item);
  }

  protected override async _prepareContext(opts: Parameters<BreadboxItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(opts);
    const item = this.document;
    const skill = modelOf(item, FlangeSkillModel);
    const weapon = modelOf(item, FlangeWeaponModel);
    return Object.assign(context, {
      isSkill: skill !== null,
      isWeapon: weapon !== null,
      isArmor: modelOf(item, FlangeArmorModel) !== null,
      isPower: modelOf(item, FlangePowerModel) !== null,
      isGear: modelOf(item, FlangeGearModel) !== null,
      headingOptions: options(R.SKILL_HEADINGS, headingLabel, skill?.heading ?? ""),
      attributeOptions: options(["", ...R.ATTRIBUTES], attributeLabel, skill?.attribute ?? ""),
      weaponAttributeOptions: options(R.ATTRIBUTES, attributeLabel, weapon?.attribute ?? ""),
      rangeOptions: options(R.WEAPON_RANGES, (k) => localize(`BREADBOX.Flange.Range.${k}`), weapon?.range ?? ""),
      weaponHeadingOptions: options(["", ...R.SKILL_HEADINGS], headingLabel, weapon?.heading ?? ""),
    });
  }
}

/** "Medicine · ●● · Dexterity", "Str/-/-3", "Armour 2" and the like, from the item's data. */
export function flangeItemSummary(item: Item.Implementation): string {
  const skill = modelOf(item, FlangeSkillModel);
  if (skill) return joinSummary([headingLabel(skill.heading), "●".repeat(skill.dots), skill.attribute ? attributeLabel(skill.attribute) : null]);
  const weapon = modelOf(item, FlangeWeaponModel);
  if (weapon) return joinSummary([attributeLabel(weapon.attribute), localize(`BREADBOX.Flange.Range.${weapon.range}`), weapon.damageNotation, weapon.skill || null]);
  const armour = modelOf(item, FlangeArmorModel);
  if (armour) return format("BREADBOX.Flange.Summary.Armour", { n: armour.armour });
  const power = modelOf(item, FlangePowerModel);
  if (power) return format("BREADBOX.Flange.Summary.Power", { n: power.cost });
  const gear = modelOf(item, FlangeGearModel);
  if (gear) return format("BREADBOX.Flange.Summary.Quantity", { n: gear.quantity });
  return "";
}
