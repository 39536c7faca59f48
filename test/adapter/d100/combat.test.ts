/**
 * D10/0 combat on the harness (both profiles): action points in the combat tracker, the attack
 * sequence from the attack card to Apply through the GM (forged and duplicate Apply refused),
 * fire blocks, and notation typed into a weapon.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Hooks, answerDialog, asUser, createUser, fillForm, scriptDiceFaces, turnEventsSettled, waitForDialog } from "../../harness/index";
import { bootWorld, notifications, packDoc } from "../toaster/boot";
import { attackWithWeapon, performAttack } from "../../../src/rulesets/d100/combat/attack";
import { onDyingCheck, reloadWeapon, takeAction } from "../../../src/rulesets/d100/combat/actions";
import { initiativeFormulaFor } from "../../../src/rulesets/d100/combat/tracker";
import { reserveAp, spendAp } from "../../../src/rulesets/d100/combat/ap";
import { ledgerEntry } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { runRelay } from "../../../src/core/relay";
import { amountOf, apply, respond } from "./exchange";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };

async function character(name: string, attributes: Record<string, number>, extra: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const actor: any = await Actor.create({ name, type: "d100", system: { attributes: { ...fives, ...attributes }, ...extra } } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

const pistol = { name: "Pistol", type: "d100Weapon", system: { skill: "ranged", range: "ranged", damage: "5 + 1D", attackAp: 2, capacity: 8, loaded: 8 } };
const assaultRifle = {
  name: "Assault Rifle",
  type: "d100Weapon",
  system: {
    skill: "ranged",
    damage: "10 + 2D",
    attackAp: 2,
    fireBlocks: [{ title: "Three Shot Burst", kind: "burst", apKind: "fixed", apCost: 3, spread: ["> -10", "> 0", "> 10"], amountKind: "flat", amounts: [1, 2, 3], damageBy: "all", damage: ["10 + 2D"] }],
  },
};
const vest = { name: "Vest", type: "d100Armor", system: { adjustment: "-5F", coverage: ["chest"], equipped: true } };

async function scene() {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const p3 = createUser({ name: "Stranger" });
  // Ranged: AG FO PE, majors AG and FO: 6·2 + 6·2 + 5 = 29, +21 Adjust = 50. Quota floor((6 + 6) / 2) = 6.
  const attacker = await character("Janet", { agility: 6, focus: 6 }, { skills: { ranged: { major1: "agility", major2: "focus", adjust: 21 } } }, [pistol, assaultRifle]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  // Athletic AG EN ST, all 5: 25. Health 50 of 50. Quota 5.
  const defender = await character("Officer", {}, { health: { current: 50, bonus: 0 } }, [vest]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const gun = attacker.items.find((i: any) => i.name === "Pistol");
  const rifle = attacker.items.find((i: any) => i.name === "Assault Rifle");
  (p1 as any).targets = new Set([{ actor: defender }]);
  return { p1, p2, p3, attacker, defender, gun, rifle };
}

describe("D10/0 action points in the combat tracker", () => {
  it("initiative is the Action Quota, ties broken by d10 checks against it (or none when simultaneous)", () => {
    expect(initiativeFormulaFor(6, "simultaneous")).toBe("6");
    const r = new Roll(initiativeFormulaFor(6, "check"));
    expect(r.formula).toContain("1d10 % 10");
  });

  it("refills on receiving the initiative, spends, refuses what cannot be paid, forfeits on passing, pays reactions from reserve", async () => {
    const s = await scene();
    expect(s.attacker.system.actionQuota).toBe(6);
    expect(s.defender.system.actionQuota).toBe(5);
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Janet" }, { actorId: s.defender.id, name: "Officer" }]);
    scriptDiceFaces([3, 4, 3, 4]);
    await combat.rollAll();
    // 6 + (6 − 3)/1000 … beats 5 + …: the higher quota acts first.
    expect(combat.combatants.find((c: any) => c.actorId === s.attacker.id).initiative).toBeGreaterThan(6);
    await combat.startCombat();
    await turnEventsSettled();
    expect(combat.combatant.actorId).toBe(s.attacker.id);
    expect(s.attacker.system.combat.ap.value).toBe(6);
    expect(s.attacker.system.combat.ap.max).toBe(6);

    // The tracker row shows what is left.
    const tracker = (ui as any).combat;
    await tracker.render({ force: true });
    const row = tracker.element.querySelector(`[data-combatant-id="${combat.combatant.id}"]`);
    expect(row.textContent).toContain("AP 6/6");
    // The quota, not the tie checks' decimals ("6.00", "6.003").
    // Core shows a fractional initiative as a bare span (VERIFY 47): the quota replaces it.
    expect(row.querySelector(".token-initiative > span").textContent).toBe("6");

    // An attack pays its 2 AP and its round through the GM when it is resolved (not before).
    scriptDiceFaces([25, 7]);
    const attackCard = await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift));
    expect(s.attacker.system.combat.ap.value).toBe(6);
    expect(s.gun.system.loaded).toBe(8);
    expect((await respond(s.p2, attackCard, "take")).ok).toBe(true);
    expect(s.attacker.system.combat.ap.value).toBe(4);
    expect(s.gun.system.loaded).toBe(7);
    // What cannot be paid is refused with a message, and nothing changes.
    const before = msgs().length;
    expect(await asUser(s.p1, () => spendAp(s.attacker, 5, "Sprint"))).toBe(false);
    expect(notifications().at(-1)?.message).toContain("only 4 are left");
    expect(s.attacker.system.combat.ap.value).toBe(4);
    expect(msgs().length).toBe(before);
    // Reserve 4 for reactions, pass the initiative: the defender refills, nothing is forfeited.
    await asUser(s.p1, () => reserveAp(s.attacker));
    expect(s.attacker.system.combat).toMatchObject({ ap: { value: 0 }, reserved: 4 });
    await combat.nextTurn();
    await turnEventsSettled();
    expect(s.defender.system.combat.ap.value).toBe(5);
    // A reaction of 2 on the defender's initiative comes from the reserve; one of 3 more is refused.
    expect(await asUser(s.p1, () => reloadWeapon(s.attacker, s.gun))).toBe(true);
    expect(s.attacker.system.combat.reserved).toBe(3);
    expect(s.gun.system.loaded).toBe(8);
    expect(await asUser(s.p1, () => spendAp(s.attacker, 4, "Dive"))).toBe(false);
    expect(notifications().at(-1)?.message).toContain("not your initiative");
    // The defender passes with points left: they are forfeited (the core's decision).
    await combat.nextTurn();
    await turnEventsSettled();
    expect(s.defender.system.combat.ap.value).toBe(0);
    expect(s.attacker.system.combat).toMatchObject({ ap: { value: 6 }, reserved: 0 });
  });

  it("an action costing more than the points left is started and paid over the next initiatives", async () => {
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Janet" }]);
    await combat.startCombat();
    await turnEventsSettled();
    expect(s.attacker.system.combat.ap.value).toBe(6);
    // Repairing the machinery costs 10: 6 now, 4 on the next initiative.
    expect(await asUser(s.p1, () => takeAction(s.attacker, "Repair the machinery", 10))).toBe(false);
    expect(s.attacker.system.combat.ap.value).toBe(0);
    expect(s.attacker.system.combat.pending).toMatchObject([{ label: "Repair the machinery", cost: 10, paid: 6 }]);
    expect(msgs().at(-1).content).toContain("paid over the next initiatives");
    // An attack is never started unpaid.
    expect(await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift))).toBe(null);
    await combat.nextRound();
    await turnEventsSettled();
    expect(s.attacker.system.combat.pending).toEqual([]);
    expect(s.attacker.system.combat.ap.value).toBe(2);
    expect(msgs().at(-1).content).toContain("completes Repair the machinery");
  });

  it("a player cannot spend another player's character's points, even by asking the GM directly", async () => {
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.defender.id, name: "Officer" }]);
    await combat.startCombat();
    await turnEventsSettled();
    expect(s.defender.system.combat.ap.value).toBe(5);
    expect(await asUser(s.p3, () => spendAp(s.defender, 2, "Mischief"))).toBe(false);
    expect(s.defender.system.combat.ap.value).toBe(5);
  });
});

describe("D10/0 attack to Apply", () => {
  async function attackAndDefend(s: Awaited<ReturnType<typeof scene>>, faces: number[]) {
    const left = scriptDiceFaces(faces);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift));
    const attackMsg = msgs().at(-1);
    await respond(s.p2, attackMsg, "defend");
    expect(left.remaining()).toBe(0);
    return { attackMsg, resolution: msgs().at(-1) };
  }

  it("attack card → Defend (conflicting effort) → damage as Foundry dice → adjustments → health, applied once", async () => {
    const s = await scene();
    // Attack: Foundry d100 13 → the book's 1, 3, effort 50 − 13 = 37. Defence (Athletic 25): 50, effort −25.
    // Degree 37 ≥ 21: the damage overflows (a 0 would roll again). Damage 5 + [7] = 12, −5F → 7.
    const { attackMsg, resolution } = await attackAndDefend(s, [13, 50, 7]);
    expect(attackMsg.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "d100.attack", difficulty: 0, choices: { weaponId: s.gun.id, ladder: "average", modifier: 0, block: -1 } });
    expect(attackMsg.rolls.map((r: any) => r.total)).toEqual([13]);
    expect(attackMsg.content).toContain("37");
    expect(resolution.flags.breadbox).toMatchObject({ type: "exchangeResolution", exchange: "d100.attack", declarationId: attackMsg.id });
    expect(amountOf(resolution)).toBe(7);
    expect(resolution.rolls.map((r: any) => r.total)).toEqual([50, 7]);
    expect(resolution.content).toContain("-25");
    expect(resolution.content).toContain("-5F");
    expect(resolution.content).toContain("Injured");
    expect(ledgerEntry(resolution.id)?.exchange).toMatchObject({ ruleset: "d100", kind: "attack", outcome: { amount: 7 } });
    // A second defence of the same attack is refused.
    await respond(s.p2, attackMsg, "defend");
    expect(notifications().at(-1)?.message).toContain("already been resolved");

    // A stranger cannot apply it; the defender's owner can, once.
    expect((await apply(s.p3, resolution)).ok).toBe(false);
    expect(s.defender.system.health.current).toBe(50);
    expect((await apply(s.p2, resolution)).ok).toBe(true);
    expect(s.defender.system.health.current).toBe(43);
    expect(s.defender.system.healthState).toBe("injured");
    await apply(s.p1, resolution);
    await apply(s.p2, resolution);
    expect(s.defender.system.health.current).toBe(43);
    expect(hasMark(resolution.id, "applied")).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.defender.statuses.has("d100Injured")).toBe(true);
  });

  it("two Apply requests at once apply once; hostile payloads are refusals, never exceptions", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, [13, 50, 7]);
    const request = { action: "core.apply", requesterId: s.p2.id!, targetUuid: s.defender.uuid, payload: { messageId: resolution.id } };
    const results = await Promise.all([runRelay(request, s.p2), runRelay({ ...request, requesterId: s.p1.id! }, s.p1)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.defender.system.health.current).toBe(43);
    const refusals = await Promise.all([
      runRelay({ ...request, payload: { messageId: 42 } }, s.p2),
      runRelay({ ...request, action: "d100.spendAp", payload: { cost: -1 } }, s.p2),
      runRelay({ ...request, action: "d100.spendAp", payload: { cost: "2" } }, s.p2),
      runRelay({ ...request, action: "d100.spendAp", payload: { cost: 1e20 } }, s.p2),
      runRelay({ ...request, action: "core.respond", payload: { messageId: "nope", response: { $gt: 1 } } }, s.p2),
      runRelay({ ...request, action: "core.respond", payload: { messageId: resolution.id, response: "take" } }, s.p2),
      runRelay({ ...request, action: "d100.constructor", payload: {} }, s.p2),
      runRelay({ ...request, action: "d100.reserveAp", targetUuid: s.attacker.uuid, payload: {} }, s.p2),
    ]);
    expect(refusals.map((r) => r.ok)).toEqual(refusals.map(() => false));
    expect(refusals.at(-1)?.error).toBe("BREADBOX.Relay.Forbidden");
    expect(s.defender.system.health.current).toBe(43);
  });

  it("a hit that leaves the target dying offers its owner the dying check", async () => {
    const s = await scene();
    await s.defender.update({ system: { health: { current: 5 } } });
    const { resolution } = await attackAndDefend(s, [13, 50, 7]);
    expect(resolution.content).toContain("Dying");
    expect(resolution.content).toContain("d100.dyingCheck");
    // Whose check it is, on the button (issue 24.5).
    const button = ((await resolution.renderHTML()) as HTMLElement).querySelector('[data-bb-action="d100.dyingCheck"]');
    expect(button?.textContent?.trim()).toBe(`${s.defender.name}'s dying check (after Apply)`);
    await apply(s.p2, resolution);
    expect(s.defender.system.health.current).toBe(-2);
    expect(s.defender.system.healthState).toBe("dying");
    const before = msgs().length;
    scriptDiceFaces([3]);
    await asUser(s.p2, () => onDyingCheck(resolution));
    expect(msgs().length).toBe(before + 1);
    expect(msgs().at(-1).flags.breadbox.type).toBe("d100Check");
  });

  it("an attack with no target is paid at once through the GM; its card offers no response", async () => {
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Janet" }]);
    await combat.startCombat();
    await turnEventsSettled();
    (s.p1 as any).targets = new Set();
    scriptDiceFaces([13]);
    const card: any = await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift));
    expect(card.flags.breadbox).toMatchObject({ type: "d100Attack", difficulty: 0, apCost: 2 });
    expect(card.content).toContain("bb-d100-attack");
    expect(card.content).not.toContain("core.respond");
    expect(s.attacker.system.combat.ap.value).toBe(4);
    expect(s.gun.system.loaded).toBe(7);
    // Only the attacker's owners (or a GM) may have the attacker pay.
    const forged = { action: "d100.payAttack", requesterId: s.p3.id!, targetUuid: s.attacker.uuid, payload: { choices: { weaponId: s.gun.id, ladder: "average", modifier: 0 } } };
    expect(await runRelay(forged, s.p3)).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(s.attacker.system.combat.ap.value).toBe(4);
  });

  it("a forged resolution card (a player's own, any amount) applies nothing", async () => {
    const s = await scene();
    const forged = await asUser(s.p1, () =>
      ChatMessage.create({ content: "999", flags: { breadbox: { type: "exchangeResolution", exchange: "d100.attack", declarationId: "x", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, amount: 999 } } } as never),
    );
    expect(await apply(s.p1, forged)).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NothingToApply" });
    expect(s.defender.system.health.current).toBe(50);
    expect(notifications().at(-1)?.message).toMatch(/resolved|ledger|not/i);
  });

  it("an attack card forged by a stranger for another's character is not resolved", async () => {
    const s = await scene();
    scriptDiceFaces([1, 1]);
    const tens = await new Roll("1d10").evaluate();
    const ones = await new Roll("1d10").evaluate();
    const forged = await asUser(s.p3, () =>
      ChatMessage.create({
        content: "x",
        rolls: [tens, ones],
        flags: { breadbox: { type: "exchangeDeclaration", exchange: "d100.attack", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, difficulty: -60, apCost: 2, choices: { weaponId: s.gun.id, block: -1, x: 1, apChoice: null, ladder: "average", modifier: -60, overflow: false, criticalArea: false } } },
      } as never),
    );
    expect(await respond(s.p2, forged, "take")).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(msgs().some((m: any) => m.flags?.breadbox?.type === "exchangeResolution")).toBe(false);
    expect(notifications().at(-1)?.message).toMatch(/genuine|GM|not/i);
  });

  it("taking the attack resolves it with no defence roll; a miss deals nothing", async () => {
    const s = await scene();
    // Roll 99: effort 50 − 99 = −49, no hit.
    scriptDiceFaces([99]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift));
    const attackMsg = msgs().at(-1);
    // A simple attack that already fails offers no defence, only "Take it".
    expect(attackMsg.content).not.toContain('data-response="defend"');
    expect(attackMsg.content).toContain('data-response="take"');
    await respond(s.p2, attackMsg, "take");
    const resolution = msgs().at(-1);
    expect(resolution.flags.breadbox.type).toBe("exchangeResolution");
    expect(ledgerEntry(resolution.id)?.exchange).toBeUndefined();
    expect(resolution.content).not.toContain("core.apply");
    expect(resolution.content).toContain("does not land");
  });

  it("a burst places the degree in its spread; each hit is rolled and adjusted on its own", async () => {
    const s = await scene();
    // Three Shot Burst, 3 AP. Roll 3, 5 → 35, effort 15: step 3 (> 10) → 3 hits of 10 + 2D.
    const left = scriptDiceFaces([35, 1, 2, 3, 4, 5, 6]);
    await asUser(s.p1, () => performAttack(s.attacker, s.rifle, s.defender, { ladder: "average", modifier: 0, block: 0, x: 1, apChoice: null, overflow: false, criticalArea: false }, "public"));
    const attackMsg = msgs().at(-1);
    expect(attackMsg.content).toContain("3 hit(s)");
    await respond(s.p2, attackMsg, "take");
    expect(left.remaining()).toBe(0);
    // (10 + 1 + 2) − 5 = 8, (10 + 3 + 4) − 5 = 12, (10 + 5 + 6) − 5 = 16 → 36.
    expect(amountOf(msgs().at(-1))).toBe(36);
  });
});

describe("D10/0 attack dialog", () => {
  it("offers the weapon's fire blocks, shows the block's steps and one hit on the target, and rolls what it read", async () => {
    const s = await scene();
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.rifle));
    const dialog = await waitForDialog();
    const panel = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    const options = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="block"] option')].map((o) => o.textContent);
    expect(options).toEqual(["Simple attack (2 AP)", "Three Shot Burst (3 AP)"]);
    expect(dialog.element.querySelector('[name="power"]')).toBeNull();
    fillForm(dialog.element, { block: "simple" });
    expect(panel()).toContain("One hit on Officer: 10 + 2D, adjustments -5F");
    expect(panel()).toContain("Before the target's defence");
    expect(panel()).not.toContain("Step 1");
    fillForm(dialog.element, { block: "fire:0", difficulty: "hard" });
    expect(panel()).toContain("No step: the action fails");
    expect(panel()).toContain("Step 3: 3 hit(s)");
    expect(panel()).toMatch(/Expected hits \d\.\d\d/);
    fillForm(dialog.element, { modifier: "61" });
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    fillForm(dialog.element, { modifier: "-10" });
    scriptDiceFaces([35]);
    await answerDialog({ action: "roll" });
    const card = await pending;
    // Hard 30, −10: effort 15 against 20 → degree −5, the burst's step 1 (> −10).
    expect(card?.content).toContain("Difficulty 20");
    expect(card?.content).toContain("Three Shot Burst: step 1, 1 hit(s)");
    expect(card?.content).toContain("Cost: 3 AP");
    expect(s.attacker.items.get(s.rifle.id).system.loaded).toBe(s.rifle.system.loaded);
  });

  it("offers the attacker's power actions and reads the one chosen with its X", async () => {
    const s = await scene();
    const [power] = await s.attacker.createEmbeddedDocuments("Item", [{ name: "Marksman Focus", type: "d100Power", system: { normalAttributes: ["focus", "perception"], current: 5, actions: [{ name: "That's an easy shot!", cost: "Drain 1+X", difficultyDelta: -10 }] } }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun));
    const dialog = await waitForDialog();
    const first = dialog.element.querySelector<HTMLOptionElement>('select[name="power"] option')!;
    expect([first.value, first.textContent]).toEqual(["", "—"]);
    fillForm(dialog.element, { power: `${power.id}:0`, powerX: "2" });
    scriptDiceFaces([35]);
    await answerDialog({ action: "roll" });
    const card = await pending;
    expect(card?.flags.breadbox).toMatchObject({ choices: { power: `${power.id}:0`, powerX: 2, block: -1 } });
  });
});

describe("D10/0 attack: one declaration for the dialog's read and the GM's check", () => {
  const pay = (s: Awaited<ReturnType<typeof scene>>, choices: Record<string, unknown>) => runRelay({ action: "d100.payAttack", requesterId: s.p1.id!, targetUuid: s.attacker.uuid, payload: { choices } }, s.p1);
  const genuine = { ladder: "average", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false, power: "", powerX: 0 };

  it("a posted value out of the attack's declaration is refused on the GM, naming the field; nothing is paid", async () => {
    const s = await scene();
    const gun = { ...genuine, weaponId: s.gun.id };
    const forged: [Record<string, unknown>, RegExp][] = [
      // A power's X out of its bounds, even with no power (the dialog never posts it).
      [{ ...gun, powerX: 101 }, /^Power X \(extra points\): 101 is outside 0 to 100\.$/],
      [{ ...gun, modifier: 61 }, /^Difficulty change \(TABs, powers, situation\): 61 is outside -60 to 60\.$/],
      [{ ...gun, modifier: 1.5 }, /^Difficulty change \(TABs, powers, situation\): "1.5" is not a whole number\.$/],
      // The ladder and the change take no initial: a card that leaves them out is not the dialog's.
      [{ ...gun, ladder: undefined }, /^Difficulty: "undefined" is not one of the choices\.$/],
      [{ ...gun, modifier: undefined }, /^Difficulty change \(TABs, powers, situation\): "undefined" is not a whole number\.$/],
      [{ ...gun, ladder: "trivial" }, /^Difficulty: "trivial" is not one of the choices\.$/],
      [{ ...gun, x: 0 }, /^X \(extra action points\): 0 is outside 1 to 20\.$/],
      [{ ...gun, power: "nope:0" }, /^Power action spent on the attack: "nope:0" is not one of the choices\.$/],
      [{ ...gun, criticalArea: "yes" }, /Aimed at a critical area/],
      // The pistol has no fire block; the rifle's block has a fixed cost (no AP choice) and no second block.
      [{ ...gun, block: 0 }, /^Action: "fire:0" is not one of the choices\.$/],
      [{ ...genuine, weaponId: s.rifle.id, block: 0, apChoice: 1 }, /^Action: "fire:0:1" is not one of the choices\.$/],
      [{ ...genuine, weaponId: s.rifle.id, block: 1 }, /^Action: "fire:1" is not one of the choices\.$/],
      [{ ...genuine, weaponId: s.rifle.id, block: "0" }, /^Action: "\[0\]" is not one of the choices\.$/],
    ];
    for (const [choices, message] of forged) {
      const result = await pay(s, choices);
      expect(result, JSON.stringify(choices)).toMatchObject({ ok: false });
      expect(result.error, JSON.stringify(choices)).toMatch(message);
    }
    expect(s.gun.system.loaded).toBe(8);
    // The genuine choices pass the same check and are paid.
    expect(await pay(s, gun)).toMatchObject({ ok: true });
    expect(s.gun.system.loaded).toBe(7);
  });

  it("the dialog offers the fire blocks the rule allows; the GM still takes a block the attack was made with after the rule is turned off", async () => {
    const s = await scene();
    await game.settings!.set("breadbox", "d100.fireBlocks", false);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.rifle));
    const dialog = await waitForDialog();
    expect([...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="block"] option')].map((o) => o.value)).toEqual(["simple"]);
    scriptDiceFaces([99]);
    await answerDialog({ action: "roll" });
    expect((await pending)?.flags.breadbox).toMatchObject({ choices: { block: -1, apChoice: null } });
    expect(await pay(s, { ...genuine, weaponId: s.rifle.id, block: 0 })).toMatchObject({ ok: true });
  });
});

describe("D10/0 combat settings", () => {
  it("the book's shortcut for big bursts: one hit rolled and adjusted, times the hits", async () => {
    const s = await scene();
    await game.settings!.set("breadbox", "d100.fireEachShot", false);
    // Effort 15 → 3 hits; one shot 10 + [1, 2] = 13, −5F → 8; × 3 = 24.
    const left = scriptDiceFaces([35, 1, 2]);
    await asUser(s.p1, () => performAttack(s.attacker, s.rifle, s.defender, { ladder: "average", modifier: 0, block: 0, x: 1, apChoice: null, overflow: false, criticalArea: false }, "public"));
    await respond(s.p2, msgs().at(-1), "take");
    expect(left.remaining()).toBe(0);
    expect(amountOf(msgs().at(-1))).toBe(24);
  });

  it("strict periods off: a combat is a free period and nothing is paid; defence off: the attack faces its difficulty only", async () => {
    const s = await scene();
    await game.settings!.set("breadbox", "d100.strictPeriods", false);
    await game.settings!.set("breadbox", "d100.defence", "none");
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.defender.id, name: "Officer" }, { actorId: s.attacker.id, name: "Janet" }]);
    await combat.startCombat();
    await turnEventsSettled();
    scriptDiceFaces([13, 7]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.gun, shift));
    const attackMsg = msgs().at(-1);
    expect(attackMsg.content).toContain('data-response="take"');
    expect(attackMsg.content).toContain("Resolve");
    expect(attackMsg.content).not.toContain('data-response="defend"');
    // With no defence, Resolve is either side's: the attacker's player resolves their own attack.
    expect(await respond(s.p1, attackMsg, "take")).toMatchObject({ ok: true });
    expect(s.attacker.system.combat.ap.value).toBe(0);
    // Degree 37: 5 + 7 = 12, −5F → 7 (overflow on, no 0 rolled).
    expect(amountOf(msgs().at(-1))).toBe(7);
  });
});

describe("D10/0 packs: the book's example weapons attack as printed", () => {
  const fromPack = (pack: string, name: string) => {
    const { _id, _key, ...rest } = structuredClone(packDoc(pack, name));
    return rest;
  };
  it("Machine Gun, X Shot Burst at 3 + 3 AP with effort 11: 9 of 15 shots threaten (the book's example)", async () => {
    const s = await scene();
    const [gun] = await s.attacker.createEmbeddedDocuments("Item", [fromPack("d100-weapons", "Machine Gun")]);
    // Skill 50 − roll 39 = effort 11 → step "> 10": 3X = 9 hits of 10, each −5F → 5.
    const left = scriptDiceFaces([39]);
    await asUser(s.p1, () => performAttack(s.attacker, gun, s.defender, { ladder: "average", modifier: 0, block: 0, x: 3, apChoice: null, overflow: false, criticalArea: false }, "public"));
    const attackMsg = msgs().at(-1);
    expect(attackMsg.flags.breadbox.apCost).toBe(6);
    expect(attackMsg.content).toContain("9 hit(s)");
    await respond(s.p2, attackMsg, "take");
    expect(left.remaining()).toBe(0);
    expect(amountOf(msgs().at(-1))).toBe(45);
  });
  it("Marksman Focus, \"That's an easy shot!\" spent on an attack: 1 + X points drained, 10 + 10X off the difficulty", async () => {
    const s = await scene();
    const [power] = await s.attacker.createEmbeddedDocuments("Item", [{ ...fromPack("d100-powers", "Marksman Focus"), system: { ...fromPack("d100-powers", "Marksman Focus").system, current: 5 } }]);
    // Hard (30) − 20 = 10. Roll 35: effort 15, degree 5 — a hit that Hard alone (degree −15) would miss.
    scriptDiceFaces([35]);
    await asUser(s.p1, () => performAttack(s.attacker, s.gun, s.defender, { ladder: "hard", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false, power: `${power.id}:1`, powerX: 1 }, "public"));
    const attackMsg = msgs().filter((m: any) => m.flags?.breadbox?.type === "exchangeDeclaration").at(-1);
    expect(attackMsg.flags.breadbox).toMatchObject({ difficulty: 10, choices: { ladder: "hard", power: `${power.id}:1`, powerX: 1 } });
    // The power's points are paid when the GM resolves the attack, once.
    expect(power.system.current).toBe(5);
    // The GM rebuilds the same difficulty from the card's choices and drains the points.
    const left = scriptDiceFaces([7]);
    await respond(s.p2, attackMsg, "take");
    expect(left.remaining()).toBe(0);
    expect(amountOf(msgs().at(-1))).toBe(7);
    expect(power.system.current).toBe(3);
    await respond(s.p2, attackMsg, "take");
    expect(power.system.current).toBe(3);
  });

  it("Particle Cannon, Proton Stream at 5 AP: 5 + 4D; armor from the pack adjusts it", async () => {
    const s = await scene();
    await s.defender.createEmbeddedDocuments("Item", [{ ...fromPack("d100-armor", "Armor -10F -2R"), system: { ...fromPack("d100-armor", "Armor -10F -2R").system, equipped: true } }]);
    expect(s.defender.system.adjustmentText).toBe("-5F -10F -2R");
    const [cannon] = await s.attacker.createEmbeddedDocuments("Item", [fromPack("d100-weapons", "Particle Cannon")]);
    // Effort 50 − 20 = 30 > 0: one hit of 5 + [9, 9, 9, 9] = 41 → −5F 36 → −10F 26 → −2R (2 tens) 22.
    const left = scriptDiceFaces([20, 9, 9, 9, 9]);
    await asUser(s.p1, () => performAttack(s.attacker, cannon, s.defender, { ladder: "average", modifier: 0, block: 0, x: 1, apChoice: 2, overflow: false, criticalArea: false }, "public"));
    await respond(s.p2, msgs().at(-1), "take");
    expect(left.remaining()).toBe(0);
    expect(amountOf(msgs().at(-1))).toBe(22);
  });
});

describe("D10/0 token bars and statuses", () => {
  it("the health bar reads Current of Normal and a bar edit changes Current; the AP bar's maximum is the quota", async () => {
    const s = await scene();
    expect(s.defender.system.health).toMatchObject({ value: 50, max: 50 });
    expect(CONFIG.Actor.trackableAttributes.d100).toMatchObject({ bar: ["health", "combat.ap"] });
    const updates: Record<string, unknown> = { "system.health.value": 0 };
    Hooks.call("modifyTokenAttribute", { attribute: "health", value: 0, isDelta: false, isBar: true }, updates, s.defender);
    expect(updates).toEqual({ "system.health.current": 0 });
    await s.defender.update(updates);
    expect(s.defender.system.healthState).toBe("onTheBrink");
    await new Promise((r) => setTimeout(r, 0));
    expect(s.defender.statuses.has("d100OnTheBrink")).toBe(true);
    await s.defender.update({ system: { health: { current: -51 } } });
    await new Promise((r) => setTimeout(r, 0));
    expect(s.defender.statuses.has("dead")).toBe(true);
    expect(s.defender.statuses.has("d100OnTheBrink")).toBe(false);
  });
});

describe("D10/0 weapons: notation typed into an item", () => {
  it("a malformed damage notation is refused with the parser's message and changes nothing", async () => {
    const s = await scene();
    await expect(s.gun.update({ system: { damage: "10 - 2D" } })).rejects.toThrow(/10 - 2D/);
    expect(s.gun.system.damage).toBe("5 + 1D");
    await expect(s.gun.update({ system: { fireBlocks: [{ title: "Bad", spread: ["> x"] }] } })).rejects.toThrow();
  });
});
