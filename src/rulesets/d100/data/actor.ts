/**
 * The D10/0 character data model (seed: "The Character", "Character Sheet"). Stored: what a
 * player chooses or tracks — attributes, current health and what progression added to Normal,
 * health conditions, each root skill's majors and Adjust, reserve skill points, karma, progression
 * points, extra adjustments, the Dude's marks, action slots and notes. Derived through the rules
 * core: the attribute build, Health (normal, state, increase, recovery), Action Quota, the skill
 * tree with Base/Adjust/Total and costs, adjustments from armor, gear and TABs, power points'
 * Normal, points spent and left.
 */
import * as R from "../init-rules";
import { d100CombatFields, prepareCombatDerived } from "../combat/fields";
import { choice, html, int, text } from "../../../core/data/fields";
import { ADJUST_RANGE, ATTRIBUTE_RANGE, DUDE_REGIONS, HEALTH_RANGE, POINTS_RANGE, notation } from "./fields";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "./items";
import { D100ArmorModel } from "./weapons";
import { buildSkillTree, defaultMajors, type BranchRow, type RootRow, type TreeProblem } from "./tree";
import { compareText } from "../../../dice/collate";
import { OnDemand } from "../../../core/documents/on-demand";
import { type SameInputs, sameInputsFor } from "../../../core/data/same-inputs";

/** An actor without items (an unowned model in a test). */
const NO_ITEMS: readonly Item.Implementation[] = [];

const fields = foundry.data.fields;

function attributesSchema() {
  const a = (): ReturnType<typeof int> => int({ ...ATTRIBUTE_RANGE, initial: 5 });
  return new fields.SchemaField({
    agility: a(), endurance: a(), intellect: a(), perception: a(), strength: a(),
    focus: a(), spirit: a(), sense: a(), beyond: a(), charisma: a(),
  });
}

function rootSchema(root: R.RootSkillKey) {
  const contributors = R.ROOT_SKILLS[root];
  const [m1, m2] = defaultMajors(root);
  return new fields.SchemaField({
    major1: choice(contributors, m1),
    major2: choice(contributors, m2),
    adjust: int({ ...ADJUST_RANGE, initial: 0 }),
  });
}

function rootsSchema() {
  return new fields.SchemaField({
    athletic: rootSchema("athletic"), close: rootSchema("close"), domestic: rootSchema("domestic"), interaction: rootSchema("interaction"),
    navigation: rootSchema("navigation"), ranged: rootSchema("ranged"), sensory: rootSchema("sensory"), society: rootSchema("society"),
    theory: rootSchema("theory"), vocational: rootSchema("vocational"),
  });
}

function reserveSchema() {
  const p = (): ReturnType<typeof int> => int({ ...POINTS_RANGE, initial: 0 });
  return new fields.SchemaField({
    any: p(),
    athletic: p(), close: p(), domestic: p(), interaction: p(), navigation: p(),
    ranged: p(), sensory: p(), society: p(), theory: p(), vocational: p(),
  });
}

function actorSchema() {
  return {
    species: text(),
    statistics: text(),
    definingAspects: text(),
    attributes: attributesSchema(),
    health: new fields.SchemaField({
      current: int({ ...HEALTH_RANGE, initial: 50 }),
      /** Normal health added by Progression Point purchases. */
      bonus: int({ ...POINTS_RANGE, initial: 0 }),
    }),
    /** Health Conditions: free notes (broken arm, a cold) that heal on their own terms. */
    conditions: new fields.ArrayField(text()),
    skills: rootsSchema(),
    reserveSkillPoints: reserveSchema(),
    progression: new fields.SchemaField({
      earned: int({ ...POINTS_RANGE, initial: 0 }),
      spent: int({ ...POINTS_RANGE, initial: 0 }),
    }),
    karma: new fields.SchemaField({
      marks: new fields.ArrayField(new fields.SchemaField({
        name: text(),
        text: text(),
        /** 1–10 when the setting values marks (the buy-off cost); 0: no value. */
        value: int({ min: 0, max: 10, initial: 0 }),
      })),
      stances: new fields.ArrayField(new fields.SchemaField({ holder: text(), stance: text() })),
    }),
    /** Adjustments written on the sheet besides armor, gear and TABs ("-1R"). */
    adjustments: notation(R.parseAdjustment),
    dude: new fields.SchemaField({
      injuries: new fields.ArrayField(new fields.SchemaField({ region: choice(DUDE_REGIONS, "chest"), note: text() })),
      /** Filled bubbles, one per region. */
      bubbles: new fields.ArrayField(choice(DUDE_REGIONS, "chest")),
    }),
    /** The sheet's ten action slots: the character's significant actions. */
    actionSlots: new fields.ArrayField(new fields.SchemaField({
      name: text(),
      cost: int({ min: 0, max: 1000, initial: 1 }),
      check: text(),
    })),
    /** Cumulative efforts in progress (seed: "Cumulative Effort"): the total is kept between checks. */
    tasks: new fields.ArrayField(new fields.SchemaField({
      name: text(),
      /** "attribute:<key>" or "skill:<id>". */
      target: text("attribute:intellect"),
      goal: int({ min: 1, max: R.MAX_CUMULATIVE_GOAL, initial: 100 }),
      mode: choice(R.CUMULATIVE_MODES, "positiveOnly"),
      total: int({ min: 0, max: R.MAX_CUMULATIVE_GOAL, initial: 0 }),
      checks: int({ min: 0, max: 100_000, initial: 0 }),
    })),
    combat: new fields.SchemaField(d100CombatFields()),
    biography: html(),
    notes: html(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

/** A skill row as the sheet shows it. */
export interface SkillView extends R.SkillRating {
  /** The branch item's id ("" for a root). */
  itemId: string;
  /** Skill points the next point of Adjust costs. */
  nextCost: number;
  /** The root's three contributors and its two majors (roots only). */
  contributors: readonly R.AttributeKey[];
  majors: readonly R.AttributeKey[];
}

export interface D100Problem {
  key: string;
  data: Record<string, string>;
}

export class D100ActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  static override validateJoint(data: foundry.data.fields.SchemaField.SourceData<ActorSchema>): void {
    const p = data.progression;
    if (p && p.spent > p.earned) throw new Error(`Progression points spent (${p.spent}) cannot exceed those earned (${p.earned})`);
  }

  /** The attribute build against the standard creation points. Sheet-only: computed on first read. */
  get attributeBuild(): R.AttributeBuildCheck {
    return this.#attributeBuild.value;
  }
  declare actionQuota: number;
  /** Normal health (the rules' starting Normal plus what progression added). */
  declare healthNormal: number;
  declare baseNormalHealth: number;
  declare healthState: R.HealthState;
  declare healthIncrease: number;
  declare dailyRecovery: number;
  declare skillTree: R.SkillTree;
  /** The skill rows, roots in the book's order with their branches depth-first (frozen: kept while the tree's inputs stay the same). */
  declare skillRows: readonly SkillView[];
  /** Skill points the tree cost. Sheet-only: computed on first read. */
  get skillPointsSpent(): number {
    return this.#skillPointsSpent.value;
  }
  get creationSkillPointsLeft(): number {
    return R.STANDARD_CREATION.skillPoints - this.skillPointsSpent;
  }
  /** Adjustments combined: the sheet's, equipped armor's and gear's, then TABs'. Read by attacks and the sheet: computed on first read. */
  get adjustment(): R.AdjustmentNotation {
    return this.#adjustment.value.notation;
  }
  get adjustmentText(): string {
    return this.#adjustment.value.text;
  }
  declare progressionAvailable: number;
  /** The TABs as the rules core reads them, in item order. Read by checks and the sheet: gathered on first read. */
  get tabs(): R.Tab[] {
    return this.#tabs.value;
  }
  /** The Dude: regions covered by equipped armor. Sheet-only: gathered on first read. */
  get coverage(): Set<string> {
    return this.#coverage.value;
  }
  /** Problems the sheet reports (the tree's, the attribute build's). Sheet-only: gathered on first read. */
  get problems(): D100Problem[] {
    return this.#problems.value;
  }

  /** The tree's problems, found while building it. */
  #treeProblems: readonly D100Problem[] = [];
  /** Creation reports on demand (issue 20: a world prepares every character, a sheet reads one). */
  readonly #attributeBuild = new OnDemand(() => R.checkAttributeBuild(this.attributeScores));
  readonly #skillPointsSpent = new OnDemand(() => R.treeCost(this.skillTree).total);
  readonly #problems = new OnDemand((): D100Problem[] => {
    const problems = [...this.#treeProblems];
    for (const p of this.attributeBuild.problems) problems.push({ key: `BREADBOX.D100.Build.${p.key}`, data: { attribute: p.attribute ?? "" } });
    return problems;
  });
  readonly #tabs = new OnDemand((): R.Tab[] => {
    const tabs: R.Tab[] = [];
    for (const item of this.#items()) if (item.system instanceof D100TabModel) tabs.push(item.system.tab);
    return tabs;
  });
  readonly #adjustment = new OnDemand((): { notation: R.AdjustmentNotation; text: string } => {
    // Blank adjustments are left out (combineAdjustments would skip them anyway).
    const adjustments: Array<string | R.AdjustmentNotation> = [];
    if (this.adjustments.trim() !== "") adjustments.push(this.adjustments);
    for (const item of this.#items()) {
      const sys: unknown = item.system;
      if ((sys instanceof D100ArmorModel || sys instanceof D100GearModel) && sys.equipped && sys.adjustment.trim() !== "") adjustments.push(sys.adjustment);
    }
    adjustments.push(R.tabAdjustments(this.tabs));
    const notation = R.combineAdjustments(...adjustments);
    return { notation, text: R.formatAdjustment(notation.terms) };
  });
  readonly #coverage = new OnDemand((): Set<string> => {
    const coverage = new Set<string>();
    for (const item of this.#items()) if (item.system instanceof D100ArmorModel && item.system.equipped) for (const r of item.system.coverage) coverage.add(r);
    return coverage;
  });

  /** The owned items (none for an unowned model in a test). */
  #items(): Iterable<Item.Implementation> {
    return this.parent?.items ?? NO_ITEMS;
  }

  /** The attributes as the rules core reads them. */
  get attributeScores(): R.Attributes {
    return { ...this.attributes };
  }

  override prepareDerivedData(): void {
    this.#attributeBuild.reset();
    this.#skillPointsSpent.reset();
    this.#problems.reset();
    this.#tabs.reset();
    this.#adjustment.reset();
    this.#coverage.reset();
    // The attributes (as prepared, Active Effects applied), the ten roots and the branch items: all
    // that the checked attributes, the figures they give and the skill tree read (`prepareKept`).
    // Those are kept from the last preparation while these inputs are the same
    // (core/data/same-inputs.ts); the inputs are listed straight from the model and the items.
    const inputs: unknown[] = [];
    for (const k of R.ATTRIBUTE_KEYS) inputs.push(this.attributes[k]);
    for (const key of R.ROOT_SKILL_KEYS) {
      const r = this.skills[key];
      inputs.push(r.major1, r.major2, r.adjust);
    }
    // The owned items are iterated in place (no copy per preparation: 1,000 characters prepare at once).
    // TABs, adjustments and coverage are read on demand (above); here only branches and powers.
    // One pass over the items: the powers are kept aside for their Normal (below, from the checked attributes).
    let powers: D100PowerModel[] | null = null;
    // The item's type first: most items are neither, and a failed instanceof walks the model's whole prototype chain.
    for (const item of this.#items()) {
      const type: string = item.type;
      if (type === "d100Skill") {
        const sys: unknown = item.system;
        if (sys instanceof D100SkillModel) inputs.push(item.id ?? "", item.name ?? "", sys.parentSkill, sys.adjust);
      } else if (type === "d100Power") {
        const sys: unknown = item.system;
        if (sys instanceof D100PowerModel) (powers ??= []).push(sys);
      }
    }
    const kept = sameInputsFor(KEPT, this.parent ?? this).value(inputs, () => prepareKept(this.attributes, this.skills, this.#items()));
    // Checked once; every rule below is handed the same frozen, checked attributes.
    const attrs = kept.attributes;
    this.actionQuota = kept.actionQuota;
    this.baseNormalHealth = kept.baseNormalHealth;
    this.healthNormal = this.baseNormalHealth + this.health.bonus;
    this.healthState = R.healthState({ normal: this.healthNormal, current: this.health.current });
    this.healthIncrease = kept.healthIncrease;
    this.dailyRecovery = kept.dailyRecovery;
    this.progressionAvailable = this.progression.earned - this.progression.spent;
    this.skillTree = kept.skills.tree;
    this.skillRows = kept.skills.rows;
    this.#treeProblems = kept.skills.problems;

    if (powers) for (const p of powers) p.normal = p.normalBonus + (p.normalAttributes.length ? R.powerNormal(attrs, { attributes: p.normalAttributes, combine: p.combine }) : 0);
    // Token bars (combat part): AP of the quota, health Current of Normal.
    prepareCombatDerived(this);
  }
}

/** The skill tree of a character, its rows as the sheet shows them and its problems (frozen: kept between preparations). */
interface PreparedSkills {
  readonly tree: R.SkillTree;
  readonly rows: readonly SkillView[];
  readonly problems: readonly D100Problem[];
}

/** What a character's attributes, roots and branches give (frozen: kept between preparations). */
interface Kept {
  /** The attributes, checked and frozen. */
  readonly attributes: R.Attributes;
  readonly actionQuota: number;
  readonly baseNormalHealth: number;
  readonly healthIncrease: number;
  readonly dailyRecovery: number;
  readonly skills: PreparedSkills;
}

/** Each character's last kept figures and the inputs they came from. */
const KEPT = /* @__PURE__ */ new WeakMap<object, SameInputs<Kept>>();

/**
 * The figures from what `prepareDerivedData` lists as their inputs, and only from that: the ten
 * attributes, each root's two majors and Adjust, each branch item's id, name, parent and Adjust.
 */
function prepareKept(attributes: Partial<Record<R.AttributeKey, number>>, skills: Readonly<Record<R.RootSkillKey, { major1: R.AttributeKey; major2: R.AttributeKey; adjust: number }>>, items: Iterable<Item.Implementation>): Kept {
  const attrs = R.validateAttributes(attributes);
  const branches: BranchRow[] = [];
  for (const item of items) {
    const sys: unknown = item.system;
    if (item.type === "d100Skill" && sys instanceof D100SkillModel) branches.push({ itemId: item.id ?? "", name: item.name ?? "", parent: sys.parentSkill, adjust: sys.adjust });
  }
  return Object.freeze({
    attributes: attrs,
    actionQuota: R.actionQuota(attrs),
    baseNormalHealth: R.normalHealth(attrs),
    healthIncrease: R.healthIncrease(attrs),
    dailyRecovery: R.dailyRecoveryRate(attrs),
    skills: prepareSkills(attrs, skills, branches),
  });
}

/** The skill tree from the attributes, the ten roots as stored and the branch items. */
function prepareSkills(attrs: R.Attributes, skills: Readonly<Record<R.RootSkillKey, { major1: R.AttributeKey; major2: R.AttributeKey; adjust: number }>>, branches: readonly BranchRow[]): PreparedSkills {
  const roots = {} as Record<R.RootSkillKey, RootRow>;
  for (const key of R.ROOT_SKILL_KEYS) {
    const r = skills[key];
    roots[key] = { majors: [r.major1, r.major2], adjust: r.adjust };
  }
  const build = buildSkillTree(roots, branches);
  const problems = build.problems.map(treeProblem);
  const ratings = R.computeSkills(attrs, build.tree);
  const rootSkills = R.ROOT_SKILLS;
  const rows = orderTree([...ratings.values()]).map((r): SkillView => Object.freeze({
    id: r.id,
    name: r.name,
    root: r.root,
    parent: r.parent,
    depth: r.depth,
    base: r.base,
    adjust: r.adjust,
    total: r.total,
    cost: r.cost,
    itemId: build.itemIds.get(r.id) ?? "",
    nextCost: R.incrementCost(r.adjust),
    contributors: r.parent === null ? rootSkills[r.root] : [],
    majors: r.parent === null ? build.tree.roots[r.root].majors : [],
  }));
  return Object.freeze({ tree: deepFreeze(build.tree), rows: Object.freeze(rows), problems: Object.freeze(problems.map((p) => Object.freeze(p))) });
}

/** Freeze a skill tree: its roots, their majors, its branches. */
function deepFreeze(tree: R.SkillTree): R.SkillTree {
  for (const key of R.ROOT_SKILL_KEYS) {
    Object.freeze(tree.roots[key].majors);
    Object.freeze(tree.roots[key]);
  }
  Object.freeze(tree.roots);
  for (const b of tree.branches) Object.freeze(b);
  Object.freeze(tree.branches);
  return Object.freeze(tree);
}

function treeProblem(p: TreeProblem): D100Problem {
  return { key: `BREADBOX.D100.Tree.${p.key}`, data: { name: p.name, parent: p.parent ?? "" } };
}

/** Roots in the book's order, each followed depth-first by its branches (by name). */
export function orderTree(rows: readonly R.SkillRating[]): R.SkillRating[] {
  const children = new Map<string, R.SkillRating[]>();
  for (const r of rows) {
    if (r.parent === null) continue;
    const list = children.get(r.parent) ?? [];
    list.push(r);
    children.set(r.parent, list);
  }
  const out: R.SkillRating[] = [];
  const visit = (r: R.SkillRating): void => {
    out.push(r);
    for (const c of (children.get(r.id) ?? []).sort((a, b) => compareText(a.name, b.name))) visit(c);
  };
  for (const key of R.ROOT_SKILL_KEYS) {
    const root = rows.find((r) => r.id === key);
    if (root) visit(root);
  }
  return out;
}
