/**
 * Opposed rolls against a character on core's exchange engine (`flange.opposed`, seed 004
 * "Opposed Dice Rolls"): the roller's check is rolled on her client and posted; the opponent's
 * owner (the GM for an NPC) answers with their own check, which the active GM rolls; the card names
 * the winner. Against an unnamed opponent the roll stays local (rolls.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerEntry, ledgerSettled } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { bootWorld } from "../toaster/boot";
import { defaultChoices } from "../../../src/rulesets/flange/checks";
import { performOpposedCheck } from "../../../src/rulesets/flange/opposed";
import { onOpposedReroll } from "../../../src/rulesets/flange/opposed-edge";
import { declarations, flangeCharacter, resolutions, respond, skill } from "./helpers";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const msgs = (): any[] => (game as any).messages.contents;

/**
 * Tims (Surgery 2 on Perception 6, owned by p1) and the Don (Lying 2 on Perception 8, owned by p2,
 * or by nobody but the GM when `npc`).
 */
async function setup({ timsEdge = 2, donEdge = 1, npc = false } = {}) {
  const p1 = createUser({ name: "Tims' player" });
  const p2 = createUser({ name: "Don's player" });
  const p3 = createUser({ name: "Stranger" });
  const tims = await flangeCharacter("Mr Tims", { attributes: { perception: 6 }, edge: { points: timsEdge, spent: 0 } }, [skill("Surgery", "medicine", 2)]);
  const don = await flangeCharacter("Don Smits", { attributes: { perception: 8 }, edge: { points: donEdge, spent: 0 } }, [skill("Lying", "deception", 2)]);
  await tims.update({ ownership: { [p1.id!]: 3 } });
  if (!npc) await don.update({ ownership: { [p2.id!]: 3 } });
  const surgery = tims.items.find((i: any) => i.name === "Surgery");
  const lying = don.items.find((i: any) => i.name === "Lying");
  return { p1, p2, p3, tims, don, surgery, lying, answer: { ...defaultChoices(don.system, { skill: lying.id, attribute: "perception" }) } };
}

type Scene = Awaited<ReturnType<typeof setup>>;

/** Tims's player targets the Don and rolls Surgery on Perception (faces `faces`, on her client). */
async function declare(s: Scene, faces: number[], first: Record<string, unknown> = {}): Promise<any> {
  scriptDiceFaces(faces);
  const r: any = await asUser(s.p1, () => {
    (game.user as any).targets = new Set([{ actor: s.don }]);
    return performOpposedCheck(s.tims, null, { first: { ...defaultChoices(s.tims.system, { skill: s.surgery.id, attribute: "perception" }), ...first }, second: { kind: "unnamed", dice: 3, target: 7 } });
  });
  await ledgerSettled();
  return r?.declaration ?? null;
}

/** A user answers the declaration with the choices given (as the response's dialog would send them). */
const answer = (user: any, s: Scene, card: any, choices: Record<string, unknown> = s.answer) =>
  asUser(user, () => applyOrRelay("core.respond", s.don, { messageId: card.id, response: "oppose", choices, mode: "public" })) as Promise<any>;

describe("opposed rolls against a character: the flange.opposed exchange", () => {
  it("the roller's check is posted with the declaration; the opponent's owner answers; the GM rolls that side; the card names the winner", async () => {
    const s = await setup();
    const before = msgs().length;
    const card = await declare(s, [2, 3]); // Tims 2, 3 at 6: no success
    // Only the roller's dice were rolled on her client, and one card was posted.
    expect(msgs().length - before).toBe(1);
    expect(card.rolls).toHaveLength(1);
    expect(card.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "flange.opposed", attackerUuid: s.tims.uuid, targetUuid: s.don.uuid });
    expect(card.content).toContain('data-response="oppose"');
    expect(card.content).toContain(`data-bb-visible="owner:${s.don.uuid}"`);
    expect(ledgerEntry(card.id)?.posted?.rolls).toHaveLength(1);
    scriptDiceFaces([8, 2]); // the Don 8, 2 at 8: one success
    expect((await answer(s.p2, s, card)).ok).toBe(true);
    const res = resolutions().at(-1);
    expect(res.flags.breadbox).toMatchObject({ type: "exchangeResolution", exchange: "flange.opposed", outcome: "secondWins", decidedBy: "successes", actorUuid: s.tims.uuid, opponentUuid: s.don.uuid });
    expect(res.rolls.map((r: any) => r.checkResult.dice.map((d: any) => d.face))).toEqual([[2, 3], [8, 2]]);
    expect(res.content).toContain("Don Smits wins");
    // A contest: nothing to apply.
    expect(res.content).not.toContain("core.apply");
    expect(ledgerEntry(res.id)?.exchange).toBeUndefined();
    // The declaration now says it was answered, without its button.
    expect(card.content).not.toContain('data-response="oppose"');
  });

  it("the book's tie-break on the resolution card: equal successes, the highest single die wins", async () => {
    const s = await setup();
    const card = await declare(s, [6, 9]);
    scriptDiceFaces([8, 8]);
    expect((await answer(s.p2, s, card)).ok).toBe(true);
    const res = resolutions().at(-1);
    expect(res.flags.breadbox).toMatchObject({ outcome: "firstWins", decidedBy: "highDice" });
    const html: HTMLElement = await res.renderHTML();
    expect(html.textContent).toContain("Mr Tims wins");
    expect(html.textContent).toContain("highest single die");
  });

  it("a player cannot roll the NPC's side: the roller, a stranger and the opponent's non-owners are refused; the GM answers for the NPC", async () => {
    const s = await setup({ npc: true });
    const card = await declare(s, [2, 3]);
    expect(card.content).toContain(`data-bb-visible="owner:${s.don.uuid}"`);
    for (const user of [s.p1, s.p2, s.p3]) expect(await answer(user, s, card)).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    // The roller's client refuses before asking (and rolls nothing).
    const n = msgs().length;
    await asUser(s.p1, () => respond(s.p1, card, "oppose"));
    expect(msgs().length).toBe(n);
    expect(hasMark(card.id, "resolved")).toBe(false);
    scriptDiceFaces([8, 2]);
    expect((await answer(gmUser(), s, card)).ok).toBe(true);
    expect(resolutions()).toHaveLength(1);
  });

  it("only the opponent's owner answers, with their own skills and Edge within bounds; a refused answer leaves it open", async () => {
    const s = await setup();
    const card = await declare(s, [2, 3]);
    expect((await answer(s.p3, s, card)).ok).toBe(false);
    expect((await answer(s.p1, s, card)).ok).toBe(false);
    // Tims's skill is not the Don's; more Edge than he owns; a modifier out of range; an unknown attribute.
    expect((await answer(s.p2, s, card, { ...s.answer, skill: s.surgery.id })).ok).toBe(false);
    expect((await answer(s.p2, s, card, { ...s.answer, edgeDice: 5 })).ok).toBe(false);
    expect((await answer(s.p2, s, card, { ...s.answer, diceModifier: 99 })).ok).toBe(false);
    expect((await answer(s.p2, s, card, { ...s.answer, attribute: "luck" })).ok).toBe(false);
    expect(hasMark(card.id, "resolved")).toBe(false);
    expect(resolutions()).toHaveLength(0);
    scriptDiceFaces([8, 2, 9]);
    expect((await answer(s.p2, s, card, { ...s.answer, edgeDice: 1 })).ok).toBe(true);
    // The Don's Edge, spent on the GM's client: his third die.
    expect(s.don.system.edge.spent).toBe(1);
    expect(resolutions().at(-1).rolls[1].checkResult.dice).toHaveLength(3);
  });

  it("two answers at once resolve it once; two answers to two rolls spending the same Edge: one spends it, the other stays open", async () => {
    const s = await setup();
    const card = await declare(s, [2, 3]);
    scriptDiceFaces(Array(20).fill(5));
    const results = await Promise.all([answer(s.p2, s, card), answer(s.p2, s, card), answer(gmUser(), s, card)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(resolutions()).toHaveLength(1);
    const a = await declare(s, [2, 3]);
    const b = await declare(s, [2, 3]);
    scriptDiceFaces(Array(20).fill(5));
    const both = await Promise.all([answer(s.p2, s, a, { ...s.answer, edgeDice: 1 }), answer(s.p2, s, b, { ...s.answer, edgeDice: 1 })]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(s.don.system.edge.spent).toBe(1);
    const open = both[0].ok ? b : a;
    expect(hasMark(open.id, "resolved")).toBe(false);
  });

  it("the roller's card edited after posting is not read: her dice and choices count as posted", async () => {
    const s = await setup();
    const card = await declare(s, [2, 3]);
    // She rewrites her roll (all tens) and her choices (Edge she never spent) on her own card.
    const forged = card.rolls.map((r: any) => {
      const json = r.toJSON();
      for (const t of json.terms) for (const x of t.results ?? []) x.result = 10;
      return JSON.stringify(json);
    });
    await asUser(s.p1, () => card.update({ rolls: forged, flags: { breadbox: { choices: { ...card.flags.breadbox.choices, edgeDice: 2 } } } } as never));
    scriptDiceFaces([8, 2]);
    expect((await answer(s.p2, s, card)).ok).toBe(true);
    const res = resolutions().at(-1);
    expect(res.rolls[0].checkResult.dice.map((d: any) => d.face)).toEqual([2, 3]);
    expect(res.rolls[0].checkResult.pool.dice).toBe(2);
    expect(res.flags.breadbox.outcome).toBe("secondWins");
  });

  it("the roller's extra dice from 10s count as posted (re-classified on the GM)", async () => {
    const s = await setup();
    const card = await declare(s, [10, 10, 8]); // two 10s at 6 earn an extra die: 8
    expect(card.rolls[0].dice[0].results.map((r: any) => r.result)).toEqual([10, 10, 8]);
    scriptDiceFaces([8, 2]);
    expect((await answer(s.p2, s, card)).ok).toBe(true);
    const res = resolutions().at(-1);
    expect(res.rolls[0].checkResult.dice.map((d: any) => d.face)).toEqual([10, 10, 8]);
    expect(res.rolls[0].checkResult.successes).toBeGreaterThanOrEqual(2);
    expect(res.flags.breadbox.outcome).toBe("firstWins");
  });

  it("a declaration whose posted roll is not the pool its choices make is refused (and stays open)", async () => {
    const s = await setup();
    scriptDiceFaces([9, 9, 9, 9, 9]);
    const roll = await new Roll("5dzt6").evaluate();
    const choices = { ...defaultChoices(s.tims.system, { skill: s.surgery.id, attribute: "perception" }) };
    const card: any = await asUser(s.p1, () =>
      ChatMessage.create({ content: "x", rolls: [JSON.stringify(roll.toJSON())], flags: { breadbox: { type: "exchangeDeclaration", exchange: "flange.opposed", attackerUuid: s.tims.uuid, targetUuid: s.don.uuid, choices } } } as never),
    );
    await ledgerSettled();
    expect(await answer(s.p2, s, card)).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(hasMark(card.id, "resolved")).toBe(false);
    expect(s.don.system.edge.spent).toBe(0);
  });

  it("the roller's Edge is spent on her client before she rolls; the opponent's dialog answers with its own skill", async () => {
    const s = await setup();
    const card = await declare(s, [2, 3, 7], { edgeDice: 1 });
    expect(s.tims.system.edge.spent).toBe(1);
    expect(card.rolls[0].dice[0].results).toHaveLength(3);
    const pending = asUser(s.p2, () => respond(s.p2, card, "oppose", null));
    const dialog = await waitForDialog();
    fillForm(dialog.element, { skill: s.lying.id, attribute: "perception" });
    scriptDiceFaces([8, 9]);
    await answerDialog({ action: "roll" });
    expect((await pending).ok).toBe(true);
    const res = resolutions().at(-1);
    expect(res.rolls[1].checkResult.pool).toMatchObject({ dice: 2, target: 8 });
    expect(res.rolls[0].checkResult.pool).toMatchObject({ dice: 3 });
    expect(res.flags.breadbox.outcome).toBe("secondWins");
  });

  it("the Edge re-roll works on the resolution card, each side once, by the GM's records", async () => {
    const s = await setup();
    const card = await declare(s, [2, 3]);
    scriptDiceFaces([8, 2]);
    await answer(s.p2, s, card);
    const res = resolutions().at(-1);
    expect(res.content).toContain('data-side="first"');
    expect(res.content).toContain('data-side="second"');
    const side = (b: string) => {
      const el = document.createElement("button");
      el.dataset.side = b;
      return el;
    };
    scriptDiceFaces([7, 9]);
    await asUser(s.p1, () => onOpposedReroll(res, side("first")));
    const next = msgs().at(-1);
    expect(next.flags.breadbox).toMatchObject({ type: "flangeOpposed", outcome: "firstWins", rerollOf: res.id });
    expect(s.tims.system.edge.spent).toBe(1);
    // Once: the resolution card refuses a second re-roll of the same side, whatever its flags say.
    const n = msgs().length;
    await asUser(s.p1, () => onOpposedReroll(res, side("first")));
    expect(await asUser(s.p1, () => applyOrRelay("flange.opposedReroll", { uuid: s.tims.uuid }, { messageId: res.id, side: "first" }))).toMatchObject({ ok: false, error: "BREADBOX.Flange.Edge.AlreadyRerolled" });
    expect(msgs().length).toBe(n);
    expect(s.tims.system.edge.spent).toBe(1);
    // The declaration card is not a re-rollable card.
    expect(await asUser(s.p1, () => applyOrRelay("flange.opposedReroll", { uuid: s.tims.uuid }, { messageId: card.id, side: "first" }))).toMatchObject({ ok: false });
    expect(declarations()).toHaveLength(1);
  });
});
