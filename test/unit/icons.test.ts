/**
 * Font Awesome icons under Foundry v13 (Font Awesome 6) and v14 (Font Awesome 7).
 * FA7 keeps the FA6 names of the icons below; it drops some older aliases and renames a few icons
 * (e.g. vector-square → draw-square), and v14 loads the font as "Font Awesome 7 Pro", so a
 * stylesheet naming "Font Awesome 6 Pro" draws boxes (draw-steel-plus#24): use var(--font-awesome).
 * A new icon is added to ICONS after checking it exists under the same name in FA6 and FA7.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ICONS = new Set([
  "arrow-up", "box", "check", "circle-info", "clover", "crosshairs", "dice", "dice-d10", "eye", "gavel", "hand", "hand-fist", "heart-crack", "khanda",
  "pen", "pen-to-square", "plus", "rotate", "shield", "shield-halved", "shirt", "trash", "xmark",
]);
const STYLE_CLASSES = new Set(["solid", "regular", "fw"]);

function files(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full, ext) : ext.test(e.name) ? [full] : [];
  });
}

const sources = [...files("templates", /\.hbs$/), ...files("src", /\.ts$/), ...files("styles", /\.scss$/)];

describe("Font Awesome icons (FA6 on v13, FA7 on v14)", () => {
  it("every icon the system uses has the same name in both", () => {
    const used = new Map<string, string>();
    for (const file of sources) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(/\bfa-([a-z0-9-]+)/g)) {
        if (!STYLE_CLASSES.has(m[1]!)) used.set(m[1]!, file);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    const unchecked = [...used].filter(([name]) => !ICONS.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(unchecked).toEqual([]);
  });

  it("no stylesheet names a Font Awesome version's font family", () => {
    for (const file of files("styles", /\.scss$/)) expect(fs.readFileSync(file, "utf8"), file).not.toMatch(/Font Awesome \d/);
  });

  it("icons use the FA6+ style prefix, not the FA5 `fas`/`far` shorthands", () => {
    for (const file of sources) expect(fs.readFileSync(file, "utf8"), file).not.toMatch(/class="[^"]*\bfa[srb]\b/);
  });
});
