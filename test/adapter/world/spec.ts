/**
 * What a world of one ruleset registers (issue 23): the same checks for each ruleset, each file
 * booting a world of its own (world-<id>.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { installDiceSoNice } from "../../harness/index";
import { allRulesets } from "../../../src/core/registry";
import { hasStatusEffect } from "../../../src/core/compat";
import { presetData } from "../../../src/core/dice-so-nice";
import { macroItemTypes, onHotbarDrop } from "../../../src/core/hotbar";

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

    it("offers only its own status effects in the token HUD", () => {
      const own = new Set((allRulesets().find((r) => r.id === ruleset)?.statusEffects ?? []).map((e) => e.id));
      expect(own.size).toBeGreaterThan(0);
      for (const id of own) expect(hasStatusEffect(id), id).toBe(true);
      for (const r of allRulesets().filter((r) => r.id !== ruleset)) {
        for (const e of r.statusEffects ?? []) if (!own.has(e.id)) expect(hasStatusEffect(e.id), `${r.id}: ${e.id}`).toBe(false);
      }
    });

    it("gives Dice So Nice only its own dice's presets", () => {
      const dice3d = installDiceSoNice();
      for (const r of allRulesets()) {
        for (const p of (r.diceSoNice ?? []).map(presetData)) expect(dice3d.presets.has(`${p.system}:${p.type}`), `${r.id}: ${p.type}`).toBe(r.id === ruleset);
      }
    });

    it("turns only its own items dropped on the hotbar into macros", async () => {
      for (const r of RULESETS) {
        const [type] = macroItemTypes(r);
        expect(type, r).toBeDefined();
        const item = await Item.create({ name: `Dropped ${r}`, type } as never);
        const handled = onHotbarDrop(null, { type: "Item", uuid: item!.uuid }, 1);
        expect(handled, `${r}: ${type}`).toBe(r === ruleset ? false : undefined);
      }
      // Another ruleset's attribute row is not ours to turn into a macro either.
      const other = RULESETS.find((r) => r !== ruleset)!;
      expect(onHotbarDrop(null, { type: "breadbox.attribute", ruleset: other, key: "x" }, 2)).toBeUndefined();
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
