/** withParts folds a ruleset's areas into one definition. */
import { afterEach, describe, expect, it } from "vitest";
import { INIT_ONLY_FIELDS, clearRulesets, completeRuleset, getRuleset, registerRuleset, withParts, type RulesetDefinition } from "../../src/core/registry";

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

describe("completeRuleset (issue 23: a ruleset's runtime part, loaded once the world needs it)", () => {
  afterEach(() => clearRulesets());

  it("folds the runtime parts into the registered definition, which is complete from then on", async () => {
    const runtime = async () => [{ templates: ["b.hbs"], chatActions: { roll: async () => undefined } }];
    registerRuleset({ ...base(), runtime });
    const def = completeRuleset("x", await runtime());
    expect(def.runtime).toBeUndefined();
    expect(def.templates).toEqual(["a.hbs", "b.hbs"]);
    expect(getRuleset("x")).toBe(def);
    expect(Object.keys(getRuleset("x")?.chatActions ?? {})).toEqual(["roll"]);
  });

  it("refuses a runtime part that brings what Foundry needs at init (models, dice, rolls, settings, statuses, bars)", () => {
    registerRuleset(base());
    for (const field of INIT_ONLY_FIELDS) {
      expect(() => completeRuleset("x", [{ [field]: field === "registerSettings" || field === "runtime" ? () => undefined : [] }]), field).toThrow(new RegExp(`brings ${field}`));
    }
    expect(() => completeRuleset("nope", [])).toThrow(/not registered/);
  });

  it("takes its runtime from one part only", () => {
    const runtime = async () => [];
    expect(withParts({ ...base(), runtime }, {}).runtime).toBe(runtime);
    expect(() => withParts({ ...base(), runtime }, { runtime })).toThrow(/runtime is defined by two parts/);
  });
});
