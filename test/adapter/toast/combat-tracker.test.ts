/**
 * Toast's tracker: initiative once per fight on the Initiative skill (ranked, Auto/Flub shown with
 * their degree), NPC group rolls, holding and taking a held action, lost holds at the round's end.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, scriptDiceFaces, settle, turnEventsSettled, typeIntoInput, waitForDialog } from "../../harness/index";
import { lastMessage, notes, skill, toastCharacter } from "./combat-boot";
import { bootWorld } from "../toaster/boot";
import { TURN_ACTION, actNow, holdAction, initiativeLabel, negateAction, roundState } from "../../../src/rulesets/toast/combat/tracker";
import { applyOrRelay } from "../../../src/core/relay";
import * as R from "../../../src/rulesets/toast/rules";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

async function fight(names = ["Ada", "Bryn", "Cato"]) {
  const actors: any[] = [];
  // Initiative skill on PER+AGI: PER 14, AGI 14 → mean 14 → +2; level 3 → +5.
  for (const n of names) actors.push(await toastCharacter(n, { perception: 14, agility: 14 }, [skill("Initiative", "initiative", ["perception", "agility"], 3, "combat")]));
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })));
  return { actors, combat };
}

function byName(combat: any, name: string): any {
  return combat.combatants.find((c: any) => c.name === name);
}

describe("Toast initiative", () => {
  it("rolls the Initiative skill once, stores the core's rank and keeps it every round", async () => {
    const { combat } = await fight();
    // Ada 7 + 5 = 12; Bryn an Auto of degree 4; Cato a Flub of degree 9.
    const dice = scriptDiceFaces([7, 12, 4, 11, 9]);
    await combat.rollAll();
    expect(dice.remaining()).toBe(0);
    expect(byName(combat, "Ada").initiative).toBe(12);
    expect(byName(combat, "Bryn").initiative).toBe(R.AUTO_RANK_BASE + 4);
    expect(byName(combat, "Cato").initiative).toBe(-R.AUTO_RANK_BASE - 9);
    expect(combat.turns.map((c: any) => c.name)).toEqual(["Bryn", "Ada", "Cato"]);
    expect(initiativeLabel(byName(combat, "Bryn").flags.breadbox.toastInitiative)).toBe("Auto 4");
    expect(initiativeLabel(byName(combat, "Cato").flags.breadbox.toastInitiative)).toBe("Flub 9");
    // One card per roll, each with its Foundry d10+ (an Auto's degree die in the same term).
    const cards = (game as any).messages.contents.filter((m: any) => m.flags.breadbox?.type === "toastInitiative");
    expect(cards).toHaveLength(3);
    expect(cards.map((c: any) => c.rolls[0].formula)).toEqual(["1dp", "1dp", "1dp"]);
    expect(cards[1].rolls[0].dice[0].results.map((r: any) => r.result)).toEqual([12, 4]);
    await combat.startCombat();
    await combat.nextRound();
    await combat.nextRound();
    await turnEventsSettled();
    expect(byName(combat, "Ada").initiative).toBe(12);
    expect((game as any).messages.contents.filter((m: any) => m.flags.breadbox?.type === "toastInitiative")).toHaveLength(3);
  });

  it("one combatant's roll goes through the dialog: wound penalty, situational modifier, odds against the best so far", async () => {
    const { combat, actors } = await fight(["Ada", "Bryn"]);
    await actors[0].update({ system: { wounds: { value: 5 } } }); // TOL 10: no threshold, effective 5 → Light −2
    await combat.setInitiative(byName(combat, "Bryn").id, 12);
    const rolled = combat.rollInitiative([byName(combat, "Ada").id]);
    const dialog = await waitForDialog();
    const text = dialog.element.textContent ?? "";
    expect(text).toContain("Wound penalty");
    expect(text).toContain("Best initiative so far: 12");
    // Modifier 5 − 2 + 3 = 6 against 12: ahead needs a 7+ (4 numbers) or an Auto → 5/12.
    fillForm(dialog.element, { situational: "3" });
    dialog.element.querySelector("input[name=situational]")!.dispatchEvent(new Event("input", { bubbles: true }));
    const odds = [...dialog.element.querySelectorAll("[data-bb-odds] li strong")].map((e) => e.textContent);
    expect(odds.slice(0, 3)).toEqual(["50.0%", "8.3%", "41.7%"]);
    scriptDiceFaces([7]);
    await answerDialog({ dialog, action: "roll" });
    await rolled;
    expect(byName(combat, "Ada").initiative).toBe(7 + 5 - 2 + 3);
    expect(lastMessage().content).toContain("Wound penalty");
  });

  it("rolls once for a group of NPCs when the world says so", async () => {
    await (game as any).settings.set("breadbox", "toast.npcInitiative", "group");
    const { combat } = await fight();
    const dice = scriptDiceFaces([6]);
    await combat.rollNPC();
    expect(dice.remaining()).toBe(0);
    expect(combat.combatants.map((c: any) => c.initiative)).toEqual([11, 11, 11]);
    expect(byName(combat, "Ada").flags.breadbox.toastInitiative.shared).toBe(true);
  });

  it("shows the label in core's tracker row, which nobody can overtype; Hold does not run the row's own action", async () => {
    const { combat, actors } = await fight(["Ada", "Bryn"]);
    const player = createUser({ name: "Ada's player" });
    await actors[1].update({ ownership: { [player.id!]: 3 } });
    scriptDiceFaces([7, 12, 4]);
    await combat.rollAll();
    await combat.startCombat();
    const tracker = (ui as any).combat;
    await tracker.render({ force: true });
    const rows = () => [...tracker.element.querySelectorAll("li.combatant[data-combatant-id]")] as HTMLElement[];
    const inputs = () => rows().map((r) => r.querySelector<HTMLInputElement>(".token-initiative input.initiative-input")!);
    expect(inputs().map((i) => i.value)).toEqual(["Auto 4", "12"]);
    // The GM cannot type over the stored rank from the row.
    expect(inputs().every((i) => i.readOnly)).toBe(true);
    expect(typeIntoInput(inputs()[0], "5")).toBe(false);
    expect(byName(combat, "Bryn").initiative).toBe(R.AUTO_RANK_BASE + 4);
    // Bryn's turn: her Hold button does its work and not the row's (core's activateCombatant).
    const hold = rows()[0].querySelector<HTMLElement>("[data-toast-turn=hold]")!;
    expect(rows()[1].querySelector("[data-toast-turn=hold]")).toBeNull();
    hold.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await settle();
    await turnEventsSettled();
    expect(tracker.activated).toEqual([]);
    expect(combat.combatant.name).toBe("Ada");
    // Clicking the row itself still runs core's action.
    rows()[1].querySelector<HTMLElement>(".token-name .name")!.click();
    expect(tracker.activated).toEqual([byName(combat, "Ada").id]);
    // The tracker was drawn again by core's own refresh (the hook fired by the harness): Bryn holds.
    await tracker.render();
    const bryn = rows().find((r) => r.dataset.combatantId === byName(combat, "Bryn").id)!;
    expect(bryn.querySelector(".toast-turn-holding")).not.toBeNull();
    // Her player sees the label too, read-only, and her Act now button.
    await asUser(player, () => tracker.render());
    expect(inputs().map((i) => i.value)).toEqual(["Auto 4", "12"]);
    expect(rows()[0].querySelector("[data-toast-turn=act]")).not.toBeNull();
  });
});

describe("holding an action", () => {
  it("the combatant whose turn it is holds, the turn moves on, she acts later in the round", async () => {
    const { combat } = await fight();
    scriptDiceFaces([9, 5, 1]); // Ada 14, Bryn 10, Cato 6
    await combat.rollAll();
    await combat.startCombat();
    const ada = byName(combat, "Ada");
    expect(combat.combatant.id).toBe(ada.id);
    expect(await holdAction(combat, ada)).toBe(true);
    expect(combat.combatant.name).toBe("Bryn");
    expect(roundState(combat).statuses[ada.id]).toBe("holding");
    // Only on her own turn.
    expect(await holdAction(combat, byName(combat, "Cato"))).toBe(false);
    expect(notes().at(-1)).toContain("only on her own turn");
    expect(await actNow(combat, ada)).toBe(true);
    expect(roundState(combat).statuses[ada.id]).toBe("acted");
    expect(lastMessage().content).toContain("Ada takes her held action");
    expect(await actNow(combat, ada)).toBe(false);
  });

  it("a hold not taken is lost at the round's end and does not roll over", async () => {
    const { combat } = await fight();
    scriptDiceFaces([9, 5, 1]);
    await combat.rollAll();
    await combat.startCombat();
    await holdAction(combat, byName(combat, "Ada"));
    await combat.nextTurn();
    await combat.nextTurn(); // → round 2
    await turnEventsSettled();
    expect(combat.round).toBe(2);
    expect(lastMessage().content).toContain("Held actions lost at the end of the round: Ada");
    expect(roundState(combat).statuses[byName(combat, "Ada").id]).toBe("waiting");
  });

  it("a player holds for her own character only; the GM rules an action negated", async () => {
    const { combat, actors } = await fight(["Ada", "Bryn"]);
    const player = createUser({ name: "Ada's player" });
    await actors[0].update({ ownership: { [player.id!]: 3 } });
    scriptDiceFaces([9, 5]);
    await combat.rollAll();
    await combat.startCombat();
    const ada = byName(combat, "Ada");
    const bryn = byName(combat, "Bryn");
    expect(await asUser(player, () => negateAction(combat, bryn))).toBe(false);
    expect(await asUser(player, () => holdAction(combat, ada))).toBe(true);
    expect(combat.combatant.name).toBe("Bryn");
    expect(await asUser(player, () => actNow(combat, bryn))).toBe(false);
    expect(await negateAction(combat, ada)).toBe(true);
    expect(roundState(combat).statuses[ada.id]).toBe("lost");
  });
});

describe("the round record is the GM's (issue 17)", () => {
  async function playerFight() {
    const { combat, actors } = await fight(["Ada", "Bryn", "Cato"]);
    const player = createUser({ name: "Ada's player" });
    await actors[0].update({ ownership: { [player.id!]: 3 } });
    scriptDiceFaces([9, 5, 1]); // Ada 14, Bryn 10, Cato 6
    await combat.rollAll();
    await combat.startCombat();
    return { combat, player, ada: byName(combat, "Ada"), bryn: byName(combat, "Bryn"), cato: byName(combat, "Cato") };
  }

  it("a hold is written by the GM into the combat's flags; the combatant's own flags are never read", async () => {
    const { combat, player, ada } = await playerFight();
    expect(await asUser(player, () => holdAction(combat, ada))).toBe(true);
    expect(combat.flags.breadbox.toastRound).toEqual({ round: 1, turns: [{ id: ada.id, status: "holding", reason: "held" }] });
    expect(ada.flags.breadbox?.toastTurn).toBeUndefined();
    expect(await asUser(player, () => actNow(combat, ada))).toBe(true);
    // She writes her own combatant's flags from a console: back to holding. Nothing reads them.
    await asUser(player, () => ada.update({ flags: { breadbox: { toastTurn: { round: 1, status: "holding", reason: "held" } } } }));
    expect(roundState(combat).statuses[ada.id]).toBe("acted");
    expect(await asUser(player, () => actNow(combat, ada))).toBe(false);
  });

  it("a player cannot write the combat's round record herself", async () => {
    const { combat, player, ada } = await playerFight();
    await asUser(player, () => combat.update({ flags: { breadbox: { toastRound: { round: 1, turns: [{ id: ada.id, status: "holding" }] } } } })).catch(() => undefined);
    expect(combat.flags.breadbox?.toastRound).toBeUndefined();
    expect(roundState(combat).statuses[ada.id]).toBe("waiting");
  });

  it("the GM checks a relayed control: only the owner, only on her turn, only for the round and turn it names, Action lost only from a GM", async () => {
    const { combat, player, ada, bryn } = await playerFight();
    const send = (payload: Record<string, unknown>) => asUser(player, () => applyOrRelay(TURN_ACTION, combat, { round: combat.round, turn: combat.turn, ...payload }));
    expect(await send({ combatantId: bryn.id, control: "hold" })).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Hold.NotYours" });
    expect(await send({ combatantId: ada.id, control: "act" })).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Hold.NotHolding" });
    expect(await send({ combatantId: bryn.id, control: "negate" })).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Hold.GMOnly" });
    expect(await send({ combatantId: ada.id, control: "hold", round: 2 })).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Hold.Stale" });
    expect(await send({ combatantId: ada.id, control: "wait" })).toMatchObject({ ok: false, error: "BREADBOX.Relay.Malformed" });
    expect(combat.flags.breadbox?.toastRound).toBeUndefined();
    expect(combat.combatant.id).toBe(ada.id);
    await combat.nextTurn(); // Bryn's turn: Ada may no longer hold.
    expect(await send({ combatantId: ada.id, control: "hold" })).toMatchObject({ ok: false, error: "BREADBOX.ToastCombat.Hold.NotYourTurn" });
    expect(combat.combatant.id).toBe(bryn.id);
  });

  it("two holds sent at once hold once and move the turn once", async () => {
    const { combat, player, ada } = await playerFight();
    const results = await asUser(player, () => Promise.all([holdAction(combat, ada), holdAction(combat, ada)]));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(combat.combatant.name).toBe("Bryn");
    expect(combat.flags.breadbox.toastRound.turns).toHaveLength(1);
  });
});
