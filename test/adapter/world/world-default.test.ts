/** A new world (nothing stored) plays the setting's default ruleset, as every suite booted with bootSystem. */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem, bootWorld } from "../toaster/boot";

describe("a new world", () => {
  beforeEach(bootSystem);

  it("plays the default ruleset, Toaster", () => {
    expect(game.settings!.get("breadbox", "ruleset")).toBe("toaster");
  });

  it("cannot be booted again as another ruleset's world in the same file", async () => {
    await expect(bootWorld("flange")()).rejects.toThrow(/booted a default world/);
  });
});
