#!/usr/bin/env node
/**
 * `npm run bench`: every speed figure the project reports, in one run.
 *  1. Exact odds vs 100k-roll simulations for every ruleset core (vitest bench, bench/*.bench.ts).
 *  2. The Foundry-harness benches (bench/adapter): prepareData for 1,000 characters × 40 items per
 *     ruleset (target < 50 ms), each ruleset's dialog odds at their worst option mix (mean < 16 ms,
 *     median < 1 ms), a 5,000-card chat log (bytes per card, writes on Clear chat log) and a
 *     50-combatant fight per ruleset (writes per turn change, no-op updates).
 *  3. The minified bundle size (raw and gzip), building first when dist/ is missing.
 *  4. Browser figures (first render and re-render of each ruleset's largest sample character; roll
 *     click → chat card where its sheet has a skill roll button) when the browser test bed
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

section("Foundry harness: prepareData (1,000 characters × 40 items, every ruleset), dialog odds, 5,000-card chat log, 50-combatant fights");
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

section("Browser (each ruleset's largest sample character sheet)");
const browserBench = path.join(root, "tools", "bench-browser.mjs");
if (!existsSync(browserBench)) {
  console.log("tools/bench-browser.mjs is not present: no browser figures.");
} else {
  try {
    const mod = await import(pathToFileURL(browserBench).href);
    const r = await mod.browserBench();
    for (const x of r.rulesets) console.log(`${x.type}: ${x.actor} (${x.items} items): first render ${x.firstRenderMs.toFixed(1)} ms · re-render ${x.rerenderMs.toFixed(1)} ms${x.rollToCardMs === null ? "" : ` · roll click → chat card ${x.rollToCardMs.toFixed(1)} ms`} (medians of ${r.runs})`);
  } catch (err) {
    console.log(`browser figures unavailable: ${err instanceof Error ? err.message : String(err)}`);
  }
}
