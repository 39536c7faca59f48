/**
 * Issue 17, Flange: the attacks tried as a hostile player with a console and as two honest clients
 * clicking at once. Each test is named after its attack and failed before its fix.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, scriptDiceFaces } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { announceSimultaneous, onSimultaneousAttack, resetSecrets, sendHand } from "../../../src/rulesets/flange/combat/simultaneous";
import { FlangeCheckRoll } from "../../../src/rulesets/flange/dice/check-roll";
import { performFlangeCheck } from "../../../src/rulesets/flange/checks";
import { performOpposedCheck } from "../../../src/rulesets/flange/opposed";
import { onEdgeReroll } from "../../../src/rulesets/flange/edge";
import { runRelay } from "../../../src/core/relay";
import { ledgerEntry, updateLedger } from "../../../src/core/chat/ledger";
import { markValue } from "../../../src/core/chat/ledger-marks";
import { rollFingerprint } from "../../../src/rulesets/flange/reroll-record";
import { declarations, flangeCharacter, handWrittenAttack, resolutions, skill } from "./helpers";

beforeEach(async () => {
  await bootWorld("flange")(); // a flange world (issue 23)
  resetSecrets();
});

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
const byType = (type: string): any[] => msgs().filter((m) => m.flags?.breadbox?.type === type);
const notes = (): string[] => (((ui as any).notifications?.messages ?? (ui as any).notifications?.history ?? []) as { message: string }[]).map((n) => n.message);

function button(data: Record<string, string>): HTMLButtonElement {
  const b = document.createElement("button");
  Object.assign(b.dataset, data);
  return b;
}

async function fighter(name: string, system: Record<string, unknown> = {}): Promise<any> {
  return flangeCharacter(name, { attributes: { perception: 8, athleticism: 8, strength: 8, constitution: 8 }, ...system }, [
    skill("Brawling", "combatBrawl", 2),
    { name: "Fists", type: "flangeWeapon", system: { attribute: "strength", range: "melee", damageDots: 0, damageModifier: 0, skill: "Brawling", heading: "combatBrawl", equipped: true } },
  ]);
}

/** Two combatants on one total, both choosing scissors: each attacks the other, who may not defend. */
async function revealed() {
  const users = [createUser({ name: "Ann" }), createUser({ name: "Ben" })];
  const actors = [await fighter("Ada"), await fighter("Bo")];
  for (let i = 0; i < 2; i++) await actors[i].update({ ownership: { [users[i]!.id!]: 3 } });
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })));
  await combat.startCombat();
  scriptDiceFaces([5, 5]);
  await combat.rollAll();
  await announceSimultaneous(combat);
  const card = byType("flangeSimultaneous")[0];
  const members = card.flags.breadbox.members;
  const userOf = (m: any) => users[actors.findIndex((a) => a.uuid === m.actorUuid)]!;
  const actorOf = (m: any) => actors.find((a) => a.uuid === m.actorUuid);
  for (const m of members) await asUser(userOf(m), () => sendHand(card.id, m, actorOf(m), { hand: "scissors", target: null, blockWith: "body" }));
  expect(card.flags.breadbox.attacks.map((x: any) => x.defence)).toEqual(["none", "none"]);
  const m0 = members.find((m: any) => m.combatantId === card.flags.breadbox.attacks[0].attacker);
  return { card, player: userOf(m0), attacker: actorOf(m0) };
}

describe("issue 17 attack 2: the reveal's attack button, used again after the attacker deletes or edits their resolved attack card", () => {
  for (const tamper of ["delete", "edit"] as const) {
    it(`attack 2 (${tamper}): the second press is refused and no second attack is resolved`, async () => {
      const s = await revealed();
      scriptDiceFaces([8, 2, 6]);
      await asUser(s.player, () => onSimultaneousAttack(s.card, button({ index: "0" }), shift));
      expect(resolutions()).toHaveLength(1);
      const attackCard = declarations()[0];
      // The attacker's own card: deleted, or its flags no longer naming the reveal.
      if (tamper === "delete") await asUser(s.player, () => attackCard.delete());
      else await asUser(s.player, () => attackCard.update({ flags: { breadbox: { choices: { simultaneous: { messageId: "aaaaaaaaaaaaaaaa", index: 7 } }, declared: null } } }));
      scriptDiceFaces([9, 9, 9, 9, 9, 9]);
      await asUser(s.player, () => onSimultaneousAttack(s.card, button({ index: "0" }), shift));
      expect(resolutions()).toHaveLength(1);
      expect(declarations().filter((m) => m.flags.breadbox.choices.simultaneous)).toHaveLength(tamper === "delete" ? 0 : 1);
      expect(notes().some((n) => /already/i.test(n))).toBe(true);
      // A console skips the button's own check: a new attack card for the same planned attack, straight to the GM.
      const plan = s.card.flags.breadbox.attacks[0];
      const again = await handWrittenAttack(s.player, s.attacker, fromUuidSync(plan.defenderUuid), { simultaneous: { messageId: s.card.id, index: 0 } });
      const r = await runRelay({ action: "core.respond", requesterId: s.player.id!, targetUuid: plan.defenderUuid, payload: { messageId: again.id, response: "planned" } }, s.player as never);
      expect(r).toEqual({ ok: false, error: "BREADBOX.Flange.Combat.AlreadyResolved" });
      // The "planned" response is either side's: a user who owns neither side is refused by the engine.
      const stranger = createUser({ name: "Stranger" });
      expect(await runRelay({ action: "core.respond", requesterId: stranger.id!, targetUuid: plan.defenderUuid, payload: { messageId: again.id, response: "planned" } }, stranger as never)).toEqual({ ok: false, error: "BREADBOX.Relay.Forbidden" });
      expect(resolutions()).toHaveLength(1);
    });
  }
});

describe("issue 17 attack 5: two declarations at the same moment each spending all of one character's Edge", () => {
  it("attack 5 (attacks): of two attacks each spending 2 of 2 Edge, exactly one gets the dice; Edge ends at 0; the other is refused", async () => {
    const gm = gmUser();
    const p = createUser({ name: "Don's player" });
    const don = await fighter("Don", { edge: { points: 2, spent: 0 } });
    await don.update({ ownership: { [p.id!]: 3 } });
    const a = await fighter("Ann");
    const b = await fighter("Bea");
    const [ca, cb]: any[] = [await handWrittenAttack(p, don, a, { edgeDice: 2 }), await handWrittenAttack(p, don, b, { edgeDice: 2 })];
    scriptDiceFaces(Array(40).fill(2));
    const declare = (c: any, target: any) => runRelay({ action: "core.respond", requesterId: gm.id!, targetUuid: target.uuid, payload: { messageId: c.id, response: "none" } }, gm as never);
    const results = await Promise.all([declare(ca, a), declare(cb, b)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)?.error).toBe("BREADBOX.Flange.Combat.NotEnoughEdgeNow");
    const res = resolutions();
    expect(res).toHaveLength(1);
    // 2 skill dice + 2 Edge dice, all 2s: a miss, no damage roll; the four are one roll (issue 18.7).
    expect(res[0].rolls.flatMap((r: any) => r.dice.flatMap((d: any) => d.results.map((x: any) => x.result)))).toEqual([2, 2, 2, 2]);
    expect(don.system.edge.spent).toBe(2);
    expect(don.system.edgeAvailable).toBe(0);
  });

  it("attack 5 (checks): two checks on one client, each spending 2 of 2 Edge: one rolls, the other is refused with a message", async () => {
    const p = createUser({ name: "Owner" });
    const a = await fighter("Tims", { edge: { points: 2, spent: 0 } });
    await a.update({ ownership: { [p.id!]: 3 } });
    scriptDiceFaces(Array(20).fill(3));
    const before = byType("flangeCheck").length;
    const rolls = await asUser(p, () => Promise.all([performFlangeCheck(a, { edgeDice: 2 }, shift), performFlangeCheck(a, { edgeDice: 2 }, shift)]));
    expect(rolls.filter((r) => r !== null)).toHaveLength(1);
    expect(byType("flangeCheck").length - before).toBe(1);
    expect(a.system.edge.spent).toBe(2);
    expect(notes().some((n) => /Edge/.test(n))).toBe(true);
  });

  it("attack 5 (opposed): two opposed rolls on one client, each spending 2 of 2 Edge: one rolls, the other is refused", async () => {
    const p = createUser({ name: "Owner" });
    const a = await fighter("Tims", { edge: { points: 2, spent: 0 } });
    await a.update({ ownership: { [p.id!]: 3 } });
    scriptDiceFaces(Array(40).fill(3));
    const edge = { skill: "", attribute: "strength" as const, diceModifier: 0, targetModifier: 0, edgeDice: 2, edgeTarget: 0 };
    const preset = { first: edge, second: { kind: "unnamed" as const, dice: 3, target: 7 } };
    const rolls = await asUser(p, () => Promise.all([performOpposedCheck(a, shift, preset), performOpposedCheck(a, shift, preset)]));
    expect(rolls.filter((r) => r !== null)).toHaveLength(1);
    expect(byType("flangeOpposed")).toHaveLength(1);
    expect(a.system.edge.spent).toBe(2);
  });
});

describe("issue 17: the Edge re-roll is once by the GM's record, not by the player's card", () => {
  async function rolled() {
    const p = createUser({ name: "Owner" });
    const a = await fighter("Tims", { edge: { points: 3, spent: 0 } });
    await a.update({ ownership: { [p.id!]: 3 } });
    scriptDiceFaces([2, 3, 1]);
    await asUser(p, () => performFlangeCheck(a, {}, shift));
    return { p, a, card: byType("flangeCheck").at(-1) };
  }
  const reroll = (s: { p: any; a: any }, id: string) => runRelay({ action: "flange.edgeReroll", requesterId: s.p.id!, targetUuid: s.a.uuid, payload: { messageId: id } }, s.p as never);

  it("re-roll: two concurrent requests on one card give exactly one re-roll and spend one Edge", async () => {
    const s = await rolled();
    scriptDiceFaces(Array(20).fill(7));
    const results = await Promise.all([reroll(s, s.card.id), reroll(s, s.card.id)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(byType("flangeCheck").filter((m) => m.flags.breadbox.rerollOf === s.card.id)).toHaveLength(1);
    expect(s.a.system.edge.spent).toBe(1);
    // The card's mark holds the fingerprint of the roll that was re-rolled.
    const original = s.card.rolls.find((r: unknown) => r instanceof FlangeCheckRoll);
    expect(markValue(s.card.id, "rerolled")).toBe(rollFingerprint(original, s.a.uuid));
    expect(markValue(s.card.id, "rerolled")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("re-roll: the roller's player clears the card's 're-rolled' flags and asks again: refused", async () => {
    const s = await rolled();
    scriptDiceFaces(Array(20).fill(7));
    expect((await reroll(s, s.card.id)).ok).toBe(true);
    const rolls = s.card.rolls.map((r: any) => ({ ...r.toJSON(), options: { ...r.options, superseded: false } }));
    await asUser(s.p, () => s.card.update({ rolls: rolls.map((r: any) => JSON.stringify(r)), flags: { breadbox: { rerolled: false } } }));
    expect(await reroll(s, s.card.id)).toEqual({ ok: false, error: "BREADBOX.Flange.Edge.AlreadyRerolled" });
    expect(s.a.system.edge.spent).toBe(1);
  });

  it("re-roll: a copy of a re-rolled card (same roll, flags cleaned) is refused", async () => {
    const s = await rolled();
    scriptDiceFaces(Array(20).fill(7));
    expect((await reroll(s, s.card.id)).ok).toBe(true);
    const rolls = s.card.rolls.map((r: any) => JSON.stringify({ ...r.toJSON(), options: { ...r.options, superseded: false } }));
    const copy: any = await asUser(s.p, () => ChatMessage.create({ speaker: s.card.speaker, rolls, flags: { breadbox: { type: "flangeCheck", actorUuid: s.a.uuid } } } as never));
    expect(await reroll(s, copy.id)).toEqual({ ok: false, error: "BREADBOX.Flange.Edge.AlreadyRerolled" });
    // A copy made before the original is re-rolled: whichever asks second is refused.
    const s2 = await rolled();
    const rolls2 = s2.card.rolls.map((r: any) => JSON.stringify(r.toJSON()));
    const copy2: any = await asUser(s2.p, () => ChatMessage.create({ speaker: s2.card.speaker, rolls: rolls2, flags: { breadbox: { type: "flangeCheck", actorUuid: s2.a.uuid } } } as never));
    scriptDiceFaces(Array(20).fill(7));
    expect((await reroll(s2, copy2.id)).ok).toBe(true);
    expect(await reroll(s2, s2.card.id)).toEqual({ ok: false, error: "BREADBOX.Flange.Edge.AlreadyRerolled" });
    expect(s2.a.system.edge.spent).toBe(1);
    // Through the card button as well: nothing new.
    const count = msgs().length;
    await asUser(s2.p, () => onEdgeReroll(s2.card));
    expect(msgs().length).toBe(count);
  });

  it("re-roll (opposed): a copy of a re-rolled opposed card is refused for the same side", async () => {
    const p = createUser({ name: "Owner" });
    const a = await fighter("Tims", { edge: { points: 3, spent: 0 } });
    await a.update({ ownership: { [p.id!]: 3 } });
    scriptDiceFaces(Array(6).fill(3));
    const preset = { first: { skill: "", attribute: "strength" as const, diceModifier: 0, targetModifier: 0, edgeDice: 0, edgeTarget: 0 }, second: { kind: "unnamed" as const, dice: 3, target: 7 } };
    await asUser(p, () => performOpposedCheck(a, shift, preset));
    const card = byType("flangeOpposed").at(-1);
    const req = (id: string) => runRelay({ action: "flange.opposedReroll", requesterId: p.id!, targetUuid: a.uuid, payload: { messageId: id, side: "first" } }, p as never);
    scriptDiceFaces(Array(20).fill(8));
    const both = await Promise.all([req(card.id), req(card.id)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    const rolls = card.rolls.map((r: any) => JSON.stringify(r.toJSON()));
    const copy: any = await asUser(p, () => ChatMessage.create({ content: card.content, rolls, flags: { breadbox: { ...card.flags.breadbox, rerolled: false } } } as never));
    expect(await req(copy.id)).toEqual({ ok: false, error: "BREADBOX.Flange.Edge.AlreadyRerolled" });
    expect(a.system.edge.spent).toBe(1);
  });
});

describe("issue 17 attack 8: a crafted, unevaluated Flange roll in a message", () => {
  for (const [name, options, formula] of [
    ["empty options", {}, "1dzt7"],
    ["partial options", { title: 7, input: { dice: 3 }, parts: "x", result: { faces: "none" } }, "3dzt7"],
    ["a valid check, never evaluated", { title: "T", input: { dice: 2, target: 6 }, parts: [], actorUuid: "Actor.nope" }, "2dzt6"],
    ["a formula the die refuses", { title: "T", input: { dice: 2, target: 6 }, parts: [] }, "2dzt0"],
  ] as const) {
    it(`attack 8 (${name}): renders a plain card on every client without throwing or rolling`, async () => {
      const p = createUser({ name: "Player" });
      const roll = new FlangeCheckRoll(formula);
      const json = { ...(roll.toJSON() as Record<string, unknown>), options, evaluated: false };
      const message: any = await asUser(p, () => ChatMessage.create({ content: "7", rolls: [JSON.stringify(json)] } as never));
      expect(message.rolls[0]).toBeInstanceOf(FlangeCheckRoll);
      // No die may be drawn to show it.
      scriptDiceFaces([]);
      for (const user of [gmUser(), p]) {
        const html: HTMLElement = await asUser(user, () => message.renderHTML());
        expect(html.querySelector(".flange-check")).not.toBeNull();
        expect(html.querySelector('[data-bb-action="flange.edgeReroll"]')).toBeNull();
      }
      expect(message.rolls[0]._evaluated).toBe(false);
    });
  }
});

describe("issue 17: Flange's Apply refuses another ruleset's record", () => {
  it("attack 1 (flange side): a toaster-tagged record on a Flange resolution card is refused by Apply (plain and dramatic) and nothing changes", async () => {
    const gm = gmUser();
    const a = await fighter("Ada");
    const t = await fighter("Bo");
    const card: any = await ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "flange.attack", declarationId: "", attackerUuid: a.uuid, targetUuid: t.uuid, damage: 3, hit: true } } } as never);
    const apply = (option: string | null) => runRelay({ action: "core.apply", requesterId: gm.id!, targetUuid: t.uuid, payload: option ? { messageId: card.id, option } : { messageId: card.id } }, gm as never);
    // Another ruleset's record (toaster's stun and wounds), and one that names Flange's attack but holds toaster's outcome.
    for (const exchange of [
      { ruleset: "toaster", kind: "attack", declarationId: "", attackerUuid: a.uuid, targetUuid: t.uuid, outcome: { stun: 2, wounds: 3 } },
      { ruleset: "flange", kind: "attack", declarationId: "", attackerUuid: a.uuid, targetUuid: t.uuid, outcome: { stun: 2, wounds: 3 } },
    ]) {
      await updateLedger(card.id, { exchange });
      for (const option of [null, "dramatic"]) {
        const r = await apply(option);
        expect(r.ok, `${exchange.ruleset} ${option}`).toBe(false);
        expect(ledgerEntry(card.id)?.exchange).toEqual(exchange);
        expect(ledgerEntry(card.id)?.marks?.applied).toBeUndefined();
        expect([t.system.wounds.value, t.system.grind.value]).toEqual([0, 0]);
      }
    }
    // A card with Flange's own record applies.
    const own: any = await ChatMessage.create({ content: "x", flags: { breadbox: { ...card.flags.breadbox } } } as never);
    await updateLedger(own.id, { exchange: { ruleset: "flange", kind: "attack", declarationId: "", attackerUuid: a.uuid, targetUuid: t.uuid, outcome: { damage: 3 } } });
    expect(await runRelay({ action: "core.apply", requesterId: gm.id!, targetUuid: t.uuid, payload: { messageId: own.id } }, gm as never)).toMatchObject({ ok: true });
    expect(t.system.wounds.value).toBe(3);
  });
});
