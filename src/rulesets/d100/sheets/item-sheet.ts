/**
 * Item sheet for every D10/0 item type: one details template with a section per type, list
 * editors for a TAB's effects and a power's actions, and a summary line generated from the data
 * ("10 + 2D(ST) · ranged · 2 AP", "-10F -2R · chest, abdomen"). Notation typed into a field is
 * checked by the rules core's parsers; a malformed one is refused with the parser's message.
 */
import * as R from "../rules";
import { BreadboxItemSheet, rulesetItemSheet } from "../../../core/sheets/item-sheet";
import { choiceOptions, humanizeKey, joinSummary, readInputValue, reportInvalidChange } from "../../../core/sheets/helpers";
import { format, localize, modelOf } from "../../../core/game";
import { AP_RANGE, DUDE_REGIONS } from "../data/fields";
import { linkField, linkTargets, type LinkTarget } from "../../../core/sheets/links";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel, OPTIONAL_ATTRIBUTES, POWER_ACTION_EFFECTS, POWER_COMBINES, TAB_EFFECT_KINDS } from "../data/items";
import { D100ArmorModel, D100WeaponModel, FIRE_AMOUNT_KINDS, FIRE_AP_KINDS, FIRE_DAMAGE_BY, WEAPON_RANGES, type FireBlockData, toFireBlock } from "../data/weapons";

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

/** Fire-block fields typed as a list: entries separated by ";" ("> -10; > 0; > 10"). */
const FIRE_NUMBER_LISTS = ["apChoices", "amounts"] as const;
const FIRE_NUMBERS = ["apCost", "shotsPerX"] as const;

function splitList(text: string): string[] {
  return text
    .split(";")
    .map((x) => x.trim())
    .filter((x) => x !== "");
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return list.some((k) => k === value);
}

/**
 * A fire block with one field changed from the sheet. Throws a localized message for a value the
 * field cannot hold; the whole block is then checked by the core (toFireBlock → validateFireBlock).
 */
function withFireField(block: FireBlockData, field: string, raw: string, label: string): FireBlockData {
  if (field === "title") return { ...block, title: raw };
  if (field === "spread") return { ...block, spread: splitList(raw) };
  if (field === "damage") return { ...block, damage: splitList(raw) };
  if (isOneOf(FIRE_NUMBER_LISTS, field)) {
    const values = splitList(raw).map((x) => Number(x));
    const [min, max] = field === "apChoices" ? [AP_RANGE.min, AP_RANGE.max] : [0, R.MAX_FIRE_AMOUNT];
    if (values.some((n) => !Number.isInteger(n) || n < min || n > max)) throw new Error(format("BREADBOX.D100.FireEdit.NotWholeNumbers", { field: label, value: raw, min, max }));
    return field === "apChoices" ? { ...block, apChoices: values } : { ...block, amounts: values };
  }
  if (field === "kind" && isOneOf(R.FIRE_KINDS, raw)) return { ...block, kind: raw };
  if (field === "apKind" && isOneOf(FIRE_AP_KINDS, raw)) return { ...block, apKind: raw };
  if (field === "amountKind" && isOneOf(FIRE_AMOUNT_KINDS, raw)) return { ...block, amountKind: raw };
  if (field === "damageBy" && isOneOf(FIRE_DAMAGE_BY, raw)) return { ...block, damageBy: raw };
  throw new Error(format("BREADBOX.D100.FireEdit.BadValue", { field: label, value: raw }));
}

function fieldLabel(input: HTMLElement, field: string): string {
  return input.closest(".form-group")?.querySelector("label")?.textContent?.trim() ?? field;
}

function copyBlock(b: FireBlockData): FireBlockData {
  return { ...b, apChoices: [...b.apChoices], spread: [...b.spread], amounts: [...b.amounts], damage: [...b.damage] };
}

/**
 * Change the weapon's fire blocks: every block of the new list is checked by the core before
 * anything is written; a refused change is reported (localized) and the sheet shows the stored data.
 */
async function editFireBlocks(sheet: D100ItemSheet, change: (list: FireBlockData[]) => FireBlockData[]): Promise<boolean> {
  const weapon = modelOf(sheet.document, D100WeaponModel);
  if (!weapon || !sheet.isEditable) return false;
  try {
    const list = change(weapon.fireBlocks.map(copyBlock));
    list.forEach((b, i) => toFireBlock(b, `block${i}`));
    await sheet.document.update({ system: { fireBlocks: list } });
    return true;
  } catch (err) {
    reportInvalidChange(err);
    void sheet.render();
    return false;
  }
}

/** A new block: one step (any success), one hit of the weapon's own damage, at its attack AP. */
function newFireBlock(weapon: D100WeaponModel): FireBlockData {
  return {
    title: localize("BREADBOX.D100.FireEdit.NewBlock"),
    kind: "single",
    apKind: "fixed",
    apCost: weapon.attackAp,
    shotsPerX: 1,
    apChoices: [],
    spread: ["> 0"],
    amountKind: "flat",
    amounts: [1],
    damageBy: "all",
    damage: [weapon.damage],
  };
}

function rowIndex(target: HTMLElement): number {
  return Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
}

export class D100ItemSheet extends rulesetItemSheet("d100", d100ItemSummary) {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    actions: {
      addEffect: async function (this: unknown) {
        await editArray(this, "effects", (l) => [...l, { kind: "difficulty", when: "", attributeDelta: 0, skillDelta: 0, factor: 2, attribute: "", usesPerDay: 0, notation: "" }]);
      },
      removeEffect: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        const i = rowIndex(target);
        await editArray(this, "effects", (l) => l.filter((_, j) => j !== i));
      },
      addAction: async function (this: unknown) {
        await editArray(this, "actions", (l) => [...l, { name: localize("BREADBOX.D100.Power.NewAction"), cost: "Drain 1", actionPoints: 0, skill: "", difficultyDelta: 0, effect: "" }]);
      },
      removeAction: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        const i = rowIndex(target);
        await editArray(this, "actions", (l) => l.filter((_, j) => j !== i));
      },
      addFireBlock: async function (this: unknown) {
        if (!(this instanceof D100ItemSheet)) return;
        const weapon = modelOf(this.document, D100WeaponModel);
        if (weapon) await editFireBlocks(this, (l) => [...l, newFireBlock(weapon)]);
      },
      saveFireBlock: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        if (this instanceof D100ItemSheet) await this.saveFireBlock(rowIndex(target));
      },
      removeFireBlock: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        if (!(this instanceof D100ItemSheet)) return;
        const i = rowIndex(target);
        await editFireBlocks(this, (l) => l.filter((_, j) => j !== i));
      },
    },
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
    // Fire-block fields carry no form name and are not saved one by one (they depend on each
    // other: three steps need one or three amounts); "Save block" reads the whole block.
    for (const input of this.element.querySelectorAll("[data-fire-field]")) input.addEventListener("change", (event) => event.stopPropagation());
  }

  /** Save one fire block from its fields on the sheet; a refused value is reported and nothing changes. */
  async saveFireBlock(index: number): Promise<boolean> {
    const inputs = [...this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`.d100-fire-block[data-index="${index}"] [data-fire-field]`)];
    const numbers: Partial<Record<(typeof FIRE_NUMBERS)[number], number>> = {};
    for (const input of inputs) {
      const field = input.dataset.fireField ?? "";
      if (!isOneOf(FIRE_NUMBERS, field)) continue;
      const read = readInputValue(input, fieldLabel(input, field));
      if (!read.ok) return false;
      numbers[field] = Number(read.value);
    }
    return editFireBlocks(this, (l) =>
      l.map((b, j) => {
        if (j !== index) return b;
        let next: FireBlockData = { ...b, ...numbers };
        for (const input of inputs) {
          const field = input.dataset.fireField ?? "";
          if (!isOneOf(FIRE_NUMBERS, field)) next = withFireField(next, field, input.value.trim(), fieldLabel(input, field));
        }
        return next;
      }),
    );
  }

  protected override itemContext(item: Item.Implementation) {
    const tab = modelOf(item, D100TabModel);
    const power = modelOf(item, D100PowerModel);
    const weapon = modelOf(item, D100WeaponModel);
    const armor = modelOf(item, D100ArmorModel);
    const gear = modelOf(item, D100GearModel);
    const branch = modelOf(item, D100SkillModel);
    // A skill link names one of the ten root skills (by key) or a branch skill (by name).
    const skills = linkTargets(item, ["d100Skill"], d100RootSkills());
    return {
      parentLink: branch ? linkField(branch.parentSkill, skills) : null,
      weaponSkillLink: weapon ? linkField(weapon.skill, skills) : null,
      tabKinds: choiceOptions(R.TAB_KINDS, "BREADBOX.D100.Tab.Kind", tab?.kind ?? "trait"),
      effects: (tab?.effects ?? []).map((e, index) => ({
        ...e,
        index,
        // Counted from 1 for the reader; the situation tag in words where it is a stored key.
        number: index + 1,
        whenText: e.when ? humanizeKey(e.when) : "",
        kinds: choiceOptions(TAB_EFFECT_KINDS, "BREADBOX.D100.Tab.Effect", e.kind),
        attributes: choiceOptions(OPTIONAL_ATTRIBUTES, "BREADBOX.D100.Attribute", e.attribute),
      })),
      combines: choiceOptions(POWER_COMBINES, "BREADBOX.D100.Power.Combine", power?.combine ?? "average"),
      powerAttributes: R.ATTRIBUTE_KEYS.map((k) => ({ key: k, label: localize(`BREADBOX.D100.Attribute.${k}`), checked: power?.normalAttributes.includes(k) ?? false })),
      actions: (power?.actions ?? []).map((a, index) => ({ ...a, index, skillLink: linkField(a.skill, skills, "BREADBOX.D100.Power.NoSkill"), effects: choiceOptions(POWER_ACTION_EFFECTS, "BREADBOX.D100.Power.Effect", a.effect) })),
      ranges: choiceOptions(WEAPON_RANGES, "BREADBOX.D100.Weapon.Range", weapon?.range ?? "ranged"),
      fireBlocks: (weapon?.fireBlocks ?? []).map((b, index) => ({
        index,
        title: b.title,
        kind: localize(`BREADBOX.D100.Fire.${b.kind}`),
        spread: b.spread.join(" · "),
        damage: b.damage.join(" / "),
        apCost: b.apCost,
        shotsPerX: b.shotsPerX,
        spreadList: b.spread.join("; "),
        damageList: b.damage.join("; "),
        apChoicesList: b.apChoices.join("; "),
        amountsList: b.amounts.join("; "),
        kinds: choiceOptions(R.FIRE_KINDS, "BREADBOX.D100.Fire", b.kind),
        apKinds: choiceOptions(FIRE_AP_KINDS, "BREADBOX.D100.FireEdit.ApKind", b.apKind),
        amountKinds: choiceOptions(FIRE_AMOUNT_KINDS, "BREADBOX.D100.FireEdit.AmountKind", b.amountKind),
        damageBys: choiceOptions(FIRE_DAMAGE_BY, "BREADBOX.D100.FireEdit.DamageBy", b.damageBy),
      })),
      coverage: DUDE_REGIONS.map((r) => ({ key: r, label: localize(`BREADBOX.D100.Dude.Region.${r}`), checked: armor?.coverage.includes(r) ?? false })),
      regions: choiceOptions(["", ...DUDE_REGIONS], "BREADBOX.D100.Dude.Region", gear?.region ?? ""),
    };
  }
}

/** The ten root skills as link targets: the key stored, the book's name shown. */
export function d100RootSkills(): LinkTarget[] {
  return R.ROOT_SKILL_KEYS.map((k) => ({ key: k, label: localize(`BREADBOX.D100.Skill.${k}`) }));
}

/** A one-line summary of an item, from its data. */
export function d100ItemSummary(item: Item.Implementation): string {
  const skill = modelOf(item, D100SkillModel);
  if (skill) return joinSummary([format("BREADBOX.D100.Summary.Parent", { parent: skill.parentSkill }), format("BREADBOX.D100.Summary.Adjust", { adjust: skill.adjust, cost: skill.cost })]);
  const tab = modelOf(item, D100TabModel);
  if (tab) return joinSummary([localize(`BREADBOX.D100.Tab.Kind.${tab.kind}`), tab.degree ? format("BREADBOX.D100.Summary.Degree", { degree: tab.degree }) : null, ...tab.tab.effects.map((e) => (e.kind === "adjustment" ? e.notation : humanizeKey(e.when)))]);
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
