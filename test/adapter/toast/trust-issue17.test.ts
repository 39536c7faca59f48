/**
 * Issue 17's attacks, tried on Toast's exchange as a hostile player with a console (and as two
 * honest clients clicking at once). Each test names the attack; each failed before its fix. The
 * exchange runs on core's engine (Defend is `core.respond`, Apply `core.apply`): the attacks are
 * the same, sent the way the engine's buttons send them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, scriptDiceFaces, setUserActive } from "../../harness/index";
import { RESOLUTION, defend, outcomeOf, resolutionsOf, skill, toastCharacter, weapon } from "./combat-boot";
import { bootWorld } from "../toaster/boot";
import { toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { treat } from "../../../src/rulesets/toast/healing";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerEntry, ledgerSettled, updateLedger } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { ToastCheckRoll } from "../../../src/rulesets/toast/dice/check-roll";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const shift = new MouseEvent("click", { shiftKey: true });

/** Attacker: Broadsword +8, 5 damage dice; defender: Sword +4, Acrobatics +7 (not a weapon skill). */
async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const attacker = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword"), skill("Dagger", "dagger", ["agility"], 1), weapon("Big dagger", "Dagger", { category: "large", baseDamage: 3 })]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await toastCharacter("Guard", { agility: 12 }, [skill("Sword", "sword", ["agility"], 3), weapon("Short sword", "Sword"), skill("Acrobatics", "acrobatics", ["agility"], 6, "athletic")]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const sword = attacker.items.find((i: any) => i.type === "toastWeapon" && i.name === "Broadsword");
  return { p1, p2, attacker, defender, sword };
}

async function attack(s: Awaited<ReturnType<typeof scene>>, face: number[]): Promise<any> {
  (s.p1 as any).targets = new Set([{ actor: s.defender }]);
  scriptDiceFaces(face);
  const card: any = await asUser(s.p1, () => toastAttack(s.attacker, s.sword, shift));
  expect(card?.id).toMatch(/\S/);
  await ledgerSettled();
  return card;
}

describe("issue 17 on Toast: Apply", () => {
  it("another ruleset's record, or a record whose outcome is not one Toast's resolution makes, sent to Apply against the Toast defender: refused and unchanged", async () => {
    const s = await scene();
    // A Toaster resolution card (GM-written) whose old-style ledger record names the Toast defender.
    const card: any = await ChatMessage.create({ content: "toaster", flags: { breadbox: { type: RESOLUTION, targetUuid: s.defender.uuid } } } as never);
    await updateLedger(card.id, { resolution: { attackMessageId: "x", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, stun: 3, wounds: 1, damage: 20, applied: false, ruleset: "toaster" } });
    const tries: [Record<string, unknown> | null, string][] = [
      [null, "BREADBOX.Exchange.NothingToApply"],
      // Toaster's outcome (stun and wounds) under Toast's name; a damage no roll of Toast's makes; Toast's outcome under a kind Toast has not.
      [{ ruleset: "toast", kind: "attack", outcome: { stun: 3, wounds: 1, damage: 20 } }, "BREADBOX.Relay.Malformed"],
      [{ ruleset: "toast", kind: "attack", outcome: { damage: 400 } }, "BREADBOX.Relay.Malformed"],
      [{ ruleset: "toast", kind: "attack", outcome: { damage: 2.5 } }, "BREADBOX.Relay.Malformed"],
      [{ ruleset: "toast", kind: "heal", outcome: { damage: 20 } }, "BREADBOX.Exchange.Unknown"],
      // Toast's contest is an exchange that never applies: a record under its name applies nothing.
      [{ ruleset: "toast", kind: "contest", outcome: { damage: 20 } }, "BREADBOX.Exchange.NothingToApply"],
    ];
    for (const [exchange, error] of tries) {
      if (exchange) await updateLedger(card.id, { exchange: { declarationId: "x", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, ...exchange } as never });
      const before = JSON.stringify(ledgerEntry(card.id));
      for (const who of [s.p1, s.p2, null]) {
        const r = await (who ? asUser(who, () => applyOrRelay("core.apply", s.defender, { messageId: card.id })) : applyOrRelay("core.apply", s.defender, { messageId: card.id }));
        expect(r).toMatchObject({ ok: false, error });
      }
      expect(JSON.stringify(ledgerEntry(card.id))).toBe(before);
    }
    expect(s.defender.system.wounds.value).toBe(0);
    expect(card.flags.breadbox.applied).toBeUndefined();
  });
});

describe("issue 17 on Toast: Defend", () => {
  it("concurrent defends on one attack: exactly one resolution", async () => {
    const s = await scene();
    const card = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1]);
    const results = (await Promise.all([defend(s.p2, card, s.defender, "sword"), defend(null, card, s.defender, "acrobatics"), defend(s.p2, card, s.defender, "none")])).map((x) => x.r);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ error: "BREADBOX.Exchange.AlreadyResolved" });
    expect(resolutionsOf(card.id)).toHaveLength(1);
    expect(hasMark(card.id, "resolved")).toBe(true);
  });

  it("a resolved attack card is not defended again after its resolution card is deleted", async () => {
    const s = await scene();
    const card = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    expect((await defend(s.p2, card, s.defender, "sword")).r.ok).toBe(true);
    // The resolution card (and its ledger record) goes; the attack card stays resolved.
    await resolutionsOf(card.id)[0].delete();
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    expect((await defend(s.p2, card, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyResolved" });
  });

  it("the attacker edits her card's situational modifier after seeing the roll: the attack keeps the modifier it was rolled with", async () => {
    const s = await scene();
    const card = await attack(s, [2]); // 2 + 8 = 10 against the undefended 11: a miss
    await asUser(s.p1, () => card.update({ flags: { breadbox: { choices: { situational: 30 } } } }));
    expect(card.flags.breadbox.choices.situational).toBe(30);
    scriptDiceFaces([4, 4, 4, 4, 4]);
    expect(outcomeOf((await defend(s.p2, card, s.defender, "none")).resolution)).toEqual({ outcome: "miss", damage: null });
  });

  it("the attacker swaps her card's weapon after the roll: the damage is the weapon she attacked with", async () => {
    const s = await scene();
    const card = await attack(s, [10]); // 18: hits the undefended 11
    const dagger = s.attacker.items.find((i: any) => i.name === "Big dagger");
    await asUser(s.p1, () => card.update({ flags: { breadbox: { choices: { weaponId: dagger.id } } } }));
    scriptDiceFaces([1, 1, 1, 1, 1, 1, 1]);
    // The broadsword's 5 dice, not the big dagger's 6.
    expect(outcomeOf((await defend(s.p2, card, s.defender, "none")).resolution)).toEqual({ outcome: "hit", damage: 5 });
  });

  it("the attacker rewrites her card's roll to an Auto: the attack keeps the faces it was posted with", async () => {
    const s = await scene();
    const card = await attack(s, [1]); // 1 + 8 = 9: a miss undefended
    scriptDiceFaces([12, 9]);
    const auto = await asUser(s.p1, async () => {
      const roll = new Roll("1dp");
      await roll.evaluate();
      return roll;
    });
    await asUser(s.p1, () => card.update({ rolls: [JSON.stringify(auto.toJSON())] }));
    expect(card.rolls[0].dice[0].results[0].result).toBe(12);
    scriptDiceFaces([4, 4, 4, 4, 4]);
    expect(outcomeOf((await defend(s.p2, card, s.defender, "none")).resolution)).toEqual({ outcome: "miss", damage: null });
  });

  it("an attack card posted while no GM was online has no record of its roll: refused", async () => {
    const s = await scene();
    setUserActive(gmUser(), false);
    const card = await attack(s, [9]);
    setUserActive(gmUser(), true);
    expect(ledgerEntry(card.id)?.posted).toBeUndefined();
    expect((await defend(s.p2, card, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NotRecorded" });
  });

  it("two defences at once against two attacks with defending using her action: exactly one spends it", async () => {
    await (game as any).settings.set("breadbox", "toast.defenceUsesAction", true);
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Ysolde", initiative: 20 }, { actorId: s.defender.id, name: "Guard", initiative: 5 }]);
    await combat.startCombat();
    const a = await attack(s, [9]);
    const b = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1]);
    const results = (await Promise.all([a, b].map((card) => defend(s.p2, card, s.defender, "sword")))).map((x) => x.r);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: "BREADBOX.ToastCombat.Defend.NoActionLeft" });
    // The refused attack stays open.
    expect([a, b].filter((card) => hasMark(card.id, "resolved"))).toHaveLength(1);
  });
});

describe("issue 17 on Toast: treatment through the GM", () => {
  it("a player relays a treatment with a non-medical skill: refused (the GM may allow another skill)", async () => {
    const healerPlayer = createUser({ name: "Healer's player" });
    const healer = await toastCharacter("Medic", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 9), skill("Medicine", "medicine", ["focus"], 1, "medical")]);
    await healer.update({ ownership: { [healerPlayer.id!]: 3 } });
    const patient = await toastCharacter("Patient", {}, [], { wounds: { value: 6 } });
    const broadsword = healer.items.find((i: any) => i.name === "Broadsword");
    const r = await asUser(healerPlayer, () => applyOrRelay("toast.treat", patient, { healerUuid: healer.uuid, skillId: broadsword.id, mode: "public" }));
    expect(r).toMatchObject({ ok: false, error: "BREADBOX.Toast.Relay.NotMedical" });
    expect(patient.system.wounds.value).toBe(6);
    expect(patient.getFlag("breadbox", "toastTreatedDay")).toBeUndefined();
    // The sheet's button (a Medical skill) still goes through.
    const medicine = healer.items.find((i: any) => i.name === "Medicine");
    scriptDiceFaces([10]);
    expect(await asUser(healerPlayer, () => treat(healer, medicine, patient, shift))).toBe(true);
  });
});

describe("issue 17 on Toast: crafted rolls in a message", () => {
  const crafted: [string, Record<string, unknown>][] = [
    ["an unevaluated check roll", { class: "ToastCheckRoll", formula: "1dp + 8[Sword]", terms: [], evaluated: false, options: { kind: "skill", title: "Sword", parts: [{ label: "Sword", value: 8 }], target: 15 } }],
    ["an unevaluated check whose parts sum past the limit", { class: "ToastCheckRoll", formula: "1dp + 1000[a] + 1000[b]", evaluated: false, options: { kind: "skill", title: "x", parts: [{ label: "a", value: 1000 }, { label: "b", value: 1000 }], target: 15 } }],
    ["an unevaluated contest side with junk options", { class: "ToastCheckRoll", formula: "1dp", evaluated: false, options: { kind: "contest", title: 7, parts: "x", target: "nowhere", result: { faces: "no" }, side: 3 } }],
    ["an unevaluated check with no d10+ in its formula", { class: "ToastCheckRoll", formula: "1d6 + 3", evaluated: false, options: { kind: "skill", parts: [], target: 11 } }],
    ["a check marked evaluated with no results", { class: "ToastCheckRoll", formula: "1dp", evaluated: true, total: 5, options: { kind: "skill", parts: [], target: 11 } }],
  ];
  for (const [name, json] of crafted) {
    it(`${name} renders without throwing`, async () => {
      const p = createUser({ name: "Player" });
      const message: any = await asUser(p, () => ChatMessage.create({ rolls: [JSON.stringify(json)] } as never));
      for (const who of [p, (game as any).users.activeGM]) {
        const html: HTMLElement = await asUser(who, () => message.renderHTML());
        expect(html.textContent).toMatch(/\S/);
      }
      const roll = message.rolls[0];
      expect(roll).toBeInstanceOf(ToastCheckRoll);
      expect(typeof (await roll.render())).toBe("string");
    });
  }
});
