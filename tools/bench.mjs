#!/usr/bin/env node
/**
 * `npm run bench`: every speed figure the project reports, in one run.
 *  1. Exact odds vs 100k-roll simulations for every ruleset core (vitest bench, bench/*.bench.ts).
 *  2. prepareData for 1,000 Toaster actors with 40 items each (bench/adapter, Foundry harness).
 *  3. The minified bundle size (raw and gzip), building first when dist/ is missing.
 *  4. Browser figures (first render, re-render, roll click → chat card) when the browser test bed
 *     and Chromium are available.
 * Figures are printed, never asserted: speed targets live here, not in unit tests.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");

function section(title) {
  console.log(`\n=== ${title} ===`);
}

function runVitestBench(project) {
  const r = spawnSync(process.execPath, [vitest, "bench", "--run", "--project", project], { cwd: root, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  if (r.status !== 0) throw new Error(`vitest bench (${project}) failed`);
}

section("Exact odds vs seeded 100k-roll simulations (per call)");
runVitestBench("unit");

section("Toaster prepareData: 1,000 actors × 40 items (Foundry harness)");
runVitestBench("adapter-v13");

section("Bundle");
const bundle = path.join(root, "dist", "breadbox.mjs");
if (!existsSync(bundle)) {
  const { build } = await import(pathToFileURL(path.join(root, "tools", "build.mjs")).href);
  await build({ root, log: () => {} });
}
const raw = readFileSync(bundle);
const css = path.join(root, "dist", "breadbox.css");
console.log(`dist/breadbox.mjs: ${(raw.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(raw).length / 1024).toFixed(1)} KiB gzip`);
if (existsSync(css)) console.log(`dist/breadbox.css: ${(statSync(css).size / 1024).toFixed(1)} KiB`);

section("Browser (largest sample character sheet)");
const browserBench = path.join(root, "tools", "bench-browser.mjs");
if (!existsSync(browserBench)) {
  console.log("tools/bench-browser.mjs is not present: no browser figures.");
} else {
  try {
    const mod = await import(pathToFileURL(browserBench).href);
    const r = await mod.browserBench();
    console.log(`first render ${r.firstRenderMs.toFixed(1)} ms · re-render ${r.rerenderMs.toFixed(1)} ms · roll click → chat card ${r.rollToCardMs.toFixed(1)} ms (medians)`);
  } catch (err) {
    console.log(`browser figures unavailable: ${err instanceof Error ? err.message : String(err)}`);
  }
}
