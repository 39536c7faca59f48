/**
 * Flange in a real browser: both sheet modes (axe, screenshots), a skill dragged in from the
 * compendium, the check dialog's exact odds reacting to Edge, a card whose successes follow from
 * its dice and the target, the Edge re-roll, an opposed roll card, and keyboard use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, openSheet, openWorld, screenshot, settle, showTab, startTestBed, unlocalizedKeys, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "flange");
});
afterAll(async () => bed?.close());

/** This file's Mr Tims (the world also holds the sample Mr Tims of the flange-characters pack; this one has "Magic"). */
async function makeTims(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const g = (window as any).game;
    const actor = await g.actors.documentClass.create({
      name: "Mr Tims",
      type: "flange",
      system: { attributes: { strength: 8, athleticism: 8, constitution: 9, perception: 6, dexterity: 9, appearance: 9, personality: 9, subtlety: 9, intellect: 9 }, generalisation: { medicine: 1 }, edge: { points: 2, spent: 0 } },
    });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Surgery", type: "flangeSkill", system: { heading: "medicine", dots: 2, attribute: "perception" } },
      { name: "Sock", type: "flangeSkill", system: { heading: "combatMelee", dots: 2, attribute: "strength" } },
      { name: "Sock of sand", type: "flangeWeapon", system: { attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3, skill: "Sock" } },
      { name: "Magic", type: "flangePower", system: { cost: 4 } },
    ]);
    return actor.uuid as string;
  });
}

describe("Flange sheets", () => {
  it("the character sheet in play and edit mode, every tab: localized, no serious axe violation", async () => {
    const { page } = w;
    const uuid = await makeTims(page);
    for (const edit of [false, true]) {
      const sheet = await openSheet(page, uuid, edit);
      for (const tab of ["attributes", "skills", "gear", "biography"]) {
        await showTab(page, sheet, tab);
        expect(await unlocalizedKeys(page, `[id="${await sheet.getAttribute("id")}"]`)).toEqual([]);
        expect(await axeSerious(page, `[id="${await sheet.getAttribute("id")}"]`)).toEqual([]);
        await screenshot(sheet, `sheet-flange-${tab}-${edit ? "edit" : "play"}`);
      }
      await page.evaluate((u) => (window as any).fromUuidSync(u).sheet.close(), uuid);
      await settle(page);
    }
    const itemUuid = await page.evaluate((u) => (window as any).fromUuidSync(u).items.getName("Sock of sand").uuid as string, uuid);
    const item = await openSheet(page, itemUuid, true);
    expect(await axeSerious(page, `[id="${await item.getAttribute("id")}"]`)).toEqual([]);
    await screenshot(item, "item-flange-weapon");
    expect(w.errors).toEqual([]);
  });

  it("a skill dragged from the compendium lands under its heading", async () => {
    const { page } = w;
    const uuid = await page.evaluate(() => (window as any).game.actors.find((a: any) => a.type === "flange" && a.name.startsWith("Blank")).uuid as string);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "skills");
    await page.locator('#bb-sidebar details[data-pack="flange-skills"] > summary').click();
    const entry = page.locator('#bb-sidebar details[data-pack="flange-skills"] li.bb-entry').filter({ hasText: "Lock picking" });
    await entry.scrollIntoViewIfNeeded();
    await entry.dragTo(sheet.locator(".window-content"));
    await settle(page);
    await expect(sheet.locator('[data-heading="security"]').textContent()).resolves.toContain("Lock picking");
    expect(w.errors).toEqual([]);
  });
});

describe("Flange checks", () => {
  it("the dialog's odds are the core's and move with Edge; the card's successes follow from its dice", async () => {
    const { page } = w;
    const uuid = await page.evaluate(() => (window as any).game.actors.find((a: any) => a.name === "Mr Tims" && a.items.getName("Magic")).uuid as string);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "skills");
    await sheet.locator('[data-heading="medicine"] [data-action="rollSkill"]').first().click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/3d10 against 6/);
    // Three headline figures (fails / marginal / two or more successes), the seven results folded (issue 24.4).
    const headline = (await odds.locator("ul.bb-odds-headline strong").allTextContents()).map((t) => parseFloat(t));
    expect(headline.length).toBe(3);
    expect(Math.abs(headline.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.5);
    const pcts = (await odds.locator("details.bb-odds-detail strong").allTextContents()).map((t) => parseFloat(t));
    expect(pcts.length).toBe(7);
    expect(Math.abs(pcts.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.5);
    const before = await odds.textContent();
    await dialog.locator('input[name="edgeTarget"]').fill("1");
    await dialog.locator('input[name="edgeTarget"]').dispatchEvent("change");
    await expect.poll(() => odds.textContent()).toMatch(/3d10 against 5/);
    expect(await odds.textContent()).not.toBe(before);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-flange");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const card = page.locator("#bb-chat-log > li").last();
    const read = await card.evaluate((li) => ({
      dice: [...li.querySelectorAll(".flange-check .bb-die")].map((d) => ({ face: parseInt(d.textContent ?? ""), success: d.classList.contains("success"), extra: d.classList.contains("extra") })),
      successes: Number(li.querySelector(".flange-check .bb-total strong")?.textContent),
      outcome: li.querySelector(".flange-check .bb-outcome strong")?.textContent?.trim(),
    }));
    expect(read.dice.filter((d) => !d.extra)).toHaveLength(3);
    expect(read.successes).toBe(read.dice.filter((d) => d.success).length);
    // Target 5 after Edge: without extra 10s a die succeeds exactly on 5 or more.
    if (!read.dice.some((d) => d.face === 10)) for (const d of read.dice) expect(d.success).toBe(d.face >= 5);
    const names = ["Critical failure", "Failure", "Marginal success", "Ready Salted success", "Good success", "Excellent job", "Blimey!"];
    const expected = read.successes === 0 ? (read.dice.some((d) => d.face === 1) ? names[0] : names[1]) : names[Math.min(read.successes, 5) + 1];
    expect(read.outcome).toBe(expected);
    expect(await page.evaluate((u) => (window as any).fromUuidSync(u).system.edge.spent, uuid)).toBe(1);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-flange");

    // The Edge re-roll: a new card, one more Edge spent, the old card loses its button.
    await card.locator('[data-bb-action="flange.edgeReroll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 2);
    expect(await page.evaluate((u) => (window as any).fromUuidSync(u).system.edge.spent, uuid)).toBe(2);
    await expect(page.locator("#bb-chat-log > li").last().locator('[data-bb-action="flange.edgeReroll"]').count()).resolves.toBe(0);
    await screenshot(page.locator("#bb-chat-log > li").last(), "chat-card-flange-reroll");
    expect(w.errors).toEqual([]);
  });

  it("an opposed roll posts one card with the verdict; the dialog is keyboard reachable", async () => {
    const { page } = w;
    const uuid = await page.evaluate(() => (window as any).game.actors.find((a: any) => a.name === "Mr Tims" && a.items.getName("Magic")).uuid as string);
    const sheet = await openSheet(page, uuid);
    await sheet.locator('[data-action="rollOpposed"]').focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toMatch(/Mr Tims wins/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-flange-opposed");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').focus();
    await page.keyboard.press("Enter");
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const card = page.locator("#bb-chat-log > li").last();
    await expect(card.locator(".flange-opposed .bb-outcome").textContent()).resolves.toMatch(/wins|lose|tie/i);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-flange-opposed");
    expect(w.errors).toEqual([]);
  });

  it("typed in chat, a pool formula rolls the same way", async () => {
    const { page } = w;
    const total = await page.evaluate(async () => {
      const r = await new (window as any).Roll("3dzt7").evaluate();
      const faces = r.dice[0].results.filter((x: any) => x.active);
      return { total: r.total, counted: faces.filter((x: any) => x.count === 1).length };
    });
    expect(total.total).toBe(total.counted);
  });
});
