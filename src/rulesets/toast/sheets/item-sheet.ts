/**
 * Item sheet for every Toast item type: one details template with a section per type; the summary
 * line is generated from the data (presentation, not content). A skill's base attributes are
 * toggled one by one (at least one stays).
 */
import * as R from "../rules";
import { BreadboxItemSheet, rulesetItemSheet } from "../../../core/sheets/item-sheet";
import { choiceOptions, joinSummary } from "../../../core/sheets/helpers";
import { format, localize, modelOf } from "../../../core/game";
import { ToastGearModel, ToastSkillModel } from "../data/items";
import { ARMOR_TYPE_CHOICES, ToastArmorModel, ToastWeaponModel, WEAPON_CATEGORY_CHOICES } from "../data/weapons";
import { attributeName, listedSkillName } from "../checks";
import { linkField, linkTargets } from "../../../core/sheets/links";

async function onToggleBase(this: unknown, _event: PointerEvent, target: HTMLElement): Promise<void> {
  if (!(this instanceof ToastItemSheet) || !this.isEditable) return;
  const model = modelOf(this.document, ToastSkillModel);
  const key = R.ATTRIBUTE_KEYS.find((k) => k === target.dataset.attribute);
  if (!model || !key) return;
  const has = model.baseAttributes.includes(key);
  if (has && model.baseAttributes.length === 1) {
    ui.notifications?.warn(localize("BREADBOX.Toast.Skill.NeedsBase"));
    void this.render();
    return;
  }
  const next = has ? model.baseAttributes.filter((a) => a !== key) : [...model.baseAttributes, key];
  try {
    await this.document.update({ system: { baseAttributes: next } });
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    void this.render();
  }
}

export class ToastItemSheet extends rulesetItemSheet("toast", toastItemSummary) {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    actions: { toggleBase: onToggleBase },
  };

  protected override itemContext(item: Item.Implementation) {
    const skill = modelOf(item, ToastSkillModel);
    const weapon = modelOf(item, ToastWeaponModel);
    const armor = modelOf(item, ToastArmorModel);
    return {
      // Which skill of the list it is, by the list's name; the GM's own skill has none.
      listedLink: skill ? linkField(skill.key, R.STARTER_SKILLS.map((d) => ({ key: d.key, label: listedSkillName(d.key) })), "BREADBOX.Toast.Skill.OwnSkill") : null,
      categoryOptions: choiceOptions(R.SKILL_CATEGORY_KEYS, "BREADBOX.Toast.Category", skill?.category ?? ""),
      baseOptions: R.ATTRIBUTE_KEYS.map((k) => ({ key: k, label: attributeName(k), checked: skill?.baseAttributes.includes(k) ?? false })),
      weaponCategoryOptions: choiceOptions(WEAPON_CATEGORY_CHOICES, "BREADBOX.Toast.WeaponCategory", weapon?.category ?? ""),
      // The weapon's skill, chosen from the owner's skills (a listed skill's key counts as its name).
      skillLink: weapon ? linkField(toastSkillName(item, weapon.skill), linkTargets(item, ["toastSkill"]), "BREADBOX.Toast.Weapon.NoSkill") : null,
      deliveryOptions: choiceOptions(R.WEAPON_DELIVERY_KEYS, "BREADBOX.Toast.Delivery", weapon?.delivery ?? "wielded"),
      armorTypeOptions: choiceOptions(ARMOR_TYPE_CHOICES, "BREADBOX.Toast.ArmorType", armor?.armorType ?? ""),
      // The book's guideline numbers for the chosen category or armor type (hints; the stored numbers rule).
      damageGuideline: weapon?.category ? format("BREADBOX.Toast.Weapon.Guideline", { n: R.weaponBaseDamage(weapon.category) }) : "",
      armorGuideline: armor?.armorType ? format("BREADBOX.Toast.Armor.Guideline", { reduction: R.ARMOR_TABLE[armor.armorType].woundReduction, encumbrance: R.ARMOR_TABLE[armor.armorType].encumbrance }) : "",
    };
  }
}

/** The name of the skill a weapon's stored skill (a name or a listed skill's key) names among its owner's skills. */
function toastSkillName(item: Item.Implementation, stored: string): string {
  const byKey = item.actor?.items.find((i) => i.type === "toastSkill" && modelOf(i, ToastSkillModel)?.key === stored && stored !== "");
  return byKey ? byKey.name : stored;
}

/** "Weapon · AGI · level 5 (+8)", "2 damage dice · wielded", "wound reduction 5 · encumbrance 40"… */
export function toastItemSummary(item: Item.Implementation): string {
  const skill = modelOf(item, ToastSkillModel);
  if (skill) {
    return joinSummary([
      localize(`BREADBOX.Toast.Category.${skill.category}`),
      skill.baseAttributes.map((a) => R.ATTRIBUTE_ABBREVIATIONS[a]).join("/"),
      format("BREADBOX.Toast.Summary.Level", { level: skill.level }),
    ]);
  }
  const weapon = modelOf(item, ToastWeaponModel);
  if (weapon) {
    return joinSummary([
      weapon.category ? localize(`BREADBOX.Toast.WeaponCategory.${weapon.category}`) : null,
      format("BREADBOX.Toast.Summary.DamageDice", { n: weapon.baseDamage }),
      localize(`BREADBOX.Toast.Delivery.${weapon.delivery}`),
      weapon.bonusDice ? format("BREADBOX.Toast.Summary.BonusDice", { n: weapon.bonusDice }) : null,
      weapon.skill || null,
    ]);
  }
  const armor = modelOf(item, ToastArmorModel);
  if (armor) return format("BREADBOX.Toast.Summary.Armor", { reduction: armor.woundReduction, encumbrance: armor.encumbrance });
  const gear = modelOf(item, ToastGearModel);
  if (gear) return format("BREADBOX.Toast.Summary.Quantity", { n: gear.quantity });
  return "";
}
