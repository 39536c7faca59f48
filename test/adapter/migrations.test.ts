import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { CURRENT_SCHEMA, migrateWorldIfNeeded, planMigration, type Migration } from "../../src/core/migrations";

beforeEach(bootSystem);

/** A fixture migration: version 2 renames a skill's "cost" value "hard" to "difficult". */
const FIXTURE: Migration[] = [
  { version: 1 },
  {
    version: 2,
    item: (src) => ((src.system as any)?.cost === "hard" ? { "system.cost": "difficult" } : null),
    actor: (src) => ((src.system as any)?.campaignStyle === "epic" ? { "system.campaignStyle": "largerThanLife" } : null),
  },
];

describe("migration planning (pure)", () => {
  const actor = { _id: "a1", type: "toaster", system: { campaignStyle: "epic", notes: "keep me" }, items: [{ _id: "i1", type: "toasterSkill", system: { cost: "hard" } }, { _id: "i2", type: "toasterSkill", system: { cost: "easy" } }] };
  const item = { _id: "w1", type: "toasterSkill", system: { cost: "hard" } };

  it("brings a version-1 world to version 2, touching only what changes", () => {
    const plan = planMigration(1, [actor], [item], FIXTURE);
    const v2 = { "flags.breadbox.schema": 2 };
    expect(plan.actors).toEqual([{ id: "a1", update: { "system.campaignStyle": "largerThanLife", ...v2 }, items: [{ _id: "i1", "system.cost": "difficult", ...v2 }, { _id: "i2", ...v2 }] }]);
    expect(plan.items).toEqual([{ _id: "w1", "system.cost": "difficult", ...v2 }]);
  });

  it("does nothing for a world already at the latest version", () => {
    const plan = planMigration(2, [actor], [item], FIXTURE);
    expect(plan).toEqual({ actors: [], items: [] });
  });

  it("the system's own list starts at version 1 with nothing to change but the version stamp", () => {
    expect(CURRENT_SCHEMA).toBe(1);
    const v1 = { "flags.breadbox.schema": 1 };
    expect(planMigration(0, [actor], [item])).toEqual({ actors: [{ id: "a1", update: v1, items: [{ _id: "i1", ...v1 }, { _id: "i2", ...v1 }] }], items: [{ _id: "w1", ...v1 }] });
    expect(planMigration(1, [actor], [item])).toEqual({ actors: [], items: [] });
  });
});

describe("the world migration runner", () => {
  it("runs once for the active GM, records the version, and keeps every other field", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const a = await makeCharacter("Old", { notes: "<p>keep me</p>" }, [{ name: "Old skill", type: "toasterSkill", system: { base: 3 } }]);
    // Fixture: version 2 raises every skill base by one (a stand-in for a real data change).
    const bump: Migration[] = [{ version: 1 }, { version: 2, item: (src) => ((src.system as any)?.base !== undefined ? { "system.base": (src.system as any).base + 1 } : null) }];
    expect(await migrateWorldIfNeeded(bump)).toBe(true);
    expect(a.items.contents[0].system.base).toBe(4);
    expect(a.system.notes).toBe("<p>keep me</p>");
    expect((game as any).settings.get("breadbox", "schemaVersion")).toBe(2);
    expect(await migrateWorldIfNeeded(bump)).toBe(false);
    expect(a.items.contents[0].system.base).toBe(4);
  });

  it("a player never runs it", async () => {
    const { createUser, asUser } = await import("../harness/index");
    const p = createUser({ name: "Player" });
    expect(await asUser(p, () => migrateWorldIfNeeded([{ version: 1 }, { version: 2 }]))).toBe(false);
  });
});
