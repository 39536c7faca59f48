/**
 * Issue 19, packs: content whose numbers are Breadbox's own carries `flags.breadbox.ours`, and an
 * item's sheet says so (test/adapter/core-item-sheet.test.ts). Every flagged document is an Item
 * (a top-level pack item, which keeps its flags when dropped on a character), so the notice is
 * where a user sees it. Each ruleset's own test lists exactly which of its documents are flagged;
 * this one covers Toaster's and the rule for all.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE = join(process.cwd(), "packs/_source");
const manifest = JSON.parse(readFileSync(join(process.cwd(), "system.json"), "utf8"));

function flagged(): { pack: string; name: string; type: string; key: string }[] {
  const out: { pack: string; name: string; type: string; key: string }[] = [];
  for (const pack of readdirSync(SOURCE)) {
    for (const f of readdirSync(join(SOURCE, pack)).filter((x) => x.endsWith(".json"))) {
      const d = JSON.parse(readFileSync(join(SOURCE, pack, f), "utf8"));
      if (d.flags?.breadbox?.ours !== undefined) out.push({ pack, name: d.name, type: d.type, key: d._key });
    }
  }
  return out;
}

describe("pack content that is ours", () => {
  it("is flagged only on top-level items, with the flag true", () => {
    const all = flagged();
    expect(all.length).toBeGreaterThan(0);
    for (const d of all) expect(d.key.startsWith("!items!"), `${d.pack}/${d.name}`).toBe(true);
    for (const pack of readdirSync(SOURCE)) {
      for (const f of readdirSync(join(SOURCE, pack)).filter((x) => x.endsWith(".json"))) {
        const d = JSON.parse(readFileSync(join(SOURCE, pack, f), "utf8"));
        if (d.flags?.breadbox?.ours !== undefined) expect(d.flags.breadbox.ours, `${pack}/${d.name}`).toBe(true);
      }
    }
  });

  it("Toaster: the three shields, whose weapon class and strength the book does not give", () => {
    expect(flagged().filter((d) => d.pack.startsWith("toaster-")).map((d) => d.name).sort()).toEqual(["Large Shield", "Medium Shield", "Small Shield"]);
  });

  it("packs that are ours as a whole say so in their label", () => {
    const labels = Object.fromEntries(manifest.packs.map((p: { name: string; label: string }) => [p.name, p.label]));
    for (const pack of ["toast-skills", "flange-armor", "pool-weapons", "pool-armor", "pool-traits"]) expect(labels[pack], pack).toMatch(/Breadbox/);
  });
});
