/**
 * Working against a character the user does not own (the `pool.against` exchange): the roller's side
 * is rolled on their client and posted; the opponent's owner (the Storyguide for an NPC) answers with
 * their own ability and attribute; the GM's client rolls that side and the card gives the core's
 * verdict. Numbers and dice come from the documents and the GM's record, never from the card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { groupCandidates } from "../../../src/rulesets/pool/group";
import { performGroupCheck } from "../../../src/rulesets/pool/group-check";
import { poolAgainst } from "../../../src/rulesets/pool/against";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";
import { declareExchange, respondRelayHandler } from "../../../src/core/exchange/engine";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { applyOrRelay } from "../../../src/core/relay";
import { respondThroughRelay } from "../exchange-relay";
import { clickCardButton } from "./card-buttons";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

const msgs = () => (game as any).messages.contents;
const gmUser = () => (game as any).users.find((u: any) => u.isGM);
const RESPOND = '[data-bb-action="core.respond"][data-response="oppose"]';
const resolutionsOf = (card: any) => msgs().filter((m: any) => m.flags.breadbox?.type === "exchangeResolution" && m.flags.breadbox.declarationId === card.id);

async function character(name: string, items: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool", ...extra } as never);
  await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

async function scene() {
  const p1 = createUser({ name: "Mira's player" });
  const p2 = createUser({ name: "Rival's player" });
  const p3 = createUser({ name: "Someone else" });
  const mira = await character("Mira", [
    { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
  ], { ownership: { [p1.id!]: 3 } });
  const rival = await character("Rival", [{ name: "Athletics", type: "poolAbility", system: { rating: 1 } }], { ownership: { [p2.id!]: 3 } });
  const guard = await character("Guard", [{ name: "Watch", type: "poolAbility", system: { rating: 2 } }], { system: { npc: true } });
  return { p1, p2, p3, mira, rival, guard };
}

/** p1 works against `target` from the group dialog (Mira: Athletics and Agility → 3 Add, 1 Bonus). */
async function declare(s: Awaited<ReturnType<typeof scene>>, target: any, mode: "direct" | "indirect", faces: number[]): Promise<any> {
  s.p1.targets = new Set([{ actor: target }]);
  const pending = asUser(s.p1, () => performGroupCheck(s.mira, { mode }));
  const dialog = await waitForDialog();
  fillForm(dialog.element, { "member.0.ability": "Athletics", "member.0.attribute": "Agility" });
  scriptDiceFaces(faces);
  await answerDialog({ action: "roll" });
  expect(await pending).toBeNull();
  await settle();
  return msgs().at(-1);
}

describe("working against a character the user does not own", () => {
  it("the group dialog offers the targeted character without its traits; only the player's own side is rolled and posted", async () => {
    const s = await scene();
    s.p1.targets = new Set([{ actor: s.guard }]);
    const cands = await asUser(s.p1, () => groupCandidates(s.mira, { mode: "direct" }));
    expect(cands.map((c) => [c.actor.name, c.included, c.remote === true])).toEqual([["Mira", true, false], ["Guard", true, true]]);
    const pending = asUser(s.p1, () => performGroupCheck(s.mira, { mode: "direct" }));
    const dialog = await waitForDialog();
    // No select of the guard's traits, no dice-phobe box: the Storyguide answers for the guard.
    expect(dialog.element.querySelector('[name="member.1.ability"]')).toBeNull();
    expect(dialog.element.querySelector('[name="member.1.phobe"]')).toBeNull();
    fillForm(dialog.element, { "member.0.ability": "Athletics", "member.0.attribute": "Agility" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("Guard answers on the card");
    // Working together with a character one does not own is refused, with the reason.
    fillForm(dialog.element, { mode: "simpleAddition" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("can only be worked against");
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    fillForm(dialog.element, { mode: "direct" });
    scriptDiceFaces([8, 8, 8, 1]);
    await answerDialog({ action: "roll" });
    expect(await pending).toBeNull();
    await settle();
    const card = msgs().at(-1);
    expect(card.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "pool.against", attackerUuid: s.mira.uuid, targetUuid: s.guard.uuid });
    // Only Mira's dice: 4d8kh3 → 24.
    expect(card.rolls.map((r: any) => [r.formula, r.total])).toEqual([["4d8kh3", 24]]);
    expect(resolutionsOf(card)).toHaveLength(0);
  });

  it("a player cannot roll the NPC's side: the Storyguide answers, the GM's client rolls it, the card gives the core's verdict", async () => {
    const s = await scene();
    const card = await declare(s, s.guard, "direct", [8, 8, 8, 1]);
    // Mira's player sees no answer button and is refused through the relay.
    expect(await clickCardButton(s.p1, card, RESPOND, { shiftKey: true })).toBe(false);
    expect(await respondThroughRelay(s.p1, card, "oppose")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(await asUser(s.p1, () => applyOrRelay("core.respond", { uuid: s.guard.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Watch", phobe: false }, mode: "public" }))).toMatchObject({ ok: false });
    expect(resolutionsOf(card)).toHaveLength(0);
    // The Storyguide answers with the guard's Watch (rolled, not the dice-phobe total): 3d8 = 6.
    scriptDiceFaces([2, 2, 2]);
    const r = await applyOrRelay("core.respond", { uuid: s.guard.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Watch", phobe: false }, mode: "public" });
    expect(r).toMatchObject({ ok: true });
    await settle();
    const [resolution] = resolutionsOf(card);
    // 24 against 6: the core's direct contest — Mira triumphs by 18, degree 3.
    const expected = R.resolveDirectContest({ first: { addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d8" }, second: { addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8" } }, { first: [8, 8, 8, 1], second: [2, 2, 2] });
    expect(expected).toMatchObject({ outcome: "firstTriumphs", degree: 3 });
    expect(resolution.flags.breadbox.verdict).toMatchObject({ mode: "direct", outcome: "firstTriumphs", degree: 3, member: 0 });
    // Only the guard's dice are rolled on the GM's client; no Apply (a contest never applies).
    expect(resolution.rolls.map((x: any) => x.total)).toEqual([6]);
    const html: HTMLElement = await resolution.renderHTML();
    expect(html.querySelector(".bb-group-result")?.textContent).toContain("Mira triumphs");
    expect([...html.querySelectorAll(".bb-group-member .bb-total strong")].map((e) => e.textContent)).toEqual(["24", "6"]);
    expect(html.querySelector('[data-bb-action="core.apply"]')).toBeNull();
    expect(hasMark(card.id, "resolved")).toBe(true);
  });

  it("a dice-phobe NPC by default: its fixed total is Mira's Difficulty, nothing is rolled for it", async () => {
    const s = await scene();
    const card = await declare(s, s.guard, "direct", [8, 8, 4, 1]);
    // The skip key: the declared defaults (an NPC takes the dice-phobe total); Watch named by the GM.
    const r = await applyOrRelay("core.respond", { uuid: s.guard.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Watch" }, mode: "public" });
    expect(r).toMatchObject({ ok: true });
    await settle();
    const [resolution] = resolutionsOf(card);
    // Watch 2 → 3 Add dice → a fixed 15; Mira's 20 succeeds by 5: degree 1.
    expect(resolution.flags.breadbox.verdict).toMatchObject({ outcome: "firstTriumphs", degree: 1, member: 0 });
    expect(resolution.rolls.map((x: any) => x.total)).toEqual([15]);
  });

  it("only the opponent's owner (or the GM) answers; a third player cannot; the owner answers through the declared dialog", async () => {
    const s = await scene();
    const card = await declare(s, s.rival, "indirect", [8, 8, 1, 1]);
    expect(card.flags.breadbox.choices).toMatchObject({ mode: "indirect", difficulty: 15 });
    for (const user of [s.p1, s.p3]) {
      expect(await respondThroughRelay(user, card, "oppose")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    }
    expect(await clickCardButton(s.p3, card, RESPOND)).toBe(false);
    // A choice the declaration does not offer is refused before anything is rolled.
    expect(await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.rival.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Lore" }, mode: "public" }))).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    expect(resolutionsOf(card)).toHaveLength(0);
    // Rival's player answers from the card, picking Athletics in the dialog (2 Add dice).
    const clicked = clickCardButton(s.p2, card, RESPOND);
    const dialog = await waitForDialog();
    expect([...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="ability"] option')].map((o) => o.value)).toEqual(["", "Athletics"]);
    expect(dialog.element.querySelector('[name="phobe"]')).toBeNull();
    fillForm(dialog.element, { ability: "Athletics" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("2 Add");
    scriptDiceFaces([8, 8]);
    await answerDialog({ action: "roll" });
    expect(await clicked).toBe(true);
    await settle();
    const [resolution] = resolutionsOf(card);
    // Indirect, Difficulty 15: Mira 17 (degree 0), Rival 16 (degree 0) — both succeed, equal degrees.
    const expected = R.resolveIndirectContest({ first: { addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d8" }, second: { addDice: 2, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 15 }, { first: [8, 8, 1, 1], second: [8, 8] });
    expect(resolution.flags.breadbox.verdict).toMatchObject({ mode: "indirect", outcome: expected.outcome, degree: expected.degree });
    expect(resolution.rolls.map((x: any) => x.total)).toEqual([16]);
  });

  it("two answers at once resolve once", async () => {
    const s = await scene();
    const card = await declare(s, s.rival, "direct", [8, 8, 8, 1]);
    const payload = { messageId: card.id, response: "oppose", choices: { ability: "Athletics" }, mode: "public" };
    scriptDiceFaces([3, 3]);
    const results = await Promise.all([
      respondRelayHandler({ requester: gmUser(), target: s.rival, payload }),
      respondRelayHandler({ requester: s.p2, target: s.rival, payload }),
    ]);
    await settle();
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: "BREADBOX.Exchange.AlreadyResolved" });
    expect(resolutionsOf(card)).toHaveLength(1);
    // And through the relay from two users at once.
    const card2 = await declare(s, s.rival, "direct", [8, 8, 8, 1]);
    scriptDiceFaces([3, 3]);
    const both = await Promise.all([
      asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.rival.uuid }, { ...payload, messageId: card2.id })),
      applyOrRelay("core.respond", { uuid: s.rival.uuid }, { ...payload, messageId: card2.id }),
    ]);
    await settle();
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(resolutionsOf(card2)).toHaveLength(1);
  });

  it("the roller's edited card is not read: the GM judges the choices and dice as posted", async () => {
    const s = await scene();
    await s.mira.createEmbeddedDocuments("Item", [{ name: "Climbing", type: "poolAbility", system: { rating: 9 } }]);
    const card = await declare(s, s.guard, "direct", [1, 1, 1, 1]);
    // Mira's player edits the card: a better ability, a forged roll of high dice, new text.
    const forged = PoolCheckRoll.fromCheck({ title: "Climbing", actorUuid: s.mira.uuid, pool: { addDice: 10, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 15, requiredDegree: 0, parts: [], resolution: "roll" });
    scriptDiceFaces([8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    await forged.evaluate();
    await asUser(s.p1, () => card.update({ content: "<p>Mira wins</p>", rolls: [JSON.stringify(forged.toJSON())], flags: { breadbox: { choices: { ability: "Climbing", attribute: "" } } } }));
    expect(card.flags.breadbox.choices.ability).toBe("Climbing");
    scriptDiceFaces([2, 2, 2]);
    expect(await applyOrRelay("core.respond", { uuid: s.guard.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Watch", phobe: false }, mode: "public" })).toMatchObject({ ok: true });
    await settle();
    const [resolution] = resolutionsOf(card);
    // As posted: Athletics and Agility, 1, 1, 1, 1 → 3 against the guard's 6.
    expect(resolution.flags.breadbox.verdict).toMatchObject({ outcome: "secondTriumphs", member: 1 });
    const html: HTMLElement = await resolution.renderHTML();
    expect([...html.querySelectorAll(".bb-group-member .bb-total strong")].map((e) => e.textContent)).toEqual(["3", "6"]);
  });

  it("a declaration whose dice are not the roller's check, or whose choices the dialog cannot give, is not answered", async () => {
    const s = await scene();
    const big = PoolCheckRoll.fromCheck({ title: "Athletics", actorUuid: s.mira.uuid, pool: { addDice: 10, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 15, requiredDegree: 0, parts: [], resolution: "roll" });
    scriptDiceFaces([8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    await big.evaluate();
    const card = await asUser(s.p1, () => declareExchange(poolAgainst, s.mira, s.guard, { mode: "direct", die: "d8", difficulty: 15, ability: "Athletics", attribute: "Agility", phobe: false }, { rolls: [big] }));
    await settle();
    const before = msgs().length;
    expect(await applyOrRelay("core.respond", { uuid: s.guard.uuid }, { messageId: card!.id, response: "oppose", choices: { ability: "Watch", phobe: false }, mode: "public" })).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(hasMark(card!.id, "resolved")).toBe(false);
    expect(msgs().length).toBe(before);
    // Choices the dialog never offers (a trait Mira lacks, a Difficulty past the bounds) cannot be declared.
    for (const bad of [{ ability: "Lore" }, { difficulty: 99999 }, { mode: "simpleAddition" }]) {
      await expect(asUser(s.p1, () => declareExchange(poolAgainst, s.mira, s.guard, { mode: "direct", die: "d8", difficulty: 15, ability: "Athletics", attribute: "", phobe: false, ...bad }))).rejects.toThrow();
    }
  });
});
