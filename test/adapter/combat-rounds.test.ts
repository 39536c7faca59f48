/**
 * Initiative rolled again at the start of a round, against a harness that runs combat turn events
 * the way v13 does: on the active GM, not awaited by the update that caused them, and fired again
 * whenever the combatant at the current turn changes (foundryvtt#10387, #11997, #12312).
 */
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { BreadboxCombat } from "../../src/core/documents/combat";
import { Hooks, createUser, asUser, scriptDiceFaces, turnEventsSettled } from "../harness/index";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { harnessGeneration } from "../harness/profile";

beforeEach(bootSystem);

async function fight() {
  const quick = await makeCharacter("Quick", { attributes: { coordination: { value: 7 } } });
  const slow = await makeCharacter("Slow", { attributes: { coordination: { value: 3 } } });
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: quick.id, name: "Quick" }, { actorId: slow.id, name: "Slow" }]);
  return { quick, slow, combat };
}

/** A started fight (Slow 12, Quick 9), optionally with a player owning Quick and Quick's turn (last in round 1) current. */
async function startedFight({ owner, lastTurn = false }: { owner?: any; lastTurn?: boolean } = {}) {
  const parts = await fight();
  if (owner) await parts.quick.update({ ownership: { [owner.id!]: 3 } });
  scriptDiceFaces([2, 9]);
  await parts.combat.startCombat();
  await parts.combat.rollAll();
  if (lastTurn) await parts.combat.update({ turn: 1 });
  return parts;
}

/** The turn events as they reach core's own handlers (after the system's overrides chose the combatant). */
function recordEvents(combat: any): string[] {
  const events: string[] = [];
  const base: any = Object.getPrototypeOf(BreadboxCombat.prototype);
  const wrap = (name: string, label: (...a: any[]) => string) => {
    const original = base[name];
    const wrapped = async function (this: any, ...a: any[]) {
      if (this === combat) events.push(label(...a));
      return original.apply(this, a);
    };
    base[name] = wrapped;
    onTestFinished(() => {
      if (base[name] === wrapped) base[name] = original;
    });
  };
  wrap("_onStartRound", (ctx) => `startRound ${ctx.round}`);
  wrap("_onEndRound", (ctx) => `endRound ${ctx.round}`);
  wrap("_onStartTurn", (c, ctx) => `startTurn ${c.name} ${ctx.round}.${ctx.turn}`);
  wrap("_onEndTurn", (c) => `endTurn ${c.name}`);
  return events;
}

describe("a new round with initiative rolled again", () => {
  it("rolls before the round changes, moves the turn once, and starts only the new first combatant's turn", async () => {
    const { combat } = await fight();
    scriptDiceFaces([2, 9]); // Quick 9, Slow 12
    await combat.startCombat();
    await combat.rollAll();
    await combat.update({ turn: 1 }); // Quick, last in round 1
    await turnEventsSettled();
    const events = recordEvents(combat);
    const turnUpdates: unknown[] = [];
    const id = Hooks.on("updateCombat", (_c: unknown, diff: any) => {
      if ("turn" in diff || "round" in diff) turnUpdates.push(diff);
    });
    scriptDiceFaces([10, 1]); // Quick 17, Slow 4: Quick acts first in round 2
    await combat.nextRound();
    await turnEventsSettled();
    Hooks.off("updateCombat", id);
    expect(Object.fromEntries(combat.combatants.map((c: any) => [c.name, c.initiative]))).toEqual({ Quick: 17, Slow: 4 });
    expect(combat.round).toBe(2);
    expect(combat.combatant.name).toBe("Quick");
    expect(turnUpdates).toHaveLength(1);
    // Quick's turn ends although the re-sort put Slow at Quick's old turn index (issue 18.8).
    expect(events).toEqual(["endTurn Quick", "endRound 1", "startRound 2", "startTurn Quick 2.0"]);
    // One initiative card per combatant for the new round.
    const cards = (game as any).messages.contents.filter((m: any) => m.getFlag("core", "initiativeRoll"));
    expect(cards).toHaveLength(4);
  });

  it("the new round's initiative messages follow the GM's chat mode (issue 18.8)", async () => {
    const { combat } = await startedFight({ lastTurn: true });
    await turnEventsSettled();
    if (harnessGeneration() === "14") await (game as any).settings.set("core", "messageMode", "gm");
    else await (game as any).settings.set("core", "rollMode", "gmroll");
    const before = (game as any).messages.contents.length;
    scriptDiceFaces([10, 1]);
    await combat.nextRound();
    await turnEventsSettled();
    const cards = (game as any).messages.contents.slice(before).filter((m: any) => m.getFlag("core", "initiativeRoll"));
    expect(cards).toHaveLength(2);
    const gmIds = (game as any).users.filter((u: any) => u.isGM).map((u: any) => u.id);
    for (const card of cards) expect(card.whisper).toEqual(gmIds);
  });

  it("a player who ends the round has the GM roll and advance it", async () => {
    const p = createUser({ name: "Player" });
    const { combat } = await startedFight({ owner: p, lastTurn: true });
    scriptDiceFaces([10, 1]);
    await asUser(p, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(combat.combatant.name).toBe("Quick");
  });

  it("a player who does not own the current combatant cannot end the round", async () => {
    const p = createUser({ name: "Player" });
    const { combat } = await startedFight({ lastTurn: true });
    await asUser(p, () => combat.nextRound());
    expect(combat.round).toBe(1);
    expect((ui as any).notifications.history.at(-1).message).toMatch(/only the owner of the combatant/);
  });
});

describe("a player's next round goes through the relay (issue 17, attack 4)", () => {
  it("a forged breadbox.nextRound query naming a GM as requester is not obeyed: the query no longer exists", async () => {
    const p = createUser({ name: "Player" });
    const { combat } = await startedFight();
    const gm = game.users!.activeGM!;
    await expect(asUser(p, () => gm.query("breadbox.nextRound", { combatId: combat.id, requesterId: gm.id }))).rejects.toThrow(/not registered/);
    expect(combat.round).toBe(1);
  });

  it("a relay request naming a GM, or without a nonce, is refused and the round stays", async () => {
    const p = createUser({ name: "Player" });
    const { combat } = await startedFight();
    const gm = game.users!.activeGM!;
    const forged = { action: "core.nextRound", requesterId: gm.id, targetUuid: combat.uuid, payload: { round: 1, turn: combat.turn } };
    const asGM: any = await asUser(p, () => gm.query("breadbox.relay", forged));
    expect(asGM).toMatchObject({ ok: false, error: "BREADBOX.Relay.Forbidden" });
    const noNonce: any = await asUser(p, () => gm.query("breadbox.relay", { ...forged, requesterId: p.id }));
    expect(noNonce).toMatchObject({ ok: false, error: "BREADBOX.Relay.Unauthenticated" });
    expect(combat.round).toBe(1);
  });

  it("a stale request (the round already moved on) does not skip a second round", async () => {
    const p = createUser({ name: "Player" });
    const { combat } = await startedFight({ owner: p, lastTurn: true });
    const { applyOrRelay } = await import("../../src/core/relay");
    scriptDiceFaces([10, 1]);
    const first: any = await asUser(p, () => applyOrRelay("core.nextRound", combat, { round: 1, turn: 1 }));
    expect(first.ok).toBe(true);
    expect(combat.round).toBe(2);
    const again: any = await asUser(p, () => applyOrRelay("core.nextRound", combat, { round: 1, turn: 1 }));
    expect(again).toMatchObject({ ok: false, error: "BREADBOX.Combat.NextRoundStale" });
    expect(combat.round).toBe(2);
  });
});

describe("the harness's combat (v13 behaviour)", () => {
  it("resetAll keeps the turn on the same combatant (foundryvtt#12312)", async () => {
    const { combat } = await fight();
    scriptDiceFaces([2, 9]); // Slow 12, Quick 9
    await combat.startCombat();
    await combat.rollAll();
    await combat.update({ turn: 1 });
    expect(combat.combatant.name).toBe("Quick");
    await combat.resetAll();
    expect(combat.combatant.name).toBe("Quick");
  });

  it("turn events are not awaited by the update, and a different combatant at the turn starts its turn", async () => {
    const { combat } = await fight();
    scriptDiceFaces([2, 9]); // Slow 12, Quick 9
    await combat.startCombat();
    await combat.rollAll();
    await combat.update({ turn: 0 });
    await turnEventsSettled();
    expect(combat.combatant.name).toBe("Slow");
    const events = recordEvents(combat);
    await combat.nextTurn();
    expect(events).toEqual([]);
    await turnEventsSettled();
    expect(events).toEqual(["endTurn Slow", "startTurn Quick 1.1"]);
    events.length = 0;
    // Re-sorting puts Slow at turn 1 without a turn change: Slow's turn starts.
    const slow = combat.combatants.find((c: any) => c.name === "Slow");
    await slow.update({ initiative: 1 });
    await turnEventsSettled();
    expect(combat.combatant.name).toBe("Slow");
    expect(events).toEqual(["endTurn Quick", "startTurn Slow 1.1"]);
  });
});
