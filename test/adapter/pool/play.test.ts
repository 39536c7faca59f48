/**
 * Creation budget (a setting; over/under on the sheet), wound penalties by activity (per trait,
 * inherited down the tree, with each wound named as a source), and hotbar macros for traits.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, settle, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { buildCheck, defaultChoices, performPoolCheck } from "../../../src/rulesets/pool/checks";
import * as R from "../../../src/rulesets/pool/rules";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

const g = () => game as any;

async function hero(system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name: "Jun", type: "pool", system } as never);
  await actor.createEmbeddedDocuments("Item", [
    { name: "Body", type: "poolAbility", system: { rating: 3, activity: "physical" } },
    { name: "Running", type: "poolAbility", system: { rating: 2, parentTrait: "Body" } },
    { name: "Mind", type: "poolAbility", system: { rating: 4, activity: "mental" } },
    { name: "Chess", type: "poolAbility", system: { rating: 5, parentTrait: "Mind" } },
    { name: "Haggling", type: "poolAbility", system: { rating: 2 } },
    { name: "Wits", type: "poolAttribute", system: { score: 2, role: "wits", activity: "mental" } },
    { name: "Clumsy", type: "poolAttribute", system: { score: -1 } },
  ]);
  return actor;
}

describe("creation budget", () => {
  it("the core counts ability points and attribute points (negative scores give points back)", () => {
    const b = R.creationBudget({ abilityRatings: [3, 2, 4], attributeScores: [2, -1], abilityPoints: 8, attributePoints: 1 });
    expect(b.abilities).toEqual({ spent: 9, allowed: 8, remaining: -1, over: true });
    expect(b.attributes).toEqual({ spent: 1, allowed: 1, remaining: 0, over: false });
    expect(b.ok).toBe(false);
    expect(() => R.creationBudget({ abilityRatings: [1.5], attributeScores: [], abilityPoints: 1, attributePoints: 1 })).toThrow(RangeError);
  });

  it("is derived on the actor from the world's settings and shown over/under on the sheet", async () => {
    const a = await hero();
    // 3 + 2 + 4 + 5 + 2 = 16 of 20 ability points; 2 − 1 = 1 of 4 attribute points.
    expect(a.system.budget.abilities).toMatchObject({ spent: 16, allowed: 20, over: false });
    await g().settings.set("breadbox", "pool.abilityPoints", 12);
    expect(a.system.budget.abilities).toMatchObject({ spent: 16, allowed: 12, remaining: -4, over: true });
    await a.sheet.render({ force: true });
    await settle();
    const dd = a.sheet.element.querySelector(".pool-budget-abilities");
    expect(dd.textContent).toContain("16 / 12");
    expect(dd.textContent).toContain("4 over the budget");
    expect(dd.classList.contains("bb-bad")).toBe(true);
    await g().settings.set("breadbox", "pool.creationBudget", false);
    expect(a.system.budget).toBeNull();
    await a.sheet.render({ force: true });
    await settle();
    expect(a.sheet.element.querySelector(".pool-budget")).toBeNull();
  });
});

describe("the cached pool rules", () => {
  it("a changed setting is seen at once, by the rules and by every character's preparation", async () => {
    const { poolRules } = await import("../../../src/rulesets/pool/settings");
    const a = await hero();
    expect(poolRules().abilityPoints).toBe(20);
    expect(poolRules()).toBe(poolRules());
    await g().settings.set("breadbox", "pool.abilityPoints", 7);
    expect(poolRules().abilityPoints).toBe(7);
    expect(a.system.budget.abilities.allowed).toBe(7);
    a.prepareData();
    expect(a.system.budget.abilities.allowed).toBe(7);
    await g().settings.set("breadbox", "pool.defaultActivity", "mental");
    expect(poolRules().defaultActivity).toBe("mental");
    expect(a.system.abilityActivity.Haggling).toBe("mental");
  });
});

describe("wound penalties by activity", () => {
  const wounds = [{ kind: "physical", degree: 4, nonlethal: false }, { kind: "mental", degree: 2, nonlethal: false }];

  it("a trait's activity is its own, else its parent's, else the world default", async () => {
    const a = await hero();
    expect(a.system.abilityActivity.Running).toBe("physical");
    expect(a.system.abilityActivity.Chess).toBe("mental");
    expect(a.system.abilityActivity.Haggling).toBe("physical");
    await g().settings.set("breadbox", "pool.defaultActivity", "mental");
    expect(a.system.abilityActivity.Haggling).toBe("mental");
    expect(a.system.abilityActivity.Running).toBe("physical");
    expect(a.system.attributeActivity.wits).toBe("mental");
  });

  it("the check takes the chosen trait's penalties, each wound named with its dice", async () => {
    const a = await hero({ wounds });
    const { physical, mental } = a.system.status.penalties;
    expect(physical).toBeGreaterThan(0);
    const run = buildCheck(a.system, defaultChoices(a.system, { ability: "Running" }));
    expect(run.activity).toBe("physical");
    expect(run.options.pool.penaltyDice).toBe(physical);
    expect(run.wounds.reduce((s, w) => s + w.penalty, 0)).toBe(physical);
    expect(run.wounds[0]!.label).toBe("Physical wound, Critical");
    const chess = buildCheck(a.system, defaultChoices(a.system, { ability: "Chess" }));
    expect(chess.activity).toBe("mental");
    expect(chess.options.pool.penaltyDice).toBe(mental);
    // The dialog can still override the trait's activity.
    expect(buildCheck(a.system, defaultChoices(a.system, { ability: "Chess", activity: "physical" })).options.pool.penaltyDice).toBe(physical);
  });

  it("the dialog shows the activity and the wounds behind the penalty", async () => {
    const a = await hero({ wounds });
    const pending = performPoolCheck(a, { ability: "Chess" });
    const dialog = await waitForDialog();
    const text = () => dialog.element.querySelector("[data-bb-odds]")!.textContent!;
    expect(text()).toContain("Counts as Mental activity");
    fillForm(dialog.element, { activity: "physical" });
    expect(text()).toContain("Counts as Physical activity");
    expect(text()).toMatch(/Physical wound, \w+ −\d/);
    await answerDialog({ action: "cancel" });
    await pending;
  });
});

describe("hotbar macros for traits", () => {
  async function dropOnSlot(data: Record<string, unknown>, slot: number) {
    await (ui as any).hotbar.drop(data, slot);
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    const id = g().user.hotbar?.[slot];
    return id ? g().macros.get(id) : undefined;
  }

  it("an ability dragged from the sheet becomes a macro that opens its check for the speaking actor", async () => {
    const a = await hero();
    await a.sheet.render({ force: true });
    await settle();
    const row = a.sheet.element.querySelector('[data-trait-id="Running"]') as HTMLElement;
    let payload = "";
    const event = new Event("dragstart", { bubbles: true });
    Object.defineProperty(event, "dataTransfer", { value: { setData: (_t: string, v: string) => (payload = v) } });
    row.dispatchEvent(event);
    const macro = await dropOnSlot(JSON.parse(payload), 2);
    expect(macro?.name).toBe("Running");
    expect(macro?.command).toMatch(/"ruleset":"pool","kind":"ability","name":"Running"/);
    g().user.character = a;
    const run = macro.execute();
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="ability"]') as HTMLSelectElement).value).toBe("Running");
    await answerDialog({ action: "roll" });
    await run;
    await settle();
    expect(g().messages.contents.at(-1).rolls[0].check.title).toContain("Running");
  });

  it("an attribute macro uses the attribute's role; a trait the actor lacks is reported", async () => {
    const a = await hero();
    g().user.character = a;
    const run = g().breadbox.rollMacro({ ruleset: "pool", kind: "attribute", name: "Wits" });
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="attribute"]') as HTMLSelectElement).value).toBe("wits");
    await answerDialog({ action: "cancel" });
    await run;
    await g().breadbox.rollMacro({ ruleset: "pool", kind: "ability", name: "Juggling" });
    expect((ui as any).notifications.history.at(-1).message).toBe('Jun has no ability named "Juggling": the macro rolled nothing.');
    expect(g().messages.size).toBe(0);
  });
});

describe("the default trait tree pack (packs/_source/pool-traits)", () => {
  it("imports whole into a character as one clean tree: every named attribute role, activities on the branches", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const dir = path.join(process.cwd(), "packs/_source/pool-traits");
    const docs = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const actor: any = await Actor.create({ name: "Import", type: "pool" } as never);
    await actor.createEmbeddedDocuments("Item", docs.map(({ name, type, system }) => ({ name, type, system })));
    expect(actor.system.problems).toEqual([]);
    const roles = actor.system.attributeTree.rows.map((r: any) => r.traitId);
    for (const role of R.NAMED_ATTRIBUTES) expect(roles).toContain(role);
    // Every ability is a node (rating 0): a check falls back up to a top trait with no score.
    expect(actor.system.abilityTree.rows.every((r: any) => r.score === 0)).toBe(true);
    expect(actor.system.abilityTree.rows.filter((r: any) => r.depth === 0).length).toBeGreaterThanOrEqual(8);
    expect(actor.system.abilityActivity.Surgery).toBe("mental");
    expect(actor.system.abilityActivity.Blades).toBe("physical");
    // Mechanics only: no prose.
    expect(docs.every((d) => d.system.description === "")).toBe(true);
  });
});

describe("complex actions on the sheet refuse bad numbers", () => {
  it("a required degree of 0 or a Difficulty past the limit is refused with a message; nothing changes", async () => {
    const a = await hero({ complexActions: [{ name: "Fix the car", ability: "Body", attribute: "", difficulty: 20, required: 5, interval: "1 h", accumulated: 0, rolls: 0 }] });
    await a.sheet.render({ force: true });
    await settle();
    a.sheet.element.querySelector('[data-action="toggleMode"]').click();
    await settle();
    const before = (ui as any).notifications.history.length;
    for (const [field, value] of [["required", "0"], ["difficulty", "99999"]] as const) {
      const input = a.sheet.element.querySelector(`input[name="system.complexActions.0.${field}"]`) as HTMLInputElement;
      expect(input).not.toBeNull();
      input.value = value;
      input.dispatchEvent(new Event("change", { bubbles: true }));
      await settle();
    }
    const notes = (ui as any).notifications.history.slice(before);
    expect(notes.filter((n: any) => n.type === "error")).toHaveLength(2);
    expect(a.system.complexActions[0]).toMatchObject({ required: 5, difficulty: 20 });
  });
});

describe("complex actions show their exact completion odds on the sheet", () => {
  it("the line is the core's complexCompletion for the character's pool, and disappears once complete", async () => {
    const action = { name: "Fix the car", ability: "Body", attribute: "", difficulty: 12, required: 6, interval: "1 h", accumulated: 2, rolls: 1 };
    const a = await hero({ complexActions: [action] });
    await a.sheet.render({ force: true });
    await settle();
    const line = a.sheet.element.querySelector(".pool-complex-odds")?.textContent ?? "";
    const c = R.complexCompletion({ action: { pool: { addDice: 4, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 12, required: 6, rollInterval: 1, counting: "levels" }, progress: { accumulated: 2, rolls: 1, complete: false }, rolls: 20 });
    expect(c.medianRolls).not.toBeNull();
    expect(line).toContain(`even chance of finishing: ${c.medianRolls};`);
    await a.update({ system: { complexActions: [{ ...action, accumulated: 6 }] } });
    await a.sheet.render({ force: true });
    await settle();
    expect(a.sheet.element.querySelector(".pool-complex-odds")).toBeNull();
  });
});

describe("supporting abilities are an optional rule (setting)", () => {
  it("on: the dialog offers one and it adds Bonus dice; off: none is offered and none applies", async () => {
    const a = await hero();
    const on = buildCheck(a.system, defaultChoices(a.system, { ability: "Running", supporting: "Haggling" }));
    expect(on.options.pool.bonusDice).toBe(2);
    await g().settings.set("breadbox", "pool.supportingAbilities", false);
    const off = buildCheck(a.system, defaultChoices(a.system, { ability: "Running", supporting: "Haggling" }));
    expect(off.options.pool.bonusDice).toBe(0);
    const pending = performPoolCheck(a, { ability: "Running" });
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector('select[name="supporting"]')).toBeNull();
    await answerDialog({ action: "cancel" });
    await pending;
  });
});

describe("the check refuses choices that do not fit, in words", () => {
  it("descendant, supporting ability and conversion problems are localized messages", async () => {
    const a = await hero();
    const build = (p: Record<string, unknown>) => () => buildCheck(a.system, defaultChoices(a.system, p));
    expect(build({ ability: "Running", justified: "Chess" })).toThrow("“Chess” is not a descendant of “Running”");
    expect(build({ ability: "Running", supporting: "Running" })).toThrow("“Running” is the ability of the check");
    expect(build({ ability: "Running", supporting: "Body" })).toThrow("“Body” is an ancestor of “Running”");
    expect(build({ ability: "", attribute: "wits", supporting: "Chess" })).toThrow("helps an ability");
    expect(build({ ability: "Running", convert: 4 })).toThrow("4 Add dice cannot be converted: this pool has 3.");
    expect(build({ ability: "Running", extraAdd: 60 })).toThrow("past the limits");
    expect(build({ ability: "Running", convert: 3 })().options.pool).toEqual({ addDice: 0, bonusDice: 3, penaltyDice: 0, die: "d8" });
  });
});

describe("the Effect Level ('Rolling the dice')", () => {
  it("a success offers the author to raise or lower the Effect Level by its degree; the choice sticks once", async () => {
    const { asUser, createUser } = await import("../../harness/index");
    const { onEffectChoice } = await import("../../../src/rulesets/pool/effect");
    const { scriptDiceFaces } = await import("../../harness/index");
    const a = await hero();
    const pending = performPoolCheck(a, { ability: "Running", difficulty: 10 });
    const dialog = await waitForDialog();
    fillForm(dialog.element, { effectLevel: "3" });
    // 3 Add dice: 8 + 8 + 4 = 20 vs 10 → success, degree 2.
    scriptDiceFaces([8, 8, 4]);
    await answerDialog({ action: "roll" });
    await pending;
    const msg = g().messages.contents.at(-1);
    let html: HTMLElement = await msg.renderHTML();
    expect(html.querySelector(".bb-effect")?.textContent).toContain("Effect Level 3: the Degree of Success 2 may raise or lower it.");
    const buttons = [...html.querySelectorAll<HTMLElement>('[data-bb-action="pool.effect"]')];
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(["Raise to 5", "Lower to 1"]);
    // Another player sees no buttons and cannot choose.
    const other = await createUser({ name: "Other" } as never);
    const asOther: HTMLElement = await asUser(other, () => msg.renderHTML());
    expect(asOther.querySelector('[data-bb-action="pool.effect"]')).toBeNull();
    await asUser(other, () => onEffectChoice(msg, buttons[0]!));
    expect(g().messages.contents.at(-1).rolls[0].options.effectDirection).toBeUndefined();
    await onEffectChoice(msg, buttons[1]!);
    html = await g().messages.contents.at(-1).renderHTML();
    expect(html.querySelector(".bb-effect")?.textContent?.trim()).toBe("Effect Level 3 lowered by 2 to 1.");
    expect(html.querySelector('[data-bb-action="pool.effect"]')).toBeNull();
    await onEffectChoice(g().messages.contents.at(-1), buttons[0]!);
    expect(g().messages.contents.at(-1).rolls[0].options.effectDirection).toBe("lower");
  });

  it("a failure leaves the Effect Level unchanged; a bad Effect Level is refused in words", async () => {
    const a = await hero();
    expect(() => buildCheck(a.system, defaultChoices(a.system, { ability: "Running", effectLevel: 2.5 }))).toThrow("is not a whole number");
    const { scriptDiceFaces } = await import("../../harness/index");
    const pending = performPoolCheck(a, { ability: "Running", difficulty: 20, effectLevel: 4 });
    await waitForDialog();
    scriptDiceFaces([2, 3, 4]);
    await answerDialog({ action: "roll" });
    await pending;
    const html: HTMLElement = await g().messages.contents.at(-1).renderHTML();
    expect(html.querySelector(".bb-effect")?.textContent?.trim()).toBe("Effect Level 4: unchanged (no success).");
  });
});
