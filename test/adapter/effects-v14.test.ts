/**
 * Issue 18.6: v14 Active Effect changes carry `phase` and `priority` (the harness's v14 profile
 * refuses a change without them); the Flange serious injury effect is created and applies on both
 * generations.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { harnessGeneration } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { effectChangesData } from "../../src/core/compat";
import { injuryEffectData } from "../../src/rulesets/flange/combat/injury";

beforeEach(bootSystem);

const v14 = harnessGeneration() === "14";

describe(`Active Effect changes on v${harnessGeneration()}`, () => {
  it(v14 ? "carry phase `initial` and their type's default priority" : "carry v13's numeric mode", () => {
    const data: any = effectChangesData([
      { key: "system.a", type: "add", value: "1" },
      { key: "system.b", type: "override", value: "2" },
      { key: "system.c", type: "multiply", value: "3" },
    ]);
    if (v14) {
      expect(data.system.changes).toEqual([
        { key: "system.a", type: "add", value: "1", phase: "initial", priority: 20 },
        { key: "system.b", type: "override", value: "2", phase: "initial", priority: 50 },
        { key: "system.c", type: "multiply", value: "3", phase: "initial", priority: 10 },
      ]);
    } else {
      expect(data.changes.map((c: any) => c.mode)).toEqual([2, 5, 1]);
    }
  });

  it("the Flange serious injury effect is created and raises every target number", async () => {
    const actor: any = await Actor.create({ name: "Hurt", type: "flange" } as never);
    const before = actor.system.attributes.perception;
    const data: any = injuryEffectData("Broken wrist", 2);
    if (v14) for (const c of data.system.changes) expect(c).toMatchObject({ type: "add", phase: "initial", priority: 20 });
    await actor.createEmbeddedDocuments("ActiveEffect", [data]);
    expect(actor.effects.size).toBe(1);
    expect(actor.system.attributes.perception).toBe(before + 2);
    expect(actor.statuses.has("flangeSeriousInjury")).toBe(true);
  });
});
