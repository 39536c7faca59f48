/**
 * The platform under both Foundry generations (this file runs in the adapter-v13 and adapter-v14
 * projects): Dice So Nice presets, status effects, Active Effects on attributes, deletions.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Hooks, compatibilityWarnings, harnessGeneration, installDiceSoNice, scriptDiceFaces } from "../harness/index";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { deletionUpdate, effectChangesData, hasStatusEffect } from "../../src/core/compat";
import { numberLabels, presetData } from "../../src/core/dice-so-nice";
import { D10StarDie } from "../../src/rulesets/toaster/dice/d10star";

beforeEach(async () => {
  await bootSystem();
});

describe("Dice So Nice", () => {
  it(`shows the d10* with faces 0–9 on Dice So Nice ${harnessGeneration() === "14" ? 6 : 5}`, async () => {
    const dice3d = installDiceSoNice();
    expect(Hooks.errors).toEqual([]);
    const preset = dice3d.presets.get("standard:dk");
    expect(preset?.shape).toBe("d10");
    expect(preset?.data.values).toEqual({ min: 0, max: 9 });
    // Every result the die can show lands on the face with that number.
    for (let face = 0; face <= 9; face++) {
      scriptDiceFaces([face + 1]); // the ten faces of a d10, read 0–9 by the d10*
      const roll = await new Roll("1dk").evaluate();
      const result = roll.dice[0]!.results[0]!.result;
      expect(result).toBe(face);
      expect(dice3d.faceLabel("dk", result)).toBe(String(face));
    }
  });

  it("every custom die a ruleset registers has a preset", async () => {
    const { allRulesets } = await import("../../src/core/registry");
    for (const r of allRulesets()) {
      const withPreset = new Set((r.diceSoNice ?? []).map((p) => p.term));
      for (const term of r.dieTerms ?? []) expect(withPreset.has(term), `${r.id}: d${term.DENOMINATION}`).toBe(true);
    }
  });

  it("refuses a preset whose labels do not fit its shape (the mechanism every ruleset's die reuses)", () => {
    expect(() => presetData({ term: D10StarDie, shape: "d10", labels: numberLabels(0, 9), min: 0 })).toThrow(/9 labels on a d10/);
    expect(presetData({ term: D10StarDie, shape: "d10", labels: numberLabels(0, 10), min: 0 })).toEqual({
      type: "dk",
      labels: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
      values: { min: 0, max: 9 },
      system: "standard",
    });
  });
});

describe("status effects", () => {
  it(`are registered in CONFIG.statusEffects as ${harnessGeneration() === "14" ? "a record keyed by id" : "an array"} and toggle on a character`, async () => {
    expect(Array.isArray(CONFIG.statusEffects)).toBe(harnessGeneration() === "13");
    expect(hasStatusEffect("toasterDazed")).toBe(true);
    const actor = await makeCharacter("Dazed Dan");
    await actor.toggleStatusEffect("toasterDazed", { active: true });
    expect(actor.statuses.has("toasterDazed")).toBe(true);
  });
});

describe("Active Effects on attributes", () => {
  it("raise the effective attribute, its sub-attributes and the skills that use it", async () => {
    const actor = await makeCharacter("Strong Sam", { attributes: { physique: { value: 5 }, coordination: { value: 4 }, intellect: { value: 4 }, aura: { value: 4 } } }, [
      { name: "Climb", type: "toasterSkill", system: { base: 2, attribute: "physique" } },
    ]);
    expect(actor.system.effective.physique).toBe(5);
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Potion of Strength", ...effectChangesData([{ key: "system.attributes.physique.value", type: "add", value: "2" }]) },
    ]);
    expect(actor.system.attributes.physique.value).toBe(7);
    expect(actor.system.effective.physique).toBe(7);
    expect(actor.getRollData().physique).toBe(7);
    const climb = actor.items.getName("Climb");
    expect(climb.system.attributeValue).toBe(7);
    // The stored attribute is untouched.
    expect(actor._source.system.attributes.physique.value).toBe(5);
  });
});

describe("deleting a key", () => {
  it("goes through the generation's operator and reports no deprecation", async () => {
    const actor = await makeCharacter("Flagged Fay");
    await actor.update({ flags: { breadbox: { stance: { defence: -1, attack: 0, forgoneDefences: 0 } } } });
    expect(actor.flags.breadbox.stance.defence).toBe(-1);
    await actor.update(deletionUpdate("flags.breadbox", "stance"));
    expect(actor.flags.breadbox?.stance).toBeUndefined();
    expect(compatibilityWarnings).toEqual([]);
  });
});
