/**
 * Launching Chromium for the test bed (tests, bench): Debian's package by default, any Chromium
 * through BREADBOX_CHROMIUM. Headless, with a fresh temporary profile, and with the flags a machine
 * without network needs (otherwise Chromium floods with refused connections).
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

/** The Chromium executable: BREADBOX_CHROMIUM, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  return process.env.BREADBOX_CHROMIUM || "/usr/bin/chromium";
}

/** The error a missing browser gives: a failure with the install hint, never a skip. */
export function missingBrowserMessage(executable) {
  return (
    `Chromium was not found at ${executable}. The browser tests need it.\n` +
    `Install Debian's package (sudo apt-get install chromium) or point BREADBOX_CHROMIUM at a Chromium executable.`
  );
}

/**
 * Launch Chromium with a fresh profile. Resolves to {context, close}; close() also removes the profile.
 * @param {{viewport?: {width: number, height: number}}} [opts]
 */
export async function launchChromium({ viewport = { width: 1600, height: 1000 } } = {}) {
  const executable = chromiumPath();
  if (!fs.existsSync(executable)) throw new Error(missingBrowserMessage(executable));
  const { chromium } = await import("playwright-core");
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "breadbox-chromium-"));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: executable, headless: true, args: CHROMIUM_ARGS, viewport, reducedMotion: "reduce" });
  } catch (err) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium at ${executable} failed to start: ${err.message}\n${missingBrowserMessage(executable)}`);
  }
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
