import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { PoolActorSheet } from "../../../src/rulesets/pool/sheets/actor-sheet";
import { PoolItemSheet } from "../../../src/rulesets/pool/sheets/item-sheet";

// A pool world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("pool"));

async function open(doc: any) {
  const sheet = doc.sheet;
  await sheet.render({ force: true });
  await settle();
  return sheet;
}

function click(sheet: any, selector: string) {
  const el = sheet.element.querySelector(selector) as HTMLElement | null;
  if (!el) throw new Error(`no ${selector}`);
  el.click();
}

function unlocalized(root: HTMLElement): string[] {
  return (root.textContent ?? "").match(/\b(BREADBOX|TYPES)\.[A-Za-z.]+/g) ?? [];
}

async function character(): Promise<any> {
  const a: any = await Actor.create({ name: "Mira", type: "pool", system: { wounds: [{ kind: "mental", degree: 2, nonlethal: true }] } } as never);
  await a.createEmbeddedDocuments("Item", [
    { name: "Athletics", type: "poolAbility", system: { rating: 2 } },
    { name: "Climbing", type: "poolAbility", system: { rating: 0, parentTrait: "Athletics" } },
    { name: "Agility", type: "poolAttribute", system: { score: 1 } },
    { name: "Grit", type: "poolAttribute", system: { score: 2, role: "toughness" } },
    { name: "Spear", type: "poolWeapon", system: { ability: "Athletics", attribute: "Agility", damageModifier: 1 } },
    { name: "Leather", type: "poolArmor", system: { rating: 1 } },
    { name: "Rope", type: "poolGear", system: { quantity: 2 } },
  ]);
  return a;
}

describe("Dice Pool character sheet", () => {
  it("renders the trees as trees, every derived value, in play and edit mode, all strings localized", async () => {
    const a = await character();
    const sheet = await open(a);
    expect(sheet).toBeInstanceOf(PoolActorSheet);
    const rows = [...sheet.element.querySelectorAll(".pool-abilities .bb-tree-row")].map((r: any) => [r.dataset.traitId, r.dataset.depth]);
    expect(rows).toEqual([["Athletics", "0"], ["Climbing", "1"]]);
    expect(sheet.element.querySelector(".pool-attributes")?.textContent).toContain("Toughness");
    expect(sheet.element.querySelector(".pool-defender")?.textContent).toContain("2");
    expect(sheet.element.querySelector(".pool-wounds")?.textContent).toMatch(/Mental/);
    expect(sheet.element.textContent).toContain(`mental: ${a.system.status.penalties.mental}`);
    expect(unlocalized(sheet.element)).toEqual([]);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    expect(sheet.element.classList.contains("edit-mode")).toBe(true);
    expect(sheet.element.querySelector('[data-item-field="system.rating"]')).not.toBeNull();
    expect(unlocalized(sheet.element)).toEqual([]);
  });

  it("number inputs take their limits from the models and refuse bad values with a message", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    const rating = sheet.element.querySelector('[data-trait-id="Athletics"] [data-item-field="system.rating"]') as HTMLInputElement;
    expect(rating.max).toBe("20");
    expect(rating.min).toBe("0");
    rating.value = "99";
    rating.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(notifications().some((n) => n.type === "error")).toBe(true);
    expect(a.items.getName("Athletics").system.rating).toBe(2);
  });

  it("a trait is one click from a check: the dialog opens with it chosen and the roll posts a card", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-trait-id="Climbing"] [data-action="rollAbility"]');
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="ability"]') as HTMLSelectElement).value).toBe("Climbing");
    scriptDiceFaces([5, 6, 7]);
    await answerDialog({ action: "roll" });
    await settle();
    const message = (game as any).messages.contents.at(-1);
    expect(message.rolls[0].checkResult.total).toBe(18);
    expect(message.rolls[0].check.parts[0].label).toContain("Athletics");
  });

  it("adds and removes wounds, and editing one keeps its other fields", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    click(sheet, '[data-action="addWound"]');
    await settle();
    expect(a.system.wounds).toHaveLength(2);
    const degree = sheet.element.querySelector('input[name="system.wounds.0.degree"]') as HTMLInputElement;
    degree.value = "3";
    degree.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(a.system.wounds[0]).toMatchObject({ kind: "mental", degree: 3, nonlethal: true });
    click(sheet, '[data-action="removeWound"][data-index="1"]');
    await settle();
    expect(a.system.wounds).toHaveLength(1);
  });
});

describe("Dice Pool item sheets", () => {
  it("every item type renders with a summary and localized strings, in both modes", async () => {
    const a = await character();
    for (const item of a.items) {
      const sheet = await open(item);
      expect(sheet).toBeInstanceOf(PoolItemSheet);
      expect(sheet.element.querySelector(".bb-summary")?.textContent?.trim()).not.toBe("");
      expect(unlocalized(sheet.element), item.name).toEqual([]);
      click(sheet, '[data-action="toggleMode"]');
      await settle();
      expect(unlocalized(sheet.element)).toEqual([]);
      await sheet.close();
    }
  });
});

describe("the dice-phobe button", () => {
  it("posts the fixed total without rolling a die", async () => {
    const a = await character();
    const sheet = await open(a);
    click(sheet, '[data-action="rollPhobe"]');
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="resolution"]') as HTMLSelectElement).value).toBe("dicePhobe");
    const { fillForm } = await import("../../harness/index");
    fillForm(dialog.element, { ability: "Athletics", attribute: "Agility", difficulty: "15" });
    await answerDialog({ action: "roll" });
    await settle();
    const roll = (game as any).messages.contents.at(-1).rolls[0];
    // 3 Add dice, 1 Bonus die, and the mental wound's penalty does not touch physical activity.
    expect(roll.dice).toHaveLength(0);
    expect(roll.checkResult).toMatchObject({ mode: "dicePhobe", total: 16, outcome: "success" });
  });
});

describe("the complex-action tracker", () => {
  it("each roll adds its degree to the running total, shown on the sheet and on the card, until complete", async () => {
    const a = await character();
    await a.update({ system: { complexActions: [{ name: "Fix the car", ability: "Athletics", attribute: "Agility", difficulty: 10, required: 3, interval: "1 hour", accumulated: 0, rolls: 0 }] } });
    const sheet = await open(a);
    expect(sheet.element.querySelector(".pool-complex")?.textContent).toContain("0 / 3");
    // 3 Add + 1 Bonus d8 vs 10: keep 8, 7, 6 of 8, 7, 6, 1 → 21, degree 2: "levels" counts 3.
    click(sheet, '[data-complex-index="0"] [data-action="rollComplex"]');
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('input[name="difficulty"]') as HTMLInputElement).value).toBe("10");
    scriptDiceFaces([8, 7, 6, 1]);
    await answerDialog({ action: "roll" });
    await settle();
    expect(a.system.complexActions[0]).toMatchObject({ accumulated: 3, rolls: 1 });
    expect(a.system.complexComplete[0]).toBe(true);
    const html: HTMLElement = await (game as any).messages.contents.at(-1).renderHTML();
    expect(html.querySelector(".bb-complex")?.textContent).toContain("Fix the car: +3 → 3 of 3 degrees after 1 rolls — complete!");
    await settle();
    expect(sheet.element.querySelector(".pool-complex")?.textContent).toContain("Complete");
    expect(sheet.element.querySelector('[data-complex-index="0"] [data-action="rollComplex"]')).toBeNull();
  });

  it("counts plain degrees under the \"degrees\" setting, and failures subtract", async () => {
    await (game as any).settings.set("breadbox", "pool.complexCounting", "degrees");
    const a = await character();
    await a.update({ system: { complexActions: [{ name: "Hack", ability: "Athletics", attribute: "", difficulty: 20, required: 4, interval: "", accumulated: 2, rolls: 3 }] } });
    const { rollComplexAction } = await import("../../../src/rulesets/pool/complex");
    const pending = rollComplexAction(a, 0);
    await waitForDialog();
    // 3 Add d8: 2 + 3 + 4 = 9 vs 20: failure by 11 → degree 2, counted −2.
    scriptDiceFaces([2, 3, 4]);
    await answerDialog({ action: "roll" });
    await pending;
    expect(a.system.complexActions[0]).toMatchObject({ accumulated: 0, rolls: 4 });
  });
});
