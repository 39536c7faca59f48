/**
 * The Toaster character data model. Stored: attributes, damage tracks, luck, experience,
 * biography. Derived (never stored): effective attributes and sub-attributes from attribute
 * traits, size thresholds, stun state, wound penalty, the worse-of-two action penalty, luck
 * maximum, armor class, creation budget and trait balance.
 */
import * as R from "../init-rules";
import { choice, html, int } from "../../../core/data/fields";
import { ATTRIBUTE_KEYS, CAMPAIGN_STYLE_KEYS, attribute } from "./fields";
import { toasterRulesOrDefault } from "../settings";
import { ToasterArmorModel, ToasterSkillModel, ToasterTraitModel } from "./items";
import { dict, own } from "../../../dice/dict";
import { OnDemand } from "../../../core/documents/on-demand";

const fields = foundry.data.fields;

/**
 * A custom attribute may not take a built-in attribute's key (it would silently replace it in
 * every lookup); the field's validation refuses it with this message.
 */
function customAttributeKeyProblem(key: unknown): void {
  if (typeof key === "string" && (ATTRIBUTE_KEYS as readonly string[]).includes(key)) {
    throw new Error(`"${key}" is the key of a built-in attribute; a custom attribute needs another key`);
  }
}

function customAttributeSchema() {
  return new fields.SchemaField({
    key: new fields.StringField({ required: true, blank: false, initial: "custom" }),
    label: new fields.StringField({ required: true, blank: true, initial: "" }),
    value: int({ min: 0, max: 30, initial: 4 }),
  });
}

/**
 * The custom attribute list. A key equal to a built-in attribute's (physique) or used twice would
 * silently shadow an attribute in every lookup, so the field refuses both — on create, on a
 * partial update that replaces the list, and on import.
 */
class CustomAttributesField extends fields.ArrayField<ReturnType<typeof customAttributeSchema>> {
  protected override _validateType(...args: Parameters<foundry.data.fields.ArrayField<ReturnType<typeof customAttributeSchema>>["_validateType"]>): ReturnType<foundry.data.fields.ArrayField<ReturnType<typeof customAttributeSchema>>["_validateType"]> {
    const [value] = args;
    const seen = new Set<string>();
    for (const entry of Array.isArray(value) ? value : []) {
      const key: unknown = entry && typeof entry === "object" ? Reflect.get(entry, "key") : undefined;
      if (typeof key !== "string") continue;
      customAttributeKeyProblem(key);
      if (seen.has(key)) throw new Error(`custom attribute key "${key}" is used more than once`);
      seen.add(key);
    }
    return super._validateType(...args);
  }
}

function actorSchema() {
  return {
    attributes: new fields.SchemaField({
      physique: attribute(),
      coordination: attribute(),
      intellect: attribute(),
      aura: attribute(),
    }),
    customAttributes: new CustomAttributesField(customAttributeSchema()),
    unnamed: new fields.BooleanField({ initial: false }),
    stun: new fields.SchemaField({ value: int({ min: 0, max: 999 }) }),
    wounds: new fields.SchemaField({ value: int({ min: 0, max: 99 }) }),
    // Bleeding: stun lost to blood loss since it began (every 10 adds a wound) and the current rate.
    bleeding: new fields.SchemaField({ value: int({ min: 0, max: 999 }), rate: int({ min: 0, max: 99 }) }),
    luck: new fields.SchemaField({ value: int({ min: 0, max: 99 }) }),
    // Unspent experience may hold half points (variable skill cost charges 0.5 per easy base point).
    experience: new fields.SchemaField({
      total: int({ min: 0, max: 9999 }),
      unspent: new fields.NumberField({ required: true, nullable: false, min: 0, max: 9999, step: 0.5, initial: 0 }),
    }),
    campaignStyle: choice(CAMPAIGN_STYLE_KEYS, ""),
    biography: html(),
    notes: html(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;


export interface SubAttribute {
  attribute: string;
  name: string;
  value: number;
}

interface Track { value: number; max: number }

/** What an actor outside a world (pack validation) iterates in place of its owned items. */
const NO_ITEMS: readonly Item.Implementation[] = [];

/** The body areas an armor's coverage may name, for the AC by area. */
const AC_AREAS = ["head", "torso", "leftArm", "rightArm", "leftLeg", "rightLeg"] as const;

export class ToasterActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /** Attribute values after whole-attribute traits, by key (standard and custom). */
  declare effective: Record<string, number>;
  declare subAttributes: SubAttribute[];
  /** Skill name (lower case) → skill base bonus from skill-package traits. */
  declare skillPackageBonus: Record<string, number>;
  /** Whether any trait gives skill-package bonuses. */
  declare hasSkillPackages: boolean;
  declare sizeRank: number;
  declare thresholds: R.Thresholds;
  declare stunState: R.StunState;
  declare woundPenalty: number;
  declare penalty: number;
  declare mortallyWounded: boolean;
  declare incapacitated: boolean;
  declare luckMax: number;
  declare ac: number;
  /** Armor class by body area (an attack with hit locations reads it). Computed on first read after each preparation. */
  get acByArea(): Record<string, number> {
    return this.#acByArea.value;
  }
  /** Equipped armor, gathered by the preparation for the AC by area. */
  #armor: ToasterArmorModel[] = [];
  readonly #acByArea = new OnDemand((): Record<string, number> => {
    const physique = this.effective.physique ?? 0;
    const byArea = dict<number>();
    for (const area of AC_AREAS) {
      const acs: number[] = [];
      for (const a of this.#armor) if (a.natural || a.coverage.includes(area)) acs.push(a.ac);
      byArea[area] = R.armorClass(physique, acs);
    }
    return byArea;
  });
  /** Problems in the character's data (traits the core refuses, an unreadable budget). Sheet-only: gathered on first read. */
  get warnings(): string[] {
    return this.#warnings.value;
  }
  /** What the attribute derivation refused (a trait out of the core's bounds), by item. */
  #derivationWarnings: string[] = [];
  readonly #warnings = new OnDemand((): string[] => {
    const out = [...this.#derivationWarnings];
    if (this.budgetWarning) out.push(this.budgetWarning);
    return out;
  });

  override prepareBaseData(): void {
    super.prepareBaseData();
    this.deriveAttributes();
    this.#seeAttributes();
  }

  /** The stored attribute values (built-in, then custom keys and values) seen by the last derivation, to notice Active Effects on them. */
  readonly #attributesSeen: (number | string)[] = [];

  #seeAttributes(): void {
    const seen = this.#attributesSeen;
    seen.length = 0;
    for (const key of ATTRIBUTE_KEYS) seen.push(this.attributes[key].value);
    for (const c of this.customAttributes) seen.push(c.key, c.value);
  }

  /** Whether the attributes differ from those the last derivation saw. */
  #attributesChanged(): boolean {
    const seen = this.#attributesSeen;
    let i = 0;
    for (const key of ATTRIBUTE_KEYS) if (seen[i++] !== this.attributes[key].value) return true;
    for (const c of this.customAttributes) if (seen[i++] !== c.key || seen[i++] !== c.value) return true;
    return i !== seen.length;
  }

  /**
   * Effective attributes, sub-attributes, skill-package bonuses and size from the stored
   * attributes and the traits. Run in prepareBaseData (owned items are prepared before Active
   * Effects apply and read these) and again in prepareDerivedData, where Active Effects on
   * `system.attributes.<key>.value` have been applied.
   */
  private deriveAttributes(): void {
    const items = this.parent?.items ?? NO_ITEMS;
    const warnings: string[] = [];
    // Keys are typed by users (custom attributes, trait fields): null-prototype records only.
    const effective = dict<number>();
    for (const key of ATTRIBUTE_KEYS) effective[key] = this.attributes[key].value;
    for (const c of this.customAttributes) effective[c.key] = c.value;
    const subs: SubAttribute[] = [];
    const packageBonus = dict<number>();
    let size = 0;
    let packages = false;
    // Armor is gathered on the same pass (one walk over the items per preparation); whether it is
    // equipped is read in prepareDerivedData.
    const armor: ToasterArmorModel[] = [];
    for (const item of items) {
      // The sub-type first: the other items' models are not read here.
      const type = item.type;
      if (type !== "toasterTrait") {
        if (type === "toasterArmor" && item.system instanceof ToasterArmorModel) armor.push(item.system);
        continue;
      }
      const t = item.system;
      if (!(t instanceof ToasterTraitModel)) continue;
      try {
        if (t.kind === "attribute" && own(effective, t.attribute) !== undefined) {
          if (t.subAttribute) subs.push({ attribute: t.attribute, name: t.subAttribute, value: 0 + R.attributeTraitModifier(t.rank, "subAttribute") });
          else effective[t.attribute] = Math.max(0, effective[t.attribute]! + R.attributeTraitModifier(t.rank, "attribute"));
        } else if (t.kind === "size") {
          size += t.rank;
        } else if (t.kind === "skillPackage") {
          for (const s of t.skills) {
            packageBonus[s.toLowerCase()] = (own(packageBonus, s.toLowerCase()) ?? 0) + t.rank;
            packages = true;
          }
        }
      } catch (err) {
        warnings.push(`${item.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    for (const s of subs) s.value += own(effective, s.attribute) ?? 0;
    this.effective = effective;
    this.subAttributes = subs;
    this.skillPackageBonus = packageBonus;
    this.hasSkillPackages = packages;
    this.sizeRank = Math.max(-10, Math.min(10, size));
    this.#derivationWarnings = warnings;
    this.#ownedArmor = armor;
  }

  /** The owned armor items' models (equipped or not), gathered with the traits. */
  #ownedArmor: ToasterArmorModel[] = [];

  override prepareDerivedData(): void {
    // The owned items are iterated in place (no copy per preparation: 1,000 characters prepare at once).
    const items = this.parent?.items ?? NO_ITEMS;
    // Active Effects apply after prepareBaseData: when they changed an attribute, derive again and
    // let owned items re-derive what they read from it (skill attribute, weapon class).
    if (this.#attributesChanged()) {
      this.deriveAttributes();
      for (const item of items) {
        const model: unknown = item.system;
        if (model instanceof foundry.abstract.TypeDataModel) model.prepareDerivedData();
      }
    }
    const rules = toasterRulesOrDefault();
    this.thresholds = R.sizeThresholds(this.sizeRank);
    this.stunState = R.stunState({ stun: this.stun.value, stunThreshold: this.thresholds.stun });
    this.woundPenalty = R.woundPenalty(this.wounds.value);
    this.penalty = R.actionPenalty({ stun: this.stun.value, wounds: this.wounds.value, thresholds: this.thresholds });
    this.mortallyWounded = R.isMortallyWounded(this.wounds.value);
    this.incapacitated = this.stunState.unconscious || this.mortallyWounded || (rules.unnamedCharacters && this.unnamed && this.wounds.value > 0);
    this.luckMax = R.luckPool({ aura: this.effective.aura ?? 0, adjustment: rules.luckAdjustment });

    // Equipped armor (the creation budget, which reads skills and traits, is computed on demand).
    const armor: ToasterArmorModel[] = [];
    for (const m of this.#ownedArmor) if (m.equipped) armor.push(m);
    const physique = this.effective.physique ?? 0;
    this.ac = R.armorClass(physique, armor.map((a) => a.ac));
    this.#armor = armor;
    this.#acByArea.reset();

    // Token bars read {value, max}: the maxima are derived, only the values are stored.
    (this.stun as Track).max = this.thresholds.stun * 5;
    (this.wounds as Track).max = R.MORTAL_WOUNDS;
    (this.luck as Track).max = this.luckMax;

    this.#budget.reset();
    this.#warnings.reset();
  }

  /** The creation budget (null when the data is out of the core's bounds; see budgetWarning). Sheet-only: computed on first read. */
  get budget(): R.CreationBudget | null {
    return this.#budget.value.budget;
  }
  /** Why the creation budget could not be computed ("" when it was). */
  get budgetWarning(): string {
    return this.#budget.value.warning;
  }

  /** The creation budget, on demand (issue 20: a world prepares every character, a sheet reads one). */
  readonly #budget = new OnDemand((): { budget: R.CreationBudget | null; warning: string } => {
    const rules = toasterRulesOrDefault();
    const skills: R.BudgetSkill[] = [];
    const traitRanks: number[] = [];
    let experienceRank = 0;
    for (const i of this.parent?.items ?? NO_ITEMS) {
      const m = i.system;
      if (m instanceof ToasterSkillModel) {
        skills.push({ name: i.name ?? "", base: m.base, nativeLanguage: m.nativeLanguage, freeBase: own(this.skillPackageBonus, (i.name ?? "").toLowerCase()) ?? 0, difficulty: m.cost });
      } else if (m instanceof ToasterTraitModel) {
        traitRanks.push(m.rank);
        if (m.kind === "experience") experienceRank += m.rank;
      }
    }
    const style = (this.campaignStyle || rules.campaignStyle) as R.CampaignStyleKey;
    try {
      const attrs = dict<number>();
      for (const key of ATTRIBUTE_KEYS) attrs[key] = this.attributes[key].value;
      for (const c of this.customAttributes) attrs[c.key] = c.value;
      const budget = R.creationBudget({
        style,
        attributes: attrs,
        skills,
        experienceRank: Math.max(-5, Math.min(5, experienceRank)),
        variableSkillCost: rules.variableSkillCost,
        traitRanks,
        traitCap: rules.traitCap > 0 ? rules.traitCap : null,
      });
      return { budget, warning: "" };
    } catch (err) {
      return { budget: null, warning: err instanceof Error ? err.message : String(err) };
    }
  });

  /** Roll data for formulas: attributes by key plus the current penalty. */
  getRollData(): Record<string, number> {
    return Object.assign(dict<number>(), this.effective, { penalty: this.penalty });
  }
}
