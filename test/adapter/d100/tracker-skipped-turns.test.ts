/**
 * v14 turn events for turns a jump passes over (foundryvtt#13983, #11998): the harness's v14
 * profile dispatches them with `skipped: true`. A D10/0 combatant whose turn a GM's mid-round Next
 * Round skipped never acted: her action points are neither refilled nor forfeited. Each test runs
 * v14's dispatch on both profiles (setSkippedTurnDispatch). Also: the D10/0 tracker decorates the
 * encounter the tracker shows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { setSkippedTurnDispatch } from "../../harness/combat";
import { scriptDiceFaces, turnEventsSettled } from "../../harness/index";
import { bootWorld } from "../toaster/boot";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

const fives = { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 5, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 };

async function fight() {
  const quick: any = await Actor.create({ name: "Quick", type: "d100", system: { attributes: { ...fives, agility: 8, focus: 8 } } } as never);
  const slow: any = await Actor.create({ name: "Slow", type: "d100", system: { attributes: fives } } as never);
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: quick.id, name: "Quick" }, { actorId: slow.id, name: "Slow" }]);
  scriptDiceFaces([3, 4, 3, 4]);
  await combat.rollAll();
  await combat.startCombat();
  await turnEventsSettled();
  return { quick, slow, combat };
}

function recordEvents(combat: any): string[] {
  const events: string[] = [];
  for (const name of ["_onStartTurn", "_onEndTurn"]) {
    const original = combat[name].bind(combat);
    combat[name] = async (c: any, ctx: any) => {
      events.push(`${name} ${c.name} ${ctx.round}.${ctx.turn}${ctx.skipped ? " skipped" : ""}`);
      return original(c, ctx);
    };
  }
  return events;
}

describe("v14 skipped turns", () => {
  it("the v14 profile dispatches the turns a Next Round jumps over, marked skipped", async () => {
    const { combat } = await fight();
    setSkippedTurnDispatch(true); // v14's dispatch of jumped-over turns, on either profile
    expect(combat.combatant.name).toBe("Quick");
    const events = recordEvents(combat);
    await combat.nextRound();
    await turnEventsSettled();
    expect(events).toEqual(["_onEndTurn Quick 1.0", "_onStartTurn Slow 1.1 skipped", "_onEndTurn Slow 1.1 skipped", "_onStartTurn Quick 2.0"]);
  });

  it("a GM's mid-round Next Round neither refills nor forfeits the action points of a combatant who never acted", async () => {
    const { quick, slow, combat } = await fight();
    setSkippedTurnDispatch(true);
    expect(quick.system.combat.ap.value).toBe(quick.system.actionQuota);
    await slow.update({ system: { combat: { ap: { value: 2 } } } });
    await combat.nextRound();
    await turnEventsSettled();
    expect(combat.round).toBe(2);
    expect(combat.combatant.name).toBe("Quick");
    expect(slow.system.combat.ap.value).toBe(2);
    expect((game as any).messages.contents.filter((m: any) => m.flags?.breadbox?.type === "d100Action")).toHaveLength(0);
  });
});

describe("the D10/0 tracker (issue 18.8)", () => {
  it("decorates the encounter the tracker shows, not game.combat", async () => {
    const { quick } = await fight();
    const other: any = await Combat.create({} as never);
    await other.createEmbeddedDocuments("Combatant", [{ actorId: quick.id, name: "Quick elsewhere" }]);
    const first = (game as any).combats.contents[0];
    await first.update({ active: true });
    expect((game as any).combat.id).toBe(first.id);
    const tracker = (ui as any).combat;
    tracker.view(other);
    await tracker.render({ force: true });
    const row = tracker.element.querySelector(`[data-combatant-id="${other.combatants.contents[0].id}"]`);
    expect(row.textContent).toContain("Quick elsewhere");
    expect(row.querySelector(".bb-d100-ap")).not.toBeNull();
  });
});
