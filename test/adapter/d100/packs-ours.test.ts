/**
 * Issue 19, point 12 and "Packs: mark what is ours": the D10/0 pack documents whose content is
 * Breadbox's and not the book's carry `flags.breadbox.ours` — exactly these, and no other. Long
 * Tail's numbers (the book gives the trait without any), the Shotgun's blast table (the book's
 * table is missing), and the three armors (the book names no armor, only adjustment examples).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../../../packs/_source");
const PACKS = ["d100-armor", "d100-powers", "d100-skills", "d100-tabs", "d100-weapons"];

function docs(pack: string): Record<string, any>[] {
  return readdirSync(join(ROOT, pack))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(ROOT, pack, f), "utf8")));
}

describe("D10/0 packs: what is ours is marked", () => {
  it("lists exactly the documents flagged as ours", () => {
    const ours = PACKS.flatMap((pack) => docs(pack).filter((d) => d.flags?.breadbox?.ours === true).map((d) => `${pack}/${d.name}`)).sort();
    expect(ours).toEqual(["d100-armor/Armor -10F -2R", "d100-armor/Armor -1R -10F", "d100-armor/Armor -5R", "d100-tabs/Long Tail", "d100-weapons/Shotgun"]);
  });

  it("a pack that is wholly ours says so in its label", () => {
    const system = JSON.parse(readFileSync(join(__dirname, "../../../system.json"), "utf8"));
    const label = (name: string): string => system.packs.find((p: any) => p.name === name).label;
    expect(label("d100-armor")).toMatch(/Breadbox/);
    for (const name of ["d100-powers", "d100-skills", "d100-tabs", "d100-weapons"]) expect(label(name)).not.toMatch(/Breadbox/);
  });
});
