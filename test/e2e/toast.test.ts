/**
 * Toast in a real browser: the character sheet in play and edit mode on every tab (axe, screenshots),
 * the check dialog's exact odds, a card whose outcome follows from its d10+ faces, the modifier and
 * the target; a contested card naming the winner; the end-of-session advancement card; a skill
 * dragged from the Items directory, an item of another ruleset refused; the roll reachable with the
 * keyboard.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, notificationCount, notificationsSince, openSheet, openWorld, screenshot, settle, showTab, startTestBed, unlocalizedKeys, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "toast");
});
afterAll(async () => bed?.close());

const TABS = ["attributes", "skills", "equipment", "health", "biography"];

async function toastActor(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const actor = (window as any).game.actors.find((a: any) => a.type === "toast");
    if (!actor.items.size) {
      await actor.update({ system: { attributes: { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 }, wounds: { value: 7 } } });
      await actor.createEmbeddedDocuments("Item", [
        { name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } },
        { name: "First Aid", type: "toastSkill", system: { level: 3, baseAttributes: ["perception", "hec"], category: "medical" } },
        { name: "Broadsword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, skill: "Broadsword" } },
        { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
      ]);
    }
    return actor.uuid as string;
  });
}

/** What the last chat card shows, read from its DOM. */
async function lastCard(page: Page) {
  return page.locator("#bb-chat-log > li").last().evaluate((li) => ({
    faces: [...li.querySelectorAll(".toast-check .toast-face")].map((f) => Number((f as HTMLElement).dataset.face)),
    modifier: Number(li.querySelector(".toast-check .bb-modifier-line span:last-child")?.textContent),
    target: li.querySelector(".toast-check .toast-target")?.textContent ?? "",
    outcome: (li.querySelector(".toast-check .toast-outcome") as HTMLElement | null)?.dataset.outcome ?? "",
    total: li.querySelector(".toast-check .toast-total")?.textContent ?? "",
  }));
}

describe("Toast character sheet", () => {
  it("every tab in play and edit mode: no console error, no unlocalized key, no serious axe violation", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    for (const edit of [false, true]) {
      const sheet = await openSheet(page, uuid, edit);
      for (const tab of TABS) {
        await showTab(page, sheet, tab);
        const id = await sheet.getAttribute("id");
        expect(await unlocalizedKeys(page, `[id="${id}"]`)).toEqual([]);
        expect(await axeSerious(page, `[id="${id}"]`)).toEqual([]);
        await screenshot(sheet, `sheet-toast-${tab}-${edit ? "edit" : "play"}`);
      }
      await page.evaluate((u) => (window as any).fromUuidSync(u).sheet.close(), uuid);
      await settle(page);
    }
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "health");
    await expect(sheet.locator(".toast-effective").textContent()).resolves.toBe("5");
    expect(w.errors).toEqual([]);
  });
});

describe("Toast checks", () => {
  it("the dialog shows exact odds that follow the difficulty; the card's outcome follows from its dice", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "skills");
    await sheet.locator('tr:has-text("Broadsword") [data-action="rollSkill"]').first().click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    const odds = dialog.locator("[data-bb-odds]");
    // Modifier AGI +3, level 5, wounds −2, armor −1 = 5. Against Hard (19) only an Auto succeeds.
    await dialog.locator('select[name="difficulty"]').selectOption("hard");
    await expect.poll(() => odds.textContent()).toContain("against 19");
    const rows = await odds.locator("li").evaluateAll((lis) => lis.map((li) => [li.className, parseFloat(li.querySelector("strong")!.textContent!)] as [string, number]));
    const pct = (key: string) => rows.find(([c]) => c.includes(`outcome-${key}`))?.[1];
    expect(pct("auto")).toBeCloseTo(8.3, 1);
    expect(pct("flub")).toBeCloseTo(8.3, 1);
    expect(pct("success")).toBe(0);
    expect(pct("failure")).toBeCloseTo(83.3, 1);
    await dialog.locator('select[name="difficulty"]').selectOption("easy");
    // Against 11 with +5: plain 6–10 succeed (5 of 12).
    await expect.poll(async () => parseFloat((await odds.locator("li.outcome-success strong").textContent()) ?? "")).toBeCloseTo(41.7, 1);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-toast");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const card = await lastCard(page);
    expect(card.modifier).toBe(5);
    expect(card.target).toMatch(/^11/);
    const first = card.faces[0]!;
    const expected = first === 12 ? "auto" : first === 11 ? "flub" : first + 5 >= 11 ? "success" : "failure";
    expect(card.outcome).toBe(expected);
    expect(card.faces.length).toBe(first > 10 ? 2 : 1);
    if (first <= 10) expect(card.total).toBe(String(first + 5));
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(page.locator("#bb-chat-log > li").last(), "chat-card-toast");
    expect(w.errors).toEqual([]);
  });

  it("a contested task posts one card naming the winner", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    const count = await page.locator("#bb-chat-log > li").count();
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "attributes");
    await sheet.locator('[data-action="rollAttribute"][data-attribute="strength"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    await dialog.locator('input[name="contested"]').check();
    await dialog.locator('input[name="opponentModifier"]').fill("12");
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toContain("Opponent wins");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const li = page.locator("#bb-chat-log > li").last();
    await expect(li.locator(".toast-check").count()).resolves.toBe(2);
    const read = await li.evaluate((el) => {
      const side = (c: Element) => {
        const faces = [...c.querySelectorAll(".toast-face")].map((f) => Number((f as HTMLElement).dataset.face));
        const modifier = Number(c.querySelector(".bb-modifier-line span:last-child")?.textContent);
        return { faces, modifier };
      };
      const [a, b] = [...el.querySelectorAll(".toast-check")].map(side);
      return { a, b, result: el.querySelector(".toast-contest-result")?.textContent?.trim() ?? "", outcome: (el.querySelector(".toast-contest-result") as HTMLElement).dataset.outcome };
    });
    // The ranking of the book: any Auto beats a number, any number beats a Flub, numbers compare totals.
    const rank = (s: { faces: number[]; modifier: number }) => (s.faces[0] === 12 ? 1e6 + s.faces[1]! : s.faces[0] === 11 ? -1e6 - s.faces[1]! : s.faces[0]! + s.modifier);
    const ra = rank(read.a!);
    const rb = rank(read.b!);
    expect(read.outcome).toBe(ra > rb ? "firstWins" : ra < rb ? "secondWins" : "tie");
    expect(read.result).toMatch(ra === rb ? /tie/i : /wins/);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(li, "chat-card-toast-contest");
    expect(w.errors).toEqual([]);
  });

  it("the end-of-session roll advances marked skills and posts one card", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "skills");
    await expect(sheet.locator(".toast-used-count").textContent()).resolves.not.toBe("0");
    await sheet.locator('[data-action="endSession"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    await expect(dialog.locator(".toast-advancement-odds li").count()).resolves.toBeGreaterThan(0);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-toast-advancement");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const li = page.locator("#bb-chat-log > li").last();
    await expect(li.locator(".toast-advance").count()).resolves.toBeGreaterThan(0);
    await screenshot(li, "chat-card-toast-advancement");
    await expect(sheet.locator(".toast-used-count").textContent()).resolves.toBe("0");
    expect(w.errors).toEqual([]);
  });
});

describe("Toast healing", () => {
  it("the Health check rolls Health against the effective level without the wound penalty, and heals on a success", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    await page.evaluate((u) => (window as any).fromUuidSync(u).update({ "system.wounds.value": 9 }), uuid);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "health");
    await sheet.locator('[data-action="healthCheck"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    // TOL 14 → threshold 2; 9 levels → effective 7. Health 10 against 7: every plain roll succeeds.
    await expect.poll(async () => parseFloat((await dialog.locator("[data-bb-odds] li.outcome-success strong").textContent()) ?? "")).toBeCloseTo(83.3, 1);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-toast-health");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const card = await lastCard(page);
    expect(card.modifier).toBe(10);
    expect(card.target).toBe("7");
    const first = card.faces[0]!;
    const success = first !== 11;
    expect(card.outcome).toBe(first === 12 ? "auto" : first === 11 ? "flub" : "success");
    const wounds = await page.evaluate((u) => (window as any).fromUuidSync(u).system.wounds.value as number, uuid);
    expect(wounds).toBe(success ? 8 : 9);
    await screenshot(page.locator("#bb-chat-log > li").last(), "chat-card-toast-health");
    expect(w.errors).toEqual([]);
  });
});

describe("Toast drag and keyboard", () => {
  it("a Toast skill dragged from the Items directory is added; an item of another ruleset is refused", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    const sheet = await openSheet(page, uuid);
    const count = () => page.evaluate((u) => (window as any).fromUuidSync(u).items.size as number, uuid);
    const before = await count();
    const skillUuid = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toastSkill").uuid as string);
    const source = page.locator(`#bb-sidebar li[data-uuid="${skillUuid}"]`);
    await source.scrollIntoViewIfNeeded();
    await source.dragTo(sheet.locator(".window-content"));
    await settle(page);
    expect(await count()).toBe(before + 1);
    const foreign = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toasterSkill").uuid as string);
    const n0 = await notificationCount(page);
    const other = page.locator(`#bb-sidebar li[data-uuid="${foreign}"]`);
    await other.scrollIntoViewIfNeeded();
    await other.dragTo(sheet.locator(".window-content"));
    await settle(page);
    expect(await count()).toBe(before + 1);
    const notes = await notificationsSince(page, n0);
    expect(notes.length).toBe(1);
    expect(notes[0]!.type).toBe("warning");
    expect(w.errors).toEqual([]);
  });

  it("an attribute's roll button and the dialog's roll button work from the keyboard", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "attributes");
    const count = await page.locator("#bb-chat-log > li").count();
    await sheet.locator('[data-action="rollAttribute"][data-attribute="will"]').focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    await dialog.locator('button[data-action="roll"]').focus();
    await page.keyboard.press("Enter");
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    expect(w.errors).toEqual([]);
  });

  it("a skill and an attribute dragged onto the macro bar roll for the speaking actor", async () => {
    const { page } = w;
    const uuid = await toastActor(page);
    await page.evaluate((u) => ((window as any).game.user.character = (window as any).fromUuidSync(u)), uuid);
    try {
      const sheet = await openSheet(page, uuid);
      await showTab(page, sheet, "skills");
      const row = sheet.locator(".toast-skills tr[data-item-id]").filter({ hasText: "First Aid" }).first();
      await row.scrollIntoViewIfNeeded();
      await row.dragTo(page.locator('#bb-hotbar [data-slot="4"]'));
      await settle(page);
      const slot = page.locator('#bb-hotbar [data-slot="4"] button');
      await expect.poll(() => slot.getAttribute("aria-label")).toContain("First Aid");
      await slot.click();
      const dialog = page.locator("dialog.roll-dialog[open]").last();
      await dialog.waitFor({ state: "visible", timeout: 5000 });
      const count = await page.locator("#bb-chat-log > li").count();
      await dialog.locator('button[data-action="roll"]').click();
      await settle(page);
      await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
      await showTab(page, sheet, "attributes");
      await sheet.locator('[data-drag-attribute="psyche"]').dragTo(page.locator('#bb-hotbar [data-slot="5"]'));
      await settle(page);
      await expect.poll(() => page.locator('#bb-hotbar [data-slot="5"] button').getAttribute("aria-label")).toContain("Psyche");
      expect(w.errors).toEqual([]);
    } finally {
      await page.evaluate(() => {
        (window as any).game.user.character = null;
        (window as any).bb.closeAll();
      });
    }
  });
});
