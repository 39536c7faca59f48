/**
 * Issue 18.8: a migration step that deletes a key writes v13's `-=key`; the update the runner
 * sends carries this generation's deletion (v14: foundry.data.operators.ForcedDeletion, the `-=`
 * key being deprecated there), and the key is gone without a compatibility warning.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { compatibilityWarnings, harnessGeneration } from "../harness/index";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { migrateWorldIfNeeded, planDocument, type Migration } from "../../src/core/migrations";

beforeEach(bootSystem);

const v14 = harnessGeneration() === "14";

const DROP_LEGACY: Migration[] = [{ version: 1 }, { version: 2, actor: (src) => ((src.flags as any)?.breadbox?.legacy !== undefined ? { "flags.breadbox.-=legacy": null } : null) }];

describe(`deleting keys in a migration on v${harnessGeneration()}`, () => {
  it(v14 ? "plans a ForcedDeletion, not a `-=` key" : "plans v13's `-=` key", () => {
    const update = planDocument("actor", { _id: "a", flags: { breadbox: { legacy: 1, keep: 2 } } }, 1, DROP_LEGACY)!;
    if (v14) {
      expect(Object.keys(update)).toEqual(["flags.breadbox.legacy", "flags.breadbox.schema"]);
      expect(update["flags.breadbox.legacy"]).toBe(foundry.data.operators.ForcedDeletion.create());
    } else {
      expect(update).toEqual({ "flags.breadbox.-=legacy": null, "flags.breadbox.schema": 2 });
    }
    expect(Object.keys(update).some((k) => k.includes("-="))).toBe(!v14);
  });

  it("the world runner deletes the key, keeps the rest, and raises no deprecation warning", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const a = await makeCharacter("Old");
    await a.update({ flags: { breadbox: { legacy: "x", keep: "y" } } });
    const warningsBefore = compatibilityWarnings.length;
    expect(await migrateWorldIfNeeded(DROP_LEGACY)).toBe(true);
    expect(a.flags.breadbox.legacy).toBeUndefined();
    expect(a.flags.breadbox.keep).toBe("y");
    expect(a.flags.breadbox.schema).toBe(2);
    expect(compatibilityWarnings.slice(warningsBefore).map((w) => w.message)).toEqual([]);
  });
});
