import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, resetHarness, resetConfig, setUserActive } from "../../harness/index";

const { fields } = foundry.data;
const { DataModelValidationError } = foundry.data.validation;

class Stats extends foundry.abstract.DataModel {
  static override defineSchema() {
    return {
      hp: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: 3, initial: 1 }),
      size: new fields.NumberField({ positive: true, initial: 1 }),
      label: new fields.StringField({ required: true, blank: false, initial: "x" }),
      kind: new fields.StringField({ required: true, choices: ["a", "b"], initial: "a" }),
      nested: new fields.SchemaField({ value: new fields.NumberField({ initial: 0, min: 0 }) }),
      tags: new fields.ArrayField(new fields.StringField()),
    };
  }
}

class ToasterModel extends foundry.abstract.TypeDataModel {
  static override defineSchema() {
    return {
      health: new fields.SchemaField({
        value: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 10 }),
        max: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 10 }),
      }),
      level: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 1, positive: true }),
    };
  }
  declare health: { value: number; max: number };
  declare level: number;
  declare derived: number;
  declare order: string[];
  override prepareBaseData() {
    super.prepareBaseData();
    this.order = ["system.base"];
  }
  override prepareDerivedData() {
    this.derived = this.health.value * 2;
    this.order.push("system.derived");
  }
}

class WeaponModel extends foundry.abstract.TypeDataModel {
  static override defineSchema() {
    return { damage: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 1 }) };
  }
}

beforeEach(() => {
  resetHarness();
  resetConfig();
  CONFIG.Actor.dataModels = { toaster: ToasterModel };
  CONFIG.Item.dataModels = { toasterWeapon: WeaponModel };
});

describe("DataModel and fields", () => {
  it("cleans by clamping to min/max and fills initial values", () => {
    const m = new Stats({ hp: 4 }) as any;
    expect(m.hp).toBe(3);
    expect(m._source.hp).toBe(3);
    expect(m.label).toBe("x");
    expect(m.nested.value).toBe(0);
    expect(m.tags).toEqual([]);
  });

  it("positive rejects zero and negatives with a DataModelValidationError", () => {
    expect(() => new Stats({ size: 0 })).toThrow(DataModelValidationError);
    try {
      new Stats({ size: -2, label: "", kind: "c" });
      expect.unreachable();
    } catch (err: any) {
      expect(err).toBeInstanceOf(DataModelValidationError);
      const failures = err.getAllFailures();
      expect(Object.keys(failures).sort()).toEqual(["kind", "label", "size"]);
      expect(err.message).toContain("size");
      expect(failures.size.message).toMatch(/positive/);
    }
  });

  it("non-strict construction records failures instead of throwing", () => {
    const m = new Stats({ size: -1 }, { strict: false });
    expect(m.invalid).toBe(true);
  });

  it("a non-number fails 'must be a number'; numeric strings are cast (VERIFY)", () => {
    expect(() => new Stats({ hp: "abc" })).toThrow(/must be a number/);
    expect((new Stats({ hp: "2" }) as any).hp).toBe(2);
  });

  it("updateSource cleans, validates, stores and returns the diff", () => {
    const m = new Stats({ hp: 1 }) as any;
    const diff = m.updateSource({ hp: 9, "nested.value": 5, label: "x" });
    expect(diff).toEqual({ hp: 3, nested: { value: 5 } });
    expect(m.hp).toBe(3);
    expect(m.nested.value).toBe(5);
    expect(() => m.updateSource({ label: "" })).toThrow(DataModelValidationError);
    expect(m.label).toBe("x");
    expect(m.updateSource({ hp: 3 })).toEqual({});
  });

  it("migrateData runs before cleaning", () => {
    class Migrating extends Stats {
      static override migrateData(source: any) {
        if ("health" in source) source.hp = source.health;
        return source;
      }
    }
    expect((new Migrating({ health: 2 }) as any).hp).toBe(2);
  });
});

describe("Hooks", () => {
  it("call stops at a handler returning false; callAll runs all", () => {
    const seen: string[] = [];
    Hooks.on("testHook", () => void seen.push("a"));
    Hooks.on("testHook", () => {
      seen.push("b");
      return false;
    });
    Hooks.on("testHook", () => void seen.push("c"));
    expect(Hooks.call("testHook")).toBe(false);
    expect(seen).toEqual(["a", "b"]);
    expect(Hooks.callAll("testHook")).toBe(true);
    expect(seen).toEqual(["a", "b", "a", "b", "c"]);
  });
  it("once handlers run once; off removes", () => {
    let n = 0;
    Hooks.once("h1", () => n++);
    Hooks.callAll("h1");
    Hooks.callAll("h1");
    const id = Hooks.on("h1", () => n++);
    Hooks.off("h1", id);
    Hooks.callAll("h1");
    expect(n).toBe(1);
  });
});

describe("Documents", () => {
  it("creates the configured document class with its system model and prepares data in order", async () => {
    const order: string[] = [];
    class MyActor extends Actor {
      override prepareBaseData() {
        order.push("doc.base");
      }
      override prepareDerivedData() {
        order.push("doc.derived");
      }
    }
    CONFIG.Actor.documentClass = MyActor;
    const actor = (await Actor.create({ name: "Tosty", type: "toaster", system: { health: { value: 4 } } })) as any;
    expect(actor).toBeInstanceOf(MyActor);
    expect(actor.system).toBeInstanceOf(ToasterModel);
    expect(actor.system.parent).toBe(actor);
    expect(actor.system.derived).toBe(8);
    expect(actor.system.order).toEqual(["system.base", "system.derived"]);
    expect(order).toEqual(["doc.base", "doc.derived"]);
    expect(game.actors.get(actor.id)).toBe(actor);
    expect(actor.uuid).toBe(`Actor.${actor.id}`);
    expect(fromUuidSync(actor.uuid)).toBe(actor);
  });

  it("invalid update rejects with the validation error and changes nothing", async () => {
    const actor = (await Actor.create({ name: "A", type: "toaster" })) as any;
    await expect(actor.update({ "system.level": 0 })).rejects.toBeInstanceOf(foundry.data.validation.DataModelValidationError);
    expect(actor.system.level).toBe(1);
    await actor.update({ "system.health.value": 99 });
    expect(actor.system.health.value).toBe(10);
    await actor.update({ "system.health.value": 3 });
    expect(actor.system.health.value).toBe(3);
    expect(actor.system.derived).toBe(6);
  });

  it("unknown sub-types are refused", async () => {
    await expect(Actor.create({ name: "A", type: "nope" })).rejects.toThrow(/not a valid type/);
  });

  it("preUpdate hook and _preUpdate returning false cancel the update", async () => {
    const actor = (await Actor.create({ name: "A", type: "toaster" })) as any;
    const id = Hooks.on("preUpdateActor", () => false);
    expect(await actor.update({ name: "B" })).toBeUndefined();
    expect(actor.name).toBe("A");
    Hooks.off("preUpdateActor", id);
    const changes: any[] = [];
    Hooks.on("updateActor", (_d: any, c: any) => changes.push(c));
    await actor.update({ name: "B" });
    expect(actor.name).toBe("B");
    expect(changes[0]).toMatchObject({ name: "B" });
  });

  it("_preCreate returning false cancels creation", async () => {
    class NoCreate extends Actor {
      override async _preCreate() {
        return false;
      }
    }
    CONFIG.Actor.documentClass = NoCreate;
    expect(await Actor.create({ name: "A", type: "toaster" })).toBeUndefined();
    expect(game.actors.size).toBe(0);
  });

  it("embedded items: create, update, delete; parent data re-prepared", async () => {
    const actor = (await Actor.create({ name: "A", type: "toaster" })) as any;
    const [item] = (await actor.createEmbeddedDocuments("Item", [{ name: "Knife", type: "toasterWeapon", system: { damage: 2 } }])) as any[];
    expect(actor.items.size).toBe(1);
    expect(item.actor).toBe(actor);
    expect(item.isEmbedded).toBe(true);
    expect(item.uuid).toBe(`Actor.${actor.id}.Item.${item.id}`);
    expect(actor.toObject().items[0].system.damage).toBe(2);
    expect(actor.itemTypes.toasterWeapon).toEqual([item]);
    await actor.updateEmbeddedDocuments("Item", [{ _id: item.id, "system.damage": 5 }]);
    expect(actor.items.get(item.id)).toBe(item);
    expect(item.system.damage).toBe(5);
    expect(actor.toObject().items[0].system.damage).toBe(5);
    await expect(item.update({ "system.damage": "x" })).rejects.toThrow(/must be a number/);
    await actor.deleteEmbeddedDocuments("Item", [item.id]);
    expect(actor.items.size).toBe(0);
    expect(actor.toObject().items).toEqual([]);
  });

  it("flags: set, get, unset", async () => {
    const actor = (await Actor.create({ name: "A", type: "toaster" })) as any;
    await actor.setFlag("breadbox", "x.y", 3);
    expect(actor.getFlag("breadbox", "x.y")).toBe(3);
    await actor.unsetFlag("breadbox", "x.y");
    expect(actor.getFlag("breadbox", "x.y")).toBeUndefined();
    expect(() => actor.getFlag("nomodule", "x")).toThrow();
  });

  it("permissions: players need ownership; updates without it are refused", async () => {
    const actor = (await Actor.create({ name: "A", type: "toaster" })) as any;
    const alice = createUser({ name: "Alice" });
    expect(actor.testUserPermission(alice, "OWNER")).toBe(false);
    await asUser(alice, async () => {
      expect(actor.isOwner).toBe(false);
      await expect(actor.update({ name: "Hacked" })).rejects.toThrow(/permission/);
    });
    expect(actor.name).toBe("A");
    await actor.update({ ownership: { [alice.id!]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER } });
    await asUser(alice, async () => {
      expect(actor.isOwner).toBe(true);
      await actor.update({ name: "Mine" });
    });
    expect(actor.name).toBe("Mine");
    await actor.update({ ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER, [alice.id!]: CONST.DOCUMENT_OWNERSHIP_LEVELS.INHERIT } });
    expect(actor.getUserLevel(alice)).toBe(2);
    expect(actor.testUserPermission(alice, "OBSERVER", { exact: true })).toBe(true);
  });

  it("statuses via toggleStatusEffect", async () => {
    CONFIG.statusEffects = [{ id: "prone", name: "Prone", img: "icons/prone.svg" }];
    const actor = (await Actor.create({ name: "A", type: "toaster" })) as any;
    const effect = await actor.toggleStatusEffect("prone");
    expect(effect?.documentName).toBe("ActiveEffect");
    expect(actor.statuses.has("prone")).toBe(true);
    expect(await actor.toggleStatusEffect("prone", { active: true })).toBe(true);
    expect(await actor.toggleStatusEffect("prone")).toBe(false);
    expect(actor.statuses.has("prone")).toBe(false);
  });
});

describe("Users and queries", () => {
  it("activeGM, queries run as the target user, 'no GM online'", async () => {
    const alice = createUser({ name: "Alice" });
    const gm = game.users.activeGM;
    expect(gm.isGM).toBe(true);
    let ranAs: any = null;
    CONFIG.queries["breadbox.test"] = (data: any) => {
      ranAs = game.user;
      return { doubled: data.n * 2 };
    };
    const result = await asUser(alice, () => gm.query("breadbox.test", { n: 21 }));
    expect(result).toEqual({ doubled: 42 });
    expect(ranAs).toBe(gm);
    setUserActive(gm, false);
    expect(game.users.activeGM).toBeNull();
    await expect(gm.query("breadbox.test", { n: 1 })).rejects.toThrow(/not active/);
    setUserActive(gm, true);
    await expect(gm.query("missing", {})).rejects.toThrow(/not registered/);
  });
});

describe("Settings, i18n, notifications", () => {
  it("settings register/get/set with validation and world-scope permission", async () => {
    const changes: unknown[] = [];
    game.settings.register("breadbox", "ruleset", { scope: "world", config: true, type: String, default: "toaster", choices: { toaster: "T", toast: "U" }, onChange: (v: unknown) => changes.push(v) });
    game.settings.register("breadbox", "bonus", { scope: "client", type: Number, default: 1, range: { min: 0, max: 5, step: 1 } });
    expect(game.settings.get("breadbox", "ruleset")).toBe("toaster");
    await game.settings.set("breadbox", "ruleset", "toast");
    expect(game.settings.get("breadbox", "ruleset")).toBe("toast");
    expect(changes).toEqual(["toast"]);
    await expect(game.settings.set("breadbox", "ruleset", "nope")).rejects.toThrow();
    await game.settings.set("breadbox", "bonus", 9);
    expect(game.settings.get("breadbox", "bonus")).toBe(5);
    const alice = createUser({ name: "Alice" });
    await asUser(alice, async () => {
      await expect(game.settings.set("breadbox", "ruleset", "toaster")).rejects.toThrow(/permission/);
    });
    expect(() => game.settings.get("breadbox", "missing")).toThrow(/not a registered/);
  });

  it("i18n localize/format/has and data model labels", () => {
    game.i18n.loadTranslations({ BREADBOX: { Hello: "Hello {name}", FIELDS: { hp: { label: "Health" } } }, "BREADBOX.Flat": "Flat" });
    expect(game.i18n.localize("BREADBOX.Flat")).toBe("Flat");
    expect(game.i18n.format("BREADBOX.Hello", { name: "Tosty" })).toBe("Hello Tosty");
    expect(game.i18n.localize("BREADBOX.Missing")).toBe("BREADBOX.Missing");
    expect(game.i18n.has("BREADBOX.Hello")).toBe(true);
    class Labelled extends Stats {
      static override LOCALIZATION_PREFIXES = ["BREADBOX"];
    }
    foundry.helpers.Localization.localizeDataModel(Labelled);
    expect(Labelled.schema.fields.hp.label).toBe("Health");
  });

  it("notifications are recorded", () => {
    game.i18n.loadTranslations({ "BREADBOX.Flat": "Flat" });
    ui.notifications.error("Boom");
    ui.notifications.warn("BREADBOX.Flat", { localize: true });
    expect(ui.notifications.history.map((n: any) => [n.type, n.message])).toEqual([["error", "Boom"], ["warning", "Flat"]]);
  });
});

describe("start-up", () => {
  it("runStartupHooks runs init → i18nInit → setup → ready, localizes models, and keeps the hooks across resets", async () => {
    const { runStartupHooks } = await import("../../harness/index");
    const order: string[] = [];
    class Localized extends ToasterModel {
      static override LOCALIZATION_PREFIXES = ["TEST"];
    }
    Hooks.once("init", () => {
      order.push("init");
      CONFIG.Actor.dataModels.localized = Localized;
    });
    Hooks.once("i18nInit", () => order.push(`i18nInit ${Localized.schema.fields.level.label}`));
    Hooks.once("setup", () => order.push("setup"));
    Hooks.once("ready", () => order.push("ready"));
    Hooks.on("persistentHook", () => order.push("persistent"));
    await runStartupHooks({ translations: { TEST: { FIELDS: { level: { label: "Level" } } } } });
    expect(order).toEqual(["init", "i18nInit Level", "setup", "ready"]);
    resetHarness();
    Hooks.callAll("persistentHook");
    expect(order.at(-1)).toBe("persistent");
  });
});

describe("a cleared number input (foundryvtt#13804)", () => {
  it("is refused on a non-nullable NumberField instead of becoming its initial value; a nullable one stores null", async () => {
    class Counts extends foundry.abstract.TypeDataModel {
      static override defineSchema() {
        return {
          strict: new fields.NumberField({ required: true, nullable: false, initial: 3 }),
          loose: new fields.NumberField({ required: true, nullable: true, initial: 3 }),
        };
      }
    }
    CONFIG.Actor.dataModels.counts = Counts;
    try {
      const actor: any = await Actor.create({ name: "N", type: "counts", system: {} });
      await expect(actor.update({ "system.strict": "" })).rejects.toThrow(/strict: must be a finite number/);
      expect(actor.system.strict).toBe(3);
      await actor.update({ "system.loose": "" });
      expect(actor.system.loose).toBeNull();
    } finally {
      delete CONFIG.Actor.dataModels.counts;
    }
  });
});
