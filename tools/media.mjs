/**
 * `npm run media`: the setup-screen and package-page images of system.json's `media`, made from
 * real sheets on the browser test bed (tools/e2e, the page the browser tests use). For each
 * ruleset it opens a world of that ruleset (with tools/e2e/sample-characters.mjs's character where
 * its packs hold none), opens its fullest world character's sheet in play mode
 * and photographs it; then it lays the five sheets side by side for the setup screen (1280x720,
 * and a 400x225 thumbnail). Chromium encodes every image as WebP (canvas `toDataURL`), so no image
 * tool is needed. Writes assets/media/*.webp; tools/build.mjs copies assets/ into dist/.
 * Run it again when the sheets change; the images are committed.
 */
import fs from "node:fs";
import path from "node:path";
import { prepare, ROOT } from "./e2e/prepare.mjs";
import { startServer } from "./e2e/server.mjs";
import { launchChromium } from "./e2e/browser.mjs";
import { SAMPLE_CHARACTERS } from "./e2e/sample-characters.mjs";

export const MEDIA_DIR = path.join(ROOT, "assets", "media");
const RULESETS = ["toaster", "toast", "pool", "d100", "flange"];
const QUALITY = 0.85;

/** PNG bytes → WebP bytes (optionally scaled/cropped into w x h), encoded by the page's canvas. */
async function toWebp(page, png, size) {
  const dataUrl = await page.evaluate(
    async ({ b64, size, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = size?.w ?? img.naturalWidth;
      canvas.height = size?.h ?? img.naturalHeight;
      canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL("image/webp", quality);
    },
    { b64: Buffer.from(png).toString("base64"), size, quality: QUALITY },
  );
  if (!dataUrl.startsWith("data:image/webp")) throw new Error("This Chromium cannot encode WebP");
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

/** The five sheets side by side on a plain background, each scaled to the same height (w x h PNG, as a data URL → WebP). */
async function montage(page, pngs, w, h) {
  const dataUrl = await page.evaluate(
    async ({ images, w, h, quality }) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#2b2620";
      ctx.fillRect(0, 0, w, h);
      const decoded = await Promise.all(
        images.map(async (b64) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          return img;
        }),
      );
      // Overlapping cards, fanned from left to right, each the full height less a margin.
      const margin = Math.round(h * 0.05);
      const cardH = h - 2 * margin;
      const widths = decoded.map((img) => Math.round((img.naturalWidth * cardH) / img.naturalHeight));
      const step = decoded.length > 1 ? (w - 2 * margin - widths.at(-1)) / (decoded.length - 1) : 0;
      decoded.forEach((img, i) => {
        const x = Math.round(margin + i * step);
        // A wide sheet is cut at the right margin (its right part would show past the last one).
        const dw = Math.min(widths[i], w - margin - x);
        ctx.shadowColor = "rgba(0,0,0,0.6)";
        ctx.shadowBlur = 16;
        ctx.drawImage(img, 0, 0, (dw * img.naturalWidth) / widths[i], img.naturalHeight, x, margin, dw, cardH);
      });
      return canvas.toDataURL("image/webp", quality);
    },
    { images: pngs.map((p) => Buffer.from(p).toString("base64")), w, h, quality: QUALITY },
  );
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

/** Photograph each ruleset's character sheet; write the media files. Returns the files written. */
export async function makeMedia({ log = () => {} } = {}) {
  await prepare({ log });
  const server = await startServer();
  const browser = await launchChromium({ viewport: { width: 1600, height: 1100 } });
  const written = [];
  try {
    fs.mkdirSync(MEDIA_DIR, { recursive: true });
    const shots = [];
    let page = null;
    for (const ruleset of RULESETS) {
      page = await browser.context.newPage();
      await page.goto(`${server.url}?ruleset=${ruleset}`);
      await page.waitForFunction(() => document.body.dataset.bbReady, null, { timeout: 60_000 });
      // A ruleset whose packs hold no sample character gets the browser tests' furnished one.
      const furnish = SAMPLE_CHARACTERS[ruleset];
      if (furnish) await page.evaluate(`(${furnish.toString()})()`);
      // The test bed's fixed macro bar stays out of the photographs.
      await page.addStyleTag({ content: "#bb-hotbar { display: none; }" });
      // The ruleset's fullest character (most items): a sample character, not a blank one.
      const uuid = await page.evaluate(
        (type) => window.game.actors.contents.filter((a) => a.type === type).sort((a, b) => b.items.size - a.items.size)[0]?.uuid ?? null,
        ruleset,
      );
      if (!uuid) throw new Error(`No ${ruleset} character in the test bed's world`);
      const id = await page.evaluate((u) => window.bb.openSheet(u, { edit: false }), uuid);
      await page.evaluate(() => window.bb.settle());
      const png = await page.locator(`[id="${id}"]`).screenshot({ animations: "disabled" });
      shots.push(png);
      const file = path.join(MEDIA_DIR, `${ruleset}-sheet.webp`);
      fs.writeFileSync(file, await toWebp(page, png));
      written.push(file);
      log(`${path.relative(ROOT, file)}`);
      if (ruleset !== RULESETS.at(-1)) await page.close();
    }
    const setup = path.join(MEDIA_DIR, "setup.webp");
    fs.writeFileSync(setup, await montage(page, shots, 1280, 720));
    const thumb = path.join(MEDIA_DIR, "thumbnail.webp");
    fs.writeFileSync(thumb, await montage(page, shots, 400, 225));
    written.push(setup, thumb);
    log(`${path.relative(ROOT, setup)}, ${path.relative(ROOT, thumb)}`);
    await page.close();
  } finally {
    await browser.close();
    await server.close();
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  makeMedia({ log: (m) => console.log(`media | ${m}`) }).catch((err) => {
    console.error(`media | ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
