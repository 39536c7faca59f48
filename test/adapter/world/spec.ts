/**
 * What a world of one ruleset registers (issue 23): the same checks for each ruleset, each file
 * booting a world of its own (world-<id>.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";

export const RULESETS = ["toaster", "toast", "pool", "d100", "flange"] as const;
export type RulesetId = (typeof RULESETS)[number];

export function describeWorld(ruleset: RulesetId): void {
  describe(`a ${ruleset} world`, () => {
    beforeEach(bootWorld(ruleset));

    it("reads its stored ruleset from init on, and keeps it through each fresh world", () => {
      expect(game.settings!.get("breadbox", "ruleset")).toBe(ruleset);
    });
  });
}
