/**
 * Issue 18.1: our dice take letters no core die and no widely used module takes. The harness
 * registers Foundry's own c (coin), d (die) and f (Fate die) as Foundry does; registering a taken
 * letter fails loudly; rolls stored with the old letters (`1dt`, `3dft7`) still load.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Roll, installDiceSoNice, scriptDiceFaces, ui } from "../harness/index";
import { bootSystem } from "./toaster/boot";
import { allRulesets } from "../../src/core/registry";
import { CORE_DIE_LETTERS, clearDieLetterClashes, dieLetterClashes, registerDieTerm, readyCore } from "../../src/core/init";
import { D10StarDie } from "../../src/rulesets/toaster/dice/d10star";
import { FlangeDie } from "../../src/rulesets/flange/dice/flange-die";
import { D10PlusDie } from "../../src/rulesets/toast/dice/d10plus";
import { FlangeCheckRoll } from "../../src/rulesets/flange/dice/check-roll";
import { fingerprintFormula } from "../../src/rulesets/toaster/chat/once";

beforeEach(async () => {
  await bootSystem();
  clearDieLetterClashes();
});

/** The letters docs/testing.md ("Dice letters") names, die by die. */
const LETTERS: Record<string, string> = {
  D10StarDie: "k",
  D10PlusDie: "p",
  FlangeDie: "z",
  PoolD10Minus1Die: "q",
  PoolD12Minus2Die: "j",
  PoolD6Plus1Die: "y",
  PoolD4Plus2Die: "u",
};

describe("dice letters", () => {
  it("Foundry's own c, d and f stay Foundry's after our init: `/r 4df` rolls Fate dice, `1dc` a coin", async () => {
    expect(CONFIG.Dice.terms.f?.name).toBe("FateDie");
    expect(CONFIG.Dice.terms.c?.name).toBe("Coin");
    expect(CONFIG.Dice.terms.d?.name).toBe("Die");
    scriptDiceFaces([1, 2, 3, 3]);
    const fate = await new Roll("4df").evaluate();
    expect(fate.dice[0]!.constructor.name).toBe("FateDie");
    expect(fate.dice[0]!.results.map((r) => r.result)).toEqual([-1, 0, 1, 1]);
    expect(fate.total).toBe(1);
  });

  it("each of our dice has the documented letter: none is a core letter, none is Tension Pool's `t`", () => {
    const terms = allRulesets().flatMap((r) => r.dieTerms ?? []);
    expect(Object.fromEntries(terms.map((t) => [t.name, t.DENOMINATION]))).toEqual(LETTERS);
    for (const t of terms) {
      expect(CORE_DIE_LETTERS).not.toContain(t.DENOMINATION);
      expect(t.DENOMINATION).not.toBe("t");
      expect(CONFIG.Dice.terms[t.DENOMINATION]).toBe(t);
    }
    expect(D10StarDie.DENOMINATION).toBe("k");
    expect(FlangeDie.DENOMINATION).toBe("z");
    expect(D10PlusDie.DENOMINATION).toBe("p");
  });

  it("registering a die under a core letter, or under another of our letters, throws", () => {
    class FateThief extends FlangeDie {
      static override DENOMINATION = "f";
    }
    class CoinThief extends FlangeDie {
      static override DENOMINATION = "c";
    }
    class Twin extends FlangeDie {
      static override DENOMINATION = "k";
    }
    class TwoLetters extends FlangeDie {
      static override DENOMINATION = "zz";
    }
    expect(() => registerDieTerm(FateThief)).toThrow(/letter "f" of Foundry's own FateDie/);
    expect(() => registerDieTerm(CoinThief)).toThrow(/letter "c" of Foundry's own Coin/);
    expect(() => registerDieTerm(Twin)).toThrow(/D10StarDie and Twin both take the letter "k"/);
    expect(() => registerDieTerm(TwoLetters)).toThrow(/one lowercase letter/);
    // Nothing was replaced.
    expect(CONFIG.Dice.terms.f?.name).toBe("FateDie");
    expect(CONFIG.Dice.terms.k).toBe(D10StarDie);
  });

  it("a module that takes one of our letters after our init is reported to the GM at ready, loudly", async () => {
    const { DiceTerm } = await import("../harness/index");
    class TensionDie extends DiceTerm {
      static override DENOMINATION = "k";
    }
    const ours = CONFIG.Dice.terms.k;
    CONFIG.Dice.terms.k = TensionDie;
    try {
      expect(dieLetterClashes()).toEqual([{ letter: "k", die: "D10StarDie", other: "TensionDie" }]);
      const before = ui.notifications.history.length;
      await readyCore();
      const errors = ui.notifications.history.slice(before).filter((n) => n.type === "error");
      expect(errors.map((n) => n.message)).toEqual([expect.stringMatching(/Dice letter "k".*D10StarDie.*TensionDie/)]);
      expect(errors[0]!.options.permanent).toBe(true);
    } finally {
      CONFIG.Dice.terms.k = ours;
    }
    expect(dieLetterClashes()).toEqual([]);
  });

  it("a letter a module registered before our init is taken over and reported", async () => {
    const { DiceTerm } = await import("../harness/index");
    class EarlyModuleDie extends DiceTerm {
      static override DENOMINATION = "k";
    }
    CONFIG.Dice.terms.k = EarlyModuleDie;
    registerDieTerm(D10StarDie);
    expect(CONFIG.Dice.terms.k).toBe(D10StarDie);
    expect(dieLetterClashes()).toEqual([{ letter: "k", die: "D10StarDie", other: "EarlyModuleDie" }]);
  });

  it("Dice So Nice presets follow the letters (a Toaster world: dk; no other ruleset's) and leave core's df alone", () => {
    const dice3d = installDiceSoNice();
    // Issue 23: a world gets only its ruleset's presets (test/adapter/world checks each ruleset).
    for (const [die, letter] of Object.entries(LETTERS)) expect(dice3d.presets.has(`standard:d${letter}`), letter).toBe(die === "D10StarDie");
    expect(dice3d.presets.has("standard:df")).toBe(false);
    expect(dice3d.presets.has("standard:dt")).toBe(false);
  });
});

describe("rolls stored with the old letters", () => {
  it("a Flange check stored as `3dft7` loads as Flange dice, with its results and total", () => {
    const stored = {
      class: "FlangeCheckRoll",
      options: {},
      dice: [],
      formula: "3dft7",
      terms: [
        {
          class: "FlangeDie",
          options: {},
          evaluated: true,
          number: 3,
          faces: 10,
          modifiers: ["t7"],
          results: [
            { result: 8, active: true, count: 1, success: true },
            { result: 3, active: true, count: 0, success: false },
            { result: 7, active: true, count: 1, success: true },
          ],
        },
      ],
      total: 2,
      evaluated: true,
    };
    const roll = Roll.fromData(stored);
    expect(roll).toBeInstanceOf(FlangeCheckRoll);
    expect(roll.dice[0]).toBeInstanceOf(FlangeDie);
    expect((roll.dice[0] as FlangeDie).poolFaces).toEqual([8, 3, 7]);
    expect(roll.total).toBe(2);
    // The displayed formula is rebuilt from the terms: the new letter.
    expect(roll.formula).toBe("3dzt7");
  });

  it("a Toaster d10* stored as `1dt` loads as a d10*", () => {
    const stored = {
      class: "Roll",
      options: {},
      dice: [],
      formula: "1dt",
      terms: [{ class: "D10StarDie", options: {}, evaluated: true, number: 1, faces: 10, modifiers: [], results: [{ result: 0, active: true }] }],
      total: 0,
      evaluated: true,
    };
    const roll = Roll.fromData(stored);
    expect(roll.dice[0]).toBeInstanceOf(D10StarDie);
    expect((roll.dice[0] as D10StarDie).starFaces).toEqual([0]);
    expect(roll.formula).toBe("1dk");
  });

  it("the luck re-roll's once-per-roll fingerprint spells the d10* as before the change (a claim made before the update still holds)", () => {
    expect(fingerprintFormula("1dkn1 + 6[Sword] - 2[Difficult]")).toBe("1dtn1 + 6[Sword] - 2[Difficult]");
    expect(fingerprintFormula("6*1dk + 1d6")).toBe("6*1dt + 1d6");
    expect(fingerprintFormula("1d6 + 2[Kit]")).toBe("1d6 + 2[Kit]");
  });
});

describe("roll tables imported with the old letters", () => {
  it("formulas of our compendium tables are rewritten by the active GM (once: idempotent); the GM's own tables are left alone", async () => {
    const { migrateTableDieLetters, withCurrentDieLetters } = await import("../../src/core/migrations");
    expect(withCurrentDieLetters("6*1dt + 1d6")).toBe("6*1dk + 1d6");
    expect(withCurrentDieLetters("3dft7 + 4df")).toBe("3dzt7 + 4df");
    expect(withCurrentDieLetters("1dtx + 2d10")).toBe("1dtx + 2d10");
    const table = (formula: string, source: string | null) => {
      const t = { formula, _stats: { compendiumSource: source }, update: async (c: { formula: string }) => void (t.formula = c.formula) };
      return t;
    };
    const ours = table("6*1dt + 1d6", "Compendium.breadbox.toaster-tables.RollTable.gQAsMrhEtUlZeDoD");
    const theirs = table("1dt", null);
    expect(await migrateTableDieLetters([ours, theirs])).toBe(1);
    expect(ours.formula).toBe("6*1dk + 1d6");
    expect(new Roll(ours.formula).dice[0]).toBeInstanceOf(D10StarDie);
    expect(theirs.formula).toBe("1dt");
    expect(await migrateTableDieLetters([ours, theirs])).toBe(0);
  });
});
