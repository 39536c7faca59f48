/**
 * Issue 24.2 (h24a): every attribute a character can roll has a labelled Roll button on its row,
 * in play and edit mode: a real <button> (keyboard reachable), its visible word "Roll", its
 * accessible name naming the attribute; the attribute's name is text, not a hidden button.
 * One file per ruleset world (attribute-roll-<id>.test.ts).
 */
import { expect } from "vitest";
import { waitForDialog, settle } from "../../harness/index";
import { open, text } from "./spec";

export interface AttributeRows {
  /** The rows that each show one rollable attribute. */
  rows: string;
  /** The attribute's name as the row shows it. */
  label(row: HTMLElement): string;
}

/** Check the Roll button of every row, in both modes; then press the first one and expect the roll dialog. */
export async function expectRollButtons(actor: any, spec: AttributeRows, count: number): Promise<void> {
  for (const edit of [false, true]) {
    const sheet = await open(actor, edit);
    const rows = [...sheet.element.querySelectorAll<HTMLElement>(spec.rows)];
    expect(rows.length, `${edit ? "edit" : "play"}: attribute rows`).toBe(count);
    for (const row of rows) {
      const name = spec.label(row);
      expect(name, "attribute name").not.toBe("");
      const buttons = [...row.querySelectorAll<HTMLButtonElement>("button.bb-roll")].filter((b) => /^Roll\b/.test(text(b)));
      expect(buttons, `${name}: one labelled Roll button`).toHaveLength(1);
      const b = buttons[0]!;
      expect(b.tagName).toBe("BUTTON");
      expect(b.disabled, `${name}: enabled`).toBe(false);
      expect(b.tabIndex, `${name}: keyboard reachable`).toBeGreaterThanOrEqual(0);
      expect(b.getAttribute("aria-label") ?? "", `${name}: accessible name`).toContain(name);
      expect(b.dataset.action ?? "", `${name}: rolls`).toMatch(/^roll/);
      // The name is not a second, unlabelled way to the same roll.
      expect(row.querySelector(`.bb-link[data-action="${b.dataset.action}"]`), `${name}: name button`).toBeNull();
    }
    if (!edit) {
      rows[0]!.querySelector<HTMLButtonElement>("button.bb-roll")!.click();
      const dialog = await waitForDialog();
      expect(dialog, "the Roll button opens the roll dialog").toBeTruthy();
      await dialog.close();
      await settle();
    }
    await sheet.close();
  }
}
