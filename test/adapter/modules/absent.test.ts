/** Modules absent (issue 22): Breadbox hooks nothing of Item Piles or Token Action HUD, even if their hooks fire. */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem } from "../toaster/boot";
import { installItemPiles } from "../../harness/modules/item-piles";
import { installTokenActionHud } from "../../harness/modules/token-action-hud";

describe("integrations whose module is not active", () => {
  beforeEach(bootSystem, 30_000);

  it("Item Piles: a stray item-piles-ready registers no integration", () => {
    expect((game.modules as unknown as Map<string, unknown>).has("item-piles")).toBe(false);
    const api = installItemPiles();
    expect(api.DATA).toBeUndefined();
  });

  it("Token Action HUD: a stray tokenActionHudCoreApiReady gets no system answer", async () => {
    expect((game.modules as unknown as Map<string, unknown>).has("token-action-hud-core")).toBe(false);
    const hud = await installTokenActionHud();
    expect(hud.systemManager).toBeNull();
  });
});
