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

/** Skill points received for one Progression Point purchase on a root: the sum of its two majors. */
export function skillPointsPerPurchase(attrs: Attributes, root: RootSkillKey, majors: readonly [AttributeKey, AttributeKey], table: RootSkillTable = ROOT_SKILLS): number {
  const a = validateAttributes(attrs);
  validateMajors(root, majors, table);
  return a[majors[0]] + a[majors[1]];
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

/** The highest Adjust reachable from `from` with `points` skill points, and what is left over. */
export function maxRaise(input: { readonly from: number; readonly points: number }): { readonly adjust: number; readonly spent: number; readonly left: number } {
  requireObject("A raise", input);
  const from = requireInt("Adjust rating", input.from, 0, MAX_ADJUST);
  const points = requireInt("Skill points", input.points, 0);
  let adjust = from;
  let spent = 0;
  while (adjust < MAX_ADJUST && spent + incrementCost(adjust) <= points) {
    spent += incrementCost(adjust);
    adjust++;
  }
  return { adjust, spent, left: points - spent };
}

/** Creating a branch costs one skill point and is its first Adjust increment (Adjust 1). */
export const NEW_BRANCH_COST = 1;

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

function zeroBases(): Record<RootSkillKey, number> {
  const o = {} as Record<RootSkillKey, number>;
  for (const k of ROOT_SKILL_KEYS) o[k] = 0;
  return o;
}

/** A tree with every root at Adjust 0, the given majors, and no branches. */
export function emptySkillTree(majors: Readonly<Record<RootSkillKey, readonly [AttributeKey, AttributeKey]>>): SkillTree {
  const roots = {} as Record<RootSkillKey, RootSkillData>;
  for (const k of ROOT_SKILL_KEYS) roots[k] = { majors: majors[k], adjust: 0 };
  return { roots, branches: [] };
}

/** Raise a skill's Adjust to `to`; returns the new tree and the skill-point cost. */
export function raiseSkill(tree: SkillTree, id: string, to: number): { readonly tree: SkillTree; readonly cost: number } {
  if (isRootSkillKey(id)) {
    const cur = tree.roots[id];
    const cost = raiseCost({ from: cur.adjust, to });
    return { tree: { roots: { ...tree.roots, [id]: { ...cur, adjust: to } }, branches: tree.branches }, cost };
  }
  const idx = tree.branches.findIndex((b) => b.id === id);
  if (idx < 0) throw new RangeError(`Unknown skill "${id}"`);
  const cur = tree.branches[idx];
  const cost = raiseCost({ from: cur.adjust, to });
  const branches = tree.branches.map((b, i) => (i === idx ? { ...b, adjust: to } : b));
  return { tree: { roots: tree.roots, branches }, cost };
}

/** Buy a new branch under `parent` for one skill point; it starts at Adjust 1. */
export function addBranch(tree: SkillTree, branch: { readonly id: string; readonly name: string; readonly parent: string }): { readonly tree: SkillTree; readonly cost: number } {
  const next: SkillTree = { roots: tree.roots, branches: [...tree.branches, { ...branch, adjust: 1 }] };
  computeSkills(null, next, { rootBaseOverride: zeroBases() });
  return { tree: next, cost: NEW_BRANCH_COST };
}

// ---------------------------------------------------------------------------------------------
// Skill point rewards (seed: "Skill Improvement")

export const SKILL_REWARD_KINDS = ["notableUse", "creativeExtension", "masterfulRepetition", "surprisingDiscovery"] as const;
export type SkillRewardKind = (typeof SKILL_REWARD_KINDS)[number];
/** Most skill points a GM reward of each kind should give (notable use: about once a session). */
export const SKILL_REWARD_MAXIMA: Readonly<Record<SkillRewardKind, number>> = Object.freeze(dictFrom<number>(Object.entries({
  notableUse: 1,
  creativeExtension: 5,
  masterfulRepetition: 5,
  surprisingDiscovery: 5,
})));

/** Validate a GM skill-point reward against the seed's guidance; returns the points. */
export function skillPointReward(kind: SkillRewardKind, points: number): number {
  const max = own(SKILL_REWARD_MAXIMA, kind);
  if (max === undefined) throw new RangeError(`Unknown skill reward "${String(kind)}"`);
  return requireInt(`Skill points for ${kind}`, points, 1, max);
}

// ---------------------------------------------------------------------------------------------
// Reserve skill points (seed: "Skill Points")

/**
 * Skill points kept for later: `any` may go to any skill (undirected GM rewards); `byRoot` were
 * bought with Progression Points for one root and may only go to that root or its branches.
 */
export interface ReserveSkillPoints {
  readonly any: number;
  readonly byRoot: Readonly<Partial<Record<RootSkillKey, number>>>;
}

export const EMPTY_RESERVE: ReserveSkillPoints = { any: 0, byRoot: {} };

/** Throw unless every reserve is a whole number ≥ 0 under a known root. */
export function validateReserveSkillPoints(r: ReserveSkillPoints): ReserveSkillPoints {
  requireInt("Reserve skill points", r.any, 0);
  for (const [k, v] of Object.entries(r.byRoot)) {
    if (!isRootSkillKey(k)) throw new RangeError(`Reserve skill points: unknown root skill "${k}"`);
    requireInt(`Reserve skill points for ${k}`, v ?? 0, 0);
  }
  return r;
}

/** Points usable on a skill under `root`: that root's own points plus the undirected ones. */
export function reserveFor(r: ReserveSkillPoints, root: RootSkillKey): number {
  validateReserveSkillPoints(r);
  if (!isRootSkillKey(root)) throw new RangeError(`Unknown root skill "${String(root)}"`);
  return r.any + (r.byRoot[root] ?? 0);
}

/** Add skill points bought for a root (a Progression Point purchase: see skillPointsPerPurchase). */
export function addRootSkillPoints(r: ReserveSkillPoints, root: RootSkillKey, points: number): ReserveSkillPoints {
  validateReserveSkillPoints(r);
  if (!isRootSkillKey(root)) throw new RangeError(`Unknown root skill "${String(root)}"`);
  requireInt("Skill points", points, 0);
  return { any: r.any, byRoot: { ...r.byRoot, [root]: (r.byRoot[root] ?? 0) + points } };
}

/**
 * Spend skill points on a skill under `root`. The root's own points go first (they can be used
 * nowhere else), then undirected ones. Throws when there are not enough.
 */
export function spendReserve(r: ReserveSkillPoints, root: RootSkillKey, cost: number): ReserveSkillPoints {
  const have = reserveFor(r, root);
  requireInt("Skill point cost", cost, 0);
  if (cost > have) throw new RangeError(`Spending ${cost} skill points under ${root} needs more than the ${have} available there`);
  const own = r.byRoot[root] ?? 0;
  const fromOwn = Math.min(own, cost);
  return { any: r.any - (cost - fromOwn), byRoot: { ...r.byRoot, [root]: own - fromOwn } };
}

/** The root a skill grows from ("bows" → "ranged"), or throws for an unknown skill. */
export function rootOfSkill(tree: SkillTree, id: string): RootSkillKey {
  if (isRootSkillKey(id)) return id;
  const r = computeSkills(null, tree, { rootBaseOverride: zeroBases() }).get(id);
  if (!r) throw new RangeError(`Unknown skill "${id}"`);
  return r.root;
}
