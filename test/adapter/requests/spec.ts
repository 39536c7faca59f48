/**
 * Issue 21, inline checks and roll requests: the same checks for each ruleset's words, each file
 * booting a world of its own ruleset (words-<id>.test.ts). A fixture names an actor of the ruleset,
 * a check written as a GM would write it, and the dialog field a difficulty fills in.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, openDialogs, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
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
  /** An inline check of the rolled check as a GM writes it (its difficulty `rolled.difficulty`). */
  inline: string;
  /** Inline checks of other rulesets' words: plain text here. */
  foreign: string[];
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

async function enrich(text: string): Promise<HTMLElement> {
  const div = document.createElement("div");
  div.innerHTML = await foundry.applications.ux.TextEditor.implementation.enrichHTML(text);
  document.body.append(div);
  return div;
}

/** Inline checks that no ruleset reads (syntax errors). */
const BROKEN = ["[[/check]]", '[[/check "Close combat]]', '[[/check Dodge "hard" x]]', "[[/check skill:]]"];

export function describeInlineChecks(f: WordsFixture): void {
  describe(`${f.ruleset}: inline checks`, () => {
    beforeEach(bootWorld(f.ruleset));

    it("renders a check it reads as a keyboard-reachable button naming the check and its difficulty", async () => {
      const w = words(f.ruleset);
      const div = await enrich(`<p>Before ${f.inline} after</p>`);
      const button = div.querySelector("button.breadbox-inline-check") as HTMLButtonElement;
      expect(button).not.toBeNull();
      expect(button.type).toBe("button");
      expect(button.dataset.difficulty).toBe(f.rolled.difficulty);
      expect(button.textContent).toContain(w.difficultyLabel(f.rolled.difficulty));
      expect(button.dataset.tooltip).not.toMatch(/BREADBOX\./);
      expect(div.textContent).toMatch(/^Before .* after$/);
      // A label replaces the text.
      const labelled = await enrich(`${f.inline}{Leap!}`);
      expect(labelled.querySelector("button")!.textContent!.trim()).toBe("Leap!");
    });

    it("renders what it cannot read (bad syntax, another ruleset's words) as plain text with a tooltip", async () => {
      for (const text of [...BROKEN, ...f.foreign]) {
        const div = await enrich(`<p>${text}</p>`);
        expect(div.querySelector("button"), text).toBeNull();
        const span = div.querySelector(".breadbox-inline-check-unreadable") as HTMLElement;
        expect(span, text).not.toBeNull();
        expect(span.textContent).toBe(text);
        expect(span.dataset.tooltip, text).toBeTruthy();
        expect(span.dataset.tooltip, text).not.toMatch(/BREADBOX\./);
      }
    });

    it("a click opens the check dialog for the user's character at the difficulty", async () => {
      const actor = await f.actor();
      (game as any).user.character = actor;
      const div = await enrich(f.inline);
      (div.querySelector("button.breadbox-inline-check") as HTMLButtonElement).click();
      const dialog = await waitForDialog();
      expect(formValues(dialog.element, Object.keys(f.rolled.fields))).toEqual(f.rolled.fields);
      const before = (game as any).messages.size;
      await answerDialog({ action: "roll" });
      await settle();
      expect((game as any).messages.size).toBe(before + 1);
      expect((game as any).messages.contents.at(-1).speaker.actor).toBe(actor.id);
    });

    it("a click with no character, or for a check the character lacks, says so and rolls nothing", async () => {
      const div = await enrich(`${f.inline} [[/check Xylophone]]`);
      const [known, unknown] = [...div.querySelectorAll("button.breadbox-inline-check")] as HTMLButtonElement[];
      known!.click();
      await settle();
      expect(openDialogs()).toHaveLength(0);
      expect(notifications().at(-1)?.type).toBe("warning");
      expect(notifications().at(-1)?.message).not.toMatch(/BREADBOX\./);
      (game as any).user.character = await f.actor();
      unknown!.click();
      await settle();
      expect(openDialogs()).toHaveLength(0);
      expect(notifications().at(-1)?.message).toContain("Xylophone");
    });

    it("works in a chat message too", async () => {
      const message: any = await ChatMessage.create({ content: `<p>Everyone: ${f.inline}</p>` } as never);
      const html: HTMLElement = await message.renderHTML();
      expect(html.querySelector("button.breadbox-inline-check")).not.toBeNull();
    });
  });
}
