/**
 * The rules cores stay pure: no Foundry global, no Math.random, no `any`. (tsconfig.core.json also
 * type-checks them without Foundry's types; this test names the offending line.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const cores = ["src/dice", ...readdirSync("src/rulesets").map((r) => join("src/rulesets", r, "rules"))];
const sources = cores.flatMap(files);

const FORBIDDEN: [RegExp, string][] = [
  [/\bMath\.random\b/, "Math.random (pass a RandomSource)"],
  [/(:|\bas|<)\s*any\b/, "the any type"],
  [/\b(game|CONFIG|foundry|Hooks|ui|canvas|Roll|ChatMessage)\s*[.(]/, "a Foundry global"],
];

describe("rules cores are pure", () => {
  it("finds every core", () => {
    expect(cores.length).toBeGreaterThanOrEqual(6);
    expect(sources.length).toBeGreaterThan(20);
  });
  it.each(sources)("%s", (file) => {
    const problems: string[] = [];
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, "").replace(/\/\*.*?(\*\/|$)/g, "").replace(/^\s*\*.*$/, "").replace(/"[^"]*"|`[^`]*`|'[^']*'/g, '""');
        for (const [re, what] of FORBIDDEN) if (re.test(code)) problems.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
      });
    expect(problems).toEqual([]);
  });
});
