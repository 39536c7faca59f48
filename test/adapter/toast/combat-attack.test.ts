/**
 * Toast's attack sequence in chat: attack card → the defender's choice (through the GM relay) →
 * contested result or the undefended target number → damage dice → Apply (armor, tally, collapse
 * and death checks) exactly once, with amounts from the GM's record, never from a card. The
 * exchange runs on core's engine: Defend is `core.respond`, Apply `core.apply`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { DECLARATION, RESOLUTION, armor, clickCard, defend, lastMessage, notes, outcomeOf, skill, toastCharacter, weapon } from "./combat-boot";
import { bootWorld } from "../toaster/boot";
import { toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerEntry, ledgerSettled } from "../../../src/core/chat/ledger";
import { COLLAPSED_STATUS } from "../../../src/rulesets/toast/combat/statuses";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const shift = new MouseEvent("click", { shiftKey: true });

/** The status sync runs from an updateActor hook, not awaited by the update. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
}

/**
 * Attacker: AGI 17 (+3), Broadsword (AGI) level 5 → attack modifier 8; a broadsword (medium, base 2)
 * rolls 2 + 3 = 5 damage dice (the rulebook's example). Defender: AGI 12 (+1), Sword level 3 → 4.
 */
async function scene(defenderItems: Record<string, unknown>[] = [], defenderAttributes: Record<string, number> = {}) {
  const p1 = createUser({ name: "Attacker's player" });
  const p2 = createUser({ name: "Defender's player" });
  const p3 = createUser({ name: "Stranger" });
  const attacker = await toastCharacter("Ysolde", { agility: 17 }, [skill("Broadsword", "broadsword", ["agility"], 5), weapon("Broadsword", "Broadsword")]);
  await attacker.update({ ownership: { [p1.id!]: 3 } });
  const defender = await toastCharacter("Guard", { agility: 12, ...defenderAttributes }, [skill("Sword", "sword", ["agility"], 3), weapon("Short sword", "Sword"), skill("Acrobatics", "acrobatics", ["agility"], 6, "athletic"), ...defenderItems]);
  await defender.update({ ownership: { [p2.id!]: 3 } });
  const sword = attacker.items.find((i: any) => i.type === "toastWeapon");
  return { p1, p2, p3, attacker, defender, sword };
}

async function attack(s: Awaited<ReturnType<typeof scene>>, face: number[]) {
  (s.p1 as any).targets = new Set([{ actor: s.defender }]);
  scriptDiceFaces(face);
  const card = await asUser(s.p1, () => toastAttack(s.attacker, s.sword, shift));
  expect(card?.id).toMatch(/\S/);
  await ledgerSettled();
  return card;
}

describe("the attack card", () => {
  it("rolls the weapon skill with its modifier parts and names the defender", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    expect(card.flags.breadbox).toMatchObject({ type: DECLARATION, exchange: "toast.attack", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, choices: { weaponId: s.sword.id, situational: 0 } });
    expect(card.rolls).toHaveLength(1);
    expect(ledgerEntry(card.id)?.posted).toMatchObject({ exchange: "toast.attack", choices: { weaponId: s.sword.id, situational: 0 } });
    const html: HTMLElement = await card.renderHTML();
    expect(html.querySelector('[data-bb-action="core.respond"][data-response="defend"]')?.textContent).toContain("Defend");
    expect(html.textContent).toContain("9 +8 = 17");
    expect(html.textContent).toContain("Damage dice: 5 (base 2, attribute 3, bonus 0)");
    // The weapon skill was rolled: marked used this session.
    expect(s.attacker.items.find((i: any) => i.name === "Broadsword" && i.type === "toastSkill").system.used).toBe(true);
  });

  it("refuses without a target, or against another ruleset's actor", async () => {
    const s = await scene();
    (s.p1 as any).targets = new Set();
    expect(await asUser(s.p1, () => toastAttack(s.attacker, s.sword, shift))).toBeNull();
    expect(notes().at(-1)).toContain("Target the token");
    const other: any = await Actor.create({ name: "Toaster guy", type: "toaster" } as never);
    (s.p1 as any).targets = new Set([{ actor: other }]);
    expect(await asUser(s.p1, () => toastAttack(s.attacker, s.sword, shift))).toBeNull();
    expect(notes().at(-1)).toContain("not a Toast character");
  });
});

describe("defence, damage and Apply", () => {
  it("contested: the attack wins, damage 5d4, Apply through the GM: tally, collapse check, collapsed", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]); // 17
    // Defence: Sword 3 + AGI 12 (+1) = 4; face 3 → 7. Damage 5d4: 4,4,4,4,4 = 20.
    scriptDiceFaces([3, 4, 4, 4, 4, 4]);
    await clickCard(s.p2, card, "core.respond");
    const resolution = lastMessage();
    expect(resolution.flags.breadbox).toMatchObject({ type: RESOLUTION, declarationId: card.id, outcome: "hit", damage: 20 });
    expect(ledgerEntry(resolution.id)?.exchange).toEqual({ ruleset: "toast", kind: "attack", declarationId: card.id, attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, outcome: { damage: 20 } });
    const html: HTMLElement = await resolution.renderHTML();
    expect(html.textContent).toContain("3 +4 = 7");
    // The defence line names the skill once, with its modifier parts (not "Defence with Sword: Sword +4").
    const defenceLine = [...html.querySelectorAll("ol.bb-steps > li")].map((li) => li.textContent!.replace(/\s+/g, " ").trim())[1]!;
    expect(defenceLine).toBe("Defence: Sword +4 — [3] 3 +4 = 7");
    expect(defenceLine.match(/Sword/g)).toHaveLength(1);
    expect(html.textContent).toContain("[4, 4, 4, 4, 4] = 20");
    expect(html.textContent).toContain("As she is now: wounded 16.7%, collapses 83.3%, dies 0.0%");
    // Apply: TOL 10 (no threshold), no armor: 20 wound levels, effective 20 (Severe, −5) → collapse
    // check on avg(STR, HTH, TOL, WIL) = 10 vs 20; face 5 → 15 fails: collapsed.
    scriptDiceFaces([5]);
    await clickCard(s.p2, resolution, "core.apply");
    expect(s.defender.system.wounds.value).toBe(20);
    expect(s.defender.system.collapsed).toBe(true);
    expect(s.defender.statuses.has(COLLAPSED_STATUS)).toBe(true);
    const wound = lastMessage();
    expect(wound.flags.breadbox).toMatchObject({ type: "toastWound", state: "collapsed" });
    const text = (await wound.renderHTML()).textContent;
    expect(text).toContain("Collapse check");
    expect(text).toContain("5 +10 = 15 vs 20");
    expect(text).not.toContain("Death check");
    // Exactly once.
    await clickCard(s.p2, resolution, "core.apply");
    await asUser(s.p1, () => applyOrRelay("core.apply", s.defender, { messageId: resolution.id }));
    expect(s.defender.system.wounds.value).toBe(20);
    expect(notes().at(-1)).toContain("already been applied");
  });

  it("the Defend dialog: her choices with their modifiers, the odds against the roll on the card, a situational modifier", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]); // 17
    const clicked = clickCard(null, card, "core.respond", false);
    const dialog: any = await waitForDialog();
    const choices = dialog.element.querySelector('select[name="choice"]').textContent;
    expect(choices).toContain("Sword");
    expect(choices).toContain("Acrobatics"); // the GM may choose any skill
    expect(choices).toContain("Do not defend (the attack needs 11)");
    expect(dialog.element.querySelector("[data-bb-odds]").textContent).toMatch(/%/);
    scriptDiceFaces([8, 1, 1, 1, 1, 1]);
    await answerDialog({ dialog, action: "roll", fill: { choice: "acrobatics", situational: 2 } });
    await clicked;
    // Acrobatics 7 + 2 = 9; 8 + 9 = 17 against 17: a tie (its damage rolled for the GM's ruling).
    const resolution = lastMessage();
    expect(outcomeOf(resolution)).toEqual({ outcome: "tie", damage: 5 });
    expect((await resolution.renderHTML()).textContent).toContain("8 +9 = 17");
  });

  it("healing below the collapse line lifts the collapse (default setting)", async () => {
    const s = await scene();
    await s.defender.update({ system: { wounds: { value: 14 }, collapsed: true } });
    await waitFor(() => s.defender.statuses.has(COLLAPSED_STATUS));
    expect(s.defender.statuses.has(COLLAPSED_STATUS)).toBe(true);
    await s.defender.update({ system: { wounds: { value: 12 } } });
    await waitFor(() => s.defender.system.collapsed === false && !s.defender.statuses.has(COLLAPSED_STATUS));
    expect(s.defender.system.collapsed).toBe(false);
    expect(s.defender.statuses.has(COLLAPSED_STATUS)).toBe(false);
  });

  it("not defending: the attack is a task against the world's target number (Easy 11 by default)", async () => {
    const s = await scene();
    const card: any = await attack(s, [2]); // 2 + 8 = 10 < 11: a miss
    const { resolution } = await defend(s.p2, card, s.defender, "none");
    expect(resolution.flags.breadbox).toMatchObject({ outcome: "miss", damage: null });
    expect(ledgerEntry(resolution.id)?.exchange).toBeUndefined();
    expect((await resolution.renderHTML()).querySelector("[data-bb-action='core.apply']")).toBeNull();
    // The same roll against Really easy (7) hits.
    await (game as any).settings.set("breadbox", "toast.undefendedTarget", "reallyEasy");
    const card2: any = await attack(s, [2]);
    scriptDiceFaces([1, 1, 1, 1, 1]);
    const hit = await defend(s.p2, card2, s.defender, "none");
    expect(outcomeOf(hit.resolution)).toEqual({ outcome: "hit", damage: 5 });
  });

  it("armor takes its wound reduction before any check: 20 on ring mail is 15, no death check", async () => {
    const s = await scene([armor("Ring mail", 5, 30, "ringMail")], { tolerance: 10 });
    const card: any = await attack(s, [10]); // 18
    // Defence 1 + 4 = 5; damage 4,4,4,4,4 = 20.
    scriptDiceFaces([1, 4, 4, 4, 4, 4]);
    await clickCard(s.p2, card, "core.respond");
    const resolution = lastMessage();
    expect(resolution.flags.breadbox.damage).toBe(20);
    scriptDiceFaces([10]); // collapse check: 10 + 10 − armor penalty 30/(10+12) = 1 → 19 ≥ 15
    await clickCard(s.p1, resolution, "core.apply");
    // 20 − 5 = 15 wound levels: serious (collapse check), no death check (needs a strike of 21).
    expect(s.defender.system.wounds.value).toBe(15);
    const text = (await lastMessage().renderHTML()).textContent;
    expect(text).toContain("wound reduction 5");
    expect(text).not.toContain("Death check");
    expect(text).toContain("Collapse check");
  });

  it("a strike of 21 or more calls for the death check first; failing it kills", async () => {
    const s = await scene([], { tolerance: 10 });
    await s.defender.update({ system: { wounds: { value: 2 } } });
    const card: any = await attack(s, [12, 5]); // an Auto: always hits a plain roll
    scriptDiceFaces([4, 4, 4, 4, 4, 4]); // defence 4 → 8; damage 4 × 5 = 20
    await clickCard(s.p2, card, "core.respond");
    const resolution = lastMessage();
    expect(resolution.flags.breadbox).toMatchObject({ outcome: "hit", damage: 20 });
    // 20 < 21: no death check even though the tally passes 21 — the strike decides.
    scriptDiceFaces([11, 3]); // collapse check Flub
    await clickCard(s.p2, resolution, "core.apply");
    expect(s.defender.system.wounds.value).toBe(22);
    expect(s.defender.system.dead).toBe(false);
    expect(s.defender.system.collapsed).toBe(true);
  });
});

describe("death", () => {
  it("a strike of 21 after armor calls for the death check; failing it kills: dead, the dead status once, defeated", async () => {
    const s = await scene();
    await s.sword.update({ system: { category: "large", baseDamage: 3 } }); // 3 + 3 = 6 dice
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Ysolde", initiative: 20 }, { actorId: s.defender.id, name: "Guard", initiative: 5 }]);
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 4, 4, 4, 4, 4, 4]); // 24 damage
    await clickCard(s.p2, card, "core.respond");
    const resolution = lastMessage();
    expect(resolution.flags.breadbox.damage).toBe(24);
    // Death check: avg(STR, HTH, TOL) 10 vs effective 24; a 5 → 15 fails. No collapse check after death.
    const dice = scriptDiceFaces([5]);
    await clickCard(s.p1, resolution, "core.apply");
    expect(dice.remaining()).toBe(0);
    await waitFor(() => s.defender.statuses.has("dead"));
    expect(s.defender.system.dead).toBe(true);
    expect(s.defender.system.collapsed).toBe(false);
    expect(s.defender.effects.filter((e: any) => e.statuses?.has?.("dead") ?? [...(e.statuses ?? [])].includes("dead"))).toHaveLength(1);
    expect(combat.combatants.find((c: any) => c.name === "Guard").defeated).toBe(true);
    const text = (await lastMessage().renderHTML()).textContent;
    expect(text).toContain("Death check");
    expect(text).not.toContain("Collapse check");
    expect(text).toContain("Dead");
  });
});

describe("trust: forged and duplicated requests", () => {
  it("Apply reads the GM's record, not the card: an edited card changes nothing; a player's own card counts for nothing", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    await clickCard(s.p2, card, "core.respond");
    const resolution = lastMessage();
    expect(resolution.flags.breadbox.damage).toBe(5);
    await resolution.update({ flags: { breadbox: { damage: 400 } } });
    await clickCard(s.p2, resolution, "core.apply");
    expect(s.defender.system.wounds.value).toBe(5);
    // A resolution card a player writes herself is not in the GM's record.
    const forged: any = await asUser(s.p1, () =>
      ChatMessage.create({ content: "forged", flags: { breadbox: { type: RESOLUTION, exchange: "toast.attack", declarationId: card.id, attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, outcome: "hit", damage: 99 } } } as never),
    );
    expect(await asUser(s.p1, () => applyOrRelay("core.apply", s.defender, { messageId: forged.id }))).toMatchObject({ ok: false, error: "BREADBOX.Exchange.NothingToApply" });
    expect(s.defender.system.wounds.value).toBe(5);
  });

  it("two Applies at once apply once", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    await clickCard(s.p2, card, "core.respond");
    const resolution = lastMessage();
    await Promise.all([clickCard(s.p2, resolution, "core.apply"), clickCard(s.p1, resolution, "core.apply"), clickCard(null, resolution, "core.apply")]);
    expect(s.defender.system.wounds.value).toBe(5);
    expect((game as any).messages.contents.filter((m: any) => m.flags.breadbox?.type === "toastWound")).toHaveLength(1);
  });

  it("an attack is defended once; a stranger cannot defend; a player cannot pick a skill the GM did not allow", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    expect((await defend(s.p3, card, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    expect((await defend(s.p2, card, s.defender, "acrobatics")).r).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Defend.BadChoice" });
    expect((await defend(s.p2, card, s.defender, "sword", 500)).r).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    expect((await defend(s.p2, card, s.defender, "sword", "3")).r).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    // The GM may let her defend with Acrobatics (AGI 12 → +1, level 6 → 7).
    scriptDiceFaces([10, 1, 1, 1, 1, 1]);
    const gm = await defend(null, card, s.defender, "acrobatics");
    expect(outcomeOf(gm.resolution)).toEqual({ outcome: "tie", damage: 5 }); // 10 + 7 = 17 = 17
    expect((await defend(s.p2, card, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.Exchange.AlreadyResolved" });
  });

  it("a collapsed defender cannot defend with a skill, only be hit", async () => {
    const s = await scene();
    await s.defender.update({ system: { wounds: { value: 14 }, collapsed: true } });
    const card: any = await attack(s, [9]);
    expect((await defend(s.p2, card, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Defend.BadChoice" });
    scriptDiceFaces([1, 1, 1, 1, 1]);
    expect(outcomeOf((await defend(s.p2, card, s.defender, "none")).resolution)).toEqual({ outcome: "hit", damage: 5 });
  });

  it("an attack card a player writes for someone else's character is refused", async () => {
    const s = await scene();
    // p3 owns nothing but writes a card claiming Ysolde attacks.
    const forged: any = await asUser(s.p3, () =>
      ChatMessage.create({ content: "x", rolls: [], flags: { breadbox: { type: DECLARATION, exchange: "toast.attack", attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, choices: { weaponId: s.sword.id, situational: 0 } } } } as never),
    );
    await ledgerSettled();
    expect((await defend(s.p2, forged, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.Relay.NotGenuine" });
  });

  it("with the setting on, defending uses the defender's action; with none left she cannot defend", async () => {
    await (game as any).settings.set("breadbox", "toast.defenceUsesAction", true);
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Ysolde", initiative: 20 }, { actorId: s.defender.id, name: "Guard", initiative: 5 }]);
    await combat.startCombat();
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    await clickCard(s.p2, card, "core.respond");
    const guard = combat.combatants.find((c: any) => c.name === "Guard");
    expect(combat.flags.breadbox.toastRound).toMatchObject({ round: 1, turns: [{ id: guard.id, status: "acted", reason: "defence" }] });
    const card2: any = await attack(s, [9]);
    expect((await defend(s.p2, card2, s.defender, "sword")).r).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Defend.NoActionLeft" });
    // Not defending needs no action.
    scriptDiceFaces([1, 1, 1, 1, 1]);
    expect((await defend(s.p2, card2, s.defender, "none")).r.ok).toBe(true);
  });
});
