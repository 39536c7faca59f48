/**
 * Creation budget (a setting; over/under on the sheet), wound penalties by activity (per trait,
 * inherited down the tree, with each wound named as a source), and hotbar macros for traits.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, fillForm, settle, waitForDialog } from "../../harness/index";
import { bootSystem } from "../toaster/boot";
import { buildCheck, defaultChoices, performPoolCheck } from "../../../src/rulesets/pool/checks";
import * as R from "../../../src/rulesets/pool/rules";

beforeEach(bootSystem);

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
