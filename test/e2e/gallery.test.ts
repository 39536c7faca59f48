/**
 * The gallery (issue 24): every actor sheet (play and edit mode, every tab), every roll dialog a
 * sheet opens and every card kind those rolls and their card buttons post, of every ruleset, in
 * the light and the dark interface theme. Each is photographed to test-results/screenshots/
 * (gallery-<ruleset>-<theme>-sheet-<actor>-<mode>-<tab>, -dialog-<action>, -card-<kind>) and
 * checked: axe-core finds no serious or critical violation, no control runs past its container and
 * no line past its box, and no dialog needs more than a 1080-pixel screen. Also every item sheet
 * kind of the ruleset (the world's item of each type: a pack item, else a created one), play and
 * edit mode, every tab (-item-<type>-<mode>-<tab>), and the roll-request card
 * (`game.breadbox.api.askForRoll`): its form (-dialog-askForRoll), the card open (-card-request-open)
 * and answered (-card-request-answered). And the combat tracker of the ruleset's characters
 * (-tracker, -tracker-started) with the dialogs and cards its initiative roll, the combat's start
 * and a next turn lead to (-tracker-dialog-…, -tracker-card-…: Toast's initiative, Dice Pool's
 * declaration, Flange's simultaneous action of tied combatants and its hand dialog), and the cards
 * that need a state (-state-<scene>-…: Toaster's luck re-roll, Dice Pool's Effect Level, D10/0's
 * conflicting effort and dying check, Flange's serious injury).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, leftEdges, mixedNumbering, naturalHeight, openSheet, openWorld, overflows, screenshot, setTheme, settle, startTestBed, unlocalizedKeys, wrapped, type TestBed, type WorldPage } from "./helpers";
import { SAMPLE_CHARACTERS } from "../../tools/e2e/sample-characters.mjs";

const RULESETS = ["toaster", "toast", "pool", "d100", "flange"] as const;
const THEMES = ["light", "dark"] as const;
/** A 1080-pixel screen. */
const SCREEN_HEIGHT = 1080;

/** The sheet buttons that open a roll dialog or post a card, per ruleset (first of each kind is used). */
const ROLL_ACTIONS: Record<(typeof RULESETS)[number], string[]> = {
  toaster: ["rollAttribute", "rollUnskilled", "rollLuck", "rollSkill", "attack", "criticalTable", "hitLocation"],
  toast: ["rollAttribute", "rollAspect", "rollSkill", "toastAttack", "healthCheck", "endSession"],
  pool: ["rollAttribute", "rollAbility", "rollCheck", "rollWeapon", "rollGroup", "rollPhobe"],
  d100: ["rollAttribute", "rollCheck", "rollSkill", "d100Attack", "startEffort"],
  flange: ["rollAttribute", "rollCheck", "rollSkill", "rollOpposed", "attack"],
};
/** Buttons a sheet shows only in some states (wounded, dying, a task or complex action under way): used when shown. */
const STATE_ACTIONS = ["rollMortality", "rollHealing", "dyingCheck", "rollTask", "rollComplex", "rollHeading"];
/**
 * What must line up on a sheet tab (issue 24.10): `columns` are selectors whose matches must share
 * one left edge; `oneLine` are selectors whose matches must not wrap.
 */
const ALIGN: { ruleset: string; tab: string; mode?: "play" | "edit"; columns?: string[]; oneLine?: string[] }[] = [
  // Toast: Level (and Modifier) in the same column in the Physical and the Mental table.
  { ruleset: "toast", tab: "attributes", columns: ["table.toast-attributes thead th:nth-child(2)", "table.toast-attributes thead th:nth-child(3)"] },
  // Dice Pool: numbers and buttons do not shift with a trait's indentation.
  { ruleset: "pool", tab: "traits", mode: "play", columns: [".pool-abilities > li.bb-tree-row > strong", ".pool-attributes > li.bb-tree-row > strong", ".bb-tree > li.bb-tree-row .bb-row-roll"] },
  { ruleset: "pool", tab: "traits", mode: "edit", columns: [".bb-tree > li.bb-tree-row > input", ".bb-tree > li.bb-tree-row .bb-row-roll"] },
  // D10/0: each attribute on one line in play mode, values in one column.
  { ruleset: "d100", tab: "main", mode: "play", oneLine: ["li.d100-attribute"], columns: ["li.d100-attribute:nth-child(odd) .d100-attribute-value"] },
];

/** The item type that names a check of the ruleset's words, for the roll-request card. */
const REQUEST_CHECK: Record<(typeof RULESETS)[number], string> = {
  toaster: "toasterSkill",
  toast: "toastSkill",
  pool: "poolAbility",
  d100: "d100Skill",
  flange: "flangeSkill",
};

/**
 * Item sheets known to need more than a 1080-pixel screen, with the height they may not exceed
 * (anything taller, or any other sheet, still fails). Remove an entry when its sheet fits.
 */
// D10/0's fire-block editor (a weapon in edit mode, one block open) was 1140 px: it fits now (issue 24).
const KNOWN_TALL: { what: RegExp; max: number; reason: string }[] = [];

/** Per ruleset, before rolling a dialog: pick what shows the most (D10/0: a weapon's burst). */
const DIALOG_SETUP: Partial<Record<(typeof RULESETS)[number], (dialog: Locator, label: string) => Promise<void>>> = {
  // Toast: an attribute task contested by the target (the contest card).
  toast: async (dialog, label) => {
    if (label === "rollAttribute" && (await dialog.locator('input[name="contested"]').count())) await dialog.locator('input[name="contested"]').check();
  },
  // Dice Pool: the group check with every character taking part (the group card).
  pool: async (dialog) => {
    for (const box of await dialog.locator('input[type="checkbox"][name$=".include"]').all()) await box.check();
  },
  d100: async (dialog) => {
    const block = dialog.locator('select[name="block"]');
    if ((await block.count()) && (await block.locator('option[value="fire:0"]').count())) await block.selectOption("fire:0");
  },
};

/**
 * Per ruleset, run in the page before the tracker's combat starts. Flange: the start posts the
 * simultaneous-action card (its hand dialog) only for a tie, and only once every combatant has an
 * initiative (the tracker's roll button rolls one): every combatant on the first one's total, as a
 * GM types it in the tracker.
 */
const TRACKER_BEFORE_START: Partial<Record<(typeof RULESETS)[number], () => Promise<void>>> = {
  flange: async () => {
    const combat = (window as any).game.combats.contents.at(-1);
    const total = combat.combatants.find((c: any) => typeof c.initiative === "number")?.initiative ?? 10;
    await combat.updateEmbeddedDocuments("Combatant", combat.combatants.map((c: any) => ({ _id: c.id, initiative: total })));
  },
};

/** What the tracker's steps must photograph, per ruleset. */
const TRACKER_SHOWS: Partial<Record<(typeof RULESETS)[number], string[]>> = {
  flange: ["tracker-card-flange-simultaneous", "tracker-dialog-flange-chooseHand"],
};

/** Card buttons not followed: they close or undo rather than show something new. */
const SKIP_CARD_ACTIONS = new Set(["core.requestClose", "flange.resetHands"]);

/**
 * A scene of cards that need a state (issue 24): a character put in that state in the page, then
 * a sheet button of the most furnished character, its dialogs answered and its cards' buttons
 * followed (only those `follow` keeps), each card photographed as -state-<name>-card-<kind>.
 */
interface Scene {
  name: string;
  /** Runs in the page: puts a character in the state (the most furnished one `main`, its target `target`). */
  prepare?: (ids: { main: string; target: string }) => Promise<void>;
  /** The sheet button (data-action) that starts the scene. */
  action: string;
  /** Which of the sheet's buttons of that action (more attribute selectors), when it has several. */
  button?: string;
  /** Fills its dialog before the roll. */
  dialog?: (dialog: Locator, label: string) => Promise<void>;
  /** The card buttons followed, by "<action>:<response>" (default: all). */
  follow?: (key: string) => boolean;
  /** A card button the scene must have pressed (what it is for). */
  expect: string;
}

const STATE_SCENES: Partial<Record<(typeof RULESETS)[number], Scene[]>> = {
  // Toaster: luck enough for a re-roll (4); the check card's luck re-roll posts the re-rolled card.
  toaster: [
    {
      name: "luck",
      prepare: async ({ main }) => void (await (window as any).fromUuidSync(main).update({ "system.luck.value": 12 })),
      action: "rollSkill",
      follow: (k) => k.startsWith("toaster.luckReroll:"),
      expect: "toaster.luckReroll",
    },
  ],
  // Dice Pool: an ability check with an Effect Level; the card raises or lowers it by the Degree of Success.
  pool: [
    {
      name: "effect",
      action: "rollAbility",
      dialog: async (dialog) => {
        // A d4+2 pool cannot botch: against Difficulty 0 a success of degree 1 or more, which may raise it.
        await dialog.evaluate((el) => el.querySelectorAll("details").forEach((d) => (d.open = true)));
        if (await dialog.locator('select[name="die"] option[value="d4Plus2"]').count()) await dialog.locator('select[name="die"]').selectOption("d4Plus2");
        if (await dialog.locator('input[name="difficulty"]').count()) await dialog.locator('input[name="difficulty"]').fill("0");
        await dialog.locator('input[name="effectLevel"]').fill("3");
      },
      follow: (k) => k.startsWith("pool.effect:"),
      expect: "pool.effect",
    },
  ],
  // Flange: an undefended attack whose damage (every die a 9) is a serious injury; the GM names it.
  flange: [
    {
      name: "injury",
      prepare: async () => void (window as any).bb.H.scriptDiceFaces(Array.from({ length: 40 }, () => 9)),
      action: "attack",
      follow: (k) => ["core.respond:none", "core.apply:", "flange.seriousInjury:"].includes(k),
      expect: "flange.seriousInjury",
    },
  ],
  // D10/0: a dying character (health below 0) rolls the check to avoid further degradation; a
  // conflicting effort against another character (the card names who prevails, issue 24.5).
  d100: [
    {
      name: "conflict",
      action: "startEffort",
      button: '[data-effort="conflicting"]',
      dialog: async (dialog) => {
        const other = await dialog.locator('select[name="actor1"] option').nth(1).getAttribute("value");
        if (other) await dialog.locator('select[name="actor1"]').selectOption(other);
      },
      follow: () => false,
      expect: "",
    },
    {
      name: "dying",
      prepare: async ({ main }) => void (await (window as any).fromUuidSync(main).update({ "system.health.current": -5 })),
      action: "dyingCheck",
      follow: () => false,
      expect: "",
    },
  ],
};

let bed: TestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => bed?.close());

const slug = (s: string) => s.replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-|-$/g, "");

interface ActorInfo {
  uuid: string;
  name: string;
  items: number;
}

/**
 * Headings, legends, folded-section titles and column heads that start with a lower-case letter
 * (issue 24: "fire blocks" among "Skills", "Description"): the game's words, capitalised like the others.
 */
async function lowerCaseHeadings(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll<HTMLElement>("h1, h2, h3, h4, legend, summary, thead th")) {
        if (!el.checkVisibility?.()) continue;
        const text = (el.textContent ?? "").trim();
        if (/^[a-z]/.test(text)) out.push(`${el.tagName.toLowerCase()} "${text.slice(0, 40)}"`);
      }
    }
    return out;
  }, selector);
}

/**
 * Fields a play-mode item sheet shows with nothing after their name, and an empty description box
 * (issue 24.9: hide what is empty; read-view.ts hides such a field, the stylesheet must keep it hidden).
 */
async function emptyFields(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const group of root.querySelectorAll<HTMLElement>(".bb-item-details .form-group")) {
        if (!group.checkVisibility?.()) continue;
        const label = group.querySelector(".bb-field-label, label")?.textContent ?? "";
        const rest = (group.textContent ?? "").replace(label, "").trim();
        if (!rest && !group.querySelector("input, select, textarea, img")) out.push(`an empty field "${label.trim()}" shown`);
      }
      for (const box of root.querySelectorAll<HTMLElement>(".bb-item-details .bb-prose")) if (box.checkVisibility?.() && !(box.textContent ?? "").trim()) out.push("an empty description box shown");
    }
    return out;
  }, selector);
}

/** Check one window or card: axe, unlocalized keys, overflow, headings; push what is wrong to `problems`. */
async function check(page: Page, selector: string, what: string, problems: string[]): Promise<void> {
  for (const h of await lowerCaseHeadings(page, selector)) problems.push(`${what}: a lower-case heading ${h}`);
  for (const v of await axeSerious(page, selector)) problems.push(`${what}: axe ${v.id} (${v.help}) ${v.nodes.join("; ")}`);
  for (const k of await unlocalizedKeys(page, selector)) problems.push(`${what}: unlocalized ${k}`);
  for (const o of await overflows(page, selector)) problems.push(`${what}: ${o}`);
}

/** Each gallery test walks many windows: a loaded CI machine needs more than the e2e default. */
const GALLERY_TIMEOUT_MS = 600_000;

/** What a walk through dialogs and cards has seen: card kinds photographed, card buttons followed, names shown. */
interface WalkState {
  seenCards: Set<string>;
  followed: Set<string>;
  shown: string[];
}

/**
 * The walk through dialogs and cards: answer the newest dialog (check, photograph, press its roll
 * button) and check and photograph each new card kind, following its buttons once each. `prefix`
 * names the photographs of a scene apart (e.g. "state-luck-"), each of its cards photographed.
 */
function walker(page: Page, ruleset: (typeof RULESETS)[number], theme: string, problems: string[], walk: WalkState, scene: { prefix: string; dialog?: Scene["dialog"]; follow?: Scene["follow"] } = { prefix: "" }) {
  const { seenCards, followed, shown } = walk;
  const { prefix } = scene;
  const cardCount = () => page.locator("#bb-chat-log > li").count();

  /** Answer the newest open dialog: check it, photograph it, press its roll (or main) button. */
  async function answerDialog(label: string): Promise<boolean> {
    const open = page.locator("dialog[open]");
    if ((await open.count()) === 0) return false;
    const dialog = open.last();
    const id = await dialog.getAttribute("id");
    const sel = id ? `dialog[id="${id}"]` : "dialog[open]";
    const odds = dialog.locator("[data-bb-odds]");
    if (await odds.count()) await expect.poll(async () => ((await odds.first().textContent()) ?? "").trim(), { timeout: 3000 }).not.toBe("");
    const what = `dialog ${label}`;
    await check(page, sel, what, problems);
    const height = await naturalHeight(page, sel);
    if (height > SCREEN_HEIGHT) problems.push(`${what}: ${height} px tall, more than a ${SCREEN_HEIGHT}-pixel screen`);
    await screenshot(dialog, `gallery-${ruleset}-${theme}-${prefix}dialog-${slug(label)}`);
    // What is folded away ("More options") must fit too, once opened.
    if (await dialog.locator("details:not([open]) > summary").count()) {
      await dialog.evaluate((el) => el.querySelectorAll("details").forEach((d) => (d.open = true)));
      for (const o of await overflows(page, sel)) problems.push(`${what} (unfolded): ${o}`);
      await screenshot(dialog, `gallery-${ruleset}-${theme}-${prefix}dialog-${slug(label)}-unfolded`);
      await dialog.evaluate((el) => el.querySelectorAll("details").forEach((d) => (d.open = false)));
    }
    shown.push(`${prefix}dialog-${slug(label)}`);
    await (scene.dialog ?? DIALOG_SETUP[ruleset])?.(dialog, label);
    await settle(page);
    const roll = dialog.locator('button[data-action="roll"]');
    const main = (await roll.count()) ? roll.first() : dialog.locator('footer button:not([data-action="cancel"]), .form-footer button:not([data-action="cancel"])').first();
    if ((await main.count()) && (await main.isEnabled())) await main.click();
    else await dialog.locator('button[data-action="cancel"], button[data-action="close"]').first().click();
    await settle(page);
    return true;
  }

  /** Check and photograph each new card kind; follow its buttons once each. */
  async function cardsSince(before: number, depth: number): Promise<void> {
    const after = await cardCount();
    for (let i = before; i < after; i++) {
      const li = page.locator("#bb-chat-log > li").nth(i);
      const messageId = await li.getAttribute("data-message-id");
      const kind = await li.evaluate((el) => {
        const card = el.querySelector(".bb-card");
        if (!card) return "plain";
        const skip = /^(breadbox|bb-card|bb-private|hit|miss|pending)$|^(outcome|opposed|contest|mode|band|toast-kind|toast-state|toast-outcome)-/;
        const own = Array.from(card.classList).filter((c) => !skip.test(c));
        // A ruleset's card body inside an exchange card names the kind too (flange-attack, toast-attack).
        const inner = card.querySelector(".bb-card, .bb-d100-attack, .bb-d100-resolution, .toast-attack, .toast-resolution");
        const innerOwn = inner ? Array.from(inner.classList).filter((c) => !skip.test(c)).slice(0, 1) : [];
        return [...own, ...innerOwn].join("-") || "card";
      });
      const sel = `#bb-chat-log > li[data-message-id="${messageId}"]`;
      if (!seenCards.has(kind)) {
        seenCards.add(kind);
        await check(page, sel, `card ${kind}`, problems);
        for (const m of await mixedNumbering(page, sel)) problems.push(`card ${kind}: ${m}`);
        await screenshot(li, `gallery-${ruleset}-${theme}-${prefix}card-${slug(kind)}`);
        shown.push(`${prefix}card-${slug(kind)}`);
      }
      if (depth > 3) continue;
      const buttons = await li.locator(`button[data-bb-action]:not([disabled]):not([aria-disabled="true"])`).evaluateAll((els) => els.map((e) => ({ action: (e as HTMLElement).dataset.bbAction!, response: (e as HTMLElement).dataset.response ?? "" })));
      for (const b of buttons) {
        const key = `${b.action}:${b.response}`;
        if (followed.has(key) || SKIP_CARD_ACTIONS.has(b.action) || (scene.follow && !scene.follow(key))) continue;
        followed.add(key);
        const n0 = await cardCount();
        const button = page.locator(`${sel} button[data-bb-action="${b.action}"]${b.response ? `[data-response="${b.response}"]` : ""}:not([disabled]):not([aria-disabled="true"])`).first();
        if (!(await button.count())) continue;
        await button.click();
        await settle(page);
        for (let d = 0; d < 3 && (await answerDialog(`${b.action}-${b.response}`.replace(/-$/, ""))); d++);
        await cardsSince(n0, depth + 1);
      }
    }
  }

  return { answerDialog, cardsSince, cardCount, followedKeys: () => [...followed] };
}

describe.each(RULESETS)("gallery of %s", (ruleset) => {
  let w: WorldPage;
  let actors: ActorInfo[];
  beforeAll(async () => {
    w = await openWorld(bed, ruleset);
    // The test bed's macro bar is fixed at the bottom of the page: keep it out of the photographs.
    await w.page.addStyleTag({ content: "#bb-hotbar { display: none; }" });
    const furnish = SAMPLE_CHARACTERS[ruleset];
    if (furnish) await w.page.evaluate(`(${furnish.toString()})()`);
    actors = await w.page.evaluate((type) => (window as any).game.actors.contents.filter((a: any) => a.type === type).map((a: any) => ({ uuid: a.uuid, name: a.name, items: a.items.size })), ruleset);
  });
  afterAll(async () => {
    await w?.page.evaluate(() => (window as any).bb.setTheme("light"));
    await w?.close();
  });

  for (const theme of THEMES) {
    it(`${theme}: every actor sheet in play and edit mode, every tab`, async () => {
      const { page } = w;
      w.clearErrors();
      await setTheme(page, theme);
      const problems: string[] = [];
      expect(actors.length).toBeGreaterThan(0);
      for (const actor of actors) {
        for (const mode of ["play", "edit"] as const) {
          // A notification left by an earlier test must not cover the window's title.
          await page.evaluate(() => document.getElementById("bb-notifications")?.replaceChildren());
          const sheet = await openSheet(page, actor.uuid, mode === "edit");
          const sel = `[id="${await sheet.getAttribute("id")}"]`;
          const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
          for (const [i, tab] of (tabs.length ? tabs : ["main"]).entries()) {
            if (i > 0 || tabs.length) {
              await sheet.locator(`[data-action="tab"][data-tab="${tab}"]`).first().click();
              await settle(page);
            }
            const what = `${actor.name} ${mode} ${tab}`;
            await check(page, sel, what, problems);
            for (const a of ALIGN.filter((x) => x.ruleset === ruleset && x.tab === tab && (!x.mode || x.mode === mode))) {
              for (const c of a.columns ?? []) {
                const xs = await leftEdges(page, `${sel} ${c}`);
                if (xs.length > 1) problems.push(`${what}: ${c} not in one column (left edges ${xs.join(", ")})`);
              }
              for (const o of a.oneLine ?? []) for (const t of await wrapped(page, `${sel} ${o}`)) problems.push(`${what}: ${o} wraps: ${t}`);
            }
            await screenshot(sheet, `gallery-${ruleset}-${theme}-sheet-${slug(actor.name)}-${mode}-${tab}`);
          }
          await page.evaluate(() => (window as any).bb.closeAll());
        }
      }
      expect(problems).toEqual([]);
      expect(w.errors).toEqual([]);
    }, GALLERY_TIMEOUT_MS);

    it(`${theme}: every item sheet kind in play and edit mode, every tab`, async () => {
      const { page } = w;
      w.clearErrors();
      await setTheme(page, theme);
      const problems: string[] = [];
      // The world's item of each of the ruleset's types ("toastSkill" is Toast's, "toasterSkill" is not).
      const items: { uuid: string; type: string }[] = await page.evaluate((rs) => {
        const g = window as any;
        const own = new RegExp(`^${rs}[A-Z]`);
        const types = Object.keys(g.game.system.documentTypes.Item).filter((t) => own.test(t));
        return types.map((t) => ({ type: t, uuid: g.game.items.find((i: any) => i.type === t)?.uuid ?? "" }));
      }, ruleset);
      expect(items.length).toBeGreaterThan(0);
      expect(items.filter((i) => !i.uuid).map((i) => i.type), "item types without a world item").toEqual([]);
      for (const item of items) {
        for (const mode of ["play", "edit"] as const) {
          await page.evaluate(() => document.getElementById("bb-notifications")?.replaceChildren());
          const sheet = await openSheet(page, item.uuid, mode === "edit");
          const sel = `[id="${await sheet.getAttribute("id")}"]`;
          const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
          for (const tab of tabs.length ? tabs : ["main"]) {
            if (tabs.length) {
              await sheet.locator(`[data-action="tab"][data-tab="${tab}"]`).first().click();
              await settle(page);
            }
            const what = `${item.type} ${mode} ${tab}`;
            await check(page, sel, what, problems);
            if (mode === "play") for (const e of await emptyFields(page, sel)) problems.push(`${what}: ${e}`);
            const height = await naturalHeight(page, sel);
            const known = KNOWN_TALL.find((k) => k.what.test(what));
            if (height > (known?.max ?? SCREEN_HEIGHT)) problems.push(`${what}: ${height} px tall, more than a ${SCREEN_HEIGHT}-pixel screen`);
            else if (height > SCREEN_HEIGHT) console.log(`gallery ${ruleset} ${theme}: ${what} is ${height} px tall (known: ${known!.reason})`);
            await screenshot(sheet, `gallery-${ruleset}-${theme}-item-${item.type}-${mode}-${tab}`);
          }
          await page.evaluate(() => (window as any).bb.closeAll());
        }
      }
      expect(problems).toEqual([]);
      expect(w.errors).toEqual([]);
    }, GALLERY_TIMEOUT_MS);

    it(`${theme}: the roll-request card, its form, open and answered`, async () => {
      const { page } = w;
      w.clearErrors();
      await setTheme(page, theme);
      const problems: string[] = [];
      const [main] = [...actors].sort((a, b) => b.items - a.items);
      // The player's character is the one asked; the check is one of its own.
      const checkName: string = await page.evaluate(
        async ({ uuid, type }) => {
          const g = window as any;
          const actor = g.fromUuidSync(uuid);
          await g.bb.state.player.update({ character: actor.id });
          // D10/0 keeps its skills as rows of the character (its skill items add to them).
          return actor.items.find((i: any) => i.type === type)?.name ?? actor.system.skillRows?.[0]?.name ?? "";
        },
        { uuid: main!.uuid, type: REQUEST_CHECK[ruleset] },
      );
      expect(checkName, `${main!.name} has no ${REQUEST_CHECK[ruleset]}`).not.toBe("");
      await page.evaluate(() => (window as any).bb.H.seedDice(24));
      const cards = page.locator("#bb-chat-log > li");
      const before = await cards.count();
      await page.evaluate((name) => void (window as any).game.breadbox.api.askForRoll({ name }), checkName);
      await settle(page);

      /** Check and photograph the newest dialog, then press its roll button. */
      async function rollNewest(label: string): Promise<void> {
        const dialog = page.locator("dialog[open]").last();
        await dialog.waitFor({ state: "visible", timeout: 5000 });
        const id = await dialog.getAttribute("id");
        const sel = id ? `dialog[id="${id}"]` : "dialog[open]";
        const odds = dialog.locator("[data-bb-odds]");
        if (await odds.count()) await expect.poll(async () => ((await odds.first().textContent()) ?? "").trim(), { timeout: 3000 }).not.toBe("");
        await check(page, sel, `dialog ${label}`, problems);
        const height = await naturalHeight(page, sel);
        if (height > SCREEN_HEIGHT) problems.push(`dialog ${label}: ${height} px tall, more than a ${SCREEN_HEIGHT}-pixel screen`);
        await screenshot(dialog, `gallery-${ruleset}-${theme}-dialog-${label}`);
        await dialog.locator('button[data-action="roll"]').click();
        await settle(page);
      }

      await rollNewest("askForRoll");
      await expect(cards.count()).resolves.toBe(before + 1);
      const card = cards.filter({ has: page.locator(".bb-request") }).last();
      const sel = `#bb-chat-log > li[data-message-id="${await card.getAttribute("data-message-id")}"]`;
      const row = card.locator(`[data-request-actor="${main!.uuid}"]`);
      await expect.poll(async () => ((await row.locator("[data-request-odds]").textContent()) ?? "").trim(), { timeout: 3000 }).toMatch(/%/);
      await check(page, sel, "card request open", problems);
      await screenshot(card, `gallery-${ruleset}-${theme}-card-request-open`);

      await row.locator('[data-bb-action="core.requestRoll"]').click();
      await settle(page);
      await rollNewest("requestRoll");
      await expect(row.locator("[data-request-result] strong").count()).resolves.toBe(1);
      await check(page, sel, "card request answered", problems);
      await card.scrollIntoViewIfNeeded();
      await screenshot(card, `gallery-${ruleset}-${theme}-card-request-answered`);
      await page.evaluate(() => (window as any).bb.closeAll());
      expect(problems).toEqual([]);
      expect(w.errors).toEqual([]);
    }, GALLERY_TIMEOUT_MS);

    it(`${theme}: every roll dialog a sheet opens and every card kind it leads to`, async () => {
      const { page } = w;
      w.clearErrors();
      await setTheme(page, theme);
      const problems: string[] = [];
      const seenCards = new Set<string>();
      const followed = new Set<string>();
      const shown: string[] = [];
      // The most furnished character rolls; another one of the ruleset is its target.
      const [main, second] = [...actors].sort((a, b) => b.items - a.items);
      const target = second ?? main!;
      await page.evaluate((u) => {
        (window as any).bb.setTarget(u);
        (window as any).bb.H.seedDice(24);
      }, target!.uuid);

      const { answerDialog, cardsSince, cardCount } = walker(page, ruleset, theme, problems, { seenCards, followed, shown });


      const sheet = await openSheet(page, main!.uuid);
      const sheetSel = `[id="${await sheet.getAttribute("id")}"]`;
      const tabs = await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!));
      const done = new Set<string>();
      for (const tab of tabs) {
        for (const action of [...ROLL_ACTIONS[ruleset], ...STATE_ACTIONS]) {
          if (done.has(action)) continue;
          // Notifications stay on the test bed's page (Foundry's fade after a few seconds): one
          // left by an earlier card button must not cover the sheet's tabs.
          await page.evaluate(() => document.getElementById("bb-notifications")?.replaceChildren());
          await page.locator(`${sheetSel} [data-action="tab"][data-tab="${tab}"]`).first().click();
          await settle(page);
          const button: Locator = page.locator(`${sheetSel} [data-action="${action}"]:not([disabled]):not([aria-disabled="true"]):visible`).first();
          if (!(await button.count())) continue;
          done.add(action);
          const n0 = await cardCount();
          await button.click();
          await settle(page);
          for (let d = 0; d < 3 && (await answerDialog(action)); d++);
          await cardsSince(n0, 0);
        }
      }
      await page.evaluate(() => (window as any).bb.closeAll());
      console.log(`gallery ${ruleset} ${theme}: actions ${[...done].join(", ")}; shown ${shown.join(", ")}`);
      const missing = ROLL_ACTIONS[ruleset].filter((a) => !done.has(a));
      expect(missing, "sheet buttons not found").toEqual([]);
      expect(problems).toEqual([]);
      expect(w.errors).toEqual([]);
    }, GALLERY_TIMEOUT_MS);

    it(`${theme}: the combat tracker, the dialogs it starts, and cards that need a state`, async () => {
      const { page } = w;
      w.clearErrors();
      await setTheme(page, theme);
      const problems: string[] = [];
      const [main, second] = [...actors].sort((a, b) => b.items - a.items);
      const ids = { main: main!.uuid, target: (second ?? main)!.uuid };
      const pressed = new Set<string>();
      await page.evaluate((u) => {
        (window as any).bb.setTarget(u);
        (window as any).bb.H.seedDice(42);
      }, ids.target);

      // The tracker of a combat of the ruleset's characters (Breadbox's CONFIG.ui.combat, drawn on the
      // page), its initiative roll (Toast: a dialog), the start of the combat (Flange, its combatants
      // tied: the simultaneous-action card and its hand dialog) and a next turn (Dice Pool: the phase card and its declaration).
      {
        const trackerShown: string[] = [];
        const walk = walker(page, ruleset, theme, problems, { seenCards: new Set(), followed: new Set(), shown: trackerShown }, { prefix: "tracker-" });
        await page.evaluate(async (uuids) => {
          const g = window as any;
          const combat = await g.game.combats.documentClass.create({});
          await combat.createEmbeddedDocuments("Combatant", uuids.map((u: string) => g.fromUuidSync(u)).map((a: any) => ({ actorId: a.id, name: a.name })));
          const app = new g.CONFIG.ui.combat();
          await app.render({ force: true });
          await g.bb.settle();
          app.element.id = "bb-gallery-tracker";
          document.body.append(app.element);
          // The test bed has no Foundry stylesheet: the sidebar's width and its rows' token size, as Foundry lays them out.
          const style = document.createElement("style");
          style.id = "bb-gallery-tracker-style";
          style.textContent = "#bb-gallery-tracker { width: 300px; } #bb-gallery-tracker li.combatant { display: flex; align-items: center; gap: 0.5rem; } #bb-gallery-tracker img.token-image { width: 48px; height: 48px; flex: none; }";
          document.head.append(style);
          g.bbGalleryTracker = app;
        }, [...new Set([ids.main, ids.target])]);
        const tracker = page.locator("#bb-gallery-tracker");
        await check(page, "#bb-gallery-tracker", "tracker", problems);
        await screenshot(tracker, `gallery-${ruleset}-${theme}-tracker`);
        const steps: [string, () => Promise<void>][] = [
          ["rollInitiative", () => tracker.locator('[data-action="rollInitiative"]').first().click()],
          ...(TRACKER_BEFORE_START[ruleset] ? [["tie", () => page.evaluate(TRACKER_BEFORE_START[ruleset]!)] as [string, () => Promise<void>]] : []),
          ["startCombat", () => page.evaluate(() => (window as any).game.combats.contents.at(-1).startCombat())],
          ["nextTurn", () => page.evaluate(() => (window as any).game.combats.contents.at(-1).nextTurn())],
        ];
        for (const [label, step] of steps) {
          const n0 = await walk.cardCount();
          await step();
          await settle(page);
          for (let d = 0; d < 3 && (await walk.answerDialog(label)); d++);
          await walk.cardsSince(n0, 0);
        }
        console.log(`gallery ${ruleset} ${theme}: tracker shown ${trackerShown.join(", ")}`);
        for (const x of TRACKER_SHOWS[ruleset] ?? []) expect(trackerShown, `the tracker's ${x}`).toContain(x);
        await check(page, "#bb-gallery-tracker", "tracker started", problems);
        await screenshot(tracker, `gallery-${ruleset}-${theme}-tracker-started`);
        await page.evaluate(async () => {
          const g = window as any;
          await g.bbGalleryTracker?.close();
          document.getElementById("bb-gallery-tracker")?.remove();
          document.getElementById("bb-gallery-tracker-style")?.remove();
          await g.game.combats.contents.at(-1)?.delete();
          await g.bb.closeAll();
        });
      }

      for (const scene of STATE_SCENES[ruleset] ?? []) {
        // The characters as they were: put back after the scene (the next theme photographs them again).
        const saved = await page.evaluate((u) => u.map((x: string) => ({ system: (window as any).fromUuidSync(x).toObject().system, effects: (window as any).fromUuidSync(x).effects.map((e: any) => e.id) })), [ids.main, ids.target]);
        if (scene.prepare) await page.evaluate(scene.prepare, ids);
        const walk = walker(page, ruleset, theme, problems, { seenCards: new Set(), followed: new Set(), shown: [] }, { prefix: `state-${scene.name}-`, ...(scene.dialog ? { dialog: scene.dialog } : {}), ...(scene.follow ? { follow: scene.follow } : {}) });
        const sheet = await openSheet(page, main!.uuid);
        const sheetSel = `[id="${await sheet.getAttribute("id")}"]`;
        let button: Locator | null = null;
        for (const tab of await sheet.locator('[data-action="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab!))) {
          await page.evaluate(() => document.getElementById("bb-notifications")?.replaceChildren());
          await page.locator(`${sheetSel} [data-action="tab"][data-tab="${tab}"]`).first().click();
          await settle(page);
          const b = page.locator(`${sheetSel} [data-action="${scene.action}"]${scene.button ?? ""}:not([disabled]):not([aria-disabled="true"]):visible`).first();
          if (await b.count()) {
            button = b;
            break;
          }
        }
        expect(button, `${scene.name}: the sheet's ${scene.action} button`).not.toBeNull();
        const n0 = await walk.cardCount();
        await button!.click();
        await settle(page);
        for (let d = 0; d < 3 && (await walk.answerDialog(scene.action)); d++);
        await walk.cardsSince(n0, 0);
        // The last card as it ends (a card button may change it in place rather than post another).
        const last = page.locator("#bb-chat-log > li").last();
        await check(page, "#bb-chat-log > li:last-child", `state ${scene.name} last card`, problems);
        await screenshot(last, `gallery-${ruleset}-${theme}-state-${scene.name}-last`);
        for (const k of walk.followedKeys()) pressed.add(k.split(":")[0]!);
        if (scene.expect) expect([...pressed], `${scene.name}: ${scene.expect} pressed`).toContain(scene.expect);
        await page.evaluate(
          async ({ uuids, systems }) => {
            for (const [i, u] of uuids.entries()) {
              const actor = (window as any).fromUuidSync(u);
              await actor.update({ system: systems[i].system });
              const added = actor.effects.filter((e: any) => !systems[i].effects.includes(e.id)).map((e: any) => e.id);
              if (added.length) await actor.deleteEmbeddedDocuments("ActiveEffect", added);
            }
            await (window as any).bb.closeAll();
          },
          { uuids: [ids.main, ids.target], systems: saved },
        );
      }
      expect(problems).toEqual([]);
      expect(w.errors).toEqual([]);
    }, GALLERY_TIMEOUT_MS);
  }
});
