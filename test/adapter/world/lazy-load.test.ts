/**
 * Issue 23, "load what the world needs": a Flange world loads none of another ruleset's code until
 * something of that ruleset needs it: a relayed request for one of its actions, or a click on a
 * button of one of its old cards, loads it first and then runs as ever.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, makeCharacter, notifications } from "../toaster/boot";
import { loadRuleset, rulesetLoaded } from "../../../src/core/lazy";
import { runRelay } from "../../../src/core/relay";

beforeEach(bootWorld("flange"));

describe("another ruleset's code in a Flange world", () => {
  it("a relayed request for a Dice Pool action loads the Dice Pool first and reaches its handler", async () => {
    expect(rulesetLoaded("pool")).toBe(false);
    // Malformed on purpose: what matters is that the handler is found (not "unknown action").
    const result = await runRelay({ action: "pool.advancePhase", requesterId: game.user!.id!, targetUuid: "Actor.none", payload: {} }, game.user!);
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error).not.toBe("BREADBOX.Relay.UnknownAction");
    expect(rulesetLoaded("pool")).toBe(true);
    // An action no ruleset has is still unknown.
    const unknown = await runRelay({ action: "nobody.thing", requesterId: game.user!.id!, targetUuid: "Actor.none", payload: {} }, game.user!);
    expect(unknown).toEqual({ ok: false, error: "BREADBOX.Relay.UnknownAction" });
  });

  it("a button of a D10/0 card loads D10/0, then runs its handler", async () => {
    expect(rulesetLoaded("d100")).toBe(false);
    const actor = await makeCharacter("Reader");
    const message = await ChatMessage.create({ content: '<button type="button" data-bb-action="d100.dyingCheck">Dying check</button>', speaker: { actor: actor.id } } as never);
    await settle();
    const html = document.createElement("div");
    html.innerHTML = message!.content!;
    document.body.append(html);
    Hooks.callAll("renderChatMessageHTML", message, html);
    html.querySelector<HTMLButtonElement>("button")!.click();
    await loadRuleset("d100");
    expect(rulesetLoaded("d100")).toBe(true);
    // The click is made again once the code is in: the handler ran (no actor to check: it says so).
    await settle();
    expect(notifications().map((n) => n.message)).toContain(game.i18n!.localize("BREADBOX.D100.Combat.Attack.NotYourDefender"));
    html.remove();
  });

  it("a combat prepared before a ruleset's turn order loads is sorted again once it does", async () => {
    expect(rulesetLoaded("toast")).toBe(false);
    const combat: any = await Combat.create({} as never);
    const setupTurns = vi.spyOn(combat, "setupTurns");
    await loadRuleset("toast");
    expect(setupTurns).toHaveBeenCalled();
    await combat.delete();
  });
});
