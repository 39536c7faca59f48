/**
 * Skills (seed: "Calculate Skills", "Skills", "Roots and Branches", "Skill Rating and Fields",
 * "Skill Points", "Exchange Rate", "Skill Trees", "Skill Point Spending", "The Basic Skills").
 */
import { type AttributeKey, type Attributes, validateAttributes } from "./attributes";
import { dictFrom, own } from "../../../dice/dict";
import { requireInt, requireObject } from "./validate";

export const ROOT_SKILL_KEYS = [
  "athletic",
  "close",
  "domestic",
  "interaction",
  "navigation",
  "ranged",
  "sensory",
  "society",
  "theory",
  "vocational",
] as const;
export type RootSkillKey = (typeof ROOT_SKILL_KEYS)[number];

/**
 * The three contributing attributes of each root skill. Close follows the character sheet
 * (AG FO ST); the prose lists Agility, Endurance, Strength, identical to Athletic (see docs).
 * A setting may pass its own table.
 */
export type RootSkillTable = Readonly<Record<RootSkillKey, readonly [AttributeKey, AttributeKey, AttributeKey]>>;
export const ROOT_SKILLS: RootSkillTable = Object.freeze(dictFrom<readonly [AttributeKey, AttributeKey, AttributeKey]>(Object.entries({
  athletic: ["agility", "endurance", "strength"],
  close: ["agility", "focus", "strength"],
  domestic: ["charisma", "sense", "spirit"],
  interaction: ["charisma", "spirit", "strength"],
  navigation: ["beyond", "intellect", "perception"],
  ranged: ["agility", "focus", "perception"],
  sensory: ["beyond", "focus", "perception"],
  society: ["charisma", "intellect", "sense"],
  theory: ["beyond", "intellect", "sense"],
  vocational: ["endurance", "intellect", "sense"],
})));

export function isRootSkillKey(key: string): key is RootSkillKey {
  return (ROOT_SKILL_KEYS as readonly string[]).includes(key);
}

/** Check that the two majors are two different contributors of the root skill. */
export function validateMajors(root: RootSkillKey, majors: readonly [AttributeKey, AttributeKey], table: RootSkillTable = ROOT_SKILLS): void {
  const contrib = own(table, root);
  if (!contrib) throw new RangeError(`Unknown root skill "${String(root)}"`);
  if (majors.length !== 2) throw new RangeError(`Root skill ${root} needs exactly two major attributes`);
  if (majors[0] === majors[1]) throw new RangeError(`Root skill ${root}: the two majors must differ (both ${majors[0]})`);
  for (const m of majors) {
    if (!contrib.includes(m)) throw new RangeError(`Root skill ${root}: ${m} is not one of its contributors (${contrib.join(", ")})`);
  }
}

/** Base of a root skill: the three contributors summed, the two majors counted twice. */
export function rootSkillBase(attrs: Attributes, root: RootSkillKey, majors: readonly [AttributeKey, AttributeKey], table: RootSkillTable = ROOT_SKILLS): number {
  return validRootSkillBase(validateAttributes(attrs), root, majors, table);
}

/** rootSkillBase for attributes already validated (computeSkills checks them once for all roots). */
function validRootSkillBase(a: Attributes, root: RootSkillKey, majors: readonly [AttributeKey, AttributeKey], table: RootSkillTable): number {
  validateMajors(root, majors, table);
  const contrib = table[root];
  return contrib.reduce((s, k) => s + a[k], 0) + a[majors[0]] + a[majors[1]];
}

// ---------------------------------------------------------------------------------------------
// Exchange rate

/** Skill-point cost of raising Adjust from `rating` to `rating + 1`: doubles every 10 points. */
export function incrementCost(rating: number): number {
  if (!Number.isSafeInteger(rating) || rating < 0) requireInt("Adjust rating", rating, 0);
  return 2 ** Math.floor(rating / 10);
}

/** Highest Adjust rating the exchange rate prices (one point at 400 costs 2^39 skill points; totals stay exact). */
export const MAX_ADJUST = 400;

/** Skill-point cost of raising Adjust from `from` to `to` (to ≥ from ≥ 0). */
export function raiseCost(range: { readonly from: number; readonly to: number }): number {
  requireObject("A raise", range);
  const from = requireInt("Adjust rating", range.from, 0, MAX_ADJUST);
  const to = requireInt("Target adjust rating", range.to, from, MAX_ADJUST);
  let cost = 0;
  for (let r = from; r < to; r++) cost += incrementCost(r);
  return cost;
}

/** raiseCost from 0 by target, 0 … MAX_ADJUST, filled on first need (every skill of every preparation asks). */
const COST_FROM_ZERO: number[] = [];
/** raiseCost({ from: 0, to }) — the table for a whole target in range, raiseCost itself (and its errors) otherwise. */
export function costFromZero(to: number): number {
  if (!Number.isSafeInteger(to) || to < 0 || to > MAX_ADJUST) return raiseCost({ from: 0, to });
  return (COST_FROM_ZERO[to] ??= raiseCost({ from: 0, to }));
}

// ---------------------------------------------------------------------------------------------
// Skill trees

export interface RootSkillData {
  readonly majors: readonly [AttributeKey, AttributeKey];
  readonly adjust: number;
}
export interface BranchSkillData {
  readonly id: string;
  readonly name: string;
  /** A root skill key or the id of another branch. */
  readonly parent: string;
  readonly adjust: number;
}
export interface SkillTree {
  readonly roots: Readonly<Record<RootSkillKey, RootSkillData>>;
  readonly branches: readonly BranchSkillData[];
}

export interface SkillRating {
  readonly id: string;
  readonly name: string;
  readonly root: RootSkillKey;
  readonly parent: string | null;
  /** 0 for a root, 1 for a branch of a root, … */
  readonly depth: number;
  readonly base: number;
  readonly adjust: number;
  readonly total: number;
  /** Skill points this skill's Adjust cost at the exchange rate (a branch's first point included). */
  readonly cost: number;
}

/**
 * Every skill's Base, Adjust and Total. A root's Base comes from attributes (or from
 * `rootBaseOverride`, for the document's illustrative trees whose root Base is given); a branch's
 * Base is its parent's Total. Rejects unknown parents, duplicate ids, cycles and branches with
 * Adjust below 1.
 */
export function computeSkills(
  attrs: Attributes | null,
  tree: SkillTree,
  options: { readonly table?: RootSkillTable; readonly rootBaseOverride?: Partial<Record<RootSkillKey, number>> } = {},
): ReadonlyMap<string, SkillRating> {
  const table = options.table ?? ROOT_SKILLS;
  const out = new Map<string, SkillRating>();
  // The attributes are checked once, when the first root needs them (same error, same order as before).
  let valid: Attributes | null = null;
  for (const root of ROOT_SKILL_KEYS) {
    const data = tree.roots[root];
    if (!data) throw new RangeError(`Root skill ${root} is missing from the tree`);
    if (!Number.isSafeInteger(data.adjust) || data.adjust < 0) requireInt(`Adjust of ${root}`, data.adjust, 0);
    const override = options.rootBaseOverride?.[root];
    let base: number;
    if (override !== undefined) base = requireInt(`Base of ${root}`, override, 0);
    else {
      if (attrs === null) throw new RangeError(`Root skill ${root} needs attributes or a base override`);
      valid ??= validateAttributes(attrs);
      base = validRootSkillBase(valid, root, data.majors, table);
    }
    out.set(root, { id: root, name: root, root, parent: null, depth: 0, base, adjust: data.adjust, total: base + data.adjust, cost: costFromZero(data.adjust) });
  }
  const byId = new Map<string, BranchSkillData>();
  for (const b of tree.branches) {
    if (!b.id) throw new RangeError("A branch skill needs an id");
    if (byId.has(b.id) || isRootSkillKey(b.id)) throw new RangeError(`Duplicate skill id "${b.id}"`);
    if (!Number.isSafeInteger(b.adjust) || b.adjust < 1) requireInt(`Adjust of branch ${b.id}`, b.adjust, 1);
    byId.set(b.id, b);
  }
  const visiting = new Set<string>();
  const resolve = (id: string): SkillRating => {
    const done = out.get(id);
    if (done) return done;
    const b = byId.get(id);
    if (!b) throw new RangeError(`Unknown parent skill "${id}"`);
    if (visiting.has(id)) throw new RangeError(`Skill tree has a cycle through "${id}"`);
    visiting.add(id);
    const parent = resolve(b.parent);
    visiting.delete(id);
    const r: SkillRating = {
      id,
      name: b.name,
      root: parent.root,
      parent: parent.id,
      depth: parent.depth + 1,
      base: parent.total,
      adjust: b.adjust,
      total: parent.total + b.adjust,
      cost: costFromZero(b.adjust),
    };
    out.set(id, r);
    return r;
  };
  for (const b of tree.branches) resolve(b.id);
  return out;
}

/** Skill points spent on the whole tree at the exchange rate, in total and per root. */
export function treeCost(tree: SkillTree, attrs: Attributes | null = null, options: Parameters<typeof computeSkills>[2] = {}): { readonly total: number; readonly byRoot: Readonly<Record<RootSkillKey, number>> } {
  const ratings = computeSkills(attrs, tree, options.rootBaseOverride ? options : { ...options, rootBaseOverride: zeroBases() });
  const byRoot = {} as Record<RootSkillKey, number>;
  for (const k of ROOT_SKILL_KEYS) byRoot[k] = 0;
  let total = 0;
  for (const r of ratings.values()) {
    byRoot[r.root] += r.cost;
    total += r.cost;
  }
  return { total, byRoot };
}

export function zeroBases(): Record<RootSkillKey, number> {
  const o = {} as Record<RootSkillKey, number>;
  for (const k of ROOT_SKILL_KEYS) o[k] = 0;
  return o;
}
