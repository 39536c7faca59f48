/**
 * Issue 17, Toaster: a Toaster Apply sent on another ruleset's resolution refuses before it marks
 * anything; the 4-point luck re-roll is once per roll (a copied card does not re-roll again), and
 * every luck spend is serialized per actor.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, setRandomUniform } from "../../harness/index";
import { bootSystem, makeCharacter, postCheckCard } from "./boot";
import { onLuckReroll } from "../../../src/rulesets/toaster/chat/luck";
import { ToasterCheckRoll, type ToasterCheckOptions } from "../../../src/rulesets/toaster/dice/check-roll";
import { applyOrRelay, runRelay } from "../../../src/core/relay";
import { ledgerEntry, ledgerSettled, updateLedger } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { relayDefence } from "./exchange";

beforeEach(bootSystem);

/** Foundry dice: each entry is a d10* face (D10StarDie maps u → face 9 − ⌊10u⌋). */
function faces(list: number[]) {
  const queue = [...list];
  setRandomUniform(() => {
    const f = queue.shift();
    if (f === undefined) throw new Error("test dice ran out");
    return 1 - (f + 0.5) / 10;
  });
}

const msgs = () => (game as any).messages.contents;

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const defender = await makeCharacter("Guard", { attributes: { physique: { value: 4 }, coordination: { value: 5 } }, luck: { value: 8 } });
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const flanger: any = await Actor.create({ name: "Mr Tims", type: "flange" } as never);
  await flanger.update({ ownership: { [p2.id!]: 3 } });
  const flangeAttacker: any = await Actor.create({ name: "Raider", type: "flange" } as never);
  await flangeAttacker.update({ ownership: { [p1.id!]: 3 } });
  return { p1, p2, defender, flanger, flangeAttacker };
}

/**
 * A resolution card of another ruleset, written by the GM, and its record: the record Apply reads
 * before the exchange engine (`resolution`, maybe untagged as before issue 17), or an engine record
 * (`exchange`) naming another ruleset with Toaster's stun and wounds.
 */
async function foreignResolution(attacker: any, target: any, ruleset: string | undefined, record: "resolution" | "exchange"): Promise<any> {
  const card: any = await ChatMessage.create({ content: "Flange resolution", flags: { breadbox: { type: "exchangeResolution", exchange: "toaster.attack", attackerUuid: attacker.uuid, targetUuid: target.uuid } } } as never);
  if (record === "exchange") {
    await updateLedger(card.id, { exchange: { ruleset: ruleset ?? "", kind: "attack", declarationId: "attackCard000001", attackerUuid: attacker.uuid, targetUuid: target.uuid, outcome: { stun: 3, wounds: 2 } } });
    return card;
  }
  const resolution: Record<string, unknown> = { attackMessageId: "attackCard000001", attackerUuid: attacker.uuid, targetUuid: target.uuid, stun: 3, wounds: 2, applied: false };
  if (ruleset !== undefined) resolution.ruleset = ruleset;
  await updateLedger(card.id, { resolution: resolution as never });
  return card;
}

function snapshot(actor: any): unknown {
  return JSON.stringify(actor.toObject().system);
}

/** Apply (core.apply, Toaster's attack's button) asked for by the target's owner, the GM, and through the relay: each refused, nothing marked or changed. */
async function refusedEverywhere(s: Awaited<ReturnType<typeof scene>>, card: any, target: any): Promise<void> {
  const before = snapshot(target);
  const request = { action: "core.apply", requesterId: s.p2.id!, targetUuid: target.uuid, payload: { messageId: card.id } };
  expect((await runRelay(request, s.p2 as never)).ok).toBe(false);
  expect((await applyOrRelay("core.apply", { uuid: target.uuid }, { messageId: card.id })).ok).toBe(false);
  expect((await asUser(s.p2, () => applyOrRelay("core.apply", { uuid: target.uuid }, { messageId: card.id }))).ok).toBe(false);
  expect(hasMark(card.id, "applied")).toBe(false);
  expect(ledgerEntry(card.id)?.resolution?.applied ?? false).toBe(false);
  expect(snapshot(target)).toBe(before);
  expect(gmUser().isGM).toBe(true);
}

describe("issue 17 attack 1: a Toaster Apply on another ruleset's resolution card", () => {
  for (const record of ["resolution", "exchange"] as const) {
    for (const [label, ruleset] of [["a Flange", "flange"], ["an untagged", undefined]] as const) {
      for (const targetKind of ["the Flange target", "a Toaster character"] as const) {
        it(`${label} ${record} record naming ${targetKind}: refused for its owner and for the GM, still not applied, target unchanged`, async () => {
          const s = await scene();
          const target = targetKind === "the Flange target" ? s.flanger : s.defender;
          await refusedEverywhere(s, await foreignResolution(s.flangeAttacker, target, ruleset, record), target);
        });
      }
    }
  }

  it("a Toaster attack record naming a Flange character is refused by Toaster's Apply: nothing written, the mark taken back", async () => {
    const s = await scene();
    const card = await foreignResolution(s.flangeAttacker, s.flanger, "toaster", "exchange");
    await refusedEverywhere(s, card, s.flanger);
    expect(await applyOrRelay("core.apply", { uuid: s.flanger.uuid }, { messageId: card.id })).toEqual({ ok: false, error: "BREADBOX.Relay.TargetMismatch" });
  });
});

/** A check card as performCheck writes it, posted by the roller's player. */
async function checkCard(user: any, actor: any, face: number): Promise<any> {
  faces([face]);
  return postCheckCard(user, actor, { title: "Climbing", rankLabel: "Climbing" });
}

/** A copy of a card, posted by `user` as a new message (the display-only `rerolled` flag stripped). */
async function copyOf(user: any, card: any): Promise<any> {
  const data: any = card.toObject();
  delete data._id;
  delete data.flags.breadbox.rerolled;
  return asUser(user, () => ChatMessage.create(data as never));
}

const reroll = (s: { p2: any; defender: any }, id: string) =>
  runRelay({ action: "toaster.luckReroll", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: id } }, s.p2 as never);

describe("issue 17: the luck re-roll is once per roll, from the ledger", () => {
  it("a copied card (a new message with the same flags and roll) is not re-rolled again", async () => {
    const s = await scene();
    const card = await checkCard(s.p2, s.defender, 1);
    faces([8]);
    expect(await reroll(s, card.id)).toEqual({ ok: true });
    expect(s.defender.system.luck.value).toBe(4);
    expect(hasMark(card.id, "rerolled")).toBe(true);
    const copy = await copyOf(s.p2, card);
    const before = msgs().length;
    expect(await reroll(s, copy.id)).toEqual({ ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" });
    // Deleting the original does not free the copy: the GM's re-roll card keeps the roll's fingerprint.
    await asUser(s.p2, () => card.delete());
    expect(await reroll(s, copy.id)).toEqual({ ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" });
    expect(msgs().length).toBe(before - 1);
    expect(s.defender.system.luck.value).toBe(4);
  });

  it("a copy re-rolled first blocks the original, and the player clearing the card's own flag changes nothing", async () => {
    const s = await scene();
    const card = await checkCard(s.p2, s.defender, 1);
    const copy = await copyOf(s.p2, card);
    faces([8]);
    expect(await reroll(s, copy.id)).toEqual({ ok: true });
    expect(await reroll(s, card.id)).toEqual({ ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" });
    // The flag on the player's own card is display only.
    await asUser(s.p2, () => copy.update({ "flags.breadbox.rerolled": false }));
    expect(await reroll(s, copy.id)).toEqual({ ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" });
    expect(s.defender.system.luck.value).toBe(4);
  });

  it("two honest rolls showing the same die are two rolls: each may be re-rolled", async () => {
    const s = await scene();
    const a = await checkCard(s.p2, s.defender, 2);
    const b = await checkCard(s.p2, s.defender, 2);
    faces([8]);
    expect(await reroll(s, a.id)).toEqual({ ok: true });
    faces([7]);
    expect(await reroll(s, b.id)).toEqual({ ok: true });
    expect(s.defender.system.luck.value).toBe(0);
  });

  it("two concurrent re-roll requests on one card: exactly one succeeds and luck is spent once", async () => {
    const s = await scene();
    const card = await checkCard(s.p2, s.defender, 1);
    const before = msgs().length;
    faces([8, 8]);
    const results = await Promise.all([reroll(s, card.id), reroll(s, card.id), asUser(s.p2, () => onLuckReroll(card))]);
    expect(results.filter((r) => r && r.ok)).toHaveLength(1);
    expect(msgs().length).toBe(before + 1);
    expect(s.defender.system.luck.value).toBe(4);
  });

  it("concurrent re-rolls of a card and its copy: exactly one succeeds and luck is spent once", async () => {
    const s = await scene();
    const card = await checkCard(s.p2, s.defender, 1);
    const copy = await copyOf(s.p2, card);
    const before = msgs().length;
    faces([8, 8]);
    const results = await Promise.all([reroll(s, card.id), reroll(s, copy.id)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(msgs().length).toBe(before + 1);
    expect(s.defender.system.luck.value).toBe(4);
  });

  it("a +1 and a re-roll sent together on one card with four points: luck is read and spent once per request", async () => {
    const s = await scene();
    await s.defender.update({ "system.luck.value": 4 });
    const card = await checkCard(s.p2, s.defender, 1);
    faces([8]);
    const after = { action: "toaster.luckAfter", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: card.id } };
    const results = await Promise.all([runRelay(after, s.p2 as never), reroll(s, card.id)]);
    // Whichever runs first leaves too little (or a re-rolled card) for the other.
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect([0, 3]).toContain(s.defender.system.luck.value);
  });
});

describe("issue 17: luck on an attack declaration, before its defence", () => {
  async function duel() {
    const { itemData } = await import("./boot");
    const { attackWithWeapon } = await import("../../../src/rulesets/toaster/chat/attack");
    const s = await scene();
    const attacker = await makeCharacter("Rhoenda", { attributes: { physique: { value: 5 }, coordination: { value: 7 } }, luck: { value: 9 } }, [
      { name: "Sword", type: "toasterSkill", system: { base: 9, attribute: "coordination" } },
      itemData("toaster-weapons", "Broadsword"),
    ]);
    await attacker.update({ ownership: { [s.p1.id!]: 3 } });
    await s.defender.createEmbeddedDocuments("Item", [{ name: "Dodge", type: "toasterSkill", system: { base: 3, attribute: "coordination", role: "dodge" } }]);
    const sword = attacker.items.find((i: any) => i.type === "toasterWeapon");
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    faces([1]);
    await asUser(s.p1, () => attackWithWeapon(attacker, sword, new MouseEvent("click", { shiftKey: true })));
    await ledgerSettled();
    return { ...s, attacker, card: msgs().at(-1) };
  }
  const reroll = (s: any, card: any) => runRelay({ action: "toaster.luckReroll", requesterId: s.p1.id!, targetUuid: s.attacker.uuid, payload: { messageId: card.id } }, s.p1 as never);
  const plusOne = (s: any, card: any) => runRelay({ action: "toaster.luckAfter", requesterId: s.p1.id!, targetUuid: s.attacker.uuid, payload: { messageId: card.id } }, s.p1 as never);
  const dodge = (s: any, card: any) => asUser(s.p2, () => relayDefence(card, s.defender, { difficulty: "average", situational: 0, specialty: -1, complementary: 0, luckBefore: 0, callFour: false, helpers: 0, tooManyCooks: false, extras: {}, option: "dodge" }));

  it("a re-roll declares again, by the GM, with the choices of the GM's record (not the card's); the first can no longer be defended", async () => {
    const s = await duel();
    expect(s.card.flags.breadbox.type).toBe("exchangeDeclaration");
    // The attacker's player edits the choices on her card before re-rolling: not what is declared again.
    await asUser(s.p1, () => s.card.update({ flags: { breadbox: { choices: { situational: 20 } } } }));
    faces([8]);
    expect(await reroll(s, s.card)).toEqual({ ok: true });
    await ledgerSettled();
    const second = msgs().at(-1);
    expect(second.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "toaster.attack", rerollOf: s.card.id });
    expect(second.author?.isGM).toBe(true);
    expect(ledgerEntry(second.id)?.posted?.choices).toMatchObject({ weaponId: expect.any(String), situational: 0 });
    expect(second.rolls[0].total).toBe(16);
    expect(s.attacker.system.luck.value).toBe(5);
    expect(await dodge(s, s.card)).toEqual({ ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" });
    expect(hasMark(s.card.id, "resolved")).toBe(false);
    // The new declaration resolves with its own roll: 8 + 8 = 16 against dodge 7 + 4 = 11.
    faces([7, 7, 1]);
    expect(await dodge(s, second)).toMatchObject({ ok: true });
    expect(msgs().at(-1).flags.breadbox).toMatchObject({ type: "exchangeResolution", declarationId: second.id, hit: true });
  });

  it("two re-rolls of one declaration at once (from two clients): one new declaration, luck spent once", async () => {
    const s = await duel();
    const before = msgs().length;
    faces([8, 8]);
    const results = await Promise.all([reroll(s, s.card), asUser(s.p1, () => applyOrRelay("toaster.luckReroll", { uuid: s.attacker.uuid }, { messageId: s.card.id }))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(msgs().length).toBe(before + 1);
    expect(s.attacker.system.luck.value).toBe(5);
  });

  it("luck added after the roll counts from the GM's record, not from the card's roll", async () => {
    const s = await duel();
    expect(await plusOne(s, s.card)).toEqual({ ok: true });
    expect(await plusOne(s, s.card)).toEqual({ ok: true });
    expect(s.attacker.system.luck.value).toBe(7);
    expect(s.card.rolls[0].checkResult.luckAfter).toBe(2);
    expect(s.card.content).toContain('data-bb-action="core.respond"');
    // The player writes ten more points of luck into her card's roll: not counted.
    const roll = s.card.rolls[0].toJSON();
    await asUser(s.p1, () => s.card.update({ rolls: [{ ...roll, options: { ...roll.options, result: { ...roll.options.result, luckAfter: 12, total: 21 } } }] } as never));
    // 1 + 8 + 2 = 11 against dodge 7 + 4 = 11: a tie goes to the defender — a miss (with +12 it would have hit).
    faces([7]);
    expect(await dodge(s, s.card)).toMatchObject({ ok: true });
    const resolution = msgs().at(-1);
    expect(resolution.flags.breadbox).toMatchObject({ hit: false });
    expect(resolution.content).toContain("<strong>11</strong>");
  });
});
