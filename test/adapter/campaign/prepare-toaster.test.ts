/**
 * Issue 20, campaign-scale preparation (Toaster world): the creation budget and the warnings are
 * worked out when a sheet reads them, not for every character a world prepares, and follow every
 * preparation.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("toaster"));

const items = [
  { name: "Brawling", type: "toasterSkill", system: { base: 3, attribute: "coordination" } },
  { name: "Huge", type: "toasterTrait", system: { rank: 2, kind: "size" } },
];

describe("Toaster preparation at campaign scale", () => {
  it("preparing does not work out the creation budget; reading it does, once per preparation", async () => {
    const R = await import("../../../src/rulesets/toaster/init-rules");
    const a: any = await Actor.create({ name: "T", type: "toaster", items } as never);
    const budget = vi.spyOn(R, "creationBudget");
    a.prepareData();
    expect(budget).not.toHaveBeenCalled();
    expect(a.system.budget).not.toBeNull();
    expect(a.system.warnings).toEqual([]);
    expect(a.system.budget).toBe(a.system.budget);
    expect(budget).toHaveBeenCalledTimes(1);
    budget.mockRestore();
  });

  it("the budget follows every preparation (an attribute, a new skill)", async () => {
    const a: any = await Actor.create({ name: "T", type: "toaster", items } as never);
    const before = a.system.budget;
    await a.update({ "system.attributes.physique.value": a.system.attributes.physique.value + 2 });
    expect(a.system.budget.attributePoints).not.toEqual(before.attributePoints);
    const skills = a.system.budget.skillPoints;
    await a.createEmbeddedDocuments("Item", [{ name: "Running", type: "toasterSkill", system: { base: 4, attribute: "coordination" } }]);
    expect(a.system.budget.skillPoints).not.toEqual(skills);
  });
});
