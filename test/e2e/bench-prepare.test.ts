/**
 * The browser prepareData bench (tools/bench-browser.mjs prepareBench, issue 20) runs in every
 * ruleset's world: `bb.benchPrepare` builds the adapter benches' characters with the built system,
 * times each pass and removes the characters again. Figures are printed by `npm run bench`, never
 * asserted; this checks that the bench measures what it says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openWorld, startTestBed, type TestBed } from "./helpers";

let bed: TestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => bed?.close());

describe.each(["toaster", "toast", "pool", "d100", "flange"])("a %s world", (ruleset) => {
  it("prepares its bench characters, times each pass and leaves the world as it was", async () => {
    const w = await openWorld(bed, ruleset);
    const { page } = w;
    const before = await page.evaluate(() => (window as any).game.actors.size);
    const r = await page.evaluate(() => (window as any).bb.benchPrepare({ count: 3, iterations: 2, warmup: 1 }));
    expect(r.ruleset).toBe(ruleset);
    expect(r.actors).toBe(3);
    expect(r.items).toBe(40);
    expect(r.times).toHaveLength(2);
    for (const t of r.times) expect(Number.isFinite(t) && t >= 0).toBe(true);
    expect(await page.evaluate(() => (window as any).game.actors.size)).toBe(before);
    expect(w.errors).toEqual([]);
    await w.close();
  });
});
