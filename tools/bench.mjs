#!/usr/bin/env node
/**
 * `npm run bench`: every speed figure the project reports, in one run.
 *  1. Exact odds vs 100k-roll simulations for every ruleset core (vitest bench, bench/*.bench.ts).
 *  2. The Foundry-harness benches (bench/adapter): prepareData for 1,000 characters × 40 items per
 *     ruleset (target < 50 ms), each ruleset's dialog odds at their worst option mix (mean < 16 ms,
 *     median < 1 ms), a 5,000-card chat log (bytes per card, writes on Clear chat log) and a
 *     50-combatant fight per ruleset (writes per turn change, no-op updates).
 *  3. The bundle (a fresh build in a temporary folder): the initial JavaScript (entry + static
 *     imports), each chunk, what a world of each ruleset loads, bytes per source folder.
 *  4. Browser figures when the browser test bed and Chromium are available: prepareData for 1,000
 *     characters × 40 items per ruleset with the built system (the figure against issue 20's
 *     target: the adapter benches run the source through vitest's module runner, which adds a
 *     getter call to every read of an imported binding), then first render and re-render of each
 *     ruleset's largest sample character and roll click → chat card where its sheet has a skill
 *     roll button.
 * Figures are printed, never asserted: speed targets live here, not in unit tests.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");

function section(title) {
  console.log(`\n=== ${title} ===`);
}

/**
 * Run one project's benches, streaming their output. vitest leaves a bench that throws out of its
 * tables without failing; bench/guard.ts prints "[bench failed] …" for it, and that fails the run.
 */
async function runVitestBench(project) {
  const child = spawn(process.execPath, [vitest, "bench", "--run", "--project", project], { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
  const failed = [];
  const watch = (from, to) => {
    let rest = "";
    from.on("data", (chunk) => {
      to.write(chunk);
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line.includes("[bench failed]")) failed.push(line.trim());
    });
  };
  watch(child.stdout, process.stdout);
  watch(child.stderr, process.stderr);
  const status = await new Promise((resolve) => child.on("close", resolve));
  if (status !== 0) throw new Error(`vitest bench (${project}) failed`);
  if (failed.length) throw new Error(`vitest bench (${project}): ${failed.length} bench(es) threw:\n${failed.join("\n")}`);
}

/** `node tools/bench.mjs --bundle`: the bundle section only. */
const onlyBundle = process.argv.includes("--bundle");

if (!onlyBundle) {
section("Exact odds vs seeded 100k-roll simulations (per call)");
await runVitestBench("unit");

section("Foundry harness: prepareData (1,000 characters × 40 items, every ruleset), dialog odds, 5,000-card chat log, 50-combatant fights");
await runVitestBench("adapter-v13");
}

section("Bundle");
// A fresh build into a temporary folder (dist/ is left alone): the initial JavaScript (the entry and
// every chunk it imports statically), each chunk, what a world of each ruleset loads, and where the
// bytes come from (tools/bundle-report.mjs; target for the initial JavaScript: at most 60 KiB gzip).
{
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { build } = await import(pathToFileURL(path.join(root, "tools", "build.mjs")).href);
  const { bundleReport, formatBundleReport } = await import(pathToFileURL(path.join(root, "tools", "bundle-report.mjs")).href);
  const tmp = mkdtempSync(path.join(tmpdir(), "bb-bench-"));
  try {
    const result = await build({ root, outDir: path.join(tmp, "dist"), zip: false, log: () => {} });
    const manifest = JSON.parse(readFileSync(path.join(result.outDir, "system.json"), "utf8"));
    const rulesets = [...new Set(Object.keys(manifest.documentTypes?.Actor ?? {}))];
    for (const line of formatBundleReport(bundleReport(result.outDir, manifest.esmodules[0], rulesets), result.bundle, result.runtimeInInit)) console.log(line);
    const css = path.join(result.outDir, "breadbox.css");
    if (existsSync(css)) console.log(`breadbox.css: ${(statSync(css).size / 1024).toFixed(1)} KiB`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (!onlyBundle) {
section("Browser: prepareData with the built system (1,000 characters × 40 items, every ruleset); each ruleset's largest sample character sheet");
const browserBench = path.join(root, "tools", "bench-browser.mjs");
if (!existsSync(browserBench)) {
  console.log("tools/bench-browser.mjs is not present: no browser figures.");
} else {
  try {
    const mod = await import(pathToFileURL(browserBench).href);
    // prepareData against issue 20's target (a mean under 50 ms): the built system in Chromium, as
    // Foundry runs it. The adapter figures above carry vitest's module runner on top.
    for (const x of await mod.prepareBench()) {
      console.log(`prepareData ${x.ruleset}: ${x.actors} characters × ${x.items} items, ${x.iterations} passes: min ${x.minMs} ms · median ${x.medianMs} ms · mean ${x.meanMs} ms (target: mean < 50 ms)`);
    }
    const r = await mod.browserBench();
    for (const x of r.rulesets) console.log(`${x.type}: ${x.actor} (${x.items} items): first render ${x.firstRenderMs.toFixed(1)} ms · re-render ${x.rerenderMs.toFixed(1)} ms${x.rollToCardMs === null ? "" : ` · roll click → chat card ${x.rollToCardMs.toFixed(1)} ms`} (medians of ${r.runs})`);
  } catch (err) {
    console.log(`browser figures unavailable: ${err instanceof Error ? err.message : String(err)}`);
  }
}
}
