/** QA pass 2: settings registration, lang/en.json coverage, and data validation via the API. */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { allRulesets } from "../../src/core/registry";
import { lintDocument, knownTypes, readManifest } from "../../tools/packs.mjs";

beforeEach(bootSystem);

const has = (k: string) => (game as any).i18n.has(k);

describe("settings", () => {
  it("every Breadbox setting shown in the config has a localized name, hint and choices", () => {
    const settings: Map<string, any> = (game as any).settings.settings;
    const ours = [...settings.values()].filter((s) => s.namespace === "breadbox" || String(s.id ?? s.key).startsWith("breadbox."));
    expect(ours.length).toBeGreaterThan(20);
    for (const s of ours) {
      const id = s.id ?? `${s.namespace}.${s.key}`;
      expect(has(s.name), `${id} name`).toBe(true);
      expect(has(s.hint), `${id} hint`).toBe(true);
      for (const label of Object.values<string>(s.choices ?? {})) expect(has(label), `${id} choice ${label}`).toBe(true);
    }
  });

  it("every ruleset label is localized", () => {
    for (const r of allRulesets()) expect(has(r.label), r.id).toBe(true);
  });
});

describe("choices of the data models are localized", () => {
  it("every StringField choice of Toaster items is a key of its lang group", () => {
    const groups: Record<string, string> = { shield: "BREADBOX.Toaster.Shield", mode: "BREADBOX.Toaster.Weapon.Mode", kind: "BREADBOX.Toaster.TraitKind", group: "BREADBOX.Toaster.SkillGroup", role: "BREADBOX.Toaster.SkillRole", cost: "BREADBOX.Toaster.SkillCost" };
    const models = (CONFIG as any).Item.dataModels as Record<string, any>;
    const missing: string[] = [];
    let checked = 0;
    for (const [type, Model] of Object.entries(models)) {
      if (!type.startsWith("toaster")) continue;
      for (const [name, field] of Object.entries<any>(Model.schema.fields)) {
        const prefix = groups[name];
        const choices = field.choices;
        if (!prefix || !choices) continue;
        const keys = Array.isArray(choices) ? choices : Object.keys(typeof choices === "function" ? choices() : choices);
        for (const k of keys) {
          checked++;
          if (k !== "" && !has(`${prefix}.${k}`)) missing.push(`${type}.${name}: ${prefix}.${k}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});

describe("data validation through the API", () => {
  it("an actor of an unknown type is refused", async () => {
    await expect(Actor.create({ name: "X", type: "noSuchRuleset" } as never)).rejects.toThrow();
    expect((game as any).actors.size).toBe(0);
  });

  it("an item of another ruleset's prefix is refused on a Toaster character", async () => {
    const a = await makeCharacter("A");
    // Toast now has item types: one of them is refused (nothing created); an unknown type throws.
    await expect(a.createEmbeddedDocuments("Item", [{ name: "X", type: "toastSkill" }])).resolves.toEqual([]);
    await expect(a.createEmbeddedDocuments("Item", [{ name: "Y", type: "noSuchRulesetSkill" }])).rejects.toThrow();
    expect(a.items.size).toBe(0);
  });

  it("out-of-range and non-numeric updates are refused or clamped, never stored as given", async () => {
    const a = await makeCharacter("A");
    await expect(a.update({ "system.wounds.value": "lots" })).rejects.toThrow();
    await a.update({ "system.wounds.value": -3 }).catch(() => undefined);
    expect(a.system.wounds.value).toBeGreaterThanOrEqual(0);
    await a.update({ "system.attributes.physique.value": 2.5 }).catch(() => undefined);
    expect(Number.isInteger(a.system.attributes.physique.value)).toBe(true);
  });
});

describe("pack lint", () => {
  const ctx = { documentType: "Item", types: knownTypes(readManifest()) };
  it("names what is wrong with a broken pack document", () => {
    expect(lintDocument(null, ctx)).toEqual(["not a JSON object"]);
    const reasons = lintDocument({ _id: "short", name: "", type: "toasterNope" }, ctx);
    expect(reasons.join("\n")).toMatch(/_id must be 16/);
    expect(reasons.join("\n")).toMatch(/missing _key/);
    expect(reasons.join("\n")).toMatch(/missing name/);
    expect(reasons.join("\n")).toMatch(/type "toasterNope" is not a known Item type/);
    expect(reasons.join("\n")).toMatch(/system is missing/);
  });
  it("flags an actor's embedded item of an unknown type and a duplicate id", () => {
    const id = "abcdefghijklmnop";
    const child = { _id: "ABCDEFGHIJKLMNOP", _key: `!actors.items!${id}.ABCDEFGHIJKLMNOP`, name: "c", type: "nope", system: {} };
    const reasons = lintDocument({ _id: id, _key: `!actors!${id}`, name: "A", type: "toaster", system: {}, items: [child, child] }, { ...ctx, documentType: "Actor" });
    expect(reasons.join("\n")).toMatch(/items\[0\] "c": type "nope"/);
    expect(reasons.join("\n")).toMatch(/duplicate _id/);
  });
});
