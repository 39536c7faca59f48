/**
 * Item sheet for every D10/0 item type: one details template with a section per type, list
 * editors for a TAB's effects and a power's actions, and a summary line generated from the data
 * ("10 + 2D(ST) · ranged · 2 AP", "-10F -2R · chest, abdomen"). Notation typed into a field is
 * checked by the rules core's parsers; a malformed one is refused with the parser's message.
 */
import * as R from "../rules";
import { BreadboxItemSheet, rulesetItemSheet } from "../../../core/sheets/item-sheet";
import { choiceOptions, humanizeKey, joinSummary, reportInvalidChange } from "../../../core/sheets/helpers";
import { format, localize, modelOf } from "../../../core/game";
import { AP_RANGE, DUDE_REGIONS } from "../data/fields";
import { linkField, linkTargets, type LinkTarget } from "../../../core/sheets/links";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel, OPTIONAL_ATTRIBUTES, POWER_ACTION_EFFECTS, POWER_COMBINES, TAB_EFFECT_KINDS } from "../data/items";
import { D100ArmorModel, D100WeaponModel, FIRE_AMOUNT_KINDS, FIRE_AP_KINDS, FIRE_DAMAGE_BY, WEAPON_RANGES, type FireBlockData } from "../data/weapons";
import { toFireBlock } from "../fire-blocks";
import { FIRE_LISTS, SPREAD_OPS, type FireDraft, addRow, blockOfDraft, draftOf, isOneOf, readDraft, removeRow, spreadWords } from "./fire-editor";

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
        this.keepFireDrafts();
        if (weapon) await editFireBlocks(this, (l) => [...l, newFireBlock(weapon)]);
      },
      saveFireBlock: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        if (this instanceof D100ItemSheet) await this.saveFireBlock(rowIndex(target));
      },
      discardFireBlock: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        if (!(this instanceof D100ItemSheet)) return;
        this.keepFireDrafts();
        this.fireDrafts.delete(rowIndex(target));
        await this.render();
      },
      removeFireBlock: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        if (!(this instanceof D100ItemSheet)) return;
        const i = rowIndex(target);
        this.keepFireDrafts();
        // The drafts of the blocks after the removed one move up with their blocks.
        const moved = new Map([...this.fireDrafts].filter(([j]) => j !== i).map(([j, d]) => [j > i ? j - 1 : j, d]));
        if (await editFireBlocks(this, (l) => l.filter((_, j) => j !== i))) this.fireDrafts = moved;
      },
      addFireRow: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        if (this instanceof D100ItemSheet) await this.editFireDraft(rowIndex(target), target, (d, list) => addRow(d, list));
      },
      removeFireRow: async function (this: unknown, _e: PointerEvent, target: HTMLElement) {
        const row = Number(target.closest<HTMLElement>("[data-fire-row]")?.dataset.fireRow);
        if (this instanceof D100ItemSheet) await this.editFireDraft(rowIndex(target), target, (d, list) => removeRow(d, list, row));
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
    // other: three steps need one or three amounts); "Save block" reads the whole block. What is
    // typed is kept as the block's draft; a choice that changes which fields apply re-renders.
    for (const input of this.element.querySelectorAll<HTMLElement>("[data-fire-field], [data-fire-part]")) {
      input.addEventListener("change", (event) => {
        event.stopPropagation();
        this.keepFireDrafts();
        if (input instanceof HTMLSelectElement) void this.render();
      });
    }
  }

  /** Blocks being edited on the sheet: what is typed, until "Save block" stores it (by block index). */
  fireDrafts = new Map<number, FireDraft>();

  private storedFireBlocks(): FireBlockData[] {
    return modelOf(this.document, D100WeaponModel)?.fireBlocks ?? [];
  }

  /** Keep every changed block's fields as its draft (before a render would redraw them). */
  keepFireDrafts(): void {
    const stored = this.storedFireBlocks();
    for (const box of this.element.querySelectorAll<HTMLElement>(".d100-fire-block[data-index]")) {
      const index = Number(box.dataset.index);
      const block = stored[index];
      if (!block) continue;
      const kept = this.fireDrafts.get(index) ?? draftOf(block);
      const draft = readDraft(box, kept);
      if (this.fireDrafts.has(index) || JSON.stringify(draft) !== JSON.stringify(draftOf(block))) this.fireDrafts.set(index, draft);
    }
  }

  /** Add or remove a row of one of a block's lists (in its draft; nothing is stored until saved). */
  async editFireDraft(index: number, target: HTMLElement, change: (draft: FireDraft, list: (typeof FIRE_LISTS)[number]) => void): Promise<void> {
    const list = target.closest<HTMLElement>("[data-fire-list]")?.dataset.fireList ?? "";
    const block = this.storedFireBlocks()[index];
    if (!block || !isOneOf(FIRE_LISTS, list) || !this.isEditable) return;
    this.keepFireDrafts();
    const draft = this.fireDrafts.get(index) ?? draftOf(block);
    change(draft, list);
    this.fireDrafts.set(index, draft);
    await this.render();
  }

  /**
   * Save one fire block from its fields on the sheet. A refused value is reported, nothing is
   * stored and the sheet keeps what was typed (to be corrected, or discarded).
   */
  async saveFireBlock(index: number): Promise<boolean> {
    this.keepFireDrafts();
    const block = this.storedFireBlocks()[index];
    if (!block) return false;
    const draft = this.fireDrafts.get(index) ?? draftOf(block);
    let next: FireBlockData;
    try {
      next = blockOfDraft(draft);
      toFireBlock(next, `block${index}`);
    } catch (err) {
      reportInvalidChange(err);
      await this.render();
      return false;
    }
    const saved = await editFireBlocks(this, (l) => l.map((b, j) => (j === index ? next : b)));
    if (saved) {
      this.fireDrafts.delete(index);
      await this.render();
    }
    return saved;
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
      fireBlocks: (weapon?.fireBlocks ?? []).map((b, index) => fireBlockContext(b, index, this.fireDrafts.get(index))),
      coverage: DUDE_REGIONS.map((r) => ({ key: r, label: localize(`BREADBOX.D100.Dude.Region.${r}`), checked: armor?.coverage.includes(r) ?? false })),
      regions: choiceOptions(["", ...DUDE_REGIONS], "BREADBOX.D100.Dude.Region", gear?.region ?? ""),
    };
  }
}

/** One fire block on the sheet: the stored block in words (play), and its draft as rows (edit). */
function fireBlockContext(b: FireBlockData, index: number, draft: FireDraft | undefined) {
  const d = draft ?? draftOf(b);
  const rows = (values: string[]) => values.map((value, row) => ({ row, number: row + 1, value }));
  return {
    index,
    title: b.title,
    kind: localize(`BREADBOX.D100.Fire.${b.kind}`),
    spread: b.spread.map(spreadWords).join(" · "),
    damage: b.damage.join(" / "),
    draft: d,
    dirty: draft !== undefined,
    showApCost: d.apKind !== "choice",
    showShotsPerX: d.apKind === "perX",
    showApChoices: d.apKind === "choice",
    apChoices: rows(d.apChoices),
    amounts: rows(d.amounts),
    damageRows: rows(d.damage),
    spreadRows: d.spread.map((s, row) => ({ row, number: row + 1, from: s.from, to: s.to, between: s.op === "between", ops: choiceOptions(SPREAD_OPS, "BREADBOX.D100.FireEdit.StepOp", s.op) })),
    kinds: choiceOptions(R.FIRE_KINDS, "BREADBOX.D100.Fire", d.kind),
    apKinds: choiceOptions(FIRE_AP_KINDS, "BREADBOX.D100.FireEdit.ApKind", d.apKind),
    amountKinds: choiceOptions(FIRE_AMOUNT_KINDS, "BREADBOX.D100.FireEdit.AmountKind", d.amountKind),
    damageBys: choiceOptions(FIRE_DAMAGE_BY, "BREADBOX.D100.FireEdit.DamageBy", d.damageBy),
  };
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
