/**
 * Issue 21, inline checks and roll requests: the same checks for each ruleset's words, each file
 * booting a world of its own ruleset (words-<id>.test.ts). A fixture names an actor of the ruleset,
 * a check written as a GM would write it, and the dialog field a difficulty fills in.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, gmUser, openDialogs, setUserActive, settle, waitForDialog } from "../../harness/index";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { applyOrRelay } from "../../../src/core/relay";
import { createCheckRequest, onRequestRoll } from "../../../src/core/requests/card";
import { parseInlineCheck } from "../../../src/core/requests/syntax";
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
    // The first boot of a file loads the whole system: slow on a loaded machine.
    beforeEach(bootWorld(f.ruleset), 60_000);

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
    // The first boot of a file loads the whole system: slow on a loaded machine.
    beforeEach(bootWorld(f.ruleset), 60_000);

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

/* ---------- roll requests ---------- */

const msgs = (): any[] => (game as any).messages.contents;

async function renderAs(user: any, card: any): Promise<HTMLElement> {
  return asUser(user, () => card.renderHTML());
}

/** A player clicks Roll on the card for `actor` and rolls in the dialog. */
async function rollFromCard(user: any, card: any, actor: any): Promise<void> {
  await ledgerSettled();
  await asUser(user, async () => {
    const html: HTMLElement = await card.renderHTML();
    const button = html.querySelector(`[data-bb-action="core.requestRoll"][data-actor-uuid="${actor.uuid}"]`) as HTMLElement;
    expect(button, "the owner's Roll button").not.toBeNull();
    const pending = onRequestRoll(card, button);
    await answerDialog({ action: "roll" });
    await pending;
  });
  await ledgerSettled();
}

export function describeRequests(f: WordsFixture): void {
  describe(`${f.ruleset}: roll requests`, () => {
    // The first boot of a file loads the whole system: slow on a loaded machine.
    beforeEach(bootWorld(f.ruleset), 60_000);

    async function setUp() {
      const ann = createUser({ name: "Ann" });
      const bob = createUser({ name: "Bob" });
      const a = await f.actor();
      await a.update({ name: "Ann's hero", ownership: { [ann.id!]: 3 } });
      const b = await f.actor();
      await b.update({ name: "Bob's hero", ownership: { [bob.id!]: 3 } });
      const parsed = parseInlineCheck(f.inline);
      if (!parsed.ok) throw new Error("bad fixture");
      const card: any = await createCheckRequest({ actors: [a, b], name: parsed.check.name, kind: parsed.check.kind, difficulty: f.rolled.difficulty, mode: "public" });
      await ledgerSettled();
      return { ann, bob, a, b, card };
    }

    it("one card lists the asked characters; the GM alone sees each one's exact odds at the difficulty", async () => {
      const { ann, a, b, card } = await setUp();
      expect(card.flags.breadbox.entries.map((e: any) => e.name)).toEqual(["Ann's hero", "Bob's hero"]);
      const gm = await renderAs(gmUser(), card);
      expect(gm.querySelectorAll("[data-request-actor]")).toHaveLength(2);
      for (const actor of [a, b]) {
        const odds = api().odds(actor, f.rolled.check, { difficulty: f.rolled.difficulty });
        const cell = gm.querySelector(`[data-request-actor="${actor.uuid}"] [data-request-odds]`)!;
        if (odds) expect(cell.textContent).toContain(`${(odds.success * 100).toFixed(1)}%`);
      }
      expect(gm.querySelector("select[data-request-difficulty]")).not.toBeNull();
      const player = await renderAs(ann, card);
      expect(player.querySelector("[data-request-odds]")).toBeNull();
      expect(player.querySelector("select[data-request-difficulty]")).toBeNull();
      expect(player.querySelector('[data-bb-action="core.requestClose"]')).toBeNull();
      // Ann may roll for her character only.
      expect([...player.querySelectorAll('[data-bb-action="core.requestRoll"]')].map((el: any) => el.dataset.actorUuid)).toEqual([a.uuid]);
      expect(card.content).not.toMatch(/BREADBOX\./);
    });

    it("an owner rolls from the card at its difficulty; the result gathers on the card; a second answer is refused", async () => {
      const { ann, a, card } = await setUp();
      await rollFromCard(ann, card, a);
      const check = msgs().at(-1);
      expect(check.speaker.actor).toBe(a.id);
      const entry = card.flags.breadbox.entries[0];
      expect(entry.result).toEqual({ messageId: check.id, total: check.rolls[0].total });
      const html = await renderAs(ann, card);
      expect(html.querySelector(`[data-request-actor="${a.uuid}"] [data-request-result]`)).not.toBeNull();
      expect(html.querySelector(`[data-bb-action="core.requestRoll"][data-actor-uuid="${a.uuid}"]`)).toBeNull();
      // The same answer again (a double click, a console): refused, nothing changes.
      const again = await asUser(ann, () => applyOrRelay("core.requestAnswer", card, { messageId: card.id, actorUuid: a.uuid, resultId: check.id }));
      expect(again).toMatchObject({ ok: false, error: "BREADBOX.Requests.Answered" });
      expect(card.flags.breadbox.entries[0]).toEqual(entry);
    });

    it("a player cannot answer for another's character, nor change or close the request", async () => {
      const { ann, a, b, card } = await setUp();
      await rollFromCard(ann, card, a);
      const annsCheck = msgs().at(-1);
      const forBob = await asUser(ann, () => applyOrRelay("core.requestAnswer", card, { messageId: card.id, actorUuid: b.uuid, resultId: annsCheck.id }));
      expect(forBob.ok).toBe(false);
      expect(card.flags.breadbox.entries[1].result).toBeNull();
      const change = await asUser(ann, () => applyOrRelay("core.requestChange", card, { messageId: card.id, close: true }));
      expect(change).toMatchObject({ ok: false, error: "BREADBOX.Requests.GMOnly" });
      const before = JSON.stringify(card.flags.breadbox);
      await asUser(ann, () => card.update({ "flags.breadbox.entries": [] }).catch(() => null));
      expect(JSON.stringify(card.flags.breadbox)).toBe(before);
    });

    it("the GM changes the difficulty while it is open, then closes it: no more rolls", async () => {
      const { ann, a, card } = await setUp();
      const other = words(f.ruleset).difficulties().find((d) => d.value !== f.rolled.difficulty)!;
      expect(await applyOrRelay("core.requestChange", card, { messageId: card.id, difficulty: other.value })).toMatchObject({ ok: true });
      expect(card.flags.breadbox.difficulty).toBe(other.value);
      const shown = document.createElement("div");
      shown.innerHTML = card.content;
      expect(shown.querySelector("h3")!.textContent).toContain(other.label);
      expect(await applyOrRelay("core.requestChange", card, { messageId: card.id, close: true })).toMatchObject({ ok: true });
      expect(card.flags.breadbox.closed).toBe(true);
      const html = await renderAs(ann, card);
      expect(html.querySelector('[data-bb-action="core.requestRoll"]')).toBeNull();
      expect(a.uuid).toBeTruthy();
    });

    it("a GM (only) has an Ask button beside an inline check: the form starts from it and posts one card", async () => {
      const a = await f.actor();
      const ann = createUser({ name: "Ann", character: a.id });
      await a.update({ name: "Ann's hero", ownership: { [ann.id!]: 3 } });
      const asPlayer = await asUser(ann, () => enrich(f.inline));
      expect(asPlayer.querySelector("button.breadbox-inline-request")).toBeNull();
      const div = await enrich(f.inline);
      const ask = div.querySelector("button.breadbox-inline-request") as HTMLButtonElement;
      expect(ask).not.toBeNull();
      expect(ask.getAttribute("aria-label")).not.toMatch(/BREADBOX\./);
      ask.click();
      const dialog = await waitForDialog();
      const parsed = parseInlineCheck(f.inline);
      if (!parsed.ok) throw new Error("bad fixture");
      expect((dialog.element.querySelector('input[name="check"]') as HTMLInputElement).value).toBe(parsed.check.name);
      expect((dialog.element.querySelector('select[name="difficulty"]') as HTMLSelectElement).value).toBe(f.rolled.difficulty);
      const boxes = [...dialog.element.querySelectorAll('input[name="actor"]')] as HTMLInputElement[];
      expect(boxes.map((b) => [b.value, b.checked])).toEqual([[a.uuid, true]]);
      await answerDialog({ action: "roll" });
      await settle();
      const card = msgs().at(-1);
      expect(card.flags.breadbox).toMatchObject({ type: "checkRequest", ruleset: f.ruleset, difficulty: f.rolled.difficulty, closed: false });
      expect(card.flags.breadbox.entries.map((e: any) => e.actorUuid)).toEqual([a.uuid]);
    });

    it("a GM's Token controls get an Ask for a roll button tool that opens the form (players' do not see it)", async () => {
      const a = await f.actor();
      const ann = createUser({ name: "Ann", character: a.id });
      const controls: any = { tokens: { name: "tokens", tools: { select: { name: "select", order: 0 } } } };
      Hooks.callAll("getSceneControlButtons", controls);
      const tool = controls.tokens.tools.breadboxRequest;
      expect(tool).toMatchObject({ button: true, visible: true, order: 1 });
      expect(game.i18n!.localize(tool.title)).not.toMatch(/BREADBOX\./);
      const theirs: any = { tokens: { tools: {} } };
      await asUser(ann, () => Hooks.callAll("getSceneControlButtons", theirs));
      expect(theirs.tokens.tools.breadboxRequest.visible).toBe(false);
      tool.onChange(new Event("click"), true);
      const dialog = await waitForDialog();
      expect((dialog.element.querySelector('input[name="check"]') as HTMLInputElement).value).toBe("");
      const boxes = [...dialog.element.querySelectorAll('input[name="actor"]')] as HTMLInputElement[];
      expect(boxes.map((b) => b.value)).toEqual([a.uuid]);
    });

    it("says when a character's players are all offline, and when a character is deleted", async () => {
      const { bob, a, b, card } = await setUp();
      setUserActive(bob, false);
      const html = await renderAs(gmUser(), card);
      expect(html.querySelector(`[data-request-actor="${b.uuid}"] [data-request-status]`)!.textContent).toBe(game.i18n!.localize("BREADBOX.Requests.OwnerOffline"));
      expect(html.querySelector(`[data-request-actor="${a.uuid}"] [data-request-status]`)!.textContent).not.toBe(game.i18n!.localize("BREADBOX.Requests.OwnerOffline"));
      await a.delete();
      const after = await renderAs(gmUser(), card);
      expect(after.querySelector(`[data-request-actor="${a.uuid}"] [data-request-status]`)!.textContent).toBe(game.i18n!.localize("BREADBOX.Requests.Deleted"));
      expect(after.querySelector(`[data-bb-action="core.requestRoll"][data-actor-uuid="${a.uuid}"]`)).toBeNull();
    });
  });
}
