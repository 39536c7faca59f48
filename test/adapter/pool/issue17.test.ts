/**
 * Issue 17, the Dice Pool's attacks (on core's exchange engine: `core.respond`, `core.apply`): a
 * defender's player relaying the defence with the Storyguide's fields (attack 6), an attack card
 * whose numbers do not come from the attacker's documents, another ruleset's record sent to Apply,
 * two answers to one attack at the same moment, and a crafted, unevaluated or malformed Dice Pool
 * roll in a message (attack 8).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { attackWithWeapon } from "../../../src/rulesets/pool/combat/attack";
import { respondRelayHandler } from "../../../src/core/exchange/engine";
import { RESPOND, clickCardButton } from "./card-buttons";
import { PoolCheckRoll, type PoolCheckOptions } from "../../../src/rulesets/pool/dice/pool-roll";
import { ledgerEntry, updateLedger } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { applyOrRelay } from "../../../src/core/relay";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = () => (game as any).messages.contents;
const gmUser = () => (game as any).users.find((u: any) => u.isGM);

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const attacker: any = await Actor.create({ name: "Rhoenda", type: "pool", ownership: { [p1.id!]: 3 } } as never);
  await attacker.createEmbeddedDocuments("Item", [
    { name: "Sword", type: "poolAbility", system: { rating: 3 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Longsword", type: "poolWeapon", system: { ability: "Sword", attribute: "Agility", trauma: "physical", damageType: "lethal", damageModifier: 1 } },
  ]);
  const defender: any = await Actor.create({ name: "Guard", type: "pool", ownership: { [p2.id!]: 3 } } as never);
  await defender.createEmbeddedDocuments("Item", [
    { name: "Dodge", type: "poolAbility", system: { rating: 1 } },
    { name: "Parry", type: "poolAbility", system: { rating: 1 } },
  ]);
  const weapon = attacker.items.find((i: any) => i.type === "poolWeapon");
  return { p1, p2, attacker, defender, weapon };
}

/** p1 attacks with the skip key (the weapon's ability and attribute, Difficulty 15): 26. */
async function attack(s: Awaited<ReturnType<typeof scene>>): Promise<any> {
  s.p1.targets = new Set([{ actor: s.defender }]);
  scriptDiceFaces([8, 7, 6, 5, 1]);
  await asUser(s.p1, () => attackWithWeapon(s.attacker, s.weapon, shift));
  await settle();
  return msgs().at(-1);
}

/** The resolution cards (posted by the GM's client) of a declaration. */
const resolutionsOf = (card: any) => msgs().filter((m: any) => m.flags.breadbox?.type === "exchangeResolution" && m.flags.breadbox.declarationId === card.id);

describe("issue 17 attack 6: a defender's player relays the defence (core.respond) with the Storyguide's fields", () => {
  it("attack 6: GM-only fields from the defender's player are refused (no resolution, the attack stays open); allowed fields work", async () => {
    const s = await scene();
    const card = await attack(s);
    const count = msgs().length;
    const forged = [
      // The attack as reported: 57 extra Add dice and dice phobe fix the attack's Difficulty at 285.
      { ability: "Dodge", extraAdd: 57, resolution: "dicePhobe" },
      { ability: "Dodge", extraAdd: 1 },
      { ability: "Dodge", extraBonus: 2 },
      { ability: "Dodge", extraPenalty: 1 },
      { ability: "Dodge", resolution: "dicePhobe" },
      { ability: "Dodge", timeMode: "regular", doublings: 3 },
      { ability: "Dodge", activity: "mental" },
      { ability: "Dodge", justified: "Parry" },
    ];
    for (const choices of forged) {
      const r = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "oppose", choices, mode: "public" }));
      expect(r, JSON.stringify(choices)).toMatchObject({ ok: false, error: "BREADBOX.Pool.Attack.StoryguideOnly" });
    }
    expect(msgs().length).toBe(count);
    expect(resolutionsOf(card)).toHaveLength(0);
    expect(hasMark(card.id, "resolved")).toBe(false);
    // Only the player's own fields (the ability, the die, converted dice; the activity the trait gives): answered once.
    scriptDiceFaces([3, 4]);
    const ok = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Dodge", die: "d8", convert: 0, activity: "physical", difficulty: 15, requiredDegree: 0, extraAdd: 0, resolution: "roll" }, mode: "public" }));
    expect(ok).toMatchObject({ ok: true });
    await settle();
    expect(resolutionsOf(card)).toHaveLength(1);
    expect(msgs().at(-1).rolls[0].total).toBe(7);
    expect(hasMark(card.id, "resolved")).toBe(true);
  });

  it("attack 6: the GM answering for the defender may grant the Storyguide's fields", async () => {
    const s = await scene();
    const card = await attack(s);
    const r = await applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "oppose", choices: { ability: "Dodge", extraAdd: 2, resolution: "dicePhobe" }, mode: "public" });
    expect(r).toMatchObject({ ok: true });
    await settle();
    // Dodge 1 → 2 Add dice, + 2 from the Storyguide: dice phobe 20; 26 − 20 = 6 → degree 1.
    expect((await msgs().at(-1).renderHTML()).textContent).toContain("Difficulty 20 (the defender's dice-phobe total)");
  });

  it("attack 6 (audit): an attack card whose pool is not the attacker's, or that carries the Storyguide's fields from a player, cannot be answered", async () => {
    const s = await scene();
    // The attacker's player posts a hand-made card: a dice-phobe attack of 60 Add dice (total 300).
    const options: PoolCheckOptions = { title: "Sword", actorUuid: s.attacker.uuid, pool: { addDice: 60, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: -60, requiredDegree: 0, parts: [], resolution: "dicePhobe" };
    const roll = PoolCheckRoll.fromCheck(options);
    await roll.evaluate();
    // Its choices are the dialog's own (the weapon's ability and attribute): only its dice are not that check's.
    const flags = { type: "exchangeDeclaration", exchange: "pool.attack", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid };
    const forged = await asUser(s.p1, () => ChatMessage.create({ content: "<p>attack</p>", rolls: [roll], flags: { breadbox: { ...flags, choices: { weaponId: s.weapon.id, check: { ability: "Sword", attribute: "Agility" } } } } } as never));
    await settle();
    const r = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: forged!.id, response: "none", choices: null, mode: "public" }));
    expect(r).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(resolutionsOf(forged)).toHaveLength(0);
    // The same card claiming the dialog's choices with the Storyguide's extra dice: refused too.
    const withChoices = await asUser(s.p1, () =>
      ChatMessage.create({ content: "<p>attack</p>", rolls: [roll], flags: { breadbox: { ...flags, choices: { weaponId: s.weapon.id, check: { ability: "Sword", attribute: "Agility", extraAdd: 55, resolution: "dicePhobe" } } } } } as never),
    );
    await settle();
    const r2 = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: withChoices!.id, response: "none", choices: null, mode: "public" }));
    expect(r2.ok).toBe(false);
    expect(resolutionsOf(withChoices)).toHaveLength(0);
    expect(hasMark(forged!.id, "resolved") || hasMark(withChoices!.id, "resolved")).toBe(false);
    // A genuine card still works.
    const card = await attack(s);
    const ok = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "none", choices: null, mode: "public" }));
    expect(ok).toMatchObject({ ok: true });
  });

  it("attack 6: the Storyguide's fields count on an attack a GM declared, and the defender's player answers it from the card", async () => {
    const s = await scene();
    const gm = gmUser();
    gm.targets = new Set([{ actor: s.defender }]);
    const pending = asUser(gm, () => attackWithWeapon(s.attacker, s.weapon, new MouseEvent("click")));
    const dialog = await waitForDialog();
    fillForm(dialog.element, { extraAdd: "1" });
    // Sword 3 + 1 extra → 5 Add dice, Agility → 1 Bonus: 6d8kh5 = 8 + 7 + 6 + 5 + 4 = 30.
    scriptDiceFaces([8, 7, 6, 5, 4, 1]);
    await answerDialog({ action: "roll" });
    await pending;
    await settle();
    const card = msgs().at(-1);
    expect(card.rolls[0].formula).toBe("6d8kh5");
    // The defender's player answers from the card (their client may not know who wrote it); the GM judges.
    expect(await clickCardButton(s.p2, card, RESPOND("none"), { shiftKey: true })).toBe(true);
    await settle();
    expect(resolutionsOf(card)).toHaveLength(1);
    expect((await msgs().at(-1).renderHTML()).textContent).toContain("30");
  });
});

describe("issue 17: the Pool's Apply and the once-only resolution", () => {
  it("Apply refuses a ledger entry of another ruleset (or of the old path) before marking or changing anything", async () => {
    const s = await scene();
    const card: any = await ChatMessage.create({ content: "<p>toaster resolution</p>", flags: { breadbox: { type: "exchangeResolution", targetUuid: s.defender.uuid } } } as never);
    await settle();
    const apply = () => asUser(s.p2, () => applyOrRelay("core.apply", { uuid: s.defender.uuid }, { messageId: card.id }));
    // The old path's record (a Pool-shaped wound list under another ruleset's name): no exchange outcome to apply.
    const resolution = { ruleset: "toaster", attackMessageId: "x", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, stun: 0, wounds: 1, applied: false, woundList: [{ kind: "physical", degree: 3, nonlethal: false }] };
    await updateLedger(card.id, { resolution });
    let before = JSON.stringify(ledgerEntry(card.id));
    expect(await apply()).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NothingToApply" });
    expect(JSON.stringify(ledgerEntry(card.id))).toBe(before);
    // Another ruleset's exchange record carrying the Pool's wound list: never the Pool's Apply.
    await updateLedger(card.id, { exchange: { ruleset: "toaster", kind: "attack", declarationId: "x", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, outcome: { wounds: [{ kind: "physical", degree: 3, nonlethal: false }] } } });
    before = JSON.stringify(ledgerEntry(card.id));
    expect((await apply()).ok).toBe(false);
    expect(JSON.stringify(ledgerEntry(card.id))).toBe(before);
    expect(hasMark(card.id, "applied")).toBe(false);
    expect(s.defender.system.wounds).toHaveLength(0);
    expect(card.flags.breadbox.applied).toBeUndefined();
  });

  it("two answers to one attack at the same moment: exactly one resolution (claimMark on the GM's client)", async () => {
    const s = await scene();
    const card = await attack(s);
    const gm = gmUser();
    const payload = { messageId: card.id, response: "none", choices: null, mode: "public" };
    // Straight into the GM-side handler, both at once (as two requests that reached it together).
    const results = await Promise.all([
      respondRelayHandler({ requester: gm, target: s.defender, payload }),
      respondRelayHandler({ requester: s.p2, target: s.defender, payload }),
    ]);
    await settle();
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: "BREADBOX.Exchange.AlreadyResolved" });
    expect(resolutionsOf(card)).toHaveLength(1);
    expect(msgs().filter((m: any) => m.flags.breadbox?.type === "exchangeResolution")).toHaveLength(1);
    // And through the relay from two users at once.
    const card2 = await attack(s);
    const both = await Promise.all([
      asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { ...payload, messageId: card2.id })),
      applyOrRelay("core.respond", { uuid: s.defender.uuid }, { ...payload, messageId: card2.id }),
    ]);
    await settle();
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(resolutionsOf(card2)).toHaveLength(1);
  });
});

describe("issue 17 attack 8: a crafted Dice Pool roll in a message renders without throwing", () => {
  const options = (): PoolCheckOptions => ({ title: "Climbing", pool: { addDice: 3, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 15, requiredDegree: 0, parts: [], resolution: "roll" });

  it("attack 8: unevaluated, partial and malformed PoolCheckRolls render a plain card", async () => {
    const p1 = createUser({ name: "Player" });
    const unevaluated = PoolCheckRoll.fromCheck(options()).toJSON();
    const bare = new PoolCheckRoll("4d8kh3").toJSON();
    const phobe = PoolCheckRoll.fromCheck({ ...options(), resolution: "dicePhobe" }).toJSON();
    const noPool = { ...new PoolCheckRoll("2d8").toJSON(), options: { pool: "x", result: { dice: [null], faces: [], total: 1, margin: 0, degree: 0, achieved: true, outcome: "success" } } };
    const evaluated = PoolCheckRoll.fromCheck(options());
    scriptDiceFaces([8, 7, 6, 5]);
    await evaluated.evaluate();
    const forgedResult = { ...evaluated.toJSON(), options: { ...evaluated.options, result: { dice: [null, 3], faces: "x", total: 99, margin: 0, degree: 9, achieved: true, outcome: "success" } } };
    const tooFewFaces = { ...evaluated.toJSON(), options: { ...evaluated.options, pool: { addDice: 10, bonusDice: 0, penaltyDice: 0, die: "d8" } } };
    for (const data of [unevaluated, bare, phobe, noPool, forgedResult, tooFewFaces]) {
      const message: any = await asUser(p1, () => ChatMessage.create({ content: "", rolls: [JSON.stringify(data)] } as never));
      expect(message.rolls[0]).toBeInstanceOf(PoolCheckRoll);
      for (const user of [p1, gmUser()]) {
        const html: HTMLElement = await asUser(user, () => message.renderHTML());
        expect(html.querySelector(".pool-check")).not.toBeNull();
      }
      const html: HTMLElement = await message.renderHTML();
      // Rendering never rolls dice for a message: an unevaluated roll stays unevaluated.
      expect(message.rolls[0]._evaluated).toBe(Boolean(data.evaluated));
      if (!data.evaluated) expect(html.querySelector(".bb-unclassified")).not.toBeNull();
    }
  });

  it("attack 8: a forged stored result is not what the card shows (classified again from the faces)", async () => {
    const evaluated = PoolCheckRoll.fromCheck(options());
    scriptDiceFaces([8, 7, 6, 5]);
    await evaluated.evaluate();
    const data = { ...evaluated.toJSON(), options: { ...evaluated.options, result: { ...evaluated.checkResult, total: 99, degree: 9 } } };
    const message: any = await ChatMessage.create({ content: "", rolls: [JSON.stringify(data)] } as never);
    const html: HTMLElement = await message.renderHTML();
    expect(html.querySelector(".bb-total strong")?.textContent).toBe("21");
  });
});
