/**
 * Rolling from a sheet in a real browser: a roll button opens the roll dialog, its odds panel
 * shows percentages, and rolling posts a chat card whose shown outcome matches its dice. Attack →
 * defence → resolution, and a table card. axe-core on the dialog and on every card kind;
 * screenshots of each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { ROOT } from "../../tools/e2e/prepare.mjs";
import { axeSerious, openSheet, openWorld, screenshot, settle, showTab, startTestBed, type TestBed, type WorldPage } from "./helpers";

const en = JSON.parse(fs.readFileSync(path.join(ROOT, "dist", "lang", "en.json"), "utf8"));
const BAND_LABEL: Record<string, string> = en.BREADBOX.Toaster.Band;

/** Toaster: an unopposed check succeeds on a total of 10 or more; the band comes from the margin. */
function bandFor(margin: number): string {
  if (margin < -5) return "fumble";
  if (margin <= -2) return "failure";
  if (margin <= 1) return "marginal";
  if (margin <= 5) return "success";
  return "critical";
}

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed);
});
afterAll(async () => bed?.close());

const actorUuid = (page: Page, name: string) => page.evaluate((n) => (window as any).game.actors.find((a: any) => a.name.includes(n)).uuid as string, name);

/** The newest roll dialog. */
async function rollDialog(page: Page): Promise<Locator> {
  const dialog = page.locator("dialog.roll-dialog[open]").last();
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  return dialog;
}

/** The last chat message. */
const lastCard = (page: Page) => page.locator("#bb-chat-log > li.chat-message").last();

interface CardReading {
  faces: number[];
  calledFour: boolean;
  rank: number;
  parts: number;
  total: number;
  target: number;
  outcome: string;
  good: boolean;
  bandClass: string;
  fumbleCheck: boolean;
}

/** Read what a check card shows. */
async function readCheckCard(card: Locator): Promise<CardReading> {
  return card.locator(".toaster-check").evaluate((el) => {
    const num = (s: string | null | undefined) => Number(String(s ?? "").replace("−", "-").trim());
    const faces = Array.from(el.querySelectorAll(".bb-dice .bb-die")).map((d) => num(d.textContent));
    const rows = Array.from(el.querySelectorAll(".bb-parts > li")).map((li) => li.lastElementChild?.textContent ?? "");
    const value = (s: string) => {
      const m = s.match(/^([+-]?\d+)×(\d+)$/); // luck before: "+n×2"
      return m ? Number(m[1]) * Number(m[2]) : num(s);
    };
    const totalText = el.querySelector(".bb-total")?.textContent ?? "";
    const target = Number(totalText.match(/(-?\d+)\s*\([+-]?\d+\)\s*$/)?.[1]);
    return {
      faces,
      calledFour: !!el.querySelector(".bb-die.called"),
      rank: value(rows[0] ?? ""),
      parts: rows.slice(1).reduce((s, r) => s + value(r), 0),
      total: num(el.querySelector(".bb-total strong")?.textContent),
      target,
      outcome: (el.querySelector(".bb-outcome")?.textContent ?? "").trim(),
      good: el.querySelector(".bb-outcome")?.classList.contains("bb-good") ?? false,
      bandClass: Array.from(el.classList).find((c) => c.startsWith("band-")) ?? "",
      fumbleCheck: !!el.querySelector(".bb-fumble-check"),
    };
  });
}

/** The card's outcome must follow from its own dice and modifiers. */
function expectOutcomeMatchesDice(r: CardReading): void {
  expect(r.faces.length).toBeGreaterThan(0);
  for (const f of r.faces) expect(f >= 0 && f <= 9, `face ${f}`).toBe(true);
  expect(r.total).toBe(r.rank + r.parts + r.faces.reduce((s, f) => s + f, 0));
  expect(Number.isInteger(r.target)).toBe(true);
  const margin = r.total - r.target;
  if (r.fumbleCheck) return; // a natural 0 under rolling zeros: the fumble check decides (off by default)
  const band = bandFor(margin);
  expect(r.outcome).toBe(BAND_LABEL[band]);
  expect(r.bandClass).toBe(`band-${band}`);
  expect(r.good).toBe(r.total >= r.target);
}

describe("roll dialog and check cards", () => {
  it("a skill roll button opens the dialog with odds; rolling posts a card whose outcome matches the dice", async () => {
    const { page } = w;
    const sheet = await openSheet(page, await actorUuid(page, "Rhoenda"));
    await showTab(page, sheet, "skills");
    await sheet.locator('.bb-roll[data-action="rollSkill"]').first().click();
    const dialog = await rollDialog(page);
    const odds = dialog.locator("[data-bb-odds]");
    await expect(odds.textContent()).resolves.toMatch(/\d+(\.\d+)?%/);
    const pcts = (await odds.locator("strong").allTextContents()).map((t) => parseFloat(t));
    expect(pcts.length).toBeGreaterThan(1);
    expect(Math.abs(pcts.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.6);
    // The odds follow the form: a harder difficulty lowers the chance of the best bands.
    const before = await odds.textContent();
    await dialog.locator('select[name="difficulty"]').selectOption("hellish");
    await expect.poll(() => odds.textContent()).not.toBe(before);
    await dialog.locator('select[name="difficulty"]').selectOption("average");
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-skill");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    expect(await page.locator("dialog.roll-dialog[open]").count()).toBe(0);
    const card = lastCard(page);
    expectOutcomeMatchesDice(await readCheckCard(card));
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-check");
    expect(w.errors).toEqual([]);
  });

  it("every roll button of the main and skills tabs posts a card that matches its dice (seeded runs)", async () => {
    const { page } = w;
    const sheet = await openSheet(page, await actorUuid(page, "Rhoenda"));
    const buttons: { tab: string; selector: string }[] = [
      { tab: "main", selector: '[data-action="rollAttribute"]' },
      { tab: "main", selector: '[data-action="rollUnskilled"]' },
      { tab: "main", selector: '[data-action="rollLuck"]' },
      { tab: "skills", selector: '.bb-roll[data-action="rollSkill"]' },
    ];
    let seed = 1;
    for (const b of buttons) {
      await showTab(page, sheet, b.tab);
      const n = Math.min(await sheet.locator(b.selector).count(), 4);
      expect(n, b.selector).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        await page.evaluate((s) => (window as any).bb.H.seedDice(s), seed++);
        await sheet.locator(b.selector).nth(i).click();
        const dialog = await rollDialog(page);
        await expect(dialog.locator("[data-bb-odds]").textContent()).resolves.toMatch(/%/);
        await dialog.locator('button[data-action="roll"]').click();
        await settle(page);
        expectOutcomeMatchesDice(await readCheckCard(lastCard(page)));
      }
    }
    expect(w.errors).toEqual([]);
  });

  it("cancelling the dialog posts nothing; a bad situational modifier is explained and blocks the roll", async () => {
    const { page } = w;
    const sheet = await openSheet(page, await actorUuid(page, "Rhoenda"));
    await showTab(page, sheet, "main");
    const count = await page.locator("#bb-chat-log > li").count();
    await sheet.locator('[data-action="rollAttribute"]').first().click();
    let dialog = await rollDialog(page);
    await dialog.locator('button[data-action="cancel"]').click();
    await settle(page);
    expect(await page.locator("#bb-chat-log > li").count()).toBe(count);
    await sheet.locator('[data-action="rollAttribute"]').first().click();
    dialog = await rollDialog(page);
    const input = dialog.locator('input[name="situational"]');
    await input.fill("50");
    await input.dispatchEvent("change");
    // The odds panel says what is wrong and the Roll button stays disabled until it is fixed.
    await expect(dialog.locator("[data-bb-odds]").textContent()).resolves.toMatch(/outside/);
    await expect(dialog.locator('button[data-action="roll"]').isDisabled()).resolves.toBe(true);
    await input.fill("2");
    await input.dispatchEvent("change");
    await expect(dialog.locator('button[data-action="roll"]').isDisabled()).resolves.toBe(false);
    await input.fill("50");
    await input.dispatchEvent("change");
    await dialog.locator('button[data-action="cancel"]').click();
    await settle(page);
    expect(await page.locator("#bb-chat-log > li").count()).toBe(count);
    await page.evaluate(() => (window as any).bb.closeAll());
    expect(w.errors).toEqual([]);
  });
});

describe("attack, defence, resolution and table cards", () => {
  it("attack card → Defend → resolution card; a table card; each passes axe and is photographed", async () => {
    const { page } = w;
    const rhoenda = await actorUuid(page, "Rhoenda");
    const colin = await actorUuid(page, "Colin");
    await page.evaluate(async ({ rhoenda, colin }) => {
      const bb = (window as any).bb;
      const actor = (window as any).fromUuidSync(rhoenda);
      const axe = (window as any).game.items.find((i: any) => i.type === "toasterWeapon");
      await actor.createEmbeddedDocuments("Item", [axe.toObject()]);
      bb.setTarget(colin);
      bb.H.seedDice(7);
    }, { rhoenda, colin });
    const sheet = await openSheet(page, rhoenda);
    await showTab(page, sheet, "combat");
    await sheet.locator('[data-action="attack"]').first().click();
    const dialog = await rollDialog(page);
    await expect(dialog.locator("[data-bb-odds]").textContent()).resolves.toMatch(/%/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-attack");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const attackCard = lastCard(page);
    const attack = await readCheckCard(attackCard);
    expectOutcomeMatchesDice(attack);
    await expect(attackCard.locator(".bb-card-target").textContent()).resolves.toContain("Colin");
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(attackCard, "chat-card-attack");

    // The GM defends for Colin.
    await attackCard.locator('[data-bb-action="core.respond"][data-response="defend"]').click();
    const defence = await rollDialog(page);
    await expect(defence.locator("[data-bb-odds]").textContent()).resolves.toMatch(/%/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(defence, "roll-dialog-defence");
    await defence.locator('button[data-action="roll"]').click();
    await settle(page);
    const resolution = lastCard(page);
    await expect(resolution.locator(".toaster-resolution").count()).resolves.toBe(1);
    // The resolution replays the attack card's dice: same attack total.
    await expect(resolution.locator(".bb-steps > li").first().locator("strong").textContent()).resolves.toBe(String(attack.total));
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(resolution, "chat-card-resolution");

    await sheet.locator('[data-action="criticalTable"]').click();
    await settle(page);
    const table = lastCard(page);
    await expect(table.locator(".toaster-table").count()).resolves.toBe(1);
    await expect(table.locator(".bb-lines li").count()).resolves.toBeGreaterThan(0);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(table, "chat-card-table-critical");
    await sheet.locator('[data-action="hitLocation"]').click();
    await settle(page);
    await screenshot(lastCard(page), "chat-card-table-hit-location");
    await screenshot(page, "page-after-combat");
    expect(w.errors).toEqual([]);
  });
});
