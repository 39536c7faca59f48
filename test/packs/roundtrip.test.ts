import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs build tool without type declarations
import { ROOT, SOURCE_DIR, compileOne, documentsById, extractOne, readManifest } from "../../tools/packs.mjs";

const manifest = readManifest();
const packs: { name: string; path: string }[] = manifest.packs;

describe("compile → extract round trip", () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bb-roundtrip-"));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it.each(packs.map((p) => [p.name]))("%s reads back equal to its sources", async (name: string) => {
    const src = path.join(ROOT, SOURCE_DIR, name);
    const db = path.join(tmp, "packs", name);
    const out = path.join(tmp, "extracted", name);
    await compileOne(src, db);
    await extractOne(db, out);
    const sources: Map<string, unknown> = documentsById(src);
    const extracted: Map<string, unknown> = documentsById(out);
    expect(sources.size).toBeGreaterThan(0);
    expect([...extracted.keys()].sort()).toEqual([...sources.keys()].sort());
    for (const [id, doc] of sources) expect(extracted.get(id), id).toEqual(doc);
  });
});
