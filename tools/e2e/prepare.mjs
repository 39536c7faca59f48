/**
 * Prepares the browser test bed: makes sure dist/ holds a fresh build of the system, and bundles
 * the page entry (tools/e2e/page.ts, which imports the Foundry test harness) for the browser with
 * vite. Used by the e2e tests, `npm run gallery` and the browser bench.
 *
 *   ensureDist()   build() from tools/build.mjs when dist/system.json is missing or older than
 *                  any source (src, templates, lang, styles, packs/_source, manifests)
 *   bundlePage()   vite-bundle tools/e2e/page.ts → test-results/e2e-page/page.js (skipped when
 *                  the bundle is newer than the page, the harness and package-lock.json)
 *   prepare()      both
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DIST = path.join(ROOT, "dist");
export const PAGE_OUT = path.join(ROOT, "test-results", "e2e-page");

/** Sources whose change makes dist/ stale. */
const DIST_INPUTS = ["src", "templates", "lang", "styles", "packs/_source", "system.json", "template.json", "package.json", "tools/build.mjs", "tools/packs.mjs", "tools/lang.mjs"];
/** Sources whose change makes the page bundle stale. */
const PAGE_INPUTS = ["tools/e2e/page.ts", "test/harness", "bench/adapter/setup", "src/rulesets/flange/rules", "package-lock.json", "tools/e2e/prepare.mjs"];

/** Newest modification time (ms) of a file or of any file below a folder; 0 when missing. */
export function newestMtime(rel) {
  const full = path.join(ROOT, rel);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const e of fs.readdirSync(full, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(rel, e.name)));
  }
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is fresh. */
export function distStaleReason() {
  const manifest = path.join(DIST, "system.json");
  if (!fs.existsSync(manifest)) return "dist/system.json is missing";
  for (const f of ["breadbox.mjs", "breadbox.css", "lang/en.json"]) {
    if (!fs.existsSync(path.join(DIST, f))) return `dist/${f} is missing`;
  }
  const built = fs.statSync(manifest).mtimeMs;
  for (const rel of DIST_INPUTS) {
    if (newestMtime(rel) > built) return `${rel} changed after the last build`;
  }
  return null;
}

let distPromise = null;

/** Build dist/ when it is missing or stale. Returns the reason it was rebuilt, or null. */
export function ensureDist({ log = () => {} } = {}) {
  distPromise ??= (async () => {
    const reason = distStaleReason();
    if (!reason) return null;
    log(`building dist/ (${reason})`);
    const { build } = await import("../build.mjs");
    await build({ root: ROOT });
    return reason;
  })().finally(() => {
    distPromise = null;
  });
  return distPromise;
}

let pagePromise = null;

/** Bundle the page entry for the browser (cached on disk while its inputs are unchanged). */
export function bundlePage({ log = () => {}, force = false } = {}) {
  pagePromise ??= (async () => {
    const out = path.join(PAGE_OUT, "page.js");
    const fresh = fs.existsSync(out) && PAGE_INPUTS.every((rel) => newestMtime(rel) <= fs.statSync(out).mtimeMs);
    if (fresh && !force) return out;
    log("bundling the test-bed page");
    const { build: viteBuild } = await import("vite");
    const tmp = `${PAGE_OUT}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    await viteBuild({
      root: ROOT,
      configFile: false,
      envDir: false,
      publicDir: false,
      logLevel: "warn",
      build: {
        outDir: tmp,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        sourcemap: true,
        target: "es2022",
        reportCompressedSize: false,
        lib: { entry: path.join(ROOT, "tools", "e2e", "page.ts"), formats: ["es"], fileName: () => "page.js" },
      },
    });
    // Swap in atomically enough for a test run: a parallel reader sees the old or the new bundle.
    fs.mkdirSync(PAGE_OUT, { recursive: true });
    for (const f of fs.readdirSync(tmp)) fs.renameSync(path.join(tmp, f), path.join(PAGE_OUT, f));
    fs.rmSync(tmp, { recursive: true, force: true });
    return out;
  })().finally(() => {
    pagePromise = null;
  });
  return pagePromise;
}

/** Everything the page needs: a fresh dist/ and the page bundle. */
export async function prepare({ log = () => {} } = {}) {
  await ensureDist({ log });
  await bundlePage({ log });
  return { dist: DIST, pageDir: PAGE_OUT };
}
