/**
 * Issue 21, inline checks and roll requests: the same checks for each ruleset's words, each file
 * booting a world of its own ruleset (words-<id>.test.ts). A fixture names an actor of the ruleset,
 * a check written as a GM would write it, and the dialog field a difficulty fills in.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { getRuleset, type CheckWords } from "../../../src/core/registry";
import type { CheckRef } from "../../../src/core/hotbar";

export interface WordsFixture {
  ruleset: "toaster" | "toast" | "pool" | "d100" | "flange";
  /** An actor of the ruleset with the checks below. */
  actor(): Promise<any>;
  /** Names as written (any case, a label) and the check each means on the actor. */
  names: [written: string, kind: string | null, ref: CheckRef][];
  /** Names the actor has no check for (or of a kind the ruleset lacks). */
  unknown: [written: string, kind: string | null][];
  /** Difficulties as written and what the ruleset reads them as. */
  words: [written: string, value: string][];
  /** Words that are not this ruleset's difficulties (other rulesets' words, nonsense). */
  notWords: string[];
  /** The check rolled at a difficulty, the difficulty, and the dialog fields it fills in. */
  rolled: { check: CheckRef; difficulty: string; fields: Record<string, string> };
}

const words = (ruleset: string): CheckWords => {
  const w = getRuleset(ruleset)?.api?.checkWords;
  if (!w) throw new Error(`${ruleset} has no check words`);
  return w;
};
const api = () => (game as any).breadbox.api;

function formValues(el: HTMLElement, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, (el.querySelector(`[name="${n}"]`) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "(missing)"]));
}

export function describeWords(f: WordsFixture): void {
  describe(`${f.ruleset}: the words of inline checks and roll requests`, () => {
    beforeEach(bootWorld(f.ruleset));

    it("reads its own difficulty words and numbers, and no others", () => {
      const w = words(f.ruleset);
      for (const [written, value] of f.words) expect(w.difficulty(written), written).toBe(value);
      for (const written of f.notWords) expect(w.difficulty(written), written).toBeNull();
    });

    it("offers every difficulty it reads, each labelled in the user's language", () => {
      const w = words(f.ruleset);
      const offered = w.difficulties();
      expect(offered.length).toBeGreaterThan(3);
      for (const d of offered) {
        expect(w.difficulty(d.value), d.value).toBe(d.value);
        expect(d.label).not.toMatch(/BREADBOX\./);
        expect(w.difficultyLabel(d.value)).toBe(d.label);
      }
      expect(w.difficulty(w.defaultDifficulty())).toBe(w.defaultDifficulty());
    });

    it("finds the actor's check a name means (any case, key or label); an unknown one is null", async () => {
      const actor = await f.actor();
      const w = words(f.ruleset);
      for (const [written, kind, ref] of f.names) expect(w.checkOf(actor, written, kind), written).toEqual(ref);
      for (const [written, kind] of f.unknown) expect(w.checkOf(actor, written, kind), written).toBeNull();
    });

    it("rolls a check at a difficulty: the dialog starts there, and the odds are the API's at that difficulty", async () => {
      const actor = await f.actor();
      const { check, difficulty, fields } = f.rolled;
      const at = api().odds(actor, check, { difficulty });
      const plain = api().odds(actor, check);
      if (at !== null || plain !== null) expect(at).not.toEqual(plain);
      const pending = api().roll(actor, check, { difficulty });
      const dialog = await waitForDialog();
      expect(formValues(dialog.element, Object.keys(fields))).toEqual(fields);
      if (at) {
        // Every band the panel shows, in order, with the API's chance of it at that difficulty.
        const panel = dialog.element.querySelector("[data-bb-odds]")!.textContent!;
        let from = 0;
        for (const o of at.outcomes) {
          const shown = (o.p * 100).toFixed(1);
          from = panel.indexOf(o.p > 0 && shown === "0.0" ? "<0.1%" : `${shown}%`, from);
          expect(from, `${o.label ?? ""} ${o.p}`).toBeGreaterThanOrEqual(0);
        }
      }
      await answerDialog({ action: "roll" });
      expect(await pending).toBe(true);
    });
  });
}
