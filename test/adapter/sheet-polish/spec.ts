/**
 * Issue 24 (items 11, 12): a character sheet's header keeps status pills and buttons apart (pills
 * in .bb-status-line, buttons in .bb-header-actions under it), and cryptic labels say what they
 * mean. One file per ruleset world (<id>.test.ts).
 */
import { expect } from "vitest";
import { open } from "../sheet-words/spec";

export { open };

/** The header of an actor's sheet in play or edit mode: no button among the status pills. */
export async function expectPillsApart(actor: any): Promise<void> {
  for (const edit of [false, true]) {
    const sheet = await open(actor, edit);
    const el: HTMLElement = sheet.element;
    const line = el.querySelector(".bb-header .bb-status-line");
    expect(line, "status line").not.toBeNull();
    expect(line!.querySelectorAll("button").length, `${edit ? "edit" : "play"}: buttons among the pills`).toBe(0);
    expect(line!.querySelectorAll(".bb-chip").length).toBeGreaterThan(0);
    await sheet.close();
  }
}

/** Text of an element, spaces collapsed. */
export const text = (e: Element | null): string => (e?.textContent ?? "").replace(/\s+/g, " ").trim();
