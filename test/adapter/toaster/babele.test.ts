/**
 * Issue 22, Babele: babele/mapping.json maps, per compendium pack, the fields a translation module
 * may translate. Every mapped field must be one our documents have (in every pack source, and in
 * the data model of every sub-type the pack holds), and every converter one Babele ships.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { bootSystem, packSources } from "./boot";

beforeAll(bootSystem);

type Field = string | { path: string; converter: string };
const mapping: { packs: Record<string, { type: string; mapping: Record<string, Field> }> } = JSON.parse(readFileSync("babele/mapping.json", "utf8"));
const manifest: { id: string; packs: { name: string; type: string }[] } = JSON.parse(readFileSync("system.json", "utf8"));
/** Babele's default converters (Babele#registerDefaultConverters) that the mapping may name. */
const BABELE_CONVERTERS = new Set(["fromPack", "name", "nameCollection", "textCollection", "tableResults", "tableResultsCollection", "pages", "deckCards", "playlistSounds"]);

/** The pack's documents (its Folder documents are translated by the file's "folders" entry, not the mapping). */
const documents = (pack: string) => packSources(pack).filter((d) => !String(d._key).startsWith("!folders!"));
const pathOf = (f: Field) => (typeof f === "string" ? f : f.path);
const get = (o: any, path: string) => path.split(".").reduce((v, k) => (v == null ? undefined : v[k]), o);

describe("babele/mapping.json", () => {
  it("has one entry per pack of system.json, of the pack's document type", () => {
    expect(Object.keys(mapping.packs).sort()).toEqual(manifest.packs.map((p) => `${manifest.id}.${p.name}`).sort());
    for (const p of manifest.packs) expect(mapping.packs[`${manifest.id}.${p.name}`].type, p.name).toBe(p.type);
  });

  it("names only fields every document of the pack has, and only Babele's converters", () => {
    for (const p of manifest.packs) {
      const { mapping: m } = mapping.packs[`${manifest.id}.${p.name}`];
      const docs = documents(p.name);
      expect(docs.length, p.name).toBeGreaterThan(0);
      for (const [key, field] of Object.entries(m)) {
        if (typeof field !== "string") expect(BABELE_CONVERTERS.has(field.converter), `${p.name}.${key}: ${field.converter}`).toBe(true);
        for (const d of docs) expect(get(d, pathOf(field)), `${p.name} / ${d.name}: ${pathOf(field)}`).not.toBeUndefined();
      }
    }
  });

  it("every system.* field it maps is a field of the data model of each sub-type in the pack", () => {
    for (const p of manifest.packs.filter((x) => x.type === "Item" || x.type === "Actor")) {
      const { mapping: m } = mapping.packs[`${manifest.id}.${p.name}`];
      const types = new Set(documents(p.name).map((d) => d.type));
      for (const type of types) {
        const model = (CONFIG as any)[p.type].dataModels[type];
        expect(model, `${p.type} ${type}`).toBeTruthy();
        const fields = Object.keys(model.defineSchema());
        for (const field of Object.values(m).map(pathOf).filter((x) => x.startsWith("system."))) {
          expect(fields, `${p.name} (${type}): ${field}`).toContain(field.slice("system.".length));
        }
      }
    }
  });

  it("table results: the text Babele replaces (keyed by range) is the field the automation reads", () => {
    for (const p of manifest.packs.filter((x) => x.type === "RollTable")) {
      expect(mapping.packs[`${manifest.id}.${p.name}`].mapping.results).toEqual({ path: "results", converter: "tableResults" });
      for (const t of documents(p.name)) for (const r of t.results) expect(typeof r.description, `${t.name} ${r.range}`).toBe("string");
    }
  });
});
