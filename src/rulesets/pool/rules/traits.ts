/**
 * Seed 002, "Determining the Ability and Attribute": a character lacking the asked trait uses
 * an ancestor in the trait tree (always appropriate) or a descendant the Storyguide accepts as
 * justified. The tree is data: each trait names its parent (null for a root).
 *
 * Trait names are typed by users ("Brawl", "constructor", "__proto__"), so every lookup goes
 * through a Map: a tree or a score table may be passed as a Map or as a plain record (read
 * through its own keys only, never its prototype).
 */
import { requireArray, requireInt, requireObject, describe } from "./validate";
import { type NameTable, MAX_TRAITS, nameMap } from "./names";

/** A trait tree: trait id → parent id (null for a root). */
export type TraitTree = NameTable<string | null>;

/** A character's scores: trait id → whole-number score (only the traits the character has). */
export type TraitScores = NameTable<number>;

/** A trait name: a string (any text, including prototype names). */
function requireName(name: string, what: string): string {
  if (typeof name !== "string") throw new TypeError(`${what} must be a name, not ${describe(name)}`);
  return name;
}

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

/** Check the tree: every parent exists and there are no cycles. Returns the tree as a Map. */
export function checkTraitTree(tree: TraitTree): ReadonlyMap<string, string | null> {
  const map = nameMap(tree, "trait tree");
  for (const [id, parent] of map) {
    if (parent !== null && typeof parent !== "string") throw new TypeError(`Trait "${id}" must name a parent or null, not ${describe(parent)}`);
    if (parent !== null && !map.has(parent)) throw new RangeError(`Trait "${id}" names an unknown parent "${parent}"`);
    const seen = new Set<string>([id]);
    let p = parent;
    while (p !== null) {
      if (seen.has(p)) throw new RangeError(`Trait tree has a cycle through "${p}"`);
      seen.add(p);
      p = map.get(p) ?? null;
    }
  }
  return map;
}

function ancestorsIn(map: ReadonlyMap<string, string | null>, id: string): string[] {
  requireName(id, "trait");
  if (!map.has(id)) throw new RangeError(`Unknown trait "${id}"`);
  const out: string[] = [];
  let p = map.get(id) ?? null;
  while (p !== null) {
    if (typeof p !== "string") throw new TypeError(`Trait "${out.length === 0 ? id : out[out.length - 1]}" must name a parent or null, not ${describe(p)}`);
    if (out.includes(p)) throw new RangeError(`Trait tree has a cycle through "${p}"`);
    if (!map.has(p)) throw new RangeError(`Trait "${out.length === 0 ? id : out[out.length - 1]}" names an unknown parent "${p}"`);
    out.push(p);
    p = map.get(p) ?? null;
  }
  return out;
}

/** Ancestors of a trait, nearest first. */
export function traitAncestors(tree: TraitTree, id: string): string[] {
  return ancestorsIn(nameMap(tree, "trait tree"), id);
}

/** The part every trait query shares, checked: the tree, the trait asked for (one of the tree's) and the descendants accepted. */
function requestIn(what: string, query: Omit<TraitQuery, "scores">): { tree: ReadonlyMap<string, string | null>; requested: string; justified: readonly string[] } {
  requireObject(what, query);
  const tree = nameMap(query.tree, "trait tree");
  const requested = requireName(query.requested, "requested trait");
  const justified = requireArray("justified traits", query.justified ?? [], MAX_TRAITS);
  if (!tree.has(requested)) throw new RangeError(`Unknown trait "${requested}"`);
  return { tree, requested, justified };
}

/** What a trait lookup needs: the tree, the character's scores, the trait asked for and the descendants accepted. */
export interface TraitQuery {
  readonly tree: TraitTree;
  readonly scores: TraitScores;
  readonly requested: string;
  /** Descendants the Storyguide accepted as justified (default none). */
  readonly justified?: readonly string[];
}

/**
 * Every trait the character could use for `requested`: the trait itself, its defined
 * ancestors (automatically appropriate) and the defined descendants listed in `justified`
 * (the Storyguide accepted them). Sorted exact, then ancestors nearest first, then descendants.
 */
export function traitCandidates(query: TraitQuery): TraitCandidate[] {
  const { tree, requested, justified } = requestIn("trait query", query);
  const scores = nameMap(query.scores, "scores");
  const score = (id: string): number => requireInt(`score of "${id}"`, scores.get(id) ?? 0);
  const out: TraitCandidate[] = [];
  if (scores.has(requested)) out.push({ traitId: requested, score: score(requested), relation: "exact", distance: 0 });
  ancestorsIn(tree, requested).forEach((id, i) => {
    if (scores.has(id)) out.push({ traitId: id, score: score(id), relation: "ancestor", distance: i + 1 });
  });
  for (const id of justified) {
    requireName(id, "justified trait");
    if (!tree.has(id)) throw new RangeError(`Unknown trait "${id}"`);
    const i = ancestorsIn(tree, id).indexOf(requested);
    if (i < 0) throw new RangeError(`"${id}" is not a descendant of "${requested}"`);
    if (scores.has(id)) out.push({ traitId: id, score: score(id), relation: "descendant", distance: i + 1 });
  }
  return out;
}

/**
 * The trait used for a check: the character's own score if defined; otherwise the best-scoring
 * candidate among defined ancestors and justified descendants (ties go to the earlier candidate:
 * ancestors nearest first, then descendants in the order given); otherwise relation "none" with score 0.
 */
export function chooseTrait(query: TraitQuery): TraitChoice {
  const all = traitCandidates(query);
  const exact = all.find((c) => c.relation === "exact");
  if (exact) return { ...exact, requested: query.requested };
  let best: TraitCandidate | undefined;
  for (const c of all) if (best === undefined || c.score > best.score) best = c;
  if (best === undefined) return { requested: query.requested, traitId: query.requested, score: 0, relation: "none", distance: 0 };
  return { ...best, requested: query.requested };
}

/** A supporting ability proposed for a check. */
export interface SupportQuery {
  readonly tree: TraitTree;
  readonly requested: string;
  readonly supporting: string;
  readonly justified?: readonly string[];
}

/**
 * A supporting ability is one that helps without being the ability asked for, one of its
 * ancestors or a descendant accepted for it (any of those would simply be the ability used).
 * Throws a RangeError naming the clash; returns the supporting ability's id.
 */
export function checkSupportingTrait(query: SupportQuery): string {
  const { tree, requested, justified } = requestIn("support query", query);
  const supporting = requireName(query.supporting, "supporting trait");
  if (!tree.has(supporting)) throw new RangeError(`Unknown trait "${supporting}"`);
  if (supporting === requested) throw new RangeError(`"${supporting}" is the ability asked for, so it cannot also support it`);
  if (ancestorsIn(tree, requested).includes(supporting)) throw new RangeError(`"${supporting}" is an ancestor of "${requested}", so it counts as that ability, not as support`);
  if (justified.includes(supporting)) throw new RangeError(`"${supporting}" was accepted as a descendant standing in for "${requested}", so it cannot also support it`);
  return supporting;
}
