/** Translation parts (lang/en.json + lang/en/*.json) merge into one file; a key defined twice is refused. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLang } from "../../tools/lang.mjs";

function tree(files: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bb-lang-"));
  for (const [rel, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), typeof data === "string" ? data : JSON.stringify(data));
  }
  return root;
}

describe("readLang", () => {
  it("merges the parts into the core file, deeply", () => {
    const root = tree({
      "lang/en.json": { BREADBOX: { Title: "B", Ruleset: { toast: "Toast" } } },
      "lang/en/toast.json": { BREADBOX: { Toast: { Check: "Check" } } },
      "lang/en/toast-combat.json": { BREADBOX: { Toast: { Attack: "Attack" } }, TYPES: { Actor: { toast: "Toast character" } } },
    });
    expect(readLang(root)).toEqual({
      BREADBOX: { Title: "B", Ruleset: { toast: "Toast" }, Toast: { Check: "Check", Attack: "Attack" } },
      TYPES: { Actor: { toast: "Toast character" } },
    });
  });

  it("refuses a key two files define, naming it", () => {
    const root = tree({
      "lang/en.json": { BREADBOX: { Title: "B" } },
      "lang/en/x.json": { BREADBOX: { Title: "C" } },
    });
    expect(() => readLang(root)).toThrow(/lang\/en\/x\.json defines BREADBOX\.Title/);
  });

  it("names a part that is not JSON", () => {
    const root = tree({ "lang/en.json": {}, "lang/en/bad.json": "{ nope" });
    expect(() => readLang(root)).toThrow(/bad\.json is not valid JSON/);
  });

  it("the project's own parts merge without clashes", () => {
    expect(readLang(process.cwd()).BREADBOX.Title).toBe("Breadbox");
  });
});
