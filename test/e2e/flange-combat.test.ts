/**
 * Flange combat in a real browser, on the built system: an attack from the sheet (dialog with live
 * odds), the GM declares the defender's block on the attack card and picks the skill, the GM's
 * client resolves (a card whose numbers follow from its dice), the player applies the damage
 * through the GM relay, once; a serious injury card. axe-core on each dialog and card; screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, openSheet, openWorld, screenshot, settle, showTab, startTestBed, unlocalizedKeys, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let w: WorldPage;
beforeAll(async () => {
  bed = await startTestBed();
  w = await openWorld(bed, "flange");
});
afterAll(async () => bed?.close());

async function rollDialog(page: Page): Promise<Locator> {
  const dialog = page.locator("dialog.roll-dialog[open]").last();
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  return dialog;
}

const lastCard = (page: Page) => page.locator("#bb-chat-log > li.chat-message").last();

describe("Flange attack to Apply", () => {
  it("attack card → declared block → resolution → Apply through the GM, with the dice on the card", async () => {
    const { page } = w;
    const ids = await page.evaluate(async () => {
      const g = window as any;
      const Actor = g.CONFIG.Actor.documentClass;
      const player = g.bb.state.player;
      const tims = await Actor.create({ name: "Mr Tims", type: "flange", ownership: { default: 0, [player.id]: 3 }, system: { attributes: { perception: 6, strength: 8, athleticism: 8, constitution: 9 }, edge: { points: 1, spent: 0 } } });
      await tims.createEmbeddedDocuments("Item", [
        { name: "Sock of sand", type: "flangeSkill", system: { heading: "combatMelee", dots: 2 } },
        { name: "Sock of sand", type: "flangeWeapon", system: { attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3, skill: "Sock of sand", heading: "combatMelee", equipped: true } },
      ]);
      const don = await Actor.create({ name: "Don Smits", type: "flange", system: { attributes: { perception: 8, athleticism: 7, constitution: 6 } } });
      await don.createEmbeddedDocuments("Item", [{ name: "Parkour", type: "flangeSkill", system: { heading: "acrobatics", dots: 2 } }]);
      return { tims: tims.uuid as string, don: don.uuid as string, player: player.id as string, gm: g.game.user.id as string };
    });

    // The GM attacks the Don with Tims's sock of sand (this page is one client: the GM's records who
    // wrote a card as it arrives, so the card is written while the GM's user is the current one).
    await page.evaluate(async ({ don }) => (window as any).bb.setTarget(don), ids);
    // From Tims's sheet: the weapon row's attack button (Gear tab).
    const sheet = await openSheet(page, ids.tims);
    await showTab(page, sheet, "gear");
    await screenshot(sheet, "sheet-flange-gear-attack");
    await sheet.locator('table.flange-weapons tr[data-item-id] [data-action="attack"]').first().click();
    const dialog = await rollDialog(page);
    const odds = dialog.locator("[data-bb-odds]");
    await expect.poll(() => odds.textContent()).toMatch(/%/);
    const before = await odds.textContent();
    await dialog.locator('input[name="edgeDice"]').fill("1");
    await dialog.locator('input[name="edgeDice"]').dispatchEvent("input");
    await expect.poll(() => odds.textContent()).not.toBe(before);
    // Two Edge points of one: refused with a message, the Roll button disabled.
    await dialog.locator('input[name="edgeTarget"]').fill("1");
    await dialog.locator('input[name="edgeTarget"]').dispatchEvent("input");
    await expect.poll(() => odds.textContent()).toMatch(/Edge/);
    await expect(dialog.locator('button[data-action="roll"]').isDisabled()).resolves.toBe(true);
    await dialog.locator('input[name="edgeTarget"]').fill("0");
    await dialog.locator('input[name="edgeTarget"]').dispatchEvent("input");
    await expect.poll(() => dialog.locator('button[data-action="roll"]').isDisabled()).toBe(false);
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    expect(await unlocalizedKeys(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(dialog, "roll-dialog-flange-attack");
    await dialog.locator('button[data-action="roll"]').click();
    await settle(page);
    await page.evaluate(() => (window as any).bb.closeAll());
    const attackCard = lastCard(page);
    await expect(attackCard.locator(".flange-attack").count()).resolves.toBe(1);
    // Tims's player does not own the Don: no defence buttons for them.
    await page.evaluate(async ({ player }) => (window as any).bb.setUser(player), ids);
    await expect(lastCard(page).locator('[data-bb-action="core.respond"]').count()).resolves.toBe(0);
    await screenshot(lastCard(page), "chat-card-flange-attack-player");

    // The GM declares the Don's block with his arm and picks the skill.
    await page.evaluate(async ({ gm }) => (window as any).bb.setUser(gm), ids);
    const gmCard = lastCard(page);
    await expect(gmCard.locator('[data-bb-action="core.respond"]').count()).resolves.toBe(5); // with the GM's "undefended (ambush)"
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(gmCard, "chat-card-flange-attack");
    await gmCard.locator('[data-bb-action="core.respond"][data-response="blockBody"]').click();
    const defence = await rollDialog(page);
    await expect(defence.locator('select[name="skillId"] option:checked').textContent()).resolves.toContain("Parkour");
    // The defender sees the odds of this attack against the block, and they change with the skill.
    const defOdds = defence.locator("[data-bb-odds]");
    await expect.poll(() => defOdds.textContent()).toMatch(/Blocked with the body[\s\S]*%/);
    const withParkour = await defOdds.textContent();
    await defence.locator('select[name="skillId"]').selectOption("");
    await expect.poll(() => defOdds.textContent()).not.toBe(withParkour);
    await defence.locator('select[name="skillId"]').selectOption({ label: "Parkour" });
    expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
    await screenshot(defence, "roll-dialog-flange-defence");
    // Foundry's dice, scripted: attack (2 dice + 1 Edge die at 8) 9, 4, 8 → two successes; damage
    // (no dots + 2) 8, 6 → 8 − 3 = 5; block (Parkour 2 at 7) 7, 1 → halved to 3.
    await page.evaluate(() => (window as any).bb.H.scriptDiceFaces([9, 4, 8, 8, 6, 7, 1]));
    await defence.locator('button[data-action="roll"]').click();
    await settle(page);
    const resolution = lastCard(page);
    await expect(resolution.locator(".flange-resolution").count()).resolves.toBe(1);
    // The card's numbers follow from its dice: attack successes, damage = top die − 3 (min 1), block halves or not.
    const read = await resolution.evaluate((li) => {
      const steps = [...li.querySelectorAll(".bb-steps > li")].map((s) => s.textContent ?? "");
      const faces = (t: string) => (/\[([^\]]*)\]/.exec(t)?.[1] ?? "").split(",").map((x) => Number(x.trim())).filter((x) => x > 0);
      return { steps, attackFaces: faces(steps[0] ?? ""), damageStep: steps.find((s) => /Damage/.test(s)) ?? "", last: steps.at(-1) ?? "", hit: li.querySelector(".flange-resolution")?.classList.contains("hit") ?? false };
    });
    // Two skill dice plus the Edge die, at Strength 8.
    expect(read.attackFaces).toEqual([9, 4, 8]);
    expect(read.steps[0]).toContain("3d10 ≥ 8 → 2");
    expect(read.hit).toBe(true);
    {
      const damageFaces = (/\[([^\]]*)\]/.exec(read.damageStep)?.[1] ?? "").split(",").map((x) => Number(x.trim()));
      const tens = damageFaces.filter((f) => f === 10).length;
      const top = tens ? 9 + tens : Math.max(...damageFaces);
      expect(read.damageStep).toContain(`= ${Math.max(1, top - 3)}`);
      expect(read.damageStep).toContain("= 5");
      expect(read.last).toContain("3");
    }
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    expect(await unlocalizedKeys(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(resolution, "chat-card-flange-resolution");

    {
      // Tims's player applies it to the Don, whom they do not own: through the GM, once.
      await page.evaluate(async ({ player }) => (window as any).bb.setUser(player), ids);
      const playerView = lastCard(page).locator(".flange-resolution").count() ? lastCard(page) : resolution;
      const damage = await page.evaluate(() => {
        const m = (window as any).game.messages.contents.filter((x: any) => x.flags?.breadbox?.type === "exchangeResolution").at(-1);
        return m.flags.breadbox.damage as number;
      });
      await playerView.locator('[data-bb-action="core.apply"]').first().click();
      await settle(page);
      const wounds = await page.evaluate(({ don }) => (window as any).fromUuidSync(don).system.wounds.value, ids);
      expect(damage).toBe(3);
      expect(wounds).toBe(damage);
      const again = page.locator("#bb-chat-log > li.chat-message .flange-resolution").last().locator("xpath=ancestor::li[1]");
      await again.locator('[data-bb-action="core.apply"]').first().click();
      await settle(page);
      expect(await page.evaluate(({ don }) => (window as any).fromUuidSync(don).system.wounds.value, ids)).toBe(damage);
      await page.evaluate(async ({ gm }) => (window as any).bb.setUser(gm), ids);
      {
        const injury = lastCard(page);
        await expect(injury.locator(".flange-damage-applied.flange-serious-injury").count()).resolves.toBe(1);
        await expect(injury.textContent()).resolves.toMatch(/9\s*\/\s*12/);
        expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
        await screenshot(injury, "chat-card-flange-serious-injury");
      }
    }
    await screenshot(page, "page-after-flange-combat");
    expect(w.errors).toEqual([]);
  });

  it("a tie: the simultaneous-action card, secret hands chosen from it, the reveal", async () => {
    const { page } = w;
    w.clearErrors();
    await page.evaluate(async () => {
      const g = window as any;
      const Actor = g.CONFIG.Actor.documentClass;
      const mk = async (name: string) => {
        const a = await Actor.create({ name, type: "flange", system: { attributes: { perception: 8, athleticism: 8, strength: 8 } } });
        await a.createEmbeddedDocuments("Item", [{ name: "Fists", type: "flangeWeapon", system: { attribute: "strength", range: "melee", skill: "Brawling", heading: "combatBrawl", equipped: true } }]);
        return a;
      };
      const a = await mk("Ada");
      const b = await mk("Bo");
      const combat = await g.CONFIG.Combat.documentClass.create({});
      await combat.createEmbeddedDocuments("Combatant", [a, b].map((x: any) => ({ actorId: x.id, name: x.name })));
      await combat.startCombat();
      g.bb.H.scriptDiceFaces([5, 5]);
      await combat.rollAll();
    });
    await settle(page);
    await expect.poll(() => page.locator("#bb-chat-log .flange-simultaneous").count()).toBe(1);
    const card = () => page.locator("#bb-chat-log > li.chat-message").filter({ has: page.locator(".flange-simultaneous") }).last();
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    expect(await unlocalizedKeys(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card(), "chat-card-flange-simultaneous");
    const choose = async (name: string, hand: string) => {
      await card().locator("li", { hasText: name }).locator('[data-bb-action="flange.chooseHand"]').click();
      const dialog = await rollDialog(page);
      await dialog.locator('select[name="hand"]').selectOption(hand);
      if (hand === "scissors") {
        expect(await axeSerious(page, "dialog.roll-dialog[open]")).toEqual([]);
        await screenshot(dialog, "roll-dialog-flange-hand");
      }
      await dialog.locator('button[data-action="roll"]').click();
      await settle(page);
    };
    await choose("Ada", "scissors");
    // Chosen, not shown.
    await expect(card().textContent()).resolves.not.toMatch(/Scissors/);
    await screenshot(card(), "chat-card-flange-simultaneous-chosen");
    await choose("Bo", "paper");
    await expect.poll(() => card().textContent()).toMatch(/Scissors[\s\S]*Paper|Paper[\s\S]*Scissors/);
    await expect(card().locator('[data-bb-action="flange.simultaneousAttack"]').count()).resolves.toBe(1);
    expect(await axeSerious(page, "#bb-chat-log > li:last-child")).toEqual([]);
    await screenshot(card(), "chat-card-flange-simultaneous-revealed");
    expect(w.errors).toEqual([]);
  });
});
