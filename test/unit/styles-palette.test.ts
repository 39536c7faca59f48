// Issue 24.13: every ruleset reads well in light and dark. The compiled stylesheet may name a
// colour only where the two palettes (bb-light-palette, bb-dark-palette in styles/breadbox.scss)
// define their --bb-* variables; every var(--bb-*) used must be defined in both palettes, and the
// palette pairs keep their contrast (4.5:1 for text, 3:1 for figure fills against their outline).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as sass from "sass";

const ROOT = path.resolve(__dirname, "..", "..");
const css = sass.compile(path.join(ROOT, "styles", "breadbox.scss"), { style: "expanded", loadPaths: [path.join(ROOT, "styles")] }).css;

/** Declarations of a rule whose selector is exactly `selector` (first match). */
function block(selector: string): string {
  const at = css.split("\n}").find((chunk) => chunk.trim().startsWith(selector + " {"));
  if (!at) throw new Error(`no rule for ${selector}`);
  return at;
}
function palette(selector: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const m of block(selector).matchAll(/(--bb-[a-z0-9-]+):\s*([^;]+);/g)) vars.set(m[1], m[2].trim());
  return vars;
}
const light = palette(".breadbox, .bb-card");
const dark = palette(".theme-dark .breadbox:not(.theme-light), .breadbox.theme-dark,\n.theme-dark .bb-card, .theme-dark.bb-card");

const COLOUR = /#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(|:\s*(?:white|black|red|green|blue|yellow|grey|gray)\b/i;

function luminance(hex: string): number {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe("stylesheet palette (issue 24.13)", () => {
  it("names colours only in the palette variables", () => {
    const offenders = css.split("\n").filter((line) => COLOUR.test(line) && !/^\s*--bb-[a-z0-9-]+:/.test(line));
    expect(offenders).toEqual([]);
  });

  it("keeps inline colours out of the templates", () => {
    const files = fs.readdirSync(path.join(ROOT, "templates"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".hbs"));
    const offenders = files.filter((f) => /#[0-9a-f]{3,8}\b|rgba?\(/i.test(fs.readFileSync(path.join(ROOT, "templates", f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("defines the same variables in both palettes", () => {
    expect([...dark.keys()].sort()).toEqual([...light.keys()].sort());
  });

  it("uses only --bb-* variables that the palettes define, without fallbacks", () => {
    const used = new Set([...css.matchAll(/var\((--bb-[a-z0-9-]+)([^)]*)\)/g)].map((m) => m[1] + m[2]));
    const undefinedOrFallback = [...used].filter((v) => !light.has(v));
    expect(undefinedOrFallback).toEqual([]);
  });

  it.each([["light", light], ["dark", dark]] as const)("keeps text and figure contrast in the %s palette", (_name, vars) => {
    const get = (name: string) => vars.get(name) as string;
    for (const ink of ["--bb-ink", "--bb-muted", "--bb-good", "--bb-bad", "--bb-accent"]) {
      for (const ground of ["--bb-paper", "--bb-surface"]) expect(contrast(get(ink), get(ground)), `${ink} on ${ground}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const fill of ["--bb-zone-red", "--bb-zone-yellow"]) {
      expect(contrast(get("--bb-ink"), get(fill)), `--bb-ink on ${fill}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(get(fill), get("--bb-surface")), `${fill} apart from --bb-surface`).toBeGreaterThan(1.15);
    }
    for (const edge of ["--bb-zone-red-edge", "--bb-zone-yellow-edge", "--bb-covered"]) {
      expect(contrast(get(edge), get("--bb-surface")), `${edge} on --bb-surface`).toBeGreaterThanOrEqual(3);
    }
  });
});
