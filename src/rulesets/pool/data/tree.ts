/**
 * The trait trees of one Dice Pool character, built from its attribute or ability items: each
 * item names its parent trait by name. Pure (no Foundry): the actor model feeds it plain rows.
 * Names are user-typed keys, so every table is a null-prototype record (src/dice/dict.ts).
 */
import { dict, own } from "../../../dice/dict";
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
  const problems: TraitTreeBuild["problems"] = [];
  const byId = dict<TraitItemRow>();
  const byName = dict<string>();
  const kept: TraitItemRow[] = [];
  for (const item of items) {
    if (own(byId, item.traitId) !== undefined) {
      problems.push({ key: "DuplicateTrait", name: item.name, parent: "" });
      continue;
    }
    byId[item.traitId] = item;
    byName[item.name] = item.traitId;
    kept.push(item);
  }
  const tree = dict<string | null>();
  for (const item of kept) {
    const wanted = item.parent.trim();
    const parentId = wanted === "" ? null : own(byName, wanted) ?? (own(byId, wanted) !== undefined ? wanted : null);
    if (wanted !== "" && parentId === null) problems.push({ key: "UnknownParent", name: item.name, parent: wanted });
    tree[item.traitId] = parentId === item.traitId ? null : parentId;
  }
  // Cut every cycle where it closes: walk up from each trait; a trait met twice loses its parent.
  for (const item of kept) {
    const seen = new Set<string>([item.traitId]);
    let at = item.traitId;
    for (;;) {
      const up = own(tree, at) ?? null;
      if (up === null) break;
      if (seen.has(up)) {
        problems.push({ key: "ParentCycle", name: own(byId, at)?.name ?? at, parent: own(byId, up)?.name ?? up });
        tree[at] = null;
        break;
      }
      seen.add(up);
      at = up;
    }
  }
  const children = new Map<string | null, TraitItemRow[]>();
  for (const item of kept) {
    const p = own(tree, item.traitId) ?? null;
    const list = children.get(p) ?? [];
    list.push(item);
    children.set(p, list);
  }
  const rows: TreeRow[] = [];
  const visit = (parent: string | null, depth: number): void => {
    const list = children.get(parent);
    if (list === undefined) return;
    list.sort((a, b) => compareText(a.name, b.name));
    for (const item of list) {
      rows.push({ id: item.id, traitId: item.traitId, name: item.name, parent: item.parent, score: item.score, depth, parentId: parent });
      visit(item.traitId, depth + 1);
    }
  };
  visit(null, 0);
  return { tree, rows, problems };
}
