/**
 * Item sheet for every D10/0 item type: one details template with a section per type, list
 * editors for a TAB's effects and a power's actions, and a summary line generated from the data
 * ("10 + 2D(ST) · ranged · 2 AP", "-10F -2R · chest, abdomen"). Notation typed into a field is
 * checked by the rules core's parsers; a malformed one is refused with the parser's message.
 */
import * as R from "../rules";
import { BreadboxItemSheet } from "../../../core/sheets/item-sheet";
import { joinSummary, reportInvalidChange } from "../../../core/sheets/helpers";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { DUDE_REGIONS } from "../data/fields";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel, OPTIONAL_ATTRIBUTES, POWER_COMBINES, TAB_EFFECT_KINDS } from "../data/items";
import { D100ArmorModel, D100WeaponModel, WEAPON_RANGES } from "../data/weapons";

function options(keys: readonly string[], prefix: string, selected: string) {
  return keys.map((k) => ({ key: k, label: localize(`${prefix}.${k || "none"}`), selected: k === selected }));
}

async function editArray(sheet: unknown, field: "effects" | "actions", change: (list: Record<string, unknown>[]) => Record<string, unknown>[]): Promise<void> {
  if (!(sheet instanceof D100ItemSheet) || !sheet.isEditable) return;
  const item = sheet.document;
  const tab = modelOf(item, D100TabModel);
  const power = modelOf(item, D100PowerModel);
  const list = field === "effects" ? tab?.effects : power?.actions;
  if (!list) return;
  try {
    await item.update({ [`system.${field}`]: change(list.map((x) => ({ ...x }))) });
  } catch (err) {
    reportInvalidChange(err);
    void sheet.render();
  }
}

function rowIndex(target: HTMLElement): number {
  return Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
}

export class D100ItemSheet extends BreadboxItemSheet {
  static override DEFAULT_OPTIONS = {
    ...BreadboxItemSheet.DEFAULT_OPTIONS,
    classes: ["d100"],
    actions: {
      ...BreadboxItemSheet.DEFAULT_OPTIONS.actions,
      addEffect: async function (this: unknown) {
        await editArray(this, "effects", (l) => [...l, { kind: "difficulty", when: "", attributeDelta: 0, skillDelta: 0, factor: 2, attribute: "", usesPerDay: 0, notation: "" }]);
      },
      removeEffect: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        const i = rowIndex(target);
        await editArray(this, "effects", (l) => l.filter((_, j) => j !== i));
      },
      addAction: async function (this: unknown) {
        await editArray(this, "actions", (l) => [...l, { name: localize("BREADBOX.D100.Power.NewAction"), cost: "Drain 1", actionPoints: 0, skill: "", difficultyDelta: 0 }]);
      },
      removeAction: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        const i = rowIndex(target);
        await editArray(this, "actions", (l) => l.filter((_, j) => j !== i));
      },
    },
  };

  static override PARTS = {
    header: { template: templatePath("d100/item/header.hbs") },
    details: { template: templatePath("d100/item/details.hbs"), scrollable: [""] },
  };

  protected override async _onRender(...args: Parameters<BreadboxItemSheet["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    // Checkbox groups that edit one list field (coverage, a power's attributes): the checked values.
    for (const box of this.element.querySelectorAll<HTMLInputElement>("input[data-list-field]")) {
      box.addEventListener("change", (event) => {
        event.stopPropagation();
        const field = box.dataset.listField ?? "";
        const values = [...this.element.querySelectorAll<HTMLInputElement>(`input[data-list-field="${field}"]`)].filter((b) => b.checked).map((b) => b.value);
        this.document.update({ [field]: values }).catch((err: unknown) => {
          reportInvalidChange(err);
          void this.render();
        });
      });
    }
  }

  protected override summarize(item: Item.Implementation): string {
    return d100ItemSummary(item);
  }

  protected override async _prepareContext(opts: Parameters<BreadboxItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(opts);
    const item = this.document;
    const tab = modelOf(item, D100TabModel);
    const power = modelOf(item, D100PowerModel);
    const weapon = modelOf(item, D100WeaponModel);
    const armor = modelOf(item, D100ArmorModel);
    const gear = modelOf(item, D100GearModel);
    return Object.assign(context, {
      isSkill: modelOf(item, D100SkillModel) !== null,
      isTab: tab !== null,
      isPower: power !== null,
      isWeapon: weapon !== null,
      isArmor: armor !== null,
      isGear: gear !== null,
      tabKinds: options(R.TAB_KINDS, "BREADBOX.D100.Tab.Kind", tab?.kind ?? "trait"),
      effects: (tab?.effects ?? []).map((e, index) => ({
        ...e,
        index,
        kinds: options(TAB_EFFECT_KINDS, "BREADBOX.D100.Tab.Effect", e.kind),
        attributes: options(OPTIONAL_ATTRIBUTES, "BREADBOX.D100.Attribute", e.attribute),
      })),
      combines: options(POWER_COMBINES, "BREADBOX.D100.Power.Combine", power?.combine ?? "average"),
      powerAttributes: R.ATTRIBUTE_KEYS.map((k) => ({ key: k, label: localize(`BREADBOX.D100.Attribute.${k}`), checked: power?.normalAttributes.includes(k) ?? false })),
      actions: (power?.actions ?? []).map((a, index) => ({ ...a, index })),
      ranges: options(WEAPON_RANGES, "BREADBOX.D100.Weapon.Range", weapon?.range ?? "ranged"),
      fireBlocks: (weapon?.fireBlocks ?? []).map((b) => ({ title: b.title, kind: localize(`BREADBOX.D100.Fire.${b.kind}`), spread: b.spread.join(" · "), damage: b.damage.join(" / ") })),
      coverage: DUDE_REGIONS.map((r) => ({ key: r, label: localize(`BREADBOX.D100.Dude.Region.${r}`), checked: armor?.coverage.includes(r) ?? false })),
      regions: options(["", ...DUDE_REGIONS], "BREADBOX.D100.Dude.Region", gear?.region ?? ""),
    });
  }
}

/** A one-line summary of an item, from its data. */
export function d100ItemSummary(item: Item.Implementation): string {
  const skill = modelOf(item, D100SkillModel);
  if (skill) return joinSummary([format("BREADBOX.D100.Summary.Parent", { parent: skill.parentSkill }), format("BREADBOX.D100.Summary.Adjust", { adjust: skill.adjust, cost: skill.cost })]);
  const tab = modelOf(item, D100TabModel);
  if (tab) return joinSummary([localize(`BREADBOX.D100.Tab.Kind.${tab.kind}`), tab.degree ? format("BREADBOX.D100.Summary.Degree", { degree: tab.degree }) : null, ...tab.tab.effects.map((e) => (e.kind === "adjustment" ? e.notation : e.when))]);
  const power = modelOf(item, D100PowerModel);
  if (power) return joinSummary([format("BREADBOX.D100.Summary.Points", { current: power.current, normal: power.normal }), ...power.actions.map((a) => `${a.name}: ${a.cost}`)]);
  const weapon = modelOf(item, D100WeaponModel);
  if (weapon) return joinSummary([weapon.damage, weapon.skill, `${weapon.attackAp} AP`, weapon.fireBlocks.length ? format("BREADBOX.D100.Summary.Blocks", { n: weapon.fireBlocks.length }) : null]);
  const armor = modelOf(item, D100ArmorModel);
  if (armor) return joinSummary([armor.adjustment, armor.coverage.map((r) => localize(`BREADBOX.D100.Dude.Region.${r}`)).join(", ")]);
  const gear = modelOf(item, D100GearModel);
  if (gear) return joinSummary([format("BREADBOX.D100.Summary.Quantity", { n: gear.quantity }), gear.region ? localize(`BREADBOX.D100.Dude.Region.${gear.region}`) : null, gear.adjustment || null]);
  return "";
}
