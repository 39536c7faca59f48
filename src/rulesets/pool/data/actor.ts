/**
 * The Dice Pool character data model. Stored: whether it is a non-player character, its wounds,
 * biography and notes; its traits are attribute and ability items (data/items.ts). Derived (never
 * stored), through the rules core: the trait trees and scores, wound penalties, incapacitation,
 * healing times, the defender's values for trauma, and the dice-phobe total of a bare pool.
 */
import * as R from "../init-rules";
import { choice, html, int } from "../../../core/data/fields";
import { WOUND_DEGREE_RANGE } from "./fields";
import { PoolAbilityModel, PoolArmorModel, PoolAttributeModel, TRAIT_ACTIVITIES, type TraitActivity } from "./items";
import { poolRules } from "../settings";
import { buildTraitTree, type TraitItemRow, type TraitTreeBuild } from "./tree";
import { dict } from "../../../dice/dict";
import { poolCombatFields } from "../combat/fields";
import { OnDemand } from "../../../core/documents/on-demand";
import { type SameInputs, sameInputsFor } from "../../../core/data/same-inputs";

const fields = foundry.data.fields;

/** An actor without items (an unowned model in a test). */
const NO_ITEMS: readonly Item.Implementation[] = [];

function actorSchema() {
  return {
    npc: new fields.BooleanField({ initial: false }),
    wounds: new fields.ArrayField(new fields.SchemaField({
      kind: choice(R.TRAUMA_KINDS, "physical"),
      degree: int({ ...WOUND_DEGREE_RANGE, initial: 0 }),
      nonlethal: new fields.BooleanField({ initial: false }),
    })),
    // Complex actions in progress: what the Storyguide set, and the running total of degrees.
    complexActions: new fields.ArrayField(new fields.SchemaField({
      name: new fields.StringField({ required: true, blank: true, initial: "" }),
      ability: new fields.StringField({ required: true, blank: true, initial: "" }),
      attribute: new fields.StringField({ required: true, blank: true, initial: "" }),
      difficulty: int({ min: -R.MAX_DIFFICULTY, max: R.MAX_DIFFICULTY, initial: 20 }),
      required: int({ min: 1, max: R.MAX_REQUIRED_DEGREE, initial: 5 }),
      interval: new fields.StringField({ required: true, blank: true, initial: "" }),
      accumulated: int({ min: -R.MAX_COMPLEX_TOTAL, max: R.MAX_COMPLEX_TOTAL, initial: 0 }),
      rolls: int({ min: 0, max: R.MAX_COMPLEX_TOTAL, initial: 0 }),
    })),
    biography: html(),
    notes: html(),
    // Fields the combat part keeps (combat/fields.ts, owned by the combat part).
    combat: new fields.SchemaField({ ...poolCombatFields() }),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

/** A wound as the sheet shows it. */
export interface WoundView {
  index: number;
  kind: R.TraumaKind;
  degree: number;
  nonlethal: boolean;
  severity: string;
  penaltyDice: number;
  crossPenaltyDice: number;
  healingHours: number | null;
}

export class PoolActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /** The attribute tree and its rows (depth-first), from the attribute items. */
  declare attributeTree: TraitTreeBuild;
  /** The ability tree and its rows (depth-first), from the ability items. */
  declare abilityTree: TraitTreeBuild;
  /** The character as the rules core reads it. */
  declare character: R.PoolCharacter;
  /** Wound penalties, incapacitation, death and healing times (characterStatus). */
  declare status: R.CharacterStatus;
  declare woundViews: WoundView[];
  /** Physical and Mental Threshold and Toughness, as trauma reads them. */
  declare defender: R.DefenderInput;
  /** Armor worn (equipped armor items), strongest first. */
  declare armor: R.ArmorSpec[];
  /** Whether each complex action (same order) has reached its required degree. */
  declare complexComplete: boolean[];
  /** The activity (which wound penalties apply) of every ability and attribute, by trait id, resolved up the tree. */
  declare abilityActivity: Record<string, R.TraumaKind>;
  declare attributeActivity: Record<string, R.TraumaKind>;
  /** The creation budget (null when the world does not use one). Sheet-only: computed on first read. */
  get budget(): R.CreationBudget | null {
    return this.#budget.value;
  }
  /** Problems in the character's data that the sheet reports (already localizable as key + data). Sheet-only: gathered on first read. */
  get problems(): { key: string; data: Record<string, string> }[] {
    return this.#problems.value;
  }

  /** The creation budget, on demand (issue 20: a world prepares every character, a sheet reads one). */
  readonly #budget = new OnDemand((): R.CreationBudget | null => {
    const rules = poolRules();
    return rules.creationBudget
      ? R.creationBudget({
        abilityRatings: this.abilityTree.rows.map((r) => r.score),
        attributeScores: this.attributeTree.rows.map((r) => r.score),
        abilityPoints: rules.abilityPoints,
        attributePoints: rules.attributePoints,
      })
      : null;
  });

  readonly #problems = new OnDemand(() =>
    [...this.attributeTree.problems, ...this.abilityTree.problems].map((p) => ({ key: `BREADBOX.Pool.Tree.${p.key}`, data: { name: p.name, parent: p.parent } })),
  );

  override prepareDerivedData(): void {
    this.#budget.reset();
    this.#problems.reset();
    // The owned items are iterated in place (no copy per preparation: 1,000 characters prepare at once).
    const items = this.parent?.items ?? NO_ITEMS;
    // The world's rules, cached until a setting changes (settings.ts).
    const rules = poolRules();
    const fallback: R.TraumaKind = rules.defaultActivity === "mental" ? "mental" : "physical";
    // The trees and what comes of them read each attribute and ability item's id, trait id, name,
    // parent, score and activity (in item order) and the world's default activity, nothing else:
    // kept from the last preparation while those are the same (core/data/same-inputs.ts). The
    // inputs are gathered straight from the items (TRAIT_STRIDE entries per item, see traitRows);
    // the rows are built from them only when they changed. An item's id is read as `_id` (what
    // Foundry's `id` getter returns) without the getter's call per trait per preparation.
    const inputs: TraitInput[] = [fallback];
    const armor: R.ArmorSpec[] = [];
    for (const item of items) {
      const sys: unknown = item.system;
      if (sys instanceof PoolAttributeModel) {
        const itemName = (item.name ?? "").trim();
        inputs.push(ATTRIBUTE, item._id ?? "", sys.role || itemName, itemName, sys.parentTrait, sys.score, sys.activity);
      } else if (sys instanceof PoolAbilityModel) {
        const itemName = (item.name ?? "").trim();
        inputs.push(ABILITY, item._id ?? "", itemName, itemName, sys.parentTrait, sys.rating, sys.activity);
      }
      else if (sys instanceof PoolArmorModel && sys.equipped) armor.push({ rating: sys.rating, convertsLethal: sys.convertsLethal });
    }
    const traits = sameInputsFor(TRAITS, this.parent ?? this).value(inputs, () => prepareTraits(inputs, fallback));
    this.attributeTree = traits.attributeTree;
    this.abilityTree = traits.abilityTree;
    this.abilityActivity = traits.abilityActivity;
    this.attributeActivity = traits.attributeActivity;
    // The wound status reads the character's score tables (the kept traits above: the same frozen
    // value exactly while their inputs are the same), each wound's kind, degree and nonlethal flag,
    // and the world's knockout penalty (the wound chart is the default one, a constant): kept too.
    const knockoutPenalty = rules.knockoutPenalty;
    const wounds = this.wounds;
    const statusInputs: unknown[] = [traits, knockoutPenalty];
    for (const w of wounds) statusInputs.push(w.kind, w.degree, w.nonlethal);
    const status = sameInputsFor(STATUS, this.parent ?? this).value(statusInputs, () => prepareStatus(traits, wounds, knockoutPenalty));
    this.character = status.character;
    this.status = status.status;
    this.woundViews = status.woundViews;
    this.defender = status.defender;
    this.armor = armor.sort((a, b) => b.rating - a.rating);
    this.complexComplete = this.complexActions.map((c) => c.accumulated >= c.required);
  }
}

/** What a character's wounds and scores give, shared (frozen) by the preparations that keep it. */
interface PreparedStatus {
  readonly character: R.PoolCharacter;
  readonly status: R.CharacterStatus;
  readonly woundViews: WoundView[];
  readonly defender: R.DefenderInput;
}

/** Each character's last wound status and the inputs it came from. */
const STATUS = /* @__PURE__ */ new WeakMap<object, SameInputs<PreparedStatus>>();

/** The character, its status, wound rows and defender values from its traits and wounds (a copy: the kept value never reads the model). */
function prepareStatus(traits: PreparedTraits, stored: readonly { kind: R.TraumaKind; degree: number; nonlethal: boolean }[], knockoutPenalty: number): PreparedStatus {
  // Each wound's chart row, looked up once (the wound list and the sheet's rows both read it).
  const rows = stored.map((w) => R.woundRow(w.kind, w.degree));
  const wounds = stored.map((w, i) => Object.freeze({ kind: w.kind, degree: w.degree, nonlethal: w.nonlethal, severity: rows[i]?.severity ?? "" }));
  const character: R.PoolCharacter = Object.freeze({ attributes: traits.attributes, abilities: traits.abilities, wounds: Object.freeze(wounds) });
  const tables: R.PoolCharacter = { attributes: traits.attributeMap, abilities: traits.abilityMap, wounds };
  const status = R.characterStatus(tables, R.DEFAULT_WOUND_CHART, { knockoutPenalty });
  const woundViews = wounds.map((w, index): WoundView => {
    const row = rows[index];
    return Object.freeze({ index, kind: w.kind, degree: w.degree, nonlethal: w.nonlethal, severity: row?.severity ?? "", penaltyDice: row?.penaltyDice ?? 0, crossPenaltyDice: row?.crossPenaltyDice ?? 0, healingHours: status.healingHours[index] ?? null });
  });
  Object.freeze(status.penalties);
  Object.freeze(status.healingHours);
  return Object.freeze({ character, status: Object.freeze(status), woundViews: Object.freeze(woundViews) as WoundView[], defender: Object.freeze(R.defenderOf(tables)) });
}

/** The kind of trait an item gives, as the first of its TRAIT_STRIDE entries in the trait inputs. */
const ATTRIBUTE = 0;
const ABILITY = 1;
/** One entry of the trait inputs (every entry is a string or a number: String/Number hand each back as it is). */
type TraitInput = string | number;
/** Entries per trait item in the trait inputs: kind, id, trait id, name, parent, score, activity. */
const TRAIT_STRIDE = 7;

/** The attribute and ability rows (item order) and each row's own activity, from the trait inputs (the world's default activity first). */
function traitRows(inputs: readonly TraitInput[]): { attributeRows: TraitItemRow[]; attributeActivities: TraitActivity[]; abilityRows: TraitItemRow[]; abilityActivities: TraitActivity[] } {
  const out = { attributeRows: [] as TraitItemRow[], attributeActivities: [] as TraitActivity[], abilityRows: [] as TraitItemRow[], abilityActivities: [] as TraitActivity[] };
  for (let i = 1; i + TRAIT_STRIDE <= inputs.length; i += TRAIT_STRIDE) {
    const row: TraitItemRow = { id: String(inputs[i + 1]), traitId: String(inputs[i + 2]), name: String(inputs[i + 3]), parent: String(inputs[i + 4]), score: Number(inputs[i + 5]) };
    const activity = TRAIT_ACTIVITIES.find((a) => a === inputs[i + 6]) ?? "";
    if (inputs[i] === ATTRIBUTE) {
      out.attributeRows.push(row);
      out.attributeActivities.push(activity);
    } else {
      out.abilityRows.push(row);
      out.abilityActivities.push(activity);
    }
  }
  return out;
}

/** What a character's attribute and ability items give, shared (frozen) by the preparations that keep it. */
interface PreparedTraits {
  readonly attributeTree: TraitTreeBuild;
  readonly abilityTree: TraitTreeBuild;
  /** The character's scores as records (what other code reads) and as Maps (what the core's status and defender read as they are). */
  readonly attributes: Readonly<Record<string, number>>;
  readonly abilities: Readonly<Record<string, number>>;
  readonly attributeMap: ReadonlyMap<string, number>;
  readonly abilityMap: ReadonlyMap<string, number>;
  readonly attributeActivity: Readonly<Record<string, R.TraumaKind>>;
  readonly abilityActivity: Readonly<Record<string, R.TraumaKind>>;
}

/** Each character's last traits and the inputs they came from. */
const TRAITS = /* @__PURE__ */ new WeakMap<object, SameInputs<PreparedTraits>>();

/** The trees, score tables and activities from the trait inputs (see traitRows). */
function prepareTraits(inputs: readonly TraitInput[], fallback: R.TraumaKind): PreparedTraits {
  const { attributeRows, attributeActivities, abilityRows, abilityActivities } = traitRows(inputs);
  const attributeTree = frozenTree(buildTraitTree(attributeRows));
  const abilityTree = frozenTree(buildTraitTree(abilityRows));
  const attributes = dict<number>();
  const attributeMap = new Map<string, number>();
  for (const row of attributeTree.rows) {
    attributes[row.traitId] = row.score;
    attributeMap.set(row.traitId, row.score);
  }
  // An ability rated 0 is a node of the tree the character has no score in: a check for it
  // falls back up (or, if justified, down) the tree (docs/rules/pool.md).
  const abilities = dict<number>();
  const abilityMap = new Map<string, number>();
  for (const row of abilityTree.rows) {
    if (row.score <= 0) continue;
    abilities[row.traitId] = row.score;
    abilityMap.set(row.traitId, row.score);
  }
  // A trait's own activity: the first item of its trait id that names one.
  const own = (rows: readonly TraitItemRow[], activities: readonly TraitActivity[]): Record<string, TraitActivity> => {
    const out = dict<TraitActivity>();
    rows.forEach((r, i) => (out[r.traitId] ??= activities[i] ?? ""));
    return out;
  };
  return Object.freeze({
    attributeTree,
    abilityTree,
    attributes: Object.freeze(attributes),
    abilities: Object.freeze(abilities),
    attributeMap,
    abilityMap,
    attributeActivity: Object.freeze(resolveActivities(attributeTree, own(attributeRows, attributeActivities), fallback)),
    abilityActivity: Object.freeze(resolveActivities(abilityTree, own(abilityRows, abilityActivities), fallback)),
  });
}

/** A trait tree frozen (its table, rows and problems), as it is shared by the preparations that keep it. */
function frozenTree(build: TraitTreeBuild): TraitTreeBuild {
  Object.freeze(build.tree);
  for (const r of build.rows) Object.freeze(r);
  Object.freeze(build.rows);
  for (const p of build.problems) Object.freeze(p);
  Object.freeze(build.problems);
  return Object.freeze(build);
}

/**
 * Each trait's activity: its own choice, else its parent's (rows come parents first), else the
 * world's default. Depth-first rows make this one pass.
 */
function resolveActivities(tree: TraitTreeBuild, own: Record<string, TraitActivity>, fallback: R.TraumaKind): Record<string, R.TraumaKind> {
  const out = dict<R.TraumaKind>();
  for (const row of tree.rows) {
    const mine = own[row.traitId];
    out[row.traitId] = mine === "physical" || mine === "mental" ? mine : (row.parentId !== null ? out[row.parentId] : undefined) ?? fallback;
  }
  return out;
}
