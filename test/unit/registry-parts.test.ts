/** withParts folds a ruleset's areas into one definition. */
import { describe, expect, it } from "vitest";
import { withParts, type RulesetDefinition } from "../../src/core/registry";

const base = (): RulesetDefinition => ({ id: "x", label: "X", actorModels: {}, itemModels: {}, actorSheets: [], itemSheets: [], templates: ["a.hbs"] });

describe("withParts", () => {
  it("concatenates lists, merges tables and chains hooks in order", () => {
    const calls: string[] = [];
    const def = withParts(
      { ...base(), chatActions: { roll: async () => undefined }, init: () => calls.push("base") },
      { templates: ["b.hbs"], chatActions: { attack: async () => undefined }, init: () => calls.push("combat"), registerSettings: () => calls.push("settings") },
    );
    expect(def.templates).toEqual(["a.hbs", "b.hbs"]);
    expect(Object.keys(def.chatActions ?? {})).toEqual(["roll", "attack"]);
    def.init?.();
    def.registerSettings?.();
    expect(calls).toEqual(["base", "combat", "settings"]);
    expect(def.id).toBe("x");
  });

  it("merges the api parts (a later part's member wins) and keeps one that only one part has", () => {
    const odds = () => null;
    expect(withParts(base(), { api: { odds } }).api).toEqual({ odds });
    expect(withParts({ ...base(), api: { checkCards: ["xCheck"] } }, { api: { odds } }).api).toEqual({ checkCards: ["xCheck"], odds });
    expect(withParts(base(), {}).api).toBeUndefined();
  });

  it("an empty part changes nothing", () => {
    const def = withParts(base(), {});
    expect(def.templates).toEqual(["a.hbs"]);
    expect(def.combat).toBeUndefined();
  });

  it("refuses a key two parts define and a second set of combat rules", () => {
    expect(() => withParts({ ...base(), relayActions: { apply: async () => ({ ok: true }) } }, { relayActions: { apply: async () => ({ ok: true }) } })).toThrow(/relay action "apply" is defined by two parts/);
    const combat = { initiativeFormula: () => "1d10", rerollEachRound: () => false };
    expect(() => withParts({ ...base(), combat }, { combat })).toThrow(/combat rules are defined by two parts/);
  });
});
