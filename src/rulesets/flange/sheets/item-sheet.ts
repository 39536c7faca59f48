/**
 * Item sheet for every Flange item type: one details template with a section per type; the
 * summary line is generated from the data (presentation, not content).
 */
import * as R from "../rules";
import { BreadboxItemSheet, rulesetItemSheet } from "../../../core/sheets/item-sheet";
import { choiceOptions, joinSummary } from "../../../core/sheets/helpers";
import { format, localize, modelOf } from "../../../core/game";
import { FlangeGearModel, FlangePowerModel, FlangeSkillModel } from "../data/items";
import { FlangeArmorModel, FlangeWeaponModel } from "../data/weapons";
import { linkField, linkTargets } from "../../../core/sheets/links";

const attributeLabel = (k: string) => (k ? localize(`BREADBOX.Flange.Attribute.${k}`) : localize("BREADBOX.Flange.Skill.NoAttribute"));
const headingLabel = (k: string) => (k ? localize(`BREADBOX.Flange.Heading.${k}`) : "—");

export class FlangeItemSheet extends rulesetItemSheet("flange", flangeItemSummary) {
  protected override itemContext(item: Item.Implementation) {
    const skill = modelOf(item, FlangeSkillModel);
    const weapon = modelOf(item, FlangeWeaponModel);
    return {
      headingOptions: choiceOptions(R.SKILL_HEADINGS, headingLabel, skill?.heading ?? ""),
      attributeOptions: choiceOptions(["", ...R.ATTRIBUTES], attributeLabel, skill?.attribute ?? ""),
      weaponAttributeOptions: choiceOptions(R.ATTRIBUTES, attributeLabel, weapon?.attribute ?? ""),
      skillLink: weapon ? linkField(weapon.skill, linkTargets(item, ["flangeSkill"]), "BREADBOX.Flange.Weapon.NoSkill") : null,
      rangeOptions: choiceOptions(R.WEAPON_RANGES, (k) => localize(`BREADBOX.Flange.Range.${k}`), weapon?.range ?? ""),
      weaponHeadingOptions: choiceOptions(["", ...R.SKILL_HEADINGS], headingLabel, weapon?.heading ?? ""),
    };
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
