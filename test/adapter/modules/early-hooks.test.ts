/**
 * Issue 23 x 22: the integrations live in core's runtime chunk, which Foundry does not wait for.
 * Item Piles' ready hook fired before the integration was registered must still get Breadbox's
 * system integration (the entry records the hook's payload at init).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { activateModule, installItemPiles, ItemPilesApiMock } from "../../harness/modules/item-piles";
import { registerItemPiles } from "../../../src/modules/item-piles";

describe("a module's ready hook that fires before core's runtime arrives", () => {
  activateModule("item-piles", "3.3.4");
  beforeEach(bootWorld("pool"), 30_000);

  it("Item Piles: an integration registered after item-piles-ready still registers Breadbox", () => {
    installItemPiles(); // item-piles-ready fires (the runtime registered at boot answers it)
    expect(ItemPilesApiMock.DATA?.ACTOR_CLASS_TYPE).toBe("pool");
    ItemPilesApiMock.reset();
    expect(ItemPilesApiMock.DATA).toBeUndefined();
    // The runtime's integration registered only now, after the hook (a slow chunk).
    registerItemPiles("pool");
    expect(ItemPilesApiMock.DATA?.ACTOR_CLASS_TYPE).toBe("pool");
  });
});
