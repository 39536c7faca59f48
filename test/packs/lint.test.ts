import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs build tool without type declarations
import { knownTypes, lintAll, lintPack, readManifest, sourcePackNames } from "../../tools/packs.mjs";

type Problem = { file: string; reason: string };

const manifest = readManifest();
const types = knownTypes(manifest);

describe("pack sources", () => {
  it("lint clean", () => {
    const problems: Problem[] = lintAll();
    expect(problems).toEqual([]);
  });

  it("every listed pack has sources and every source folder is listed", () => {
    const listed = manifest.packs.map((p: { name: string }) => p.name).sort();
    expect(sourcePackNames()).toEqual(listed);
  });
});

describe("linter on fixtures", () => {
  let dir: string;
  const good = (id: string, name = "Club") => ({
    _id: id,
    _key: `!items!${id}`,
    name,
    type: "toasterWeapon",
    system: { mode: "melee", baseWC: 6, description: "" },
    effects: [],
  });
  const write = (file: string, doc: unknown) => fs.writeFileSync(path.join(dir, file), JSON.stringify(doc));
  const lint = (documentType = "Item"): Problem[] => lintPack(dir, { documentType, types });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bb-lint-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("accepts a well-formed item", () => {
    write("a.json", good("AAAAAAAAAAAAAAA1"));
    expect(lint()).toEqual([]);
  });

  it("catches a missing _key", () => {
    const doc: Record<string, unknown> = good("AAAAAAAAAAAAAAA1");
    delete doc._key;
    write("a.json", doc);
    const problems = lint();
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(path.join(dir, "a.json"));
    expect(problems[0].reason).toMatch(/missing _key/);
  });

  it("catches a wrong _key", () => {
    write("a.json", { ...good("AAAAAAAAAAAAAAA1"), _key: "!actors!AAAAAAAAAAAAAAA1" });
    expect(lint()[0].reason).toMatch(/_key is "!actors!AAAAAAAAAAAAAAA1", expected "!items!AAAAAAAAAAAAAAA1"/);
  });

  it("catches a duplicate _id", () => {
    write("a.json", good("AAAAAAAAAAAAAAA1"));
    write("b.json", good("AAAAAAAAAAAAAAA1", "Mace"));
    const problems = lint();
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(path.join(dir, "b.json"));
    expect(problems[0].reason).toMatch(/duplicate _id AAAAAAAAAAAAAAA1/);
  });

  it("catches a malformed _id", () => {
    write("a.json", { ...good("short"), _key: "!items!short" });
    expect(lint()[0].reason).toMatch(/16 alphanumeric/);
  });

  it("catches a wrong type", () => {
    write("a.json", { ...good("AAAAAAAAAAAAAAA1"), type: "weapon" });
    expect(lint()[0].reason).toMatch(/type "weapon" is not a known Item type/);
  });

  it("catches an actor type in an item pack", () => {
    write("a.json", { ...good("AAAAAAAAAAAAAAA1"), type: "toaster" });
    expect(lint()[0].reason).toMatch(/not a known Item type/);
  });

  it("catches a missing system", () => {
    const doc: Record<string, unknown> = good("AAAAAAAAAAAAAAA1");
    delete doc.system;
    write("a.json", doc);
    expect(lint()[0].reason).toMatch(/system is missing/);
  });

  it("catches description prose", () => {
    write("a.json", { ...good("AAAAAAAAAAAAAAA1"), system: { description: "<p>A heavy stick.</p>" } });
    expect(lint()[0].reason).toMatch(/system.description must be empty/);
  });

  it("catches invalid JSON", () => {
    fs.writeFileSync(path.join(dir, "a.json"), "{ nope");
    expect(lint()[0].reason).toMatch(/invalid JSON/);
  });

  it("checks embedded item keys and types on actors", () => {
    const actorId = "BBBBBBBBBBBBBBB1";
    const item = { ...good("CCCCCCCCCCCCCCC1"), _key: `!actors.items!${actorId}.CCCCCCCCCCCCCCC1` };
    const actor = {
      _id: actorId,
      _key: `!actors!${actorId}`,
      name: "Someone",
      type: "toaster",
      system: { biography: "", notes: "" },
      items: [item, { ...item, _key: `!items!CCCCCCCCCCCCCCC1`, type: "nope" }],
      effects: [],
    };
    write("a.json", actor);
    const reasons = lint("Actor").map((p) => p.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/items\[1\].*duplicate _id/),
      expect.stringMatching(/items\[1\].*_key is "!items!CCCCCCCCCCCCCCC1", expected "!actors.items!BBBBBBBBBBBBBBB1.CCCCCCCCCCCCCCC1"/),
      expect.stringMatching(/items\[1\].*type "nope" is not a known Item type/),
    ]);
  });

  it("checks table result keys and ranges", () => {
    const id = "DDDDDDDDDDDDDDD1";
    write("t.json", {
      _id: id,
      _key: `!tables!${id}`,
      name: "T",
      description: "",
      formula: "1d6",
      results: [
        { _id: "EEEEEEEEEEEEEEE1", _key: `!tables.results!${id}.EEEEEEEEEEEEEEE1`, type: "text", range: [1, 3] },
        { _id: "EEEEEEEEEEEEEEE2", _key: `!tables.results!${id}.EEEEEEEEEEEEEEE2`, type: "text", range: [6, 4] },
      ],
    });
    const reasons = lint("RollTable").map((p) => p.reason);
    expect(reasons).toEqual([expect.stringMatching(/results\[1\]: range must be two ascending integers/)]);
  });

  it("flags a source folder not listed in system.json", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "bb-root-"));
    try {
      fs.mkdirSync(path.join(root, "packs", "_source", "stray"), { recursive: true });
      fs.writeFileSync(path.join(root, "packs", "_source", "stray", "a.json"), JSON.stringify(good("AAAAAAAAAAAAAAA1")));
      const problems: Problem[] = lintAll({ root, manifest: { ...manifest, packs: [], packFolders: [] } });
      expect(problems.map((p) => p.reason)).toEqual(['pack "stray" is not listed in system.json']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("manifest checks", () => {
  it("flags a packFolders entry that is not a pack", () => {
    const bad = { ...manifest, packFolders: [{ name: "Toaster", packs: ["toaster-weapons"], folders: [{ name: "Sub", packs: ["ghost"] }] }] };
    const problems: Problem[] = lintAll({ manifest: bad });
    expect(problems.map((p) => p.reason)).toEqual(['packFolders names "ghost", which is not in packs']);
  });

  it("flags a listed pack without sources or with a wrong path", () => {
    const bad = {
      ...manifest,
      packs: [...manifest.packs, { name: "toaster-ghosts", path: "packs/ghosts", type: "Item", system: "breadbox" }],
    };
    const reasons = (lintAll({ manifest: bad }) as Problem[]).map((p) => p.reason);
    expect(reasons).toEqual([
      'pack "toaster-ghosts" has no source folder packs/_source/toaster-ghosts',
      'pack "toaster-ghosts" path must be "packs/toaster-ghosts" (got "packs/ghosts")',
    ]);
  });
});
