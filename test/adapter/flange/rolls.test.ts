import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, fillForm, gmUser, scriptDiceFaces, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import * as R from "../../../src/rulesets/flange/rules";
import { FlangeCheckRoll, poolFormula } from "../../../src/rulesets/flange/dice/check-roll";
import { FlangeDie } from "../../../src/rulesets/flange/dice/flange-die";
import { buildCheck, defaultChoices, performFlangeCheck } from "../../../src/rulesets/flange/checks";
import { onEdgeReroll, refreshEdge } from "../../../src/rulesets/flange/edge";
import { performOpposedCheck } from "../../../src/rulesets/flange/opposed";
import { flangeCharacter, skill } from "./helpers";

// A flange world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("flange"));

const shift = new MouseEvent("click", { shiftKey: true });
const msgs = () => (game as any).messages.contents;
const notes = () => ((ui as any).notifications?.messages ?? (ui as any).notifications?.history ?? []) as { message: string }[];

/** Mr Tims: Surgery 2, Perception 6, Dexterity 9 (seed "Skills and Dice Rolls"). */
async function tims(system: Record<string, unknown> = {}) {
  return flangeCharacter("Mr Tims", { attributes: { perception: 6, dexterity: 9, strength: 8, athleticism: 8, constitution: 9 }, ...system }, [skill("Surgery", "medicine", 2, { attribute: "perception" })]);
}

describe("the pool die typed in chat", () => {
  it("3dzt7 counts successes as the core does, with extra 10s as Foundry dice", async () => {
    // The kidney example: 9, 10, 10 against 7 → all succeed, the second 10 rolls a fourth die (8).
    scriptDiceFaces([9, 10, 10, 8]);
    const r = await new Roll("3dzt7").evaluate();
    expect(r.total).toBe(4);
    expect((r.dice[0] as any).results.map((x: any) => x.result)).toEqual([9, 10, 10, 8]);
    expect(R.resolveCheck({ dice: 3, target: 7 }, [9, 10, 10, 8]).successes).toBe(4);
  });

  it("adds a point from an extra 10 to a failing die instead of rolling when not all succeed", async () => {
    scriptDiceFaces([10, 10, 6]);
    const r = await new Roll("3dzt7").evaluate();
    expect(r.total).toBe(3);
    expect((r.dice[0] as any).results).toHaveLength(3);
  });

  it("applies the desperate rule: no dice or a target above 10 roll one die needing a 10", async () => {
    scriptDiceFaces([1]);
    const zero = await new Roll("0dzt7").evaluate();
    expect((zero.dice[0] as any).results.filter((x: any) => x.active)).toHaveLength(1);
    expect(zero.total).toBe(0);
    scriptDiceFaces([9, 10, 10]);
    const high = await new Roll("3dzt12").evaluate();
    expect((high.dice[0] as any).results.filter((x: any) => x.active).map((x: any) => x.result)).toEqual([9]);
    expect(high.total).toBe(0);
  });

  it("has a Dice So Nice preset: a d10 read 1–10", async () => {
    const { presetData } = await import("../../../src/core/dice-so-nice");
    const { flangeRuleset } = await import("../../../src/rulesets/flange/register");
    const presets = (flangeRuleset().diceSoNice ?? []).map(presetData);
    expect(presets.map((p) => [p.type, p.labels[0], p.labels.at(-1), p.labels.length])).toEqual([["dz", "1", "10", 10]]);
    expect((CONFIG.Dice.terms as any).z).toBe(FlangeDie);
  });

  it("refuses a target of 0 with a message", async () => {
    scriptDiceFaces([5]);
    await expect(new Roll("1dzt0").evaluate()).rejects.toThrow(/target number/);
  });

  it("a stuck random source stops after the open-end cap", async () => {
    (CONFIG.Dice as any).randomUniform = () => 0.00001; // every die a 10
    const r = await new Roll("2dzt7").evaluate();
    expect((r.dice[0] as any).results.length).toBe(2 + R.CHECK_EXTRA_DICE_MAX);
  });
});

describe("FlangeCheckRoll", () => {
  it("formula is the settled pool; classification survives a reload of the message", async () => {
    expect(poolFormula({ dice: 2, target: 6 })).toBe("2dzt6");
    expect(poolFormula({ dice: 0, target: 6 })).toBe("1dzt10");
    expect(poolFormula({ dice: 2, target: 8, edgeTarget: 1, diceModifier: 1 })).toBe("3dzt7");
    scriptDiceFaces([6, 8]);
    const roll = FlangeCheckRoll.fromCheck({ title: "Surgery on Perception", input: { dice: 2, target: 6 }, parts: [] });
    await roll.evaluate();
    expect(roll.checkResult).toMatchObject({ successes: 2, outcome: "readySalted" });
    const back = Roll.fromJSON(JSON.stringify(roll.toJSON())) as FlangeCheckRoll;
    expect(back).toBeInstanceOf(FlangeCheckRoll);
    expect(back.checkResult?.outcome).toBe("readySalted");
    const html = await back.render();
    expect(html).toContain("Ready Salted success");
  });

  it("renders a plain card from options it cannot read, and a hidden card when private", async () => {
    scriptDiceFaces([4]);
    const odd = new FlangeCheckRoll("1dzt7");
    Object.assign(odd.options, { input: { dice: "x" } });
    await odd.evaluate().catch(() => undefined);
    const html = await odd.render({ isPrivate: false });
    expect(html).toContain("bb-unclassified");
    expect(await odd.render({ isPrivate: true })).toContain("bb-private");
  });
});

describe("the check dialog", () => {
  it("Mr Tims' two surgery rolls: Perception 6 → two successes; Dexterity 9 → failure", async () => {
    const a = await tims();
    const surgery = a.items.find((i: any) => i.name === "Surgery");
    const pending = performFlangeCheck(a, { skill: surgery.id });
    const dialog = await waitForDialog();
    const panel = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    const odds = R.checkOdds({ dice: 2, target: 6 });
    expect(panel()).toContain(`${(odds.outcomes.find((o) => o.key === "readySalted")!.p * 100).toFixed(1)}%`);
    expect(panel()).toContain("Critical failure");
    scriptDiceFaces([6, 8]);
    await answerDialog({ action: "roll" });
    expect((await pending)?.checkResult).toMatchObject({ successes: 2, outcome: "readySalted" });
    scriptDiceFaces([6, 8]);
    const second = await performFlangeCheck(a, { skill: surgery.id, attribute: "dexterity" }, shift);
    expect(second?.checkResult).toMatchObject({ successes: 0, outcome: "failure", criticalFailure: false });
    const html: HTMLElement = await msgs().at(-1).renderHTML();
    expect(html.textContent).toContain("Failure");
    expect(html.textContent).toContain("Surgery on Dexterity 9");
  });

  it("the superglue roll: two dice fewer leaves none → one die needing a 10; a 1 is a critical failure", async () => {
    const a = await tims();
    const surgery = a.items.find((i: any) => i.name === "Surgery");
    scriptDiceFaces([1]);
    const r = await performFlangeCheck(a, { skill: surgery.id, attribute: "dexterity", diceModifier: -2 }, shift);
    expect(r?.formula).toBe("1dzt10");
    expect(r?.checkResult).toMatchObject({ outcome: "criticalFailure", ones: 1 });
    const html: HTMLElement = await msgs().at(-1).renderHTML();
    expect(html.textContent).toContain("1 natural 1s");
  });

  it("attribute-only rolls use three dice; Edge dice and target are spent, and the floor is 5", async () => {
    const a = await tims({ edge: { points: 3, spent: 0 } });
    scriptDiceFaces([5, 5, 5, 5]);
    const r = await performFlangeCheck(a, { skill: "", attribute: "perception", edgeDice: 1, edgeTarget: 1 }, shift);
    expect(r?.formula).toBe("4dzt5");
    expect(r?.checkResult?.successes).toBe(4);
    expect(a.system.edge.spent).toBe(2);
    expect(a.system.edgeAvailable).toBe(1);
    expect(() => buildCheck(a.system, defaultChoices(a.system, { skill: "", attribute: "perception", edgeTarget: 1, edgeDice: 1 }))).toThrow(/1 is available/);
    expect(() => buildCheck(a.system, defaultChoices(a.system, { skill: "", attribute: "perception", targetModifier: -1, edgeTarget: 1 }))).toThrow(/never below 5/);
  });

  it("a user who does not own the character cannot spend its Edge: nothing rolled or spent", async () => {
    const p1 = createUser({ name: "Observer" });
    const a = await tims({ edge: { points: 2, spent: 0 } });
    await a.update({ ownership: { [p1.id!]: 2 } });
    const before = msgs().length;
    const r = await asUser(p1, () => performFlangeCheck(a, { skill: "", attribute: "perception", edgeDice: 1 }, shift));
    expect(r).toBeNull();
    expect(msgs().length).toBe(before);
    expect(a.system.edge.spent).toBe(0);
  });

  it("refuses a typed bad number in the dialog and rolls nothing", async () => {
    const a = await tims();
    const before = msgs().length;
    const pending = performFlangeCheck(a);
    const dialog = await waitForDialog();
    fillForm(dialog.element, { diceModifier: "2.5" });
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toMatch(/not a whole number/);
    expect((dialog.element.querySelector('button[data-action="roll"]') as HTMLButtonElement).disabled).toBe(true);
    fillForm(dialog.element, { diceModifier: "0" });
    await answerDialog({ action: "cancel" });
    expect(await pending).toBeNull();
    expect(msgs().length).toBe(before);
  });
});

describe("the Edge re-roll", () => {
  it("runs once through the GM for the roller's player, spends one Edge and posts the new result", async () => {
    const p1 = createUser({ name: "Tims' player" });
    const a = await tims({ edge: { points: 2, spent: 0 } });
    await a.update({ ownership: { [p1.id!]: 3 } });
    const surgery = a.items.find((i: any) => i.name === "Surgery");
    scriptDiceFaces([2, 3]);
    await asUser(p1, () => performFlangeCheck(a, { skill: surgery.id }, shift));
    const first = msgs().at(-1);
    scriptDiceFaces([7, 9]);
    await asUser(p1, () => onEdgeReroll(first));
    const second = msgs().at(-1);
    expect(second.id).not.toBe(first.id);
    expect(second.rolls[0].checkResult).toMatchObject({ successes: 2, rerolled: true });
    expect(a.system.edge.spent).toBe(1);
    expect(first.rolls[0].check.superseded).toBe(true);
    // Once per task: the old card and the new one both refuse.
    await asUser(p1, () => onEdgeReroll(first));
    await asUser(p1, () => onEdgeReroll(second));
    expect(msgs().at(-1).id).toBe(second.id);
    expect(a.system.edge.spent).toBe(1);
    const html: HTMLElement = await first.renderHTML();
    expect(html.querySelector('[data-bb-action="flange.edgeReroll"]')).toBeNull();
  });

  it("refuses a player who does not own the roller, and one without Edge left", async () => {
    const p1 = createUser({ name: "Owner" });
    const p2 = createUser({ name: "Bystander" });
    const a = await tims({ edge: { points: 1, spent: 1 } });
    await a.update({ ownership: { [p1.id!]: 3 } });
    const surgery = a.items.find((i: any) => i.name === "Surgery");
    scriptDiceFaces([2, 3]);
    await asUser(p1, () => performFlangeCheck(a, { skill: surgery.id }, shift));
    const card = msgs().at(-1);
    const { RELAY_QUERY } = await import("../../../src/core/relay");
    const r: any = await asUser(p2, () => (gmUser() as any).query(RELAY_QUERY, { action: "flange.edgeReroll", requesterId: p2.id, targetUuid: a.uuid, payload: { messageId: card.id } }));
    expect(r.ok).toBe(false);
    await asUser(p1, () => onEdgeReroll(card));
    expect(msgs().at(-1).id).toBe(card.id);
  });

  it("spent Edge returns when the GM refreshes it", async () => {
    const a = await tims({ edge: { points: 3, spent: 2 } });
    expect(await refreshEdge([a])).toBe(1);
    expect(a.system.edgeAvailable).toBe(3);
    const p1 = createUser({ name: "P" });
    await a.update({ system: { edge: { spent: 1 } } });
    expect(await asUser(p1, () => refreshEdge([a]))).toBe(0);
    expect(a.system.edge.spent).toBe(1);
  });
});

describe("when spent Edge returns", () => {
  it("the macro refreshes every Flange character with {all: true}", async () => {
    const a = await tims({ edge: { points: 3, spent: 2 } });
    const b = await flangeCharacter("Don", { edge: { points: 1, spent: 1 } });
    expect(await (game as any).breadbox.flange.refreshEdge({ all: true })).toBe(2);
    expect([a.system.edgeAvailable, b.system.edgeAvailable]).toEqual([3, 1]);
  });

  it("with the encounter-end setting, ending a combat refreshes its Flange combatants; by default it does not", async () => {
    const a = await tims({ edge: { points: 3, spent: 2 } });
    const first: any = await Combat.create({} as never);
    await first.createEmbeddedDocuments("Combatant", [{ actorId: a.id, name: "Tims" }]);
    await first.delete();
    await new Promise((r) => setTimeout(r, 0));
    expect(a.system.edge.spent).toBe(2);
    await (game as any).settings.set("breadbox", "flange.edgeRefresh", "combatEnd");
    const second: any = await Combat.create({} as never);
    await second.createEmbeddedDocuments("Combatant", [{ actorId: a.id, name: "Tims" }]);
    await second.delete();
    await new Promise((r) => setTimeout(r, 10));
    expect(a.system.edge.spent).toBe(0);
  });
});

describe("opposed rolls", () => {
  // Against a targeted character the roll is the flange.opposed exchange: test/adapter/flange/opposed.test.ts.
  it("with no target, rolls against an unnamed opponent; both without success lose", async () => {
    const a = await tims();
    (game.user as any).targets = new Set();
    scriptDiceFaces([1, 2, 3, 4, 5]);
    const r = await performOpposedCheck(a, null, { first: defaultChoices(a.system, { skill: "", attribute: "dexterity" }), second: { kind: "unnamed", dice: 2, target: 9 } });
    expect(r?.comparison.outcome).toBe("bothLose");
  });

  it("the dialog: each side under its name, the unnamed opponent's dice and target read from its inputs", async () => {
    const a = await tims();
    (game.user as any).targets = new Set();
    const pending = performOpposedCheck(a);
    const dialog = await waitForDialog();
    const root: HTMLElement = dialog.element;
    expect(root.querySelector(".bb-check-dialog.flange-opposed-dialog")).not.toBeNull();
    expect([...root.querySelectorAll(".flange-opposed-dialog > fieldset > legend")].map((l) => l.textContent)).toEqual(["Mr Tims", "Opponent"]);
    const dice = root.querySelector<HTMLInputElement>('.flange-unnamed input[name="second-dice"]')!;
    expect([dice.id, dice.value, dice.min, dice.max]).toEqual(["bb-flange-opp-second-dice", String(R.ATTRIBUTE_ONLY_DICE), "0", String(R.CHECK_DICE_MAX)]);
    expect(root.querySelector('label[for="bb-flange-opp-second-target"]')?.textContent).toBe("Opponent's target number");
    fillForm(root, { "second-target": "0" });
    expect((root.querySelector('button[data-action="roll"]') as HTMLButtonElement).disabled).toBe(true);
    fillForm(root, { "second-dice": "2", "second-target": "9" });
    scriptDiceFaces([1, 2, 3, 4, 5]);
    await answerDialog({ action: "roll" });
    const r = await pending;
    expect(r?.second.checkResult?.pool).toMatchObject({ dice: 2, target: 9 });
  });
});
