import { beforeEach, describe, expect, it } from "vitest";
import { asUser, gmUser, setUserActive } from "../../harness/index";
import { bootSystem, makeCharacter, itemData, notifications } from "./boot";
import { attackDice, duelScene } from "./duel";
import { attackWithWeapon } from "../../../src/rulesets/toaster/chat/attack";
import { applyRelayHandler } from "../../../src/core/exchange/engine";
import { applyDamage, defend } from "./exchange";
import { ToasterCheckRoll } from "../../../src/rulesets/toaster/dice/check-roll";

beforeEach(bootSystem);

const dice = attackDice;

const shift = new MouseEvent("click", { shiftKey: true });

const scene = () => duelScene({ bystander: true });

async function attackAndDefend(s: Awaited<ReturnType<typeof scene>>, attackDie: number, defenceDie: number, core: number[]) {
  (s.p1 as any).targets = new Set([{ actor: s.defender }]);
  const left = dice([{ foundry: attackDie }, { foundry: defenceDie }, ...core.map((c) => ({ core: c }))]);
  await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
  const attackMsg = (game as any).messages.contents.at(-1);
  await asUser(s.p2, () => defend(attackMsg, shift));
  expect(left()).toBe(0);
  return { attackMsg, resolution: (game as any).messages.contents.at(-1) };
}

describe("the five-step attack in chat", () => {
  it("attack card → Defend → resolution with the right damage, applied by the defender's owner", async () => {
    const s = await scene();
    // Attack: 6 + Sword 8 = 14 beats Dodge rank 4; defence 7 + 4 = 11; margin 3 = success.
    // Damage 7 + WC avg(8, 5) = 6 → 13; protection 1 + AC 2 → 3; 10 damage = 10 stun, 2 wounds.
    const { attackMsg, resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    expect(attackMsg.rolls[0]).toBeInstanceOf(ToasterCheckRoll);
    expect(attackMsg.rolls[0].total).toBe(14);
    const flags = resolution.flags.breadbox;
    expect(flags).toMatchObject({ type: "exchangeResolution", exchange: "toaster.attack", hit: true, damage: 10, stun: 10, wounds: 2 });
    const html: HTMLElement = await resolution.renderHTML();
    expect(html.textContent).toContain("13");
    expect(html.textContent).toContain("Success");
    await asUser(s.p2, () => applyDamage(resolution));
    expect(s.defender.system.stun.value).toBe(10);
    expect(s.defender.system.wounds.value).toBe(2);
    expect(s.defender.system.penalty).toBe(-2);
    expect(resolution.flags.breadbox.applied).toBe(true);
    await asUser(s.p2, () => applyDamage(resolution));
    expect(s.defender.system.stun.value).toBe(10);
  });

  it("the resolution's damage and protection dice are one Foundry roll (one prompt for a GM entering dice by hand)", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    // The defence roll, then one roll holding both dice the core draws, in the order it draws them.
    expect(resolution.rolls.length).toBe(2);
    const core = resolution.rolls[1];
    expect(core.dice.length).toBe(2);
    expect(core.dice.map((d: any) => d.constructor.name)).toEqual(["D10StarDie", "D10StarDie"]);
    expect(core.dice.map((d: any) => d.results[0].result)).toEqual([7, 1]);
    expect(resolution.flags.breadbox).toMatchObject({ hit: true, damage: 10, stun: 10, wounds: 2 });
  });

  it("a melee attack that does not beat the defender's rank misses without a defence roll", async () => {
    const s = await scene();
    await s.attacker.update({ "system.attributes.coordination.value": 0 });
    await s.attacker.items.find((i: any) => i.name === "Sword").update({ "system.base": 0 });
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 3 }, { foundry: 5 }]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    const attackMsg = (game as any).messages.contents.at(-1);
    await asUser(s.p2, () => defend(attackMsg, shift));
    const r = (game as any).messages.contents.at(-1).flags.breadbox;
    expect(r).toMatchObject({ hit: false, damage: 0 });
  });

  it("the attacker's player applies damage to someone else's character through the GM", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    await asUser(s.p1, () => applyDamage(resolution));
    expect(s.defender.system.stun.value).toBe(10);
    expect(s.defender.system.wounds.value).toBe(2);
  });

  it("the relay refuses a user who owns neither side; nothing changes", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    await asUser(s.p3, () => applyDamage(resolution));
    expect(s.defender.system.stun.value).toBe(0);
    expect(notifications().some((n) => /may not change/.test(n.message))).toBe(true);
  });

  it("the relay handler takes the amounts from the card, never from the request", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    const result = await applyRelayHandler({ requester: s.p1 as never, target: s.defender, payload: { messageId: resolution.id, stun: 99, wounds: 9 } });
    expect(result.ok).toBe(true);
    expect(s.defender.system.stun.value).toBe(10);
    expect(s.defender.system.wounds.value).toBe(2);
  });

  it("the relay refuses a target that is not the card's target", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    const result = await applyRelayHandler({ requester: gmUser() as never, target: s.attacker, payload: { messageId: resolution.id } });
    expect(result).toMatchObject({ ok: false, error: "BREADBOX.Relay.TargetMismatch" });
    expect(s.attacker.system.stun.value).toBe(0);
  });

  it("with no GM online the player is told so and nothing changes", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    setUserActive(gmUser(), false);
    await asUser(s.p1, () => applyDamage(resolution));
    expect(s.defender.system.stun.value).toBe(0);
    expect(notifications().some((n) => /No GM is online/.test(n.message))).toBe(true);
  });

  it("the Defend button is only shown to the defender's owners", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 6 }]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    const msg = (game as any).messages.contents.at(-1);
    const asP1: HTMLElement = await asUser(s.p1, () => msg.renderHTML());
    const asP2: HTMLElement = await asUser(s.p2, () => msg.renderHTML());
    expect(asP1.querySelector('[data-bb-action="core.respond"]')).toBeNull();
    expect(asP2.querySelector('[data-bb-action="core.respond"]')).not.toBeNull();
  });

  it("a defender's fumble under rolling zeros rolls the critical table", async () => {
    await (game as any).settings.set("breadbox", "toaster.rollingZeros", true);
    const s = await scene();
    // Attack 6 + 8 = 14. Defence rolls a natural 0, its fumble check another 0 → fumble.
    // Critical table: d10* 7, d6 1 → +2 damage. Damage 7 → 6 + 7 + 2 = 15; protection 1 → 3; 12 damage.
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 6 }, { foundry: 0 }, { foundry: 0 }, { core: 7 }, { core: 1, faces: 6 }, { core: 7 }, { core: 1 }]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    const attackMsg = (game as any).messages.contents.at(-1);
    await asUser(s.p2, () => defend(attackMsg, shift));
    const resolution = (game as any).messages.contents.at(-1);
    expect(resolution.flags.breadbox).toMatchObject({ hit: true, damage: 12, wounds: 2 });
    const html: HTMLElement = await resolution.renderHTML();
    expect(html.textContent).toContain("Add 2 to the damage roll");
  });
});

describe("optional rules in the attack", () => {
  it("(Partial Armor): armor counts only where the blow lands", async () => {
    await (game as any).settings.set("breadbox", "toaster.partialArmor", true);
    const s = await scene();
    await s.defender.createEmbeddedDocuments("Item", [{ name: "Breastplate", type: "toasterArmor", system: { ac: 10, coverage: ["torso"] } }]);
    expect(s.defender.system.ac).toBe(7);
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    // Attack 6; at resolution: defence 7, hit location (d10* 6, d6 5 → left leg, thigh), damage 7, protection 1.
    dice([{ foundry: 6 }, { foundry: 7 }, { core: 6 }, { core: 5, faces: 6 }, { core: 7 }, { core: 1 }]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    const attackMsg = (game as any).messages.contents.at(-1);
    await asUser(s.p2, () => defend(attackMsg, shift));
    const resolution = (game as any).messages.contents.at(-1);
    // Leg: AC = Physique 4 / 2 = 2 → 13 − 3 = 10, as without armor.
    expect(resolution.flags.breadbox).toMatchObject({ hit: true, damage: 10 });
    expect((await resolution.renderHTML()).textContent).toContain("Thigh");
  });

  it("(Bleeding): applying wounds starts the bleeding at one stun per wound", async () => {
    await (game as any).settings.set("breadbox", "toaster.bleeding", true);
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    await asUser(s.p2, () => applyDamage(resolution));
    expect(s.defender.system.bleeding.rate).toBe(2);
  });
});

describe("luck after the roll and the relay's guards", () => {
  it("a player spends luck on a card the GM rolled for their character (through the GM)", async () => {
    const s = await scene();
    await s.attacker.update({ "system.luck.value": 2 });
    dice([{ foundry: 3 }]);
    const { performCheck } = await import("../../../src/rulesets/toaster/checks");
    const { attributeRequest } = await import("../../../src/rulesets/toaster/requests");
    await performCheck(attributeRequest(s.attacker, "coordination"), shift); // rolled by the GM
    const card = (game as any).messages.contents.at(-1);
    const { onLuckAfter } = await import("../../../src/rulesets/toaster/chat/luck");
    await asUser(s.p1, () => onLuckAfter(card));
    expect(s.attacker.system.luck.value).toBe(1);
    expect(card.rolls[0].checkResult.total).toBe(11);
    expect(card.rolls[0].checkResult.luckAfter).toBe(1);
  });

  it("a relayed request that names a GM as its sender is refused", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    const { relayQueryHandler } = await import("../../../src/core/relay");
    const result = await relayQueryHandler({ action: "core.apply", requesterId: gmUser().id, targetUuid: s.defender.uuid, payload: { messageId: resolution.id } });
    expect(result).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(s.defender.system.stun.value).toBe(0);
  });
});

describe("attack dialog odds and allowed defences", () => {
  it("with a target, the attack dialog shows the exact odds of the whole attack", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword));
    const dialog = await waitForDialog();
    const text = dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    expect(text).toMatch(/Guard's best defence \(Dodge, rank 4\)/);
    expect(text).toMatch(/Hit\s*\d+\.\d%/);
    expect(text).toMatch(/Average damage\s*\d+\.\d/);
    await answerDialog({ action: "cancel" });
    await pending;
  });

  it("bare hands parry only an unarmed attacker; weapons parry only hand-to-hand attacks", async () => {
    const { defenceOptions } = await import("../../../src/rulesets/toaster/requests");
    const a = await makeCharacter("Brawler", {}, [itemData("toaster-weapons", "Bare Fist"), itemData("toaster-weapons", "Knife"), itemData("toaster-weapons", "Small Shield")]);
    for (const i of a.items) await i.update({ "system.equipped": true });
    const keys = (mode: "melee" | "ranged", armed: boolean) => defenceOptions(a, mode, armed).map((o: any) => o.label);
    expect(keys("melee", true)).toEqual(["Dodge (unskilled)", "Parry with Knife", "Parry with Small Shield"]);
    expect(keys("melee", false)).toEqual(["Dodge (unskilled)", "Parry with Bare Fist", "Parry with Knife", "Parry with Small Shield"]);
    expect(keys("ranged", true)).toEqual(["Dodge (unskilled)", "Parry with Small Shield"]);
  });
});

describe("(Stance) carried to the next roll", () => {
  it("an offensive +2 costs 2 on the next defence; a defensive +1 costs 1 on the next attack", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const { stanceDebt } = await import("../../../src/rulesets/toaster/stance");
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 6 }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword));
    await waitForDialog();
    await answerDialog({ action: "roll", fill: { stance: "2" } });
    const roll = await pending;
    expect(roll?.total).toBe(16);
    expect(stanceDebt(s.attacker)).toEqual({ defence: -2, attack: 0, forgoneDefences: 0 });
    // The defender answers with a defensive +1: their next attack owes 1.
    const attackMsg = (game as any).messages.contents.at(-1);
    dice([{ foundry: 7 }, { core: 7 }, { core: 1 }]);
    const defending = asUser(s.p2, () => defend(attackMsg, new MouseEvent("click")));
    await waitForDialog();
    await answerDialog({ action: "roll", fill: { stance: "1" } });
    await defending;
    expect(stanceDebt(s.defender)).toEqual({ defence: 0, attack: -1, forgoneDefences: 0 });
    // The attacker's own next defence carries the −2.
    const { owedPart } = await import("../../../src/rulesets/toaster/stance");
    expect(owedPart(stanceDebt(s.attacker), "defence")).toEqual([{ label: "Stance (earlier roll)", value: -2 }]);
  });

  it("an all-out +3 attack gives up the next two defences", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const { stanceDebt } = await import("../../../src/rulesets/toaster/stance");
    const s = await scene();
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 6 }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword));
    await waitForDialog();
    await answerDialog({ action: "roll", fill: { stance: "3" } });
    await pending;
    expect(stanceDebt(s.attacker).forgoneDefences).toBe(2);
    // The guard attacks back: Rhoenda may not defend; the attack resolves without a defence roll.
    const guardFist = (await s.defender.createEmbeddedDocuments("Item", [itemData("toaster-weapons", "Bare Fist")]))[0];
    await s.defender.update({ "system.attributes.coordination.value": 9 });
    (s.p2 as any).targets = new Set([{ actor: s.attacker }]);
    dice([{ foundry: 8 }, { core: 0 }, { core: 1, faces: 6 }, { core: 5 }, { core: 0 }]); // no defence: a critical (table 0/1: no effect)
    await asUser(s.p2, () => attackWithWeapon(s.defender, guardFist, shift));
    const msg = (game as any).messages.contents.at(-1);
    await asUser(s.p1, () => defend(msg, shift));
    const resolution = (game as any).messages.contents.at(-1);
    expect(resolution.flags.breadbox.hit).toBe(true);
    expect(stanceDebt(s.attacker).forgoneDefences).toBe(1);
  });
});

describe("attack dialog choices reach the roll", () => {
  it("a ranged attack offers the range bands and the chosen penalty is on the card", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const a = await makeCharacter("Archer", { attributes: { coordination: { value: 6 } } }, [
      { name: "Bow", type: "toasterSkill", system: { base: 6, attribute: "coordination" } },
      itemData("toaster-weapons", "Bow"),
    ]);
    const bow = a.items.find((i: any) => i.type === "toasterWeapon");
    dice([{ foundry: 5 }]);
    const pending = attackWithWeapon(a, bow);
    const dialog = await waitForDialog();
    const ranges = [...dialog.element.querySelectorAll('select[name="range"] option')].map((o: any) => o.value);
    expect(ranges).toEqual(["pointBlank", "short", "medium", "long", "extreme"]);
    await answerDialog({ action: "roll", fill: { range: "long" } });
    const roll = await pending;
    // 5 + Bow rank 6 − 3 long range = 8
    expect(roll?.total).toBe(8);
    expect(roll?.formula).toContain("- 3[Long (-3)]");
  });

  it("a hand-to-hand attack offers weapon length and stance", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const s = await scene();
    const pending = attackWithWeapon(s.attacker, s.sword);
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('select[name="weaponLength"]')).not.toBeNull();
    expect(dialog.element.querySelector('select[name="stance"]')).not.toBeNull();
    await answerDialog({ action: "cancel" });
    await pending;
  });
});

describe("the check dialog reads through its declared inputs (issue 17)", () => {
  it("a select's value the dialog never offered (a forged stance) is refused by the form, and nothing is rolled", async () => {
    const { waitForDialog, answerDialog, fillForm } = await import("../../harness/index");
    const s = await scene();
    const pending = attackWithWeapon(s.attacker, s.sword);
    const dialog = await waitForDialog();
    const select = dialog.element.querySelector<HTMLSelectElement>('select[name="stance"]')!;
    const forged = document.createElement("option");
    forged.value = "9";
    select.append(forged);
    fillForm(dialog.element, { stance: "9" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/Stance/);
    expect(dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.disabled).toBe(true);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect((game as any).messages.size).toBe(0);
  });

  it("the specialty is read from its select as a number; relayed choices are checked by the same declaration", async () => {
    const { choicesWithinLimits, readChoices, DEFAULT_CHOICES } = await import("../../../src/rulesets/toaster/checks");
    const { attackRequest } = await import("../../../src/rulesets/toaster/requests");
    const { toasterRules } = await import("../../../src/rulesets/toaster/settings");
    const s = await scene();
    const req = { ...attackRequest(s.attacker, s.sword, toasterRules()), specialties: [{ name: "Rapier", bonus: 1 }] };
    const form = document.createElement("form");
    form.innerHTML = '<select name="specialty"><option value="-1"></option><option value="0" selected></option></select><select name="stance"><option value="2" selected></option></select>';
    expect(readChoices(form, req, 0)).toMatchObject({ specialty: 0, extras: { weaponLength: "optimum", stance: "2" } });
    const good = { ...DEFAULT_CHOICES, specialty: 0, extras: { stance: "1" } };
    expect(choicesWithinLimits(good, req, 0)).toMatchObject({ specialty: 0, extras: { stance: "1" } });
    expect(choicesWithinLimits({ ...good, specialty: 1 }, req, 0)).toBeNull();
    expect(choicesWithinLimits({ ...good, situational: "1" }, req, 0)).toBeNull();
    expect(choicesWithinLimits({ ...good, luckBefore: 1 }, req, 0)).toBeNull();
    expect(choicesWithinLimits({ ...good, extras: { stance: "9" } }, req, 0)).toBeNull();
    const { callFour: _left, ...missing } = good;
    expect(choicesWithinLimits(missing, req, 0)).toBeNull();
  });
});

describe("cards that no longer count", () => {
  it("a re-rolled attack card can no longer be defended or lucked; a resolved one takes no more luck", async () => {
    const { onLuckReroll } = await import("../../../src/rulesets/toaster/chat/luck");
    const s = await scene();
    await s.attacker.update({ "system.luck.value": 6 });
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 1 }]);
    await asUser(s.p1, () => attackWithWeapon(s.attacker, s.sword, shift));
    const first = (game as any).messages.contents.at(-1);
    dice([{ foundry: 8 }]);
    await asUser(s.p1, () => onLuckReroll(first));
    const second = (game as any).messages.contents.at(-1);
    expect(second.rolls[0].total).toBe(16);
    expect(s.attacker.system.luck.value).toBe(2);
    const before = (game as any).messages.size;
    await asUser(s.p2, () => defend(first, shift));
    expect((game as any).messages.size).toBe(before);
    expect(notifications().some((n) => /cancelled by a luck re-roll/.test(n.message))).toBe(true);
    // Resolve the new card, then try luck on it.
    dice([{ foundry: 7 }, { core: 7 }, { core: 1 }]);
    await asUser(s.p2, () => defend(second, shift));
    const { onLuckAfter } = await import("../../../src/rulesets/toaster/chat/luck");
    await asUser(s.p1, () => onLuckAfter(second));
    expect(s.attacker.system.luck.value).toBe(2);
  });
});

describe("the relay against forged or doubled damage", () => {
  it("a resolution card a player wrote themselves is refused", async () => {
    const s = await scene();
    const forged: any = await asUser(s.p1, () =>
      ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "toaster.attack", declarationId: "", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, damage: 30, stun: 30, wounds: 6, hit: true } } } as never),
    );
    const { RELAY_QUERY } = await import("../../../src/core/relay");
    const r: any = await asUser(s.p1, () => (gmUser() as any).query(RELAY_QUERY, { action: "core.apply", requesterId: s.p1.id, targetUuid: s.defender.uuid, payload: { messageId: forged.id } }));
    expect(r.ok).toBe(false);
    expect(s.defender.system.stun.value).toBe(0);
  });

  it("a genuine card that names another attack card is refused", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    const other = await makeCharacter("Other");
    const copy: any = await asUser(s.p2, () => ChatMessage.create({ content: "x", flags: { breadbox: { ...resolution.flags.breadbox, attackerUuid: other.uuid } } } as never));
    const result = await applyRelayHandler({ requester: s.p2 as never, target: s.defender, payload: { messageId: copy.id } });
    expect(result.ok).toBe(false);
  });

  it("two Apply requests arriving together apply the damage once", async () => {
    const s = await scene();
    const { resolution } = await attackAndDefend(s, 6, 7, [7, 1]);
    // Handlers run only through runRelay, which serializes requests on the same card and target.
    const { runRelay } = await import("../../../src/core/relay");
    const request = { action: "core.apply", targetUuid: s.defender.uuid, payload: { messageId: resolution.id } };
    const [a, b] = await Promise.all([runRelay({ ...request, requesterId: s.p1.id! }, s.p1 as never), runRelay({ ...request, requesterId: s.p2.id! }, s.p2 as never)]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect(s.defender.system.stun.value).toBe(10);
    expect(s.defender.system.wounds.value).toBe(2);
  });
});

describe("shotgun", () => {
  it("loses 5 WC per point of the chosen range penalty", async () => {
    const { waitForDialog, answerDialog } = await import("../../harness/index");
    const s = await scene();
    const [gun] = await s.attacker.createEmbeddedDocuments("Item", [itemData("toaster-weapons", "Shotgun")]);
    (s.p1 as any).targets = new Set([{ actor: s.defender }]);
    dice([{ foundry: 9 }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, gun));
    await waitForDialog();
    await answerDialog({ action: "roll", fill: { range: "medium" } });
    const card = await pending;
    expect(card?.check.choices).toMatchObject({ range: "medium" });
    // Attack 9 + ½ Coordination 3 − 2 = 10; dodge 4 + 4 = 8 (success); damage WC 20 − 10 = 10 + die 5.
    dice([{ foundry: 4 }, { core: 5 }, { core: 0 }]);
    await asUser(s.p2, () => defend((game as any).messages.contents.at(-1), shift));
    const html: HTMLElement = await (game as any).messages.contents.at(-1).renderHTML();
    expect(html.textContent).toMatch(/WC 10/);
  });
});
