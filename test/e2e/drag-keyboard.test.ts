/**
 * Drag and drop and keyboard use in a real browser.
 *  - Dragging an item from the sidebar (world items, compendium packs) onto a sheet adds it, with
 *    Foundry's drag data {type: "Item", uuid}; an item of another ruleset is refused with a
 *    notification and nothing changes.
 *  - A skill or attribute dragged from a sheet onto the macro bar becomes a macro that rolls it for
 *    the speaking actor; once the skill is gone the macro says so (issue 7.6).
 *  - Every control of a sheet is reachable with Tab; tabs, roll buttons, the mode toggle and the
 *    dialog's roll button work with Enter and Space.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { notificationCount, notificationsSince, openSheet, openWorld, settle, showTab, startTestBed, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed);
});
afterAll(async () => bed?.close());

const actorUuid = (page: Page, name: string) => page.evaluate((n) => (window as any).game.actors.find((a: any) => a.name.includes(n)).uuid as string, name);
const itemsOf = (page: Page, uuid: string) => page.evaluate((u) => (window as any).fromUuidSync(u).items.contents.map((i: any) => `${i.type}:${i.name}`).sort() as string[], uuid);

async function drag(page: Page, source: Locator, sheet: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  await source.dragTo(sheet.locator(".window-content"));
  await settle(page);
}

describe("drag and drop", () => {
  it("an item dragged from the Items directory onto a character sheet is added", async () => {
    const { page } = w;
    const uuid = await actorUuid(page, "Blank");
    const sheet = await openSheet(page, uuid);
    const before = await itemsOf(page, uuid);
    const itemUuid = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toasterArmor").uuid as string);
    await drag(page, page.locator(`#bb-sidebar li[data-uuid="${itemUuid}"]`), sheet);
    const after = await itemsOf(page, uuid);
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((x) => !before.includes(x))[0]).toMatch(/^toasterArmor:/);
    // The sheet re-rendered with the new armour.
    await showTab(page, sheet, "combat");
    await expect(sheet.locator(".bb-armor tbody tr[data-item-id]").count()).resolves.toBe(1);
    expect(w.errors).toEqual([]);
  });

  it("an item dragged from a compendium pack list onto a character sheet is added", async () => {
    const { page } = w;
    const uuid = await actorUuid(page, "Blank");
    const sheet = await openSheet(page, uuid);
    const before = await itemsOf(page, uuid);
    await page.locator('#bb-sidebar details[data-pack="toaster-weapons"] > summary').click();
    const entry = page.locator('#bb-sidebar details[data-pack="toaster-weapons"] li.bb-entry').filter({ hasText: "Dagger" });
    await expect(entry.getAttribute("data-uuid")).resolves.toMatch(/^Compendium\.breadbox\.toaster-weapons\.Item\./);
    await drag(page, entry, sheet);
    const after = await itemsOf(page, uuid);
    expect(after.filter((x) => !before.includes(x))).toEqual(["toasterWeapon:Dagger"]);
    expect(w.errors).toEqual([]);
  });

  it("an item of another ruleset is refused with a notification, and nothing changes", async () => {
    const { page } = w;
    const uuid = await actorUuid(page, "Rhoenda");
    const otherUuid = await page.evaluate(() => (window as any).bb.registerOtherRulesetItem());
    const sheet = await openSheet(page, uuid);
    const before = await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), uuid);
    const n0 = await notificationCount(page);
    await drag(page, page.locator(`#bb-sidebar li[data-uuid="${otherUuid}"]`), sheet);
    const notes = await notificationsSince(page, n0);
    expect(notes.length, JSON.stringify(notes)).toBe(1);
    expect(notes[0].type).toBe("warning");
    expect(notes[0].message).toMatch(/Moon Rock.*cannot be added to Rhoenda Dumas.*Nothing was changed/);
    expect(notes[0].message).not.toMatch(/BREADBOX\.|TYPES\./);
    await expect(page.locator("#bb-notifications .bb-notification.warning").last().textContent()).resolves.toMatch(/Nothing was changed/);
    expect(await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), uuid)).toBe(before);
    expect(w.errors).toEqual([]);
  });
});

/** Interactive, visible, enabled controls of a window, tagged with a data-kb index. */
async function tagControls(el: Locator): Promise<number> {
  return el.evaluate((root) => {
    const controls = Array.from(root.querySelectorAll<HTMLElement>("button, input, select, textarea, a[href], [tabindex]")).filter(
      (c) => !(c as HTMLButtonElement).disabled && c.tabIndex >= 0 && c.offsetParent !== null && (c as HTMLInputElement).type !== "hidden",
    );
    controls.forEach((c, i) => (c.dataset.kb = String(i)));
    return controls.length;
  });
}

/** Press Tab from the first control until focus leaves the window; the data-kb indexes visited. */
async function tabThrough(page: Page, el: Locator, max: number): Promise<Set<string>> {
  await el.locator('[data-kb="0"]').focus();
  const seen = new Set<string>(["0"]);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const kb = await page.evaluate((id) => {
      const a = document.activeElement as HTMLElement | null;
      return a && document.getElementById(id)?.contains(a) ? (a.dataset.kb ?? "?") : null;
    }, (await el.getAttribute("id"))!);
    if (kb === null) break;
    seen.add(kb);
  }
  return seen;
}

describe("keyboard", () => {
  it("every control of each sheet tab (play and edit mode) is reachable with Tab", async () => {
    const { page } = w;
    const uuid = await actorUuid(page, "Rhoenda");
    for (const edit of [false, true]) {
      const sheet = await openSheet(page, uuid, edit);
      const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
      for (const tab of tabs) {
        await showTab(page, sheet, tab);
        const n = await tagControls(sheet);
        const seen = await tabThrough(page, sheet, n + 5);
        const missed = Array.from({ length: n }, (_, i) => String(i)).filter((i) => !seen.has(i));
        const describe = await sheet.evaluate((root, ids) => ids.map((i) => root.querySelector(`[data-kb="${i}"]`)?.outerHTML.slice(0, 120)), missed);
        expect(describe, `${tab} (${edit ? "edit" : "play"})`).toEqual([]);
      }
    }
    const itemUuid = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toasterSkill").uuid as string);
    const itemSheet = await openSheet(page, itemUuid, true);
    const n = await tagControls(itemSheet);
    const seen = await tabThrough(page, itemSheet, n + 5);
    expect(seen.size).toBe(n);
    await page.evaluate(() => (window as any).bb.closeAll());
    expect(w.errors).toEqual([]);
  });

  it("tabs, the mode toggle, a roll button and the dialog's roll button work with Enter and Space", async () => {
    const { page } = w;
    const uuid = await actorUuid(page, "Rhoenda");
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "main");
    // A tab with Enter, another with Space.
    await sheet.locator('[data-action="tab"][data-tab="skills"]').focus();
    await page.keyboard.press("Enter");
    await settle(page);
    await expect(sheet.locator('[data-action="tab"][data-tab="skills"]').getAttribute("aria-selected")).resolves.toBe("true");
    await sheet.locator('[data-action="tab"][data-tab="traits"]').focus();
    await page.keyboard.press("Space");
    await settle(page);
    await expect(sheet.locator('[data-action="tab"][data-tab="traits"]').getAttribute("aria-selected")).resolves.toBe("true");
    // Mode toggle with Space, back with Enter.
    await sheet.locator('[data-action="toggleMode"]').focus();
    await page.keyboard.press("Space");
    await settle(page);
    expect(await sheet.evaluate((el) => el.classList.contains("edit-mode"))).toBe(true);
    await sheet.locator('[data-action="toggleMode"]').focus();
    await page.keyboard.press("Enter");
    await settle(page);
    expect(await sheet.evaluate((el) => el.classList.contains("play-mode"))).toBe(true);
    // A roll button with Enter opens the dialog; Tab reaches its roll button; Space rolls.
    await showTab(page, sheet, "skills");
    await sheet.locator('.bb-roll[data-action="rollSkill"]').first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible" });
    const count = await page.locator("#bb-chat-log > li").count();
    let onRoll = false;
    await dialog.locator("select, input").first().focus();
    for (let i = 0; i < 20 && !onRoll; i++) {
      await page.keyboard.press("Tab");
      onRoll = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action === "roll");
    }
    expect(onRoll, "the dialog's roll button is reachable with Tab").toBe(true);
    await page.keyboard.press("Space");
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    // Enter in the dialog's form submits with the default (roll) button.
    await sheet.locator('.bb-roll[data-action="rollSkill"]').first().focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "visible" });
    await page.locator('dialog.roll-dialog[open] input[name="situational"]').focus();
    await page.keyboard.press("Enter");
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 2);
    expect(w.errors).toEqual([]);
  });
});

describe("macro bar", () => {
  it("a skill and an attribute dragged from the sheet onto the macro bar roll for the speaking actor; a gone skill is explained", async () => {
    const { page } = w;
    w.clearErrors();
    const uuid = await actorUuid(page, "Rhoenda");
    await page.evaluate((u) => ((window as any).game.user.character = (window as any).fromUuidSync(u)), uuid);
    try {
      const sheet = await openSheet(page, uuid);
      await showTab(page, sheet, "skills");
      const row = sheet.locator(".bb-skills tr[data-item-id]").first();
      const skillName = (await row.locator("th").first().innerText()).split("\n")[0]!.trim();
      await row.scrollIntoViewIfNeeded();
      await row.dragTo(page.locator('#bb-hotbar [data-slot="1"]'));
      await settle(page);
      const slot1 = page.locator('#bb-hotbar [data-slot="1"] button');
      await expect.poll(() => slot1.getAttribute("aria-label")).toContain(skillName);
      await slot1.click();
      const dialog = page.locator("dialog.roll-dialog[open]");
      await dialog.waitFor();
      const count = await page.locator("#bb-chat-log > li").count();
      await dialog.locator('button[data-action="roll"]').click();
      await settle(page);
      await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);

      await showTab(page, sheet, "main");
      await sheet.locator('[data-drag-attribute="aura"]').first().dragTo(page.locator('#bb-hotbar [data-slot="2"]'));
      await settle(page);
      await expect.poll(() => page.locator('#bb-hotbar [data-slot="2"] button').getAttribute("aria-label")).toContain("Aura");

      // The skill is deleted: the macro rolls nothing and says why.
      await page.evaluate(({ u, n }) => (window as any).fromUuidSync(u).items.find((i: any) => i.name === n).delete(), { u: uuid, n: skillName });
      await settle(page);
      const since = await notificationCount(page);
      await slot1.click();
      await settle(page);
      expect(await page.locator("dialog.roll-dialog[open]").count()).toBe(0);
      expect((await notificationsSince(page, since)).map((n) => n.message).join(" ")).toMatch(new RegExp(`has no skill named "${skillName}"`));
      expect(w.errors).toEqual([]);
    } finally {
      await page.evaluate(() => {
        (window as any).game.user.character = null;
        (window as any).bb.closeAll();
      });
    }
  });
});
