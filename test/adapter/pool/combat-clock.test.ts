/**
 * The Dice Pool's phase clock in the combat tracker: initiative is the phase an action completes,
 * the round is the clock's phase, next turn moves the clock, declarations plan or abort, and a
 * player's "end turn" goes through the GM relay once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, settle, turnEventsSettled, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { clockEntries, declareAction, moveClock, onDeclareFromCard } from "../../../src/rulesets/pool/combat/clock";
import { relabelRound } from "../../../src/core/combat-tracker";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function fighter(name: string, reactionTime: number, speed = 0): Promise<any> {
  const actor: any = await Actor.create({ name, type: "pool" } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Reflexes", type: "poolAttribute", system: { role: "reactionTime", score: reactionTime } },
    { name: "Legs", type: "poolAttribute", system: { role: "speed", score: speed } },
  ]);
  return actor;
}

async function fight(): Promise<{ combat: any; ann: any; bo: any; cy: any }> {
  const ann = await fighter("Ann", 1);
  const bo = await fighter("Bo", 0, 2);
  const cy = await fighter("Cy", 2);
  const combat: any = await Combat.create({} as never);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: ann.id }, { actorId: bo.id }, { actorId: cy.id }]);
  return { combat, ann, bo, cy };
}

const byName = (combat: any, name: string) => combat.combatants.find((c: any) => c.name === name);
const order = (combat: any) => combat.turns.map((c: any) => `${c.name}@${c.initiative}`);

describe("phase clock: initiative is the phase an action completes", () => {
  it("rolling initiative schedules the first action of the list (strike, 3 − Reaction Time) and the lowest acts first; ties by Reaction Time", async () => {
    const { combat } = await fight();
    await combat.rollAll();
    // Strike: base 3. Ann RT 1 → 2; Bo RT 0 → 3; Cy RT 2 → 1.
    expect(order(combat)).toEqual(["Cy@1", "Ann@2", "Bo@3"]);
    await combat.startCombat();
    await turnEventsSettled();
    expect(combat.round).toBe(1);
    expect(combat.combatant.name).toBe("Cy");
    // The core's pure order agrees with the tracker's.
    expect(R.clockOrder(clockEntries(combat)).order.map((e) => e.name)).toEqual(["Cy", "Ann", "Bo"]);
  });

  it("next turn: the acting combatant starts its next action at once and the clock jumps to the next completion", async () => {
    const { combat } = await fight();
    await combat.rollAll();
    await combat.startCombat();
    await combat.nextTurn(); // Cy acted at 1, strikes again → 1 + 1 = 2; Cy ties Ann at 2 and has the higher RT
    await turnEventsSettled();
    expect(order(combat)).toEqual(["Cy@2", "Ann@2", "Bo@3"]);
    expect(combat.round).toBe(2);
    expect(combat.combatant.name).toBe("Cy");
    await combat.nextTurn(); // Cy → 3; Ann acts at 2
    expect(combat.round).toBe(2);
    expect(combat.combatant.name).toBe("Ann");
    const seen: any[] = [];
    const update = combat.update.bind(combat);
    combat.update = (data: any, options: any) => {
      seen.push(options);
      return update(data, options);
    };
    await combat.nextRound(); // "next round" moves the clock the same way: Ann → 4; Cy@3 (RT 2) before Bo@3
    // One second of world time per phase (2 → 3).
    expect(seen.at(-1)).toMatchObject({ direction: 1, worldTime: { delta: 1 } });
    expect(order(combat)).toEqual(["Cy@3", "Bo@3", "Ann@4"]);
    expect(combat.round).toBe(3);
    const card = (game as any).messages.contents.at(-1);
    expect(card.flags.breadbox).toMatchObject({ type: "poolPhase", phase: 3 });
    const text = (await card.renderHTML()).textContent;
    expect(text).toContain("Ann completed Strike in melee; next: Strike in melee, completing at phase 4.");
    expect(text).toContain("Cy");
  });

  it("declaring during one's own turn plans the next action; several at once take slowest + count; declaring mid-action aborts (+2)", async () => {
    const { combat } = await fight();
    await combat.rollAll();
    await combat.startCombat();
    const cy = byName(combat, "Cy");
    // Cy's turn: plan "move" (3 − Speed 0) together with "shoot" (1 − RT 2 → 1) → 3 + 2 = 5 phases.
    const planned = await declareAction(cy, { actions: ["move", "shoot"] });
    expect(planned).toMatchObject({ perAction: [3, 1], phases: 5, abortCost: 0 });
    expect(cy.initiative).toBe(1); // nothing moves until the turn ends
    await combat.nextTurn();
    expect(byName(combat, "Cy").initiative).toBe(1 + 5);
    // Bo is mid-strike (started at 0, completes at 3); now phase 2: switching to "move" (3 − Speed 2 = 1) costs 2 first.
    const bo = byName(combat, "Bo");
    const pending = declareAction(bo);
    const dialog = await waitForDialog();
    expect(dialog.element.textContent).toContain("aborts");
    fillForm(dialog.element, { action: "move" });
    expect(dialog.element.querySelector("[data-bb-odds]").textContent).toContain("completes at phase 5");
    await answerDialog({ action: "roll" });
    expect(await pending).toMatchObject({ abortCost: 2, phases: 1, completesAt: 5 });
    expect(bo.initiative).toBe(5);
  });

  it("a clock that lags the acting combatant (round set by hand) catches up instead of giving a second turn", async () => {
    const { combat } = await fight();
    await combat.rollAll();
    await combat.startCombat();
    await combat.update({ round: 1, turn: 1 }); // Ann (completes at 2) holds the turn at phase 1
    expect(combat.combatant.name).toBe("Ann");
    await combat.nextTurn();
    // Ann's strike completed at 2 and the next starts there: 2 + 2 = 4.
    expect(byName(combat, "Ann").initiative).toBe(4);
    // Cy, left behind at 1 by the hand-set turn, starts again from 2: 2 + 1 = 3 (before Bo@3 on Reaction Time).
    expect(order(combat)).toEqual(["Cy@3", "Bo@3", "Ann@4"]);
    expect(combat.round).toBe(3);
  });

  it("a combatant who cannot act (incapacitated) is passed over, and rejoins the clock when healed", async () => {
    const { combat, cy } = await fight();
    await combat.rollAll();
    await combat.startCombat(); // Cy@1, Ann@2, Bo@3
    await cy.update({ system: { wounds: [{ kind: "physical", degree: 5, nonlethal: false }] } });
    await combat.nextTurn(); // Cy "completes" at 1 but cannot act: the clock passes to Ann at 2
    expect(combat.combatant.name).toBe("Ann");
    expect(combat.round).toBe(2);
    await combat.nextTurn(); // Ann → 4; Bo at 3
    expect(combat.combatant.name).toBe("Bo");
    await cy.update({ system: { wounds: [] } });
    await combat.nextTurn(); // Bo → 6; Cy rejoins: strike from phase 3 → 3 + 1 = 4, ahead of Ann@4 (RT 2)
    expect(order(combat)).toEqual(["Cy@4", "Ann@4", "Bo@6"]);
    expect(combat.round).toBe(4);
  });

  it("a combat started before anyone declared: the first move schedules everyone from phase 1", async () => {
    const { combat } = await fight();
    await combat.startCombat(); // nobody rolled: Foundry's round 1, turn 0
    expect(combat.round).toBe(1);
    await combat.nextTurn();
    // Strike from phase 1: Cy 1 + 1 = 2, Ann 1 + 2 = 3, Bo 1 + 3 = 4.
    expect(order(combat)).toEqual(["Cy@2", "Ann@3", "Bo@4"]);
    expect(combat.round).toBe(2);
  });

  it("the tracker's round label reads as the phase", async () => {
    const { combat } = await fight();
    await combat.rollAll();
    await combat.startCombat();
    (game as any).i18n.translations.COMBAT = { ...(game as any).i18n.translations.COMBAT, Round: "Round {round}" };
    const el = document.createElement("section");
    el.innerHTML = `<h3 class="encounter-title">Round ${combat.round}</h3><span>Round 99</span>`;
    expect(combat.roundLabel).toBe(`Phase ${combat.round}`);
    expect(relabelRound(combat, el)).toBe(1);
    expect(el.textContent).toBe(`Phase ${combat.round}Round 99`);
    // Breadbox's tracker reads the label from the combat (data), with no hook of the ruleset's.
    expect(Hooks.events?.renderCombatTracker?.length ?? 0).toBe(0);
  });

  it("the phase card's Declare button opens the dialog for the acting combatant; a stranger is refused", async () => {
    const { combat } = await fight();
    await combat.rollAll();
    await combat.startCombat();
    await combat.nextTurn(); // Cy → 2, Cy acts again at 2 (tie with Ann, higher RT)
    const card = (game as any).messages.contents.at(-1);
    expect(card.flags.breadbox).toMatchObject({ type: "poolPhase", combatantId: byName(combat, "Cy").id });
    const pending = onDeclareFromCard(card);
    const dialog = await waitForDialog();
    expect(dialog.element.textContent).toContain("Your action completes now");
    fillForm(dialog.element, { action: "aim" });
    await answerDialog({ action: "roll" });
    await pending;
    expect(byName(combat, "Cy").flags.breadbox.poolPlan).toEqual({ actions: ["aim"] });
    const stranger = createUser({ name: "Stranger" });
    await asUser(stranger, () => onDeclareFromCard(card));
    expect(notifications().some((n) => n.message === "You do not own this combatant.")).toBe(true);
  });

  it("a player's end of turn goes through the GM once; a stale or foreign request changes nothing", async () => {
    const { combat, ann, bo } = await fight();
    const p1 = createUser({ name: "Ann's player" });
    const p2 = createUser({ name: "Bo's player" });
    await ann.update({ ownership: { [p1.id!]: 3 } });
    await bo.update({ ownership: { [p2.id!]: 3 } });
    await combat.rollAll();
    await combat.startCombat();
    await combat.nextTurn(); // Cy → 2 (acts first at 2)
    await combat.nextTurn(); // Cy → 3; Ann's turn at 2
    expect(combat.combatant.name).toBe("Ann");
    // Bo's player cannot end Ann's turn.
    await asUser(p2, () => combat.nextTurn());
    await settle();
    expect(combat.combatant.name).toBe("Ann");
    expect(notifications().some((n) => n.message === "You may not change that character.")).toBe(true);
    // Ann's player can: the GM moves the clock.
    await asUser(p1, () => combat.nextTurn());
    await settle();
    expect(byName(combat, "Ann").initiative).toBe(4);
    expect(combat.round).toBe(3);
    // The same request again (a stale tracker naming Ann) is refused: it is no longer Ann's turn.
    const before = order(combat);
    const { applyOrRelay } = await import("../../../src/core/relay");
    const stale = await asUser(p1, () => applyOrRelay("pool.advancePhase", { uuid: combat.uuid }, { combatantId: byName(combat, "Ann").id }));
    expect(stale.ok).toBe(false);
    expect(order(combat)).toEqual(before);
  });

  it("a combatant that never declared starts the default action when the clock moves; a bad setting warns and uses the defaults", async () => {
    const { combat, ann } = await fight();
    await combat.rollAll();
    await combat.startCombat();
    const late = await fighter("Di", 0);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id }]);
    await (game as any).settings.set("breadbox", "pool.phaseActions", "strike = banana");
    await moveClock(combat);
    expect(byName(combat, "Di").initiative).toBe(1 + 3);
    expect(notifications().some((n) => n.message.includes("is not \"name = cost attribute\""))).toBe(true);
    await (game as any).settings.set("breadbox", "pool.phaseActions", "lunge = 5 speed; shoot = 1 reactionTime");
    // Lunge: 5 − Bo's Speed 2 = 3 phases.
    expect(await declareAction(byName(combat, "Bo"), { actions: ["lunge"] })).toMatchObject({ phases: 3 });
    void ann;
  });
});
