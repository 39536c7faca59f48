/**
 * system.json recommends the modules Breadbox integrates with (issue 22), so the setup screen
 * offers them. Reads the manifest only: no world to boot.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ITEM_PILES_ID } from "../../../src/modules/item-piles";
import { TAH_CORE_ID } from "../../../src/modules/token-action-hud";

interface Related {
  id: string;
  type: string;
  reason?: string;
  compatibility?: { minimum?: string; verified?: string; maximum?: string };
}

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { relationships?: { recommends?: Related[] } };

describe("system.json relationships", () => {
  it("recommends every integrated module, each a module with a reason", () => {
    const recommends = manifest.relationships?.recommends ?? [];
    for (const id of ["dice-so-nice", ITEM_PILES_ID, TAH_CORE_ID, "babele"]) {
      const entry = recommends.find((r) => r.id === id);
      expect(entry, id).toBeDefined();
      expect(entry?.type).toBe("module");
      expect(entry?.reason, id).toBeTruthy();
    }
    expect(recommends.find((r) => r.id === ITEM_PILES_ID)?.compatibility?.verified).toBe("3.3.4");
    expect(recommends.find((r) => r.id === TAH_CORE_ID)?.compatibility?.verified).toBe("2.1.1");
  });
});
