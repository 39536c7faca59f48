/**
 * The Flange character data model. Stored (what a player or GM chooses): the nine attribute
 * target numbers, generalisation dots per heading, the campaign level if the character names its
 * own, Edge points owned and spent, Flange Points awarded after creation or spent on other
 * things, health boxes and grind wounds crossed off, the descriptive fields and notes; skills,
 * weapons, armour, powers and gear are items. Derived (never stored), through the rules core: boxes
 * crossed per attribute, skill dice, the creation budgets, health boxes (18 − Constitution),
 * grind wounds, Edge available, armour worn.
 */
import * as R from "../init-rules";
import { choice, html, int, text } from "../../../core/data/fields";
import { BOXES_CROSSED_RANGE, EDGE_RANGE, FLANGE_EXTRA_RANGE } from "./fields";
import { FlangePowerModel, FlangeSkillModel } from "./items";
import { FlangeArmorModel } from "./weapons";
import { flangeCombatFields } from "../combat/fields";
import { campaignLevel, DEFAULT_FLANGE_RULES, FLANGE_SETTINGS, type FlangeRules } from "../settings";
import { compareText } from "../../../dice/collate";
import { OnDemand } from "../../../core/documents/on-demand";

const fields = foundry.data.fields;

const attribute = () => int({ min: R.ATTRIBUTE_MIN, max: R.ATTRIBUTE_MAX, initial: R.ATTRIBUTE_MAX });
const generalisation = () => int({ min: 0, max: R.GENERALISATION_DOTS_MAX, initial: 0 });

function attributesSchema() {
  return {
    strength: attribute(),
    athleticism: attribute(),
    constitution: attribute(),
    perception: attribute(),
    dexterity: attribute(),
    appearance: attribute(),
    personality: attribute(),
    subtlety: attribute(),
    intellect: attribute(),
  };
}

function generalisationSchema() {
  return {
    combatBrawl: generalisation(),
    combatMelee: generalisation(),
    combatRanged: generalisation(),
    acrobatics: generalisation(),
    deception: generalisation(),
    etiquette: generalisation(),
    academics: generalisation(),
    science: generalisation(),
    administration: generalisation(),
    engineering: generalisation(),
    crafts: generalisation(),
    performance: generalisation(),
    persuasion: generalisation(),
    languages: generalisation(),
    insight: generalisation(),
    transport: generalisation(),
    animalHandling: generalisation(),
    security: generalisation(),
    stealth: generalisation(),
    outdoors: generalisation(),
    technology: generalisation(),
    puzzling: generalisation(),
    medicine: generalisation(),
  };
}

function actorSchema() {
  return {
    /** "" = the world's campaign level (setting); otherwise this character's own. */
    level: choice(["", ...R.LEVELS], ""),
    attributes: new fields.SchemaField(attributesSchema()),
    generalisation: new fields.SchemaField(generalisationSchema()),
    edge: new fields.SchemaField({ points: int({ ...EDGE_RANGE, initial: 0 }), spent: int({ ...EDGE_RANGE, initial: 0 }) }),
    flange: new fields.SchemaField({
      /** Flange Points the GM awarded beyond the level's budget. */
      awarded: int({ ...FLANGE_EXTRA_RANGE, initial: 0 }),
      /** Flange Points spent on things no item records (the GM's call). */
      other: int({ ...FLANGE_EXTRA_RANGE, initial: 0 }),
    }),
    /** Standard health boxes crossed off (the boxes themselves are 18 − Constitution). */
    wounds: new fields.SchemaField({ value: int({ ...BOXES_CROSSED_RANGE, initial: 0 }) }),
    /** Grind wounds crossed off (Dramatic Wounds System; resets when the last one goes). */
    grind: new fields.SchemaField({ value: int({ ...BOXES_CROSSED_RANGE, initial: 0 }) }),
    combat: new fields.SchemaField({ ...flangeCombatFields() }),
    player: text(),
    game: text(),
    race: text(),
    gender: text(),
    age: text(),
    biography: html(),
    notes: html(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

/** One attribute as the sheet shows it. */
export interface AttributeView {
  key: R.AttributeKey;
  target: number;
  /** Boxes crossed off it (10 − target). */
  crossed: number;
}

/** One skill as the sheet and the dialog read it. */
export interface SkillView {
  id: string;
  name: string;
  heading: R.SkillHeading;
  dots: number;
  generalisation: number;
  /** Dice a check with it rolls (dots + generalisation, at most 5). */
  dice: number;
  attribute: R.AttributeKey | "";
}

/** A problem the sheet reports, as localization key + data. */
export interface FlangeProblem {
  key: string;
  data: Record<string, string | number>;
}

/** A token bar's fields: the stored value and the derived maximum. */
interface Bar { value: number; max: number }

/** An actor without items (an unowned model in a test). */
const NO_ITEMS: readonly Item.Implementation[] = [];

/** The two rules preparation reads, each read once (not every rule of the world per character). */
type PreparedRules = Pick<FlangeRules, "campaignLevel" | "dramaticWounds">;

function rulesOrDefault(): PreparedRules {
  try {
    return { campaignLevel: FLANGE_SETTINGS.readInTask("campaignLevel"), dramaticWounds: FLANGE_SETTINGS.readInTask("dramaticWounds") };
  } catch {
    return DEFAULT_FLANGE_RULES;
  }
}

/** Each skill heading's place in the sheet's order. */
const HEADING_ORDER: ReadonlyMap<string, number> = new Map(R.SKILL_HEADINGS.map((h, i) => [h, i]));

export class FlangeActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /** The level whose budgets apply (the character's own, else the world's). */
  declare effectiveLevel: R.Level;
  /** The attribute rows as the sheet shows them. Computed on first read after each preparation. */
  get attributeViews(): AttributeView[] {
    return this.#views.value.attributeViews;
  }
  /** The skills in the sheet's order (heading, then name), as checks, combat and the sheet read them. Computed on first read. */
  get skills(): SkillView[] {
    return this.#views.value.skills;
  }
  /** The character as the rules core reads it (checks, budgets). Computed on first read. */
  get character(): R.FlangeCharacter {
    return this.#views.value.character;
  }
  /** Creation budgets (null when the data is out of the core's bounds; see problems). Sheet-only: computed on first read. */
  get spend(): R.CreationSpend | null {
    return this.#spend.value.spend;
  }
  /** Flange Points available: the level's budget plus what the GM awarded. */
  declare flangeBudget: number;
  /** Standard health boxes (18 − Constitution) and what is left of them. */
  declare healthBoxes: number;
  declare healthLeft: number;
  /** Grind wounds (0 when the Dramatic Wounds System is off). */
  declare grindBoxes: number;
  declare dramaticWounds: boolean;
  declare healthStatus: R.HealthStatus;
  /** Edge points not spent yet. */
  declare edgeAvailable: number;
  /** Armour worn: the sum of equipped armour (subtracted from damage). */
  declare armour: number;
  /** Problems the sheet reports, as localization key + data. Sheet-only: computed on first read. */
  get problems(): FlangeProblem[] {
    return this.#problems.value;
  }

  /** The creation budgets, on demand (issue 20: a world prepares every character, a sheet reads one). */
  readonly #spend = new OnDemand((): { spend: R.CreationSpend | null; problem: FlangeProblem | null } => {
    try {
      // Budgets count the stored choices, not what Active Effects (an injury's penalty) made of them.
      return { spend: R.creationSpend({ ...this.character, attributes: { ...this._source.attributes } }), problem: null };
    } catch (err) {
      return { spend: null, problem: { key: "BREADBOX.Flange.Problem.data", data: { message: err instanceof Error ? err.message : String(err) } } };
    }
  });

  readonly #problems = new OnDemand((): FlangeProblem[] => {
    const problems: FlangeProblem[] = [];
    const { spend, problem } = this.#spend.value;
    if (problem) problems.push(problem);
    if (spend && spend.attributeBoxes.used < spend.attributeBoxes.budget) {
      problems.push({ key: "BREADBOX.Flange.Problem.boxesLeft", data: { n: spend.attributeBoxes.budget - spend.attributeBoxes.used } });
    }
    if (spend && spend.flangePoints.used > this.flangeBudget) {
      problems.push({ key: "BREADBOX.Flange.Problem.flangeOver", data: { used: spend.flangePoints.used, budget: this.flangeBudget } });
    }
    const seen = new Set<string>();
    for (const s of this.character.skills) {
      const key = `${s.heading}\u0000${s.name.toLowerCase()}`;
      if (seen.has(key)) problems.push({ key: "BREADBOX.Flange.Problem.duplicateSkill", data: { name: s.name } });
      seen.add(key);
    }
    if (this.edge.spent > this.edge.points) problems.push({ key: "BREADBOX.Flange.Problem.edgeSpent", data: { spent: this.edge.spent, points: this.edge.points } });
    return problems;
  });

  /**
   * The skill and attribute views and the rules core's character, on demand (issue 20: a world
   * prepares every character; checks, combat and sheets read the few in play). Built from the
   * model as prepared: Active Effects applied, the owned items of this preparation.
   */
  readonly #views = new OnDemand((): { attributeViews: AttributeView[]; skills: SkillView[]; character: R.FlangeCharacter } => {
    // Active Effects may push a target number out of 5..10 (a serious injury's penalty); the sheet
    // shows it, the budgets count the stored choice within bounds.
    const attributeViews: AttributeView[] = [];
    for (const key of R.ATTRIBUTES) {
      const target = this.attributes[key];
      attributeViews.push({ key, target, crossed: Math.max(0, R.ATTRIBUTE_MAX - target) });
    }
    const skills: R.FlangeSkill[] = [];
    const skillViews: SkillView[] = [];
    let powers = 0;
    for (const item of this.parent?.items ?? NO_ITEMS) {
      const s = item.system;
      if (s instanceof FlangeSkillModel) {
        const name = (item.name ?? "").trim();
        const gen = this.generalisation[s.heading];
        skills.push({ name, heading: s.heading, dots: s.dots });
        skillViews.push({ id: item.id ?? "", name, heading: s.heading, dots: s.dots, generalisation: gen, dice: Math.min(R.SKILL_DOTS_MAX, s.dots + gen), attribute: s.attribute === "" ? "" : s.attribute });
      } else if (s instanceof FlangePowerModel) {
        powers += s.cost;
      }
    }
    skillViews.sort((a, b) => (HEADING_ORDER.get(a.heading) ?? -1) - (HEADING_ORDER.get(b.heading) ?? -1) || compareText(a.name, b.name));
    const generalisation: Partial<Record<R.SkillHeading, number>> = {};
    for (const h of R.SKILL_HEADINGS) if (this.generalisation[h] > 0) generalisation[h] = this.generalisation[h];
    const attributes = { ...this.attributes };
    const character = { level: this.effectiveLevel, attributes, skills, generalisation, edgePoints: this.edge.points, otherFlangeSpend: this.flange.other + powers };
    return { attributeViews, skills: skillViews, character };
  });

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.#views.reset();
    this.#spend.reset();
    this.#problems.reset();
    const rules = rulesOrDefault();
    this.effectiveLevel = this.level === "" ? rulesLevel(rules) : this.level;
    // Armour worn (the skill views and the character are built on first read).
    let armour = 0;
    // The owned items are iterated in place (no copy per preparation: 1,000 characters prepare at once).
    for (const item of this.parent?.items ?? NO_ITEMS) {
      // The sub-type first: only the armours' models are read.
      if (item.type !== "flangeArmor") continue;
      const s = item.system;
      if (s instanceof FlangeArmorModel && s.equipped) armour += s.armour;
    }
    this.armour = armour;
    this.flangeBudget = R.LEVEL_BUDGETS[this.effectiveLevel].flangePoints + this.flange.awarded;

    // The health track comes from the stored Constitution: a serious injury's penalty (an Active
    // Effect on every target number) makes Constitution checks harder but never shrinks the track.
    const con = Math.min(R.ATTRIBUTE_MAX, Math.max(R.ATTRIBUTE_MIN, this._source.attributes.constitution));
    this.dramaticWounds = rules.dramaticWounds;
    this.healthBoxes = R.healthBoxes(con);
    this.grindBoxes = rules.dramaticWounds ? R.grindBoxes(con) : 0;
    this.healthLeft = Math.max(0, this.healthBoxes - this.wounds.value);
    this.healthStatus = this.wounds.value >= this.healthBoxes ? "dead" : this.wounds.value > 0 || (this.grindBoxes > 0 && this.grind.value > 0) ? "wounded" : "unhurt";
    // Token bars read {value, max}: the maxima are derived, only the values are stored (set in
    // place: no object per bar per preparation).
    (this.wounds as Bar).max = this.healthBoxes;
    (this.grind as Bar).max = this.grindBoxes;
    this.edgeAvailable = Math.max(0, this.edge.points - this.edge.spent);
    (this.edge as Partial<Bar>).value = this.edgeAvailable;
    (this.edge as Partial<Bar>).max = this.edge.points;
  }

  /** The health track as the rules core reads it (lost boxes clamped into the track). */
  healthState(): R.HealthState {
    return {
      boxes: this.healthBoxes,
      lost: Math.min(this.wounds.value, this.healthBoxes),
      grindBoxes: this.grindBoxes,
      grindLost: this.grindBoxes > 0 ? Math.min(this.grind.value, this.grindBoxes - 1) : 0,
    };
  }

  /** Roll data for formulas: the attribute target numbers by key. */
  getRollData(): Record<string, number> {
    return { ...this.attributes, armour: this.armour, edge: this.edgeAvailable };
  }
}

function rulesLevel(rules: PreparedRules): R.Level {
  return R.LEVELS.find((l) => l === rules.campaignLevel) ?? campaignLevel();
}

/**
 * Token bar edits of Edge (issue 18.3): the bar shows Edge available of Edge points as
 * `edge.value/max` (both derived), so Foundry's bar update names `system.edge.value`, which is not
 * stored. It becomes the stored `edge.spent` (points − the value typed, within 0…points), through
 * the public hook `modifyTokenAttribute`, which hands over the update before it is applied.
 * Wounds and grind bars write their stored `value` directly and need nothing.
 */
export function redirectEdgeBar(data: { attribute?: unknown }, updates: Record<string, unknown>, actor: unknown): void {
  if (data?.attribute !== "edge" || !(actor instanceof Actor)) return;
  const model = actor.system;
  if (!(model instanceof FlangeActorModel)) return;
  const key = "system.edge.value";
  if (!Object.hasOwn(updates, key)) return;
  const value = updates[key];
  delete updates[key];
  if (typeof value !== "number" || !Number.isFinite(value)) return;
  const points = model.edge.points;
  updates["system.edge.spent"] = Math.min(points, Math.max(0, points - Math.trunc(value)));
}

/** Register the Edge bar redirect (at init). */
export function registerEdgeBar(): void {
  // fvtt-types 13.345 omits the hook's third argument (the actor), which the public API passes.
  Hooks.on("modifyTokenAttribute", (data: { attribute?: unknown }, updates: Record<string, unknown>, ...rest: unknown[]) => {
    redirectEdgeBar(data, updates, rest[0]);
    return true;
  });
}
