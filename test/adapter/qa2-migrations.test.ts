/** QA pass 2: the world migration runner (src/core/migrations.ts). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
    expect(plan.items).toEqual([{ _id: "i", "system.cost": "veryDifficult", "flags.breadbox.schema": 3 }]);
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
    expect(plan.items).toEqual([{ _id: "i1", "system.a": 1, "system.b": 2, "flags.breadbox.schema": 3 }]);
  });
});

/** Issue 9.11: every step exactly once per document, wherever it lives; failures never abort the run. */
describe("per-document schema versions", () => {
  // game.packs outlives the per-test reset: drop the world packs a test registered.
  afterEach(() => {
    const packs: any = (game as any).packs;
    for (const id of [...packs.keys()]) if (packs.get(id)?.metadata?.packageType === "world") packs.delete(id);
  });
  const bumpBase = (failIf: (name: string) => boolean = () => false): Migration[] => [
    { version: 1 },
    {
      version: 2,
      item: (s) => {
        if (failIf(String(s.name))) throw new Error(`step refuses ${s.name}`);
        return (s.system as any)?.base !== undefined ? { "system.base": (s.system as any).base + 1 } : null;
      },
    },
  ];
  const schemaOf = (doc: any) => doc.toObject().flags?.breadbox?.schema;

  it("a step that throws on one document does not abort the run: the others move and the GM is told which failed", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const bad: any = await Item.create({ name: "Throws", type: "toasterSkill", system: { base: 2 } } as never);
    const good: any = await Item.create({ name: "Fine", type: "toasterSkill", system: { base: 2 } } as never);
    expect(await migrateWorldIfNeeded(bumpBase((n) => n === "Throws"))).toBe(false);
    expect(good.system.base).toBe(3);
    expect(bad.system.base).toBe(2);
    expect(version()).toBe(1);
    const error = notifications().find((n) => n.type === "error");
    expect(error?.message).toMatch(/Throws/);
    expect(error?.message).not.toMatch(/Fine/);
  });

  it("a retry after a partial failure does not re-apply steps to documents that already moved (2 → 3, not 4)", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const first: any = await Item.create({ name: "Moves first", type: "toasterSkill", system: { base: 2 } } as never);
    const later: any = await Item.create({ name: "Moves later", type: "toasterSkill", system: { base: 2 } } as never);
    let broken = true;
    expect(await migrateWorldIfNeeded(bumpBase((n) => broken && n === "Moves later"))).toBe(false);
    expect([first.system.base, later.system.base]).toEqual([3, 2]);
    expect(schemaOf(first)).toBe(2);
    broken = false;
    expect(await migrateWorldIfNeeded(bumpBase())).toBe(true);
    expect([first.system.base, later.system.base]).toEqual([3, 3]);
    expect(version()).toBe(2);
  });

  it("an actor whose own update succeeded but whose items failed does not get its actor part twice", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const a = await makeCharacter("Half moved", { luck: { value: 2 } }, [{ name: "Stuck", type: "toasterSkill", system: { base: 1 } }]);
    let broken = true;
    const steps = (): Migration[] => [
      { version: 1 },
      {
        version: 2,
        actor: (s) => ({ "system.luck.value": (s.system as any).luck.value + 1 }),
        item: (s) => {
          if (broken) throw new Error("item step fails");
          return { "system.base": (s.system as any).base + 1 };
        },
      },
    ];
    expect(await migrateWorldIfNeeded(steps())).toBe(false);
    expect(a.system.luck.value).toBe(3);
    expect(a.items.contents[0].system.base).toBe(1);
    broken = false;
    expect(await migrateWorldIfNeeded(steps())).toBe(true);
    expect(a.system.luck.value).toBe(3);
    expect(a.items.contents[0].system.base).toBe(2);
  });

  it("a later step that turns a scalar into an object replaces it whole: no stale scalar path in the update", () => {
    const steps: Migration[] = [
      { version: 1 },
      { version: 2, item: (s) => ((s.system as any).cost === "hard" ? { "system.cost": "difficult" } : null) },
      { version: 3, item: (s) => (typeof (s.system as any).cost === "string" ? { "system.cost": { value: (s.system as any).cost, variable: false } } : null) },
    ];
    const plan = planMigration(1, [], [{ _id: "i1", type: "toasterSkill", system: { cost: "hard", base: 2 } }], steps);
    expect(plan.items).toEqual([{ _id: "i1", "system.cost": { value: "difficult", variable: false }, "flags.breadbox.schema": 3 }]);
    // And back: an object turned into a scalar leaves no stale child paths.
    const back: Migration[] = [{ version: 1 }, { version: 2, item: () => ({ "system.cost.value": "easy" }) }, { version: 3, item: (s) => ({ "system.cost": (s.system as any).cost.value }) }];
    expect(planMigration(1, [], [{ _id: "i2", system: { cost: { value: "hard" } } }], back).items).toEqual([{ _id: "i2", "system.cost": "easy", "flags.breadbox.schema": 3 }]);
  });

  it("a document that already carries a newer version is skipped, whatever the world's version", () => {
    const plan = planMigration(1, [], [{ _id: "new", flags: { breadbox: { schema: 2 } }, system: { base: 2 } }, { _id: "old", system: { base: 2 } }], bumpBase());
    expect(plan.items).toEqual([{ _id: "old", "system.base": 3, "flags.breadbox.schema": 2 }]);
  });

  it("documents created from now on carry the current version", async () => {
    const a = await makeCharacter("Newborn", {}, [{ name: "Fresh", type: "toasterSkill" }]);
    expect(schemaOf(a)).toBe(1);
    expect(schemaOf(a.items.contents[0])).toBe(1);
    const imported: any = await Item.create({ name: "Imported", type: "toasterSkill", flags: { breadbox: { schema: 7 } } } as never);
    expect(schemaOf(imported)).toBe(7);
  });

  it("invalid world documents are migrated too, not skipped while the world is marked migrated", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const broken: any = await Item.create({ name: "Invalid one", type: "toasterSkill", system: { base: 2 } } as never);
    // v13 keeps documents that fail validation out of the collection: invalidDocumentIds + getInvalid.
    const items: any = (game as any).items;
    items.delete(broken.id);
    items.invalidDocumentIds = new Set([broken.id]);
    items.getInvalid = (id: string) => (id === broken.id ? broken : undefined);
    expect(await migrateWorldIfNeeded(bumpBase())).toBe(true);
    expect(broken.system.base).toBe(3);
    expect(schemaOf(broken)).toBe(2);
  });

  it("world compendium packs of this system are migrated (a locked one is unlocked and locked again)", async () => {
    const { registerPack } = await import("../harness/compendium");
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const src = { _id: "packSkill000001a", name: "Packed", type: "toasterSkill", system: { base: 4 } };
    const pack: any = registerPack({ name: "my-skills", label: "My skills", type: "Item", system: "breadbox", packageName: "world", packageType: "world" }, [src]);
    const states: boolean[] = [];
    pack.configure = async ({ locked }: { locked: boolean }) => {
      states.push(locked);
      pack.locked = locked;
    };
    const other: any = registerPack({ name: "theirs", label: "Other system", type: "Item", system: "dnd5e", packageName: "world", packageType: "world" }, []);
    expect(await migrateWorldIfNeeded(bumpBase())).toBe(true);
    const doc: any = await pack.getDocument("packSkill000001a");
    expect(doc.system.base).toBe(5);
    expect(schemaOf(doc)).toBe(2);
    expect(states).toEqual([false, true]);
    expect(pack.locked).toBe(true);
    expect(other.size).toBe(0);
  });

  it("a locked world pack that cannot be unlocked keeps the world unmigrated and is named", async () => {
    const { registerPack } = await import("../harness/compendium");
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    registerPack({ name: "stuck", label: "Stuck pack", type: "Item", system: "breadbox", packageName: "world", packageType: "world" }, [{ _id: "packSkill000002a", name: "P", type: "toasterSkill", system: { base: 1 } }]);
    expect(await migrateWorldIfNeeded(bumpBase())).toBe(false);
    expect(version()).toBe(1);
    expect(notifications().find((n) => n.type === "error")?.message).toMatch(/Stuck pack/);
  });

  it("unlinked token actors are migrated from their own delta, once", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    // The synthetic actor writes into the token's delta; a harness actor stands in for it.
    const synthetic = await makeCharacter("Goblin (token)", {}, [{ name: "Stab", type: "toasterSkill", system: { base: 3 } }]);
    const itemSrc = synthetic.items.contents[0].toObject();
    delete itemSrc.flags.breadbox;
    const delta = { _id: "deltaId000000001", system: { stun: { value: 1 } }, items: [itemSrc], flags: {} };
    const linked = { actorLink: true, name: "Linked", delta: { toObject: () => ({}) }, actor: synthetic };
    const token = { actorLink: false, name: "Goblin", delta: { toObject: () => structuredClone(delta) }, actor: synthetic };
    (game as any).scenes = { contents: [{ name: "Cave", tokens: [token, linked] }] };
    const steps: Migration[] = [
      { version: 1 },
      { version: 2, actor: (s) => ((s.system as any)?.stun ? { "system.stun.value": (s.system as any).stun.value + 1 } : null), item: (s) => ({ "system.base": (s.system as any).base + 1 }) },
    ];
    try {
      // World documents are already at version 2: only the token's delta is behind.
      await synthetic.update({ "flags.breadbox.schema": 2 });
      await synthetic.items.contents[0].update({ "flags.breadbox.schema": 2 });
      expect(await migrateWorldIfNeeded(steps)).toBe(true);
      expect(synthetic.system.stun.value).toBe(2);
      expect(synthetic.items.contents[0].system.base).toBe(4);
    } finally {
      delete (game as any).scenes;
    }
  });
});
