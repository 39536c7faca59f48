/**
 * Issue 20, campaign-scale preparation (Dice Pool world): the creation budget and the tree
 * problems are worked out when a sheet reads them, not for every character a world prepares, and
 * follow every preparation.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("pool"));

const items = [
  { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
  { name: "Running", type: "poolAbility", system: { rating: 3, parentTrait: "Athletics" } },
];

describe("Dice Pool preparation at campaign scale", () => {
  it("preparing does not work out the creation budget; reading it does, once per preparation", async () => {
    const R = await import("../../../src/rulesets/pool/init-rules");
    const a: any = await Actor.create({ name: "P", type: "pool", items } as never);
    const budget = vi.spyOn(R, "creationBudget");
    a.prepareData();
    expect(budget).not.toHaveBeenCalled();
    expect(a.system.budget).not.toBeNull();
    expect(a.system.budget).toBe(a.system.budget);
    expect(budget).toHaveBeenCalledTimes(1);
    budget.mockRestore();
  });

  it("the budget and the problems follow every preparation (a rating, a duplicate trait)", async () => {
    const a: any = await Actor.create({ name: "P", type: "pool", items } as never);
    const before = JSON.stringify(a.system.budget);
    const running = a.items.find((i: any) => i.name === "Running");
    await running.update({ "system.rating": 5 });
    expect(JSON.stringify(a.system.budget)).not.toBe(before);
    expect(a.system.problems).toEqual([]);
    await a.createEmbeddedDocuments("Item", [{ name: "Running", type: "poolAbility", system: { rating: 1 } }]);
    expect(a.system.problems.map((p: any) => p.key)).toContain("BREADBOX.Pool.Tree.DuplicateTrait");
  });
});
