/**
 * What a world of one ruleset registers (issue 23): the same checks for each ruleset, each file
 * booting a world of its own (world-<id>.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { installDiceSoNice, registerPack, renderCompendiumDirectory, type PackFolder } from "../../harness/index";
import { readFileSync } from "node:fs";
import { HIDDEN_PACK_CLASS } from "../../../src/core/pack-visibility";
import { allRulesets } from "../../../src/core/registry";
import { hasStatusEffect } from "../../../src/core/compat";
import { presetData } from "../../../src/core/dice-so-nice";
import { macroItemTypes, onHotbarDrop } from "../../../src/core/hotbar";
import { rulesetLoaded } from "../../../src/core/lazy";

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

interface ManifestPack {
  name: string;
  label: string;
  type: string;
}

/** The system's packs and pack folders as system.json declares them, installed in game.packs. */
function installManifestPacks(): { packs: ManifestPack[]; folders: PackFolder[] } {
  const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { packs: ManifestPack[]; packFolders: { name: string; packs: string[] }[] };
  for (const p of manifest.packs) {
    if (!game.packs!.get(`breadbox.${p.name}`)) registerPack({ name: p.name, label: p.label, type: p.type === "RollTable" ? "Item" : p.type, packageName: "breadbox", system: "breadbox" }, []);
  }
  const folders = manifest.packFolders.map((f) => ({ name: f.name, packs: f.packs.map((n) => `breadbox.${n}`) }));
  return { packs: manifest.packs, folders };
}

export function describeWorld(ruleset: RulesetId): void {
  describe(`a ${ruleset} world`, () => {
    beforeEach(bootWorld(ruleset));

    it("reads its stored ruleset from init on, and keeps it through each fresh world", () => {
      expect(game.settings!.get("breadbox", "ruleset")).toBe(ruleset);
    });

    it("loads its own ruleset's code (sheets, actions, combat) and no other ruleset's", () => {
      // First in the file: a later case that creates another ruleset's documents loads that ruleset.
      for (const r of RULESETS) expect(rulesetLoaded(r), r).toBe(r === ruleset);
      const own = allRulesets().find((r) => r.id === ruleset)!;
      expect(own.runtime).toBeUndefined();
      expect(own.actorSheets.length + own.itemSheets.length).toBeGreaterThan(0);
      expect(CONFIG.Actor.sheetClasses[ruleset]?.[`breadbox.${own.actorSheets[0]!.sheetClass.name}`]).toBeDefined();
      for (const other of allRulesets().filter((r) => r.id !== ruleset)) {
        expect(other.runtime, other.id).toBeTypeOf("function");
        expect(other.actorSheets, other.id).toEqual([]);
        expect(Object.keys(CONFIG.Actor.sheetClasses[other.id] ?? {}).filter((k) => k.startsWith("breadbox.")), other.id).toEqual([]);
      }
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

    it("offers only its own dice in core's dice configuration; every ruleset's dice still parse", () => {
      const dice = CONFIG.Dice.fulfillment.dice as Record<string, unknown>;
      for (const r of allRulesets()) {
        for (const Term of r.dieTerms ?? []) {
          expect(dice[`d${Term.DENOMINATION}`] !== undefined, `${r.id}: ${Term.name}`).toBe(r.id === ruleset);
          expect(CONFIG.Dice.terms[Term.DENOMINATION], Term.name).toBe(Term);
        }
      }
    });

    it("turns only its own items dropped on the hotbar into macros", async () => {
      for (const r of RULESETS) {
        // Another ruleset's code is not loaded in this world (src/core/lazy.ts): no macro handler of its own.
        const type = macroItemTypes(r)[0] ?? Object.keys(allRulesets().find((d) => d.id === r)?.itemModels ?? {})[0];
        expect(type, r).toBeDefined();
        const item = await Item.create({ name: `Dropped ${r}`, type } as never);
        const handled = onHotbarDrop(null, { type: "Item", uuid: item!.uuid }, 1);
        expect(handled, `${r}: ${type}`).toBe(r === ruleset ? false : undefined);
      }
      // Another ruleset's attribute row is not ours to turn into a macro either.
      const other = RULESETS.find((r) => r !== ruleset)!;
      expect(onHotbarDrop(null, { type: "breadbox.attribute", ruleset: other, key: "x" }, 2)).toBeUndefined();
    });

    it("lists only its own packs (and their folder) in the compendium sidebar; the others stay installed", () => {
      const { packs, folders } = installManifestPacks();
      const html = renderCompendiumDirectory(folders);
      const rows = [...html.querySelectorAll<HTMLElement>("li.compendium[data-pack]")];
      expect(rows).toHaveLength(packs.length);
      const shown = rows.filter((r) => !r.hidden).map((r) => r.dataset.pack);
      const own = packs.filter((p) => p.name.startsWith(`${ruleset}-`)).map((p) => `breadbox.${p.name}`);
      expect(own.length).toBeGreaterThan(0);
      expect(shown.sort()).toEqual(own.sort());
      for (const r of rows.filter((r) => r.hidden)) expect(r.classList.contains(HIDDEN_PACK_CLASS)).toBe(true);
      // One folder is shown: the ruleset's own.
      const shownFolders = [...html.querySelectorAll<HTMLElement>("li.folder")].filter((f) => !f.hidden);
      expect(shownFolders).toHaveLength(1);
      expect([...shownFolders[0]!.querySelectorAll<HTMLElement>("li.compendium")].map((r) => r.dataset.pack).sort()).toEqual(own.sort());
      // Hidden, not removed: every pack is still installed and reachable.
      for (const p of packs) expect(game.packs!.get(`breadbox.${p.name}`), p.name).toBeDefined();
    });

    it("leaves other packages' packs alone in the compendium sidebar", () => {
      installManifestPacks();
      if (!game.packs!.get("world.flange-things")) registerPack({ name: "flange-things", label: "A world pack named like ours", type: "Item", packageName: "world", packageType: "world" }, []);
      const html = renderCompendiumDirectory();
      const row = html.querySelector<HTMLElement>('li.compendium[data-pack="world.flange-things"]');
      expect(row).not.toBeNull();
      expect(row!.hidden).toBe(false);
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
