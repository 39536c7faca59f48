/**
 * The Dice Pool's attack sequence: attack card → the defender opposes (or takes it) → the GM's
 * client resolves degree, armor, Muscle Power, weapon modifier, Toughness and threshold → Apply
 * adds the wounds through the GM, from the ledger only, exactly once (core's exchange engine: the
 * card buttons are `core.respond` and `core.apply`, clicked here as each user sees them); forged and duplicate
 * requests change nothing; statuses follow the wounds; a wound can be marked healed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, gmUser, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { attackWithWeapon, resolveAttack } from "../../../src/rulesets/pool/combat/attack";
import { healWound } from "../../../src/rulesets/pool/combat/status-sync";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";
import { ledgerEntry } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { applyOrRelay } from "../../../src/core/relay";
import * as R from "../../../src/rulesets/pool/rules";
import { APPLY, RESPOND, clickCardButton } from "./card-buttons";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = () => (game as any).messages.contents;

async function scene(armor: Record<string, unknown> = { rating: 1, convertsLethal: false }) {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const p3 = createUser({ name: "Stranger" });
  const attacker: any = await Actor.create({ name: "Rhoenda", type: "pool" } as never);
  await attacker.createEmbeddedDocuments("Item", [
    { name: "Sword", type: "poolAbility", system: { rating: 3 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Brawn", type: "poolAttribute", system: { role: "musclePower", score: 2 } },
    { name: "Longsword", type: "poolWeapon", system: { ability: "Sword", attribute: "Agility", trauma: "physical", damageType: "lethal", musclePowered: true, damageModifier: 1 } },
  ]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender: any = await Actor.create({ name: "Guard", type: "pool" } as never);
  await defender.createEmbeddedDocuments("Item", [
    { name: "Dodge", type: "poolAbility", system: { rating: 1 } },
    { name: "Hide", type: "poolAttribute", system: { role: "toughness", score: 1 } },
    { name: "Grit", type: "poolAttribute", system: { role: "physicalThreshold", score: 1 } },
    { name: "Mail", type: "poolArmor", system: armor },
  ]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const weapon = attacker.items.find((i: any) => i.type === "poolWeapon");
  return { p1, p2, p3, attacker, defender, weapon };
}

/** p1 attacks (skip key: the weapon's ability and attribute, Difficulty 15) with the given faces. */
async function attack(s: Awaited<ReturnType<typeof scene>>, faces: number[]): Promise<any> {
  s.p1.targets = new Set([{ actor: s.defender }]);
  scriptDiceFaces(faces);
  const roll = await asUser(s.p1, () => attackWithWeapon(s.attacker, s.weapon, shift));
  expect(roll).toBeInstanceOf(PoolCheckRoll);
  return msgs().at(-1);
}

/** p2 opposes with Dodge through the dialog. */
async function oppose(s: Awaited<ReturnType<typeof scene>>, card: any, faces: number[]): Promise<any> {
  const pending = clickCardButton(s.p2, card, RESPOND("oppose"));
  const dialog = await waitForDialog();
  fillForm(dialog.element, { ability: "Dodge" });
  scriptDiceFaces(faces);
  await answerDialog({ action: "roll" });
  await pending;
  await settle();
  return msgs().at(-1);
}

describe("attack → opposition → degree → armor → Muscle Power, weapon, Toughness → threshold → wound", () => {
  it("a full attack to Apply, exactly once, through the GM for the defender's player", async () => {
    const s = await scene();
    // Sword 3 → 4 Add dice, Agility +1 → 1 Bonus: 5d8 keep the highest 4. 8 7 6 5 (1 dropped) = 26.
    const card = await attack(s, [8, 7, 6, 5, 1]);
    expect(card.rolls[0].formula).toBe("5d8kh4");
    expect(card.rolls[0].total).toBe(26);
    const cardHtml: HTMLElement = await asUser(s.p2, () => card.renderHTML());
    expect(cardHtml.querySelectorAll("[data-bb-action='core.respond']").length).toBe(2);
    expect(cardHtml.querySelector(".pool-attack .bb-card-target")!.textContent).toContain("Guard");
    const strangerHtml: HTMLElement = await asUser(s.p3, () => card.renderHTML());
    expect(strangerHtml.querySelectorAll("[data-bb-action='core.respond']").length).toBe(0);
    // Dodge 1 → 2d8: 3 + 4 = 7. Direct opposition: 26 − 7 = 19 → degree 3.
    const resolution = await oppose(s, card, [3, 4]);
    expect(resolution.flags.breadbox).toMatchObject({ type: "exchangeResolution", exchange: "pool.attack", declarationId: card.id });
    expect(resolution.rolls[0]).toBeInstanceOf(PoolCheckRoll);
    expect(resolution.rolls[0].total).toBe(7);
    // Degree 3 − armor 1 = 2; + Muscle Power 2 + weapon 1 − Toughness 1 = 4; − Physical Threshold 1 = 3: severe.
    const entry = ledgerEntry(resolution.id)!.exchange!;
    expect(entry).toMatchObject({ ruleset: "pool", kind: "attack", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, outcome: { wounds: [{ kind: "physical", degree: 3, nonlethal: false }] } });
    expect(hasMark(resolution.id, "applied")).toBe(false);
    const html: HTMLElement = await resolution.renderHTML();
    const text = html.textContent!;
    expect(text).toContain("Final Degree of Success");
    expect(text).toContain("Physical wound: Severe (degree 3, Lethal) — Penalty dice 2 (1 on the other kind)");
    // Healing time on the card: 2 weeks at Immune System 0.
    expect(text).toContain(`${14 * 24} h`);
    // Apply by the defender's player (not the attacker's owner): relayed to the GM.
    expect(await clickCardButton(s.p2, resolution, APPLY)).toBe(true);
    await settle();
    expect(s.defender.system.wounds.map((w: any) => [w.kind, w.degree, w.nonlethal])).toEqual([["physical", 3, false]]);
    expect(hasMark(resolution.id, "applied")).toBe(true);
    // Twice: refused, nothing added.
    expect(await clickCardButton(s.p1, resolution, APPLY)).toBe(true);
    const again = await asUser(s.p2, () => applyOrRelay("core.apply", { uuid: s.defender.uuid }, { messageId: resolution.id }));
    expect(again).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyApplied" });
    expect(s.defender.system.wounds.length).toBe(1);
    // The wound's penalty now weighs on the defender's physical checks.
    expect(s.defender.system.status.penalties.physical).toBe(2);
  });

  it("the attack dialog shows the exact odds of each result if the target takes it unopposed", async () => {
    const s = await scene();
    s.p1.targets = new Set([{ actor: s.defender }]);
    const pending = asUser(s.p1, () => attackWithWeapon(s.attacker, s.weapon, new MouseEvent("click")));
    const dialog = await waitForDialog();
    fillForm(dialog.element, { difficulty: "12" });
    const panel = dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    expect(panel).toContain("If Guard takes it unopposed:");
    const odds = R.attackOdds({
      attack: { pool: { addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 12 },
      weapon: { trauma: "physical", damageType: "lethal", musclePower: 2, weaponModifier: 1, armor: { rating: 1, convertsLethal: false } },
      defender: { physicalThreshold: 1, mentalThreshold: 0, toughness: 1 },
    });
    const severe = odds.outcomes.find((o) => o.key === "severe")!.p;
    expect(severe).toBeGreaterThan(0);
    expect(panel).toContain(`Severe${(severe * 100).toFixed(1)}%`);
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
  });

  it("the Oppose dialog shows the exact odds of each result against the attack already rolled", async () => {
    const s = await scene();
    const card = await attack(s, [8, 7, 6, 5, 1]); // 26
    const pending = clickCardButton(s.p2, card, RESPOND("oppose"));
    const dialog = await waitForDialog();
    fillForm(dialog.element, { ability: "Dodge" });
    const panel = dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    expect(panel).toContain("The attack rolled 26; with this defence:");
    const odds = R.defenceOdds({
      attack: { total: 26, outcome: "success", degree: 2 },
      defence: { addDice: 2, bonusDice: 0, penaltyDice: 0, die: "d8" },
      weapon: { trauma: "physical", damageType: "lethal", musclePower: 2, weaponModifier: 1, armor: { rating: 1, convertsLethal: false } },
      defender: { physicalThreshold: 1, mentalThreshold: 0, toughness: 1 },
    });
    // 2d8 tops at 16: the attack always triumphs by 10 or more (degree ≥ 2): at least a serious wound.
    expect(odds.outcomes.find((o) => o.key === "miss")!.p).toBe(0);
    for (const o of odds.outcomes.filter((x) => x.p > 0)) expect(panel).toContain(`${(o.p * 100).toFixed(1)}%`);
    fillForm(dialog.element, { resolution: "dicePhobe" });
    // Dice phobe: 10, the attack's Difficulty; 26 − 10 = 16 → degree 3 → severe, certain.
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("Severe100.0%");
    await answerDialog({ action: "cancel" });
    await pending;
    expect(msgs().at(-1).id).toBe(card.id);
  });

  it("an NPC defender takes the dice-phobe total, which becomes the attack's Difficulty (NPC actions)", async () => {
    const s = await scene();
    await s.defender.update({ system: { npc: true } });
    s.p1.targets = new Set([{ actor: s.defender }]);
    const card = await attack(s, [3, 3, 3, 2, 1]); // 11: a failure against the card's Difficulty 15
    // The GM answers for the NPC with the skip key: Dodge (offered first) 1 → 2 Add dice → dice-phobe 10; 11 − 10 = 1: degree 0.
    await clickCardButton(gmUser(), card, RESPOND("oppose"), { shiftKey: true });
    await settle();
    const res = msgs().at(-1);
    const text = (await res.renderHTML()).textContent!;
    expect(text).toContain("Difficulty 10 (the defender's dice-phobe total)");
    // 0 − armor 1 = −1: the armor stops it.
    expect(text).toContain("Stopped by the armor");
  });

  it("the book's order on the card agrees with the rules core for the same characters", async () => {
    const s = await scene();
    const attack = R.resolveCheck({ pool: { addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 15 }, [8, 7, 6, 5, 1]);
    const defence = R.resolveCheck({ pool: { addDice: 2, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 15 }, [3, 4]);
    const r = resolveAttack({ attack, defence, attacker: s.attacker.system, defender: s.defender.system, weapon: s.weapon.system });
    expect(r.hit).toEqual({ hit: true, degree: 3, against: "opposed", contest: "firstTriumphs" });
    expect(r.trauma).toMatchObject({ degreeAfterArmor: 2, damageDegree: 4, finalDegree: 3 });
  });

  it("taken unopposed, the attack is judged against its Difficulty; armor can stop it; no Apply without a wound", async () => {
    const s = await scene({ rating: 3, convertsLethal: false });
    // 4 + 3 + 2 + 2 (kept of 5d8kh4, 1 dropped) = 11 < 15: a miss.
    const miss = await attack(s, [4, 3, 2, 2, 1]);
    await clickCardButton(s.p2, miss, RESPOND("none"), { shiftKey: true });
    await settle();
    const missRes = msgs().at(-1);
    expect((await missRes.renderHTML()).textContent).toContain("Miss");
    // Nothing to apply: no record of an outcome, no Apply button.
    expect(ledgerEntry(missRes.id)?.exchange).toBeUndefined();
    expect((await missRes.renderHTML()).querySelector(APPLY)).toBeNull();
    // 8 + 8 + 7 + 2 = 25 vs 15: degree 2; armor 3 → −1: stopped by the armor.
    const stopped = await attack(s, [8, 8, 7, 2, 1]);
    await clickCardButton(s.p2, stopped, RESPOND("none"), { shiftKey: true });
    await settle();
    expect((await msgs().at(-1).renderHTML()).textContent).toContain("Stopped by the armor");
    expect(s.defender.system.wounds.length).toBe(0);
  });

  it("armor that converts lethal damage: nonlethal split after the Physical Threshold, two wounds", async () => {
    const s = await scene({ rating: 0, convertsLethal: true });
    const card = await attack(s, [8, 8, 8, 8, 1]); // 32 vs 15: degree 3
    await clickCardButton(s.p2, card, RESPOND("none"), { shiftKey: true });
    await settle();
    const res = msgs().at(-1);
    // 3 + 2 + 1 − 1 = 5; − Physical Threshold 1 = final 4 → physical 2, mental 2.
    expect(ledgerEntry(res.id)!.exchange!.outcome.wounds).toEqual([{ kind: "physical", degree: 2, nonlethal: true }, { kind: "mental", degree: 2, nonlethal: true }]);
    expect((await res.renderHTML()).textContent).toContain("The armor turns the lethal damage nonlethal.");
  });
});

describe("trust: forged and duplicate requests change nothing", () => {
  it("a second answer to the same attack is refused; a stranger cannot answer or apply", async () => {
    const s = await scene();
    const card = await attack(s, [8, 7, 6, 5, 1]);
    await clickCardButton(s.p2, card, RESPOND("none"), { shiftKey: true });
    await settle();
    const count = msgs().length;
    const dup = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "none", choices: null, mode: "public" }));
    expect(dup).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyResolved" });
    expect(msgs().length).toBe(count);
    const res = msgs().at(-1);
    expect(await clickCardButton(s.p3, res, APPLY)).toBe(false);
    const stranger = await asUser(s.p3, () => applyOrRelay("core.apply", { uuid: s.defender.uuid }, { messageId: res.id }));
    expect(stranger).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(s.defender.system.wounds.length).toBe(0);
  });

  it("a resolution card a player wrote (not in the ledger) applies nothing, whatever its flags say", async () => {
    const s = await scene();
    const forged = await asUser(s.p1, () =>
      ChatMessage.create({
        content: '<div>forged <button type="button" data-bb-action="core.apply">Apply</button></div>',
        flags: { breadbox: { type: "exchangeResolution", exchange: "pool.attack", targetUuid: s.defender.uuid, outcome: { wounds: [{ kind: "physical", degree: 9, nonlethal: false }] } } },
      } as never),
    );
    await settle();
    expect(await clickCardButton(s.p1, forged, APPLY)).toBe(true);
    await settle();
    expect(s.defender.system.wounds.length).toBe(0);
    expect(notifications().some((n) => n.message.includes("nothing on the GM's record"))).toBe(true);
  });

  it("an attack card written by someone who does not own the attacker cannot be answered", async () => {
    const s = await scene();
    s.p3.targets = new Set([{ actor: s.defender }]);
    scriptDiceFaces([8, 8, 8, 8, 8]);
    // The stranger rolls the attacker's weapon (as if from a macro) and posts the card.
    await asUser(s.p3, () => attackWithWeapon(s.attacker, s.weapon, shift));
    await settle();
    const card = msgs().at(-1);
    const r = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "none", choices: null, mode: "public" }));
    expect(r).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
  });

  it("opposing choices outside the dialog's limits or naming traits the defender lacks are refused", async () => {
    const s = await scene();
    const card = await attack(s, [8, 7, 6, 5, 1]);
    const base = { ability: "Dodge", attribute: "", justified: "", supporting: "", die: "d8", convert: 0, difficulty: 15, requiredDegree: 0, activity: "physical", timeMode: "none", normalPhases: 1, phasesTaken: 1, doublings: 0, extraAdd: 0, extraBonus: 0, extraPenalty: 0, resolution: "roll" };
    for (const bad of [{ ...base, extraBonus: 61 }, { ...base, ability: "Sword" }, { ...base, die: "d20" }, { ...base, convert: 1.5 }]) {
      const r = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: card.id, response: "oppose", choices: bad, mode: "public" }));
      expect(r).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    }
    expect(msgs().at(-1).id).toBe(card.id);
  });
});

describe("status effects and healing", () => {
  it("an incapacitating wound sets unconscious, a fatal one dead; marking a wound healed removes it and clears the status", async () => {
    const s = await scene();
    await s.defender.update({ system: { wounds: [{ kind: "physical", degree: 5, nonlethal: false }] } });
    await settle();
    expect(s.defender.statuses.has("unconscious")).toBe(true);
    await s.defender.update({ system: { wounds: [{ kind: "physical", degree: 5, nonlethal: false }, { kind: "mental", degree: 8, nonlethal: false }] } });
    await settle();
    expect(s.defender.statuses.has("dead")).toBe(true);
    expect(s.defender.statuses.has("unconscious")).toBe(false);
    expect(await healWound(s.defender, 1)).toBe(true);
    await settle();
    expect(s.defender.statuses.has("dead")).toBe(false);
    expect(s.defender.statuses.has("unconscious")).toBe(true);
    expect(await healWound(s.defender, 0)).toBe(true);
    await settle();
    expect(s.defender.system.wounds.length).toBe(0);
    expect(s.defender.statuses.size).toBe(0);
    expect(msgs().at(-1).content).toContain("has healed");
  });
});
