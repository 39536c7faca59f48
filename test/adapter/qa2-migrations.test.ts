/** QA pass 2: the world migration runner (src/core/migrations.ts). */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem, makeCharacter, notifications } from "./toaster/boot";
import { migrateWorldIfNeeded, planMigration, type Migration } from "../../src/core/migrations";

beforeEach(bootSystem);

const version = () => (game as any).settings.get("breadbox", "schemaVersion");

describe("migration runner", () => {
  it("a fresh world with no documents records the version silently", async () => {
    expect(await migrateWorldIfNeeded()).toBe(true);
    expect(version()).toBe(1);
    expect(notifications()).toEqual([]);
  });

  it("an old world with no actors but with world items migrates the items and says so", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const item: any = await Item.create({ name: "S", type: "toasterSkill", system: { base: 2 } } as never);
    const m: Migration[] = [{ version: 1 }, { version: 2, item: (s) => ({ "system.base": (s.system as any).base + 1 }) }];
    expect(await migrateWorldIfNeeded(m)).toBe(true);
    expect(item.system.base).toBe(3);
    expect(notifications().map((n) => n.message)).toHaveLength(2);
  });

  it("a step sees the result of the previous step (chained renames)", () => {
    const m: Migration[] = [
      { version: 1 },
      { version: 2, item: (s) => ((s.system as any).cost === "hard" ? { "system.cost": "difficult" } : null) },
      { version: 3, item: (s) => ((s.system as any).cost === "difficult" ? { "system.cost": "veryDifficult" } : null) },
    ];
    const plan = planMigration(1, [], [{ _id: "i", type: "toasterSkill", system: { cost: "hard" } }], m);
    expect(plan.items).toEqual([{ _id: "i", "system.cost": "veryDifficult" }]);
  });

});

describe("migration robustness", () => {
  it("a document that fails keeps its data, the others move, and the world is not marked migrated", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const bad: any = await Item.create({ name: "Bad", type: "toasterSkill", system: { base: 2 } } as never);
    const good: any = await Item.create({ name: "Good", type: "toasterSkill", system: { base: 2 } } as never);
    const steps: Migration[] = [{ version: 1 }, { version: 2, item: (src) => (src.name === "Bad" ? { "system.base": "x" } : { "system.base": 3 }) }];
    expect(await migrateWorldIfNeeded(steps)).toBe(false);
    expect(good.system.base).toBe(3);
    expect(bad.system.base).toBe(2);
    expect((game as any).settings.get("breadbox", "schemaVersion")).toBe(1);
  });

  it("two steps changing different fields of one object both survive", () => {
    const plan = planMigration(1, [], [{ _id: "i1", type: "toasterSkill", system: {} }], [
      { version: 1 },
      { version: 2, item: () => ({ system: { a: 1 } }) },
      { version: 3, item: () => ({ system: { b: 2 } }) },
    ]);
    expect(plan.items).toEqual([{ _id: "i1", "system.a": 1, "system.b": 2 }]);
  });
});
