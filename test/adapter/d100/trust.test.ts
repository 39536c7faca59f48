/**
 * Issue 17, D10/0: the attacks tried as a hostile player with a console and as two honest clients
 * clicking at once, each a regression test on both harness profiles (adapter-v13, adapter-v14).
 *
 * - Attack 3: the attacker edits their own attack card's numbers; the GM's client rebuilds every
 *   number from the documents and takes the attack's choices as posted (the engine's record).
 * - What an attack costs (AP, rounds, a power's points) is paid when the GM resolves it, once,
 *   under the attacker's resource lock, read again from the documents: a card posted straight to
 *   chat pays like any other, and one that cannot be paid is refused and stays open.
 * - Apply refuses another ruleset's ledger entry before it marks anything; an attack card is
 *   resolved once (a ledger mark claimed on the GM's client).
 * - Action points: two spends at once never both spend the last points.
 * - Attack 8: a crafted, unevaluated or partial D10/0 roll in a message renders, never throws.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Hooks, asUser, createUser, scriptDiceFaces, turnEventsSettled } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { attackWithWeapon } from "../../../src/rulesets/d100/combat/attack";
import { spendOnGM } from "../../../src/rulesets/d100/combat/ap";
import { D100CheckRoll, D100OverflowRoll } from "../../../src/rulesets/d100/dice/check-roll";
import { ledgerEntry, ledgerSettled, updateLedger } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { runRelay } from "../../../src/core/relay";
import { amountOf, respond } from "./exchange";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };
const pistol = { name: "Pistol", type: "d100Weapon", system: { skill: "ranged", range: "ranged", damage: "5 + 1D", attackAp: 2, capacity: 8, loaded: 8 } };
const vest = { name: "Vest", type: "d100Armor", system: { adjustment: "-5F", coverage: ["chest"], equipped: true } };

async function character(name: string, attributes: Record<string, number>, extra: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const actor: any = await Actor.create({ name, type: "d100", system: { attributes: { ...fives, ...attributes }, ...extra } } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  // Ranged 50 (see combat.test.ts); the defender: Athletic 25, Health 50, a -5F vest.
  const attacker = await character("Janet", { agility: 6, focus: 6 }, { skills: { ranged: { major1: "agility", major2: "focus", adjust: 21 } } }, [pistol]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await character("Officer", {}, { health: { current: 50, bonus: 0 } }, [vest]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const gun = attacker.items.find((i: any) => i.name === "Pistol");
  (p1 as any).targets = new Set([{ actor: defender }]);
  return { p1, p2, attacker, defender, gun };
}

/** The attacker's pistol attack, rolled with Foundry's d100 showing `face`. */
async function attack(s: Awaited<ReturnType<typeof scene>>, face: number): Promise<any> {
  const left = scriptDiceFaces([face]);
  await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift));
  expect(left.remaining()).toBe(0);
  const card = msgs().at(-1);
  expect(card.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "d100.attack" });
  return card;
}

const degreeOf = (resolution: any): string => {
  const div = document.createElement("div");
  div.innerHTML = resolution.content;
  return div.querySelector(".bb-d100-degree")?.textContent ?? "";
};

describe("issue 17 attack 3 (D10/0): the attacker edits the numbers on their own attack card", () => {
  it("attack 3: a difficulty edited to -1000 is not used; a roll of 99 misses against the difficulty rebuilt from the documents", async () => {
    const s = await scene();
    // Foundry d100 99 → the book's 9, 9: effort 50 − 99 = −49 against Average (0): a miss.
    const card = await attack(s, 99);
    await asUser(s.p1, () => card.update({ flags: { breadbox: { difficulty: -1000 } } }));
    expect(card.flags.breadbox.difficulty).toBe(-1000);
    // No damage die may be rolled: a forged hit would roll one (and overflow).
    const left = scriptDiceFaces([]);
    expect((await respond(s.p2, card, "take")).ok).toBe(true);
    expect(left.remaining()).toBe(0);
    const resolution = msgs().at(-1);
    expect(resolution.flags.breadbox.type).toBe("exchangeResolution");
    expect(degreeOf(resolution)).toBe("-49");
    expect(resolution.content).toContain("does not land");
    // A miss: nothing on the GM's record to apply.
    expect(ledgerEntry(resolution.id)?.exchange).toBeUndefined();
  });

  it("attack 3: a difficulty edited to +1000 does not turn a hit into a miss; the damage is the documents' (5 + [7] − 5F = 7)", async () => {
    const s = await scene();
    // Foundry d100 13: effort 37 against Average 0: degree 37, a hit; 37 ≥ 21 overflows the damage die.
    const card = await attack(s, 13);
    await asUser(s.p1, () => card.update({ flags: { breadbox: { difficulty: 1000 } } }));
    const left = scriptDiceFaces([7]);
    await respond(s.p2, card, "take");
    expect(left.remaining()).toBe(0);
    const resolution = msgs().at(-1);
    expect(degreeOf(resolution)).toBe("37");
    expect(ledgerEntry(resolution.id)?.exchange).toMatchObject({ ruleset: "d100", kind: "attack", outcome: { amount: 7 } });
  });

  it("attack 3: a choice edited after posting (difficulty change −60, with a matching difficulty) is taken as posted, not as edited", async () => {
    const s = await scene();
    const card = await attack(s, 99);
    // Both the choice (within the dialog's limits) and the number that would follow from it.
    await asUser(s.p1, () => card.update({ flags: { breadbox: { choices: { modifier: -60 }, difficulty: -60 } } }));
    expect(card.flags.breadbox.choices.modifier).toBe(-60);
    const left = scriptDiceFaces([]);
    await respond(s.p2, card, "take");
    expect(left.remaining()).toBe(0);
    const resolution = msgs().at(-1);
    expect(degreeOf(resolution)).toBe("-49");
    expect(amountOf(resolution)).toBe(0);
  });

  it("attack 3: a card posted with a choice the attack dialog never offers (difficulty change 61, another ladder, power X 101, a missing block) is refused, nothing resolved", async () => {
    const s = await scene();
    const genuine = await attack(s, 99);
    for (const forged of [{ modifier: 61 }, { ladder: "trivial" }, { power: "", powerX: 101, modifier: -61 }, { block: 3 }, { x: 21 }, { overflow: "yes" }]) {
      // The attacker's own card, posted by them with the genuine card's dice and a forged choice.
      const card: any = await asUser(s.p1, () => ChatMessage.create({ content: "x", rolls: genuine.rolls.map((r: any) => JSON.stringify(r.toJSON())), flags: { breadbox: { ...genuine.flags.breadbox, choices: { ...genuine.flags.breadbox.choices, ...forged } } } } as never));
      await ledgerSettled();
      const before = msgs().length;
      const result = await runRelay({ action: "core.respond", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: card.id, response: "take" } }, s.p2);
      expect(result.ok).toBe(false);
      expect(msgs().length).toBe(before);
      expect(hasMark(card.id, "resolved")).toBe(false);
    }
    // The genuine card still resolves.
    const ok = await runRelay({ action: "core.respond", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: genuine.id, response: "take" } }, s.p2);
    expect(ok.ok).toBe(true);
  });
});

describe("issue 17 (D10/0): Apply and resolution happen once, and only for D10/0 records", () => {
  it("Apply refuses another ruleset's ledger entry before marking or changing anything", async () => {
    const s = await scene();
    const card: any = await ChatMessage.create({ content: "x", flags: { breadbox: { type: "flangeResolution" } } } as never);
    const foreign = { ruleset: "flange", attackMessageId: "a", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, amount: 20, applied: false };
    await updateLedger(card.id, { damage: foreign, resolution: { ruleset: "toaster", attackMessageId: "a", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, stun: 3, wounds: 1, applied: false } });
    const before = JSON.stringify(ledgerEntry(card.id));
    for (const requester of [s.p2, (game as any).users.activeGM]) {
      const result = await runRelay({ action: "core.apply", requesterId: requester.id, targetUuid: s.defender.uuid, payload: { messageId: card.id } }, requester);
      expect(result).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NothingToApply" });
    }
    expect(s.defender.system.health.current).toBe(50);
    expect(hasMark(card.id, "applied")).toBe(false);
    expect(JSON.stringify(ledgerEntry(card.id))).toBe(before);
    expect(card.flags.breadbox.applied).toBeUndefined();
  });

  it("two Take it / Defend requests at once resolve the attack exactly once (the ledger's resolved mark)", async () => {
    const s = await scene();
    const card = await attack(s, 13);
    scriptDiceFaces([7, 50, 7, 7]);
    await ledgerSettled();
    const request = { action: "core.respond", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: card.id, response: "take" } };
    const gm = (game as any).users.activeGM;
    const results = await Promise.all([runRelay(request, s.p2), runRelay({ ...request, requesterId: gm.id }, gm), runRelay({ ...request, payload: { messageId: card.id, response: "defend", choices: { skill: "athletic" } } }, s.p2)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.error)).toEqual(["BREADBOX.Exchange.AlreadyResolved", "BREADBOX.Exchange.AlreadyResolved"]);
    expect(msgs().filter((m) => m.flags?.breadbox?.type === "exchangeResolution")).toHaveLength(1);
    expect(hasMark(card.id, "resolved")).toBe(true);
    // The player's client is told too (the GM's refusal comes back as a notification).
    await respond(s.p2, card, "take");
    expect(notifications().at(-1)?.message).toContain("already been resolved");
  });

  it("a resolution that fails after the mark was claimed releases it (a refused defence reaction leaves the attack open)", async () => {
    const s = await scene();
    const card = await attack(s, 13);
    // A strict period where the defender has no points for the reaction: refused, not resolved.
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Janet" }, { actorId: s.defender.id, name: "Officer" }]);
    await combat.startCombat();
    await turnEventsSettled();
    const gm = (game as any).users.activeGM;
    const refused = await runRelay({ action: "core.respond", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: card.id, response: "defend", choices: { skill: "athletic" } } }, s.p2);
    expect(refused.ok).toBe(false);
    expect(hasMark(card.id, "resolved")).toBe(false);
    // Nothing was paid by the refused resolution: not the attack's points, not its round.
    expect(s.attacker.system.combat.ap.value).toBe(6);
    expect(s.gun.system.loaded).toBe(8);
    scriptDiceFaces([7]);
    const taken = await runRelay({ action: "core.respond", requesterId: gm.id, targetUuid: s.defender.uuid, payload: { messageId: card.id, response: "take" } }, gm);
    expect(taken.ok).toBe(true);
    expect(hasMark(card.id, "resolved")).toBe(true);
    expect(s.attacker.system.combat.ap.value).toBe(4);
    expect(s.gun.system.loaded).toBe(7);
  });
});

describe("issue 17 (D10/0): an attack is paid when the GM resolves it, once, from the documents", () => {
  async function strictPeriod(s: Awaited<ReturnType<typeof scene>>): Promise<void> {
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Janet" }, { actorId: s.defender.id, name: "Officer" }]);
    await combat.startCombat();
    await turnEventsSettled();
    expect(combat.combatant.actorId).toBe(s.attacker.id);
  }

  it("a declaration posted straight to chat (no dialog, nothing paid) pays its AP and rounds when resolved; one the attacker cannot pay is refused and stays open", async () => {
    const s = await scene();
    await strictPeriod(s);
    const genuine = await attack(s, 13);
    // The attacker's own card, posted by hand with the genuine dice: the client never checked or paid anything.
    const post = () => asUser(s.p1, () => ChatMessage.create({ content: "x", rolls: genuine.rolls.map((r: any) => JSON.stringify(r.toJSON())), flags: { breadbox: { ...genuine.flags.breadbox, apCost: 0 } } } as never));
    const forged: any = await post();
    await ledgerSettled();
    scriptDiceFaces([7]);
    expect((await respond(s.p2, forged, "take")).ok).toBe(true);
    expect(s.attacker.system.combat.ap.value).toBe(4);
    expect(s.gun.system.loaded).toBe(7);
    // Points short: refused with the AP message, nothing paid, the exchange open.
    await s.attacker.update({ system: { combat: { ap: { value: 1 } } } });
    const short: any = await post();
    const before = msgs().length;
    const refused = await respond(s.p2, short, "take");
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/AP/);
    expect(msgs().length).toBe(before);
    expect(hasMark(short.id, "resolved")).toBe(false);
    expect(s.attacker.system.combat.ap.value).toBe(1);
    expect(s.gun.system.loaded).toBe(7);
    // Rounds short: the magazine is read again too.
    await s.attacker.update({ system: { combat: { ap: { value: 6 } } } });
    await s.gun.update({ system: { loaded: 0 } });
    expect((await respond(s.p2, short, "take")).error).toMatch(/Reload/);
    expect(s.attacker.system.combat.ap.value).toBe(6);
  });

  it("two attacks declared while the points were there, resolved at once: only what the points pay for resolves", async () => {
    const s = await scene();
    await strictPeriod(s);
    await s.attacker.update({ system: { combat: { ap: { value: 3 } } } });
    // Each declaration sees 3 AP (nothing is paid on declaring): both are posted.
    const a = await attack(s, 13);
    const b = await attack(s, 13);
    scriptDiceFaces([7, 7]);
    const results = await Promise.all([respond(s.p2, a, "take"), respond(s.p2, b, "take")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.attacker.system.combat.ap.value).toBe(1);
    expect(s.gun.system.loaded).toBe(7);
    expect(hasMark((results[0].ok ? b : a).id, "resolved")).toBe(false);
  });

  it("a resolution asked twice pays once", async () => {
    const s = await scene();
    await strictPeriod(s);
    const card = await attack(s, 13);
    scriptDiceFaces([7]);
    const gm = (game as any).users.activeGM;
    const request = { action: "core.respond", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: card.id, response: "take" } };
    const results = await Promise.all([runRelay(request, s.p2), runRelay({ ...request, requesterId: gm.id }, gm)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.attacker.system.combat.ap.value).toBe(4);
    expect(s.gun.system.loaded).toBe(7);
  });
});

describe("issue 17 (D10/0): action points are spent under the actor's resource lock", () => {
  it("two requests that spend the last points at once: exactly one is paid", async () => {
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Janet" }]);
    await combat.startCombat();
    await turnEventsSettled();
    expect(s.attacker.system.combat.ap.value).toBe(6);
    const results = await Promise.all([spendOnGM(s.attacker, 4, "Aim"), spendOnGM(s.attacker, 4, "Dive")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.attacker.system.combat.ap.value).toBe(2);
    // And through the relay, from two clients at once.
    const gm = (game as any).users.activeGM;
    const request = { action: "d100.spendAp", requesterId: s.p1.id!, targetUuid: s.attacker.uuid, payload: { cost: 2, action: "Duck" } };
    const both = await Promise.all([runRelay(request, s.p1), runRelay({ ...request, requesterId: gm.id }, gm)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(s.attacker.system.combat.ap.value).toBe(0);
  });
});

describe("issue 17 attack 8 (D10/0): crafted rolls in a message render and never throw", () => {
  const unevaluated = () => D100CheckRoll.fromCheck({ title: "Ranged", input: { kind: "skill", score: 45, difficulty: 10 }, parts: [] }).toJSON() as Record<string, unknown>;
  const cases: [string, () => Promise<Record<string, unknown>>][] = [
    ["an unevaluated check", async () => unevaluated()],
    ["an unevaluated check with no options", async () => ({ ...unevaluated(), options: {} })],
    ["an unevaluated check with malformed options", async () => ({ ...unevaluated(), options: { title: 7, input: { kind: "skill", score: "x" }, parts: "x", result: { faces: 1 } } })],
    ["an unevaluated check with a forged result", async () => ({ ...unevaluated(), options: { title: "T", input: { kind: "skill", score: 45 }, parts: [], result: { faces: [0, 0], rolls: [], effort: 99, degree: 99, outcome: "success", degreeKey: "amazing" } } })],
    ["an evaluated check with no dice results", async () => ({ ...unevaluated(), evaluated: true, total: 12 })],
    ["an evaluated check whose options were replaced", async () => {
      scriptDiceFaces([23]);
      const roll = D100CheckRoll.fromCheck({ title: "Ranged", input: { kind: "skill", score: 45, difficulty: 10 }, parts: [] });
      await roll.evaluate();
      return { ...(roll.toJSON() as Record<string, unknown>), options: { input: { kind: "attribute", score: 5 }, result: "amazing" } };
    }],
    ["an unevaluated overflow roll", async () => new D100OverflowRoll("1d100").toJSON() as Record<string, unknown>],
  ];
  for (const [name, json] of cases) {
    it(`attack 8: ${name} renders a plain card for every client`, async () => {
      const s = await scene();
      const data = await json();
      const message: any = await asUser(s.p1, () => ChatMessage.create({ content: "7", rolls: [JSON.stringify(data)] } as never));
      const left = scriptDiceFaces([]);
      for (const user of [(game as any).users.activeGM, s.p1, s.p2]) {
        const html: HTMLElement = await asUser(user, () => message.renderHTML());
        expect(html).toBeInstanceOf(HTMLElement);
      }
      // Rendering never rolls a die.
      expect(left.remaining()).toBe(0);
      expect((Hooks as any).errors ?? []).toHaveLength(0);
    });
  }

  it("attack 8: an unevaluated check shows that it was not rolled, with no outcome", async () => {
    const s = await scene();
    const message: any = await asUser(s.p1, () => ChatMessage.create({ content: "7", rolls: [JSON.stringify({ ...unevaluated(), options: { title: "T", input: { kind: "skill", score: 45 }, parts: [], result: { faces: [0, 0], rolls: [], effort: 99, degree: 99, outcome: "success", degreeKey: "amazing" } } })] } as never));
    const html: HTMLElement = await message.renderHTML();
    expect(html.querySelector(".d100-check.bb-unclassified")).not.toBeNull();
    expect(html.querySelector(".d100-outcome")).toBeNull();
    expect(html.textContent).toContain("not rolled");
  });
});
