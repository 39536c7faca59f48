/** defineSettings declares a ruleset's settings once; defineRuleset writes a definition's common part. */
import { describe, expect, it } from "vitest";
import { boolSetting, choiceSetting, defineSettings, intSetting, textSetting } from "../../src/core/setting-values";
import { defineRuleset, type ModelClass, type SheetRegistration } from "../../src/core/registry";
import { DEFAULT_TOASTER_RULES, TOASTER_SETTINGS, toasterRules, clearToasterRulesCache } from "../../src/rulesets/toaster/settings";
import { D100_COMBAT_SETTINGS, d100CombatRules } from "../../src/rulesets/d100/combat/settings";
import { POOL_COMBAT_SETTINGS } from "../../src/rulesets/pool/combat/settings";

describe("setting declarations", () => {
  it("check a stored value: the right kind and span, else undefined", () => {
    expect(boolSetting(true).check(false)).toBe(false);
    expect(boolSetting(true).check("false")).toBeUndefined();
    const n = intSetting(1, 0, 10);
    expect([n.check(0), n.check(10), n.check(11), n.check(-1), n.check(1.5), n.check("3")]).toEqual([0, 10, undefined, undefined, undefined, undefined]);
    expect(intSetting(1, 0, 10, 20).check(15)).toBe(15);
    const c = choiceSetting(["a", "b"], "a", "L.");
    expect([c.check("b"), c.check("c")]).toEqual(["b", undefined]);
    expect(c.choices).toEqual({ a: "L.a", b: "L.b" });
    expect(textSetting("x").check(3)).toBeUndefined();
  });

  it("give Foundry's registrations under the prefix, in declaration order", () => {
    const specs = D100_COMBAT_SETTINGS.specs;
    expect(specs.map((s) => s.key)).toEqual(["d100.strictPeriods", "d100.tieMode", "d100.defence", "d100.defenceAp", "d100.damageOverflow", "d100.overflowDegree", "d100.fireBlocks", "d100.fireEachShot"]);
    expect(specs[1]).toEqual({ key: "d100.tieMode", type: String, default: "check", choices: { simultaneous: "BREADBOX.D100.Combat.TieMode.simultaneous", check: "BREADBOX.D100.Combat.TieMode.check" }, range: undefined });
    expect(specs[3]).toMatchObject({ type: Number, default: 1, range: { min: 0, max: 10, step: 1 } });
    expect(POOL_COMBAT_SETTINGS.specs[0]).toMatchObject({ key: "pool.phaseActions", type: String });
  });

  it("read the defaults where settings cannot be read", () => {
    expect(d100CombatRules()).toEqual({ strictPeriods: true, tieMode: "check", defence: "conflict", defenceAp: 1, damageOverflow: "both", overflowDegree: 21, fireBlocks: true, fireEachShot: true });
    clearToasterRulesCache();
    expect(toasterRules()).toEqual(DEFAULT_TOASTER_RULES);
    expect(TOASTER_SETTINGS.specs).toHaveLength(28);
    expect(DEFAULT_TOASTER_RULES).toMatchObject({ campaignStyle: "average", traitCap: 0, ninesLimit: 1, luckAdjustment: 0, rollingNines: false, rerollInitiative: true });
  });

  it("defaults are one frozen record per declaration", () => {
    const s = defineSettings("toaster.", { bleeding: boolSetting(true) });
    expect(s.defaults).toEqual({ bleeding: true });
    expect(Object.isFrozen(s.defaults)).toBe(true);
  });
});

describe("defineRuleset", () => {
  it("writes the label, the actor model under the id, both sheets and the templates (its sheets' from its tabs, then its own by folder)", () => {
    class Model {}
    class Sheet {}
    const def = defineRuleset(
      { id: "x", langPrefix: "BREADBOX.X", actorModel: Model as unknown as ModelClass, itemModels: { xSkill: Model as unknown as ModelClass }, actorSheet: Sheet as unknown as SheetRegistration["sheetClass"], itemSheet: Sheet as unknown as SheetRegistration["sheetClass"], actorTabs: ["main", "notes"], templates: { chat: ["a"], dialogs: ["c", "d"] } },
      { templates: ["systems/breadbox/templates/x/b.hbs"], rolls: [] },
    );
    expect(def.label).toBe("BREADBOX.Ruleset.x");
    expect(Object.keys(def.actorModels)).toEqual(["x"]);
    expect(def.actorSheets).toEqual([{ sheetClass: Sheet, types: ["x"], label: "BREADBOX.X.Sheet.Actor" }]);
    expect(def.itemSheets).toEqual([{ sheetClass: Sheet, types: ["xSkill"], label: "BREADBOX.X.Sheet.Item" }]);
    expect(def.templates).toEqual(["shared/tabs.hbs", "shared/item-header.hbs", "x/actor/header.hbs", "x/actor/main.hbs", "x/actor/notes.hbs", "x/item/details.hbs", "x/chat/a.hbs", "x/dialogs/c.hbs", "x/dialogs/d.hbs"].map((t) => `systems/breadbox/templates/${t}`).concat("systems/breadbox/templates/x/b.hbs"));
    expect(def.rolls).toEqual([]);
  });
});
