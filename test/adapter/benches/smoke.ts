/**
 * The adapter bench smoke tests: one test file per bench/adapter/*.bench.ts (each bench boots its
 * own world, so each needs a file of its own). The bench file is imported in smoke mode
 * (bench/guard.ts: small sizes, benches recorded), then each bench runs once: vitest leaves a
 * throwing bench out of `npm run bench` without failing, so a broken one fails here instead.
 */
import { afterAll, expect, it } from "vitest";

export async function smokeBenchFile(load: () => Promise<unknown>): Promise<void> {
  (globalThis as { __BREADBOX_BENCH_SMOKE__?: boolean }).__BREADBOX_BENCH_SMOKE__ = true;
  const { takeRecordedBenches } = await import("../../../bench/guard");
  await load();
  const benches = takeRecordedBenches();
  it("defines benches", () => {
    expect(benches.length).toBeGreaterThan(0);
  });
  for (const b of benches) {
    it(`${b.suite} › ${b.name}`, async () => {
      await b.fn();
    });
  }
  // Code a bench loaded on demand finishes loading before the world is torn down.
  afterAll(async () => {
    const { settleLoads } = await import("../../../src/core/lazy");
    await settleLoads();
  });
}
