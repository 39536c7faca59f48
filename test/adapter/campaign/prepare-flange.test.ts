/**
 * Issue 20, campaign-scale preparation (Flange world): a batch of preparations reads each world
 * rule once, not once per character; sheet-only reports (creation budgets, problems) are computed
 * when a sheet reads them, and follow every preparation.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("flange"));

async function flangeActors(n: number): Promise<any[]> {
  const out: any[] = [];
  for (let i = 0; i < n; i++) out.push(await Actor.create({ name: `F${i}`, type: "flange", items: [{ name: "Brawl", type: "flangeSkill", system: { heading: "combatBrawl", dots: 2 } }] } as never));
  return out;
}

describe("Flange preparation at campaign scale", () => {
  it("a batch of preparations reads each world rule once, not once per character", async () => {
    const actors = await flangeActors(5);
    await Promise.resolve();
    const get = vi.spyOn(game.settings!, "get");
    for (const a of actors) a.prepareData();
    const flangeReads = get.mock.calls.filter(([, key]) => String(key).startsWith("flange."));
    get.mockRestore();
    expect(flangeReads.length).toBe(2);
  });

  it("a rule changed between two batches is seen by the next one", async () => {
    const [a] = await flangeActors(1);
    expect(a.system.grindBoxes).toBe(0);
    await game.settings!.set("breadbox", "flange.dramaticWounds", true);
    a.prepareData();
    expect(a.system.dramaticWounds).toBe(true);
    expect(a.system.grindBoxes).toBeGreaterThan(0);
  });

  it("preparing does not work out the creation budgets; reading them does, once per preparation", async () => {
    const R = await import("../../../src/rulesets/flange/init-rules");
    const [a] = await flangeActors(1);
    const spend = vi.spyOn(R, "creationSpend");
    a.prepareData();
    expect(spend).not.toHaveBeenCalled();
    expect(a.system.spend.attributeBoxes.budget).toBe(21);
    expect(a.system.problems.map((p: any) => p.key)).toContain("BREADBOX.Flange.Problem.boxesLeft");
    expect(spend).toHaveBeenCalledTimes(1);
    spend.mockRestore();
  });

  it("the budgets and problems follow every preparation (an update, an embedded skill)", async () => {
    const [a] = await flangeActors(1);
    expect(a.system.spend.attributeBoxes.used).toBe(0);
    await a.update({ "system.attributes.strength": 8 });
    expect(a.system.spend.attributeBoxes.used).toBe(2);
    expect(a.system.problems.some((p: any) => p.key === "BREADBOX.Flange.Problem.duplicateSkill")).toBe(false);
    await a.createEmbeddedDocuments("Item", [{ name: "Brawl", type: "flangeSkill", system: { heading: "combatBrawl", dots: 1 } }]);
    expect(a.system.problems.some((p: any) => p.key === "BREADBOX.Flange.Problem.duplicateSkill")).toBe(true);
  });
});
