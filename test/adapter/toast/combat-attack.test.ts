/**
 * Toast's attack sequence in chat: attack card → the defender's choice (through the GM relay) →
 * contested result or the undefended target number → damage dice → Apply (armor, tally, collapse
 * and death checks) exactly once, with amounts from the GM-only ledger, never from a card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces } from "../../harness/index";
import { armor, bootSystem, lastMessage, notes, skill, toastCharacter, weapon } from "./combat-boot";
import { onApplyDamage, onDefend, toastAttack } from "../../../src/rulesets/toast/combat/attack";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerEntry } from "../../../src/core/chat/ledger";
import { COLLAPSED_STATUS } from "../../../src/rulesets/toast/combat/statuses";

beforeEach(bootSystem);

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
  return card;
}

describe("the attack card", () => {
  it("rolls the weapon skill with its modifier parts and names the defender", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    expect(card.flags.breadbox).toMatchObject({ type: "toastAttack", actorUuid: s.attacker.uuid, targetUuid: s.defender.uuid, situational: 0 });
    expect(card.rolls).toHaveLength(1);
    const html: HTMLElement = await card.renderHTML();
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
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const resolution = lastMessage();
    expect(resolution.flags.breadbox).toMatchObject({ type: "toastResolution", outcome: "hit", damage: 20 });
    expect(ledgerEntry(resolution.id)?.resolution).toMatchObject({ damage: 20, ruleset: "toast", applied: false, attackMessageId: card.id });
    const html: HTMLElement = await resolution.renderHTML();
    expect(html.textContent).toContain("3 +4 = 7");
    expect(html.textContent).toContain("[4, 4, 4, 4, 4] = 20");
    expect(html.textContent).toContain("As she is now: wounded 16.7%, collapses 83.3%, dies 0.0%");
    // Apply: TOL 10 (no threshold), no armor: 20 wound levels, effective 20 (Severe, −5) → collapse
    // check on avg(STR, HTH, TOL, WIL) = 10 vs 20; face 5 → 15 fails: collapsed.
    scriptDiceFaces([5]);
    await asUser(s.p2, () => onApplyDamage(resolution));
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
    await asUser(s.p2, () => onApplyDamage(resolution));
    await asUser(s.p1, () => applyOrRelay("toast.applyDamage", { uuid: s.defender.uuid }, { messageId: resolution.id }));
    expect(s.defender.system.wounds.value).toBe(20);
    expect(notes().at(-1)).toContain("already been applied");
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
    await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { messageId: card.id, choice: "none", situational: 0, mode: "public" }));
    const resolution = lastMessage();
    expect(resolution.flags.breadbox).toMatchObject({ outcome: "miss", damage: null });
    expect((await resolution.renderHTML()).querySelector("[data-bb-action='toast.applyDamage']")).toBeNull();
    // The same roll against Really easy (7) hits.
    await (game as any).settings.set("breadbox", "toast.undefendedTarget", "reallyEasy");
    const card2: any = await attack(s, [2]);
    scriptDiceFaces([1, 1, 1, 1, 1]);
    await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { messageId: card2.id, choice: "none", situational: 0, mode: "public" }));
    expect(lastMessage().flags.breadbox).toMatchObject({ outcome: "hit", damage: 5 });
  });

  it("armor takes its wound reduction before any check: 20 on ring mail is 15, no death check", async () => {
    const s = await scene([armor("Ring mail", 5, 30, "ringMail")], { tolerance: 10 });
    const card: any = await attack(s, [10]); // 18
    // Defence 1 + 4 = 5; damage 4,4,4,4,4 = 20.
    scriptDiceFaces([1, 4, 4, 4, 4, 4]);
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const resolution = lastMessage();
    expect(resolution.flags.breadbox.damage).toBe(20);
    scriptDiceFaces([10]); // collapse check: 10 + 10 − armor penalty 30/(10+12) = 1 → 19 ≥ 15
    await asUser(s.p1, () => onApplyDamage(resolution));
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
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const resolution = lastMessage();
    expect(resolution.flags.breadbox).toMatchObject({ outcome: "hit", damage: 20 });
    // 20 < 21: no death check even though the tally passes 21 — the strike decides.
    scriptDiceFaces([11, 3]); // collapse check Flub
    await asUser(s.p2, () => onApplyDamage(resolution));
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
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const resolution = lastMessage();
    expect(resolution.flags.breadbox.damage).toBe(24);
    // Death check: avg(STR, HTH, TOL) 10 vs effective 24; a 5 → 15 fails. No collapse check after death.
    const dice = scriptDiceFaces([5]);
    await asUser(s.p1, () => onApplyDamage(resolution));
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
  it("Apply reads the ledger, not the card: an edited card changes nothing; a player's own card counts for nothing", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const resolution = lastMessage();
    expect(resolution.flags.breadbox.damage).toBe(5);
    await resolution.update({ flags: { breadbox: { damage: 400 } } });
    await asUser(s.p2, () => onApplyDamage(resolution));
    expect(s.defender.system.wounds.value).toBe(5);
    // A resolution card a player writes herself is not in the ledger.
    const forged: any = await asUser(s.p1, () =>
      ChatMessage.create({ content: "forged", flags: { breadbox: { type: "toastResolution", attackMessageId: card.id, attackerUuid: s.attacker.uuid, targetUuid: s.defender.uuid, outcome: "hit", damage: 99 } } } as never),
    );
    await asUser(s.p1, () => onApplyDamage(forged));
    expect(s.defender.system.wounds.value).toBe(5);
  });

  it("two Applies at once apply once", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const resolution = lastMessage();
    await Promise.all([asUser(s.p2, () => onApplyDamage(resolution)), asUser(s.p1, () => onApplyDamage(resolution)), onApplyDamage(resolution)]);
    expect(s.defender.system.wounds.value).toBe(5);
  });

  it("an attack is defended once; a stranger cannot defend; a player cannot pick a skill the GM did not allow", async () => {
    const s = await scene();
    const card: any = await attack(s, [9]);
    const request = (choice: string) => ({ messageId: card.id, choice, situational: 0, mode: "public" });
    const stranger = await asUser(s.p3, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, request("sword")));
    expect(stranger.ok).toBe(false);
    const acrobatics = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, request("acrobatics")));
    expect(acrobatics).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Defend.BadChoice" });
    const bigBonus = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { ...request("sword"), situational: 500 }));
    expect(bigBonus).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    // The GM may let her defend with Acrobatics (AGI 12 → +1, level 6 → 7).
    scriptDiceFaces([10]);
    const gm = await applyOrRelay("toast.defend", { uuid: s.defender.uuid }, request("acrobatics"));
    expect(gm).toMatchObject({ ok: true, data: { outcome: "tie" } }); // 10 + 7 = 17 = 17
    const again = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, request("sword")));
    expect(again).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Attack.AlreadyResolved" });
  });

  it("a collapsed defender cannot defend with a skill, only be hit", async () => {
    const s = await scene();
    await s.defender.update({ system: { wounds: { value: 14 }, collapsed: true } });
    const card: any = await attack(s, [9]);
    const r = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { messageId: card.id, choice: "sword", situational: 0, mode: "public" }));
    expect(r).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Defend.BadChoice" });
    scriptDiceFaces([1, 1, 1, 1, 1]);
    const none = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { messageId: card.id, choice: "none", situational: 0, mode: "public" }));
    expect(none).toMatchObject({ ok: true, data: { outcome: "hit", damage: 5 } });
  });

  it("an attack card a player writes for someone else's character is refused", async () => {
    const s = await scene();
    // p3 owns nothing but writes a card claiming Ysolde attacks.
    const forged: any = await asUser(s.p3, () =>
      ChatMessage.create({ content: "x", rolls: [], flags: { breadbox: { type: "toastAttack", actorUuid: s.attacker.uuid, targetUuid: s.defender.uuid, weaponId: s.sword.id, situational: 0 } } } as never),
    );
    const r = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { messageId: forged.id, choice: "sword", situational: 0, mode: "public" }));
    expect(r.ok).toBe(false);
  });

  it("with the setting on, defending uses the defender's action; with none left she cannot defend", async () => {
    await (game as any).settings.set("breadbox", "toast.defenceUsesAction", true);
    const s = await scene();
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: s.attacker.id, name: "Ysolde", initiative: 20 }, { actorId: s.defender.id, name: "Guard", initiative: 5 }]);
    await combat.startCombat();
    const card: any = await attack(s, [9]);
    scriptDiceFaces([3, 1, 1, 1, 1, 1]);
    await asUser(s.p2, () => onDefend(card, document.createElement("button"), shift));
    const guard = combat.combatants.find((c: any) => c.name === "Guard");
    expect(guard.flags.breadbox.toastTurn).toMatchObject({ round: 1, status: "acted", reason: "defence" });
    const card2: any = await attack(s, [9]);
    const r = await asUser(s.p2, () => applyOrRelay("toast.defend", { uuid: s.defender.uuid }, { messageId: card2.id, choice: "sword", situational: 0, mode: "public" }));
    expect(r).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Defend.NoActionLeft" });
  });
});
