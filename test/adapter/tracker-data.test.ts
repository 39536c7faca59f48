/**
 * Issue 22: tracker labels through data. Breadbox's tracker (CONFIG.ui.combat) puts each ruleset's
 * row in the turn context (`turn.breadbox`) and draws it with its own template part; no hook
 * rewrites core's rows, so a tracker that renders combatants itself (core's own class here) shows
 * none of it but can read the same data (`trackerTurnData`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { CombatTracker, settle, turnEventsSettled } from "../harness/index";
import { bootWorld } from "./toaster/boot";
import { BreadboxCombatTracker, trackerTurnData } from "../../src/core/combat-tracker";

beforeEach(bootWorld("toast"));

async function fight() {
  const ada: any = await Actor.create({ name: "Ada", type: "toast" } as never);
  const bryn: any = await Actor.create({ name: "Bryn", type: "toast" } as never);
  const combat: any = await Combat.create({ active: true } as never);
  await combat.createEmbeddedDocuments("Combatant", [ada, bryn].map((a) => ({ actorId: a.id, name: a.name })));
  for (const c of combat.combatants) await c.update({ initiative: c.name === "Ada" ? 1_000_009 : 5 });
  await combat.startCombat();
  await turnEventsSettled();
  return combat;
}

describe("tracker rows through data", () => {
  it("Breadbox's tracker is CONFIG.ui.combat; its turn context carries the ruleset's row", async () => {
    const combat = await fight();
    const tracker: any = (ui as any).combat;
    expect(CONFIG.ui.combat).toBe(BreadboxCombatTracker);
    expect(tracker).toBeInstanceOf(BreadboxCombatTracker);
    const context = await tracker._prepareContext({});
    const ada = context.turns.find((t: any) => t.name === "Ada");
    expect(ada.breadbox.initiativeLabel).toBe(combat.combatants.find((c: any) => c.name === "Ada").initiativeLabel);
    expect(ada.breadbox.badges.map((b: any) => b.label)).toEqual([game.i18n!.localize("BREADBOX.ToastCombat.Turn.waiting")]);
    expect(ada.breadbox.controls.map((c: any) => c.label)).toEqual(["Hold action", "Action lost (negated)"]);
    // Its own part, drawn from that data, and a control clicked there runs it.
    await tracker.render({ force: true });
    const row = tracker.element.querySelector(`[data-combatant-id="${ada.id}"]`);
    expect(row.querySelector(".bb-tracker-row .toast-turn-waiting")).not.toBeNull();
    row.querySelector('[data-action="breadboxTrackerControl"][data-toast-turn="hold"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await settle();
    await turnEventsSettled();
    expect(combat.combatant.name).toBe("Bryn");
    expect(tracker.activated).toEqual([]);
  });

  it("a tracker that draws rows itself shows none of Breadbox's part (no hook rewrites rows) and reads the same data", async () => {
    const combat = await fight();
    const own: any = new CombatTracker();
    await own.render({ force: true });
    const row = own.element.querySelector("[data-combatant-id]");
    expect(row.querySelector(".bb-tracker-row, .toast-turn")).toBeNull();
    const c = combat.combatants.get(row.dataset.combatantId);
    expect(trackerTurnData(combat, c)?.badges.length).toBe(1);
    await own.close();
  });
});
