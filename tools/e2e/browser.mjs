/**
 * Launching Chromium for the test bed (tests, bench). The browser is, in order of preference:
 *   1. BREADBOX_CHROMIUM, when set (a set but missing path is an error, never a silent fallback);
 *   2. the system's Chromium (/usr/bin/chromium, Debian's package), when installed;
 *   3. the Chromium that ships inside the @sparticuz/chromium npm package (unpacked on first use),
 *      so `npm ci` alone is enough on a fresh machine.
 * Headless, with a fresh temporary profile, and with the flags a machine without network needs
 * (otherwise Chromium floods with refused connections).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * Where the browser comes from: {executable, source, args}. `source` is "env", "system" or "npm".
 * Throws with the hint when BREADBOX_CHROMIUM names a missing file or no browser can be found.
 */
export async function resolveChromium() {
  const fromEnv = process.env.BREADBOX_CHROMIUM;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(missingBrowserMessage(fromEnv));
    return { executable: fromEnv, source: "env", args: CHROMIUM_ARGS };
  }
  if (fs.existsSync(SYSTEM_CHROMIUM)) return { executable: SYSTEM_CHROMIUM, source: "system", args: CHROMIUM_ARGS };
  let executable;
  try {
    const { default: packaged } = await import("@sparticuz/chromium");
    executable = await packaged.executablePath();
  } catch (err) {
    throw new Error(`${missingBrowserMessage(SYSTEM_CHROMIUM)}\n(@sparticuz/chromium could not provide one: ${err.message})`);
  }
  if (!executable || !fs.existsSync(executable)) throw new Error(missingBrowserMessage(SYSTEM_CHROMIUM));
  // The packaged build runs in a single process without a zygote (it is made for serverless hosts).
  return { executable, source: "npm", args: [...CHROMIUM_ARGS, "--no-zygote", "--single-process"] };
}

/** The Chromium executable that resolveChromium would use (async: the npm one may need unpacking). */
export async function chromiumPath() {
  return (await resolveChromium()).executable;
}

/** The error a missing browser gives: a failure with the hint, never a skip. */
export function missingBrowserMessage(executable) {
  return (
    `Chromium was not found at ${executable}. The browser tests need it.\n` +
    `Run \`npm ci\` (it installs @sparticuz/chromium, used when no system Chromium is present), ` +
    `install Debian's package (apt-get install chromium), or point BREADBOX_CHROMIUM at a Chromium executable.`
  );
}

/**
 * Launch Chromium with a fresh profile. Resolves to {context, close, source}; close() also removes the profile.
 * @param {{viewport?: {width: number, height: number}}} [opts]
 */
export async function launchChromium({ viewport = { width: 1600, height: 1000 } } = {}) {
  const { executable, source, args } = await resolveChromium();
  const { chromium } = await import("playwright-core");
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "breadbox-chromium-"));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: executable, headless: true, args, viewport, reducedMotion: "reduce" });
  } catch (err) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium at ${executable} (${source}) failed to start: ${err.message}\n${missingBrowserMessage(executable)}`);
  }
  return {
    context,
    source,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
