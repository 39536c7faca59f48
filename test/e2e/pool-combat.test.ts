/**
 * The Dice Pool's combat in a real browser: a weapon attack against the target through the dialog
 * to an attack card, the target's player takes it unopposed, the GM's client posts the resolution
 * whose steps follow the book's order from the card's own numbers, Apply (by the player, through
 * the GM) writes the wound once; the phase clock's card after a turn. axe and screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, notificationCount, notificationsSince, openSheet, openWorld, screenshot, settle, showTab, startTestBed, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "pool");
});
afterAll(async () => bed?.close());

const lastCard = (page: Page): Locator => page.locator("#bb-chat-log > li").last();

async function scene(page: Page): Promise<{ attacker: string; guard: string; playerId: string; gmId: string }> {
  return page.evaluate(async () => {
    const win = window as any;
    const bb = win.bb;
    const attacker = await win.Actor.create({ name: "Rhoenda", type: "pool" });
    await attacker.createEmbeddedDocuments("Item", [
      { name: "Blades", type: "poolAbility", system: { rating: 3 } },
      { name: "Physique", type: "poolAttribute", system: { score: 1 } },
      { name: "Muscle Power", type: "poolAttribute", system: { role: "musclePower", score: 2, parentTrait: "Physique" } },
      { name: "Reaction Time", type: "poolAttribute", system: { role: "reactionTime", score: 1 } },
      { name: "Sword", type: "poolWeapon", system: { ability: "Blades", attribute: "Physique", trauma: "physical", damageType: "lethal", musclePowered: true, damageModifier: 2 } },
    ]);
    const guard = await win.Actor.create({ name: "Guard", type: "pool", ownership: { [bb.state.player.id]: 3 } });
    await guard.createEmbeddedDocuments("Item", [
      { name: "Dodge", type: "poolAbility", system: { rating: 1 } },
      { name: "Toughness", type: "poolAttribute", system: { role: "toughness", score: 1 } },
      { name: "Leather armor", type: "poolArmor", system: { rating: 1, convertsLethal: false } },
    ]);
    return { attacker: attacker.uuid, guard: guard.uuid, playerId: bb.state.player.id, gmId: bb.state.gm.id };
  });
}

describe("Dice Pool combat", () => {
  it("a full attack to Apply: attack card → taken unopposed by the target's player → resolution in the book's order → Apply once", async () => {
    const { page } = w;
    const s = await scene(page);
    await page.evaluate((guard) => {
      (window as any).bb.setTarget(guard);
      (window as any).bb.H.seedDice(11);
    }, s.guard);
    const sheet = await openSheet(page, s.attacker);
    await showTab(page, sheet, "combat");
    await screenshot(sheet, "sheet-pool-combat");
    await sheet.locator('[data-action="rollWeapon"]').first().click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    // An easy Difficulty: the unopposed attack hits unless it botches.
    await dialog.locator('input[name="difficulty"]').fill("5");
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toMatch(/%/);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-pool-attack");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const attackCard = lastCard(page);
    const attack = await attackCard.evaluate((li) => ({
      kept: [...li.querySelectorAll(".pool-check .bb-die.kept")].map((d) => Number(d.textContent)),
      total: Number(li.querySelector(".pool-check .bb-total strong")?.textContent),
      target: li.querySelector(".pool-attack .bb-card-target")?.textContent ?? "",
    }));
    // Blades 3 → 4 Add dice, Physique 1 → one Bonus die: four kept d8s.
    expect(attack.kept).toHaveLength(4);
    expect(attack.total).toBe(attack.kept.reduce((a, b) => a + b, 0));
    expect(attack.target).toContain("Guard");
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(attackCard, "chat-card-pool-attack");

    // The Guard's player answers: take it unopposed (the request goes to the GM's client).
    await page.evaluate((id) => (window as any).bb.setUser(id), s.playerId);
    await settle(page);
    const buttons = lastCard(page).locator('[data-bb-action="core.respond"]');
    await expect(buttons.count()).resolves.toBe(2);
    await lastCard(page).locator('[data-bb-action="core.respond"][data-response="none"]').click();
    await settle(page);
    const resolution = lastCard(page);
    await expect(resolution.locator(".pool-resolution").count()).resolves.toBe(1);
    const read = await resolution.evaluate((li) => ({
      roll: [...li.querySelectorAll(".pool-resolution-roll li span:last-child")].map((e) => e.textContent?.trim() ?? ""),
      steps: [...li.querySelectorAll(".pool-resolution-steps li")].map((e) => [e.children[0]?.textContent?.trim() ?? "", e.children[1]?.textContent?.trim() ?? ""]),
      outcome: li.querySelector(".pool-resolution .bb-outcome strong")?.textContent?.trim() ?? "",
      wounds: [...li.querySelectorAll(".pool-resolution-wounds li")].map((e) => e.textContent?.trim() ?? ""),
      apply: li.querySelectorAll('[data-bb-action="core.apply"]').length,
    }));
    expect(read.roll[0]).toContain(String(attack.total));
    const botch = attack.total <= 4;
    if (botch) {
      expect(read.outcome).toBe("Miss");
      expect(read.apply).toBe(0);
    } else {
      // Degree = ⌊(total − 5) / 5⌋; − armor 1; + Muscle Power 2 + weapon 2 − Toughness 1 − Physical Threshold 0.
      const degree = Math.floor((attack.total - 5) / 5);
      const final = degree - 1 + 2 + 2 - 1;
      const step = (label: string) => read.steps.find(([l]) => l.startsWith(label))?.[1] ?? "";
      expect(step("Degree of Success")).toBe(String(degree));
      expect(step("Armor 1")).toBe(`-1 → ${degree - 1}`);
      expect(step("Final Degree of Success")).toBe(String(final));
      expect(read.wounds).toHaveLength(1);
      expect(read.wounds[0]).toContain(`degree ${Math.min(final, 7)}`);
      expect(read.apply).toBe(1);
    }
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(resolution, "chat-card-pool-resolution");

    if (!botch) {
      await resolution.locator('[data-bb-action="core.apply"]').click();
      await settle(page);
      const wounds = () => page.evaluate((uuid) => (window as any).fromUuidSync(uuid).system.wounds.length, s.guard);
      await expect(wounds()).resolves.toBe(1);
      // Twice: refused with a message, nothing added.
      const n0 = await notificationCount(page);
      await lastCard(page).locator('[data-bb-action="core.apply"]').click();
      await settle(page);
      expect((await notificationsSince(page, n0)).map((n) => n.message)).toContain("This result has already been applied.");
      await expect(wounds()).resolves.toBe(1);
      const guardSheet = await openSheet(page, s.guard);
      await showTab(page, guardSheet, "combat");
      await expect(guardSheet.locator("table.pool-wounds tbody tr").count()).resolves.toBe(1);
      await expect(guardSheet.locator("[data-pool-heal]").count()).resolves.toBe(1);
      await screenshot(guardSheet, "sheet-pool-wounded");
    }
    await page.evaluate((id) => (window as any).bb.setUser(id), s.gmId);
    await settle(page);
    expect(w.errors).toEqual([]);
  });

  it("the phase clock: the tracker's next turn posts a phase card with who acts at which phase", async () => {
    const { page } = w;
    const result = await page.evaluate(async () => {
      const win = window as any;
      const a = win.game.actors.find((x: any) => x.name === "Rhoenda");
      const g = win.game.actors.find((x: any) => x.name === "Guard");
      const combat = await win.Combat.create({});
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id }, { actorId: g.id }]);
      await combat.rollAll();
      await combat.startCombat();
      const start = { round: combat.round, order: combat.turns.map((c: any) => [c.name, c.initiative]) };
      await combat.nextTurn();
      return { start, after: { round: combat.round, order: combat.turns.map((c: any) => [c.name, c.initiative]) } };
    });
    await settle(page);
    // Strike (3): Rhoenda (Reaction Time 1) completes at 2, the Guard at 3; the clock starts at 2.
    expect(result.start).toEqual({ round: 2, order: [["Rhoenda", 2], ["Guard", 3]] });
    // Rhoenda strikes again from phase 2 → 4; the Guard acts at 3.
    expect(result.after).toEqual({ round: 3, order: [["Guard", 3], ["Rhoenda", 4]] });
    const card = lastCard(page);
    await expect(card.locator(".pool-phase h3").textContent()).resolves.toContain("3");
    await expect(card.locator(".pool-phase-acted").textContent()).resolves.toContain("Rhoenda completed Strike in melee");
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card, "chat-card-pool-phase");
    // The Guard's turn: its owner (here the GM) declares the next action from the card.
    await card.locator('[data-bb-action="pool.declare"]').click();
    const dialog = page.locator("dialog.roll-dialog[open]").last();
    await dialog.waitFor({ state: "visible", timeout: 5000 });
    await dialog.locator('select[name="action"]').selectOption("move");
    await dialog.locator('input[name="also"][value="shoot"]').check();
    // Move 3 and shoot 1 at once (no Speed or Reaction Time): slowest 3 + 2 actions = 5 phases, from phase 3.
    await expect.poll(() => dialog.locator("[data-bb-odds]").textContent()).toContain("Takes 5 phases: completes at phase 8.");
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "dialog-pool-declare");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    const next = await page.evaluate(async () => {
      const combat = (window as any).game.combats.contents.at(-1);
      await combat.nextTurn();
      return combat.turns.map((c: any) => [c.name, c.initiative]);
    });
    await settle(page);
    expect(next).toEqual([["Rhoenda", 4], ["Guard", 8]]);
    expect(w.errors).toEqual([]);
  });
});
