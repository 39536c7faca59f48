/**
 * Every sheet of every actor and item type of every ruleset (read from the built system.json),
 * for the world documents and for each sample document in the packs: renders in play and edit
 * mode with no console error and no unlocalized key; tabs switch; editing a field updates the
 * document and re-renders; bad numbers are refused with a message; axe-core finds no serious or
 * critical violation; screenshots go to test-results/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSerious, documentTypes, notificationCount, notificationsSince, openSheet, openWorld, screenshot, settle, showTab, startTestBed, unlocalizedKeys, type TestBed, type WorldPage } from "./helpers";

let bed: TestBed;
let world: WorldPage;

beforeAll(async () => {
  bed = await startTestBed();
  world = await openWorld(bed);
});
afterAll(async () => {
  await bed?.close();
});

interface DocInfo {
  uuid: string;
  name: string;
  type: string;
}

async function worldDocs(on: WorldPage, documentName: "Actor" | "Item"): Promise<DocInfo[]> {
  return on.page.evaluate((dn) => {
    const coll = dn === "Actor" ? (window as any).game.actors : (window as any).game.items;
    return coll.contents.map((d: any) => ({ uuid: d.uuid, name: d.name, type: d.type }));
  }, documentName);
}

/** The ruleset a document type belongs to: the longest ruleset id it starts with ("toasterSkill" is Toaster's, not Toast's). */
function rulesetOf(type: string, rulesets: string[]): string {
  return rulesets.filter((id) => type.startsWith(id)).sort((a, b) => b.length - a.length)[0] ?? "";
}

// A world plays one ruleset (issue 23): each ruleset's sheets are checked in a world of that ruleset,
// the way a GM meets them; its documents open editable there.
/** Every ruleset (its actor type); the first test checks the built system.json declares exactly these. */
const RULESETS = ["toaster", "toast", "pool", "d100", "flange"];

describe.each(RULESETS)("every sheet renders in a %s world", (ruleset) => {
  let w: WorldPage;
  const rulesets = RULESETS;
  const own = (type: string) => rulesetOf(type, rulesets) === ruleset;
  beforeAll(async () => {
    w = await openWorld(bed, ruleset);
  });
  afterAll(async () => w?.close());

  async function ownDocs(documentName: "Actor" | "Item"): Promise<DocInfo[]> {
    return (await worldDocs(w, documentName)).filter((d) => own(d.type));
  }

  it("the world has a document of every actor and item type of the ruleset", async () => {
    const types = documentTypes();
    expect([...types.Actor].sort()).toEqual([...RULESETS].sort());
    const actors = await ownDocs("Actor");
    const items = await ownDocs("Item");
    expect(actors.length).toBeGreaterThan(0);
    for (const t of types.Actor.filter(own)) expect(actors.some((a) => a.type === t), `actor type ${t}`).toBe(true);
    for (const t of types.Item.filter(own)) expect(items.some((i) => i.type === t), `item type ${t}`).toBe(true);
    expect(w.errors).toEqual([]);
  });

  for (const documentName of ["Actor", "Item"] as const) {
    for (const mode of ["play", "edit"] as const) {
      it(`${documentName} sheets in ${mode} mode: no console error, no unlocalized key, no serious axe violation`, async () => {
        const { page } = w;
        const docs = await ownDocs(documentName);
        expect(docs.length).toBeGreaterThan(0);
        for (const doc of docs) {
          w.clearErrors();
          const sheet = await openSheet(page, doc.uuid, mode === "edit");
          await expect(sheet.isVisible()).resolves.toBe(true);
          const sel = `[id="${await sheet.getAttribute("id")}"]`;
          expect(await sheet.evaluate((el) => el.classList.contains("edit-mode"))).toBe(mode === "edit");
          expect(await unlocalizedKeys(page, sel), `${doc.name} (${mode})`).toEqual([]);
          expect(await axeSerious(page, sel), `${doc.name} (${mode})`).toEqual([]);
          await screenshot(sheet, `sheet-${doc.type}-${doc.name}-${mode}`);
          // Every tab of the sheet, each checked and photographed.
          const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
          for (const tab of tabs.slice(1)) {
            await sheet.locator(`[data-action="tab"][data-tab="${tab}"]`).click();
            await settle(page);
            expect(await unlocalizedKeys(page, sel), `${doc.name} ${tab} (${mode})`).toEqual([]);
            expect(await axeSerious(page, sel), `${doc.name} ${tab} (${mode})`).toEqual([]);
            if (doc.type === "toaster" && /Rhoenda|Blank/.test(doc.name)) await screenshot(sheet, `sheet-${doc.type}-${doc.name}-${mode}-${tab}`);
          }
          await page.evaluate(() => (window as any).bb.closeAll());
          expect(w.errors, `${doc.name} (${mode})`).toEqual([]);
        }
      });
    }
  }

  it("each sample document of the ruleset's packs renders in play and edit mode", async () => {
    const { page } = w;
    w.clearErrors();
    const problems: string[] = await page.evaluate(async (prefix) => {
      const bb = (window as any).bb;
      const re = /BREADBOX\.|TYPES\./;
      const out: string[] = [];
      let opened = 0;
      for (const pack of bb.state.packs) {
        if (pack.type !== "Actor" && pack.type !== "Item") continue;
        if (!pack.name.startsWith(`${prefix}-`)) continue;
        for (const doc of pack.docs) {
          for (const edit of [false, true]) {
            try {
              const id = await bb.openPackDocument(pack.name, doc._id, { edit });
              opened++;
              const el = document.getElementById(id)!;
              const texts = [el.innerText, ...Array.from(el.querySelectorAll("[aria-label]")).map((n) => n.getAttribute("aria-label") ?? "")];
              const bad = texts.flatMap((t) => t.split("\n")).filter((l) => re.test(l));
              if (bad.length) out.push(`${pack.name}/${doc.name} (${edit ? "edit" : "play"}): unlocalized ${bad.join(" | ")}`);
              if (el.classList.contains("edit-mode") !== edit) out.push(`${pack.name}/${doc.name}: mode not ${edit ? "edit" : "play"}`);
            } catch (err) {
              out.push(`${pack.name}/${doc.name} (${edit ? "edit" : "play"}): ${(err as Error).message}`);
            }
            await bb.closeAll();
          }
        }
      }
      if (opened === 0) out.push(`no pack document of ${prefix} was opened`);
      return out;
    }, ruleset);
    expect(problems).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it("another ruleset's document opens read-only with the banner, and no error", async () => {
    const { page } = w;
    w.clearErrors();
    const other = (await worldDocs(w, "Actor")).find((d) => !own(d.type))!;
    const sheet = await openSheet(page, other.uuid);
    expect(await sheet.locator(".breadbox-other-ruleset").count(), other.name).toBe(1);
    expect(await sheet.evaluate((el) => el.classList.contains("edit-mode"))).toBe(false);
    await page.evaluate(() => (window as any).bb.closeAll());
    expect(w.errors).toEqual([]);
  });
});

describe("tabs", () => {
  it("switch: the clicked tab and its panel become active, the others inactive", async () => {
    const { page } = world;
    const uuid = await page.evaluate(() => (window as any).game.actors.find((a: any) => a.name.includes("Rhoenda")).uuid);
    const sheet = await openSheet(page, uuid);
    const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of [...tabs.slice(1), tabs[0]]) {
      await sheet.locator(`[data-action="tab"][data-tab="${tab}"]`).click();
      await settle(page);
      const state = await sheet.evaluate((el, t) => {
        const panels = Array.from(el.querySelectorAll<HTMLElement>("section.tab[data-tab]"));
        return {
          selected: el.querySelector(`[data-action="tab"][data-tab="${t}"]`)?.getAttribute("aria-selected"),
          visible: panels.filter((p) => p.offsetParent !== null).map((p) => p.dataset.tab),
        };
      }, tab);
      expect(state.selected).toBe("true");
      expect(state.visible).toEqual([tab]);
    }
    await page.evaluate(() => (window as any).bb.closeAll());
    expect(world.errors).toEqual([]);
  });
});

describe("editing", () => {
  let w: WorldPage;
  beforeAll(async () => {
    w = await openWorld(bed);
  });
  afterAll(async () => w?.close());

  const rhoenda = () => w.page.evaluate(() => (window as any).game.actors.find((a: any) => a.name.includes("Rhoenda")).uuid as string);
  const attr = (uuid: string) => w.page.evaluate((u) => (window as any).fromUuidSync(u).system.attributes.physique.value as number, uuid);

  it("a field edited on the actor sheet updates the document and re-renders", async () => {
    const { page } = w;
    const uuid = await rhoenda();
    const sheet = await openSheet(page, uuid, true);
    await showTab(page, sheet, "main");
    const before = await attr(uuid);
    const input = sheet.locator('input[name="system.attributes.physique.value"]');
    await input.fill(String(before + 1));
    await input.press("Tab");
    await settle(page);
    expect(await attr(uuid)).toBe(before + 1);
    // Re-rendered with the new value, still in edit mode.
    await expect(sheet.locator('input[name="system.attributes.physique.value"]').inputValue()).resolves.toBe(String(before + 1));
    await sheet.locator('[data-action="toggleMode"]').click();
    await settle(page);
    await expect(sheet.locator(".bb-attributes tbody tr").first().locator("strong").first().textContent()).resolves.toContain(String(before + 1));
    expect(w.errors).toEqual([]);
  });

  it("a field edited on an item sheet updates the item and re-renders its summary", async () => {
    const { page } = w;
    const uuid = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toasterWeapon").uuid as string);
    const sheet = await openSheet(page, uuid, true);
    const input = sheet.locator('input[name="system.baseWC"]');
    await input.fill("12");
    await input.press("Tab");
    await settle(page);
    expect(await page.evaluate((u) => (window as any).fromUuidSync(u).system.baseWC, uuid)).toBe(12);
    await expect(sheet.locator(".bb-summary").textContent()).resolves.toContain("12");
    expect(w.errors).toEqual([]);
  });

  it("an inline skill field on the actor sheet updates the embedded item", async () => {
    const { page } = w;
    const uuid = await rhoenda();
    const sheet = await openSheet(page, uuid, true);
    await showTab(page, sheet, "skills");
    const row = sheet.locator("tr[data-item-id]").first();
    const itemId = await row.getAttribute("data-item-id");
    const input = row.locator('input[data-item-field="system.base"]');
    const before = Number(await input.inputValue());
    await input.fill(String(before + 1));
    await input.press("Tab");
    await settle(page);
    expect(await page.evaluate(({ u, id }) => (window as any).fromUuidSync(u).items.get(id).system.base, { u: uuid, id: itemId })).toBe(before + 1);
    expect(w.errors).toEqual([]);
  });

  /** Type raw keystrokes into a number input (select all first), leave it, and wait. */
  async function typeInto(page: WorldPage["page"], input: ReturnType<WorldPage["page"]["locator"]>, keys: string): Promise<void> {
    await input.focus();
    await input.press("ControlOrMeta+a");
    await page.keyboard.type(keys);
    await input.press("Tab");
    await settle(page);
  }

  const cases: { label: string; keys: string; message: RegExp }[] = [
    { label: "a letter", keys: "x", message: /not a number/i },
    { label: "an out-of-range value", keys: "99", message: /outside 0 to 30/i },
    { label: "a negative value", keys: "-3", message: /outside 0 to 30/i },
  ];
  for (const c of cases) {
    it(`${c.label} in an actor number field shows a clear message and changes nothing`, async () => {
      const { page } = w;
      const uuid = await rhoenda();
      const sheet = await openSheet(page, uuid, true);
      await showTab(page, sheet, "main");
      const before = await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), uuid);
      const n0 = await notificationCount(page);
      await typeInto(page, sheet.locator('input[name="system.attributes.physique.value"]'), c.keys);
      const notes = await notificationsSince(page, n0);
      expect(notes.map((n) => n.type)).toContain("error");
      expect(notes.map((n) => n.message).join("\n")).toMatch(c.message);
      expect(notes.map((n) => n.message).join("\n")).toMatch(/Physique/);
      await expect(page.locator("#bb-notifications .bb-notification.error").last().textContent()).resolves.toMatch(c.message);
      expect(await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), uuid)).toBe(before);
      // The form shows the stored value again.
      const stored = await attr(uuid);
      await expect(sheet.locator('input[name="system.attributes.physique.value"]').inputValue()).resolves.toBe(String(stored));
      expect(w.errors).toEqual([]);
    });
  }

  it("a letter or an out-of-range value in an item number field and an inline item field is refused", async () => {
    const { page } = w;
    const itemUuid = await page.evaluate(() => (window as any).game.items.find((i: any) => i.type === "toasterTrait").uuid as string);
    const sheet = await openSheet(page, itemUuid, true);
    for (const keys of ["x", "11"]) {
      const before = await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), itemUuid);
      const n0 = await notificationCount(page);
      await typeInto(page, sheet.locator('input[name="system.rank"]'), keys);
      const notes = await notificationsSince(page, n0);
      expect(notes.some((n) => n.type === "error" && /Rank/.test(n.message)), JSON.stringify(notes)).toBe(true);
      expect(await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), itemUuid)).toBe(before);
    }
    // Inline skill base on the actor sheet.
    const uuid = await rhoenda();
    const actorSheet = await openSheet(page, uuid, true);
    await showTab(page, actorSheet, "skills");
    const before = await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), uuid);
    for (const keys of ["x", "45"]) {
      const n0 = await notificationCount(page);
      await typeInto(page, actorSheet.locator('tr[data-item-id] input[data-item-field="system.base"]').first(), keys);
      const notes = await notificationsSince(page, n0);
      expect(notes.some((n) => n.type === "error"), `${keys}: ${JSON.stringify(notes)}`).toBe(true);
      expect(await page.evaluate((u) => JSON.stringify((window as any).fromUuidSync(u).toObject()), uuid), keys).toBe(before);
    }
    expect(w.errors).toEqual([]);
  });
});

describe("light and dark interface themes (issue 7.8)", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`sheets, the roll dialog and a chat card read well in the ${theme} theme (axe contrast; screenshots)`, async () => {
      const { page } = world;
      world.clearErrors();
      await page.evaluate((t) => (window as any).bb.setTheme(t), theme);
      try {
        const actor = await page.evaluate(() => (window as any).game.actors.contents.find((a: any) => /Rhoenda/.test(a.name))?.uuid);
        const item = await page.evaluate(() => (window as any).game.items.contents.find((i: any) => i.type === "toasterWeapon")?.uuid);
        for (const edit of [false, true]) {
          const sheet = await openSheet(page, actor, edit);
          const sel = `[id="${await sheet.getAttribute("id")}"]`;
          // The sheet's own palette follows the theme.
          const paper = await sheet.locator(".window-content").evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(paper, `${theme} paper`).toBe(theme === "dark" ? "rgb(30, 27, 24)" : "rgb(247, 243, 234)");
          // A sheet's own theme wins over the interface's (v13 puts theme-light/theme-dark on the app).
          const own = theme === "dark" ? "theme-light" : "theme-dark";
          const ownPaper = await sheet.evaluate((el, cls) => {
            el.classList.add(cls);
            const bg = getComputedStyle(el.querySelector(".window-content")!).backgroundColor;
            el.classList.remove(cls);
            return bg;
          }, own);
          expect(ownPaper, `${own} sheet under the ${theme} interface`).toBe(theme === "dark" ? "rgb(247, 243, 234)" : "rgb(30, 27, 24)");
          for (const tab of ["main", "skills", "combat"]) {
            await showTab(page, sheet, tab);
            expect(await axeSerious(page, sel), `${theme} ${tab} (${edit ? "edit" : "play"})`).toEqual([]);
            await screenshot(sheet, `theme-${theme}-sheet-toaster-${edit ? "edit" : "play"}-${tab}`);
          }
          await page.evaluate(() => (window as any).bb.closeAll());
        }
        const itemSheet = await openSheet(page, item, true);
        expect(await axeSerious(page, `[id="${await itemSheet.getAttribute("id")}"]`)).toEqual([]);
        await screenshot(itemSheet, `theme-${theme}-sheet-toasterWeapon-edit`);
        await page.evaluate(() => (window as any).bb.closeAll());
        const sheet = await openSheet(page, actor);
        await showTab(page, sheet, "skills");
        await sheet.locator('.bb-roll[data-action="rollSkill"]').first().click();
        const dialog = page.locator("dialog.roll-dialog[open]");
        await dialog.waitFor();
        expect(await axeSerious(page, "dialog.roll-dialog[open]"), `${theme} roll dialog`).toEqual([]);
        await screenshot(dialog, `theme-${theme}-roll-dialog-skill`);
        await dialog.locator('button[data-action="roll"]').click();
        await settle(page);
        const card = page.locator("#bb-chat-log > li.chat-message").last();
        expect(await axeSerious(page, "#bb-chat-log > li:last-child"), `${theme} chat card`).toEqual([]);
        await screenshot(card, `theme-${theme}-chat-card-check`);
        await page.evaluate(() => (window as any).bb.closeAll());
        expect(world.errors).toEqual([]);
      } finally {
        await page.evaluate(() => (window as any).bb.setTheme("light"));
      }
    });
  }
});

describe("limited permission (issue 7.8)", () => {
  it("a player with Limited permission sees the header and the biography only", async () => {
    const { page } = world;
    world.clearErrors();
    const uuid = await page.evaluate(() => (window as any).game.actors.contents.find((a: any) => /Rhoenda/.test(a.name))?.uuid);
    const { playerId, gmId, biography } = await page.evaluate(async (u) => {
      const bb = (window as any).bb;
      const actor = (window as any).fromUuidSync(u);
      const gmId = (window as any).game.user.id;
      const biography = actor.system.biography;
      await actor.update({ [`ownership.${bb.state.player.id}`]: 1, "system.biography": "<p>Grew up in Tharis.</p>" });
      return { playerId: bb.state.player.id, gmId, biography };
    }, uuid);
    try {
      await page.evaluate((id) => (window as any).bb.setUser(id), playerId);
      const sheet = await openSheet(page, uuid);
      const sel = `[id="${await sheet.getAttribute("id")}"]`;
      expect(await sheet.evaluate((el) => el.classList.contains("limited"))).toBe(true);
      expect(await sheet.locator("[data-application-part]").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.applicationPart).sort())).toEqual(["biography", "header"]);
      await expect(sheet.locator(".bb-prose").first().innerText()).resolves.toContain("Grew up in Tharis.");
      expect(await sheet.locator("nav.bb-tabs, .bb-skills, .bb-gear, .bb-status-line").count()).toBe(0);
      expect(await axeSerious(page, sel)).toEqual([]);
      await screenshot(sheet, "sheet-toaster-limited");
      expect(world.errors).toEqual([]);
    } finally {
      await page.evaluate(async ({ id, u, p, b }) => {
        const bb = (window as any).bb;
        await bb.closeAll();
        await bb.setUser(id);
        await (window as any).fromUuidSync(u).update({ [`ownership.${p}`]: 0, "system.biography": b });
      }, { id: gmId, u: uuid, p: playerId, b: biography });
    }
  });
});
