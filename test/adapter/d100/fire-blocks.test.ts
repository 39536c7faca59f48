import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import * as R from "../../../src/rulesets/d100/rules";
import { toFireBlock } from "../../../src/rulesets/d100/fire-blocks";

// A d100 world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("d100"));

async function editSheet(item: any) {
  const sheet = item.sheet;
  await sheet.render({ force: true });
  await settle();
  (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
  await settle();
  return sheet;
}

function field(sheet: any, index: number, name: string): HTMLInputElement | HTMLSelectElement {
  const el = sheet.element.querySelector(`.d100-fire-block[data-index="${index}"] [data-fire-field="${name}"]`);
  if (!el) throw new Error(`no fire field ${name} in block ${index}`);
  return el;
}

function type(sheet: any, index: number, name: string, value: string): void {
  const el = field(sheet, index, name);
  el.value = value;
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

const block = (sheet: any, index: number): HTMLElement => sheet.element.querySelector(`.d100-fire-block[data-index="${index}"]`);
const rowsOf = (sheet: any, index: number, list: string): HTMLElement[] => [...block(sheet, index).querySelectorAll<HTMLElement>(`[data-fire-list="${list}"] [data-fire-row]`)];

function set(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Give a list exactly `count` rows with the add and remove buttons. */
async function rowCount(sheet: any, index: number, list: string, count: number): Promise<void> {
  while (rowsOf(sheet, index, list).length < count) {
    (block(sheet, index).querySelector(`[data-fire-list="${list}"] [data-action="addFireRow"]`) as HTMLElement).click();
    await settle();
  }
  while (rowsOf(sheet, index, list).length > count) {
    (rowsOf(sheet, index, list).at(-1)!.querySelector('[data-action="removeFireRow"]') as HTMLElement).click();
    await settle();
  }
}

/** Fill a list of values (AP choices, amounts, damage) row by row. */
async function rows(sheet: any, index: number, list: string, values: string[]): Promise<void> {
  await rowCount(sheet, index, list, values.length);
  rowsOf(sheet, index, list).forEach((r, i) => set(r.querySelector<HTMLInputElement>('[data-fire-part="value"]')!, values[i]!));
  await settle();
}

/** Fill the spread steps: [how, number, up-to number for "between"]. */
async function steps(sheet: any, index: number, list: [string, string, string?][]): Promise<void> {
  await rowCount(sheet, index, "spread", list.length);
  for (let i = 0; i < list.length; i++) {
    const [op, from, to] = list[i]!;
    set(rowsOf(sheet, index, "spread")[i]!.querySelector<HTMLSelectElement>('[data-fire-part="op"]')!, op);
    await settle();
    const r = rowsOf(sheet, index, "spread")[i]!;
    set(r.querySelector<HTMLInputElement>('[data-fire-part="from"]')!, from);
    if (to !== undefined) set(r.querySelector<HTMLInputElement>('[data-fire-part="to"]')!, to);
  }
  await settle();
}

async function save(sheet: any, index: number): Promise<void> {
  (sheet.element.querySelector(`.d100-fire-block[data-index="${index}"] [data-action="saveFireBlock"]`) as HTMLElement).click();
  await settle();
}

function errors(): string[] {
  return notifications()
    .filter((n) => n.type === "error")
    .map((n) => n.message);
}

describe("D10/0 weapon fire blocks on the item sheet", () => {
  it("are read-only in play mode and editable in edit mode: add, edit every field, remove", async () => {
    const w: any = await Item.create({ name: "Carbine", type: "d100Weapon", system: { damage: "10 + 2D", attackAp: 2 } } as never);
    const sheet = w.sheet;
    await sheet.render({ force: true });
    await settle();
    expect(sheet.element.querySelector("[data-fire-field]")).toBeNull();
    expect(sheet.element.querySelector('[data-action="addFireBlock"]')).toBeNull();
    (sheet.element.querySelector('[data-action="toggleMode"]') as HTMLElement).click();
    await settle();

    (sheet.element.querySelector('[data-action="addFireBlock"]') as HTMLElement).click();
    await settle();
    expect(w.system.fireBlocks).toHaveLength(1);
    expect(w.system.fireBlocks[0]).toMatchObject({ kind: "single", apKind: "fixed", apCost: 2, spread: ["> 0"], amounts: [1], damage: ["10 + 2D"] });

    // Build the seed's Three Shot Burst field by field.
    type(sheet, 0, "title", "Three Shot Burst");
    type(sheet, 0, "kind", "burst");
    type(sheet, 0, "apCost", "3");
    await steps(sheet, 0, [["above", "-10"], ["above", "0"], ["above", "10"]]);
    await rows(sheet, 0, "amounts", ["1", "2", "3"]);
    await settle();
    expect(w.system.fireBlocks[0].title).toBe("New fire block");
    await save(sheet, 0);
    expect(errors()).toEqual([]);
    const stored = w.system.fireBlocks[0];
    expect(stored).toMatchObject({ title: "Three Shot Burst", kind: "burst", apCost: 3, spread: ["> -10", "> 0", "> 10"], amounts: [1, 2, 3], damage: ["10 + 2D"] });
    const core = toFireBlock(stored, "b");
    expect(R.evaluateFire(core, { degree: 5 })).toMatchObject({ step: 1, amount: 2, apCost: 3 });

    // A streaming block: AP choice with damage per choice.
    (sheet.element.querySelector('[data-action="addFireBlock"]') as HTMLElement).click();
    await settle();
    type(sheet, 1, "apKind", "choice");
    await settle();
    await rows(sheet, 1, "apChoices", ["3", "4", "5"]);
    await rows(sheet, 1, "damage", ["5 + 2D", "5 + 3D", "5 + 4D"]);
    type(sheet, 1, "damageBy", "apCost");
    await settle();
    await save(sheet, 1);
    expect(errors()).toEqual([]);
    expect(w.system.fireBlocks[1]).toMatchObject({ apKind: "choice", apChoices: [3, 4, 5], damageBy: "apCost", damage: ["5 + 2D", "5 + 3D", "5 + 4D"] });

    (sheet.element.querySelector('.d100-fire-block[data-index="0"] [data-action="removeFireBlock"]') as HTMLElement).click();
    await settle();
    expect(w.system.fireBlocks).toHaveLength(1);
    expect(w.system.fireBlocks[0].damageBy).toBe("apCost");
    expect(sheet.element.querySelector(".bb-summary")?.textContent).toMatch(/1/);
  });

  it("a bad value is refused with a localized message and nothing changes", async () => {
    const w: any = await Item.create({
      name: "Carbine",
      type: "d100Weapon",
      system: { damage: "10 + 2D", fireBlocks: [{ title: "Burst", kind: "burst", apCost: 3, spread: ["> -10", "> 0", "> 10"], amounts: [1, 2, 3], damage: ["10 + 2D"] }] },
    } as never);
    const sheet = await editSheet(w);
    const before = JSON.stringify(w.toObject().system.fireBlocks);
    // Each case changes the block's fields, saves (refused: one localized message, nothing
    // stored), then discards the draft so the sheet shows the stored block again.
    const cases: [string, () => Promise<void>, RegExp][] = [
      ["spread step", () => steps(sheet, 0, [["above", "-10"], ["between", "5", "1"], ["above", "10"]]), /runs backwards/],
      ["spread step empty", () => steps(sheet, 0, [["above", "-10"], ["above", ""], ["above", "10"]]), /Spread steps .*"" must be a whole number/],
      ["no spread", () => steps(sheet, 0, []), /spread steps/],
      ["damage", () => rows(sheet, 0, "damage", ["10 - 2D"]), /notation|damage/i],
      ["amounts", () => rows(sheet, 0, "amounts", ["1", "2"]), /one amount or one per spread step/],
      ["amounts", () => rows(sheet, 0, "amounts", ["1", "", "3"]), /whole number/],
      ["amounts", () => rows(sheet, 0, "amounts", ["1", "2", "500"]), /whole number from 0 to 100/],
      ["amountKind", async () => type(sheet, 0, "amountKind", "perX"), /base \+ X AP cost/],
      ["damageBy", async () => type(sheet, 0, "damageBy", "step"), /needs 3 damage notation/],
      ["apKind", async () => type(sheet, 0, "apKind", "choice"), /number of AP costs/],
      ["apCost", async () => type(sheet, 0, "apCost", "-1"), /.+/],
      ["apCost", async () => type(sheet, 0, "apCost", "2.5"), /.+/],
    ];
    for (const [name, change, message] of cases) {
      const count = errors().length;
      await change();
      await settle();
      await save(sheet, 0);
      const got = errors().slice(count);
      expect(got, name).toHaveLength(1);
      expect(got[0], name).toMatch(message);
      expect(got[0]).not.toMatch(/BREADBOX\./);
      expect(JSON.stringify(w.toObject().system.fireBlocks), name).toBe(before);
      // What was typed stays on the sheet as unsaved; "Discard changes" shows the stored block again.
      (block(sheet, 0).querySelector('[data-action="discardFireBlock"]') as HTMLElement).click();
      await settle();
      expect(block(sheet, 0).querySelector('[data-action="discardFireBlock"]')).toBeNull();
      expect(rowsOf(sheet, 0, "spread").map((r) => r.querySelector<HTMLInputElement>('[data-fire-part="from"]')!.value)).toEqual(["-10", "0", "10"]);
    }
  });
});
