import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs build tool without type declarations
import { compileAll, isNewerVersion, knownTypes, lintAll, lintPack, minimumCoreVersion, readManifest, readSources, sourcePackNames } from "../../tools/packs.mjs";
// @ts-expect-error: plain .mjs build tool without type declarations
import { validatePackModels } from "../../tools/pack-models.mjs";

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

describe("issue 9.12: nothing is compiled that the system would refuse or never see", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bb-lint12-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a source in a sub-folder is refused loudly, not skipped", () => {
    const doc = { _id: "AAAAAAAAAAAAAAA1", _key: "!items!AAAAAAAAAAAAAAA1", name: "Club", type: "toasterWeapon", system: { mode: "melee", baseWC: 6, description: "" } };
    fs.writeFileSync(path.join(dir, "a.json"), JSON.stringify(doc));
    fs.mkdirSync(path.join(dir, "extra"));
    fs.writeFileSync(path.join(dir, "extra", "b.json"), JSON.stringify({ ...doc, _id: "AAAAAAAAAAAAAAA2", _key: "!items!AAAAAAAAAAAAAAA2" }));
    const problems: Problem[] = lintPack(dir, { documentType: "Item", types });
    expect(problems).toEqual([{ file: path.join(dir, "extra"), reason: expect.stringMatching(/sub-folders are not compiled/) }]);
  });

  it("a document stamped with a Foundry newer than the system's minimum is refused", () => {
    const doc = { _id: "AAAAAAAAAAAAAAA1", _key: "!items!AAAAAAAAAAAAAAA1", name: "Club", type: "toasterWeapon", system: { mode: "melee", baseWC: 6, description: "" }, _stats: { coreVersion: "13.351" } };
    fs.writeFileSync(path.join(dir, "a.json"), JSON.stringify(doc));
    expect(lintPack(dir, { documentType: "Item", types, minimumCore: "13.346" })[0]?.reason).toMatch(/coreVersion is newer than the system's minimum Foundry version 13\.346/);
    expect(lintPack(dir, { documentType: "Item", types, minimumCore: "13.351" })).toEqual([]);
    expect(isNewerVersion("13.351", "13")).toBe(true);
    expect(isNewerVersion("13", "13.346")).toBe(false);
    expect(isNewerVersion("14.369", "13.351")).toBe(true);
  });

  it("every committed source is stamped no newer than system.json's minimum", () => {
    const minimum = minimumCoreVersion(manifest);
    expect(minimum).toMatch(/^13\.\d+$/);
    for (const name of sourcePackNames()) {
      for (const { doc } of readSources(path.join("packs/_source", name))) {
        for (const d of [doc, ...(doc.items ?? []), ...(doc.results ?? [])]) expect(isNewerVersion(d._stats.coreVersion, minimum), `${doc.name}: ${d._stats.coreVersion}`).toBe(false);
      }
    }
  });
});

describe("issue 9.12: every pack document is validated against its data model", () => {
  let root: string;
  const weapons = () => path.join(root, "packs", "_source", "toaster-weapons");
  const edit = (prefix: string, change: (doc: any) => void) => {
    const file = fs.readdirSync(weapons()).find((f) => f.startsWith(prefix)) as string;
    const doc = JSON.parse(fs.readFileSync(path.join(weapons(), file), "utf8"));
    change(doc);
    fs.writeFileSync(path.join(weapons(), file), JSON.stringify(doc, null, 2));
    return file;
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "bb-models-"));
    fs.copyFileSync("system.json", path.join(root, "system.json"));
    fs.cpSync(path.join("packs", "_source"), path.join(root, "packs", "_source"), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("the committed packs fit", async () => {
    expect(await validatePackModels()).toEqual([]);
  }, 60_000);

  it('baseWC "abc", baseWC 500 and mode "laser" fail, each named with its file', async () => {
    const abc = edit("Club_", (d) => (d.system.baseWC = "abc"));
    const big = edit("Axe_", (d) => (d.system.baseWC = 500));
    const laser = edit("Bow_", (d) => (d.system.mode = "laser"));
    const problems: Problem[] = await validatePackModels({ root, modelsRoot: process.cwd() });
    const byFile = (f: string) => problems.filter((p) => path.basename(p.file) === f).map((p) => p.reason).join(" | ");
    expect(problems).toHaveLength(3);
    expect(byFile(abc)).toMatch(/baseWC/);
    expect(byFile(big)).toMatch(/baseWC: 500 became 99/);
    expect(byFile(laser)).toMatch(/mode/);
  }, 60_000);

  it("embedded items of sample characters are validated too", async () => {
    const dir = path.join(root, "packs", "_source", "toaster-characters");
    const file = fs.readdirSync(dir).find((f) => f.startsWith("Rhoenda")) as string;
    const doc = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    doc.items.find((i: any) => i.type === "toasterSkill").system.base = -4;
    fs.writeFileSync(path.join(dir, file), JSON.stringify(doc, null, 2));
    const problems: Problem[] = await validatePackModels({ root, modelsRoot: process.cwd() });
    expect(problems).toHaveLength(1);
    expect(problems[0].reason).toMatch(/^items ".*": .*base/);
  }, 60_000);
});

it("compiling refuses a pack with a sub-folder instead of leaving its sources out (issue 9.12)", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bb-sub-"));
  try {
    fs.copyFileSync("system.json", path.join(root, "system.json"));
    fs.cpSync(path.join("packs", "_source"), path.join(root, "packs", "_source"), { recursive: true });
    const armor = path.join(root, "packs", "_source", "toaster-armor");
    const file = fs.readdirSync(armor).find((f) => f.startsWith("Plate_")) as string;
    fs.mkdirSync(path.join(armor, "heavy"));
    fs.renameSync(path.join(armor, file), path.join(armor, "heavy", file));
    await expect(compileAll({ root, outDir: path.join(root, "dist") })).rejects.toThrow(/toaster-armor\/heavy: sub-folders are not compiled/);
    expect(fs.existsSync(path.join(root, "dist"))).toBe(false);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
