/**
 * The Dice Pool in a real browser: a trait on the character sheet opens the check dialog with
 * exact odds; rolling posts a card whose total is the sum of its kept dice and whose outcome
 * follows from that total, the Add dice and the Difficulty. axe-core on the dialog and the card.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSerious, openSheet, openWorld, screenshot, settle, startTestBed, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed);
});
afterAll(async () => bed?.close());

describe("Dice Pool checks", () => {
  it("a trait's roll button opens the dialog with odds; the card's outcome matches its dice", async () => {
    const { page } = w;
    const uuid = await page.evaluate(async () => {
      const actor = (window as any).game.actors.find((a: any) => a.type === "pool");
      await actor.createEmbeddedDocuments("Item", [
        { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
        { name: "Climbing", type: "poolAbility", system: { rating: 0, parentTrait: "Athletics" } },
        { name: "Agility", type: "poolAttribute", system: { score: 1 } },
      ]);
      return actor.uuid as string;
    });
    const sheet = await openSheet(page, uuid);
    await screenshot(sheet, "sheet-pool-traits");
    await sheet.locator('[data-trait-id="Climbing"] [data-action="rollAbility"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    await dialog.locator('select[name="attribute"]').selectOption("Agility");
    await dialog.locator('select[name="die"]').selectOption("d10Minus1");
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/d10−1/);
    const pcts = (await odds.locator("strong").allTextContents()).map((t) => parseFloat(t));
    expect(pcts.length).toBe(3);
    expect(Math.abs(pcts.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.2);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-pool");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const card = page.locator("#bb-chat-log > li").last();
    const read = await card.evaluate((li) => ({
      kept: [...li.querySelectorAll(".pool-check .bb-die.kept")].map((d) => Number(d.textContent)),
      discarded: li.querySelectorAll(".pool-check .bb-die.discarded").length,
      total: Number(li.querySelector(".pool-check .bb-total strong")?.textContent),
      outcome: li.querySelector(".pool-check .bb-outcome strong")?.textContent?.trim(),
    }));
    // Climbing falls back on Athletics 2: 3 Add dice, Agility 1 Bonus die → one die discarded.
    expect(read.kept).toHaveLength(3);
    expect(read.discarded).toBe(1);
    expect(read.kept.every((v) => v >= 0 && v <= 9)).toBe(true);
    expect(read.total).toBe(read.kept.reduce((s, v) => s + v, 0));
    const expected = read.total <= 3 ? "Botch" : read.total >= 15 ? "Success" : "Failure";
    expect(read.outcome).toBe(expected);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-pool");
    expect(w.errors).toEqual([]);
  });
});
