/**
 * The trait trees of one Dice Pool character, built from its attribute or ability items: each
 * item names its parent trait by name. Pure (no Foundry): the actor model feeds it plain rows.
 * Names are user-typed keys, so every table is a null-prototype record (src/dice/dict.ts).
 */
import { dict } from "../../../dice/dict";
import { compareText } from "../../../dice/collate";

/** One trait item as the tree sees it. */
export interface TraitItemRow {
  /** The item's id (for the sheet). */
  id: string;
  /** The trait's id in the rules: the item's name (an attribute with a rules role uses the role). */
  traitId: string;
  /** The name shown. */
  name: string;
  /** The parent trait's name as typed ("" = a root). */
  parent: string;
  score: number;
}

/** A trait in display order, with its depth in the tree. */
export interface TreeRow extends TraitItemRow {
  depth: number;
  /** The parent's trait id actually used (null = a root). */
  parentId: string | null;
}

export interface TraitTreeBuild {
  /** Trait id → parent trait id or null, as the rules core reads a TraitTree. */
  tree: Record<string, string | null>;
  /** Depth-first order, parents before children, siblings by name. */
  rows: TreeRow[];
  /** Problems found and how they were handled (each names the trait), as format data. */
  problems: { key: "DuplicateTrait" | "UnknownParent" | "ParentCycle"; name: string; parent: string }[];
}

/**
 * Build a tree from trait rows. A second trait of the same name is left out; a parent that names
 * no trait of the tree, or one that would close a cycle, is dropped (the trait becomes a root);
 * each of those is reported in `problems` so the sheet can say so.
 */
export function buildTraitTree(items: readonly TraitItemRow[]): TraitTreeBuild {
  // Maps while building (every character's two trees are built on every preparation: a null-
  // prototype record per lookup table and a Set per trait cost more than the rest of the tree).
  const problems: TraitTreeBuild["problems"] = [];
  const byId = new Map<string, TraitItemRow>();
  const byName = new Map<string, string>();
  const kept: TraitItemRow[] = [];
  for (const item of items) {
    if (byId.has(item.traitId)) {
      problems.push({ key: "DuplicateTrait", name: item.name, parent: "" });
      continue;
    }
    byId.set(item.traitId, item);
    byName.set(item.name, item.traitId);
    kept.push(item);
  }
  const parents = new Map<string, string | null>();
  for (const item of kept) {
    const wanted = item.parent.trim();
    const parentId = wanted === "" ? null : byName.get(wanted) ?? (byId.has(wanted) ? wanted : null);
    if (wanted !== "" && parentId === null) problems.push({ key: "UnknownParent", name: item.name, parent: wanted });
    parents.set(item.traitId, parentId === item.traitId ? null : parentId);
  }
  // Cut every cycle where it closes: walk up from each trait; a trait met twice loses its parent.
  // A walk stops early at a trait an earlier walk showed to reach a root (its way up has no cycle).
  const reachesRoot = new Set<string>();
  const path = new Set<string>();
  for (const item of kept) {
    path.clear();
    path.add(item.traitId);
    let at = item.traitId;
    for (;;) {
      if (reachesRoot.has(at)) break;
      const up = parents.get(at) ?? null;
      if (up === null) break;
      if (path.has(up)) {
        problems.push({ key: "ParentCycle", name: byId.get(at)?.name ?? at, parent: byId.get(up)?.name ?? up });
        parents.set(at, null);
        break;
      }
      path.add(up);
      at = up;
    }
    for (const id of path) reachesRoot.add(id);
  }
  const tree = dict<string | null>();
  const children = new Map<string | null, TraitItemRow[]>();
  for (const item of kept) {
    const p = parents.get(item.traitId) ?? null;
    tree[item.traitId] = p;
    const list = children.get(p);
    if (list) list.push(item);
    else children.set(p, [item]);
  }
  const rows: TreeRow[] = [];
  const visit = (parent: string | null, depth: number): void => {
    const list = children.get(parent);
    if (list === undefined) return;
    if (list.length > 1) list.sort((a, b) => compareText(a.name, b.name));
    for (const item of list) {
      rows.push({ id: item.id, traitId: item.traitId, name: item.name, parent: item.parent, score: item.score, depth, parentId: parent });
      visit(item.traitId, depth + 1);
    }
  };
  visit(null, 0);
  return { tree, rows, problems };
}
