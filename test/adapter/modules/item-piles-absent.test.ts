/** Item Piles absent (issue 22): Breadbox registers nothing with it, even if its hook fires. */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem } from "../toaster/boot";
import { installItemPiles } from "../../harness/modules/item-piles";

describe("Item Piles not active", () => {
  beforeEach(bootSystem);

  it("hooks nothing: a stray item-piles-ready registers no integration", () => {
    expect((game.modules as unknown as Map<string, unknown>).has("item-piles")).toBe(false);
    const api = installItemPiles();
    expect(api.DATA).toBeUndefined();
  });
});
