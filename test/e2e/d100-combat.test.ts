/**
 * D10/0 combat in a real browser, on the built system: a weapon's attack button on the sheet opens
 * the attack dialog with exact odds (check degrees and what one hit does to the target), the
 * attack card shows its dice and effort, the target defends with a conflicting effort (its own
 * dialog and odds), the resolution card shows every hit adjusted by the target's armor, and Apply
 * takes exactly that amount off the target's health — once. axe-core on each dialog and card;
 * screenshots for the gallery.
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

async function dialogOpen(page: Page): Promise<Locator> {
  const dialog = page.locator("dialog.roll-dialog[open]").last();
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  return dialog;
}

const lastCard = (page: Page) => page.locator("#bb-chat-log > li.chat-message").last();

/** Two D10/0 characters: a marksman (Ranged far above 100, so every roll hits) and a vested officer. */
async function fighters(page: Page): Promise<{ attacker: string; target: string }> {
  return page.evaluate(async () => {
    const g = window as any;
    const attacker = await g.Actor.create({
      name: "Marksman",
      type: "d100",
      system: { attributes: { agility: 8, focus: 8, perception: 7 }, skills: { ranged: { major1: "agility", major2: "focus", adjust: 110 } } },
    });
    await attacker.createEmbeddedDocuments("Item", [{ name: "Pistol", type: "d100Weapon", system: { skill: "ranged", range: "ranged", damage: "5 + 1D", attackAp: 2 } }]);
    const target = await g.Actor.create({
      name: "Officer",
      type: "d100",
      system: { attributes: { agility: 1, endurance: 5, strength: 1, spirit: 5 }, health: { current: 50, bonus: 0 } },
    });
    await target.createEmbeddedDocuments("Item", [{ name: "Flak vest", type: "d100Armor", system: { adjustment: "-5F", coverage: ["chest"], equipped: true } }]);
    g.bb.setTarget(target.uuid);
    g.bb.H.seedDice(11);
    return { attacker: attacker.uuid, target: target.uuid };
  });
}

const health = (page: Page, uuid: string) => page.evaluate((u) => (window as any).fromUuidSync(u).system.health.current as number, uuid);

describe("D10/0: a full attack to Apply", () => {
  it("sheet → attack dialog (odds) → attack card → Defend → resolution card → Apply, once", async () => {
    const { page } = w;
    const { attacker, target } = await fighters(page);
    const sheet = await openSheet(page, attacker);
    await showTab(page, sheet, "items");
    await sheet.locator('[data-action="d100Attack"]').first().click();
    const dialog = await dialogOpen(page);
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/%/);
    await expect.poll(() => odds.textContent()).toMatch(/Injured|Normal|On the Brink/);
    const before = await odds.textContent();
    await dialog.locator('select[name="difficulty"]').selectOption("impossible");
    await expect.poll(() => odds.textContent()).not.toBe(before);
    await dialog.locator('select[name="difficulty"]').selectOption("tricky");
    expect(await unlocalizedKeys(page, "dialog.roll-dialog[open]")).toEqual([]);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "d100-dialog-attack");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);

    // The attack card: skill − roll = effort; effort − difficulty (10) = degree.
    const attackCard = lastCard(page);
    await expect(attackCard.locator(".bb-d100-attack").count()).resolves.toBe(1);
    const steps = await attackCard.locator(".bb-steps li").allTextContents();
    const check = steps[0]!.match(/(\d+)\s*−\s*\[[\d ]+\]\s*(\d+)\s*=\s*effort\s*(-?\d+)/);
    expect(check, steps[0]).not.toBeNull();
    const [, score, roll, effort] = check!.map(Number);
    expect(score! - roll!).toBe(effort);
    const degree = Number(await attackCard.locator(".bb-d100-degree").textContent());
    expect(degree).toBe(effort! - 10);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(attackCard, "d100-card-attack");

    // The GM defends for the officer: a conflicting effort.
    await attackCard.locator('[data-bb-action="core.respond"][data-response="defend"]').click();
    const defence = await dialogOpen(page);
    await expect.poll(() => defence.locator("[data-bb-odds]").textContent()).toMatch(/%/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(defence, "d100-dialog-defence");
    await defence.locator('button[data-action="roll"]').click();
    await settle(page);

    const resolution = lastCard(page);
    await expect(resolution.locator(".bb-d100-resolution").count()).resolves.toBe(1);
    const shots = await resolution.locator(".bb-d100-shot").allTextContents();
    expect(shots.length).toBe(1);
    // "#1: 5 + [d] = t → -5F (-5) = a ⇒ a": every hit's total is flat + die, adjusted by −5 (not below 0).
    const shot = shots[0]!.match(/5 \+ \[([\d+]+)\] = (\d+).*⇒\s*(\d+)/);
    expect(shot, shots[0]).not.toBeNull();
    const die = shot![1]!.split("+").reduce((x, y) => x + Number(y), 0);
    const total = Number(shot![2]);
    const after = Number(shot![3]);
    expect(total).toBe(5 + die);
    expect(after).toBe(Math.max(0, total - 5));
    const amount = Number(await resolution.locator(".bb-d100-amount").textContent());
    expect(amount).toBe(after);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(resolution, "d100-card-resolution");

    const hpBefore = await health(page, target);
    await resolution.locator('[data-bb-action="core.apply"]').click();
    await settle(page);
    await expect.poll(() => health(page, target)).toBe(hpBefore - amount);
    // A second click applies nothing.
    await lastCard(page).locator('[data-bb-action="core.apply"]').count();
    await page.evaluate(async () => {
      const g = window as any;
      const msg = g.game.messages.contents.filter((m: any) => m.flags?.breadbox?.type === "exchangeResolution").at(-1);
      const el = document.querySelector(`[data-message-id="${msg.id}"] [data-bb-action="core.apply"]`) as HTMLElement | null;
      el?.click();
    });
    await settle(page);
    expect(await health(page, target)).toBe(hpBefore - amount);
    await screenshot(page, "d100-page-after-attack");
    expect(w.errors).toEqual([]);
  });

  it("a burst from the pack: the dialog shows each spread step's odds; every hit is rolled and adjusted", async () => {
    const { page } = w;
    const { attacker, target } = await fighters(page);
    await page.evaluate(async (uuid) => {
      const g = window as any;
      const actor = g.fromUuidSync(uuid);
      const pack = [...g.game.packs.values()].find((p: any) => p.metadata.name === "d100-weapons");
      const index = await pack.getIndex();
      const entry = [...index].find((e: any) => e.name === "Assault Rifle");
      const doc = await pack.getDocument(entry._id);
      await actor.createEmbeddedDocuments("Item", [doc.toObject()]);
    }, attacker);
    const sheet = await openSheet(page, attacker);
    await showTab(page, sheet, "items");
    await sheet.locator('[data-item-id] >> text=Assault Rifle').locator("xpath=ancestor::li[1]").locator('[data-action="d100Attack"]').click();
    const dialog = await dialogOpen(page);
    await dialog.locator('select[name="block"]').selectOption("fire:0");
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/Step 3: 3 hit/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "d100-dialog-burst");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const attackCard = lastCard(page);
    await expect(attackCard.textContent()).resolves.toMatch(/Three Shot Burst/);
    await attackCard.locator('[data-bb-action="core.respond"][data-response="take"]').click();
    await settle(page);
    const resolution = lastCard(page);
    const shots = await resolution.locator(".bb-d100-shot").allTextContents();
    // Ranged 149 against difficulty 0: the degree is far above 10, the third step: three hits.
    expect(shots.length).toBe(3);
    let sum = 0;
    for (const line of shots) {
      // "#n: 10 + [a, b] = t → …": a die may read "10+5" (a 0 is its maximum, then it overflows).
      const m = line.match(/10 \+ \[([\d+]+), ([\d+]+)\] = (\d+).*⇒\s*(\d+)/);
      expect(m, line).not.toBeNull();
      const dieSum = (t: string) => t.split("+").reduce((x, y) => x + Number(y), 0);
      const total = Number(m![3]);
      const after = Number(m![4]);
      expect(total).toBe(10 + dieSum(m![1]!) + dieSum(m![2]!));
      expect(after).toBe(Math.max(0, total - 5));
      sum += after;
    }
    expect(Number(await resolution.locator(".bb-d100-amount").textContent())).toBe(sum);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(resolution, "d100-card-resolution-burst");
    expect(w.errors).toEqual([]);
  });
});
