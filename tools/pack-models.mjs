/**
 * Validate every pack document against the system's own data models, the way Foundry would load
 * it: the `system` data of every Actor and Item (and of every embedded Item) must construct through
 * its TypeDataModel strictly and come out unchanged (no field cleaned away, clamped or filled in).
 * `baseWC: "abc"` (not a number), `baseWC: 500` (above the maximum, which Foundry would clamp to
 * 99) and `mode: "laser"` (not a choice) all fail.
 *
 * The data models extend Foundry classes, so they are loaded into the test harness (the v13 API
 * mirror under test/harness) through vite's module loader. That installs Foundry globals, so it
 * runs in a child process: `validatePackModels()` spawns `node tools/pack-models.mjs <root>`, which
 * prints the problems as JSON. `npm run build` and `node tools/packs.mjs lint|compile` run it.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(import.meta.url);
/** Repository root (this file's parent folder); packs.mjs is imported lazily (it imports this file). */
const ROOT = path.resolve(path.dirname(HERE), "..");

/**
 * @param {object} [opts]
 * @param {string} [opts.root=ROOT]  project whose packs are checked
 * @param {string} [opts.modelsRoot=root]  project whose src/index.ts provides the data models
 * @returns {Promise<{file: string, reason: string}[]>} problems (empty when every document fits)
 */
export function validatePackModels({ root = ROOT, modelsRoot = root } = {}) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [HERE, root, modelsRoot], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (err, stdout, stderr) => {
      const line = stdout.trim().split("\n").at(-1) ?? "";
      try {
        const parsed = JSON.parse(line);
        if (Array.isArray(parsed.problems)) return resolve(parsed.problems);
      } catch {
        /* fall through */
      }
      reject(new Error(`Pack model validation could not run${err ? ` (${err.message})` : ""}:\n${stderr || stdout}`));
    });
  });
}

/** First path where two JSON values differ ("" when equal). */
function firstDifference(a, b, where = "") {
  if (Object.is(a, b)) return "";
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${where || "(root)"}: ${JSON.stringify(a)} became ${JSON.stringify(b)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference(a[k], b[k], where ? `${where}.${k}` : k);
    if (d) return d;
  }
  return "";
}

/** Runs inside the child process: load harness + system, check every source. */
async function run(root, modelsRoot) {
  const { createServer } = await import("vite");
  const { SOURCE_DIR, readManifest, readSources } = await import("./packs.mjs");
  const server = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const problems = [];
  try {
    await server.ssrLoadModule("/test/harness/setup.ts");
    const harness = await server.ssrLoadModule("/test/harness/index.ts");
    await server.ssrLoadModule(path.join(modelsRoot, "src", "index.ts"));
    await harness.runStartupHooks();
    const CONFIG = globalThis.CONFIG;
    const check = (documentName, type, system, file, label) => {
      const Model = CONFIG[documentName]?.dataModels?.[type];
      if (typeof Model !== "function") return problems.push({ file, reason: `${label}no data model for ${documentName} type "${type}"` });
      let model;
      try {
        model = new Model(structuredClone(system), { strict: true });
      } catch (err) {
        return problems.push({ file, reason: `${label}system does not validate: ${String(err?.message ?? err).replace(/\s+/g, " ").trim()}` });
      }
      const diff = firstDifference(system, model.toObject());
      if (diff) problems.push({ file, reason: `${label}the data model changes system.${diff}` });
    };
    const manifest = readManifest(root);
    for (const pack of manifest.packs ?? []) {
      for (const { file, doc } of readSources(path.join(root, SOURCE_DIR, pack.name))) {
        if (!doc || typeof doc._key !== "string") continue; // structure is the lint's job
        if (doc._key.startsWith("!items!")) check("Item", doc.type, doc.system, file, "");
        else if (doc._key.startsWith("!actors!")) {
          check("Actor", doc.type, doc.system, file, "");
          for (const item of Array.isArray(doc.items) ? doc.items : []) check("Item", item?.type, item?.system, file, `items "${item?.name}": `);
        }
      }
    }
  } finally {
    await server.close();
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === HERE) {
  const root = path.resolve(process.argv[2] ?? ROOT);
  const modelsRoot = path.resolve(process.argv[3] ?? root);
  try {
    const problems = await run(root, modelsRoot);
    process.stdout.write(`\n${JSON.stringify({ problems })}\n`);
    process.exit(0);
  } catch (err) {
    console.error(err?.stack ?? String(err));
    process.exit(1);
  }
}
