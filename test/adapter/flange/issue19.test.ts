/**
 * Issue 19 (rules at the table), Flange: points 1-4 and the pack content that is ours.
 *  1. A serious injury's penalty is on target numbers; the health track (18 - Constitution) stays.
 *  2. Edge in combat for the defender, and the Edge re-roll on combat rolls.
 *  3. Weapons reach the right skill; the attack dialog shows its pool and warns when the skill is missing.
 *  4. Dodge and block are Athleticism checks (no Surgery dodge); their critical failures are shown.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld, packSources } from "../toaster/boot";
import * as R from "../../../src/rulesets/flange/rules";
import { injuryEffectData, onSeriousInjury } from "../../../src/rulesets/flange/combat/injury";
import { attackWithWeapon } from "../../../src/rulesets/flange/combat/attack";
import { applyResolution, resolutions, respond } from "./helpers";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const msgs = (): any[] => (game as any).messages.contents;
const byType = (type: string): any[] => msgs().filter((m) => m.flags?.breadbox?.type === type);

/** A world actor built from a pack source (ids and keys stripped as an import would). */
async function sample(name: string): Promise<any> {
  const src = structuredClone(packSources("flange-characters").find((d) => d.name === name));
  if (!src) throw new Error(`${name} not in flange-characters`);
  delete src._key;
  delete src._id;
  src.items = (src.items ?? []).map(({ _key, ...rest }: any) => rest);
  return Actor.create(src as never);
}

function target(user: any, actor: any): void {
  user.targets = new Set([{ actor }]);
}

const shift = new MouseEvent("click", { shiftKey: true });

describe("19.1 a serious injury's penalty is on target numbers, not on the health track", () => {
  it("the book's +3: the Don keeps his 12 boxes, Mr Tims (left 1 box by the book's 8) stays alive; target numbers rise", async () => {
    const don = await sample("Don Smits");
    await don.update({ system: { wounds: { value: 3 } } });
    await don.createEmbeddedDocuments("ActiveEffect", [injuryEffectData("Fractured forearm", 3) as any]);
    expect(don.system.attributes.athleticism).toBe(10);
    expect(don.system.attributes.constitution).toBe(9);
    expect([don.system.healthBoxes, don.system.healthLeft, don.system.wounds.max]).toEqual([12, 9, 12]);

    const tims = await sample("Mr Tims");
    await tims.update({ system: { wounds: { value: 8 } } });
    await tims.createEmbeddedDocuments("ActiveEffect", [injuryEffectData("Kidney blown out", 3) as any]);
    expect(tims.system.attributes.perception).toBe(9);
    expect([tims.system.healthBoxes, tims.system.healthLeft, tims.system.healthStatus]).toEqual([9, 1, "wounded"]);
    expect(tims.system.healthState()).toMatchObject({ boxes: 9, lost: 8 });
  });

  it("the GM's serious-injury prompt renders and reads its penalty through a declared input; the Don's fight replays", async () => {
    const { INJURY_INPUTS } = await import("../../../src/rulesets/flange/combat/injury");
    expect(INJURY_INPUTS.penalty.max).toBe(5);
    const tims = await sample("Mr Tims");
    const don = await sample("Don Smits");
    const pTims = createUser({ name: "Tims's player" });
    const pDon = createUser({ name: "Don's player" });
    await tims.update({ ownership: { [pTims.id!]: 3 } });
    await don.update({ ownership: { [pDon.id!]: 3 } });
    target(pTims, don);
    const sock = tims.items.find((i: any) => i.type === "flangeWeapon");
    const card = await asUser(pTims, () => attackWithWeapon(tims, sock, shift));
    // The book's faces; the Don blocks with his arm on two dice (attribute only would roll three: 7, 1, 1).
    scriptDiceFaces([9, 4, 8, 7, 1, 1]);
    await respond(pDon, card, "blockBody");
    const res = resolutions().at(-1);
    expect(res.flags.breadbox).toMatchObject({ damage: 3, hit: true });
    await applyResolution(pDon, res);
    const applied = byType("flangeDamageApplied").at(-1);
    const pending = onSeriousInjury(applied);
    const dialog = await waitForDialog();
    const input = dialog.element.querySelector<HTMLInputElement>('input[name="penalty"]');
    expect([input?.min, input?.max, input?.value]).toEqual(["0", "5", "1"]);
    await answerDialog({ action: "roll", fill: { condition: "Fractured forearm", penalty: "3" } });
    await pending;
    expect(don.system.attributes.athleticism).toBe(10);
    expect([don.system.healthBoxes, don.system.healthLeft]).toEqual([12, 9]);
    expect(R.healthBoxes(6)).toBe(12);
  });
});

/** A world item built from a pack source (id and key stripped as a drag would). */
function packItem(pack: string, name: string, system: Record<string, unknown> = {}): Record<string, unknown> {
  const src = structuredClone(packSources(pack).find((d) => d.name === name));
  if (!src) throw new Error(`${name} not in ${pack}`);
  delete src._key;
  delete src._id;
  return { ...src, folder: null, system: { ...src.system, ...system } };
}

async function shooter(name: string, items: Record<string, unknown>[]): Promise<any> {
  const actor: any = await Actor.create({ name, type: "flange", system: { attributes: { athleticism: 7, dexterity: 8, strength: 8 } } } as never);
  await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

describe("19.3 pack weapons reach the right skill; the attack dialog shows its pool and warns when the skill is missing", () => {
  it("each pack weapon names a skill the skills pack has, under the weapon's heading", () => {
    const skills = packSources("flange-skills").filter((d) => d.type === "flangeSkill");
    for (const w of packSources("flange-weapons")) {
      const s = skills.find((k) => k.name === w.system.skill);
      expect(s, `${w.name} → ${w.system.skill}`).toBeTruthy();
      expect(s.system.heading, w.name).toBe(w.system.heading);
    }
  });

  it("Pistols 3 with the pack's 36 Revolver rolls three dice at Athleticism 7 (not one die needing a 10)", async () => {
    const { weaponAttack } = await import("../../../src/rulesets/flange/combat/inputs");
    const a = await shooter("Gunner", [packItem("flange-skills", "Pistols", { dots: 3 }), packItem("flange-weapons", "36 Revolver")]);
    const revolver = a.items.find((i: any) => i.type === "flangeWeapon");
    expect(weaponAttack(a, revolver.system)).toEqual({ skillDice: 3, attributeTarget: 7 });
  });

  it("a skill named after the weapon (the book's '36 revolver skill') still counts; the book's characters keep their dice", async () => {
    const { weaponAttack } = await import("../../../src/rulesets/flange/combat/inputs");
    const a = await shooter("Don-alike", [{ name: "36 revolver", type: "flangeSkill", system: { heading: "combatRanged", dots: 3 } }, packItem("flange-weapons", "36 Revolver")]);
    expect(weaponAttack(a, a.items.find((i: any) => i.type === "flangeWeapon").system)).toEqual({ skillDice: 3, attributeTarget: 7 });
    const don = await sample("Don Smits");
    expect(weaponAttack(don, don.items.find((i: any) => i.type === "flangeWeapon").system)).toEqual({ skillDice: 3, attributeTarget: 7 });
    const tims = await sample("Mr Tims");
    expect(weaponAttack(tims, tims.items.find((i: any) => i.type === "flangeWeapon").system)).toEqual({ skillDice: 2, attributeTarget: 8 });
  });

  it("the attack dialog shows the skill and the pool it will roll, and warns when the skill is missing", async () => {
    const gunner = await shooter("Gunner", [packItem("flange-skills", "Pistols", { dots: 3 }), packItem("flange-weapons", "36 Revolver")]);
    const rookie = await shooter("Rookie", [packItem("flange-weapons", "Barret 50cal")]);
    const victim: any = await Actor.create({ name: "Victim", type: "flange" } as never);
    const gm: any = (game as any).user;
    target(gm, victim);
    const pending = attackWithWeapon(gunner, gunner.items.find((i: any) => i.type === "flangeWeapon"), null);
    let dialog = await waitForDialog();
    await new Promise((r) => setTimeout(r, 20));
    expect(dialog.element.textContent).toContain("Skill: Pistols (3 dice)");
    expect(dialog.element.querySelector(".bb-pool-summary")?.textContent).toContain("3d10 against 7");
    expect(dialog.element.querySelector(".flange-weapon-skill-missing")).toBeNull();
    await answerDialog({ action: "roll", dialog });
    await pending;

    const pending2 = attackWithWeapon(rookie, rookie.items.find((i: any) => i.type === "flangeWeapon"), null);
    dialog = await waitForDialog();
    await new Promise((r) => setTimeout(r, 20));
    expect(dialog.element.querySelector(".flange-weapon-skill-missing")?.textContent).toContain("Rookie has no skill “Rifles” (Combat: Ranged)");
    expect(dialog.element.querySelector(".bb-pool-summary")?.textContent).toContain("1d10 against 10");
    await answerDialog({ action: "roll", dialog });
    await pending2;
  });
});

describe("19.3 the sheet says which skill each weapon rolls, and warns when it is missing", () => {
  it("Gear tab: 'Skill: Pistols (3 dice)' for the gunner; a warning for a Barret without Rifles", async () => {
    const { settle } = await import("../../harness/index");
    const gunner = await shooter("Gunner", [packItem("flange-skills", "Pistols", { dots: 3 }), packItem("flange-weapons", "36 Revolver"), packItem("flange-weapons", "Barret 50cal")]);
    await gunner.sheet.render({ force: true });
    await settle();
    const cells = [...gunner.sheet.element.querySelectorAll(".flange-weapons .flange-weapon-skill")].map((c: any) => c.textContent.trim());
    expect(cells).toContain("Skill: Pistols (3 dice)");
    expect(cells.some((c) => c.startsWith("Gunner has no skill “Rifles” (Combat: Ranged)"))).toBe(true);
    expect(gunner.sheet.element.querySelectorAll(".flange-weapons .flange-weapon-skill-missing")).toHaveLength(1);
  });
});

describe("issue 19: pack content that is ours carries flags.breadbox.ours", () => {
  it("lists exactly the Flange pack documents that are ours (the armour templates, the Rifles skill)", () => {
    const packs = ["flange-skills", "flange-weapons", "flange-armor", "flange-tables", "flange-characters"];
    const ours = packs.flatMap((p) => packSources(p).filter((d) => d.flags?.breadbox?.ours === true).map((d) => `${p}/${d.name}`)).sort();
    expect(ours).toEqual(["flange-armor/Heavy armour", "flange-armor/Light armour", "flange-armor/Medium armour", "flange-skills/Rifles"]);
  });

  it("a pack that is ours as a whole says so in its label", async () => {
    const { readFileSync } = await import("node:fs");
    const sys = JSON.parse(readFileSync("system.json", "utf8"));
    const label = (name: string) => sys.packs.find((p: any) => p.name === name)?.label;
    expect(label("flange-armor")).toBe("Flange Armour (Breadbox templates)");
    expect(label("flange-weapons")).toBe("Flange Weapons");
  });
});

/* ---------- the example's two fighters, each with an Acrobatics skill of 2 (the book's two-dice dodge and block) ---------- */

const weapon = (name: string, system: Record<string, unknown>) => ({ name, type: "flangeWeapon", system: { equipped: true, ...system } });
const skillItem = (name: string, heading: string, dots: number, extra: Record<string, unknown> = {}) => ({ name, type: "flangeSkill", system: { heading, dots, ...extra } });

async function fighters(timsExtra: Record<string, unknown>[] = [], timsSystem: Record<string, unknown> = {}) {
  const pTims = createUser({ name: "Tims's player" });
  const pDon = createUser({ name: "Don's player" });
  const tims: any = await Actor.create({ name: "Mr Tims", type: "flange", system: { attributes: { perception: 6, strength: 8, athleticism: 8, constitution: 9 }, ...timsSystem } } as never);
  await tims.createEmbeddedDocuments("Item", [
    skillItem("Sock of sand", "combatMelee", 2),
    weapon("Sock of sand", { attribute: "strength", range: "melee", damageDots: 0, damageModifier: -3, skill: "Sock of sand", heading: "combatMelee" }),
    ...timsExtra,
  ]);
  const don: any = await Actor.create({ name: "Don Smits", type: "flange", system: { attributes: { perception: 8, athleticism: 7, constitution: 6 }, edge: { points: 2, spent: 0 } } } as never);
  await don.createEmbeddedDocuments("Item", [
    skillItem("36 revolver", "combatRanged", 3),
    skillItem("Parkour", "acrobatics", 2),
    weapon("36 Revolver", { attribute: "athleticism", range: "short", damageDots: 1, damageModifier: -1, skill: "36 revolver", heading: "combatRanged" }),
  ]);
  await tims.update({ ownership: { [pTims.id!]: 3 } });
  await don.update({ ownership: { [pDon.id!]: 3 } });
  const sock = tims.items.find((i: any) => i.type === "flangeWeapon");
  const revolver = don.items.find((i: any) => i.type === "flangeWeapon");
  return { pTims, pDon, tims, don, sock, revolver };
}

const skillId = (actor: any, name: string): string => actor.items.find((i: any) => i.name === name && i.type === "flangeSkill").id;

describe("19.4 dodge and block are Athleticism checks; their critical failures are shown", () => {
  it("a dodge with Surgery is refused on the GM's client (the attack stays open); the dialog offers only Athleticism skills", async () => {
    const { applyOrRelay } = await import("../../../src/core/relay");
    const s = await fighters([skillItem("Surgery", "medicine", 5), skillItem("Tumbling", "acrobatics", 1), skillItem("Sprinting", "outdoors", 2, { attribute: "athleticism" })]);
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    const r = await asUser(s.pTims, () => applyOrRelay("core.respond", s.tims, { messageId: card.id, response: "dodge", choices: { skillId: skillId(s.tims, "Surgery") }, mode: "public" }));
    expect(r).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.NotADefenceSkill" });
    expect(resolutions()).toHaveLength(0);
    // A block may also be made with a Melee skill; a dodge may not.
    const b = await asUser(s.pTims, () => applyOrRelay("core.respond", s.tims, { messageId: card.id, response: "dodge", choices: { skillId: skillId(s.tims, "Sock of sand") }, mode: "public" }));
    expect(b).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.NotADefenceSkill" });
    // The dialog: Sprinting (used on Athleticism, 2) first, then Tumbling; no Surgery, no Sock of sand.
    const pending = respond(s.pTims, card, "dodge", null);
    const dialog = await waitForDialog();
    const names = [...dialog.element.querySelectorAll('select[name="skillId"] option')].map((o: any) => o.textContent.trim());
    expect(names).toEqual(["Attribute only (3 dice)", "Sprinting", "Tumbling"]);
    scriptDiceFaces([7, 8, 9, 9, 5, 1, 5, 8]);
    await answerDialog({ action: "roll", dialog });
    await pending;
    expect(resolutions().at(-1).flags.breadbox.damage).toBe(7);
  });

  it("a dodge's and a block's critical failure (a failed roll with 1s) is shown on the resolution card", async () => {
    const s = await fighters([skillItem("Tumbling", "acrobatics", 2)]);
    target(s.pDon, s.tims);
    let card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([7, 8, 9, 1, 2, 1, 5, 8, 3]); // attack 3; dodge 1, 2 (no success, one 1); damage 4 dice
    await respond(s.pTims, card, "dodge");
    let res = resolutions().at(-1);
    expect(res.content).toContain("[1, 2]");
    expect(res.content).toMatch(/flange-defence-critical[^>]*>Critical failure \(1\)/);

    target(s.pTims, s.don);
    card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 1, 1]); // attack 9,4; damage 8; block (Parkour 2) 1, 1
    await respond(s.pDon, card, "blockBody");
    res = resolutions().at(-1);
    expect(res.flags.breadbox.damage).toBe(5);
    expect(res.content).toMatch(/flange-defence-critical[^>]*>Critical failure \(2\)/);
  });
});

describe("19.2 Edge in combat for the defender", () => {
  it("the defender spends Edge on a dodge (an extra die); it is spent on the GM's client when the attack is rolled", async () => {
    const s = await fighters([skillItem("Tumbling", "acrobatics", 2)], { edge: { points: 2, spent: 0 } });
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    const pending = respond(s.pTims, card, "dodge", null);
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('input[name="edgeDice"]')?.getAttribute("max")).toBe("2");
    // Attack 7, 8, 9; dodge with Tumbling 2 + 1 Edge die: 9, 5, 8 → two; one left; damage 2 dice: 5, 8 → 7.
    scriptDiceFaces([7, 8, 9, 9, 5, 8, 5, 8]);
    await answerDialog({ action: "roll", dialog, fill: { edgeDice: "1" } });
    await pending;
    const res = resolutions().at(-1);
    expect(res.content).toContain("[9, 5, 8]");
    expect(res.flags.breadbox.damage).toBe(7);
    expect(s.tims.system.edge.spent).toBe(1);
    expect(s.tims.system.edgeAvailable).toBe(1);
  });

  it("a defender's Edge beyond what is left, on a counterattack, or below target 5 is refused on the GM's client", async () => {
    const { applyOrRelay } = await import("../../../src/core/relay");
    const s = await fighters([skillItem("Tumbling", "acrobatics", 2)], { edge: { points: 1, spent: 0 } });
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    const send = (response: string, choices: Record<string, unknown>) => asUser(s.pTims, () => applyOrRelay("core.respond", s.tims, { messageId: card.id, response, choices: { skillId: skillId(s.tims, "Tumbling"), ...choices }, mode: "public" }));
    expect(await send("dodge", { edgeDice: 2, edgeTarget: 0 })).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.BadChoices" });
    expect(await send("counterattack", { edgeDice: 1, edgeTarget: 0 })).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.BadChoices" });
    await s.tims.update({ system: { attributes: { athleticism: 5 } } });
    expect(await send("dodge", { edgeDice: 0, edgeTarget: 1 })).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.BadChoices" });
    expect(resolutions()).toHaveLength(0);
    expect(s.tims.system.edge.spent).toBe(0);
  });
});

describe("19.2 the Edge re-roll of a combat roll (once per side of an attack; the new result stands)", () => {
  const reroll = async (user: any, actor: any, res: any, part: string) => {
    const { applyOrRelay } = await import("../../../src/core/relay");
    return asUser(user, () => applyOrRelay("flange.attackReroll", actor, { messageId: res.id, part }));
  };

  it("the Don re-rolls his damage with Edge: a new card with the new damage and its Apply; the old card can no longer be applied", async () => {
    const { onAttackReroll } = await import("../../../src/rulesets/flange/combat/reroll");
    const s = await fighters([skillItem("Tumbling", "acrobatics", 2)], { edge: { points: 1, spent: 0 } });
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([7, 8, 9, 9, 5, 1, 5, 8]); // the book's shot: two left, 1, 5, 8 → 7
    await respond(s.pTims, card, "dodge");
    const first = resolutions().at(-1);
    expect(first.flags.breadbox.damage).toBe(7);
    expect(first.content).toContain('data-bb-action="flange.attackReroll" data-part="damage"');
    expect(first.content).toContain('data-part="defence"');
    // Each button says whose roll it re-rolls (issue 24.5): the attacker's attack and damage, the defender's dodge.
    const labels = [...((await asUser(gmUser(), () => first.renderHTML())) as HTMLElement).querySelectorAll('[data-bb-action="flange.attackReroll"]')].map((b) => b.textContent!.trim());
    expect(labels).toEqual(["Re-roll Don Smits's attack (1 Edge)", "Re-roll Don Smits's damage (1 Edge)", "Re-roll Mr Tims's dodge (1 Edge)"]);
    // The Don's player clicks "Re-roll the damage": three new damage dice 2, 3, 4 → 4 − 1 = 3; attack and dodge keep their faces.
    scriptDiceFaces([2, 3, 4]);
    const b = document.createElement("button");
    b.dataset.part = "damage";
    await asUser(s.pDon, () => onAttackReroll(first, b));
    const second = resolutions().at(-1);
    expect(second.id).not.toBe(first.id);
    expect(second.flags.breadbox.damage).toBe(3);
    expect(second.content).toContain("[7, 8, 9]");
    expect(second.content).toContain("[9, 5]");
    expect(second.content).toContain("[2, 3, 4]");
    expect(s.don.system.edge.spent).toBe(1);
    // The old card is closed: no buttons, and its Apply is refused on the GM's client.
    expect(first.content).not.toContain("<button");
    expect(await applyResolution(s.pTims, first)).toMatchObject({ ok: false });
    expect(s.tims.system.wounds.value).toBe(0);
    // The new result stands: the Don has no re-roll left on it; Tims still has his (the dodge).
    expect(second.content).not.toContain('data-part="damage"');
    expect(second.content).toContain('data-part="defence"');
    expect(await reroll(s.pDon, s.don, second, "attack")).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.Reroll.SideDone" });
    expect(await applyResolution(s.pTims, second)).toMatchObject({ ok: true });
    expect(s.tims.system.wounds.value).toBe(3);
    // Applied: its rolls stand.
    expect(await reroll(s.pTims, s.tims, second, "defence")).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.Reroll.AlreadyApplied" });
  });

  it("a side with no Edge left sees its re-roll buttons marked unusable with the reason (issue 24.6)", async () => {
    const s = await fighters([skillItem("Tumbling", "acrobatics", 2)]);
    target(s.pDon, s.tims);
    const card = await asUser(s.pDon, () => attackWithWeapon(s.don, s.revolver, shift));
    scriptDiceFaces([7, 8, 9, 9, 5, 1, 5, 8]);
    await respond(s.pTims, card, "dodge");
    const res = resolutions().at(-1);
    const buttons = async (user: any) => [...((await asUser(user, () => res.renderHTML())) as HTMLElement).querySelectorAll<HTMLElement>('[data-bb-action="flange.attackReroll"]')];
    // The Don has 2 Edge: his attack and damage re-rolls are plain buttons.
    for (const b of await buttons(s.pDon)) expect(b.hasAttribute("aria-disabled"), b.dataset.part).toBe(false);
    // Mr Tims has none: his dodge re-roll stays, marked unusable, and says why.
    const [dodge] = await buttons(s.pTims);
    expect(dodge!.dataset.part).toBe("defence");
    expect(dodge!.getAttribute("aria-disabled")).toBe("true");
    expect(dodge!.getAttribute("aria-description")).toBe("Mr Tims has no Edge left to spend.");
    await s.tims.update({ system: { edge: { points: 1, spent: 0 } } });
    expect((await buttons(s.pTims))[0]!.hasAttribute("aria-disabled")).toBe(false);
    await s.don.update({ "system.edge.spent": 2 });
    for (const b of await buttons(s.pDon)) expect(b.getAttribute("aria-description"), b.dataset.part).toBe("Don Smits has no Edge left to spend.");
  });

  it("the defender re-rolls a failed block (the failed-block carry is taken back); a stranger, no Edge, a second try are refused", async () => {
    const s = await fighters([skillItem("Tumbling", "acrobatics", 2)], { edge: { points: 1, spent: 0 } });
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [s.tims, s.don].map((a) => ({ actorId: a.id, name: a.name })));
    await combat.startCombat();
    target(s.pTims, s.don);
    const card = await asUser(s.pTims, () => attackWithWeapon(s.tims, s.sock, shift));
    scriptDiceFaces([9, 4, 8, 2, 3]); // attack 9,4; damage 8 → 5; block (Parkour 2 on 7) 2, 3 → failed
    await respond(s.pDon, card, "blockBody");
    const first = resolutions().at(-1);
    expect(first.flags.breadbox.damage).toBe(5);
    const { combatantState } = await import("../../../src/rulesets/flange/combat/tracker");
    expect(combatantState(s.don, combat.id)).toMatchObject({ failedBlockPending: true, failedBlocks: 1 });
    // Tims's player may not spend the Don's Edge; the attacker's damage is Tims's to re-roll, not the Don's.
    expect(await reroll(s.pTims, s.don, first, "defence")).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect(await reroll(s.pDon, s.don, first, "damage")).toMatchObject({ ok: false, error: "BREADBOX.Relay.TargetMismatch" });
    expect(s.don.system.edgeAvailable).toBe(2);
    // The Don re-rolls his block: 7, 1 → halved to 3 (damage 8 kept: the block comes after it).
    scriptDiceFaces([7, 1]);
    expect(await reroll(s.pDon, s.don, first, "defence")).toMatchObject({ ok: true });
    const second = resolutions().at(-1);
    expect(second.flags.breadbox.damage).toBe(3);
    expect(second.content).toContain("[8]");
    expect(s.don.system.edge.spent).toBe(1);
    expect(combatantState(s.don, combat.id)).toMatchObject({ failedBlockPending: false, failedBlocks: 0 });
    // The old card again, or the same side again on the new one: refused, nothing more spent.
    expect(await reroll(s.pDon, s.don, first, "defence")).toMatchObject({ ok: false });
    expect(await reroll(s.pDon, s.don, second, "defence")).toMatchObject({ ok: false, error: "BREADBOX.Flange.Combat.Reroll.SideDone" });
    expect(s.don.system.edge.spent).toBe(1);
    // Tims has Edge and re-rolls his attack: 1, 2 → a miss (a critical failure); nothing to apply.
    scriptDiceFaces([1, 2]);
    expect(await reroll(s.pTims, s.tims, second, "attack")).toMatchObject({ ok: true });
    const third = resolutions().at(-1);
    expect(third.flags.breadbox).toMatchObject({ damage: 0, hit: false });
    expect(third.content).not.toContain("core.apply");
    expect(s.tims.system.edge.spent).toBe(1);
  });

  it("a card a player wrote to look like a resolution is refused", async () => {
    const s = await fighters([], { edge: { points: 1, spent: 0 } });
    const forged: any = await asUser(s.pTims, () =>
      ChatMessage.create({ content: "x", flags: { breadbox: { type: "exchangeResolution", exchange: "flange.attack", attackerUuid: s.tims.uuid, targetUuid: s.don.uuid, declarationId: "abc", flangeAttack: { x: {}, faces: { attack: [1], defence: [], damage: [] }, effects: {}, combat: { combatId: "", round: 0 }, rerolled: [] } } } } as never),
    );
    expect(await reroll(s.pTims, s.tims, forged, "attack")).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
    expect(s.tims.system.edge.spent).toBe(0);
  });
});
