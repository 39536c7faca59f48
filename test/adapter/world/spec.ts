/**
 * What a world of one ruleset registers (issue 23): the same checks for each ruleset, each file
 * booting a world of its own (world-<id>.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";

export const RULESETS = ["toaster", "toast", "pool", "d100", "flange"] as const;
export type RulesetId = (typeof RULESETS)[number];

/** The system-wide settings the settings window shows in every world. */
export const CORE_SHOWN = ["ruleset", "skipDialogKey"];

interface Registered {
  namespace: string;
  key: string;
  config?: boolean;
}

/** Every Breadbox setting registered (the harness's registrations, as Foundry's game.settings.settings). */
export function breadboxSettings(): Registered[] {
  const settings = (game.settings as unknown as { settings: Map<string, Registered> }).settings;
  return [...settings.values()].filter((c) => c.namespace === "breadbox");
}

export function describeWorld(ruleset: RulesetId): void {
  describe(`a ${ruleset} world`, () => {
    beforeEach(bootWorld(ruleset));

    it("reads its stored ruleset from init on, and keeps it through each fresh world", () => {
      expect(game.settings!.get("breadbox", "ruleset")).toBe(ruleset);
    });

    it("shows in the settings window exactly its own rules and the system-wide settings", () => {
      const ours = breadboxSettings();
      const own = ours.filter((c) => c.key.startsWith(`${ruleset}.`)).map((c) => c.key);
      expect(own.length).toBeGreaterThan(0);
      const shown = ours.filter((c) => c.config).map((c) => c.key);
      expect(shown.sort()).toEqual([...CORE_SHOWN, ...own].sort());
    });

    it("keeps the other rulesets' rules registered, hidden and readable (nothing stored is lost)", () => {
      for (const other of RULESETS.filter((r) => r !== ruleset)) {
        const theirs = breadboxSettings().filter((c) => c.key.startsWith(`${other}.`));
        expect(theirs.length, other).toBeGreaterThan(0);
        for (const c of theirs) {
          expect(c.config, c.key).toBe(false);
          expect(() => game.settings!.get("breadbox", c.key as never)).not.toThrow();
        }
      }
    });
  });
}
