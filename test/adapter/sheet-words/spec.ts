/**
 * Issue 24 (items 1, 2): a character sheet speaks the game's words. Headings and add buttons say
 * "Weapons" and "Add weapon", never an internal type label ("Toast weapon", "D10/0 TAB"); a new
 * item is named in the same words; every skill and weapon row has a labelled Roll or Attack
 * button. One file per ruleset world (<id>.test.ts) runs these checks on its own character.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld } from "../toaster/boot";

export interface SheetWordsCase {
  ruleset: string;
  /** A character with at least one item of each kind the sheet lists. */
  character(): Promise<any>;
  /** Selectors of the rows that must carry a labelled Roll/Attack button (each must match a row). */
  rollRows: string[];
  /** Links stored by name on an owned item of `type` (its form field `field`), and names they must offer. */
  links: { type: string; field: string; offers: string[] }[];
  /** Inline link fields on the character sheet (edit mode) that must be selects. */
  inlineLinks?: string[];
}

/** Open an actor's or item's sheet in play or edit mode. */
export async function open(doc: any, edit: boolean): Promise<any> {
  const sheet = doc.sheet;
  sheet.editMode = edit;
  await sheet.render({ force: true });
  await settle();
  return sheet;
}

/** The localized labels of the ruleset's item sub-types ("Toast skill"). */
function typeLabels(ruleset: string): string[] {
  const types = Object.keys(CONFIG.Item.dataModels).filter((t) => t.startsWith(ruleset) && t !== ruleset);
  return types.map((t) => game.i18n!.localize(`TYPES.Item.${t}`)).filter((l) => !l.startsWith("TYPES."));
}

/** The text of every tab's headings and add buttons. */
function wordsOnScreen(el: HTMLElement): string[] {
  return [...el.querySelectorAll("h2, h3, .bb-add, th")].map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim());
}

export function describeSheetWords(c: SheetWordsCase): void {
  describe(`${c.ruleset} character sheet: the game's words`, () => {
    // Booting the world is the slow part of a file's first test on a loaded machine.
    beforeEach(bootWorld(c.ruleset), 30_000);

    it("headings and add buttons never show an internal type label, in play and edit mode", async () => {
      const labels = typeLabels(c.ruleset);
      expect(labels.length).toBeGreaterThan(0);
      const a = await c.character();
      for (const edit of [false, true]) {
        const sheet = await open(a, edit);
        const words = wordsOnScreen(sheet.element);
        for (const label of labels) expect(words.filter((w) => w.includes(label)), `${edit ? "edit" : "play"}: ${label}`).toEqual([]);
        await sheet.close();
      }
    });

    it("every add button says \"Add <thing>\" and names the new item in the same words", async () => {
      const a = await c.character();
      const sheet = await open(a, true);
      const types = [...sheet.element.querySelectorAll<HTMLButtonElement>('.bb-add[data-action="itemCreate"]')].map((b) => b.dataset.type);
      expect(types.length).toBeGreaterThan(0);
      const labels = typeLabels(c.ruleset);
      for (const type of types) {
        // Each creation re-renders the sheet: find the button anew.
        const add = sheet.element.querySelector(`.bb-add[data-action="itemCreate"][data-type="${type}"]`) as HTMLButtonElement;
        const text = (add.textContent ?? "").trim();
        expect(text, add.dataset.type).toMatch(/^Add \S/);
        const noun = text.slice(4);
        const before = new Set(a.items.map((i: any) => i.id));
        add.click();
        await settle();
        const created = a.items.find((i: any) => !before.has(i.id));
        expect(created?.type).toBe(add.dataset.type);
        expect(created?.name).toBe(`New ${noun}`);
        for (const label of labels) expect(created?.name).not.toContain(label);
        await created?.sheet?.close();
      }
    });

    it("every skill and weapon row has a labelled Roll or Attack button", async () => {
      const a = await c.character();
      for (const edit of [false, true]) {
        const sheet = await open(a, edit);
        for (const selector of c.rollRows) {
          const rows = [...sheet.element.querySelectorAll<HTMLElement>(selector)];
          expect(rows.length, selector).toBeGreaterThan(0);
          for (const row of rows) {
            // One roll action per row: the labelled button (the name is text, not a second button).
            const button = row.querySelector<HTMLButtonElement>("button.bb-row-roll");
            expect(row.querySelectorAll(`[data-action="${button?.dataset.action}"]`)).toHaveLength(1);
            expect(button, `${selector}: ${row.textContent}`).not.toBeNull();
            const text = (button!.textContent ?? "").trim();
            expect(["Roll", "Attack"]).toContain(text);
            // The accessible name starts with the visible word and names the row.
            expect(button!.getAttribute("aria-label")).toMatch(new RegExp(`^${text}: \\S`));
          }
        }
        await sheet.close();
      }
    });

    it("links are chosen from what exists, and a stored name that no longer exists stays visible", async () => {
      const a = await c.character();
      for (const link of c.links) {
        const item = a.items.find((i: any) => i.type === link.type);
        expect(item, link.type).toBeTruthy();
        let sheet = await open(item, true);
        expect(sheet.element.querySelector(`input[name="${link.field}"]`), `${link.type} ${link.field}`).toBeNull();
        const select = sheet.element.querySelector(`select[name="${link.field}"]`) as HTMLSelectElement;
        expect(select, `${link.type} ${link.field}`).not.toBeNull();
        const labels = [...select.options].map((o) => o.textContent?.trim());
        for (const name of link.offers) expect(labels, `${link.type} ${link.field}`).toContain(name);
        // Choosing one stores it.
        const target = [...select.options].find((o) => o.textContent?.trim() === link.offers[0])!;
        select.value = target.value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
        await settle();
        expect(foundry.utils.getProperty(item, link.field)).toBe(target.value);
        // A stored name that names nothing is kept, selected and marked, never dropped.
        await item.update({ [link.field]: "Nothing Such" });
        await settle();
        sheet = await open(item, true);
        const kept = sheet.element.querySelector(`select[name="${link.field}"]`) as HTMLSelectElement;
        expect(kept.value).toBe("Nothing Such");
        expect(kept.selectedOptions[0]?.textContent).toContain("not found");
        expect(kept.getAttribute("aria-invalid")).toBe("true");
        // Play mode shows it as text, not a disabled control.
        sheet = await open(item, false);
        expect(sheet.element.querySelector(`select[name="${link.field}"]`)).toBeNull();
        expect(sheet.element.querySelector(".bb-link-value.bb-bad")?.textContent).toContain("Nothing Such");
        await sheet.close();
        await item.update({ [link.field]: target.value });
      }
      if (c.inlineLinks?.length) {
        const sheet = await open(a, true);
        for (const selector of c.inlineLinks) {
          const selects = [...sheet.element.querySelectorAll(selector)];
          expect(selects.length, selector).toBeGreaterThan(0);
          for (const s of selects) expect(s.tagName, selector).toBe("SELECT");
        }
        await sheet.close();
      }
    });

    it("play-mode item sheets show values as text and hide empty fields, not disabled forms", async () => {
      const a = await c.character();
      // One item with a description, the others without (the description is shown only when there is one).
      await [...a.items][0]!.update({ "system.description": "<p>Well oiled.</p>" });
      for (const item of [...a.items]) {
        const sheet = await open(item, false);
        const details = sheet.element.querySelector(".bb-item-details") as HTMLElement;
        expect(details.querySelectorAll("input:disabled, select:disabled, textarea:disabled"), item.type).toHaveLength(0);
        const values = [...details.querySelectorAll<HTMLElement>(".bb-field-value")].filter((v) => !v.closest("[hidden]"));
        expect(values.length, item.type).toBeGreaterThan(0);
        for (const v of values) expect((v.textContent ?? "").trim(), item.type).not.toBe("");
        // Each shown value is headed by its field's name (a label kept as text, or a legend).
        for (const v of values) expect(v.closest(".form-group, fieldset")?.querySelector(".bb-field-label, legend"), `${item.type}: ${v.textContent}`).not.toBeNull();
        // No description: no "Description" heading over an empty box; with one, both are shown.
        const prose = () => [...sheet.element.querySelectorAll<HTMLElement>(".bb-item-details .bb-prose")];
        const headed = () => [...sheet.element.querySelectorAll(".bb-item-details h2")].some((h) => h.textContent?.trim() === "Description");
        const described = Boolean(String(item.system.description ?? "").trim());
        expect(prose().length, `${item.type}: the description box`).toBe(described ? 1 : 0);
        expect(headed(), `${item.type}: the Description heading`).toBe(described);
        await sheet.close();
        // Edit mode still edits: the controls are back.
        const edit = await open(item, true);
        expect(edit.element.querySelectorAll(".bb-item-details input, .bb-item-details select").length, item.type).toBeGreaterThan(0);
        await edit.close();
      }
    });

    it("no developer words on screen: no stored keys (camelCase) or zero-based numbering, on the sheet or any item sheet", async () => {
      const a = await c.character();
      const devWords = (el: HTMLElement) => {
        const text = [...el.querySelectorAll<HTMLElement>(".window-content *:not(script):not(style)")]
          .filter((e) => !e.closest("[hidden], option:not(:checked)"))
          .flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? ""))
          .join(" ");
        return [...(text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []), ...(text.match(/\b(Effect|Action) 0\b/g) ?? [])];
      };
      for (const doc of [a, ...a.items]) {
        for (const edit of [false, true]) {
          const sheet = await open(doc, edit);
          expect(devWords(sheet.element), `${doc.type} ${edit ? "edit" : "play"}`).toEqual([]);
          await sheet.close();
        }
      }
    });
  });
}
