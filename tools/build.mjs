/**
 * Build Breadbox into an installable Foundry v13 system folder:
 *   dist/breadbox.mjs (+ .map)   src/index.ts bundled by vite (library mode, ES module, minified): the
 *                                entry system.json names, with what Foundry needs at init
 *   dist/breadbox-<part>.mjs     chunks it imports (`chunkGroups`): `init` (everything the entry imports
 *                                statically), `core` (core's runtime, src/core/runtime.ts) and one per
 *                                ruleset (its runtime.ts), imported once the world's ruleset is known
 *   dist/breadbox.css            styles/breadbox.scss compiled by sass
 *   dist/system.json             version from package.json, manifest/download URLs built from it
 *   dist/templates/, lang/, LICENSE, README.md, CHANGELOG.md
 *   (not template.json: v14 warns that it is deprecated when a system ships it, and v13 reads the
 *   document types from system.json's documentTypes and the data models; see docs/architecture.md)
 *   dist/packs/<name>/           LevelDB packs compiled from packs/_source/<name>/*.json (linted and
 *                                validated against the data models first, tools/pack-models.mjs)
 *   dist/breadbox.zip            everything above, system.json at the zip root
 *
 * `npm run build` runs it; tests import `build({ outDir })`. Options: `node tools/build.mjs [--out <dir>]`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { ROOT, compileAll, formatProblems, lintAll, readManifest } from "./packs.mjs";
import { validatePackModels } from "./pack-models.mjs";
import { readLang } from "./lang.mjs";
import { chunkModules, runtimeLeftInInit, sourceFolders } from "./bundle-report.mjs";

/** GitHub repository that hosts releases. */
export const REPO_URL = "https://github.com/breadbox-vtt/breadbox";

/** Name of the release archive inside outDir. */
export const ZIP_NAME = "breadbox.zip";

/** Files copied verbatim when present (a warning names each one that is missing). */
const OPTIONAL_FILES = ["LICENSE", "README.md", "CHANGELOG.md"];

/**
 * The manifest URL (always the latest release) and the download URL of one version.
 * @param {string} version  e.g. "0.1.0"
 * @returns {{manifest: string, download: string}}
 */
export function releaseUrls(version) {
  return {
    manifest: `${REPO_URL}/releases/latest/download/system.json`,
    download: `${REPO_URL}/releases/download/v${version}/${ZIP_NAME}`,
  };
}

/**
 * The system.json written to dist: the source manifest with version and URLs from package.json.
 * @param {object} manifest  parsed source system.json
 * @param {string} version   package.json version
 * @returns {object}
 */
export function distManifest(manifest, version) {
  return { ...manifest, version, ...releaseUrls(version) };
}

/** The rulesets' folders under src/rulesets/ (and templates/), each its own chunk. */
const RULESET_PATH = /[\\/](?:src[\\/]rulesets|templates)[\\/]([a-z0-9]+)[\\/]/;

/**
 * The vite build of src/index.ts, shared by both passes of `bundle`.
 * @param {{root: string, entry: string, outDir: string, write: boolean, plugins: object[], output: object}} o
 */
async function viteBundle({ root, entry, outDir, write, plugins, output }) {
  const { build: viteBuild } = await import("vite");
  return viteBuild({
    root,
    configFile: false,
    plugins,
    envDir: false,
    publicDir: false,
    logLevel: "warn",
    build: {
      outDir,
      write,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: write,
      target: "es2022",
      reportCompressedSize: false,
      lib: { entry, formats: ["es"], fileName: () => "breadbox.mjs" },
      // Vite keeps ES-library output unminified (codegen off) by default; a Foundry system is an
      // application bundle, so ask rolldown for full minification.
      // keepNames: Foundry finds classes by name at run time (Roll subclasses in CONFIG.Dice.rolls
      // when a chat message is rebuilt, sheet registrations saved on documents, render<Class>
      // hooks), so minification must not rename them.
      rolldownOptions: { output: { minify: true, keepNames: true, comments: { annotation: false, jsdoc: false, legal: true }, ...output } },
    },
  });
}

/**
 * The modules the entry needs before the world's ruleset is known: a first pass bundles the entry
 * with every dynamic import left out, and keeps the modules that survive tree-shaking. (The static
 * import graph would say more: a rules barrel reaches every rule, though init uses few.)
 * @param {string} root
 * @param {string} entry
 * @returns {Promise<Map<string, number>>} each module's id and the rendered bytes init keeps of it
 */
async function initialModules(root, entry) {
  /** @type {Map<string, number>} */
  const initial = new Map();
  await viteBundle({
    root,
    entry,
    outDir: path.join(root, "dist"),
    write: false,
    plugins: [
      { name: "breadbox-leave-dynamic-imports", resolveDynamicImport: (/** @type {string} */ source) => ({ id: source, external: true }) },
      {
        name: "breadbox-initial-modules",
        /** @param {unknown} _o @param {Record<string, {type: string, modules?: Record<string, {renderedLength: number}>}>} bundle */
        generateBundle(_o, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== "chunk" || !chunk.modules) continue;
            for (const [id, m] of Object.entries(chunk.modules)) if (m.renderedLength > 0) initial.set(id, m.renderedLength);
          }
        },
      },
    ],
    output: { codeSplitting: false },
  });
  return initial;
}

/**
 * How the bundle is split (issue 23, docs/architecture.md "Load what the world needs"): `init` holds
 * the modules the entry needs at init (`initialModules`; the initial JavaScript); every other module
 * goes to its ruleset's chunk (src/rulesets/<id>/, templates/<id>/) or to `core` (core's runtime
 * and what the rulesets' runtimes share). `init` is matched first, so no runtime chunk takes a
 * module the entry needs and the entry imports no runtime chunk.
 * @param {Set<string>} initial
 * @param {string} entry  absolute path of src/index.ts
 */
export function chunkGroups(initial, entry) {
  return [
    // The entry module itself stays in breadbox.mjs (with its source map); the rest of init beside it.
    { name: "init", test: (/** @type {string} */ id) => id !== entry && initial.has(id), priority: 2 },
    { name: (/** @type {string} */ id) => RULESET_PATH.exec(id)?.[1] ?? "core", debugName: "runtime", test: (/** @type {string} */ id) => !initial.has(id), priority: 1 },
  ];
}

/**
 * Build the system.
 * @param {object} [opts]
 * @param {string} [opts.root=ROOT]     repository root
 * @param {string} [opts.outDir]        output folder (default root/dist); emptied first
 * @param {boolean} [opts.zip=true]     write outDir/breadbox.zip
 * @param {(msg: string) => void} [opts.log]  progress messages (default: none)
 * @returns {Promise<{outDir: string, version: string, zipPath: string | null, files: string[],
 *   packs: string[], warnings: string[], timings: Record<string, number>,
 *   bundle: Record<string, Record<string, number>>, runtimeInInit: {module: string, bytes: number}[]}>}
 *   files: every file written (relative to outDir, "/" separators, zip excluded)
 *   bundle: per JavaScript chunk, the rendered bytes of its modules per source folder (tools/bundle-report.mjs)
 *   runtimeInInit: the runtime code left inside modules the initial JavaScript holds (tools/bundle-report.mjs)
 */
export async function build({ root = ROOT, outDir, zip = true, log = () => {} } = {}) {
  root = path.resolve(root);
  outDir = path.resolve(outDir ?? path.join(root, "dist"));
  if (root === outDir || root.startsWith(outDir + path.sep)) {
    throw new Error(`Refusing to build into ${outDir}: it contains the project itself.`);
  }
  const timings = {};
  const warnings = [];
  const step = async (name, fn) => {
    const t0 = performance.now();
    const result = await fn();
    timings[name] = Math.round(performance.now() - t0);
    log(`${name}: ${timings[name]} ms`);
    return result;
  };

  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const manifest = readManifest(root);
  const entry = path.join(root, "src", "index.ts");
  const scss = path.join(root, "styles", "breadbox.scss");
  if (!fs.existsSync(entry)) throw new Error(`Build failed: ${path.relative(root, entry)} is missing.`);
  if (!fs.existsSync(scss)) {
    throw new Error(`Build failed: ${path.relative(root, scss)} is missing (the system stylesheet; dist/breadbox.css is compiled from it).`);
  }
  for (const dir of ["templates", "lang"]) {
    if (!fs.existsSync(path.join(root, dir))) throw new Error(`Build failed: ${dir}/ is missing.`);
  }

  // Lint packs before the slow steps, so a bad source fails fast with file + reason.
  await step("lint packs", () => {
    const problems = lintAll({ root, manifest });
    if (problems.length) throw new Error(`Build failed: pack lint found ${problems.length} problem(s):\n${formatProblems(problems, root)}`);
  });
  // Every pack document through the system's own data models (a number out of range, a string
  // where a number belongs, an unknown choice): the CLI would compile them as they are.
  await step("validate packs", async () => {
    const problems = await validatePackModels({ root });
    if (problems.length) throw new Error(`Build failed: ${problems.length} pack document(s) do not fit their data models:\n${formatProblems(problems, root)}`);
  });

  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0 && !fs.existsSync(path.join(outDir, "system.json"))) {
    throw new Error(`Refusing to empty ${outDir}: it is not empty and holds no previous build (no system.json).`);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });

  /** @type {Record<string, Record<string, number>>} */
  const bundle = {};
  /** @type {{module: string, bytes: number}[]} */
  let runtimeInInit = [];
  await step("bundle", async () => {
    try {
      const initial = await initialModules(root, entry);
      /** @type {Record<string, number>} */
      const initChunk = {};
      // Chunks: dist/breadbox-init.mjs (what the entry needs at init), -core.mjs, -<ruleset>.mjs
      // (chunkGroups), next to the entry: Foundry loads the entry as an ES module and the browser
      // resolves the chunks' relative imports from its URL.
      await viteBundle({
        root,
        entry,
        outDir,
        write: true,
        plugins: [sourceFolders(bundle, root), chunkModules(initChunk, "breadbox-init.mjs")],
        output: { chunkFileNames: "breadbox-[name].mjs", codeSplitting: { groups: chunkGroups(new Set(initial.keys()), entry) } },
      });
      runtimeInInit = runtimeLeftInInit(initChunk, initial, root);
    } catch (err) {
      throw new Error(`Build failed: bundling ${path.relative(root, entry)}: ${/** @type {Error} */ (err).message}`);
    }
  });

  await step("styles", async () => {
    const sass = await import("sass");
    const { css } = sass.compile(scss, { style: "compressed", loadPaths: [path.join(root, "styles")] });
    fs.writeFileSync(path.join(outDir, "breadbox.css"), css + "\n");
  });

  await step("copy", () => {
    fs.writeFileSync(path.join(outDir, "system.json"), JSON.stringify(distManifest(manifest, pkg.version), null, 2) + "\n");
    fs.cpSync(path.join(root, "templates"), path.join(outDir, "templates"), { recursive: true });
    // One translation file per language, merged from lang/<lang>.json and its parts (tools/lang.mjs).
    fs.mkdirSync(path.join(outDir, "lang"), { recursive: true });
    for (const { lang, path: rel } of manifest.languages ?? []) {
      fs.writeFileSync(path.join(outDir, rel), JSON.stringify(readLang(root, lang), null, 2) + "\n");
    }
    // Setup-screen and package-page images (system.json `media`, made by tools/media.mjs).
    if (fs.existsSync(path.join(root, "assets"))) fs.cpSync(path.join(root, "assets"), path.join(outDir, "assets"), { recursive: true });
    for (const file of OPTIONAL_FILES) {
      const src = path.join(root, file);
      if (fs.existsSync(src)) fs.copyFileSync(src, path.join(outDir, file));
      else warnings.push(`${file} is missing: not copied into the release`);
    }
  });

  const packs = await step("packs", () => compileAll({ root, outDir, manifest }));

  // Every file the manifest names must exist.
  const dm = distManifest(manifest, pkg.version);
  const named = [...(dm.esmodules ?? []), ...(dm.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
    ...(dm.languages ?? []).map((l) => l.path), ...(dm.license && !/^https?:/.test(dm.license) ? [dm.license] : [])];
  named.push(...mediaFiles(dm));
  for (const rel of named) {
    if (!fs.existsSync(path.join(outDir, rel))) throw new Error(`Build failed: system.json names ${rel} but it was not built.`);
  }

  const files = listFiles(outDir).filter((f) => f !== ZIP_NAME);
  let zipPath = null;
  if (zip) {
    zipPath = path.join(outDir, ZIP_NAME);
    await step("zip", () => {
      /** @type {Record<string, Uint8Array>} */
      const entries = {};
      for (const rel of files) entries[rel] = new Uint8Array(fs.readFileSync(path.join(outDir, rel)));
      fs.writeFileSync(zipPath, zipSync(entries, { level: 9 }));
    });
  }
  for (const w of warnings) log(`warning: ${w}`);
  return { outDir, version: pkg.version, zipPath, files, packs, warnings, timings, bundle, runtimeInInit };
}

/**
 * The files of the system that the manifest's `media` entries name (url and thumbnail), relative
 * to the system folder: Foundry serves them at `systems/<id>/<file>`.
 * @param {{id: string, media?: {url?: string, thumbnail?: string}[]}} manifest
 */
export function mediaFiles(manifest) {
  const prefix = `systems/${manifest.id}/`;
  return (manifest.media ?? []).flatMap((m) => [m.url, m.thumbnail]).filter((u) => typeof u === "string" && u.startsWith(prefix)).map((u) => u.slice(prefix.length));
}

/**
 * Every file under dir, relative, "/"-separated, sorted.
 * @param {string} dir
 * @returns {string[]}
 */
export function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push(path.relative(dir, full).split(path.sep).join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const i = args.indexOf("--out");
  const outDir = i >= 0 ? args[i + 1] : undefined;
  const t0 = performance.now();
  try {
    const result = await build({ outDir, log: (m) => console.log(`build | ${m}`) });
    const size = result.zipPath ? ` (${(fs.statSync(result.zipPath).size / 1024).toFixed(1)} KiB zip)` : "";
    console.log(`build | Breadbox ${result.version} → ${path.relative(process.cwd(), result.outDir) || "."}: ` +
      `${result.files.length} files, ${result.packs.length} packs${size} in ${Math.round(performance.now() - t0)} ms`);
  } catch (err) {
    console.error(/** @type {Error} */ (err).message);
    process.exit(1);
  }
}
