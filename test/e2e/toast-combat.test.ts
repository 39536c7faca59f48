/**
 * Toast combat in a real browser, on the built system: a full attack from the sheet's weapon row
 * (dialog with both odds panels) → attack card → Defend (dialog) → resolution card whose damage is
 * its dice → Apply → wound card with the collapse check; the character is collapsed with the status
 * effect. Then the tracker decoration ("Auto 9", Hold) on a tracker-shaped list. Screenshots and axe.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSerious, openSheet, openWorld, screenshot, settle, showTab, startTestBed, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "toast");
});
afterAll(async () => bed?.close());

const AVERAGE = { strength: 10, agility: 10, hec: 10, health: 10, tolerance: 10, perception: 10, focus: 10, empathy: 10, will: 10, psyche: 10 };

function lastCard(page: WorldPage["page"]) {
  return page.locator("#bb-chat-log > li").last();
}

async function rollDialog(page: WorldPage["page"]) {
  const dialog = page.locator("dialog.roll-dialog[open]").last();
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  return dialog;
}

describe("Toast: a full attack to Apply", () => {
  it("sheet → attack dialog with odds → card → Defend → resolution → Apply → wounds, collapsed", async () => {
    const { page } = w;
    const { attacker, defender } = await page.evaluate(async (AVERAGE) => {
      const g = (window as any).game;
      const a = await g.actors.documentClass.create({
        name: "Ysolde",
        type: "toast",
        system: { attributes: { ...AVERAGE, agility: 17 } },
        items: [
          { name: "Broadsword", type: "toastSkill", system: { key: "broadsword", category: "weapon", baseAttributes: ["agility"], level: 5 } },
          { name: "Broadsword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, delivery: "wielded", bonusDice: 0, skill: "broadsword", equipped: true } },
        ],
      });
      const d = await g.actors.documentClass.create({
        name: "Guard",
        type: "toast",
        system: { attributes: { ...AVERAGE, agility: 12 } },
        items: [
          { name: "Short sword", type: "toastSkill", system: { key: "shortSword", category: "weapon", baseAttributes: ["agility"], level: 3 } },
          { name: "Short sword", type: "toastWeapon", system: { category: "medium", baseDamage: 2, delivery: "wielded", bonusDice: 0, skill: "shortSword", equipped: true } },
        ],
      });
      (window as any).bb.setTarget(d.uuid);
      return { attacker: a.uuid as string, defender: d.uuid as string };
    }, AVERAGE);
    const sheet = await openSheet(page, attacker);
    await showTab(page, sheet, "combat");
    expect(await axeSerious(page, `[id="${await sheet.getAttribute("id")}"]`)).toEqual([]);
    await screenshot(sheet, "sheet-toast-combat-tab");
    await sheet.locator('.toast-combat-weapons [data-action="toastAttack"]').first().click();
    const dialog = await rollDialog(page);
    const odds = dialog.locator("[data-bb-odds]");
    // Two panels (defended, undefended), each led by its headline and, apart, the overlapping extras (issue 24.4).
    await expect.poll(() => odds.locator("ul.bb-odds-headline").count()).toBe(2);
    // Each panel's headline sums to 100 %: misses, (tie,) hits without a wound, wounds her.
    for (const panel of await odds.locator("ul.bb-odds-headline").all()) {
      const outcomes = (await panel.locator("li:not(.extra) strong").allTextContents()).map((t) => parseFloat(t.replace(/[<>]/g, "")));
      expect(Math.abs(outcomes.reduce((s, p) => s + p, 0) - 100)).toBeLessThan(0.5);
    }
    await expect(odds.textContent()).resolves.toContain("Short sword");
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-toast-attack");
    // Attack d10+ 9 → 9 + 8 = 17.
    await page.evaluate(() => (window as any).bb.H.scriptDiceFaces([9]));
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const attackCard = lastCard(page);
    await expect(attackCard.locator(".toast-attack .toast-result strong").textContent()).resolves.toBe("9 +8 = 17");
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(attackCard, "chat-card-toast-attack");

    // The GM defends for the Guard with his short sword (AGI 12 → +1, level 3): 3 + 4 = 7.
    await attackCard.locator('[data-bb-action="core.respond"]').click();
    const defence = await rollDialog(page);
    await expect.poll(() => defence.locator("[data-bb-odds]").textContent()).toMatch(/%/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(defence, "roll-dialog-toast-defend");
    await page.evaluate(() => (window as any).bb.H.scriptDiceFaces([3, 4, 4, 4, 4, 4]));
    await defence.locator('button[data-action="roll"]').click();
    await settle(page);
    const resolution = page.locator("#bb-chat-log > li").nth((await page.locator("#bb-chat-log > li").count()) - 1);
    await expect(resolution.locator(".toast-resolution").count()).resolves.toBe(1);
    await expect(resolution.locator(".toast-outcome strong").textContent()).resolves.toBe("Hit");
    const text = (await resolution.textContent()) ?? "";
    expect(text).toContain("3 +4 = 7");
    expect(text).toContain("[4, 4, 4, 4, 4] = 20");
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(resolution, "chat-card-toast-resolution");

    // Apply: 20 wound levels, effective 20 → collapse check, avg(STR, HTH, TOL, WIL) 10; a 5 fails.
    await page.evaluate(() => (window as any).bb.H.scriptDiceFaces([5]));
    await resolution.locator('[data-bb-action="core.apply"]').click();
    await settle(page);
    const wound = lastCard(page);
    await expect(wound.locator(".toast-wound").count()).resolves.toBe(1);
    const woundText = (await wound.textContent()) ?? "";
    expect(woundText).toContain("5 +10 = 15 vs 20");
    await expect(wound.locator(".toast-state strong").textContent()).resolves.toBe("Collapsed");
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(wound, "chat-card-toast-wound");
    const state = await page.evaluate(async (uuid) => {
      await (window as any).bb.settle();
      const d = (window as any).fromUuidSync(uuid);
      return { wounds: d.system.wounds.value, collapsed: d.system.collapsed, status: d.statuses.has("toastCollapsed") };
    }, defender);
    expect(state).toEqual({ wounds: 20, collapsed: true, status: true });
    // A second Apply changes nothing.
    await resolution.locator('[data-bb-action="core.apply"]').click();
    await settle(page);
    await expect(page.evaluate((uuid) => (window as any).fromUuidSync(uuid).system.wounds.value, defender)).resolves.toBe(20);
    const guardSheet = await openSheet(page, defender);
    await screenshot(guardSheet, "sheet-toast-collapsed");
    expect(w.errors).toEqual([]);
  });

  it("initiative once, shown as \"Auto 4\" in a tracker row, with the Hold control", async () => {
    const { page } = w;
    const labels = await page.evaluate(async () => {
      const g = (window as any).game;
      const bb = (window as any).bb;
      const actors = ["Ysolde", "Guard"].map((n) => g.actors.find((a: any) => a.type === "toast" && a.name === n));
      const combat = await g.combats.documentClass.create({});
      await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
      bb.H.scriptDiceFaces([12, 4, 7]);
      await combat.rollAll();
      await combat.startCombat();
      // Breadbox's tracker (CONFIG.ui.combat: core's rows plus Breadbox's part, issue 22), drawn on the page.
      const app = new (window as any).CONFIG.ui.combat();
      await app.render({ force: true });
      await bb.settle();
      app.element.id = "bb-tracker-preview";
      return [...app.element.querySelectorAll(".token-initiative input, .token-initiative > span")].map((e: any) => e.value ?? e.textContent);
    });
    expect(labels[0]).toBe("Auto 4");
    const tracker = page.locator("#bb-tracker-preview");
    await expect(tracker.locator('[data-toast-turn="hold"]').count()).resolves.toBe(1);
    await screenshot(tracker, "tracker-toast-initiative");
    await tracker.locator('[data-toast-turn="hold"]').click();
    await settle(page);
    const after = await page.evaluate(() => {
      const combat = (window as any).game.combats.contents.at(-1);
      return { current: combat.combatant.name, held: combat.flags.breadbox.toastRound.turns.find((t: any) => t.id === combat.turns[0].id)?.status };
    });
    expect(after.held).toBe("holding");
    expect(w.errors).toEqual([]);
  });
});
