/**
 * Issue 20, campaign-scale preparation (D10/0 world): the attribute build, the skill points spent
 * and the problems are worked out when a sheet reads them, not for every character a world
 * prepares, and follow every preparation.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("d100"));

const items = [{ name: "Climbing", type: "d100Skill", system: { parentSkill: "athletic", adjust: 3 } }];

describe("D10/0 preparation at campaign scale", () => {
  it("preparing does not work out the creation reports; reading them does, once per preparation", async () => {
    const R = await import("../../../src/rulesets/d100/init-rules");
    const a: any = await Actor.create({ name: "D", type: "d100", items } as never);
    const build = vi.spyOn(R, "checkAttributeBuild");
    const cost = vi.spyOn(R, "treeCost");
    a.prepareData();
    expect(build).not.toHaveBeenCalled();
    expect(cost).not.toHaveBeenCalled();
    expect(a.system.attributeBuild.spent).toBeTypeOf("number");
    expect(a.system.skillPointsSpent).toBeGreaterThan(0);
    expect(a.system.creationSkillPointsLeft).toBeTypeOf("number");
    expect(a.system.problems).toEqual(a.system.problems);
    expect(build).toHaveBeenCalledTimes(1);
    expect(cost).toHaveBeenCalledTimes(1);
    build.mockRestore();
    cost.mockRestore();
  });

  it("the reports follow every preparation (an attribute, a new branch skill)", async () => {
    const a: any = await Actor.create({ name: "D", type: "d100", items } as never);
    const spent = a.system.attributeBuild.spent;
    await a.update({ "system.attributes.agility": a.system.attributes.agility + 2 });
    expect(a.system.attributeBuild.spent).toBe(spent + 2);
    const points = a.system.skillPointsSpent;
    await a.createEmbeddedDocuments("Item", [{ name: "Running", type: "d100Skill", system: { parentSkill: "athletic", adjust: 4 } }]);
    expect(a.system.skillPointsSpent).toBeGreaterThan(points);
    await a.createEmbeddedDocuments("Item", [{ name: "Swimming", type: "d100Skill", system: { parentSkill: "Nowhere", adjust: 1 } }]);
    expect(a.system.problems.map((p: any) => p.key)).toContain("BREADBOX.D100.Tree.unknownParent");
  });
});
