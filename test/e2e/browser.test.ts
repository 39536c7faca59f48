/**
 * The browser itself: a missing Chromium is a clear failure with the install hint (never a skip),
 * and the test bed boots the built system with no console error.
 */
import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { CHROMIUM_ARGS, chromiumPath, openWorld, resolveChromium, screenshot, startTestBed, SYSTEM_CHROMIUM, type TestBed } from "./helpers";

describe("the browser", () => {
  it("a BREADBOX_CHROMIUM that names a missing file fails with the hint (no silent fallback)", async () => {
    const saved = process.env.BREADBOX_CHROMIUM;
    process.env.BREADBOX_CHROMIUM = "/nonexistent/chromium";
    try {
      await expect(startTestBed()).rejects.toThrow(/npm ci.*apt-get install chromium.*BREADBOX_CHROMIUM/s);
    } finally {
      if (saved === undefined) delete process.env.BREADBOX_CHROMIUM;
      else process.env.BREADBOX_CHROMIUM = saved;
    }
  });

  it("is BREADBOX_CHROMIUM, else the system's Chromium, else the one @sparticuz/chromium ships with npm", async () => {
    const found = await resolveChromium();
    expect(fs.existsSync(found.executable)).toBe(true);
    if (process.env.BREADBOX_CHROMIUM) expect(found).toMatchObject({ source: "env", executable: process.env.BREADBOX_CHROMIUM });
    else if (fs.existsSync(SYSTEM_CHROMIUM)) expect(found).toMatchObject({ source: "system", executable: SYSTEM_CHROMIUM });
    else expect(found.source).toBe("npm");
    expect(await chromiumPath()).toBe(found.executable);
  });

  it("falls back to the npm-shipped Chromium, which starts here", async () => {
    const saved = process.env.BREADBOX_CHROMIUM;
    delete process.env.BREADBOX_CHROMIUM;
    try {
      const { default: packaged } = await import("@sparticuz/chromium");
      const executable = await packaged.executablePath();
      expect(fs.existsSync(executable)).toBe(true);
      const { chromium } = await import("playwright-core");
      const browser = await chromium.launch({ executablePath: executable, headless: true, args: [...CHROMIUM_ARGS, "--no-zygote", "--single-process"] });
      try {
        const page = await browser.newPage();
        await page.setContent("<p id=x>breadbox</p>");
        expect(await page.textContent("#x")).toBe("breadbox");
      } finally {
        await browser.close();
      }
    } finally {
      if (saved !== undefined) process.env.BREADBOX_CHROMIUM = saved;
    }
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
