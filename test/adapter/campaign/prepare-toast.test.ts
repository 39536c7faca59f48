/**
 * Issue 20, campaign-scale preparation (Toast world): the creation report is worked out when a
 * sheet reads it, not for every character a world prepares, and follows every preparation.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bootWorld } from "../toaster/boot";

beforeEach(bootWorld("toast"));

const items = [{ name: "Climbing", type: "toastSkill", system: { level: 2, baseAttributes: ["strength", "agility"], category: "athletic" } }];

describe("Toast preparation at campaign scale", () => {
  it("preparing does not work out the creation report; reading it does, once per preparation", async () => {
    const R = await import("../../../src/rulesets/toast/init-rules");
    const a: any = await Actor.create({ name: "T", type: "toast", items } as never);
    const report = vi.spyOn(R, "validateCreation");
    a.prepareData();
    expect(report).not.toHaveBeenCalled();
    expect(a.system.creation).not.toBeNull();
    expect(a.system.warnings).toEqual([]);
    expect(report).toHaveBeenCalledTimes(1);
    report.mockRestore();
    expect(a.items.contents[0].system.currentModifier).toBeTypeOf("number");
  });

  it("the report follows every preparation (an attribute, a new skill)", async () => {
    const a: any = await Actor.create({ name: "T", type: "toast", items } as never);
    const spent = a.system.creation.attributePointsSpent;
    await a.update({ "system.attributes.strength": a.system.attributes.strength + 2 });
    expect(a.system.creation.attributePointsSpent).toBe(spent + 2);
    const skills = a.system.creation.skillPointsSpent;
    await a.createEmbeddedDocuments("Item", [{ name: "Running", type: "toastSkill", system: { level: 3, baseAttributes: ["agility"], category: "athletic" } }]);
    expect(a.system.creation.skillPointsSpent).not.toBe(skills);
  });
});
