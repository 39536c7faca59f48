/**
 * Issue 23, as a GM meets it: a world of one ruleset shows only that ruleset's packs in the
 * compendium sidebar and only its rules (and the system-wide settings) in the settings window.
 * Two rulesets, each in its own world; screenshots world-<id>-panels.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSerious, openWorld, screenshot, settle, startTestBed, unlocalizedKeys, type TestBed } from "./helpers";

let bed: TestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => bed?.close());

describe.each(["flange", "pool"])("a %s world", (ruleset) => {
  it("lists only its packs and its rules, with no error, and is photographed", async () => {
    const w = await openWorld(bed, ruleset);
    const { page } = w;
    const id = await page.evaluate(() => (window as any).bb.showWorldPanels());
    await settle(page);
    const panel = page.locator(`[id="${id}"]`);
    const state = await panel.evaluate((el) => ({
      shown: [...el.querySelectorAll<HTMLElement>("li.compendium")].filter((r) => !r.hidden).map((r) => r.dataset.pack ?? ""),
      hidden: [...el.querySelectorAll<HTMLElement>("li.compendium")].filter((r) => r.hidden).length,
      folders: [...el.querySelectorAll<HTMLElement>("li.folder")].filter((f) => !f.hidden).length,
      settings: [...el.querySelectorAll<HTMLElement>("[data-setting]")].map((s) => s.dataset.setting ?? ""),
    }));
    expect(state.shown.length).toBeGreaterThan(0);
    for (const pack of state.shown) expect(pack.startsWith(`breadbox.${ruleset}-`), pack).toBe(true);
    expect(state.hidden).toBeGreaterThan(0);
    expect(state.folders).toBe(1);
    expect(state.settings).toContain("ruleset");
    const rules = state.settings.filter((k) => k !== "ruleset" && k !== "skipDialogKey");
    expect(rules.length).toBeGreaterThan(0);
    for (const key of rules) expect(key.startsWith(`${ruleset}.`), key).toBe(true);
    expect(await unlocalizedKeys(page, `[id="${id}"]`)).toEqual([]);
    expect(await axeSerious(page, `[id="${id}"]`)).toEqual([]);
    await screenshot(panel, `world-${ruleset}-panels`);
    expect(w.errors).toEqual([]);
    await w.close();
  });
});
