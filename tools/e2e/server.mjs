/**
 * A small static server for the browser test bed (node:http only).
 *
 *   /                          tools/e2e/index.html (the page)
 *   /e2e/base.css              tools/e2e/base.css (window chrome standing in for Foundry's)
 *   /e2e/page.js(.map)         the bundled page entry (test-results/e2e-page/, see prepare.mjs)
 *   /e2e/packs.json            every pack of dist/system.json with its source documents
 *   /e2e/axe.min.js            node_modules/axe-core/axe.min.js
 *   /systems/breadbox/…        the built system (dist/), as Foundry serves it
 *   /icons/…                   Foundry's core icons are not available: a neutral placeholder SVG
 *
 * Everything is read from disk on each request, so a rebuild shows on reload.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { DIST, PAGE_OUT, ROOT } from "./prepare.mjs";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".hbs": "text/plain; charset=utf-8",
  ".html.hbs": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".md": "text/plain; charset=utf-8",
};

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="6" fill="#d8d2c4"/><circle cx="32" cy="24" r="11" fill="#8a8170"/><path d="M12 56c2-12 10-18 20-18s18 6 20 18z" fill="#8a8170"/></svg>`;

/** Read every pack named by dist/system.json with the source documents of packs/_source/<name>/. */
export function readPacks() {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, "system.json"), "utf8"));
  return (manifest.packs ?? []).map((p) => {
    const dir = path.join(ROOT, "packs", "_source", p.name);
    const docs = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
          // Folder documents group a pack's entries (Flange's skill headings); the test bed lists entries only.
          .filter((d) => !(typeof d._key === "string" && d._key.startsWith("!folders!")))
      : [];
    return { name: p.name, label: p.label, type: p.type, system: p.system, docs };
  });
}

/** Resolve a URL path to a file under `base`, refusing anything outside it. */
function under(base, rel) {
  const full = path.resolve(base, "." + path.posix.normalize("/" + rel));
  return full === base || full.startsWith(base + path.sep) ? full : null;
}

function send(res, status, body, type = "text/plain; charset=utf-8") {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

function sendFile(res, file) {
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) return send(res, 404, "not found");
  const ext = path.extname(file).toLowerCase();
  send(res, 200, fs.readFileSync(file), TYPES[ext] ?? "application/octet-stream");
}

function handle(req, res) {
  const url = new URL(req.url ?? "/", "http://localhost");
  const p = decodeURIComponent(url.pathname);
  if (p === "/" || p === "/index.html") return sendFile(res, path.join(ROOT, "tools", "e2e", "index.html"));
  if (p === "/favicon.ico") return send(res, 204, "");
  if (p === "/e2e/base.css") return sendFile(res, path.join(ROOT, "tools", "e2e", "base.css"));
  if (p === "/e2e/axe.min.js") return sendFile(res, path.join(ROOT, "node_modules", "axe-core", "axe.min.js"));
  if (p === "/e2e/packs.json") {
    try {
      return send(res, 200, JSON.stringify(readPacks()), TYPES[".json"]);
    } catch (err) {
      return send(res, 500, String(err));
    }
  }
  if (p.startsWith("/e2e/")) return sendFile(res, under(PAGE_OUT, p.slice("/e2e/".length)));
  if (p.startsWith("/systems/breadbox/")) return sendFile(res, under(DIST, p.slice("/systems/breadbox/".length)));
  if (p.startsWith("/icons/")) return send(res, 200, PLACEHOLDER_SVG, TYPES[".svg"]);
  return send(res, 404, "not found");
}

/**
 * Start the server. Port 0 picks a free port.
 * @param {{port?: number, host?: string}} [opts]
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export function startServer({ port = 0, host = "127.0.0.1" } = {}) {
  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      send(res, 500, String(err));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const addr = server.address();
      const actual = typeof addr === "object" && addr ? addr.port : port;
      resolve({
        url: `http://${host}:${actual}/`,
        port: actual,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}
