/**
 * Issue 24.7 (h24a): D10/0's fire-block editor is rows with add and remove buttons, a spread step is
 * chosen in words, and no ';'-separated list is left on screen. Stored blocks keep their shape.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";
import { open, text } from "./spec";

beforeEach(bootWorld("d100"), 30_000);

const BOOK_BURST = { title: "Burst", kind: "burst", apCost: 3, spread: ["> -10", "1 - 10", "11+"], amounts: [1, 2, 3], damage: ["10 + 2D"] };

async function weapon(blocks: object[]): Promise<any> {
  return Item.create({ name: "Carbine", type: "d100Weapon", system: { damage: "10 + 2D", attackAp: 2, fireBlocks: blocks } } as never);
}

const block = (sheet: any, i: number): HTMLElement => sheet.element.querySelector(`.d100-fire-block[data-index="${i}"]`);
const rows = (sheet: any, i: number, list: string): HTMLElement[] => [...block(sheet, i).querySelectorAll<HTMLElement>(`[data-fire-list="${list}"] [data-fire-row]`)];
const part = (row: HTMLElement, name: string) => row.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-fire-part="${name}"]`);

function set(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

async function click(el: Element | null | undefined): Promise<void> {
  expect(el).toBeTruthy();
  (el as HTMLElement).click();
  await settle();
}

describe("D10/0 fire-block editor: rows, not ';' lists (issue 24.7)", () => {
  it("shows a stored block as rows: every list one value per row, spread steps in words", async () => {
    const w = await weapon([BOOK_BURST]);
    const sheet = await open(w, true);
    const el: HTMLElement = sheet.element;
    // No mini-language on screen: no value or placeholder holds a ';' list.
    for (const input of el.querySelectorAll<HTMLInputElement>(".d100-fire-block input")) {
      expect(input.value, input.id).not.toContain(";");
      expect(input.placeholder, input.id).not.toContain(";");
    }
    expect(text(el.querySelector(".d100-fire-block"))).not.toMatch(/separated|;/);
    // The book's "> -10", "1 - 10", "11+" read "more than -10", "from 1 to 10", "more than 10".
    const spread = rows(sheet, 0, "spread").map((r) => [part(r, "op")!.value, part(r, "from")!.value, part(r, "to")?.value ?? null]);
    expect(spread).toEqual([
      ["above", "-10", null],
      ["between", "1", "10"],
      ["above", "10", null],
    ]);
    expect(rows(sheet, 0, "amounts").map((r) => part(r, "value")!.value)).toEqual(["1", "2", "3"]);
    expect(rows(sheet, 0, "damage").map((r) => part(r, "value")!.value)).toEqual(["10 + 2D"]);
    // Every row control has a label the screen reader can name.
    for (const input of el.querySelectorAll<HTMLElement>("[data-fire-part]")) {
      const named = input.getAttribute("aria-label") || el.querySelector(`label[for="${input.id}"]`)?.textContent;
      expect(named, input.id).toBeTruthy();
    }
    // Its heading in the game's words, capitalised like the sheet's other headings (issue 24).
    const headings = [...el.querySelectorAll("h2")].map((h) => h.textContent!.trim());
    expect(headings).toContain("Fire blocks");
    for (const h of headings) expect(h, h).toMatch(/^[^a-z]/);
    // The AP cost choices apply only to a choice of costs: not shown for a fixed cost.
    expect(block(sheet, 0).querySelector('[data-fire-list="apChoices"]')).toBeNull();
    await sheet.close();

    // Play mode: the steps in words, no notation list.
    const play = await open(w, false);
    expect([...play.element.querySelectorAll("h2")].map((h: Element) => h.textContent!.trim())).toContain("Fire blocks");
    expect(text(play.element.querySelector(".bb-list"))).toContain("effort more than -10 · effort 1 to 10 · effort more than 10");
    await play.close();
  });

  it("adds and removes rows without storing anything until the block is saved; the stored shape is the book's notation", async () => {
    const w = await weapon([BOOK_BURST]);
    const sheet = await open(w, true);
    const before = JSON.stringify(w.toObject().system.fireBlocks);
    // A fourth step "from 25 to 40" and a fourth amount; the title typed first is kept across the re-renders.
    set(block(sheet, 0).querySelector<HTMLInputElement>('[data-fire-field="title"]')!, "Long burst");
    await click(block(sheet, 0).querySelector('[data-fire-list="spread"] [data-action="addFireRow"]'));
    expect(rows(sheet, 0, "spread")).toHaveLength(4);
    set(part(rows(sheet, 0, "spread")[3]!, "op")!, "between");
    await settle();
    set(part(rows(sheet, 0, "spread")[3]!, "from")!, "25");
    set(part(rows(sheet, 0, "spread")[3]!, "to")!, "40");
    await click(block(sheet, 0).querySelector('[data-fire-list="amounts"] [data-action="addFireRow"]'));
    set(part(rows(sheet, 0, "amounts")[3]!, "value")!, "4");
    await settle();
    expect(block(sheet, 0).querySelector<HTMLInputElement>('[data-fire-field="title"]')!.value).toBe("Long burst");
    expect(text(block(sheet, 0))).toContain("Unsaved changes");
    expect(JSON.stringify(w.toObject().system.fireBlocks)).toBe(before);

    await click(block(sheet, 0).querySelector('[data-action="saveFireBlock"]'));
    expect(notifications().filter((n) => n.type === "error")).toEqual([]);
    expect(w.system.fireBlocks[0]).toMatchObject({ title: "Long burst", spread: ["> -10", "1 - 10", "> 10", "25 - 40"], amounts: [1, 2, 3, 4] });
    expect(text(block(sheet, 0))).not.toContain("Unsaved changes");

    // Removing a row: the second amount goes, the others move up.
    await click(rows(sheet, 0, "amounts")[1]!.querySelector('[data-action="removeFireRow"]'));
    expect(rows(sheet, 0, "amounts").map((r) => part(r, "value")!.value)).toEqual(["1", "3", "4"]);
    expect(w.system.fireBlocks[0].amounts).toEqual([1, 2, 3, 4]);
    await sheet.close();
  });

  it("a choice of AP costs shows its cost rows; a step 'from 0 to 0' is stored as '= 0'", async () => {
    const w = await weapon([{ title: "Stream", kind: "streaming", apKind: "choice", apChoices: [3, 4], spread: ["> 0"], amounts: [1], damageBy: "apCost", damage: ["5 + 2D", "5 + 3D"] }]);
    const sheet = await open(w, true);
    expect(block(sheet, 0).querySelector('[data-fire-field="apCost"]')).toBeNull();
    expect(rows(sheet, 0, "apChoices").map((r) => part(r, "value")!.value)).toEqual(["3", "4"]);
    await click(block(sheet, 0).querySelector('[data-fire-list="apChoices"] [data-action="addFireRow"]'));
    set(part(rows(sheet, 0, "apChoices")[2]!, "value")!, "5");
    await click(block(sheet, 0).querySelector('[data-fire-list="damage"] [data-action="addFireRow"]'));
    set(part(rows(sheet, 0, "damage")[2]!, "value")!, "5 + 4D");
    set(part(rows(sheet, 0, "spread")[0]!, "op")!, "between");
    await settle();
    set(part(rows(sheet, 0, "spread")[0]!, "from")!, "0");
    set(part(rows(sheet, 0, "spread")[0]!, "to")!, "0");
    await click(block(sheet, 0).querySelector('[data-action="saveFireBlock"]'));
    expect(notifications().filter((n) => n.type === "error")).toEqual([]);
    expect(w.system.fireBlocks[0]).toMatchObject({ apChoices: [3, 4, 5], damage: ["5 + 2D", "5 + 3D", "5 + 4D"], spread: ["= 0"] });
    await sheet.close();
  });
});
