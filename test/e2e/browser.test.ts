/**
 * The browser itself: a missing Chromium is a clear failure with the install hint (never a skip),
 * and the test bed boots the built system with no console error.
 */
import { afterAll, describe, expect, it } from "vitest";
import { chromiumPath, openWorld, screenshot, startTestBed, type TestBed } from "./helpers";

describe("the browser", () => {
  it("is found (BREADBOX_CHROMIUM or /usr/bin/chromium); a missing one fails with the install hint", async () => {
    const saved = process.env.BREADBOX_CHROMIUM;
    process.env.BREADBOX_CHROMIUM = "/nonexistent/chromium";
    try {
      await expect(startTestBed()).rejects.toThrow(/apt-get install chromium.*BREADBOX_CHROMIUM/s);
    } finally {
      if (saved === undefined) delete process.env.BREADBOX_CHROMIUM;
      else process.env.BREADBOX_CHROMIUM = saved;
    }
    expect(chromiumPath()).toBe(saved || "/usr/bin/chromium");
  });
});

describe("the test bed", () => {
  let bed: TestBed | undefined;
  afterAll(async () => bed?.close());

  it("boots the built system on the harness with no console error", async () => {
    bed = await startTestBed(); // fails here, with the install hint, when Chromium is missing
    const w = await openWorld(bed);
    const state = await w.page.evaluate(() => {
      const g = window as any;
      return {
        system: g.game.system.id,
        actorTypes: Object.keys(g.CONFIG.Actor.dataModels),
        itemTypes: Object.keys(g.CONFIG.Item.dataModels),
        users: g.game.users.contents.map((u: any) => u.isGM),
        hookErrors: g.Hooks.errors.length,
        sidebar: document.querySelectorAll("#bb-sidebar li.bb-entry").length,
      };
    });
    expect(state.system).toBe("breadbox");
    expect(state.actorTypes).toContain("toaster");
    expect(state.users.sort()).toEqual([false, true]);
    expect(state.hookErrors).toBe(0);
    expect(state.sidebar).toBeGreaterThan(10);
    await screenshot(w.page, "page-boot");
    expect(w.errors).toEqual([]);
  });
});
