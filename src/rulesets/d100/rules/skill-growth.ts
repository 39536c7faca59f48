/**
 * Skills grown in play (seed: "Skill Points", "Skill Rewards"): raising a skill, new branches, a
 * skill's reward and the reserve of skill points. Runtime code (sheets, advancement), apart from
 * rules/skills.ts, whose skill tree the data models derive: docs/architecture.md "Load what the world
 * needs".
 */
import { type AttributeKey, type Attributes, validateAttributes } from "./attributes";
import { dictFrom, own } from "../../../dice/dict";
import { requireInt, requireObject } from "./validate";
import { computeSkills, incrementCost, isRootSkillKey, MAX_ADJUST, raiseCost, ROOT_SKILL_KEYS, ROOT_SKILLS, type RootSkillData, type RootSkillKey, type RootSkillTable, type SkillTree, validateMajors, zeroBases } from "./skills";

/** Skill points received for one Progression Point purchase on a root: the sum of its two majors. */
export function skillPointsPerPurchase(attrs: Attributes, root: RootSkillKey, majors: readonly [AttributeKey, AttributeKey], table: RootSkillTable = ROOT_SKILLS): number {
  const a = validateAttributes(attrs);
  validateMajors(root, majors, table);
  return a[majors[0]] + a[majors[1]];
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
