/**
 * Every rules-core bench (bench/*.bench.ts) runs once (bench/guard.ts, smoke mode): `npm run bench`
 * is not part of CI, and vitest leaves a throwing bench out of its tables without failing, so a bench
 * broken by a change to the code it times fails here instead.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

(globalThis as { __BREADBOX_BENCH_SMOKE__?: boolean }).__BREADBOX_BENCH_SMOKE__ = true;
const { takeRecordedBenches } = await import("../../bench/guard");

const dir = path.resolve("bench");
const files = readdirSync(dir).filter((f) => f.endsWith(".bench.ts")).sort();

it("finds the rules-core benches", () => {
  expect(files.length).toBeGreaterThanOrEqual(7);
});

for (const file of files) {
  await import(/* @vite-ignore */ pathToFileURL(path.join(dir, file)).href);
  const benches = takeRecordedBenches();
  describe(file, () => {
    it("defines benches", () => {
      expect(benches.length).toBeGreaterThan(0);
    });
    for (const b of benches) {
      it(`${b.suite} › ${b.name}`, async () => {
        await b.fn();
      });
    }
  });
}
