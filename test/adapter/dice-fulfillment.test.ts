/**
 * Issue 18.7: our dice can be entered by hand. Foundry's dice fulfillment lists only the standard
 * polyhedra and expects a system to add its own (foundryvtt/foundryvtt#13312): every die of ours
 * is listed in CONFIG.Dice.fulfillment.dice under the key its terms answer as `denomination`, so a
 * GM's "manual entry" for it applies to it and not to every plain d10 or d12. A world lists its own
 * ruleset's dice there (issue 23): this file boots a Toaster world.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootSystem } from "./toaster/boot";
import { allRulesets } from "../../src/core/registry";
import { FULFILLMENT_ICON, localizeFulfillmentDice } from "../../src/core/init";

beforeEach(bootSystem);

const CORE_KEYS = ["d4", "d6", "d8", "d10", "d12", "d20", "d100"];

describe("dice fulfillment", () => {
  it("lists the world's dice under their own keys, with a label of ours, and no other ruleset's; core's dice stay listed", () => {
    const dice = CONFIG.Dice.fulfillment.dice as Record<string, { label: string; icon: string }>;
    for (const k of CORE_KEYS) expect(dice[k], k).toBeDefined();
    const terms = allRulesets().flatMap((r) => r.dieTerms ?? []);
    expect(terms.length).toBe(7);
    const keys = new Set<string>();
    for (const Term of terms) {
      const term = new Term({ number: 1 });
      const key = term.denomination;
      expect(key, Term.name).toBe(`d${Term.DENOMINATION}`);
      expect(CORE_KEYS, Term.name).not.toContain(key);
      const own = allRulesets().find((r) => r.id === "toaster")!.dieTerms!.includes(Term);
      // Every die's key and label exist, whichever world lists it.
      expect((game as any).i18n.has(`BREADBOX.Dice.Fulfillment.${Term.DENOMINATION}`), Term.name).toBe(true);
      const entry = dice[key];
      if (!own) {
        expect(entry, `${Term.name} is not the Toaster world's`).toBeUndefined();
        keys.add(key);
        continue;
      }
      expect(entry, Term.name).toBeDefined();
      expect(entry!.icon).toBe(FULFILLMENT_ICON);
      // A key of ours with a translation (translated at i18nInit: see below).
      if (entry!.label.startsWith("BREADBOX.")) expect((game as any).i18n.has(entry!.label), entry!.label).toBe(true);
      keys.add(key);
    }
    expect(keys.size).toBe(terms.length);
  });

  it("labels are translated once the translations are in (i18nInit)", () => {
    // The test boot loads the strings after the start-up hooks: run the i18nInit step again.
    localizeFulfillmentDice();
    const dice = CONFIG.Dice.fulfillment.dice as Record<string, { label: string }>;
    expect(dice.dk!.label).toBe("d10* (Toaster: faces 0–9)");
    for (const letter of ["p", "z", "q", "j", "y", "u"]) expect(dice[`d${letter}`], letter).toBeUndefined();
  });

  it("a plain d10 is still core's d10 (its key is untouched)", () => {
    const dice = CONFIG.Dice.fulfillment.dice as Record<string, { label: string }>;
    expect(dice.d10!.label).toBe("d10");
    const Die = foundry.dice.terms.Die;
    expect(new Die({ number: 1, faces: 10 }).denomination).toBe("d10");
  });
});
