/**
 * The Toast character data model. Stored (the player's and GM's choices): the ten attribute
 * levels, the running wound tally, the wound scale (4 for humanoids, more for hardier races),
 * the collapsed and dead states a failed check leaves, biography and notes, and the combat part's
 * fields under `combat`. Derived (never stored), through the rules core: aspect scores, attribute
 * modifiers, skill modifiers, wound threshold, effective wound level, category and penalty, armor
 * penalty, the creation budget report.
 */
import * as R from "../init-rules";
import { html, int } from "../../../core/data/fields";
import { ATTRIBUTE_RANGE, WOUND_RANGE, WOUND_SCALE_RANGE } from "./fields";
import { ToastSkillModel, type ToastSkillFigures } from "./items";
import { ToastArmorModel } from "./weapons";
import { toastCombatFields } from "../combat/fields";
import { OnDemand } from "../../../core/documents/on-demand";

const fields = foundry.data.fields;

/** What the sheet shows besides the wounds. */
interface SheetFigures {
  aspects: Record<R.AspectKey, number>;
  aspectPoints: Record<R.AspectKey, number>;
  attributeModifiers: Record<R.AttributeKey, number>;
  startingSkillCap: number;
  intelligence: number;
}

/** The figures of a character whose data could not be read. */
function zeroFigures(): SheetFigures {
  return {
    aspects: { physical: 0, mental: 0 },
    aspectPoints: { physical: 0, mental: 0 },
    attributeModifiers: { strength: 0, agility: 0, hec: 0, health: 0, tolerance: 0, perception: 0, focus: 0, empathy: 0, will: 0, psyche: 0 },
    startingSkillCap: 0,
    intelligence: 0,
  };
}

/** An actor without items (an unowned model in a test). */
const NO_ITEMS: readonly Item.Implementation[] = [];

const attribute = () => int({ ...ATTRIBUTE_RANGE, initial: 10 });

function actorSchema() {
  return {
    attributes: new fields.SchemaField({
      strength: attribute(),
      agility: attribute(),
      hec: attribute(),
      health: attribute(),
      tolerance: attribute(),
      perception: attribute(),
      focus: attribute(),
      empathy: attribute(),
      will: attribute(),
      psyche: attribute(),
    }),
    /** The running tally of wound levels taken. */
    wounds: new fields.SchemaField({ value: int({ ...WOUND_RANGE, initial: 0 }) }),
    /** Wound levels per penalty category (seed: 4 for humanoids, 5 for a hardier race, more for monsters). */
    woundScale: int({ ...WOUND_SCALE_RANGE, initial: R.HUMANOID_WOUND_SCALE }),
    /** Left by a failed collapse check until the GM clears it. */
    collapsed: new fields.BooleanField({ initial: false }),
    /** Left by a failed death check. */
    dead: new fields.BooleanField({ initial: false }),
    combat: new fields.SchemaField({ ...toastCombatFields() }),
    biography: html(),
    notes: html(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

export class ToastActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /** Aspect scores (average of the aspect's five attributes, rounded down). Sheet-only: computed on first read. */
  get aspects(): Record<R.AspectKey, number> {
    return this.#sheetFigures.value.aspects;
  }
  /** Attribute points in each aspect (creation: at most 70). Sheet-only: computed on first read. */
  get aspectPoints(): Record<R.AspectKey, number> {
    return this.#sheetFigures.value.aspectPoints;
  }
  /** Each attribute's modifier. Sheet-only: computed on first read. */
  get attributeModifiers(): Record<R.AttributeKey, number> {
    return this.#sheetFigures.value.attributeModifiers;
  }
  /** Threshold, effective level, category, penalty, collapse and death lines. */
  declare woundStatus: R.WoundStatus;
  /** The worn armor's numbers (the strongest equipped suit), or null. */
  declare armor: R.ArmorStats | null;
  /** Armor penalty size (0 without armor), subtracted from STR/AGI/TOL tasks. */
  declare armorPenalty: number;
  /** The creation cap on starting skill levels, (10 + FOC) / 2. Computed on first read. */
  get startingSkillCap(): number {
    return this.#sheetFigures.value.startingSkillCap;
  }
  /** The book's stand-in for Intelligence: the average of Perception and Focus, rounded down. Sheet-only: computed on first read. */
  get intelligence(): number {
    return this.#sheetFigures.value.intelligence;
  }
  /** Whether the preparation could read the attributes, armor and wounds (if not, the figures are zero and the warnings say why). */
  #readable = false;

  /** The figures only the sheet (and the skills' cap marks) read, on demand (issue 20). */
  readonly #sheetFigures = new OnDemand((): SheetFigures => {
    if (!this.#readable) return zeroFigures();
    // The preparation checked the attributes: none of these can refuse them.
    const attributes = this.attributeLevels;
    const mods = R.deriveCharacter({ attributes, skills: [], woundLevels: this.wounds.value, woundScale: this.woundScale, armor: this.armor });
    return {
      aspects: { ...mods.aspects },
      aspectPoints: { physical: R.aspectPoints(attributes, "physical"), mental: R.aspectPoints(attributes, "mental") },
      attributeModifiers: { ...mods.attributeModifiers },
      startingSkillCap: mods.startingSkillCap,
      intelligence: R.intelligenceScore(attributes),
    };
  });
  /** Creation budget report (points, caps, exchange), or null when the data cannot be read. Sheet-only: computed on first read. */
  get creation(): R.CreationReport | null {
    return this.#creation.value.report;
  }
  /** Problems in the character's data, as messages. Sheet-only: gathered on first read. */
  get warnings(): string[] {
    return this.#warnings.value;
  }
  /** What the preparation itself could not read (attributes, a skill), as messages. */
  #preparationWarnings: string[] = [];
  /** The skills as prepared last (names and models, in item order), for the creation report and the skills' figures. */
  #skillNames: string[] = [];
  #skillModels: ToastSkillModel[] = [];

  /**
   * Each skill's figures (attribute modifier, standing and current modifier, over the starting
   * cap) and what could not be read, on first read after each preparation: one task modifier per
   * skill, the character's part of them (attributes, wounds, armor) computed once for all the skills.
   */
  readonly #skillFigures = new OnDemand((): { figures: Map<ToastSkillModel, ToastSkillFigures>; warnings: string[] } => {
    const models = this.#skillModels;
    const figures = new Map<ToastSkillModel, ToastSkillFigures>();
    const warnings: string[] = [];
    const current = R.skillTaskModifiers({ attributes: this.attributeLevels, woundLevels: this.wounds.value, woundScale: this.woundScale, armor: this.armor }, models);
    for (let i = 0; i < models.length; i++) {
      const model = models[i]!;
      const r = current[i]!;
      if (!r.ok) {
        const err = r.error;
        warnings.push(`${this.#skillNames[i]!}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      const attributeModifier = r.value.attributeModifier ?? 0;
      figures.set(model, { attributeModifier, modifier: attributeModifier + model.level, currentModifier: r.value.total, overStartingCap: model.level > this.startingSkillCap });
    }
    return { figures, warnings };
  });

  /** What the owned skills read for their figures. */
  readonly #figuresOf = (model: ToastSkillModel): ToastSkillFigures | null => this.#skillFigures.value.figures.get(model) ?? null;

  /** The creation report, on demand (issue 20: a world prepares every character, a sheet reads one). */
  readonly #creation = new OnDemand((): { report: R.CreationReport | null; warning: string } => {
    try {
      const names = this.#skillNames;
      const skills = this.#skillModels.map((model, i) => ({ key: model.key || names[i]!, level: model.level }));
      return { report: R.validateCreation({ attributes: this.attributeLevels, skills }), warning: "" };
    } catch (err) {
      return { report: null, warning: err instanceof Error ? err.message : String(err) };
    }
  });

  readonly #warnings = new OnDemand((): string[] => {
    const { warning } = this.#creation.value;
    const out = [...this.#preparationWarnings, ...this.#skillFigures.value.warnings];
    if (warning) out.push(warning);
    return out;
  });

  /** The attributes as the rules core reads them. */
  get attributeLevels(): R.Attributes {
    const a = this.attributes;
    return { strength: a.strength, agility: a.agility, hec: a.hec, health: a.health, tolerance: a.tolerance, perception: a.perception, focus: a.focus, empathy: a.empathy, will: a.will, psyche: a.psyche };
  }

  override prepareDerivedData(): void {
    this.#creation.reset();
    this.#warnings.reset();
    this.#skillFigures.reset();
    // The owned items are iterated in place (no copy per preparation: 1,000 characters prepare at once).
    const items = this.parent?.items ?? NO_ITEMS;
    const warnings: string[] = [];
    this.#preparationWarnings = warnings;
    const attributes = this.attributeLevels;
    // The worn armor: the strongest equipped suit. One pass also gathers the skills.
    let armor: ToastArmorModel | null = null;
    const names: string[] = [];
    const models: ToastSkillModel[] = [];
    for (const item of items) {
      const s = item.system;
      if (s instanceof ToastSkillModel) {
        names.push(item.name ?? "");
        models.push(s);
        s.ownedBy(this.#figuresOf);
      } else if (s instanceof ToastArmorModel && s.equipped && (!armor || s.woundReduction > armor.woundReduction)) armor = s;
    }
    this.#skillNames = names;
    this.#skillModels = models;
    this.armor = armor ? armor.stats : null;
    // What the token bar and checks read now; the sheet's figures are computed on first read. The
    // checks run in the order the rules core makes them (attributes, armor, wounds, armor penalty,
    // Focus), so a problem reads as it always has.
    this.#sheetFigures.reset();
    try {
      R.validateAttributes(attributes);
      const armorStats = this.armor ? R.validateArmor(this.armor) : null;
      this.woundStatus = R.woundStatus({ woundLevels: this.wounds.value, tolerance: attributes.tolerance, scale: this.woundScale });
      this.armorPenalty = armorStats ? R.armorPenalty({ encumbrance: armorStats.encumbrance, strength: attributes.strength, agility: attributes.agility }) : 0;
      R.startingSkillCap(attributes.focus);
      this.#readable = true;
    } catch (err) {
      warnings.push(err instanceof Error ? err.message : String(err));
      this.#readable = false;
      this.woundStatus = { woundLevels: this.wounds.value, threshold: 0, effective: this.wounds.value, category: "none", penalty: 0, collapseFrom: 13, deathStrikeFrom: 21, seriouslyWounded: false };
      this.armorPenalty = 0;
    }
    // Token bar (combat part): the tally against the level where Deadly begins.
    Object.assign(this.wounds, { max: this.woundStatus.threshold + R.woundCategoryStart("deadly", this.woundScale) });
  }

  /** Roll data for formulas: attribute levels by key, the wound penalty and the armor penalty. */
  getRollData(): Record<string, number> {
    return { ...this.attributeLevels, woundPenalty: this.woundStatus?.penalty ?? 0, armorPenalty: this.armorPenalty ?? 0 };
  }
}
