/**
 * Seed 002, "Determining the Ability and Attribute": a character lacking the asked trait uses
 * an ancestor in the trait tree (always appropriate) or a descendant the Storyguide accepts as
 * justified. The tree is data: each trait names its parent (null for a root).
 */
import { requireInt } from "./validate";

/** A trait tree: trait id → parent id (null for a root). */
export type TraitTree = Readonly<Record<string, string | null>>;

/** A character's scores: trait id → whole-number score (only the traits the character has). */
export type TraitScores = Readonly<Record<string, number>>;

/** Stable keys for how the trait used relates to the one asked for. */
export const TRAIT_RELATIONS = ["exact", "ancestor", "descendant", "none"] as const;
export type TraitRelation = (typeof TRAIT_RELATIONS)[number];

/** One trait the character could use for a check. */
export interface TraitCandidate {
  readonly traitId: string;
  readonly score: number;
  readonly relation: TraitRelation;
  /** Steps up (ancestor) or down (descendant) the tree; 0 for exact. */
  readonly distance: number;
}

/** The trait chosen for a check; relation "none" means nothing usable (score 0). */
export interface TraitChoice extends TraitCandidate {
  readonly requested: string;
}

/** Check the tree: every parent exists and there are no cycles. Returns the tree. */
export function checkTraitTree(tree: TraitTree): TraitTree {
  for (const [id, parent] of Object.entries(tree)) {
    if (parent !== null && !(parent in tree)) throw new RangeError(`Trait "${id}" names an unknown parent "${parent}"`);
    const seen = new Set<string>([id]);
    let p = parent;
    while (p !== null) {
      if (seen.has(p)) throw new RangeError(`Trait tree has a cycle through "${p}"`);
      seen.add(p);
      p = tree[p] ?? null;
    }
  }
  return tree;
}

/** Ancestors of a trait, nearest first. */
export function traitAncestors(tree: TraitTree, id: string): string[] {
  if (!(id in tree)) throw new RangeError(`Unknown trait "${id}"`);
  const out: string[] = [];
  let p = tree[id] ?? null;
  while (p !== null) {
    if (out.includes(p)) throw new RangeError(`Trait tree has a cycle through "${p}"`);
    if (!(p in tree)) throw new RangeError(`Trait "${out.length === 0 ? id : out[out.length - 1]}" names an unknown parent "${p}"`);
    out.push(p);
    p = tree[p] ?? null;
  }
  return out;
}

/** Depth of `descendant` below `ancestor`, or -1 if it is not below it. */
function depthBelow(tree: TraitTree, ancestor: string, descendant: string): number {
  const chain = traitAncestors(tree, descendant);
  const i = chain.indexOf(ancestor);
  return i < 0 ? -1 : i + 1;
}

/**
 * Every trait the character could use for `requested`: the trait itself, its defined
 * ancestors (automatically appropriate) and the defined descendants listed in `justified`
 * (the Storyguide accepted them). Sorted exact, then ancestors nearest first, then descendants.
 */
export function traitCandidates(tree: TraitTree, scores: TraitScores, requested: string, justified: readonly string[] = []): TraitCandidate[] {
  if (!(requested in tree)) throw new RangeError(`Unknown trait "${requested}"`);
  const score = (id: string): number => requireInt(`score of "${id}"`, scores[id] ?? 0);
  const out: TraitCandidate[] = [];
  if (requested in scores) out.push({ traitId: requested, score: score(requested), relation: "exact", distance: 0 });
  traitAncestors(tree, requested).forEach((id, i) => {
    if (id in scores) out.push({ traitId: id, score: score(id), relation: "ancestor", distance: i + 1 });
  });
  for (const id of justified) {
    if (!(id in tree)) throw new RangeError(`Unknown trait "${id}"`);
    const d = depthBelow(tree, requested, id);
    if (d < 0) throw new RangeError(`"${id}" is not a descendant of "${requested}"`);
    if (id in scores) out.push({ traitId: id, score: score(id), relation: "descendant", distance: d });
  }
  return out;
}

/**
 * The trait used for a check: the character's own score if defined; otherwise the best-scoring
 * candidate among defined ancestors and justified descendants (ties go to the earlier candidate:
 * ancestors nearest first, then descendants in the order given); otherwise relation "none" with score 0.
 */
export function chooseTrait(tree: TraitTree, scores: TraitScores, requested: string, justified: readonly string[] = []): TraitChoice {
  const all = traitCandidates(tree, scores, requested, justified);
  const exact = all.find((c) => c.relation === "exact");
  if (exact) return { ...exact, requested };
  let best: TraitCandidate | undefined;
  for (const c of all) if (best === undefined || c.score > best.score) best = c;
  if (best === undefined) return { requested, traitId: requested, score: 0, relation: "none", distance: 0 };
  return { ...best, requested };
}

/**
 * A supporting ability is one that helps without being the ability asked for, one of its
 * ancestors or a descendant accepted for it (any of those would simply be the ability used).
 * Throws a RangeError naming the clash; returns the supporting ability's id.
 */
export function checkSupportingTrait(tree: TraitTree, requested: string, supporting: string, justified: readonly string[] = []): string {
  if (!(requested in tree)) throw new RangeError(`Unknown trait "${requested}"`);
  if (!(supporting in tree)) throw new RangeError(`Unknown trait "${supporting}"`);
  if (supporting === requested) throw new RangeError(`"${supporting}" is the ability asked for, so it cannot also support it`);
  if (traitAncestors(tree, requested).includes(supporting)) throw new RangeError(`"${supporting}" is an ancestor of "${requested}", so it counts as that ability, not as support`);
  if (justified.includes(supporting)) throw new RangeError(`"${supporting}" was accepted as a descendant standing in for "${requested}", so it cannot also support it`);
  return supporting;
}
