/**
 * Issue 17: no import circle runs through src/ — type-only imports and re-exports included. Core
 * never imports a ruleset; a ruleset's types file augments core's type vocabulary instead.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith(".ts")) out.push(path);
  }
  return out;
}

function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    const deps: string[] = [];
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?[^;]*?from\s+"(\.[^"]+)"/gms)) {
      const base = resolve(dirname(file), m[1]!);
      const hit = [`${base}.ts`, join(base, "index.ts"), base].find((c) => existsSync(c) && statSync(c).isFile());
      if (hit) deps.push(hit);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe("the import graph of src/", () => {
  const root = resolve("src");
  const graph = importGraph(root);

  it("has no circle (type-only imports and re-exports count)", () => {
    expect(cycles(graph).map((c) => c.map((f) => relative(root, f)).sort())).toEqual([]);
  });

  it("finds a circle when there is one (the check can fail)", () => {
    const a = join(root, "a.ts");
    const b = join(root, "b.ts");
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toHaveLength(1);
  });

  it("core never imports a ruleset", () => {
    const offenders = [...graph].filter(([file]) => relative(root, file).startsWith("core")).flatMap(([file, deps]) => deps.filter((d) => relative(root, d).startsWith("rulesets")).map((d) => `${relative(root, file)} → ${relative(root, d)}`));
    expect(offenders).toEqual([]);
  });
});
