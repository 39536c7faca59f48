/**
 * Item sheet for every Toaster item type. One details template with a section per type; the
 * summary line is generated from the data (presentation, not content).
 */
import { BreadboxItemSheet, rulesetItemSheet } from "../../../core/sheets/item-sheet";
import { choiceOptions, joinSummary } from "../../../core/sheets/helpers";
import { format, localize, modelOf } from "../../../core/game";
import { ATTRIBUTE_KEYS, BODY_AREAS, SHIELD_SIZES, SKILL_COSTS, SKILL_GROUPS, SKILL_ROLES, TRAIT_KINDS, WEAPON_MODES } from "../data/fields";
import { ToasterArmorModel, ToasterGearModel, ToasterSkillModel, ToasterTraitModel, ToasterWeaponModel } from "../data/items";
import { ToasterActorModel } from "../data/actor";
import { linkField, linkTargets } from "../../../core/sheets/links";

/** The four attributes, plus the owner's own attributes when the item sits on a Toaster character. */
function attributeList(item: Item.Implementation): { key: string; label: string }[] {
  const standard = ATTRIBUTE_KEYS.map((k) => ({ key: k as string, label: localize(`BREADBOX.Toaster.Attribute.${k}`) }));
  const model = item.parent?.system;
  const custom = model instanceof ToasterActorModel ? model.customAttributes : [];
  return [...standard, ...custom.map((c) => ({ key: c.key, label: c.label || c.key }))];
}

export class ToasterItemSheet extends rulesetItemSheet("toaster", toasterItemSummary) {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    actions: {
      addSpecialty: ToasterItemSheet.#onAddSpecialty,
      removeSpecialty: ToasterItemSheet.#onRemoveSpecialty,
    },
  };

  protected override itemContext(item: Item.Implementation) {
    const skill = modelOf(item, ToasterSkillModel);
    const trait = modelOf(item, ToasterTraitModel);
    const weapon = modelOf(item, ToasterWeaponModel);
    const armor = modelOf(item, ToasterArmorModel);
    const attribute = skill?.attribute ?? trait?.attribute ?? "";
    const attributeChoices = skill?.attributeChoices ?? [];
    const coverage: readonly string[] = armor?.coverage ?? [];
    return {
      attributeOptions: attributeList(item).map(({ key, label }) => ({ key, label, selected: key === attribute, chosen: attributeChoices.includes(key) })),
      groupOptions: choiceOptions(SKILL_GROUPS, "BREADBOX.Toaster.SkillGroup", skill?.group ?? ""),
      roleOptions: choiceOptions(SKILL_ROLES, "BREADBOX.Toaster.SkillRole", skill?.role ?? ""),
      costOptions: choiceOptions(SKILL_COSTS, "BREADBOX.Toaster.SkillCost", skill?.cost ?? ""),
      kindOptions: choiceOptions(TRAIT_KINDS, "BREADBOX.Toaster.TraitKind", trait?.kind ?? ""),
      modeOptions: choiceOptions(WEAPON_MODES, "BREADBOX.Toaster.Weapon.Mode", weapon?.mode ?? ""),
      skillLink: weapon ? linkField(weapon.skill, linkTargets(item, ["toasterSkill"]), "BREADBOX.Toaster.Weapon.NoSkill") : null,
      shieldOptions: choiceOptions(SHIELD_SIZES, "BREADBOX.Toaster.Shield", weapon?.shield ?? ""),
      areaOptions: BODY_AREAS.map((a) => ({ key: a, label: localize(`BREADBOX.Toaster.Area.${a}`), checked: coverage.includes(a) })),
      skillsText: (trait?.skills ?? []).join(", "),
      specialties: (skill?.specialties ?? []).map((s, index) => ({ ...s, index })),
    };
  }

  /** Checkbox groups and comma lists become arrays before the update. */
  protected override _prepareSubmitData(...args: Parameters<BreadboxItemSheet["_prepareSubmitData"]>): ReturnType<BreadboxItemSheet["_prepareSubmitData"]> {
    const [, form] = args;
    const data = super._prepareSubmitData(...args);
    const type: string = this.document.type;
    const checkedValues = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[data-array="${name}"]`)].filter((i) => i.checked).map((i) => i.value);
    if (type === "toasterSkill" && form.querySelector('[data-array="attributeChoices"]')) foundry.utils.setProperty(data, "system.attributeChoices", checkedValues("attributeChoices"));
    if (type === "toasterArmor" && form.querySelector('[data-array="coverage"]')) foundry.utils.setProperty(data, "system.coverage", checkedValues("coverage"));
    // The skill-package list is typed as "a, b, c" in an unnamed input (so Foundry's own form
    // handling never sees a string where the schema wants an array) and split here.
    const skillsInput = form.querySelector<HTMLInputElement>('input[data-list="skills"]');
    if (type === "toasterTrait" && skillsInput && !skillsInput.disabled) {
      foundry.utils.setProperty(data, "system.skills", skillsInput.value.split(",").map((s) => s.trim()).filter(Boolean));
    }
    return data;
  }

  static async #onAddSpecialty(this: ToasterItemSheet): Promise<void> {
    const s = this.document.system;
    if (!(s instanceof ToasterSkillModel)) return;
    const list = s.specialties.map((x) => ({ ...x }));
    list.push({ name: localize("BREADBOX.Toaster.Skill.NewSpecialty"), bonus: 1 });
    await this.document.update({ system: { specialties: list } });
  }

  static async #onRemoveSpecialty(this: ToasterItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(target.dataset.index);
    const s = this.document.system;
    if (!(s instanceof ToasterSkillModel)) return;
    const list = s.specialties.map((x) => ({ ...x })).filter((_, i) => i !== index);
    await this.document.update({ system: { specialties: list } });
  }
}

/** "WC 8 · STR 4 · hand-to-hand" and the like, from the item's data. */
export function toasterItemSummary(item: Item.Implementation): string {
  const sys = item.system;
  if (sys instanceof ToasterWeaponModel) {
    const w = sys;
    return joinSummary([
      format("BREADBOX.Toaster.Summary.WC", { wc: w.baseWC }),
      w.strengthReq ? format("BREADBOX.Toaster.Summary.STR", { str: w.strengthReq }) : null,
      localize(`BREADBOX.Toaster.Weapon.Mode.${w.mode}`),
      w.musclePowered ? localize("BREADBOX.Toaster.Weapon.MusclePowered") : null,
      w.shield ? localize(`BREADBOX.Toaster.Shield.${w.shield}`) : null,
      w.unarmed ? localize("BREADBOX.Toaster.Weapon.Unarmed") : null,
      w.skill ? format("BREADBOX.Toaster.Summary.Skill", { skill: w.skill }) : null,
    ]);
  }
  if (sys instanceof ToasterArmorModel) {
    const a = sys;
    return joinSummary([format("BREADBOX.Toaster.Summary.AC", { ac: a.ac }), a.natural ? localize("BREADBOX.Toaster.Armor.Natural") : null]);
  }
  if (sys instanceof ToasterSkillModel) {
    const s = sys;
    const labels = attributeList(item);
    const attrs = (s.attributeChoices.length ? s.attributeChoices : [s.attribute]).map((k) => labels.find((l) => l.key === k)?.label ?? k).join(" / ");
    return joinSummary([format("BREADBOX.Toaster.Summary.Base", { base: s.base }), attrs, s.group ? localize(`BREADBOX.Toaster.SkillGroup.${s.group}`) : null]);
  }
  if (sys instanceof ToasterTraitModel) {
    const t = sys;
    return joinSummary([t.rank > 0 ? `+${t.rank}` : String(t.rank), localize(`BREADBOX.Toaster.TraitKind.${t.kind}`)]);
  }
  if (sys instanceof ToasterGearModel) return format("BREADBOX.Toaster.Summary.Quantity", { n: sys.quantity });
  return "";
}
