/**
 * The Dice Pool's clock jumps over phases in which nobody acts. v14 dispatches every jumped-over
 * round and turn as skipped (foundryvtt#13983); for a Dice Pool combat those never reach core's
 * handlers (no bursts of round and turn events). The test runs v14's dispatch on both profiles.
 * The tracker's back buttons do not step the clock back by core's turn arithmetic.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { setSkippedTurnDispatch } from "../../harness/combat";
import { turnEventsSettled } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { BreadboxCombat } from "../../../src/core/documents/combat";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function fighter(name: string, reactionTime: number): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool" } as never);
  await actor.createEmbeddedDocuments("Item", [{ name: "Reflexes", type: "poolAttribute", system: { role: "reactionTime", score: reactionTime } }]);
  return actor;
}

/** Record the events that reach core's (the harness's) own handlers. */
function recordCoreEvents(): { events: string[]; restore: () => void } {
  const base: any = Object.getPrototypeOf(BreadboxCombat.prototype);
  const events: string[] = [];
  const saved: Record<string, unknown> = {};
  for (const name of ["_onStartRound", "_onEndRound", "_onStartTurn", "_onEndTurn"]) {
    const original = base[name];
    saved[name] = original;
    base[name] = async function (this: any, ...a: any[]) {
      const ctx = name.endsWith("Round") ? a[0] : a[1];
      events.push(`${name} ${ctx.round}${ctx.skipped ? " skipped" : ""}`);
      return original.apply(this, a);
    };
  }
  return { events, restore: () => Object.assign(base, saved) };
}

describe("Dice Pool phase jumps on v14", () => {
  it("a jump over empty phases fires no skipped rounds or turns", async () => {
    const ann = await fighter("Ann", 0);
    const bo = await fighter("Bo", 0);
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ann.id }, { actorId: bo.id }]);
    await combat.rollAll();
    await combat.startCombat();
    await turnEventsSettled();
    setSkippedTurnDispatch(true);
    const rec = recordCoreEvents();
    try {
      const before = combat.round;
      await combat.nextTurn();
      await combat.nextTurn();
      await turnEventsSettled();
      expect(combat.round).toBeGreaterThan(before + 1); // the clock jumped over at least one phase
      expect(rec.events.filter((e) => e.endsWith("skipped"))).toEqual([]);
      expect(rec.events.some((e) => e.startsWith("_onStartRound"))).toBe(true);
    } finally {
      rec.restore();
    }
  });
});

describe("the tracker's back buttons on a Dice Pool combat (issue 18.8)", () => {
  it("previous turn and previous round do not step the phase clock back by core's arithmetic", async () => {
    const ann = await fighter("Ann", 0);
    const bo = await fighter("Bo", 1);
    const combat: any = await Combat.create({} as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ann.id }, { actorId: bo.id }]);
    await combat.rollAll();
    await combat.startCombat();
    await combat.nextTurn();
    await turnEventsSettled();
    const state = { round: combat.round, turn: combat.turn, initiatives: combat.combatants.map((c: any) => c.initiative) };
    await combat.previousTurn();
    await combat.previousRound();
    await turnEventsSettled();
    expect({ round: combat.round, turn: combat.turn, initiatives: combat.combatants.map((c: any) => c.initiative) }).toEqual(state);
    expect((ui as any).notifications.history.at(-1).message).toContain("does not run backwards");
  });
});
