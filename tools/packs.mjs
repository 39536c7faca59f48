/**
 * Compendium pack helpers: lint, compile and extract the committed pack sources
 * (packs/_source/<pack>/*.json, one document per file) with @foundryvtt/foundryvtt-cli.
 *
 * The CLI validates nothing and silently skips a file without `_key`, so every source is linted
 * first. See docs/packs.md for the rules and the content policy (mechanics only, empty prose).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";

/** Repository root (the folder holding system.json). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where pack sources live, relative to the root. */
export const SOURCE_DIR = path.join("packs", "_source");

/** Document collection (the middle part of a `_key`) of each pack document type we support. */
export const COLLECTIONS = Object.freeze({
  Actor: "actors",
  Item: "items",
  RollTable: "tables",
  JournalEntry: "journal",
  Macro: "macros",
});

/** Embedded collections we lint, per primary collection: field name → embedded document type. */
const EMBEDDED = Object.freeze({
  actors: { items: "Item", effects: "ActiveEffect" },
  items: { effects: "ActiveEffect" },
  tables: { results: "TableResult" },
});

const ID_PATTERN = /^[A-Za-z0-9]{16}$/;

/**
 * Read and parse a system manifest.
 * @param {string} [root=ROOT]
 * @returns {object} the parsed system.json
 */
export function readManifest(root = ROOT) {
  return JSON.parse(fs.readFileSync(path.join(root, "system.json"), "utf8"));
}

/**
 * Known sub-types and their html fields, per document type, from the manifest's documentTypes.
 * @param {object} manifest
 * @returns {Record<string, Record<string, string[]>>} e.g. { Item: { toasterSkill: ["description"] } }
 */
export function knownTypes(manifest) {
  /** @type {Record<string, Record<string, string[]>>} */
  const out = {};
  for (const [docType, types] of Object.entries(manifest.documentTypes ?? {})) {
    out[docType] = {};
    for (const [type, cfg] of Object.entries(types ?? {})) out[docType][type] = [...(cfg?.htmlFields ?? [])];
  }
  return out;
}

/**
 * Every pack source folder under root/packs/_source.
 * @param {string} [root=ROOT]
 * @returns {string[]} pack names, sorted
 */
export function sourcePackNames(root = ROOT) {
  const dir = path.join(root, SOURCE_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/**
 * Read every JSON source of one pack folder.
 * @param {string} dir  the pack's source folder
 * @returns {{file: string, doc?: any, error?: string}[]} sorted by file name; `error` on bad JSON
 */
export function readSources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => e.name).sort().map((f) => {
    const file = path.join(dir, f);
    try {
      return { file, doc: JSON.parse(fs.readFileSync(file, "utf8")) };
    } catch (err) {
      return { file, error: `invalid JSON: ${/** @type {Error} */ (err).message}` };
    }
  });
}

function getPath(obj, dotted) {
  return dotted.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

/**
 * Lint one document (and its embedded documents) of a pack.
 * @param {any} doc           the parsed source
 * @param {object} ctx
 * @param {string} ctx.documentType  the pack's document type ("Item", "Actor", "RollTable", …)
 * @param {Record<string, Record<string, string[]>>} ctx.types  from knownTypes(manifest)
 * @returns {string[]} reasons (empty when the document is fine)
 */
export function lintDocument(doc, { documentType, types, minimumCore }) {
  const reasons = [];
  if (minimumCore) reasons.push(...coreVersionProblems(doc, minimumCore));
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return ["not a JSON object"];
  const isFolder = typeof doc._key === "string" && doc._key.startsWith("!folders!");
  const collection = isFolder ? "folders" : COLLECTIONS[documentType];
  if (!collection) return [`unsupported pack document type "${documentType}"`];

  if (typeof doc._id !== "string" || !ID_PATTERN.test(doc._id)) {
    reasons.push(`_id must be 16 alphanumeric characters (got ${JSON.stringify(doc._id)})`);
  }
  const expectedKey = `!${collection}!${doc._id}`;
  if (doc._key === undefined) reasons.push(`missing _key (expected "${expectedKey}"; the CLI would skip this file silently)`);
  else if (doc._key !== expectedKey) reasons.push(`_key is "${doc._key}", expected "${expectedKey}"`);
  if (typeof doc.name !== "string" || doc.name.trim() === "") reasons.push("missing name");

  if (isFolder) {
    if (doc.type !== documentType) reasons.push(`folder type "${doc.type}" does not match the pack type "${documentType}"`);
    if (doc.description) reasons.push("folder description must be empty (no prose in packs)");
    return reasons;
  }
  reasons.push(...lintTyped(doc, documentType, types, ""));
  if (documentType === "RollTable") {
    if (doc.description) reasons.push("description must be empty (no prose in packs)");
    if (typeof doc.formula !== "string" || doc.formula.trim() === "") reasons.push("missing formula");
  }

  // Embedded documents.
  for (const [field, embeddedType] of Object.entries(EMBEDDED[collection] ?? {})) {
    const list = doc[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      reasons.push(`${field} must be an array`);
      continue;
    }
    const seen = new Set();
    list.forEach((child, i) => {
      const where = `${field}[${i}]${child?.name ? ` "${child.name}"` : ""}`;
      if (!child || typeof child !== "object") {
        reasons.push(`${where}: not an object`);
        return;
      }
      if (typeof child._id !== "string" || !ID_PATTERN.test(child._id)) {
        reasons.push(`${where}: _id must be 16 alphanumeric characters (got ${JSON.stringify(child._id)})`);
      } else if (seen.has(child._id)) reasons.push(`${where}: duplicate _id ${child._id}`);
      seen.add(child._id);
      const key = `!${collection}.${field}!${doc._id}.${child._id}`;
      if (child._key === undefined) reasons.push(`${where}: missing _key (expected "${key}")`);
      else if (child._key !== key) reasons.push(`${where}: _key is "${child._key}", expected "${key}"`);
      if (embeddedType === "Item" || embeddedType === "Actor") {
        reasons.push(...lintTyped(child, embeddedType, types, `${where}: `));
      } else if (embeddedType === "TableResult") {
        const r = child.range;
        if (!Array.isArray(r) || r.length !== 2 || !r.every(Number.isInteger) || r[0] > r[1]) {
          reasons.push(`${where}: range must be two ascending integers (got ${JSON.stringify(r)})`);
        }
        if (!["text", "document"].includes(child.type)) reasons.push(`${where}: result type "${child.type}" is not text or document`);
      }
    });
  }
  return reasons;
}

/**
 * Whether version a is newer than version b ("13.351" > "13.346" > "13"), component by component.
 * @param {string} a
 * @param {string} b
 * @returns {boolean}
 */
export function isNewerVersion(a, b) {
  const pa = String(a).split(".").map(Number);
  const pb = String(b).split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * The minimum Foundry version of the system (system.json compatibility.minimum).
 * @param {object} manifest
 * @returns {string | null}
 */
export function minimumCoreVersion(manifest) {
  const v = manifest?.compatibility?.minimum;
  return v === undefined || v === null || v === "" ? null : String(v);
}

/** A document (or an embedded one) stamped with a newer Foundry than the system's minimum would be refused or migrated oddly by older cores. */
function coreVersionProblems(doc, minimumCore) {
  const newer = [];
  const check = (d, where) => {
    const v = d?._stats?.coreVersion;
    if (v !== undefined && v !== null && isNewerVersion(v, minimumCore)) newer.push(`${where} (${v})`);
  };
  check(doc, "the document");
  for (const field of ["items", "results", "effects"]) {
    for (const [i, child] of (Array.isArray(doc?.[field]) ? doc[field] : []).entries()) check(child, `${field}[${i}]`);
  }
  if (!newer.length) return [];
  const shown = newer.length > 3 ? `${newer.slice(0, 3).join(", ")} and ${newer.length - 3} more` : newer.join(", ");
  return [`_stats.coreVersion is newer than the system's minimum Foundry version ${minimumCore} (system.json) in ${shown}; run node tools/packs.mjs stamp`];
}

/**
 * Set `_stats.coreVersion` of every source (and embedded document) to the manifest's minimum.
 * @param {object} [opts]
 * @param {string} [opts.root=ROOT]
 * @param {object} [opts.manifest]
 * @returns {number} files rewritten
 */
export function stampCoreVersion({ root = ROOT, manifest = readManifest(root) } = {}) {
  const minimum = minimumCoreVersion(manifest);
  if (!minimum) throw new Error("system.json has no compatibility.minimum");
  let written = 0;
  for (const name of sourcePackNames(root)) {
    for (const { file, doc } of readSources(path.join(root, SOURCE_DIR, name))) {
      if (!doc) continue;
      let changed = false;
      const stamp = (d) => {
        if (d?._stats && typeof d._stats === "object" && d._stats.coreVersion !== minimum) {
          d._stats.coreVersion = minimum;
          changed = true;
        }
      };
      stamp(doc);
      for (const field of ["items", "results", "effects"]) for (const child of Array.isArray(doc[field]) ? doc[field] : []) stamp(child);
      if (changed) {
        const raw = fs.readFileSync(file, "utf8");
        fs.writeFileSync(file, JSON.stringify(doc, null, 2) + (raw.endsWith("\n") ? "\n" : ""));
        written++;
      }
    }
  }
  return written;
}

/** Sub-type, system and empty-prose checks for Actor/Item data. */
function lintTyped(doc, documentType, types, prefix) {
  const known = types[documentType];
  if (!known) return []; // RollTable etc.: no sub-types
  const reasons = [];
  if (!Object.hasOwn(known, doc.type)) {
    reasons.push(`${prefix}type "${doc.type}" is not a known ${documentType} type (${Object.keys(known).join(", ")})`);
  }
  if (!doc.system || typeof doc.system !== "object" || Array.isArray(doc.system)) {
    reasons.push(`${prefix}system is missing`);
    return reasons;
  }
  for (const field of known[doc.type] ?? []) {
    const value = getPath(doc.system, field);
    if (value !== undefined && value !== "") reasons.push(`${prefix}system.${field} must be empty (no prose in packs)`);
  }
  return reasons;
}

/**
 * Lint one pack source folder.
 * @param {string} dir  the pack's source folder
 * @param {object} ctx
 * @param {string} ctx.documentType
 * @param {Record<string, Record<string, string[]>>} ctx.types
 * @returns {{file: string, reason: string}[]} problems (empty when clean)
 */
export function lintPack(dir, { documentType, types, minimumCore = null }) {
  const problems = [];
  const ids = new Map();
  const sources = readSources(dir);
  if (sources.length === 0) problems.push({ file: dir, reason: "pack has no .json sources" });
  // The CLI compiles one folder level only: a sub-folder's sources would be left out silently.
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) problems.push({ file: path.join(dir, entry.name), reason: "sub-folders are not compiled: move its sources into the pack's own folder (use Folder documents to group them)" });
  }
  for (const { file, doc, error } of sources) {
    if (error) {
      problems.push({ file, reason: error });
      continue;
    }
    for (const reason of lintDocument(doc, { documentType, types, minimumCore })) problems.push({ file, reason });
    if (typeof doc?._id === "string") {
      const other = ids.get(doc._id);
      if (other) problems.push({ file, reason: `duplicate _id ${doc._id} (also in ${path.basename(other)})` });
      else ids.set(doc._id, file);
    }
  }
  return problems;
}

/**
 * Lint every pack: each source folder must be listed in system.json (path packs/<name>) and
 * each listed pack must have a source folder; then every document is linted.
 * @param {object} [opts]
 * @param {string} [opts.root=ROOT]
 * @param {object} [opts.manifest]  defaults to root/system.json
 * @returns {{file: string, reason: string}[]} problems (empty when clean)
 */
export function lintAll({ root = ROOT, manifest = readManifest(root) } = {}) {
  const problems = [];
  const types = knownTypes(manifest);
  const listed = new Map((manifest.packs ?? []).map((p) => [p.name, p]));
  const names = sourcePackNames(root);
  for (const p of manifest.packs ?? []) {
    if (!names.includes(p.name)) problems.push({ file: "system.json", reason: `pack "${p.name}" has no source folder ${SOURCE_DIR}/${p.name}` });
    if (p.path !== `packs/${p.name}`) problems.push({ file: "system.json", reason: `pack "${p.name}" path must be "packs/${p.name}" (got "${p.path}")` });
    if (p.system !== undefined && p.system !== manifest.id) problems.push({ file: "system.json", reason: `pack "${p.name}" system must be "${manifest.id}"` });
  }
  const folderPacks = (folders) => (folders ?? []).flatMap((f) => [...(f.packs ?? []), ...folderPacks(f.folders)]);
  for (const name of folderPacks(manifest.packFolders)) {
    if (!listed.has(name)) problems.push({ file: "system.json", reason: `packFolders names "${name}", which is not in packs` });
  }
  for (const name of names) {
    const dir = path.join(root, SOURCE_DIR, name);
    const entry = listed.get(name);
    if (!entry) {
      problems.push({ file: dir, reason: `pack "${name}" is not listed in system.json` });
      continue;
    }
    problems.push(...lintPack(dir, { documentType: entry.type, types, minimumCore: minimumCoreVersion(manifest) }));
  }
  return problems;
}

/**
 * Format lint problems for a terminal, one per line, paths relative to root.
 * @param {{file: string, reason: string}[]} problems
 * @param {string} [root=ROOT]
 * @returns {string}
 */
export function formatProblems(problems, root = ROOT) {
  return problems.map((p) => `  ${path.relative(root, p.file) || p.file}: ${p.reason}`).join("\n");
}

/**
 * Compile one pack source folder into a LevelDB pack (the destination is replaced).
 * @param {string} srcDir
 * @param {string} destDir
 * @returns {Promise<void>}
 */
export async function compileOne(srcDir, destDir) {
  fs.rmSync(destDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(destDir), { recursive: true });
  await compilePack(srcDir, destDir, { log: false });
}

/**
 * Lint, then compile every listed pack into outDir/packs/<name>. Throws (with every problem) on lint failure.
 * @param {object} [opts]
 * @param {string} [opts.root=ROOT]
 * @param {string} opts.outDir   e.g. root/dist
 * @param {object} [opts.manifest]
 * @returns {Promise<string[]>} compiled pack names
 */
export async function compileAll({ root = ROOT, outDir, manifest = readManifest(root) }) {
  const problems = lintAll({ root, manifest });
  if (problems.length) throw new Error(`Pack lint failed (${problems.length} problem(s)):\n${formatProblems(problems, root)}`);
  const names = [];
  for (const p of manifest.packs ?? []) {
    await compileOne(path.join(root, SOURCE_DIR, p.name), path.join(outDir, p.path));
    names.push(p.name);
  }
  return names;
}

/**
 * Extract a compiled LevelDB pack into JSON files (one per primary document, CLI naming).
 * @param {string} packDir
 * @param {string} destDir
 * @returns {Promise<void>}
 */
export async function extractOne(packDir, destDir) {
  await extractPack(packDir, destDir, { log: false, clean: true });
}

/**
 * Read a folder of JSON documents into a map by _id (for round-trip comparisons).
 * @param {string} dir
 * @returns {Map<string, any>}
 */
export function documentsById(dir) {
  const out = new Map();
  for (const { file, doc, error } of readSources(dir)) {
    if (error) throw new Error(`${file}: ${error}`);
    out.set(doc._id, doc);
  }
  return out;
}

/**
 * Lint, then validate every document against the data models (tools/pack-models.mjs). Throws with
 * every problem.
 * @param {object} [opts]
 * @param {string} [opts.root=ROOT]
 * @returns {Promise<void>}
 */
export async function checkAll({ root = ROOT } = {}) {
  const problems = lintAll({ root });
  if (problems.length) throw new Error(`Pack lint failed (${problems.length} problem(s)):\n${formatProblems(problems, root)}`);
  const { validatePackModels } = await import("./pack-models.mjs");
  const invalid = await validatePackModels({ root });
  if (invalid.length) throw new Error(`Pack documents do not fit their data models (${invalid.length} problem(s)):\n${formatProblems(invalid, root)}`);
}

// CLI: node tools/packs.mjs lint | compile [outDir] | extract <pack> <destDir> | stamp
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd, a, b] = process.argv.slice(2);
  try {
    if (cmd === "lint") {
      await checkAll();
      console.log(`Pack lint: ${sourcePackNames().length} packs clean, every document fits its data model`);
    } else if (cmd === "stamp") {
      console.log(`Stamped ${stampCoreVersion()} source file(s) with coreVersion ${minimumCoreVersion(readManifest())}`);
    } else if (cmd === "compile") {
      await checkAll();
      const names = await compileAll({ outDir: path.resolve(a ?? path.join(ROOT, "dist")) });
      console.log(`Compiled ${names.length} packs`);
    } else if (cmd === "extract" && a && b) {
      await extractOne(path.resolve(a), path.resolve(b));
      console.log(`Extracted ${a} → ${b}`);
    } else {
      console.error("usage: node tools/packs.mjs lint | compile [outDir] | extract <packDir> <destDir> | stamp");
      process.exit(2);
    }
  } catch (err) {
    console.error(/** @type {Error} */ (err).message);
    process.exit(1);
  }
}
