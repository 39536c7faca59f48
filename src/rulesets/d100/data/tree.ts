/**
 * Building the core's SkillTree from an actor's roots and its branch skill items, reporting (not
 * throwing on) what the core would refuse: a branch whose parent is unknown or forms a cycle, two
 * skills with one name, a root whose two majors are the same attribute. Problems become sheet
 * messages; the rest of the tree still works.
 */
import * as R from "../init-rules";

export interface BranchRow {
  /** The item's id. */
  itemId: string;
  name: string;
  parent: string;
  adjust: number;
}
export interface RootRow {
  majors: readonly [R.AttributeKey, R.AttributeKey];
  adjust: number;
}
export interface TreeProblem {
  key: "unknownParent" | "duplicateName" | "sameMajors";
  name: string;
  parent?: string;
}
export interface TreeBuild {
  tree: R.SkillTree;
  problems: TreeProblem[];
  /** Item id of each branch kept in the tree, by skill name. */
  itemIds: Map<string, string>;
}

/** The default majors of a root: its first two contributors as the book's table lists them. */
export function defaultMajors(root: R.RootSkillKey): readonly [R.AttributeKey, R.AttributeKey] {
  const c = R.ROOT_SKILLS[root];
  return [c[0], c[1]];
}

export function buildSkillTree(roots: Readonly<Record<R.RootSkillKey, RootRow>>, branches: readonly BranchRow[]): TreeBuild {
  const problems: TreeProblem[] = [];
  const outRoots = {} as Record<R.RootSkillKey, R.RootSkillData>;
  for (const key of R.ROOT_SKILL_KEYS) {
    const r = roots[key];
    let majors = r.majors;
    try {
      R.validateMajors(key, majors);
    } catch {
      problems.push({ key: "sameMajors", name: key });
      majors = defaultMajors(key);
    }
    outRoots[key] = { majors, adjust: r.adjust };
  }
  const known = new Set<string>(R.ROOT_SKILL_KEYS);
  const seen = new Set<string>();
  const pending: BranchRow[] = [];
  for (const b of branches) {
    const name = b.name.trim();
    if (!name || seen.has(name) || R.isRootSkillKey(name)) {
      problems.push({ key: "duplicateName", name });
      continue;
    }
    seen.add(name);
    pending.push({ itemId: b.itemId, name, parent: b.parent.trim(), adjust: b.adjust });
  }
  const kept: R.BranchSkillData[] = [];
  const itemIds = new Map<string, string>();
  // Add branches whose parent is known, until nothing more can be added (bounded by the count).
  let progress = true;
  while (progress && pending.length) {
    progress = false;
    for (let i = 0; i < pending.length; i++) {
      const b = pending[i];
      if (!b || !known.has(b.parent)) continue;
      kept.push({ id: b.name, name: b.name, parent: b.parent, adjust: b.adjust });
      itemIds.set(b.name, b.itemId);
      known.add(b.name);
      pending.splice(i, 1);
      i--;
      progress = true;
    }
  }
  for (const b of pending) problems.push({ key: "unknownParent", name: b.name, parent: b.parent });
  return { tree: { roots: outRoots, branches: kept }, problems, itemIds };
}
