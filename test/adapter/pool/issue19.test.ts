/**
 * Issue 19 for the Dice Pool (points 13–15): a weapon whose ability the character lacks is refused
 * with the reason on every path (sheet, attack, macro); nonlethal damage on the default chart is
 * never harsher than lethal and knocks out; attacks are gated by the phase clock.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, dismissDialog, gmUser, openDialogs, scriptDiceFaces, settle, turnEventsSettled } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { attackWithWeapon } from "../../../src/rulesets/pool/combat/attack";
import { PoolCheckRoll } from "../../../src/rulesets/pool/dice/pool-roll";
import { applyOrRelay } from "../../../src/core/relay";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { APPLY, RESPOND, clickCardButton } from "./card-buttons";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

const g = () => game as any;
const shift = () => new MouseEvent("click", { bubbles: true, shiftKey: true });
const msgs = () => g().messages.contents;

/** Jun has Agility and Blades but not Pistols; a Pistol names Pistols, a Knife names Blades. */
async function jun(): Promise<any> {
  const p = createUser({ name: "Jun's player" });
  const actor: any = await Actor.create({ name: "Jun", type: "pool" } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Blades", type: "poolAbility", system: { rating: 2 } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Pistol", type: "poolWeapon", system: { ability: "Pistols", attribute: "Agility", trauma: "physical", damageType: "lethal" } },
    { name: "Knife", type: "poolWeapon", system: { ability: "Blades", attribute: "Physique", trauma: "physical", damageType: "lethal" } },
  ]);
  await actor.update({ ownership: { [p.id!]: 3 } });
  return { p, actor };
}

const MISSING = "Jun has no ability named “Pistols”, which the Pistol uses: add it to Jun's trait tree or give the weapon an ability Jun has. Nothing was rolled.";

async function clickWeapon(actor: any, name: string): Promise<void> {
  await actor.sheet.render({ force: true });
  await settle();
  const id = actor.items.find((i: any) => i.name === name).id;
  const button = actor.sheet.element.querySelector(`[data-item-id="${id}"] [data-action="rollWeapon"]`) as HTMLElement;
  expect(button).not.toBeNull();
  button.dispatchEvent(shift());
  await settle();
}

/** Close any dialog a path opened (today's behaviour opens one), so a failing run does not hang. */
async function closeDialogs(): Promise<number> {
  let n = 0;
  for (const d of openDialogs()) {
    await dismissDialog(d);
    n++;
  }
  await settle();
  return n;
}

describe("19.13: a weapon whose ability the character lacks", () => {
  it("the sheet's weapon button says so and rolls nothing (no bare attribute check)", async () => {
    const { actor } = await jun();
    await clickWeapon(actor, "Pistol");
    expect(await closeDialogs()).toBe(0);
    expect(msgs().length).toBe(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: MISSING });
  });

  it("an attack with a target says so and posts nothing", async () => {
    const { p, actor } = await jun();
    const target: any = await Actor.create({ name: "Guard", type: "pool" } as never);
    p.targets = new Set([{ actor: target }]);
    const weapon = actor.items.find((i: any) => i.name === "Pistol");
    const roll = await asUser(p, () => attackWithWeapon(actor, weapon, shift()));
    expect(await closeDialogs()).toBe(0);
    expect(roll).toBeNull();
    expect(msgs().length).toBe(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: MISSING });
  });

  it("the weapon's hotbar macro says the same and rolls nothing", async () => {
    const { actor } = await jun();
    g().user.character = actor;
    const run = g().breadbox.rollMacro({ ruleset: "pool", kind: "weapon", name: "Pistol" });
    await settle();
    expect(await closeDialogs()).toBe(0);
    await run;
    expect(msgs().length).toBe(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: MISSING });
  });

  it("a weapon whose ability the character has still rolls; a missing attribute counts 0 and is said", async () => {
    const { actor } = await jun();
    await clickWeapon(actor, "Knife");
    expect(notifications().at(-1)).toMatchObject({ type: "info", message: "Jun has no attribute named “Physique”, which the Knife uses: it counts as 0." });
    const roll = msgs().at(-1).rolls[0];
    expect(roll).toBeInstanceOf(PoolCheckRoll);
    // Blades 2 → 3 Add dice, no attribute dice.
    expect(roll.check.pool).toMatchObject({ addDice: 3, bonusDice: 0, penaltyDice: 0 });
    expect(roll.check.title).toContain("Blades");
  });
});

/**
 * A fight on the phase clock: Rhoenda (p1's, Reaction Time 0: strike completes at phase 3) attacks
 * the Guard (p2's, Reaction Time 1: phase 2, then 4). The clock starts at phase 2, the Guard's turn.
 */
async function clockFight(): Promise<any> {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const attacker: any = await Actor.create({ name: "Rhoenda", type: "pool" } as never);
  await attacker.createEmbeddedDocuments("Item", [
    { name: "Sword", type: "poolAbility", system: { rating: 3 } },
    { name: "Longsword", type: "poolWeapon", system: { ability: "Sword", attribute: "", trauma: "physical", damageType: "lethal" } },
  ]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender: any = await Actor.create({ name: "Guard", type: "pool" } as never);
  await defender.createEmbeddedDocuments("Item", [{ name: "Reflexes", type: "poolAttribute", system: { role: "reactionTime", score: 1 } }]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: attacker.id }, { actorId: defender.id }]);
  await combat.rollAll();
  await combat.startCombat();
  await turnEventsSettled();
  p1.targets = new Set([{ actor: defender }]);
  const weapon = attacker.items.find((i: any) => i.type === "poolWeapon");
  return { p1, p2, attacker, defender, combat, weapon };
}

const declarations = () => msgs().filter((m: any) => m.flags.breadbox?.type === "exchangeDeclaration");
const resolutionsOf = (card: any) => msgs().filter((m: any) => m.flags.breadbox?.type === "exchangeResolution" && m.flags.breadbox.declarationId === card.id);

describe("19.15: attacks follow the phase clock", () => {
  it("a player's attack out of the attacker's phase is refused with the reason; on its turn it goes ahead and may be answered after the turn ends", async () => {
    const s = await clockFight();
    expect(s.combat.round).toBe(2);
    expect(s.combat.combatant.name).toBe("Guard");
    scriptDiceFaces([8, 7, 6, 5]);
    const early = await asUser(s.p1, () => attackWithWeapon(s.attacker, s.weapon, shift()));
    expect(early).toBeNull();
    expect(declarations()).toHaveLength(0);
    expect(notifications().at(-1)).toMatchObject({ type: "warning", message: "It is not Rhoenda's phase: Rhoenda's action completes at phase 3 and the clock is at phase 2. Attack on Rhoenda's turn. Nothing was rolled." });
    // The Guard's turn ends: the clock moves to phase 3, Rhoenda's turn.
    await s.combat.nextTurn();
    await turnEventsSettled();
    expect(s.combat.round).toBe(3);
    expect(s.combat.combatant.name).toBe("Rhoenda");
    scriptDiceFaces([8, 7, 6, 5]);
    const roll = await asUser(s.p1, () => attackWithWeapon(s.attacker, s.weapon, shift()));
    expect(roll).toBeInstanceOf(PoolCheckRoll);
    const card = declarations().at(-1);
    expect(card.flags.breadbox.choices.phase).toBe(3);
    // Rhoenda's turn ends before the Guard answers: the attack was made in its phase, so it stands.
    await s.combat.nextTurn();
    await turnEventsSettled();
    expect(s.combat.combatant.name).not.toBe("Rhoenda");
    expect(await clickCardButton(s.p2, card, RESPOND("none"), { shiftKey: true })).toBe(true);
    await settle();
    expect(resolutionsOf(card)).toHaveLength(1);
  });

  it("a player's hand-made attack card claiming a phase the attacker does not act in cannot be answered", async () => {
    const s = await clockFight();
    const roll = PoolCheckRoll.fromCheck({ title: "Sword", actorUuid: s.attacker.uuid, pool: { addDice: 4, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 15, requiredDegree: 0, parts: [], resolution: "roll" } as never);
    scriptDiceFaces([8, 7, 6, 5]);
    await roll.evaluate();
    const flags = { type: "exchangeDeclaration", exchange: "pool.attack", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid };
    // The record of who acted when is the combat's (the GM's), not the combatant's its owner may write.
    const mine = s.combat.combatants.find((c: any) => c.actor?.uuid === s.attacker.uuid);
    await asUser(s.p1, () => mine.update({ flags: { breadbox: { poolActed: 2 } } }));
    for (const phase of [2, null, 3]) {
      const forged: any = await asUser(s.p1, () => ChatMessage.create({ content: "<p>attack</p>", rolls: [roll], flags: { breadbox: { ...flags, choices: { weaponId: s.weapon.id, check: { ability: "Sword", attribute: "" }, phase } } } } as never));
      await settle();
      const r = await asUser(s.p2, () => applyOrRelay("core.respond", { uuid: s.defender.uuid }, { messageId: forged.id, response: "none", choices: null, mode: "public" }));
      expect(r).toMatchObject({ ok: false, error: "BREADBOX.Pool.Attack.NotInPhase" });
      expect(resolutionsOf(forged)).toHaveLength(0);
      expect(hasMark(forged.id, "resolved")).toBe(false);
    }
  });

  it("the Storyguide may attack out of phase (told so); outside a combat nothing gates an attack", async () => {
    const s = await clockFight();
    gmUser().targets = new Set([{ actor: s.defender }]);
    scriptDiceFaces([8, 7, 6, 5]);
    const roll = await asUser(gmUser(), () => attackWithWeapon(s.attacker, s.weapon, shift()));
    expect(roll).toBeInstanceOf(PoolCheckRoll);
    expect(notifications().some((n: any) => n.type === "info" && n.message === "Rhoenda attacks out of its phase (its action completes at phase 3; the clock is at phase 2): the Storyguide's call.")).toBe(true);
    await s.combat.delete();
    await settle();
    scriptDiceFaces([8, 7, 6, 5]);
    expect(await asUser(s.p1, () => attackWithWeapon(s.attacker, s.weapon, shift()))).toBeInstanceOf(PoolCheckRoll);
  });
});

/**
 * The pack's stun gun (Pistols, nonlethal, +2, not muscle-powered) in Mira's hands (Pistols 3: four
 * Add dice, Difficulty 15), against a typical target (Toughness and thresholds 0) and a tough one.
 */
async function stunScene(): Promise<any> {
  const p1 = createUser({ name: "Mira's player" });
  const p2 = createUser({ name: "Target's player" });
  const mira: any = await Actor.create({ name: "Mira", type: "pool" } as never);
  await mira.createEmbeddedDocuments("Item", [
    { name: "Pistols", type: "poolAbility", system: { rating: 3 } },
    { name: "Stun gun", type: "poolWeapon", system: { ability: "Pistols", attribute: "reactionTime", trauma: "physical", damageType: "nonlethal", musclePowered: false, damageModifier: 2 } },
  ]);
  await mira.update({ ownership: { [p1.id!]: 3 } });
  const guard: any = await Actor.create({ name: "Guard", type: "pool" } as never);
  const tank: any = await Actor.create({ name: "Tank", type: "pool" } as never);
  await tank.createEmbeddedDocuments("Item", [{ name: "Hide", type: "poolAttribute", system: { role: "toughness", score: 2 } }]);
  for (const a of [guard, tank]) await a.update({ ownership: { [p2.id!]: 3 } });
  return { p1, p2, mira, guard, tank, weapon: mira.items.find((i: any) => i.type === "poolWeapon") };
}

/** Mira shoots `target` with the faces given; the target's player takes it unopposed and applies it. */
async function stunHit(s: any, target: any, faces: number[]): Promise<any> {
  s.p1.targets = new Set([{ actor: target }]);
  scriptDiceFaces(faces);
  expect(await asUser(s.p1, () => attackWithWeapon(s.mira, s.weapon, shift()))).toBeInstanceOf(PoolCheckRoll);
  const card = declarations().at(-1);
  expect(await clickCardButton(s.p2, card, RESPOND("none"), { shiftKey: true })).toBe(true);
  await settle();
  const resolution = resolutionsOf(card).at(-1);
  expect(await clickCardButton(s.p2, resolution, APPLY)).toBe(true);
  await settle();
  return resolution;
}

describe("19.14: nonlethal damage is never harsher than lethal, and it knocks out", () => {
  it("a nonlethal hit of final degree 0 is one light physical wound (no mental wound from a share without a point)", async () => {
    const s = await stunScene();
    // 4 + 4 + 4 + 3 = 15 against 15: degree 0; +2 (stun gun) − Toughness 2 = final 0.
    await stunHit(s, s.tank, [4, 4, 4, 3]);
    expect(s.tank.system.wounds.map((w: any) => [w.kind, w.degree, w.nonlethal])).toEqual([["physical", 0, true]]);
    expect(s.tank.system.status.penalties).toEqual({ physical: 1, mental: 0 });
  });

  it("two typical stun-gun hits knock a typical target out (unconscious); the size of the knockout is a setting", async () => {
    const s = await stunScene();
    // 5 × 4 = 20 against 15: degree 1; +2 = final 3 → physical 2 (serious, 2 dice) and mental 1 (moderate, 1 die).
    const first = await stunHit(s, s.guard, [5, 5, 5, 5]);
    expect(first.content).not.toContain("knock Guard out");
    expect(s.guard.system.wounds.map((w: any) => [w.kind, w.degree])).toEqual([["physical", 2], ["mental", 1]]);
    expect(s.guard.system.status.incapacitated).toBe(false);
    expect(s.guard.statuses.has("unconscious")).toBe(false);
    const second = await stunHit(s, s.guard, [5, 5, 5, 5]);
    expect(second.content).toContain("On Apply, these wounds knock Guard out: nonlethal wounds add up (they come round as those wounds heal).");
    expect(s.guard.system.status).toMatchObject({ incapacitated: true, knockedOut: true, dead: false });
    expect(s.guard.statuses.has("unconscious")).toBe(true);
    await s.guard.sheet.render({ force: true });
    await settle();
    expect(s.guard.sheet.element.querySelector(".pool-knocked-out")?.textContent).toBe("Knocked out (nonlethal wounds)");
    // The world's rule is a setting: 0 = nonlethal wounds no longer add up to a knockout.
    await g().settings.set("breadbox", "pool.knockoutPenalty", 0);
    expect(s.guard.system.status.incapacitated).toBe(false);
  });
});
