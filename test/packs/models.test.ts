/**
 * Every document in every pack validates against its data model, and constructing it changes
 * nothing (no field the model would clean away, clamp or fill in differently).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runStartupHooks } from "../harness/index";
import { D10StarDie } from "../../src/rulesets/toaster/dice/d10star";

const SOURCE = "packs/_source";
const packs = readdirSync(SOURCE);

function docs(pack: string): Record<string, any>[] {
  return readdirSync(join(SOURCE, pack))
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ ...JSON.parse(readFileSync(join(SOURCE, pack, f), "utf8")), __file: f }));
}

beforeAll(async () => {
  await import("../../src/index");
  await runStartupHooks();
});

function checkSystem(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, where: string) {
  const models = (CONFIG as any)[documentName].dataModels as Record<string, any>;
  const Model = models[type];
  expect(Model, `${where}: no data model for ${documentName} type ${type}`).toBeTypeOf("function");
  let model: any;
  expect(() => {
    model = new Model(structuredClone(system), { strict: true });
  }, where).not.toThrow();
  expect(model.toObject(), `${where}: cleaning changed the stored data`).toEqual(system);
}

describe.each(packs)("pack %s", (pack) => {
  it("every document validates against its data model, unchanged", () => {
    const all = docs(pack);
    expect(all.length).toBeGreaterThan(0);
    for (const doc of all) {
      const where = `${pack}/${doc.__file}`;
      if (doc._key.startsWith("!items!")) checkSystem("Item", doc.type, doc.system, where);
      else if (doc._key.startsWith("!actors!")) {
        checkSystem("Actor", doc.type, doc.system, where);
        for (const item of doc.items ?? []) checkSystem("Item", item.type, item.system, `${where} → ${item.name}`);
      } else if (doc._key.startsWith("!tables!")) {
        // Toaster's tables roll its d10*; other rulesets' tables (Flange's price lists) roll plain dice.
        if (pack.startsWith("toaster")) expect(doc.formula, where).toMatch(new RegExp(`1d${D10StarDie.DENOMINATION}\\b`));
        const roll = new Roll(doc.formula);
        expect(roll.terms.length, where).toBeGreaterThan(0);
      }
    }
  });
});

it("an actor built from every pack character prepares without warnings", async () => {
  for (const doc of docs("toaster-characters")) {
    const { _id, _key, __file, ...src } = doc;
    const actor: any = await Actor.create({ ...src, items: src.items.map(({ _key: k, ...i }: any) => i) } as never);
    expect(actor.system.warnings, doc.name).toEqual([]);
    expect(actor.items.size).toBe(doc.items.length);
  }
});
