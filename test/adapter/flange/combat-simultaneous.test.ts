/**
 * Flange simultaneous action on the harness: equal initiative totals get a card from the GM's
 * client; each player chooses in secret (a commitment through the relay, the opening to the GM
 * only); nothing of a hand is visible until all are in; a forged reveal counts for nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { announceSimultaneous, commitment, HAND_QUERY, onChooseHand, resetSecrets, sendHand, type HandChoice } from "../../../src/rulesets/flange/combat/simultaneous";
import { plannedAttack } from "../../../src/rulesets/flange/combat/reveal-card";
import { RELAY_QUERY, runRelay } from "../../../src/core/relay";
import { handWrittenAttack, resolutions } from "./helpers";

beforeEach(async () => {
  await bootWorld("flange")(); // a flange world (issue 23)
  resetSecrets();
});

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
const simCards = (): any[] => msgs().filter((m) => m.flags?.breadbox?.type === "flangeSimultaneous");

async function character(name: string, attributes: Record<string, number>): Promise<any> {
  const actor: any = await Actor.create({ name, type: "flange", system: { attributes } } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Brawling", type: "flangeSkill", system: { heading: "combatBrawl", dots: 2 } },
    { name: "Fists", type: "flangeWeapon", system: { attribute: "strength", range: "melee", damageDots: 0, damageModifier: 0, skill: "Brawling", heading: "combatBrawl", equipped: true } },
  ]);
  return actor;
}

async function tie(n = 2) {
  const users = [createUser({ name: "Ann" }), createUser({ name: "Ben" }), createUser({ name: "Cat" })];
  const stranger = createUser({ name: "Stranger" });
  const actors: any[] = [];
  for (let i = 0; i < n; i++) {
    const a = await character(["Ada", "Bo", "Cy"][i]!, { perception: 8, athleticism: 8, strength: 8 });
    await a.update({ ownership: { [users[i]!.id!]: 3 } });
    actors.push(a);
  }
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })));
  await combat.startCombat();
  scriptDiceFaces(Array(n).fill(5)); // everyone 5 + 8 + 8 = 21
  await combat.rollAll();
  // The hooks post the card on their own; waiting on the same (locked, idempotent) call settles them.
  await announceSimultaneous(combat);
  return { users, stranger, actors, combat };
}

const member = (card: any, i: number) => card.flags.breadbox.members[i];

describe("flange simultaneous action: a card for every tie", () => {
  it("the GM's client posts one card when two combatants tie, and only one", async () => {
    const s = await tie();
    await announceSimultaneous(s.combat);
    expect(simCards()).toHaveLength(1);
    const card = simCards()[0];
    expect(card.flags.breadbox).toMatchObject({ total: 21, round: 1, chosen: [], revealed: null });
    expect(card.flags.breadbox.members.map((m: any) => m.name).sort()).toEqual(["Ada", "Bo"]);
  });

  it("a tie in a later round gets one card, for that round", async () => {
    const a = await character("Ada", { perception: 8, athleticism: 8 });
    const b = await character("Bo", { perception: 8, athleticism: 7 });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [a, b].map((x) => ({ actorId: x.id, name: x.name })));
    await combat.startCombat();
    scriptDiceFaces([5, 5]); // 21 and 20: no tie
    await combat.rollAll();
    scriptDiceFaces([3, 4]); // 24 and 24
    await combat.nextRound();
    await announceSimultaneous(combat);
    expect(simCards()).toHaveLength(1);
    expect(simCards()[0].flags.breadbox).toMatchObject({ round: 2, total: 24 });
  });

  it("no card without a tie", async () => {
    const a = await character("Ada", { perception: 8, athleticism: 8 });
    const b = await character("Bo", { perception: 8, athleticism: 8 });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [a, b].map((x) => ({ actorId: x.id, name: x.name })));
    await combat.startCombat();
    scriptDiceFaces([5, 6]);
    await combat.rollAll();
    await announceSimultaneous(combat);
    expect(simCards()).toHaveLength(0);
  });
});

describe("flange simultaneous action: secret hands", () => {
  it("hands reach the GM only; the card shows who has chosen, then reveals both at once", async () => {
    const s = await tie();
    const card = simCards()[0];
    const [ada, bo] = [member(card, 0), member(card, 1)];
    const userOf = (m: any) => s.users[s.actors.findIndex((a) => a.uuid === m.actorUuid)]!;
    const actorOf = (m: any) => s.actors.find((a) => a.uuid === m.actorUuid);
    expect(await asUser(userOf(ada), () => sendHand(card.id, ada, actorOf(ada), { hand: "scissors", target: null, blockWith: "body" }))).toBe(true);
    // Nothing of the hand anywhere a player can read: the card, every user's flags.
    const visible = JSON.stringify([card.flags, card.content, (game as any).users.contents.map((u: any) => u.flags)]);
    expect(visible).not.toContain("scissors");
    expect(card.flags.breadbox.chosen).toEqual([ada.combatantId]);
    expect(card.flags.breadbox.revealed).toBeNull();
    // The same combatant cannot choose again.
    expect(await asUser(userOf(ada), () => sendHand(card.id, ada, actorOf(ada), { hand: "paper", target: null, blockWith: "body" }))).toBe(false);
    expect(await asUser(userOf(bo), () => sendHand(card.id, bo, actorOf(bo), { hand: "stone", target: null, blockWith: "object" }))).toBe(true);
    const f = card.flags.breadbox;
    expect(Object.fromEntries(f.revealed.map((h: any) => [h.combatantId, h.hand]))).toEqual({ [ada.combatantId]: "scissors", [bo.combatantId]: "stone" });
    expect(f.attacks).toEqual([{ attacker: ada.combatantId, defender: bo.combatantId, defence: "block", blockWith: "object", attackerUuid: ada.actorUuid, defenderUuid: bo.actorUuid }]);
    expect(card.content).toContain("Stone");
    expect(plannedAttack(card.id, 0)).toMatchObject({ defence: "block", blockWith: "object" });
  });

  it("the hand dialog offers the hands and no roll visibility (a secret choice posts no roll), and its choice is sent", async () => {
    const s = await tie();
    const card = simCards()[0];
    const ada = member(card, 0);
    const user = s.users[s.actors.findIndex((a) => a.uuid === ada.actorUuid)]!;
    const button = document.createElement("button");
    button.dataset.combatant = ada.combatantId;
    await asUser(user, async () => {
      const pending = onChooseHand(card, button);
      const dialog = await waitForDialog();
      expect(dialog.element.querySelector('select[name="hand"]')).not.toBeNull();
      expect(dialog.element.querySelector(".bb-message-mode")).toBeNull();
      await answerDialog({ dialog, action: "roll", fill: { hand: "paper" } });
      await pending;
    });
    expect(card.flags.breadbox.chosen).toEqual([ada.combatantId]);
    expect(JSON.stringify(card.flags)).not.toContain("paper");
  });

  it("a stranger cannot choose for someone else's combatant, and a forged opening is refused", async () => {
    const s = await tie();
    const card = simCards()[0];
    const m0 = member(card, 0);
    const owner = s.users[s.actors.findIndex((a) => a.uuid === m0.actorUuid)]!;
    const actor = s.actors.find((a) => a.uuid === m0.actorUuid);
    const choice: HandChoice = { hand: "paper", target: null, blockWith: "body" };
    const salt = "abcdefghABCDEFGH";
    // The stranger's commitment for a combatant it does not own.
    const r = await runRelay({ action: "flange.commitHand", requesterId: s.stranger.id!, targetUuid: actor.uuid, payload: { messageId: card.id, combatantId: m0.combatantId, commitment: commitment(card.id, m0.combatantId, choice, salt) } }, s.stranger as never);
    expect(r).toEqual({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    // An opening with no commitment behind it.
    const q = await asUser(s.stranger, () => (gmUser() as any).query(HAND_QUERY, { messageId: card.id, combatantId: m0.combatantId, ...choice, salt }));
    expect(q).toEqual({ ok: false, error: "BREADBOX.Flange.Combat.BadOpening" });
    // The owner commits to paper; a different opening (stone) does not match.
    const ok = await runRelay({ action: "flange.commitHand", requesterId: owner.id!, targetUuid: actor.uuid, payload: { messageId: card.id, combatantId: m0.combatantId, commitment: commitment(card.id, m0.combatantId, choice, salt) } }, owner as never);
    expect(ok).toEqual({ ok: true });
    const wrong = await asUser(s.stranger, () => (gmUser() as any).query(HAND_QUERY, { messageId: card.id, combatantId: m0.combatantId, hand: "stone", target: null, blockWith: "body", salt }));
    expect(wrong).toEqual({ ok: false, error: "BREADBOX.Flange.Combat.BadOpening" });
    expect(card.flags.breadbox.chosen).toEqual([]);
    // The right opening goes through.
    const right = await asUser(owner, () => (gmUser() as any).query(HAND_QUERY, { messageId: card.id, combatantId: m0.combatantId, ...choice, salt }));
    expect(right).toEqual({ ok: true });
    expect(card.flags.breadbox.chosen).toEqual([m0.combatantId]);
  });

  it("a forged reveal card counts for nothing: its 'planned' attack is refused by the GM", async () => {
    const s = await tie();
    const card = simCards()[0];
    const [m0, m1] = [member(card, 0), member(card, 1)];
    const i0 = s.actors.findIndex((a) => a.uuid === m0.actorUuid);
    const attacker = s.actors[i0];
    const defender = s.actors.find((a) => a.uuid === m1.actorUuid);
    const player = s.users[i0]!;
    // The attacker's player writes a "revealed" card in which the defender does not defend.
    const forged = await asUser(player, () =>
      ChatMessage.create({
        content: "revealed",
        flags: { breadbox: { type: "flangeSimultaneous", combatId: s.combat.id, round: 1, total: 21, members: [m0, m1], chosen: [m0.combatantId, m1.combatantId], revealed: [], attacks: [{ attacker: m0.combatantId, defender: m1.combatantId, defence: "none", blockWith: null, attackerUuid: attacker.uuid, defenderUuid: defender.uuid }] } },
      } as never),
    );
    expect(plannedAttack(forged.id, 0)).toBeNull();
    const attackCard = await handWrittenAttack(player, attacker, defender, { simultaneous: { messageId: forged.id, index: 0 } });
    const r = await runRelay({ action: "core.respond", requesterId: player.id!, targetUuid: defender.uuid, payload: { messageId: attackCard.id, response: "planned" } }, player as never);
    expect(r).toEqual({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(resolutions()).toHaveLength(0);
    // Hands sent to the forged card are refused too.
    expect(await asUser(player, () => sendHand(forged.id, m0, attacker, { hand: "scissors", target: null, blockWith: "body" }))).toBe(false);
  });

  it("after the reveal, the attacker rolls the planned attack once, against the defence the reveal fixed", async () => {
    const s = await tie();
    const card = simCards()[0];
    const [m0, m1] = [member(card, 0), member(card, 1)];
    const u = (m: any) => s.users[s.actors.findIndex((a) => a.uuid === m.actorUuid)]!;
    const a = (m: any) => s.actors.find((x) => x.uuid === m.actorUuid);
    await asUser(u(m0), () => sendHand(card.id, m0, a(m0), { hand: "scissors", target: null, blockWith: "body" }));
    await asUser(u(m1), () => sendHand(card.id, m1, a(m1), { hand: "scissors", target: null, blockWith: "body" }));
    expect(card.flags.breadbox.attacks.map((x: any) => x.defence)).toEqual(["none", "none"]);
    const { onSimultaneousAttack } = await import("../../../src/rulesets/flange/combat/simultaneous");
    const b = document.createElement("button");
    b.dataset.index = "0";
    scriptDiceFaces([8, 2, 6]); // Brawling 2 on Strength 8: 8, 2 → one success; damage 1 die: 6
    await asUser(u(m0), () => onSimultaneousAttack(card, b, shift));
    const res = resolutions();
    expect(res).toHaveLength(1);
    expect(res[0].flags.breadbox).toMatchObject({ attackerUuid: m0.actorUuid, targetUuid: m1.actorUuid, damage: 6, hit: true });
    // The same planned attack a second time: refused.
    await asUser(u(m0), () => onSimultaneousAttack(card, b, shift));
    expect(resolutions()).toHaveLength(1);
  });

  it("three on one total: an attacker must name a target, and each attack is met by its target's hand", async () => {
    const s = await tie(3);
    const card = simCards()[0];
    const ms = [0, 1, 2].map((i) => member(card, i));
    const u = (m: any) => s.users[s.actors.findIndex((a) => a.uuid === m.actorUuid)]!;
    const a = (m: any) => s.actors.find((x) => x.uuid === m.actorUuid);
    expect(await asUser(u(ms[0]), () => sendHand(card.id, ms[0], a(ms[0]), { hand: "scissors", target: null, blockWith: "body" }))).toBe(false);
    await asUser(u(ms[0]), () => sendHand(card.id, ms[0], a(ms[0]), { hand: "scissors", target: ms[2].combatantId, blockWith: "body" }));
    await asUser(u(ms[1]), () => sendHand(card.id, ms[1], a(ms[1]), { hand: "scissors", target: ms[0].combatantId, blockWith: "body" }));
    await asUser(u(ms[2]), () => sendHand(card.id, ms[2], a(ms[2]), { hand: "paper", target: null, blockWith: "body" }));
    expect(card.flags.breadbox.attacks.map((x: any) => [x.attacker, x.defender, x.defence])).toEqual([
      [ms[0].combatantId, ms[2].combatantId, "dodge"],
      [ms[1].combatantId, ms[0].combatantId, "none"],
    ]);
  });
});
