/**
 * Toast's contested task against a character on core's exchange engine (`toast.contest`, seed
 * "Contested Tasks"): the roller's check is posted, the opponent's owner (the GM for an NPC)
 * answers with her own task, the GM rolls her side and the card names the winner. A contest
 * against a number stays one local card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { performToastCheck } from "../../../src/rulesets/toast/task";
import { ledgerEntry, ledgerSettled } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { applyOrRelay } from "../../../src/core/relay";
import { formatChance } from "../../../src/core/rolls/odds-panel";
import { respondThroughRelay, shift } from "../exchange-relay";
import * as R from "../../../src/rulesets/toast/rules";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

/** Broadsword +7 (AGI 17: +3, level 5, chain mail −1); Strength task 12 − 1 = 11. */
async function fighter(name: string, ownership: Record<string, number> = {}): Promise<any> {
  const a: any = await Actor.create({ name, type: "toast", system: { attributes: ATTRS }, ownership } as never);
  await a.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "toastSkill", system: { level: 5, baseAttributes: ["agility"], category: "weapon" } },
    { name: "History", type: "toastSkill", system: { level: 0, baseAttributes: ["perception", "focus"], category: "knowledge" } },
    { name: "Climbing", type: "toastSkill", system: { level: 0, baseAttributes: ["agility", "strength"], category: "athletic" } },
    { name: "Chain Mail", type: "toastArmor", system: { armorType: "chainMail", woundReduction: 5, encumbrance: 40 } },
  ]);
  return a;
}
const skillId = (a: any, name: string) => a.items.getName(name).id;
const msgs = (): any[] => [...(game as any).messages];

/** p1 plays Ava; Bren is p2's (or the GM's NPC with `npc`); p3 is a stranger. */
async function scene(npc = false) {
  const p1 = createUser({ name: "Ava's player" });
  const p2 = createUser({ name: "Bren's player" });
  const p3 = createUser({ name: "Stranger" });
  const ava = await fighter("Ava", { [p1.id!]: 3 });
  const bren = await fighter("Bren", npc ? {} : { [p2.id!]: 3 });
  return { p1, p2, p3, ava, bren };
}

/** Ava (p1) contests Bren on her Broadsword, rolling `face` on her own client (skip key: no dialog). */
async function contest(s: Awaited<ReturnType<typeof scene>>, face: number[], preset: Record<string, unknown> = {}): Promise<any> {
  (s.p1 as any).targets = new Set([{ actor: s.bren }]);
  scriptDiceFaces(face);
  const rolls = await asUser(s.p1, () => performToastCheck(s.ava, { kind: "skill", itemId: skillId(s.ava, "Broadsword") }, { contested: true, ...preset }, shift));
  (s.p1 as any).targets = new Set();
  expect(rolls).toHaveLength(1);
  await ledgerSettled();
  return msgs().at(-1);
}

const answer = (user: any, s: any, card: any, choices: Record<string, unknown>) => asUser(user, () => applyOrRelay("core.respond", s.bren, { messageId: card.id, response: "answer", choices, mode: "public" }));
const resolutions = (card: any) => msgs().filter((m) => m.flags.breadbox?.type === "exchangeResolution" && m.flags.breadbox.declarationId === card.id);

describe("Toast contest against a character (toast.contest)", () => {
  it("the roller's client posts only her own roll; a player cannot roll the NPC's side; the GM answers and the card names the winner", async () => {
    const s = await scene(true);
    const card = await contest(s, [6]);
    expect(msgs()).toHaveLength(1);
    expect(card.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "toast.contest", attackerUuid: s.ava.uuid, targetUuid: s.bren.uuid });
    expect(card.rolls).toHaveLength(1);
    expect(ledgerEntry(card.id)?.posted).toMatchObject({ exchange: "toast.contest", choices: { task: `skill:${skillId(s.ava, "Broadsword")}`, contested: true } });
    expect(card.content).toContain('data-response="answer"');
    expect(card.content).toContain("Waiting for Bren");
    // Ava's player (or anyone not owning Bren) cannot answer for the NPC, with any dice.
    for (const who of [s.p1, s.p3]) expect(await answer(who, s, card, { task: "attribute:strength", situational: 0 })).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(await respondThroughRelay(s.p1, card, "answer")).toMatchObject({ ok: false });
    expect(hasMark(card.id, "resolved")).toBe(false);
    expect(resolutions(card)).toHaveLength(0);
    // The GM answers for her NPC (skip key: her first task, Broadsword +7); her d10+ is rolled on the GM's client.
    scriptDiceFaces([3]);
    const r = await respondThroughRelay(gmUser(), card, "answer");
    expect(r).toMatchObject({ ok: true });
    const [resolution] = resolutions(card);
    expect(resolution.rolls).toHaveLength(1);
    expect(resolution.rolls[0].options.actorUuid).toBe(s.bren.uuid);
    const html: HTMLElement = await resolution.renderHTML();
    // 6 + 7 = 13 against 3 + 7 = 10.
    expect(html.querySelector(".toast-contest-result")?.textContent).toContain("Ava wins");
    expect([...html.querySelectorAll(".toast-total")].map((e) => e.textContent)).toEqual(["13", "10"]);
    expect(resolution.flags.breadbox.outcome).toBe("firstWins");
    expect(resolution.content).not.toContain("core.apply");
    expect(ledgerEntry(resolution.id)?.exchange).toBeUndefined();
    expect(s.ava.items.getName("Broadsword").system.used).toBe(true);
    expect(s.bren.items.getName("Broadsword").system.used).toBe(true);
  });

  it("the opponent's owner (only) answers, with a task she can attempt and a modifier within bounds; an untrained skill is learned", async () => {
    const s = await scene();
    const card = await contest(s, [4]);
    expect(await answer(s.p1, s, card, { task: "attribute:strength", situational: 0 })).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(await answer(s.p3, s, card, { task: "attribute:strength", situational: 0 })).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    const refused = [
      { task: `skill:${skillId(s.bren, "History")}`, situational: 0 }, // Knowledge at level 0: needs study
      { task: `skill:${skillId(s.ava, "Broadsword")}`, situational: 0 }, // Ava's skill, not hers
      { task: "attribute:strength", situational: 99 },
      { task: "attribute:strength", situational: 1.5 },
      { task: "anything", situational: 0 },
    ];
    for (const choices of refused) expect((await answer(s.p2, s, card, choices)).ok).toBe(false);
    expect(hasMark(card.id, "resolved")).toBe(false);
    scriptDiceFaces([9]);
    // Climbing at level 0: AGI/STR average 14 → +2, level 0, armor −1 = +1; +2 situational = +3.
    expect(await answer(s.p2, s, card, { task: `skill:${skillId(s.bren, "Climbing")}`, situational: 2 })).toMatchObject({ ok: true });
    const [resolution] = resolutions(card);
    const html: HTMLElement = await resolution.renderHTML();
    // 4 + 7 = 11 against 9 + 3 = 12.
    expect([...html.querySelectorAll(".toast-total")].map((e) => e.textContent)).toEqual(["11", "12"]);
    expect(html.querySelector(".toast-contest-result")?.textContent).toContain("Bren wins");
    expect(s.bren.items.getName("Climbing").system).toMatchObject({ level: 1, learned: true, used: true });
  });

  it("answered twice at once (owner and GM): resolved once", async () => {
    const s = await scene();
    const card = await contest(s, [5]);
    scriptDiceFaces([2, 8]);
    const results: any[] = await Promise.all([answer(s.p2, s, card, { task: "attribute:strength", situational: 0 }), answer(gmUser(), s, card, { task: `skill:${skillId(s.bren, "Broadsword")}`, situational: 0 })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: "BREADBOX.Exchange.AlreadyResolved" });
    expect(resolutions(card)).toHaveLength(1);
    expect(await answer(s.p2, s, card, { task: "attribute:strength", situational: 0 })).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyResolved" });
  });

  it("the roller edits her card after posting (choices, dice): the GM uses what was posted", async () => {
    const s = await scene();
    const card = await contest(s, [2]);
    const forged = new Roll("1dp");
    scriptDiceFaces([12, 10]);
    await forged.evaluate();
    await asUser(s.p1, () => card.update({ rolls: [JSON.stringify(forged.toJSON())], flags: { breadbox: { choices: { gm: 20, task: "attribute:agility" } } } }));
    expect(card.rolls[0].dice[0].results[0].result).toBe(12);
    expect(card.flags.breadbox.choices.gm).toBe(20);
    scriptDiceFaces([5]);
    expect(await answer(s.p2, s, card, { task: `skill:${skillId(s.bren, "Broadsword")}`, situational: 0 })).toMatchObject({ ok: true });
    const html: HTMLElement = await resolutions(card)[0].renderHTML();
    // As posted: 2 + 7 = 9 against 5 + 7 = 12 (the edited +20, or the edited Auto, would have won).
    expect([...html.querySelectorAll(".toast-total")].map((e) => e.textContent)).toEqual(["9", "12"]);
    expect(html.querySelector(".toast-contest-result")?.textContent).toContain("Bren wins");
  });

  it("a declaration with choices the check dialog never offers, or by someone not owning the roller, is refused", async () => {
    const s = await scene();
    const good = { task: `skill:${skillId(s.ava, "Broadsword")}`, alsoAttribute: "", difficulty: "medium", customTarget: 15, gm: 0, applyWounds: true, applyArmor: true, contested: true, opponentModifier: 0 };
    scriptDiceFaces([5]);
    const roll = new Roll("1dp");
    await roll.evaluate();
    const post = (user: any, choices: Record<string, unknown>, rolls = [JSON.stringify(roll.toJSON())]) => asUser(user, () => ChatMessage.create({ content: "x", rolls, flags: { breadbox: { type: "exchangeDeclaration", exchange: "toast.contest", attackerUuid: s.ava.uuid, targetUuid: s.bren.uuid, choices } } } as never));
    const tries: [any, Record<string, unknown>, string[]?][] = [
      [s.p3, good, []],
      [s.p1, { ...good, gm: 1001 }],
      [s.p1, { ...good, gm: 2.5 }],
      [s.p1, { ...good, gm: 999 }], // within the field's bounds, but her total is no task modifier
      [s.p1, { ...good, task: `skill:${skillId(s.bren, "Broadsword")}` }],
      [s.p1, { ...good, contested: false }],
      // The GM's modifier and a penalty switched off are a GM's choices against a character.
      [s.p1, { ...good, gm: 3 }],
      [s.p1, { ...good, applyArmor: false }],
      [s.p1, { ...good, applyWounds: false }],
      [s.p1, good, []], // no roll posted
    ];
    for (const [who, choices, rolls] of tries) {
      const card: any = await post(who, choices, rolls);
      await ledgerSettled();
      const r: any = await answer(s.p2, s, card, { task: "attribute:strength", situational: 0 });
      expect(r.ok).toBe(false);
      // Refused from the record (its writer, its choices, its dice), not by the rolls' own check.
      if (rolls === undefined) expect(r.error).not.toBe("BREADBOX.Relay.NotGenuine");
      expect(hasMark(card.id, "resolved")).toBe(false);
    }
    // The same card as the dialog makes it, posted by Ava's player with her roll: answered.
    const card: any = await post(s.p1, good);
    await ledgerSettled();
    scriptDiceFaces([5]);
    expect(await answer(s.p2, s, card, { task: "attribute:strength", situational: 0 })).toMatchObject({ ok: true });
    // The GM may set her modifier for Ava.
    const byGM: any = await post(gmUser(), { ...good, gm: 3, applyArmor: false });
    await ledgerSettled();
    scriptDiceFaces([5]);
    expect(await answer(s.p2, s, byGM, { task: "attribute:strength", situational: 0 })).toMatchObject({ ok: true });
  });

  it("a player's own dialog refuses the GM's modifier (or a penalty switched off) against a character: nothing is rolled or posted", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.bren }]);
    const skipped = await asUser(s.p1, () => performToastCheck(s.ava, { kind: "skill", itemId: skillId(s.ava, "Broadsword") }, { contested: true, gm: 3 }, shift));
    expect(skipped).toBeNull();
    const pending = asUser(s.p1, () => performToastCheck(s.ava, { kind: "skill", itemId: skillId(s.ava, "Broadsword") }, { contested: true }));
    const dialog = await waitForDialog();
    // The dialog's handlers run on the player's client.
    await asUser(s.p1, () => fillForm(dialog.element, { applyWounds: false }));
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("only a GM");
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    (s.p1 as any).targets = new Set();
    expect(msgs()).toHaveLength(0);
  });

  it("the answer dialog offers her tasks (not an unstudied Knowledge skill) with the exact odds of beating the roll on the card", async () => {
    const s = await scene();
    const card = await contest(s, [6]);
    const pending = respondThroughRelay(s.p2, card, "answer", null);
    const dialog = await waitForDialog();
    const options = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="task"] option')].map((o) => o.value);
    expect(options).toContain(`skill:${skillId(s.bren, "Broadsword")}`);
    expect(options).not.toContain(`skill:${skillId(s.bren, "History")}`);
    fillForm(dialog.element, { task: `skill:${skillId(s.bren, "Broadsword")}`, situational: "1" });
    // Her +8 against the 13 on the card.
    const odds = R.initiativeOdds({ modifier: 8, against: R.resolveContestSide({ modifier: 7 }, [6]).rank });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain(formatChance(odds.outcomes.find((o) => o.key === "ahead")!.p));
    scriptDiceFaces([7]);
    await answerDialog({ action: "roll" });
    expect(await pending).toMatchObject({ ok: true });
    const html: HTMLElement = await resolutions(card)[0].renderHTML();
    expect([...html.querySelectorAll(".toast-total")].map((e) => e.textContent)).toEqual(["13", "15"]);
  });

  it("the roller's dialog names the targeted opponent, who answers on the card (no opponent's modifier to type)", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.bren }]);
    const pending = asUser(s.p1, () => performToastCheck(s.ava, { kind: "skill", itemId: skillId(s.ava, "Broadsword") }, { contested: true }));
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('[name="opponentModifier"]')).toBeNull();
    expect(dialog.element.querySelector(".toast-contest-against")?.textContent).toContain("Bren");
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("Bren");
    scriptDiceFaces([4]);
    await answerDialog({ action: "roll" });
    expect(await pending).toHaveLength(1);
    (s.p1 as any).targets = new Set();
    expect(msgs().at(-1).flags.breadbox.exchange).toBe("toast.contest");
  });

  it("a contest against a number (no targeted character) stays one local card with both rolls", async () => {
    const s = await scene();
    scriptDiceFaces([6, 3]);
    const rolls = await asUser(s.p1, () => performToastCheck(s.ava, { kind: "skill", itemId: skillId(s.ava, "Broadsword") }, { contested: true, opponentModifier: 9 }, shift));
    expect(rolls).toHaveLength(2);
    expect(msgs()).toHaveLength(1);
    const message = msgs()[0];
    expect(message.flags.breadbox.type).toBe("toastContest");
    const html: HTMLElement = await message.renderHTML();
    // 6 + 7 = 13 against 3 + 9 = 12.
    expect(html.querySelector(".toast-contest-result")?.textContent).toContain("Ava wins");
  });
});
