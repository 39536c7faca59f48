/**
 * Issue 19, point 10 (seed: "Bypass"): a player whose character has the initiative bypasses it from
 * the tracker, interrupts later in the round with a full turn (the quota refills, the interrupted
 * combatant waits), and ends the interruption; the interrupted turn resumes with its points. A
 * bypass not used is lost at the round's end. Every step travels through the relay
 * (`d100.initiative`) and is checked on the GM: another player cannot bypass, interrupt or end for
 * a character they do not own.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, scriptDiceFaces, settle, turnEventsSettled } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { spendAp } from "../../../src/rulesets/d100/combat/ap";
import { runRelay } from "../../../src/core/relay";
import { requestInitiativeControl, type InitiativeControl } from "../../../src/rulesets/d100/combat/bypass";

// A loaded machine may take more than the default 10 s to boot the system for the first test.
beforeEach(bootWorld("d100"), 30_000);

const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };

async function fight() {
  const p1 = createUser({ name: "Ada's player" });
  const p2 = createUser({ name: "Bryn's player" });
  // Quotas 6 and 5: Ada first.
  const ada: any = await Actor.create({ name: "Ada", type: "d100", system: { attributes: { ...fives, agility: 6, focus: 6 } } } as never);
  const bryn: any = await Actor.create({ name: "Bryn", type: "d100", system: { attributes: fives } } as never);
  await ada.update({ ownership: { [p1.id!]: 3 } });
  await bryn.update({ ownership: { [p2.id!]: 3 } });
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: ada.id, name: "Ada" }, { actorId: bryn.id, name: "Bryn" }]);
  scriptDiceFaces([3, 4, 3, 4]);
  await combat.rollAll();
  // Both initiatives stored before the combat starts (bounded wait: the turn order is read at start).
  for (let i = 0; i < 300 && combat.combatants.some((c: any) => typeof c.initiative !== "number"); i++) await new Promise((r) => setTimeout(r, 10));
  await combat.startCombat();
  await turnEventsSettled();
  const cAda = combat.combatants.find((c: any) => c.actorId === ada.id);
  const cBryn = combat.combatants.find((c: any) => c.actorId === bryn.id);
  return { p1, p2, ada, bryn, combat, cAda, cBryn };
}

/** The tracker as this user sees it: the row of a combatant. */
async function row(user: any, combatant: any): Promise<HTMLElement> {
  const tracker = (ui as any).combat;
  await asUser(user, () => tracker.render({ force: true }));
  return tracker.element.querySelector(`[data-combatant-id="${combatant.id}"]`);
}

/**
 * The user clicks a tracker control on a combatant's row: the button must be there, and what its
 * click runs (`requestInitiativeControl`) is awaited to the GM's answer, so nothing races.
 */
async function click(user: any, combatant: any, control: string): Promise<void> {
  const button = (await row(user, combatant)).querySelector<HTMLElement>(`[data-d100-initiative="${control}"]`);
  if (!button) throw new Error(`no ${control} button`);
  await asUser(user, async () => {
    await requestInitiativeControl(combatant.parent, combatant, control as InitiativeControl);
    await settle();
    await turnEventsSettled();
    await settle();
  });
}

describe("D10/0 bypass and interrupt in the combat tracker", () => {
  it("bypass, interrupt with a full turn, end: the interrupted turn resumes with its points", async () => {
    const s = await fight();
    expect(s.combat.combatant.id).toBe(s.cAda.id);
    expect(s.ada.system.combat.ap.value).toBe(6);
    // Only the owner of the combatant whose turn it is sees Bypass.
    expect((await row(s.p2, s.cAda)).querySelector('[data-d100-initiative="bypass"]')).toBeNull();
    expect((await row(s.p1, s.cBryn)).querySelector('[data-d100-initiative="bypass"]')).toBeNull();

    // Ada bypasses: the turn moves on to Bryn (refilled); Ada is marked and may interrupt.
    await click(s.p1, s.cAda, "bypass");
    expect(s.combat.combatant.id).toBe(s.cBryn.id);
    expect(s.bryn.system.combat.ap.value).toBe(5);
    expect(s.ada.system.combat.ap.value).toBe(0);
    expect((await row(s.p1, s.cAda)).textContent).toContain("Bypassed");
    expect(await asUser(s.p1, () => spendAp(s.ada, 1, "Peek"))).toBe(false);

    // Bryn spends 2; then Ada interrupts: a full turn (6 AP), while Bryn waits with her 3.
    expect(await asUser(s.p2, () => spendAp(s.bryn, 2, "Aim"))).toBe(true);
    await click(s.p1, s.cAda, "interrupt");
    expect(s.combat.combatant.id).toBe(s.cBryn.id);
    expect(s.ada.system.combat.ap.value).toBe(6);
    expect((await row(s.p2, s.cAda)).textContent).toContain("Interrupting");
    expect(await asUser(s.p1, () => spendAp(s.ada, 2, "Shoot"))).toBe(true);
    expect(s.ada.system.combat.ap.value).toBe(4);
    // Bryn does not hold the initiative during the interruption (no reserve: refused).
    expect(await asUser(s.p2, () => spendAp(s.bryn, 1, "Step"))).toBe(false);
    expect(notifications().at(-1)?.message).toContain("not your initiative");
    // Interruptions do not nest, and only Ada's owner (or a GM) ends hers.
    expect((await row(s.p2, s.cAda)).querySelector('[data-d100-initiative="end"]')).toBeNull();

    // Ada ends it: her points left are forfeited, Bryn's turn resumes with her 3.
    await click(s.p1, s.cAda, "end");
    expect(s.ada.system.combat.ap.value).toBe(0);
    expect(s.combat.combatant.id).toBe(s.cBryn.id);
    expect(s.bryn.system.combat.ap.value).toBe(3);
    expect(await asUser(s.p2, () => spendAp(s.bryn, 3, "Run"))).toBe(true);
    // The bypass was used: no second interruption this round.
    expect((await row(s.p1, s.cAda)).querySelector('[data-d100-initiative="interrupt"]')).toBeNull();
  });

  it("a bypass not used is lost when the round ends", async () => {
    const s = await fight();
    await click(s.p1, s.cAda, "bypass");
    expect((await row(s.p1, s.cAda)).querySelector('[data-d100-initiative="interrupt"]')).not.toBeNull();
    await s.combat.nextRound();
    await turnEventsSettled();
    expect(s.combat.combatant.id).toBe(s.cAda.id);
    const ada = await row(s.p1, s.cAda);
    expect(ada.textContent).not.toContain("Bypassed");
    expect(ada.querySelector('[data-d100-initiative="interrupt"]')).toBeNull();
  });

  it("the GM checks every request: another player cannot bypass, interrupt or end for a character they do not own", async () => {
    const s = await fight();
    const ask = (user: any, control: string, combatant: any) =>
      runRelay({ action: "d100.initiative", requesterId: user.id, targetUuid: s.combat.uuid, payload: { combatantId: combatant.id, control, round: s.combat.round, turn: s.combat.turn } }, user);
    expect((await ask(s.p2, "bypass", s.cAda)).ok).toBe(false);
    expect(s.combat.combatant.id).toBe(s.cAda.id);
    expect((await ask(s.p1, "bypass", s.cAda)).ok).toBe(true);
    await turnEventsSettled();
    expect((await ask(s.p2, "interrupt", s.cAda)).ok).toBe(false);
    // A request naming a turn that has passed is refused.
    const stale = await runRelay({ action: "d100.initiative", requesterId: s.p1.id, targetUuid: s.combat.uuid, payload: { combatantId: s.cAda.id, control: "interrupt", round: s.combat.round, turn: 0 } }, s.p1);
    expect(stale.ok).toBe(false);
    expect((await ask(s.p1, "interrupt", s.cAda)).ok).toBe(true);
    expect((await ask(s.p2, "end", s.cAda)).ok).toBe(false);
    // A GM's Next Turn during the interruption ends it (the record is cleared; round 2 starts with Ada's own turn).
    await s.combat.nextTurn();
    await turnEventsSettled();
    expect(s.combat.flags.breadbox.d100Initiative.interrupting).toBe(null);
    expect(s.combat.combatant.id).toBe(s.cAda.id);
    expect(s.ada.system.combat.ap.value).toBe(6);
  });
});
