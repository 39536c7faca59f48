/**
 * Item sheet for every Toaster item type. One details template with a section per type; the
 * summary line is generated from the data (presentation, not content).
 */
import { BreadboxItemSheet } from "../../../core/sheets/item-sheet";
import { joinSummary } from "../../../core/sheets/helpers";
import { templatePath } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { ATTRIBUTE_KEYS, BODY_AREAS, SHIELD_SIZES, SKILL_COSTS, SKILL_GROUPS, SKILL_ROLES, TRAIT_KINDS, WEAPON_MODES } from "../data/fields";
import { ToasterSkillModel, type ToasterArmorModel, type ToasterGearModel, type ToasterTraitModel, type ToasterWeaponModel } from "../data/items";
import { ToasterActorModel } from "../data/actor";

function optionList(keys: readonly string[], prefix: string, selected: string) {
  return keys.map((k) => ({ key: k, label: localize(`${prefix}.${k || "none"}`), selected: k === selected }));
}

/** The four attributes, plus the owner's own attributes when the item sits on a Toaster character. */
function attributeList(item: Item.Implementation): { key: string; label: string }[] {
  const standard = ATTRIBUTE_KEYS.map((k) => ({ key: k as string, label: localize(`BREADBOX.Toaster.Attribute.${k}`) }));
  const owner = item.parent as Actor.Implementation | null;
  if (!owner || (owner.type as string) !== "toaster") return standard;
  const model = owner.system;
  const custom = model instanceof ToasterActorModel ? model.customAttributes : [];
  return [...standard, ...custom.map((c) => ({ key: c.key, label: c.label || c.key }))];
}

export class ToasterItemSheet extends BreadboxItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["toaster"],
    actions: {
      addSpecialty: ToasterItemSheet.#onAddSpecialty,
      removeSpecialty: ToasterItemSheet.#onRemoveSpecialty,
    },
  } as unknown as typeof BreadboxItemSheet.DEFAULT_OPTIONS;

  static override PARTS = {
    header: { template: templatePath("toaster/item/header.hbs") },
    details: { template: templatePath("toaster/item/details.hbs"), scrollable: [""] },
  };

  protected override summarize(item: Item.Implementation): string {
    return toasterItemSummary(item);
  }

  protected override async _prepareContext(options: Parameters<BreadboxItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.document as Item.Implementation;
    const sys = item.system as unknown as Record<string, unknown>;
    const type = item.type as string;
    return Object.assign(context, {
      isSkill: type === "toasterSkill",
      isTrait: type === "toasterTrait",
      isWeapon: type === "toasterWeapon",
      isArmor: type === "toasterArmor",
      isGear: type === "toasterGear",
      attributeOptions: attributeList(item).map(({ key, label }) => ({ key, label, selected: key === sys.attribute, chosen: ((sys.attributeChoices as string[] | undefined) ?? []).includes(key) })),
      groupOptions: optionList(SKILL_GROUPS, "BREADBOX.Toaster.SkillGroup", String(sys.group ?? "")),
      roleOptions: optionList(SKILL_ROLES, "BREADBOX.Toaster.SkillRole", String(sys.role ?? "")),
      costOptions: optionList(SKILL_COSTS, "BREADBOX.Toaster.SkillCost", String(sys.cost ?? "")),
      kindOptions: optionList(TRAIT_KINDS, "BREADBOX.Toaster.TraitKind", String(sys.kind ?? "")),
      modeOptions: optionList(WEAPON_MODES, "BREADBOX.Toaster.Weapon.Mode", String(sys.mode ?? "")),
      shieldOptions: optionList(SHIELD_SIZES, "BREADBOX.Toaster.Shield", String(sys.shield ?? "")),
      areaOptions: BODY_AREAS.map((a) => ({ key: a, label: localize(`BREADBOX.Toaster.Area.${a}`), checked: ((sys.coverage as string[] | undefined) ?? []).includes(a) })),
      skillsText: ((sys.skills as string[] | undefined) ?? []).join(", "),
      specialties: ((sys.specialties as { name: string; bonus: number }[] | undefined) ?? []).map((s, index) => ({ ...s, index })),
    });
  }

  /** Checkbox groups and comma lists become arrays before the update. */
  protected override _prepareSubmitData(...args: Parameters<BreadboxItemSheet["_prepareSubmitData"]>): ReturnType<BreadboxItemSheet["_prepareSubmitData"]> {
    const [, form] = args;
    const data = super._prepareSubmitData(...args) as Record<string, unknown>;
    const type = this.document.type as string;
    const checkedValues = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[data-array="${name}"]`)].filter((i) => i.checked).map((i) => i.value);
    if (type === "toasterSkill" && form.querySelector('[data-array="attributeChoices"]')) foundry.utils.setProperty(data, "system.attributeChoices", checkedValues("attributeChoices"));
    if (type === "toasterArmor" && form.querySelector('[data-array="coverage"]')) foundry.utils.setProperty(data, "system.coverage", checkedValues("coverage"));
    // The skill-package list is typed as "a, b, c" in an unnamed input (so Foundry's own form
    // handling never sees a string where the schema wants an array) and split here.
    const skillsInput = form.querySelector<HTMLInputElement>('input[data-list="skills"]');
    if (type === "toasterTrait" && skillsInput && !skillsInput.disabled) {
      foundry.utils.setProperty(data, "system.skills", skillsInput.value.split(",").map((s) => s.trim()).filter(Boolean));
    }
    return data as never;
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
  const type = item.type as string;
  const sys = item.system as unknown;
  if (type === "toasterWeapon") {
    const w = sys as ToasterWeaponModel;
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
  if (type === "toasterArmor") {
    const a = sys as ToasterArmorModel;
    return joinSummary([format("BREADBOX.Toaster.Summary.AC", { ac: a.ac }), a.natural ? localize("BREADBOX.Toaster.Armor.Natural") : null]);
  }
  if (type === "toasterSkill") {
    const s = sys as ToasterSkillModel;
    const labels = attributeList(item);
    const attrs = (s.attributeChoices.length ? s.attributeChoices : [s.attribute]).map((k) => labels.find((l) => l.key === k)?.label ?? k).join(" / ");
    return joinSummary([format("BREADBOX.Toaster.Summary.Base", { base: s.base }), attrs, s.group ? localize(`BREADBOX.Toaster.SkillGroup.${s.group}`) : null]);
  }
  if (type === "toasterTrait") {
    const t = sys as ToasterTraitModel;
    return joinSummary([t.rank > 0 ? `+${t.rank}` : String(t.rank), localize(`BREADBOX.Toaster.TraitKind.${t.kind}`)]);
  }
  if (type === "toasterGear") return format("BREADBOX.Toaster.Summary.Quantity", { n: (sys as ToasterGearModel).quantity });
  return "";
}
