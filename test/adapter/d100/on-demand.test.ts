/**
 * D10/0 values only checks, attacks and sheets read are computed on first read after each
 * preparation (issue 20, core/documents/on-demand.ts), not by every character's preparation: a
 * TAB's rules view, the character's TABs, combined adjustment and armor coverage, a branch skill
 * item's cost and next cost. Each read after a change sees the change.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("d100"));

const tabItem = (name: string, notation: string) => ({ name, type: "d100Tab", system: { kind: "asset", effects: [{ kind: "difficulty", when: "climbing", attributeDelta: -1, skillDelta: -10 }, { kind: "adjustment", notation }] } });

async function character(): Promise<any> {
  return Actor.create({
    name: "Reader",
    type: "d100",
    system: { adjustments: "-10F" },
    items: [
      { name: "Vest", type: "d100Armor", system: { adjustment: "-2R", coverage: ["chest", "abdomen"], equipped: true } },
      { name: "Helmet", type: "d100Armor", system: { adjustment: "-3F", coverage: ["head"], equipped: false } },
      { name: "Charm", type: "d100Gear", system: { adjustment: "-4F", equipped: true } },
      tabItem("That Didn't Hurt", "-1F"),
    ],
  } as never);
}

const item = (a: any, name: string): any => a.items.find((i: any) => i.name === name);

describe("D10/0 values read on demand", () => {
  it("a preparation leaves the TAB view, TABs, adjustment and coverage to their first read", async () => {
    const a = await character();
    a.prepareData();
    expect(Object.hasOwn(a.system, "tabs")).toBe(false);
    expect(Object.hasOwn(a.system, "adjustment")).toBe(false);
    expect(Object.hasOwn(a.system, "adjustmentText")).toBe(false);
    expect(Object.hasOwn(a.system, "coverage")).toBe(false);
    expect(Object.hasOwn(item(a, "That Didn't Hurt").system, "tab")).toBe(false);
    // Read twice in one preparation: the same value; read after the next preparation: a new one.
    const tabs = a.system.tabs;
    expect(a.system.tabs).toBe(tabs);
    expect(a.system.adjustment).toBe(a.system.adjustment);
    a.prepareData();
    expect(a.system.tabs).not.toBe(tabs);
    expect(a.system.tabs).toEqual(tabs);
  });

  it("reads the sheet's adjustments, equipped armor and gear, then TABs, and follows each change", async () => {
    const a = await character();
    expect(a.system.adjustmentText).toBe("-10F -2R -4F -1F");
    expect(a.system.adjustment.terms.map((t: any) => `${t.amount}${t.kind}`)).toEqual(["-10flat", "-2repeating", "-4flat", "-1flat"]);
    expect([...a.system.coverage].sort()).toEqual(["abdomen", "chest"]);
    await item(a, "Helmet").update({ "system.equipped": true });
    expect(a.system.adjustmentText).toBe("-10F -2R -3F -4F -1F");
    expect([...a.system.coverage].sort()).toEqual(["abdomen", "chest", "head"]);
    await item(a, "Vest").update({ "system.coverage": ["leftArm"] });
    expect([...a.system.coverage].sort()).toEqual(["head", "leftArm"]);
    await item(a, "Charm").update({ "system.equipped": false });
    expect(a.system.adjustmentText).toBe("-10F -2R -3F -1F");
    await a.update({ "system.adjustments": "" });
    expect(a.system.adjustmentText).toBe("-2R -3F -1F");
    const tab = item(a, "That Didn't Hurt");
    await tab.update({ "system.effects": [{ kind: "adjustment", notation: "-5F" }] });
    expect(a.system.adjustmentText).toBe("-2R -3F -5F");
    expect(tab.system.tab.effects).toEqual([{ kind: "adjustment", notation: "-5F" }]);
    await a.createEmbeddedDocuments("Item", [tabItem("Thick Skin", "-1R")]);
    expect(a.system.adjustmentText).toBe("-2R -3F -5F -1R");
    await tab.delete();
    expect(a.system.adjustmentText).toBe("-2R -3F -1R");
  });

  it("a TAB's view follows its name, kind, degree and effects", async () => {
    const a = await character();
    const tab = item(a, "That Didn't Hurt");
    expect(tab.system.tab).toEqual({ key: "That Didn't Hurt", kind: "asset", degree: null, effects: [{ kind: "difficulty", when: "climbing", attribute: -1, skill: -10 }, { kind: "adjustment", notation: "-1F" }] });
    expect(a.system.tabs.map((t: any) => t.key)).toEqual(["That Didn't Hurt"]);
    await tab.update({ name: "Tough" });
    expect(tab.system.tab.key).toBe("Tough");
    expect(a.system.tabs.map((t: any) => t.key)).toEqual(["Tough"]);
    await tab.update({ "system.kind": "burden", "system.degree": 2 });
    expect(tab.system.tab).toMatchObject({ kind: "burden", degree: 2 });
    await tab.update({ "system.effects": [{ kind: "attributeMultiplier", when: "praying", attribute: "spirit", factor: 3, usesPerDay: 1 }] });
    expect(a.system.tabs[0].effects).toEqual([{ kind: "attributeMultiplier", when: "praying", attribute: "spirit", factor: 3, usesPerDay: 1 }]);
  });
});

describe("D10/0 branch skill costs read on demand", () => {
  it("a branch's cost and next cost are left to their first read and follow its Adjust", async () => {
    const a: any = await Actor.create({ name: "Costs", type: "d100", items: [{ name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 12 } }] } as never);
    const bows = item(a, "Bows");
    a.prepareData();
    expect(Object.hasOwn(bows.system, "cost")).toBe(false);
    expect(Object.hasOwn(bows.system, "nextCost")).toBe(false);
    // The exchange rate: points 1–10 cost 1 each, 11–20 cost 2 each.
    expect([bows.system.cost, bows.system.nextCost]).toEqual([14, 2]);
    await bows.update({ "system.adjust": 3 });
    expect([bows.system.cost, bows.system.nextCost]).toEqual([3, 1]);
  });
});

describe("D10/0 preparation of an unchanged character", () => {
  it("works out no kept figure and no on-demand value again: only the health state and the powers' Normal", async () => {
    const R = await import("../../../src/rulesets/d100/init-rules");
    const a = await character();
    await a.createEmbeddedDocuments("Item", [
      { name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 3 } },
      { name: "Focus", type: "d100Power", system: { normalAttributes: ["focus", "spirit"], combine: "sum" } },
    ]);
    const names = ["validateAttributes", "actionQuota", "normalHealth", "healthIncrease", "dailyRecoveryRate", "computeSkills", "combineAdjustments", "tabAdjustments", "formatAdjustment", "costFromZero", "incrementCost", "checkAttributeBuild", "treeCost", "healthState", "powerNormal"] as const;
    const spies = names.map((n) => vi.spyOn(R, n));
    try {
      a.prepareData();
      const called = names.filter((_, i) => spies[i].mock.calls.length > 0);
      expect(called).toEqual(["healthState", "powerNormal"]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

