/**
 * Browser figures of the test bed (measured, never asserted): for each ruleset's largest sample
 * character sheet (the character of its type with the most embedded items, in a world of that ruleset),
 *   firstRenderMs  render({force}) of a closed sheet until it is in the page (templates cached)
 *   rerenderMs     render() of the open sheet
 *   rollToCardMs   a skill roll button clicked with the skip-dialog key until its chat card shows
 * Each is the median of several runs in headless Chromium. tools/bench.mjs prints them;
 * `node tools/bench-browser.mjs` prints them on their own.
 *
 * prepareBench() times prepareData for 1,000 characters × 40 items of each ruleset (issue 20's
 * target: a mean under 50 ms) in the same test bed: the built system as Foundry loads it (native
 * ES modules in Chromium, Foundry's own browser engine) on the bundled harness. The adapter benches
 * time the same characters under vitest, whose module runner turns every read of an imported
 * binding into a getter call, so their figures carry that cost on top.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./e2e/browser.mjs";
import { DIST, prepare } from "./e2e/prepare.mjs";
import { startServer } from "./e2e/server.mjs";
import { SAMPLE_CHARACTERS } from "./e2e/sample-characters.mjs";

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

/**
 * Sheet figures of one character: first render and re-render medians, and (where its sheet has a
 * skill roll button) roll click → chat card.
 */
async function sheetFigures(page, id, runs) {
  return page.evaluate(
    async ({ id, runs }) => {
      const bb = window.bb;
      const actor = window.game.actors.get(id);
      if (!actor) return null;
      const sheet = actor.sheet;
      const first = [];
      const re = [];
      const roll = [];
      await sheet.render({ force: true }); // warm-up: templates fetched and compiled
      await bb.settle();
      for (let i = 0; i < runs; i++) {
        await sheet.close();
        let t = performance.now();
        await sheet.render({ force: true });
        first.push(performance.now() - t);
        t = performance.now();
        await sheet.render();
        re.push(performance.now() - t);
      }
      sheet.activeTab = "skills";
      await sheet.render();
      const log = document.getElementById("bb-chat-log");
      for (let i = 0; i < runs; i++) {
        const button = sheet.element.querySelector('.bb-roll[data-action="rollSkill"]');
        if (!button || !log) break;
        const before = log.children.length;
        const shown = new Promise((resolve) => {
          const obs = new MutationObserver(() => {
            if (log.children.length > before) {
              obs.disconnect();
              resolve(undefined);
            }
          });
          obs.observe(log, { childList: true });
        });
        const t = performance.now();
        button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, shiftKey: true, button: 0 }));
        await shown;
        roll.push(performance.now() - t);
        await bb.settle();
      }
      await sheet.close();
      return { first, re, roll, name: actor.name, type: actor.type, items: actor.items.size };
    },
    { id, runs },
  );
}

/** The rulesets of the built system (its Actor types), sorted. */
function builtRulesets() {
  const manifest = JSON.parse(readFileSync(path.join(DIST, "system.json"), "utf8"));
  return Object.keys(manifest.documentTypes?.Actor ?? {}).sort((a, b) => a.localeCompare(b));
}

/** `fn(page)` for each ruleset in a fresh test-bed world of that ruleset (`?ruleset=<id>`), one browser for all. */
async function eachWorld(rulesets, what, fn) {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const out = [];
    for (const ruleset of rulesets) {
      const page = await browser.context.newPage();
      try {
        await page.goto(`${server.url}?ruleset=${ruleset}`);
        await page.waitForFunction(() => document.body.dataset.bbReady, null, { timeout: 60_000 });
        if ((await page.evaluate(() => document.body.dataset.bbReady)) !== "true") throw new Error(`${what}: the ${ruleset} test bed failed to boot`);
        out.push(await fn(page, ruleset));
      } finally {
        await page.close();
      }
    }
    return out;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * prepareData for `count` characters × 40 items of each ruleset, in a fresh world of that ruleset:
 * min, median and mean of `iterations` timed passes after 3 untimed ones.
 * @param {{count?: number, iterations?: number, rulesets?: string[]}} [opts]
 * @returns {Promise<{ruleset: string, actors: number, items: number, iterations: number, minMs: number, medianMs: number, meanMs: number}[]>}
 */
export async function prepareBench({ count = 1000, iterations = 20, rulesets } = {}) {
  await prepare();
  return eachWorld(rulesets ?? builtRulesets(), "prepareBench", async (page) => {
    const r = await page.evaluate((opts) => window.bb.benchPrepare(opts), { count, iterations, warmup: 3 });
    return {
      ruleset: r.ruleset,
      actors: r.actors,
      items: r.items,
      iterations: r.times.length,
      minMs: round(Math.min(...r.times)),
      medianMs: round(median(r.times)),
      meanMs: round(r.times.reduce((a, b) => a + b, 0) / r.times.length),
    };
  });
}

/**
 * @param {{runs?: number}} [opts]
 * @returns {Promise<{firstRenderMs: number, rerenderMs: number, rollToCardMs: number, actor: string, items: number, runs: number,
 *   rulesets: {type: string, actor: string, items: number, firstRenderMs: number, rerenderMs: number, rollToCardMs: number | null}[]}>}
 *   The top-level figures are the largest character's of all; `rulesets` has each ruleset's largest
 *   sample character (issue 20).
 */
export async function browserBench({ runs = 9 } = {}) {
  await prepare();
  const summarise = (r) => ({
    type: r.type,
    actor: r.name,
    items: r.items,
    firstRenderMs: round(median(r.first)),
    rerenderMs: round(median(r.re)),
    rollToCardMs: r.roll.length ? round(median(r.roll)) : null,
  });
  // Each ruleset in a world of its own (a world registers only its ruleset's types): the largest
  // character of its type there, from its pack or, where the packs hold none (Toast, Dice Pool,
  // D10/0), the sample characters the gallery furnishes (tools/e2e/sample-characters.mjs).
  const rulesets = await eachWorld(builtRulesets(), "browserBench", async (page, type) => {
    const furnish = SAMPLE_CHARACTERS[type];
    if (furnish) {
      await page.evaluate(furnish);
      await page.evaluate(() => window.bb.settle());
    }
    const id = await page.evaluate((t) => {
      const mine = window.game.actors.filter((a) => a.type === t);
      return mine.reduce((a, b) => (b.items.size > a.items.size ? b : a), mine[0])?.id ?? null;
    }, type);
    if (!id) throw new Error(`browserBench: the ${type} world has no character`);
    const r = await sheetFigures(page, id, runs);
    if (!r) throw new Error(`browserBench: the ${type} character could not be measured`);
    return summarise(r);
  });
  const top = rulesets.reduce((a, b) => (b.items > a.items ? b : a));
  return { ...top, rollToCardMs: top.rollToCardMs ?? NaN, runs, rulesets };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const x of await prepareBench()) console.log(`bench-browser | prepareData ${x.ruleset}: ${x.actors} characters × ${x.items} items, ${x.iterations} passes: min ${x.minMs} ms · median ${x.medianMs} ms · mean ${x.meanMs} ms`);
  const r = await browserBench();
  for (const x of r.rulesets) console.log(`bench-browser | ${x.type}: ${x.actor} (${x.items} items), median of ${r.runs}: first render ${x.firstRenderMs} ms · re-render ${x.rerenderMs} ms${x.rollToCardMs === null ? "" : ` · roll click to chat card ${x.rollToCardMs} ms`}`);
}
