/**
 * Helpers of the browser tests: launch Debian's Chromium through playwright-core, serve the test
 * bed (tools/e2e), open a fresh world per test, collect console errors, run axe-core, and write
 * screenshots to test-results/screenshots/.
 */
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { launchChromium, resolveChromium } from "../../tools/e2e/browser.mjs";
import { prepare, ROOT } from "../../tools/e2e/prepare.mjs";
import { startServer } from "../../tools/e2e/server.mjs";

export { CHROMIUM_ARGS, chromiumPath, missingBrowserMessage, resolveChromium, SYSTEM_CHROMIUM } from "../../tools/e2e/browser.mjs";

export const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");

export interface TestBed {
  url: string;
  context: BrowserContext;
  close(): Promise<void>;
}

/** Build if needed, start the server, and launch Chromium with a fresh temporary profile. */
export async function startTestBed(): Promise<TestBed> {
  // Checked first, so a missing browser fails fast with the hint.
  await resolveChromium();
  await prepare();
  const server = await startServer();
  let browser: { context: BrowserContext; close(): Promise<void> };
  try {
    browser = await launchChromium();
  } catch (err) {
    await server.close();
    throw err;
  }
  return {
    url: server.url,
    context: browser.context,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export interface WorldPage {
  page: Page;
  /** Console errors, page errors and failed requests since the page opened (or since clearErrors). */
  errors: string[];
  clearErrors(): void;
  close(): Promise<void>;
}

/**
 * Open a fresh world: a new tab on the test bed, booted and ready. `ruleset`: the world plays that
 * ruleset (its stored `breadbox.ruleset`); without it, a new world (the setting's default, Toaster).
 */
export async function openWorld(bed: TestBed, ruleset?: string): Promise<WorldPage> {
  const page = await bed.context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console.error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`page error: ${err.stack ?? err.message}`));
  page.on("requestfailed", (req) => errors.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ""}`));
  page.on("response", (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  // The e2e-v14 project runs the same tests on the harness's v14 profile.
  const query = new URLSearchParams();
  if (process.env.BREADBOX_FOUNDRY === "14") query.set("foundry", "14");
  if (ruleset) query.set("ruleset", ruleset);
  const search = query.toString();
  await page.goto(search ? `${bed.url}?${search}` : bed.url);
  await page.waitForFunction(() => document.body.dataset.bbReady, null, { timeout: 30_000 });
  const state = await page.evaluate(() => document.body.dataset.bbReady);
  if (state !== "true") {
    const bootErrors = await page.evaluate(() => (window as any).bb?.state?.errors ?? []);
    throw new Error(`The test bed failed to boot:\n${[...bootErrors, ...errors].join("\n")}`);
  }
  const generation = await page.evaluate(() => (window as any).bb.generation);
  if (generation !== (process.env.BREADBOX_FOUNDRY === "14" ? "14" : "13")) throw new Error(`The test bed runs the v${generation} harness, not the one asked for`);
  return {
    page,
    errors,
    clearErrors: () => void errors.splice(0),
    close: () => page.close(),
  };
}

/** Wait for the harness's and the page's pending UI work. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).bb.settle());
}

/** Visible text or accessible names in `root` that show an unlocalized key. */
export async function unlocalizedKeys(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const re = /BREADBOX\.|TYPES\./;
    const found: string[] = [];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const text = root.innerText ?? "";
      for (const line of text.split("\n")) if (re.test(line)) found.push(`text: ${line.trim()}`);
      for (const node of Array.from(root.querySelectorAll<HTMLElement>("*"))) {
        for (const attr of ["aria-label", "title", "placeholder", "alt"]) {
          const v = node.getAttribute(attr);
          if (v && re.test(v)) found.push(`${attr}: ${v}`);
        }
        if (node instanceof HTMLOptionElement && re.test(node.textContent ?? "")) found.push(`option: ${node.textContent}`);
      }
    }
    return [...new Set(found)];
  }, selector);
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Violations found by these tests, reported to the owner of the system code and not fixed yet.
 * Each entry hides only the matching nodes of one rule, so anything new still fails. Remove an
 * entry when its fix lands.
 */
export const KNOWN_AXE: { id: string; node: RegExp; reported: string }[] = [];

/** Run axe-core on the element matching `selector`; serious and critical violations only (minus KNOWN_AXE). */
export async function axeSerious(page: Page, selector: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as any).axe !== "undefined");
  if (!loaded) await page.addScriptTag({ url: "/e2e/axe.min.js" });
  return page.evaluate(async (sel) => {
    const axe = (window as any).axe;
    const res = await axe.run(sel, { resultTypes: ["violations"] });
    return res.violations
      .filter((v: any) => v.impact === "serious" || v.impact === "critical")
      .map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => `${n.target.join(" ")} — ${n.failureSummary}`) }));
  }, selector).then((violations: AxeViolation[]) =>
    violations
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !KNOWN_AXE.some((k) => k.id === v.id && k.node.test(n))).slice(0, 5) }))
      .filter((v) => v.nodes.length > 0),
  );
}

/** Screenshot of an element (or the page) to test-results/screenshots/<name>.png. */
export async function screenshot(target: Page | Locator, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name.replace(/[^a-zA-Z0-9_.-]+/g, "-")}.png`);
  await target.screenshot({ path: file, animations: "disabled" });
  return file;
}

/** The manifest's document types (what rulesets exist), read from the built system. */
export function documentTypes(): { Actor: string[]; Item: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "dist", "system.json"), "utf8"));
  return { Actor: Object.keys(manifest.documentTypes?.Actor ?? {}), Item: Object.keys(manifest.documentTypes?.Item ?? {}) };
}

/** Open a world document's sheet; returns a locator of its window. */
export async function openSheet(page: Page, uuid: string, edit = false): Promise<Locator> {
  const id = await page.evaluate(({ uuid, edit }) => (window as any).bb.openSheet(uuid, { edit }), { uuid, edit });
  return page.locator(`[id="${id}"]`);
}

/** Activate a tab of a sheet (by clicking it) and wait for the re-render. */
export async function showTab(page: Page, sheet: Locator, tab: string): Promise<void> {
  await sheet.locator(`[data-action="tab"][data-tab="${tab}"]`).click();
  await settle(page);
}

/** The newest notification shown on the page since `since` (an index into the shown list). */
export async function notificationsSince(page: Page, since: number): Promise<{ type: string; message: string }[]> {
  return page.evaluate((n) => (window as any).bb.notifications().slice(n), since);
}
export async function notificationCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as any).bb.notifications().length);
}

/** Switch the interface theme of the page (`.theme-light` / `.theme-dark` on <body>, as Foundry does). */
export async function setTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate((t) => (window as any).bb.setTheme(t), theme);
}

/**
 * Controls (inputs, drop-downs, buttons, text areas) in `selector` that stick out of their
 * container, and boxes whose content runs past their own edge (a line of text or a row of dice
 * wider than its card or window). Each entry names the element and how far it overflows, in px.
 */
export async function overflows(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const name = (e: Element) => {
      const h = e as HTMLElement;
      const id = h.getAttribute("name") ?? h.dataset.action ?? h.getAttribute("aria-label") ?? (h.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 30);
      return `${e.tagName.toLowerCase()}${e.classList.length ? "." + Array.from(e.classList).slice(0, 3).join(".") : ""}[${id}]`;
    };
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const cs = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none";
    };
    const boxed = (e: Element) => !["inline", "contents"].includes(getComputedStyle(e).display);
    for (const root of Array.from(document.querySelectorAll(sel))) {
      // Where an overflow was reported: the boxes around it are not reported again.
      const reported: Element[] = [];
      const inside = (e: Element) => reported.some((r) => r !== e && e.contains(r));
      // Controls against their nearest box ancestor.
      for (const c of Array.from(root.querySelectorAll("input:not([type=hidden]), select, textarea, button"))) {
        if (!visible(c)) continue;
        let box = c.parentElement;
        while (box && box !== root && !boxed(box)) box = box.parentElement;
        if (!box) continue;
        const r = c.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        const over = Math.max(r.right - b.right, b.left - r.left);
        if (over > 1) {
          out.push(`${name(c)} runs ${Math.round(over)} px past ${name(box)}`);
          reported.push(c);
        }
      }
      // Boxes whose content is wider than they are (innermost first; without a scroll bar of their own).
      for (const e of [root, ...Array.from(root.querySelectorAll("*"))].reverse()) {
        if (!visible(e) || !boxed(e) || inside(e)) continue;
        const cs = getComputedStyle(e);
        const wider = e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1;
        if (!wider) continue;
        if (cs.overflowX !== "visible") {
          // A window body that scrolls sideways is an overflow too.
          if (e.classList.contains("window-content")) {
            out.push(`${name(e)} scrolls sideways by ${e.scrollWidth - e.clientWidth} px`);
            reported.push(e);
          }
          continue;
        }
        if (["TABLE", "TR", "TBODY", "THEAD", "svg"].includes(e.tagName)) continue;
        out.push(`${name(e)} content runs ${e.scrollWidth - e.clientWidth} px past its edge`);
        reported.push(e);
      }
    }
    return [...new Set(out)];
  }, selector);
}

/**
 * Height in px that the window matching `selector` needs to show all of its content without its
 * own scroll bar (the test bed caps dialogs at 80% of the viewport; Foundry grows them to fit).
 */
export async function naturalHeight(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const el = document.querySelector<HTMLElement>(sel);
    if (!el) return 0;
    const content = el.querySelector<HTMLElement>(".window-content");
    const frame = el.getBoundingClientRect().height - (content?.clientHeight ?? 0);
    return Math.ceil(frame + (content?.scrollHeight ?? 0));
  }, selector);
}

/** Left edges (px, rounded) of the visible elements matching `selector`, distinct: one value when they line up. */
export async function leftEdges(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((sel) => {
    const xs = Array.from(document.querySelectorAll(sel))
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => Math.round(r.left));
    return [...new Set(xs)].sort((a, b) => a - b);
  }, selector);
}

/** Visible elements matching `selector` whose content runs onto more than one line. */
export async function wrapped(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const e of Array.from(document.querySelectorAll(sel))) {
      if (e.getBoundingClientRect().width === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(e);
      const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => r.top);
      if (tops.length && Math.max(...tops) - Math.min(...tops) > 10) out.push((e.textContent ?? "").replace(/\s+/g, " ").trim());
    }
    return out;
  }, selector);
}

/**
 * Numbered lists in `selector` whose items are not all in one font and size: a line in another
 * font (monospace) draws its number in that font, out of line with the other numbers.
 */
export async function mixedNumbering(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const ol of Array.from(document.querySelectorAll(`${sel} ol`))) {
      const items = Array.from(ol.children).filter((li) => li.tagName === "LI" && getComputedStyle(li).display === "list-item");
      const fonts = new Set(items.map((li) => `${getComputedStyle(li).fontFamily} ${getComputedStyle(li).fontSize}`));
      if (fonts.size > 1) out.push(`ol.${Array.from(ol.classList).join(".")} numbers its items in ${fonts.size} fonts: ${[...fonts].join(" | ")}`);
    }
    return out;
  }, selector);
}
