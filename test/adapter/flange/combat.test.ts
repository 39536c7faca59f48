/**
 * Flange combat on the harness (issue 13, combat half): the cumulative lowest-first tracker, the
 * attack sequence from the attack card to Apply (relay, ledger, forged and duplicate requests),
 * the counterattack bonus in the next round, failed blocks, serious injury, grind wounds.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { attackWithWeapon } from "../../../src/rulesets/flange/combat/attack";
import { onApply } from "../../../src/core/exchange/engine";
import { choicesWithinLimits, NO_CHOICES } from "../../../src/rulesets/flange/combat/inputs";
import { injuryEffectData, readInjuryForm } from "../../../src/rulesets/flange/combat/injury";
import { applyResolution, handWrittenAttack, resolutions, respond } from "./helpers";
import { RELAY_QUERY, runRelay } from "../../../src/core/relay";
import { ledgerEntry } from "../../../src/core/chat/ledger";
import { hasMark } from "../../../src/core/chat/ledger-marks";
import { combatantState } from "../../../src/rulesets/flange/combat/tracker";

/** The faces of every die a card's rolls hold, in order (a roll may hold several dice). */
function diceOf(message: any): number[] {
  return message.rolls.flatMap((r: any) => r.dice.flatMap((d: any) => d.results.map((x: any) => x.result)));
}

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
const byType = (type: string): any[] => msgs().filter((m) => m.flags?.breadbox?.type === type);

async function character(name: string, attributes: Record<string, number>, items: Record<string, unknown>[] = [], system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "flange", system: { attributes, ...system } } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}
/** The "Apply (dramatic)" button of a resolution card, as rendered. */
function dramaticButton(resolution: any): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = resolution.content;
  const button = div.querySelector<HTMLElement>('button[data-bb-action="core.apply"][data-option="dramatic"]');
  if (!button) throw new Error("no dramatic Apply button");
  return button;
}
const skill = (name: string, heading: string, dots: number) => ({ name, type: "flangeSkill", system: { heading, dots } });
const weapon = (name: string, system: Record<string, unknown>) => ({ name, type: "flangeWeapon", system: { equipped: true, ...system } });

/** The seed's example combat: Mr Tims (sock of sand) and Don Smits (36 revolver). */
async function example() {
  const pTims = createUser({ name: "Tims's player" });
  const pDon = createUser({ name: "Don's player" });
  const stranger = createUser({ name: "Stranger" });
  const tims = await character("Mr Tims", { perception: 6, strength: 8, athleticism: 8, constitution: 9 }, [
    skill("Sock of sand", "combatMelee", 2),
    skill("Tumbling", "acrobatics", 2),
    weapon("Sock of sand", { attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3, skill: "Sock of sand", heading: "combatMelee" }),
  ]);
  const don = await character("Don Smits", { perception: 8, athleticism: 7, constitution: 6 }, [
    skill("36 revolver", "combatRanged", 3),
    skill("Parkour", "acrobatics", 2),
    weapon("36 Revolver", { attribute: "athleticism", range: "short", damageDots: 1, damageModifier: -1, skill: "36 revolver", heading: "combatRanged" }),
  ], { edge: { points: 2, spent: 0 } });
  await tims.update({ ownership: { [pTims.id!]: 3 } });
  await don.update({ ownership: { [pDon.id!]: 3 } });
  const sock = tims.items.find((i: any) => i.type === "flangeWeapon");
  const revolver = don.items.find((i: any) => i.type === "flangeWeapon");
  return { pTims, pDon, stranger, tims, don, sock, revolver };
}

function target(user: any, actor: any): void {
  user.targets = new Set([{ actor }]);
}

function button(data: Record<string, string>): HTMLButtonElement {
  const b = document.createElement("button");
  Object.assign(b.dataset, data);
  return b;
}

async function startCombat(...actors: any[]): Promise<any> {
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })));
  await combat.startCombat();
  return combat;
}

describe("flange tracker: lowest first, cumulative", () => {
  it("round 1 rolls 1d10 + Perception + Athleticism (the example's 21 and 16); Tims acts first", async () => {
    const s = await example();
    const combat = await startCombat(s.don, s.tims);
    scriptDiceFaces([6, 2]);
    await combat.rollAll();
    const init = Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]));
    expect(init).toEqual({ "Don Smits": 21, "Mr Tims": 16 });
    expect(combat.turns.map((c: any) => c.name)).toEqual(["Mr Tims", "Don Smits"]);
  });

  it("later rounds roll 1d10 + the previous total, every round, lowest first", async () => {
    const s = await example();
    const combat = await startCombat(s.don, s.tims);
    scriptDiceFaces([6, 2]);
    await combat.rollAll();
    scriptDiceFaces([1, 9]); // Don 21 + 1 = 22, Tims 16 + 9 = 25
    await combat.nextRound();
    expect(combat.round).toBe(2);
    expect(Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]))).toEqual({ "Don Smits": 22, "Mr Tims": 25 });
    expect(combat.combatant.name).toBe("Don Smits");
  });

  it("a failed block adds 1 to the next round's initiative, per failed block", async () => {
    const s = await example();
    const combat = await startCombat(s.don, s.tims);
    scriptDiceFaces([6, 2]);
    await combat.rollAll();
    // Tims attacks; the Don blocks with his arm and fails (two 2s): +1 to his next initiative.
    target(s.pTims, s.don);
    await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 2, 2]);
    await respond(s.pDon, msgs().at(-1), "blockBody");
    expect(resolutions().at(-1).flags.breadbox.damage).toBe(5);
    expect(combatantState(s.don, combat.id)).toMatchObject({ failedBlockPending: true, failedBlocksRound: 1, failedBlocks: 1 });
    expect(s.don.statuses.has("flangeFailedBlock")).toBe(true);
    scriptDiceFaces([1, 1]); // Don 21 + 1 + 1 (failed block) = 23, Tims 16 + 1 = 17
    await combat.nextRound();
    expect(Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]))).toEqual({ "Don Smits": 23, "Mr Tims": 17 });
  });
});

describe("flange attack sequence: attack card → declared defence → GM resolves → Apply", () => {
  it("Tims's sock of sand on the Don, who blocks with his arm: 9,4 → one success; 8 − 3 = 5, halved to 3 (the example)", async () => {
    const s = await example();
    target(s.pTims, s.don);
    const card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    expect(card.flags.breadbox).toMatchObject({ type: "exchangeDeclaration", exchange: "flange.attack", attackerUuid: s.tims.uuid, targetUuid: s.don.uuid });
    expect(card.rolls).toHaveLength(0); // nothing is rolled before the defender declares
    scriptDiceFaces([9, 4, 8, 7, 1]); // attack 9,4; damage 8; block (Parkour 2 on Athleticism 7) 7,1
    await respond(s.pDon, card, "blockBody");
    const res = resolutions().at(-1);
    expect(res.flags.breadbox).toMatchObject({ damage: 3, hit: true, attackerUuid: s.tims.uuid, targetUuid: s.don.uuid });
    expect(diceOf(res)).toEqual([9, 4, 8, 7, 1]);
    // Dice the core needs whatever the faces come as one roll: fewer rolls than dice (issue 18.7).
    expect(res.rolls.length).toBeLessThan(5);
    expect(res.content).toContain("[9, 4]");
    expect(ledgerEntry(res.id)?.exchange).toMatchObject({ ruleset: "flange", kind: "attack", declarationId: card.id, outcome: { damage: 3 } });
    // The attack card says how it was met and offers no more buttons.
    expect(card.content).toContain("Block (body)");
    expect(card.content).not.toContain("core.respond");
    // The Don's player applies it to the Don (through the GM, once).
    await applyResolution(s.pDon, res);
    expect(s.don.system.wounds.value).toBe(3);
    expect(hasMark(res.id, "applied")).toBe(true);
    // Three boxes at once: a serious injury card for the GM to name (the fractured forearm).
    const applied = byType("flangeDamageApplied");
    expect(applied).toHaveLength(1);
    expect(applied[0].flags.breadbox).toMatchObject({ seriousInjury: true, dead: false, targetUuid: s.don.uuid });
    expect(applied[0].content).toContain("9</strong> / 12");
  });

  it("the Don's revolver on Tims, who dodges: 7,8,9 v 9,5 → two left; three damage dice 1,5,8 → 7", async () => {
    const s = await example();
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([7, 8, 9, 9, 5, 1, 5, 8]);
    await respond(s.pTims, card, "dodge");
    const res = resolutions().at(-1);
    expect(res.flags.breadbox.damage).toBe(7);
    await applyResolution(s.pTims, res);
    expect(s.tims.system.wounds.value).toBe(7);
    expect(s.tims.system.healthLeft).toBe(2);
  });

  it("a counterattack takes the damage less armour only", async () => {
    const s = await example();
    await s.tims.createEmbeddedDocuments("Item", [{ name: "Jacket", type: "flangeArmor", system: { armour: 1, equipped: true } }]);
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([7, 2, 2, 9, 3]); // one success → 2 damage dice: 9, 3 → 9 − 1 − 1 armour = 7
    await respond(s.pTims, card, "counterattack");
    expect(resolutions().at(-1).flags.breadbox.damage).toBe(7);
  });

  it("an ambush: only the GM rules the attack undefended (armour only, no counterattack bonus)", async () => {
    const s = await example();
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    expect(await runRelay({ action: "core.respond", requesterId: s.pTims.id!, targetUuid: s.tims.uuid, payload: { messageId: card.id, response: "none" } }, s.pTims as never)).toEqual({
      ok: false,
      error: "BREADBOX.Exchange.GMOnly",
    });
    scriptDiceFaces([7, 2, 2, 9, 3]); // one success → 2 damage dice: 9, 3 → 9 − 1 = 8
    await respond(gmUser(), card, "none"); // the GM
    const res = resolutions().at(-1);
    expect(res.flags.breadbox.damage).toBe(8);
    expect(res.content).toContain("Undefended");
  });

  it("Apply twice, or by two clicks at once, applies once", async () => {
    const s = await example();
    target(s.pTims, s.don);
    const card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 2, 2]);
    await respond(s.pDon, card, "blockBody");
    const res = resolutions().at(-1);
    await Promise.all([applyResolution(s.pDon, res), applyResolution(s.pTims, res)]);
    expect(s.don.system.wounds.value).toBe(5);
    const again = await runRelay({ action: "core.apply", requesterId: s.pDon.id!, targetUuid: s.don.uuid, payload: { messageId: res.id } }, s.pDon as never);
    expect(again).toEqual({ ok: false, error: "BREADBOX.Exchange.AlreadyApplied" });
    expect(s.don.system.wounds.value).toBe(5);
  });

  it("a forged resolution card, a stranger, a player's dramatic ruling and a second declaration change nothing", async () => {
    const s = await example();
    // A resolution card a player wrote is not in the ledger: it counts for nothing.
    const forged = await asUser(s.pTims, () =>
      ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "flange.attack", attackerUuid: s.tims.uuid, targetUuid: s.don.uuid, damage: 12, hit: true } } } as never),
    );
    const r1 = await asUser(s.pTims, () => (gmUser() as any).query(RELAY_QUERY, { action: "core.apply", requesterId: s.pTims.id, targetUuid: s.don.uuid, payload: { messageId: forged.id } }));
    expect(r1.ok).toBe(false);
    expect(s.don.system.wounds.value).toBe(0);
    // A genuine resolution: a stranger may not apply it; a player may not rule it dramatic.
    target(s.pTims, s.don);
    const card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 7, 1]);
    await respond(s.pDon, card, "blockBody");
    const res = resolutions().at(-1);
    expect(await runRelay({ action: "core.apply", requesterId: s.stranger.id!, targetUuid: s.don.uuid, payload: { messageId: res.id } }, s.stranger as never)).toEqual({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    // The dramatic ruling is the engine's GM-only apply option: its button shows to GMs only, and the GM's client refuses a player.
    expect(dramaticButton(res).dataset.bbVisible).toBe("gm");
    expect(await runRelay({ action: "core.apply", requesterId: s.pDon.id!, targetUuid: s.don.uuid, payload: { messageId: res.id, option: "dramatic" } }, s.pDon as never)).toEqual({
      ok: false,
      error: "BREADBOX.Exchange.OptionGMOnly",
    });
    expect(await runRelay({ action: "flange.applyDramatic", requesterId: s.pDon.id!, targetUuid: s.don.uuid, payload: { messageId: res.id } }, s.pDon as never)).toMatchObject({ ok: false });
    expect(hasMark(res.id, "applied")).toBe(false);
    // The attack is resolved: a second declaration is refused and rolls nothing.
    const before = msgs().length;
    const again = await runRelay({ action: "core.respond", requesterId: s.pDon.id!, targetUuid: s.don.uuid, payload: { messageId: card.id, response: "dodge" } }, s.pDon as never);
    expect(again).toEqual({ ok: false, error: "BREADBOX.Exchange.AlreadyResolved" });
    expect(msgs().length).toBe(before);
    expect(s.don.system.wounds.value).toBe(0);
  });

  it("an attack card a stranger wrote for someone else's character, or with forged Edge, is refused", async () => {
    const s = await example();
    const fake = await handWrittenAttack(s.stranger, s.don, s.tims);
    expect(await runRelay({ action: "core.respond", requesterId: s.pTims.id!, targetUuid: s.tims.uuid, payload: { messageId: fake.id, response: "counterattack" } }, s.pTims as never)).toEqual({
      ok: false,
      error: "BREADBOX.Relay.NotGenuine",
    });
    // The Don's own player, but spending 5 Edge of his 2 (the card's flags edited by hand).
    const greedy = await handWrittenAttack(s.pDon, s.don, s.tims, { edgeDice: 5 });
    expect(await runRelay({ action: "core.respond", requesterId: s.pTims.id!, targetUuid: s.tims.uuid, payload: { messageId: greedy.id, response: "counterattack" } }, s.pTims as never)).toEqual({
      ok: false,
      error: "BREADBOX.Flange.Combat.BadChoices",
    });
    // The attacker's player cannot declare the defender's defence.
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    expect(await runRelay({ action: "core.respond", requesterId: s.pDon.id!, targetUuid: s.tims.uuid, payload: { messageId: card.id, response: "counterattack" } }, s.pDon as never)).toEqual({
      ok: false,
      error: "BREADBOX.Relay.Forbidden",
    });
    expect(resolutions()).toHaveLength(0);
    expect(s.don.system.edge.spent).toBe(0);
  });

  it("Edge is spent on the GM's client when the attack is rolled", async () => {
    const s = await example();
    target(s.pDon, s.tims);
    const card = await handWrittenAttack(s.pDon, s.don, s.tims, { edgeDice: 1 });
    scriptDiceFaces([2, 2, 2, 2]); // four attack dice (3 + 1 Edge), all miss
    await respond(s.pTims, card, "counterattack");
    const res = resolutions().at(-1);
    expect(diceOf(res)).toEqual([2, 2, 2, 2]);
    // The four attack dice are one roll: one prompt for a GM entering dice by hand (issue 18.7).
    expect(res.rolls).toHaveLength(1);
    expect(res.flags.breadbox.hit).toBe(false);
    expect(s.don.system.edge.spent).toBe(1);
  });

  it("the defence dialog's visibility carries to the resolution (a GM-only block stays GM-only)", async () => {
    const s = await example();
    target(s.pTims, s.don);
    const card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 7, 1, 1]); // no skill named: the block rolls 3 dice attribute-only
    const r = await runRelay({ action: "core.respond", requesterId: s.pDon.id!, targetUuid: s.don.uuid, payload: { messageId: card.id, response: "blockBody", choices: { skillId: null }, mode: "gm" } }, s.pDon as never);
    expect(r.ok).toBe(true);
    const res = resolutions().at(-1);
    expect(res.whisper).toContain(gmUser().id);
    expect(res.whisper).not.toContain(s.pTims.id);
  });

  it("choices outside the dialog's limits are refused", () => {
    expect(choicesWithinLimits({ ...NO_CHOICES, diceModifier: 6 }, 0)).toBeNull();
    expect(choicesWithinLimits({ ...NO_CHOICES, edgeTarget: 1, edgeDice: 1 }, 1)).toBeNull();
    expect(choicesWithinLimits({ ...NO_CHOICES, edgeDice: 1.5 }, 3)).toBeNull();
    expect(choicesWithinLimits({ ...NO_CHOICES, edgeDice: "1" }, 3)).toBeNull();
    expect(choicesWithinLimits({ ...NO_CHOICES, edgeDice: 1, damageEdgeDice: 1 }, 2)).toEqual({ ...NO_CHOICES, edgeDice: 1, damageEdgeDice: 1 });
  });
});

describe("the attack dialog on declared inputs (issue 17: one way to read a dialog)", () => {
  it("renders each input from the declaration (name, label, bounds; Edge bounded by the Edge left) and reads the form through it", async () => {
    const s = await example();
    await s.tims.update({ system: { edge: { points: 2, spent: 0 } } });
    target(s.pTims, s.don);
    const pending = asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock));
    const dialog = await waitForDialog();
    const root: HTMLElement = dialog.element;
    const inputs = [...root.querySelectorAll<HTMLInputElement>(".flange-attack-dialog input[type=number]")].map((i) => [i.name, i.id, i.min, i.max, i.value, root.querySelector(`label[for="${i.id}"]`)?.textContent]);
    expect(inputs).toEqual([
      ["diceModifier", "bb-fl-attack-diceModifier", "-5", "5", "0", "Dice (GM's modifier)"],
      ["targetModifier", "bb-fl-attack-targetModifier", "-5", "5", "0", "Target number (GM's modifier)"],
      ["edgeDice", "bb-fl-attack-edgeDice", "0", "2", "0", "Edge: extra attack dice"],
      ["edgeTarget", "bb-fl-attack-edgeTarget", "0", "2", "0", "Edge: lower the target number"],
      ["damageEdgeDice", "bb-fl-attack-damageEdgeDice", "0", "2", "0", "Edge: extra damage dice"],
    ]);
    expect(root.querySelectorAll(".flange-attack-dialog fieldset.bb-edge input")).toHaveLength(3);
    // Out of the declaration's bounds, or more Edge than is left: the dialog will not declare.
    fillForm(root, { diceModifier: "6" });
    expect((root.querySelector('button[data-action="roll"]') as HTMLButtonElement).disabled).toBe(true);
    fillForm(root, { diceModifier: "1", edgeDice: "2", damageEdgeDice: "1" });
    expect((root.querySelector('button[data-action="roll"]') as HTMLButtonElement).disabled).toBe(true);
    await answerDialog({ action: "roll", fill: { diceModifier: "1", targetModifier: "-1", edgeDice: "1", damageEdgeDice: "1" } });
    const card: any = await pending;
    expect(card.flags.breadbox.choices).toMatchObject({ diceModifier: 1, targetModifier: -1, edgeDice: 1, edgeTarget: 0, damageEdgeDice: 1 });
  });
});

describe("the attack dialog with no Edge left (issue 24.6)", () => {
  it("shows the Edge fields disabled under a legend giving 0 Edge, and still declares the attack without Edge", async () => {
    const s = await example();
    await s.tims.update({ system: { edge: { points: 1, spent: 1 } } });
    target(s.pTims, s.don);
    const pending = asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock));
    const root: HTMLElement = (await waitForDialog()).element;
    const fieldset = root.querySelector<HTMLFieldSetElement>(".flange-attack-dialog fieldset.bb-edge")!;
    expect(fieldset.disabled).toBe(true);
    expect(fieldset.querySelector("legend")!.textContent).toMatch(/: 0$/);
    expect(fieldset.querySelectorAll("input")).toHaveLength(3);
    await answerDialog({ action: "roll" });
    const card: any = await pending;
    expect(card.flags.breadbox.choices).toMatchObject({ edgeDice: 0, edgeTarget: 0, damageEdgeDice: 0 });
    // With Edge left the fields are open.
    await s.tims.update({ system: { edge: { points: 2, spent: 1 } } });
    const again = asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock));
    expect((await waitForDialog()).element.querySelector<HTMLFieldSetElement>(".flange-attack-dialog fieldset.bb-edge")!.disabled).toBe(false);
    await answerDialog({ action: "cancel" });
    await again;
  });
});

describe("flange counterattack bonus in the NEXT round (core fix)", () => {
  it("a counterattack in round 1 gives nothing to the declarer's attack in round 1 and +1 die, −1 target in round 2", async () => {
    const s = await example();
    const combat = await startCombat(s.don, s.tims);
    scriptDiceFaces([6, 2]);
    await combat.rollAll();
    // Round 1: Tims attacks, the Don counterattacks (Tims misses).
    target(s.pTims, s.don);
    let card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([2, 2]);
    await respond(s.pDon, card, "counterattack");
    expect(s.don.statuses.has("flangeCounterattack")).toBe(true);
    // Still round 1: the Don's own attack rolls his three dice at 7, no bonus.
    target(s.pDon, s.tims);
    card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([2, 2, 2]);
    await respond(s.pTims, card, "counterattack");
    let res = resolutions().at(-1);
    expect(diceOf(res)).toHaveLength(3);
    expect(res.content).toContain("3d10 ≥ 7");
    // Round 2: four dice at 6.
    scriptDiceFaces([5, 5]);
    await combat.nextRound();
    card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([2, 2, 2, 2]);
    await respond(s.pTims, card, "counterattack");
    res = resolutions().at(-1);
    expect(diceOf(res)).toHaveLength(4);
    expect(res.content).toContain("4d10 ≥ 6");
    expect(s.don.statuses.has("flangeCounterattack")).toBe(false);
    // Used once: a second attack in round 2 is back to three dice.
    card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([2, 2, 2]);
    await respond(s.pTims, card, "counterattack");
    expect(diceOf(resolutions().at(-1))).toHaveLength(3);
  });
});

describe("flange damage: grind wounds, dramatic, serious injury", () => {
  it("with the Dramatic Wounds System on, ordinary damage crosses grind wounds; the GM's dramatic Apply goes to the boxes", async () => {
    await (game as any).settings.set("breadbox", "flange.dramaticWounds", true);
    const s = await example();
    target(s.pTims, s.don);
    let card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 2, 2]); // 5 damage, failed block
    await respond(s.pDon, card, "blockBody");
    await applyResolution(s.pDon, resolutions().at(-1));
    // The Don: 12 boxes, 6 grind wounds; 5 grind crossed, no standard box.
    expect([s.don.system.wounds.value, s.don.system.grind.value]).toEqual([0, 5]);
    card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 2, 2]);
    await respond(s.pDon, card, "blockBody");
    const res = resolutions().at(-1);
    await onApply(res, dramaticButton(res)); // the GM clicks "Apply (dramatic)"
    expect([s.don.system.wounds.value, s.don.system.grind.value]).toEqual([5, 5]);
  });

  it("the GM names a serious injury: an effect with the status and +penalty on every target number", async () => {
    const s = await example();
    const data: any = injuryEffectData("Fractured forearm", 2);
    await s.don.createEmbeddedDocuments("ActiveEffect", [data]);
    const effect = s.don.effects.contents[0];
    expect(effect.name).toBe("Fractured forearm");
    expect([...effect.statuses]).toEqual(["flangeSeriousInjury"]);
    expect(s.don.system.attributes.athleticism).toBe(9);
    expect(s.don.system.attributes.perception).toBe(10);
    const form = document.createElement("form");
    form.innerHTML = `<input name="condition" value=""><input name="penalty" value="2">`;
    expect(() => readInjuryForm(form)).toThrow();
    form.innerHTML = `<input name="condition" value="Broken leg"><input name="penalty" value="9">`;
    expect(() => readInjuryForm(form)).toThrow();
    form.innerHTML = `<input name="condition" value="Broken leg"><input name="penalty" value="3">`;
    expect(readInjuryForm(form)).toEqual({ name: "Broken leg", penalty: 3 });
  });

  it("the GM names the injury from the damage card: the effect lands once, on the target", async () => {
    const { answerDialog } = await import("../../harness/index");
    const { onSeriousInjury } = await import("../../../src/rulesets/flange/combat/injury");
    const s = await example();
    target(s.pTims, s.don);
    const card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 7, 1]);
    await respond(s.pDon, card, "blockBody");
    await applyResolution(s.pDon, resolutions().at(-1));
    const applied = byType("flangeDamageApplied").at(-1);
    // A player cannot (the button is the GM's, and the handler says so).
    await asUser(s.pDon, () => onSeriousInjury(applied));
    expect(s.don.effects.size).toBe(0);
    const pending = onSeriousInjury(applied);
    await answerDialog({ action: "roll", fill: { condition: "Fractured forearm", penalty: "1" } });
    await pending;
    expect(s.don.effects.contents.map((e: any) => e.name)).toEqual(["Fractured forearm"]);
    expect(s.don.system.attributes.athleticism).toBe(8);
    expect(applied.flags.breadbox).toMatchObject({ done: true, condition: "Fractured forearm", penalty: 1 });
    await onSeriousInjury(applied); // done: nothing more
    expect(s.don.effects.size).toBe(1);
  });

  it("Apply outside the ledger is refused on the GM side too (the dramatic Apply as well)", async () => {
    const s = await example();
    const r = await runRelay({ action: "core.apply", requesterId: gmUser().id!, targetUuid: s.don.uuid, payload: { messageId: "nope", option: "dramatic" } }, gmUser() as never);
    expect(r).toEqual({ ok: false, error: "BREADBOX.Exchange.NothingToApply" });
    expect(s.don.system.wounds.value).toBe(0);
  });
});

describe("flange combat registration and packs", () => {
  it("registers the serious-injury status, the token bars and the hand query", () => {
    const all: any = CONFIG.statusEffects;
    const ids = Array.isArray(all) ? all.map((e: any) => e.id) : Object.keys(all);
    expect(ids).toContain("flangeSeriousInjury");
    expect((CONFIG.Actor as any).trackableAttributes.flange).toEqual({ bar: ["wounds", "grind", "edge"], value: [] });
    expect(typeof (CONFIG as any).queries["breadbox.flangeHand"]).toBe("function");
    expect(typeof (game as any).breadbox.flangeAttack).toBe("function");
  });

  it("the weapons pack holds the book's three example weapons with their stat lines", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const R = await import("../../../src/rulesets/flange/rules");
    const dir = "packs/_source/flange-weapons";
    const docs = readdirSync(dir).map((f) => JSON.parse(readFileSync(`${dir}/${f}`, "utf8")));
    const asWeapons = docs
      .map((d) => ({ name: d.name, attribute: d.system.attribute, range: d.system.range, damageDice: d.system.damageDots, damageModifier: d.system.damageModifier }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(asWeapons).toEqual([...R.SAMPLE_WEAPONS].sort((a, b) => a.name.localeCompare(b.name)));
    for (const d of docs) expect(d.system.description).toBe("");
  });

  it("an actor rolled by hand in round 3 starts from Perception + Athleticism (core hook, previous null)", async () => {
    const s = await example();
    const combat = await startCombat(s.don, s.tims);
    scriptDiceFaces([6, 2]);
    await combat.rollAll();
    scriptDiceFaces([1, 1]);
    await combat.nextRound();
    scriptDiceFaces([1, 1]);
    await combat.nextRound();
    expect(combat.round).toBe(3);
    const don = combat.combatants.find((c: any) => c.name === "Don Smits");
    expect(don.initiative).toBe(21 + 1 + 1);
    scriptDiceFaces([4]);
    await combat.rollInitiative([don.id]);
    expect(don.initiative).toBe(4 + 8 + 7);
  });
});
