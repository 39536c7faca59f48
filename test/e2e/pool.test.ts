/**
 * The Dice Pool in a real browser: a trait on the character sheet opens the check dialog with
 * exact odds; rolling posts a card whose total is the sum of its kept dice and whose outcome
 * follows from that total, the Add dice and the Difficulty. axe-core on the dialog and the card.
 * A group check (working together / against) from the sheet posts ONE card whose verdict follows
 * from its dice; a `/pool` formula typed in chat rolls the same card; keyboard only works too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, notificationCount, notificationsSince, openSheet, openWorld, screenshot, settle, startTestBed, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "pool");
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
    // The die type is one of the folded options (issue 24.3): open "More options" first.
    await dialog.locator("details.bb-more-options > summary").click();
    await dialog.locator('select[name="die"]').selectOption("d10Minus1");
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/d10−1/);
    // The outcomes, folded under the headline (issue 24.4): botch, failure, success.
    const pcts = (await odds.locator("details.bb-odds-detail strong").allTextContents()).map((t) => parseFloat(t));
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

/** A Dice Pool character with the given traits; its uuid. */
async function makeCharacter(page: Page, name: string, items: Record<string, unknown>[]): Promise<string> {
  return page.evaluate(async ({ name, items }) => {
    const actor = await (window as any).Actor.create({ name, type: "pool" });
    await actor.createEmbeddedDocuments("Item", items);
    return actor.uuid as string;
  }, { name, items });
}

const lastCard = (page: Page): Locator => page.locator("#bb-chat-log > li").last();

describe("Dice Pool group checks", () => {
  it("simple addition from the sheet: one card, the merged pool's total is its kept dice, the verdict follows", async () => {
    const { page } = w;
    const a = await makeCharacter(page, "Group Lead", [{ name: "Lifting", type: "poolAbility", system: { rating: 2 } }]);
    await makeCharacter(page, "Group Helper", [{ name: "Lifting", type: "poolAbility", system: { rating: 1 } }]);
    const sheet = await openSheet(page, a);
    await sheet.locator('[data-action="rollGroup"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    const helperRow = dialog.locator("tr[data-member-index]").filter({ hasText: "Group Helper" });
    const index = await helperRow.getAttribute("data-member-index");
    await dialog.locator('select[name="mode"]').selectOption("simpleAddition");
    await dialog.locator(`input[name="member.${index}.include"]`).check();
    await dialog.locator('select[name="member.0.ability"]').selectOption("Lifting");
    await dialog.locator(`select[name="member.${index}.ability"]`).selectOption("Lifting");
    await dialog.locator('input[name="difficulty"]').fill("20");
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/Group pool: 5 Add/);
    // "<0.1%" and ">99.9%" read as their bound.
    const pcts = (await odds.locator(".bb-odds strong").allTextContents()).map((t) => parseFloat(t.replace(/[<>]/g, "")));
    expect(Math.abs(pcts.reduce((sum, p) => sum + p, 0) - 100)).toBeLessThan(0.2);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-pool-group");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const card = lastCard(page);
    const read = await card.evaluate((li) => ({
      members: [...li.querySelectorAll(".pool-group .bb-group-member strong")].map((e) => e.textContent?.trim()),
      kept: [...li.querySelectorAll(".bb-group-merged .bb-die.kept")].map((d) => Number(d.textContent)),
      total: Number(li.querySelector(".bb-group-merged .bb-total strong")?.textContent),
      result: li.querySelector(".bb-group-result")?.textContent?.trim() ?? "",
    }));
    expect(read.members).toEqual(["Group Lead", "Group Helper"]);
    // Lead 3 Add + Helper 2 Add = 5 Add d8, no modifier dice: every die counts.
    expect(read.kept).toHaveLength(5);
    expect(read.total).toBe(read.kept.reduce((sum, v) => sum + v, 0));
    const expected = read.total <= 5 ? "Botch" : read.total >= 20 ? "Success" : "Failure";
    expect(read.result.startsWith(expected)).toBe(true);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-pool-group");
    expect(w.errors).toEqual([]);
  });

  it("direct opposition by keyboard only: the higher total triumphs, as the card's dice say", async () => {
    const { page } = w;
    const a = await makeCharacter(page, "Duelist A", [{ name: "Fencing", type: "poolAbility", system: { rating: 2 } }]);
    await makeCharacter(page, "Duelist B", [{ name: "Fencing", type: "poolAbility", system: { rating: 3 } }]);
    const sheet = await openSheet(page, a);
    await sheet.locator('[data-action="rollGroup"]').focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    const index = await dialog.locator("tr[data-member-index]").filter({ hasText: "Duelist B" }).getAttribute("data-member-index");
    await dialog.locator('select[name="mode"]').focus();
    await dialog.locator('select[name="mode"]').selectOption("direct");
    await dialog.locator(`input[name="member.${index}.include"]`).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toMatch(/First side triumphs/);
    await dialog.locator('button[data-action="roll"]').focus();
    await page.keyboard.press("Enter");
    await settle(page);
    const read = await lastCard(page).evaluate((li) => ({
      totals: [...li.querySelectorAll(".bb-group-member .bb-total strong")].map((e) => Number(e.textContent)),
      kept: [...li.querySelectorAll(".bb-group-member")].map((m) => [...m.querySelectorAll(".bb-die.kept")].map((d) => Number(d.textContent))),
      result: li.querySelector(".bb-group-result")?.textContent?.trim() ?? "",
    }));
    expect(read.totals).toHaveLength(2);
    read.kept.forEach((k, i) => expect(read.totals[i]).toBe(k.reduce((sum, v) => sum + v, 0)));
    const [ta, tb] = read.totals as [number, number];
    // A botch (total ≤ its Add dice, the kept dice) cannot triumph.
    const botchA = ta <= (read.kept[0]?.length ?? 0);
    const botchB = tb <= (read.kept[1]?.length ?? 0);
    if (botchA && botchB) expect(read.result).toMatch(/Neither/);
    else if (botchB || (!botchA && ta > tb)) expect(read.result).toMatch(/Duelist A triumphs/);
    else if (botchA || tb > ta) expect(read.result).toMatch(/Duelist B triumphs/);
    else expect(read.result).toMatch(/Tie/);
    await screenshot(lastCard(page), "chat-card-pool-contest");
    expect(w.errors).toEqual([]);
  });
});

describe("a pool formula typed in chat", () => {
  it("/pool 3a 1b d10-1 vs 12 rolls the pool with Foundry dice and posts the check card; bad input is refused", async () => {
    const { page } = w;
    const count = await page.locator("#bb-chat-log > li").count();
    // What Foundry's chat log does with a typed message: the chatMessage hook, which we answer.
    const handled = await page.evaluate(() => (window as any).Hooks.call("chatMessage", null, "/pool 3a 1b d10-1 vs 12 # Typed climb", {}));
    expect(handled).toBe(false);
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const read = await lastCard(page).evaluate((li) => ({
      title: li.querySelector(".pool-check h3")?.textContent?.trim(),
      kept: [...li.querySelectorAll(".pool-check .bb-die.kept")].map((d) => Number(d.textContent)),
      discarded: li.querySelectorAll(".pool-check .bb-die.discarded").length,
      total: Number(li.querySelector(".pool-check .bb-total strong")?.textContent),
      outcome: li.querySelector(".pool-check .bb-outcome strong")?.textContent?.trim(),
    }));
    expect(read.title).toBe("Typed climb");
    expect(read.kept).toHaveLength(3);
    expect(read.discarded).toBe(1);
    expect(read.kept.every((v) => v >= 0 && v <= 9)).toBe(true);
    expect(read.total).toBe(read.kept.reduce((sum, v) => sum + v, 0));
    expect(read.outcome).toBe(read.total <= 3 ? "Botch" : read.total >= 12 ? "Success" : "Failure");
    await screenshot(lastCard(page), "chat-card-pool-formula");
    const n0 = await notificationCount(page);
    await page.evaluate(() => (window as any).Hooks.call("chatMessage", null, "/pool 3a 2z", {}));
    await settle(page);
    const notes = await notificationsSince(page, n0);
    expect(notes.map((n) => n.message)).toEqual(["The pool formula cannot read “2z”. Write it like /pool 3a 2b d10-1 vs 15 deg 1 # Title."]);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    expect(w.errors).toEqual([]);
  });
});

describe("Dice Pool sheet: drags and keyboard", () => {
  const itemsOf = (page: Page, uuid: string) => page.evaluate((u) => (window as any).fromUuidSync(u).items.contents.map((i: any) => `${i.type}:${i.name}`).sort() as string[], uuid);

  it("a trait from the default trait tree compendium is added; a Toaster item is refused with a message", async () => {
    const { page } = w;
    const uuid = await makeCharacter(page, "Drag Target", []);
    const sheet = await openSheet(page, uuid);
    await page.locator('#bb-sidebar details[data-pack="pool-traits"] > summary').click();
    const entry = page.locator('#bb-sidebar details[data-pack="pool-traits"] li.bb-entry').filter({ hasText: "Climbing" });
    await entry.scrollIntoViewIfNeeded();
    await entry.dragTo(sheet.locator(".window-content"));
    await settle(page);
    expect(await itemsOf(page, uuid)).toEqual(["poolAbility:Climbing"]);
    const toaster = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toasterArmor").uuid as string);
    const n0 = await notificationCount(page);
    const source = page.locator(`#bb-sidebar li[data-uuid="${toaster}"]`);
    await source.scrollIntoViewIfNeeded();
    await source.dragTo(sheet.locator(".window-content"));
    await settle(page);
    const notes = await notificationsSince(page, n0);
    expect(notes.map((n) => n.type)).toEqual(["warning"]);
    expect(notes[0]?.message).toMatch(/Nothing was changed/);
    expect(await itemsOf(page, uuid)).toEqual(["poolAbility:Climbing"]);
    expect(w.errors).toEqual([]);
  });

  it("every control of each tab (play and edit mode) is reachable with Tab; the budget is on the sheet", async () => {
    const { page } = w;
    const uuid = await makeCharacter(page, "Keyboard Kim", [
      { name: "Athletics", type: "poolAbility", system: { rating: 12, activity: "physical" } },
      { name: "Running", type: "poolAbility", system: { rating: 10, parentTrait: "Athletics" } },
      { name: "Wits", type: "poolAttribute", system: { score: 2, role: "wits" } },
    ]);
    await page.evaluate(async (u) => {
      const a = (window as any).fromUuidSync(u);
      await a.update({ system: { complexActions: [{ name: "Fix the car", ability: "Athletics", attribute: "", difficulty: 20, required: 5, interval: "1 h", accumulated: 1, rolls: 1 }] } });
    }, uuid);
    for (const edit of [false, true]) {
      const sheet = await openSheet(page, uuid, edit);
      if (!edit) {
        await expect(sheet.locator(".pool-budget-abilities").textContent()).resolves.toMatch(/22 \/ 20.*2 over the budget/);
        await expect(sheet.locator(".pool-complex-odds").count()).resolves.toBe(1);
        await screenshot(sheet, "sheet-pool-budget-complex");
      }
      const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
      for (const tab of tabs) {
        await sheet.locator(`[data-action="tab"][data-tab="${tab}"]`).click();
        await settle(page);
        const n = await sheet.evaluate((root) => {
          const controls = Array.from(root.querySelectorAll<HTMLElement>("button, input, select, textarea, a[href], [tabindex]")).filter(
            (c) => !(c as HTMLButtonElement).disabled && c.tabIndex >= 0 && c.offsetParent !== null && (c as HTMLInputElement).type !== "hidden",
          );
          controls.forEach((c, i) => (c.dataset.kb = String(i)));
          return controls.length;
        });
        await sheet.locator('[data-kb="0"]').focus();
        const seen = new Set<string>(["0"]);
        const id = (await sheet.getAttribute("id"))!;
        for (let i = 0; i < n + 5; i++) {
          await page.keyboard.press("Tab");
          const kb = await page.evaluate((sid) => {
            const a = document.activeElement as HTMLElement | null;
            return a && document.getElementById(sid)?.contains(a) ? (a.dataset.kb ?? "?") : null;
          }, id);
          if (kb === null) break;
          seen.add(kb);
        }
        const missed = Array.from({ length: n }, (_, i) => String(i)).filter((i) => !seen.has(i));
        expect(missed, `${tab} (${edit ? "edit" : "play"})`).toEqual([]);
      }
      await page.evaluate(() => (window as any).bb.closeAll());
    }
    expect(w.errors).toEqual([]);
  });
});

describe("Dice Pool macro bar", () => {
  it("an ability dragged from the sheet onto the macro bar opens its check for the speaking actor", async () => {
    const { page } = w;
    const uuid = await makeCharacter(page, "Macro Max", [{ name: "Juggling", type: "poolAbility", system: { rating: 2 } }]);
    await page.evaluate((u) => ((window as any).game.user.character = (window as any).fromUuidSync(u)), uuid);
    try {
      const sheet = await openSheet(page, uuid);
      const row = sheet.locator('[data-trait-id="Juggling"]');
      await row.scrollIntoViewIfNeeded();
      await row.dragTo(page.locator('#bb-hotbar [data-slot="5"]'));
      await settle(page);
      const slot = page.locator('#bb-hotbar [data-slot="5"] button');
      await expect.poll(() => slot.getAttribute("aria-label")).toContain("Juggling");
      await slot.click();
      const dialog = page.locator("dialog.roll-dialog[open]");
      await dialog.waitFor();
      await expect(dialog.locator('select[name="ability"]').inputValue()).resolves.toBe("Juggling");
      const count = await page.locator("#bb-chat-log > li").count();
      await dialog.locator('button[data-action="roll"]').click();
      await settle(page);
      await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
      await expect(lastCard(page).locator(".pool-check h3").textContent()).resolves.toContain("Juggling");
      expect(w.errors).toEqual([]);
    } finally {
      await page.evaluate(() => {
        (window as any).game.user.character = null;
        (window as any).bb.closeAll();
      });
    }
  });
});

describe("the Effect Level on the card", () => {
  it("the roller raises the Effect Level by the card's Degree of Success with one click", async () => {
    const { page } = w;
    const uuid = await makeCharacter(page, "Effect Eve", [{ name: "Forging", type: "poolAbility", system: { rating: 2 } }]);
    const sheet = await openSheet(page, uuid);
    await sheet.locator('[data-trait-id="Forging"] [data-action="rollAbility"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    // d4+2 cannot botch: 3 dice total at least 9, so Difficulty 0 is a success of degree ≥ 1.
    await dialog.locator("details.bb-more-options > summary").click();
    await dialog.locator('select[name="die"]').selectOption("d4Plus2");
    await dialog.locator('input[name="difficulty"]').fill("0");
    await dialog.locator('input[name="effectLevel"]').fill("3");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const card = lastCard(page);
    const total = Number(await card.locator(".pool-check .bb-total strong").textContent());
    const degree = Math.floor(total / 5);
    await expect(card.locator(".bb-effect").textContent()).resolves.toContain(`Degree of Success ${degree} may raise or lower it`);
    await screenshot(card, "chat-card-pool-effect");
    await card.locator('[data-bb-action="pool.effect"][data-direction="raise"]').click();
    await settle(page);
    await expect.poll(() => lastCard(page).locator(".bb-effect").textContent()).toContain(`Effect Level 3 raised by ${degree} to ${3 + degree}.`);
    await expect(lastCard(page).locator('[data-bb-action="pool.effect"]').count()).resolves.toBe(0);
    expect(w.errors).toEqual([]);
  });
});
