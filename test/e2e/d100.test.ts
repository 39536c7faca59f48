/**
 * The D10/0 System in a real browser: the character sheet in both modes (every tab, the Dude),
 * the check dialog's exact odds changing with the difficulty, a card whose Degree of Effort and
 * degree name follow from its dice, an effort card, a pack power dragged onto the sheet, keyboard
 * use, axe-core on sheet, dialog and card; screenshots for the gallery.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, openSheet, openWorld, screenshot, settle, showTab, startTestBed, unlocalizedKeys, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "d100");
});
afterAll(async () => bed?.close());

async function d100Actor(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const game = (window as any).game;
    let actor = game.actors.find((a: any) => a.type === "d100" && a.name === "Janet");
    if (!actor) {
      actor = await (window as any).Actor.create({ name: "Janet", type: "d100", system: { attributes: { agility: 7, focus: 6, perception: 6, endurance: 6, spirit: 5 }, health: { current: 44, bonus: 0 }, progression: { earned: 12, spent: 0 }, karma: { marks: [{ name: "Veteran", text: "", value: 2 }], stances: [{ holder: "Town", stance: "Reliable" }] }, dude: { injuries: [{ region: "leftArm", note: "Graze" }], bubbles: ["head"] }, tasks: [{ name: "Decipher the map", target: "attribute:intellect", goal: 30, mode: "positiveOnly", total: 12, checks: 2 }] } });
      await actor.createEmbeddedDocuments("Item", [
        { name: "Firearms", type: "d100Skill", system: { parentSkill: "ranged", adjust: 6 } },
        { name: "Rifles", type: "d100Skill", system: { parentSkill: "Firearms", adjust: 2 } },
        { name: "Long Tail", type: "d100Tab", system: { kind: "trait", effects: [{ kind: "difficulty", when: "balancing", attributeDelta: -1, skillDelta: -10 }] } },
        { name: "Flak vest", type: "d100Armor", system: { adjustment: "-10F -2R", coverage: ["chest", "abdomen"] } },
        { name: "Canteen", type: "d100Gear", system: { quantity: 1, region: "rightLeg" } },
      ]);
    }
    return actor.uuid as string;
  });
}

async function dialogOpen(page: Page): Promise<Locator> {
  const dialog = page.locator("dialog.roll-dialog[open]").last();
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  return dialog;
}

describe("D10/0 character sheet", () => {
  it("every tab renders in play and edit mode with the Dude drawn; no unlocalized key, no serious axe violation", async () => {
    const { page } = w;
    const uuid = await d100Actor(page);
    for (const edit of [false, true]) {
      const sheet = await openSheet(page, uuid, edit);
      await settle(page);
      expect(w.errors, "after opening").toEqual([]);
      const sel = `[id="${await sheet.getAttribute("id")}"]`;
      for (const tab of ["main", "skills", "powers", "items", "notes"]) {
        await showTab(page, sheet, tab);
        expect(await unlocalizedKeys(page, sel), `${tab} ${edit}`).toEqual([]);
        expect(await axeSerious(page, sel), `${tab} ${edit}`).toEqual([]);
        await screenshot(sheet, `sheet-d100-${tab}-${edit ? "edit" : "play"}`);
      }
      await showTab(page, sheet, "main");
      await expect(sheet.locator('.d100-dude [data-region="chest"].covered').count()).resolves.toBe(1);
      await expect(sheet.locator('.d100-dude [data-region="leftArm"].injured').count()).resolves.toBe(1);
      await expect(sheet.locator(".d100-dude .d100-dude-bubble.filled").count()).resolves.toBe(1);
      await screenshot(sheet.locator(".d100-dude"), `d100-dude-${edit ? "edit" : "play"}`);
    }
    expect(w.errors).toEqual([]);
  });

  it("a skill opens the check dialog with exact odds; the card's effort and degree follow from its dice", async () => {
    const { page } = w;
    const uuid = await d100Actor(page);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "skills");
    const total = Number(await sheet.locator('[data-skill-id="Rifles"] .d100-total').textContent());
    await sheet.locator('[data-skill-id="Rifles"] [data-action="rollSkill"]').click();
    const dialog = await dialogOpen(page);
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/Minor Success/);
    const before = await odds.textContent();
    await dialog.locator('select[name="ladder"]').selectOption("hard");
    await expect.poll(() => odds.textContent()).not.toBe(before);
    // Headline first (failure / miss / success), the thirteen degrees folded under it; each adds to 100 %.
    const percents = async (tiles: ReturnType<typeof odds.locator>) => (await tiles.allTextContents()).map((t) => parseFloat(t.replace(/[<>]/g, "")));
    const headline = await percents(odds.locator("ul.bb-odds").first().locator("li strong"));
    expect(headline.length).toBe(3);
    expect(Math.abs(headline.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.5);
    const pcts = await percents(odds.locator("details.bb-odds-detail li strong"));
    expect(pcts.length).toBe(13);
    expect(Math.abs(pcts.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.5);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-d100");
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    const card = page.locator("#bb-chat-log > li").last();
    const read = await card.evaluate((li) => ({
      dice: [...li.querySelectorAll(".d100-roll:not(.d100-overflow) .bb-die")].map((d) => Number(d.textContent)),
      effort: Number(li.querySelector(".d100-effort")?.textContent),
      outcome: li.querySelector(".d100-outcome")?.textContent?.trim(),
      degree: li.querySelector(".d100-degree")?.textContent?.trim(),
    }));
    expect(read.dice).toHaveLength(2);
    const roll = read.dice[0]! * 10 + read.dice[1]!;
    expect(read.effort).toBe(total - roll);
    const degree = read.effort - 30;
    expect(read.outcome).toBe(degree > 0 ? "Success" : degree < 0 ? "Failure" : "Miss");
    expect(read.degree).toContain(`(${degree > 0 ? "+" : ""}${degree})`);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-d100");
    expect(w.errors).toEqual([]);
  });

  it("a conflicting effort posts a card naming who prevails", async () => {
    const { page } = w;
    const uuid = await d100Actor(page);
    const sheet = await openSheet(page, uuid);
    await showTab(page, sheet, "skills");
    await sheet.locator('[data-action="startEffort"][data-effort="conflicting"]').click();
    const dialog = await dialogOpen(page);
    const other = await dialog.locator('select[name="actor1"] option').nth(1).getAttribute("value");
    if (other) await dialog.locator('select[name="actor1"]').selectOption(other);
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toMatch(/prevails|Tie/);
    await screenshot(dialog, "roll-dialog-d100-conflict");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const card = page.locator("#bb-chat-log > li").last();
    await expect(card.locator(".d100-effort-verdict").textContent()).resolves.toMatch(/prevails|Tie/);
    await screenshot(card, "chat-card-d100-conflict");
    expect(w.errors).toEqual([]);
  });

  it("a pack power dragged onto the sheet arrives with its points; the keyboard reaches the checks", async () => {
    const { page } = w;
    const uuid = await d100Actor(page);
    const sheet = await openSheet(page, uuid);
    await page.locator('#bb-sidebar details[data-pack="d100-powers"] > summary').click();
    const entry = page.locator('#bb-sidebar details[data-pack="d100-powers"] li.bb-entry').filter({ hasText: "Marksman Focus" });
    await entry.scrollIntoViewIfNeeded();
    await entry.dragTo(sheet.locator(".window-content"));
    await settle(page);
    const points = await page.evaluate((u) => {
      const p = (window as any).fromUuidSync(u).items.find((i: any) => i.name === "Marksman Focus");
      return p ? [p.system.current, p.system.normal] : null;
    }, uuid);
    expect(points).toEqual([6, 6]);
    await showTab(page, sheet, "powers");
    await screenshot(sheet, "sheet-d100-powers-marksman");
    // Keyboard: the attribute's roll button answers Enter, the dialog's Roll answers Space.
    await showTab(page, sheet, "main");
    await sheet.locator('[data-attribute="agility"] [data-action="rollAttribute"]').focus();
    await page.keyboard.press("Enter");
    const dialog = await dialogOpen(page);
    const count = await page.locator("#bb-chat-log > li").count();
    await dialog.locator('button[data-action="roll"]').focus();
    await page.keyboard.press("Space");
    await settle(page);
    await expect(page.locator("#bb-chat-log > li").count()).resolves.toBe(count + 1);
    expect(w.errors).toEqual([]);
  });
});
