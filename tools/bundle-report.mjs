/**
 * What the built bundle weighs and what loads when (issue 23): the initial JavaScript (the entry
 * system.json names and every chunk it imports statically, transitively), each chunk, what a world
 * of each ruleset loads (initial + core's runtime + its ruleset's chunk, with their static imports),
 * and where the bytes come from (source folders, from the build's per-module rendered lengths).
 * Used by `npm run bench` ("Bundle") and the build test.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** `import … from "./x.mjs"`, `import "./x.mjs"`, `export … from "./x.mjs"` in minified output. */
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.\/[^"']+\.mjs)["']/g;
/** `import("./x.mjs")` */
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.\/[^"']+\.mjs)["']\s*\)/g;

/**
 * The chunks a chunk imports, statically and dynamically (file names relative to dir).
 * @param {string} dir
 * @param {string} file
 * @returns {{static: string[], dynamic: string[]}}
 */
export function chunkImports(dir, file) {
  const code = fs.readFileSync(path.join(dir, file), "utf8");
  const dynamic = [...code.matchAll(DYNAMIC_IMPORT)].map((m) => path.posix.normalize(m[1]));
  const withoutDynamic = code.replace(DYNAMIC_IMPORT, "");
  const stat = [...withoutDynamic.matchAll(STATIC_IMPORT)].map((m) => path.posix.normalize(m[1]));
  return { static: [...new Set(stat)], dynamic: [...new Set(dynamic)] };
}

/**
 * A chunk and everything it imports statically, transitively.
 * @param {string} dir
 * @param {string[]} roots
 * @returns {string[]}
 */
export function staticClosure(dir, roots) {
  const seen = new Set();
  const todo = [...roots];
  while (todo.length) {
    const file = /** @type {string} */ (todo.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...chunkImports(dir, file).static);
  }
  return [...seen].sort();
}

/** @param {string} dir @param {string[]} files */
function weigh(dir, files) {
  let bytes = 0;
  let gzip = 0;
  for (const f of files) {
    const raw = fs.readFileSync(path.join(dir, f));
    bytes += raw.length;
    gzip += gzipSync(raw).length;
  }
  return { files, bytes, gzip };
}

/**
 * @param {string} dir      the built system (dist)
 * @param {string} entry    the entry system.json names (breadbox.mjs)
 * @param {string[]} rulesets  ruleset ids: a world of each loads breadbox-core.mjs and breadbox-<id>.mjs
 */
export function bundleReport(dir, entry, rulesets) {
  const chunks = fs.readdirSync(dir).filter((f) => f.endsWith(".mjs")).sort();
  const initial = weigh(dir, staticClosure(dir, [entry]));
  const worlds = rulesets.map((id) => {
    const own = [`breadbox-core.mjs`, `breadbox-${id}.mjs`].filter((f) => chunks.includes(f));
    return { ruleset: id, ...weigh(dir, staticClosure(dir, [entry, ...own])) };
  });
  return { initial, chunks: chunks.map((f) => ({ file: f, ...weigh(dir, [f]), initial: initial.files.includes(f) })), worlds };
}

/** @param {number} n */
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * The report as lines of text.
 * @param {ReturnType<typeof bundleReport>} report
 * @param {Record<string, Record<string, number>>} [sources]  per chunk, bytes per source folder (build's `bundle`)
 * @param {{module: string, bytes: number}[]} [runtimeInInit]  build's `runtimeInInit`
 */
export function formatBundleReport(report, sources, runtimeInInit) {
  const lines = [`initial JavaScript (entry + static imports): ${kib(report.initial.bytes)} minified, ${kib(report.initial.gzip)} gzip — ${report.initial.files.join(", ")}`];
  for (const c of report.chunks) lines.push(`  ${c.file.padEnd(30)} ${kib(c.bytes).padStart(10)} ${kib(c.gzip).padStart(10)} gzip${c.initial ? "  (initial)" : ""}`);
  for (const w of report.worlds) lines.push(`a ${w.ruleset} world loads ${kib(w.gzip)} gzip (${w.files.join(", ")})`);
  if (sources) {
    lines.push("where the bytes come from (rendered, before minification; per chunk, largest source folders):");
    for (const [chunk, folders] of Object.entries(sources)) {
      if (!Object.keys(folders).length) continue;
      const top = Object.entries(folders).sort((a, b) => b[1] - a[1]).slice(0, 8);
      lines.push(`  ${chunk}: ${top.map(([f, n]) => `${f} ${kib(n)}`).join(" · ")}`);
    }
  }
  if (runtimeInInit?.length) {
    const total = runtimeInInit.reduce((n, r) => n + r.bytes, 0);
    lines.push(`runtime code inside modules init needs: ${kib(total)} rendered (split each into a runtime module; docs/architecture.md "Load what the world needs"), largest:`);
    lines.push(`  ${runtimeInInit.slice(0, 8).map((r) => `${r.module} ${kib(r.bytes)}`).join(" · ")}`);
  }
  return lines;
}

/**
 * A rolldown/vite plugin that records the rendered bytes of each module of one output chunk into `into`.
 * @param {Record<string, number>} into
 * @param {string} file  the chunk's file name
 */
export function chunkModules(into, file) {
  return {
    name: "breadbox-chunk-modules",
    /** @param {unknown} _options @param {Record<string, {type: string, modules?: Record<string, {renderedLength: number}>}>} bundle */
    generateBundle(_options, bundle) {
      const chunk = bundle[file];
      if (chunk?.type === "chunk" && chunk.modules) for (const [id, m] of Object.entries(chunk.modules)) into[id] = m.renderedLength;
    },
  };
}

/**
 * The runtime code the initial JavaScript carries: a chunk holds whole modules, so a module init
 * needs brings along whatever else of it the runtime uses. Per module, the rendered bytes in the
 * init chunk less those the init-only pass keeps (build.mjs `initialModules`), largest first.
 * @param {Record<string, number>} initChunk  module id → rendered bytes in breadbox-init.mjs
 * @param {Map<string, number>} initOnly     module id → rendered bytes init alone keeps
 * @param {string} root
 * @returns {{module: string, bytes: number}[]}
 */
export function runtimeLeftInInit(initChunk, initOnly, root) {
  return Object.entries(initChunk)
    .map(([id, n]) => ({ module: path.relative(root, id.replace(/\?.*$/, "")).split(path.sep).join("/"), bytes: n - (initOnly.get(id) ?? 0) }))
    .filter((r) => r.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * A rolldown/vite plugin that records, per output chunk, the rendered bytes of its modules summed per
 * source folder (up to three levels under src/, e.g. "rulesets/flange/rules", "core/sheets"), into `into`.
 * @param {Record<string, Record<string, number>>} into
 * @param {string} root
 */
export function sourceFolders(into, root) {
  return {
    name: "breadbox-source-folders",
    /** @param {unknown} _options @param {Record<string, {type: string, modules?: Record<string, {renderedLength: number}>}>} bundle */
    generateBundle(_options, bundle) {
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== "chunk" || !chunk.modules) continue;
        const folders = (into[file] ??= {});
        for (const [id, m] of Object.entries(chunk.modules)) {
          const rel = path.relative(root, id.replace(/\?.*$/, "")).split(path.sep);
          const dir = rel.slice(0, -1);
          const key = dir[0] === "src" ? dir.slice(1, 4).join("/") || "src" : dir.slice(0, 2).join("/") || rel[0];
          folders[key] = (folders[key] ?? 0) + m.renderedLength;
        }
      }
    },
  };
}
