/**
 * Issue 21 in a real browser, for two rulesets (each in its own world): a journal with two inline
 * checks shows them as buttons and a check of another ruleset's words as plain text with a
 * tooltip; a player's click opens the ruleset's check dialog at the written difficulty; the GM asks
 * for the roll from the check's Ask button and a request card appears (the GM alone sees the
 * odds); the player answers from the card and the result gathers on it; the GM changes the
 * difficulty while it is open, then closes it. Screenshots
 * requests-<id>-journal, requests-<id>-card-open, requests-<id>-card-answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, openWorld, screenshot, settle, startTestBed, unlocalizedKeys, type TestBed } from "./helpers";

let bed: TestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => bed?.close());

interface Case {
  ruleset: "toaster" | "pool";
  /** The checks of the player's character, created in the page. */
  items: Record<string, unknown>[];
  /** Two inline checks the ruleset reads (the first is clicked and asked) and one it cannot read. */
  good: [string, string];
  bad: string;
  /** The first check's name and the value its difficulty puts in the dialog's difficulty field. */
  name: string;
  difficulty: string;
}

const CASES: Case[] = [
  {
    ruleset: "toaster",
    items: [{ name: "Sword", type: "toasterSkill", system: { base: 6, attribute: "coordination" } }],
    good: ["[[/check Sword difficult]]", "[[/check attribute:coordination average]]{Keep your footing}"],
    bad: "[[/check Sword hard]]",
    name: "Sword",
    difficulty: "difficult",
  },
  {
    ruleset: "pool",
    items: [
      { name: "Agility", type: "poolAttribute", system: { score: 1 } },
      { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    ],
    good: ["[[/check Agility 5]]", "[[/check Athletics 15]]{Climb the wall}"],
    bad: "[[/check Agility hard]]",
    name: "Agility",
    difficulty: "5",
  },
];

const requestCard = (page: Page): Locator => page.locator("#bb-chat-log > li").filter({ has: page.locator(".bb-request") }).last();

async function rollDialog(page: Page): Promise<Locator> {
  const dialog = page.locator("dialog.roll-dialog[open]").last();
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  return dialog;
}

async function setUser(page: Page, id: string): Promise<void> {
  await page.evaluate((u) => (window as any).bb.setUser(u), id);
  await settle(page);
}

async function showJournal(page: Page, text: string): Promise<Locator> {
  const id = await page.evaluate((t) => (window as any).bb.showEnriched(t, "The gate"), text);
  await settle(page);
  return page.locator(`[id="${id}"]`);
}

describe.each(CASES)("a $ruleset world", (c) => {
  it("a journal's inline checks roll at their difficulty; the GM asks for a roll; the player's answer gathers on the card", async () => {
    const w = await openWorld(bed, c.ruleset);
    const { page } = w;
    const s = await page.evaluate(
      async ({ ruleset, items }) => {
        const win = window as any;
        const bb = win.bb;
        const hero = await win.Actor.create({ name: "Ann's hero", type: ruleset, ownership: { default: 0, [bb.state.player.id]: 3 } });
        const have = new Set(hero.items.map((i: any) => i.name));
        const missing = items.filter((i: any) => !have.has(i.name));
        if (missing.length) await hero.createEmbeddedDocuments("Item", missing);
        await bb.state.player.update({ character: hero.id });
        // Two clients at the table: the GM's hears the player's cards (the card ledger records their writer).
        bb.setOtherClients(true);
        return { hero: hero.uuid, heroId: hero.id, playerId: bb.state.player.id, gmId: bb.state.gm.id };
      },
      { ruleset: c.ruleset, items: c.items },
    );
    const text = `<p>The gate is shut. Climb it: ${c.good[0]}, or ${c.good[1]}.</p><p>An old note: ${c.bad}</p>`;

    // The GM's journal: two checks as buttons, each with an Ask button; the other ruleset's words plain.
    let journal = await showJournal(page, text);
    const read = await journal.evaluate((el) => ({
      checks: [...el.querySelectorAll<HTMLElement>(".breadbox-inline-check:not(.breadbox-inline-check-unreadable)")].map((b) => ({ tag: b.tagName, text: b.textContent?.trim() ?? "", difficulty: b.dataset.difficulty ?? "" })),
      asks: el.querySelectorAll("button.breadbox-inline-request").length,
      bad: [...el.querySelectorAll<HTMLElement>(".breadbox-inline-check-unreadable")].map((b) => ({ tag: b.tagName, text: b.textContent ?? "", tooltip: b.dataset.tooltip ?? "", title: b.title })),
    }));
    expect(read.checks).toHaveLength(2);
    for (const b of read.checks) expect(b.tag).toBe("BUTTON");
    expect(read.checks[0]!.text).toContain(c.name);
    expect(read.checks[0]!.difficulty).toBe(c.difficulty);
    expect(read.checks[1]!.text).toBe(c.good[1].match(/\{(.+)\}/)![1]);
    expect(read.asks).toBe(2);
    expect(read.bad).toHaveLength(1);
    expect(read.bad[0]!.tag).toBe("SPAN");
    expect(read.bad[0]!.text).toBe(c.bad);
    expect(read.bad[0]!.tooltip.length).toBeGreaterThan(0);
    expect(read.bad[0]!.title).toBe(read.bad[0]!.tooltip);
    expect(await unlocalizedKeys(page, "#bb-enriched")).toEqual([]);
    expect(await axeSerious(page, "#bb-enriched")).toEqual([]);
    await screenshot(journal, `requests-${c.ruleset}-journal`);

    // The player's journal: no Ask buttons; a click opens the ruleset's dialog at the difficulty.
    await setUser(page, s.playerId);
    journal = await showJournal(page, text);
    await expect(journal.locator("button.breadbox-inline-request").count()).resolves.toBe(0);
    await journal.locator("button.breadbox-inline-check").first().click();
    let dialog = await rollDialog(page);
    await expect(dialog.locator('[name="difficulty"]').inputValue()).resolves.toBe(c.difficulty);
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toMatch(/%/);
    let before = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(before + 1);
    expect(await page.evaluate(() => (window as any).game.messages.contents.at(-1).speaker.actor)).toBe(s.heroId);

    // The GM asks for the first check from its Ask button: the form starts from it; one card.
    await setUser(page, s.gmId);
    journal = await showJournal(page, text);
    await journal.locator("button.breadbox-inline-request").first().click();
    dialog = await rollDialog(page);
    await expect(dialog.locator('input[name="check"]').inputValue()).resolves.toBe(c.name);
    await expect(dialog.locator('select[name="difficulty"]').inputValue()).resolves.toBe(c.difficulty);
    const boxes = await dialog.locator('input[name="actor"]').evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).value, (e as HTMLInputElement).checked]));
    expect(boxes).toEqual([[s.hero, true]]);
    before = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await page.evaluate(() => document.getElementById("bb-enriched")?.remove());
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(before + 1);
    let card = requestCard(page);
    await expect(card.count()).resolves.toBe(1);
    const row = () => card.locator(`[data-request-actor="${s.hero}"]`);
    await expect(row().locator(".bb-request-name").textContent()).resolves.toBe("Ann's hero");
    // The GM alone sees the odds and the controls.
    await expect(row().locator("[data-request-odds]").textContent()).resolves.toMatch(/\d+(\.\d+)?%/);
    await expect(card.locator("select[data-request-difficulty]").inputValue()).resolves.toBe(c.difficulty);
    await expect(card.locator('[data-bb-action="core.requestClose"]').count()).resolves.toBe(1);
    expect(await unlocalizedKeys(page, "#bb-chat-log > li:last-child")).toEqual([]);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, `requests-${c.ruleset}-card-open`);

    // The player answers from the card (the dialog at the card's difficulty); the GM's client writes it.
    await setUser(page, s.playerId);
    card = requestCard(page);
    await expect(row().locator("[data-request-odds]").count()).resolves.toBe(0);
    await expect(card.locator("select[data-request-difficulty]").count()).resolves.toBe(0);
    await expect(card.locator('[data-bb-action="core.requestClose"]').count()).resolves.toBe(0);
    await row().locator('[data-bb-action="core.requestRoll"]').click();
    dialog = await rollDialog(page);
    await expect(dialog.locator('[name="difficulty"]').inputValue()).resolves.toBe(c.difficulty);
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const answer = await page.evaluate((heroId) => {
      const msgs = (window as any).game.messages.contents;
      const check = msgs.filter((m: any) => m.speaker?.actor === heroId).at(-1);
      const request = msgs.filter((m: any) => m.flags?.breadbox?.type === "checkRequest").at(-1);
      return { id: check.id, total: check.rolls[0].total, entry: request.flags.breadbox.entries[0] };
    }, s.heroId);
    expect(answer.entry.result).toEqual({ messageId: answer.id, total: answer.total });
    card = requestCard(page);
    await expect(row().locator("[data-request-result] strong").textContent()).resolves.toBe(String(answer.total));
    await expect(row().locator('[data-bb-action="core.requestRoll"]').count()).resolves.toBe(0);
    expect(await axeSerious(page, `#bb-chat-log > li[data-message-id="${await card.getAttribute("data-message-id")}"]`)).toEqual([]);

    // Back to the GM: the card shows the answer on the same row.
    await setUser(page, s.gmId);
    card = requestCard(page);
    await expect(row().locator("[data-request-result] strong").textContent()).resolves.toBe(String(answer.total));
    expect(await axeSerious(page, `#bb-chat-log > li[data-message-id="${await card.getAttribute("data-message-id")}"]`)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(card, `requests-${c.ruleset}-card-answered`);

    // While it is open the GM changes its difficulty, then closes it: the answer stays, no more rolls.
    const other = await card.locator("select[data-request-difficulty] option").evaluateAll((opts, d) => {
      const o = (opts as HTMLOptionElement[]).find((x) => x.value !== d)!;
      return { value: o.value, label: o.textContent ?? "" };
    }, c.difficulty);
    await card.locator("select[data-request-difficulty]").selectOption(other.value);
    await settle(page);
    card = requestCard(page);
    await expect(card.locator("h3").textContent()).resolves.toContain(other.label);
    await expect(card.locator("select[data-request-difficulty]").inputValue()).resolves.toBe(other.value);
    await card.locator('[data-bb-action="core.requestClose"]').click();
    await settle(page);
    card = requestCard(page);
    await expect(card.locator(".bb-request-closed").count()).resolves.toBe(1);
    await expect(card.locator("select[data-request-difficulty], [data-bb-action]").count()).resolves.toBe(0);
    await expect(row().locator("[data-request-result] strong").textContent()).resolves.toBe(String(answer.total));
    expect(w.errors).toEqual([]);
    await w.close();
  });
});
