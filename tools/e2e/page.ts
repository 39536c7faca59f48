/**
 * Browser entry of the Breadbox test bed (bundled by tools/e2e/prepare.mjs, served by server.mjs).
 *
 * It boots the BUILT system the way Foundry would, on top of our Foundry test harness (the v13
 * profile, or v14 with `?foundry=14` in the page URL; a world of one ruleset with `?ruleset=<id>`):
 *   harness globals → template loader over fetch → import /systems/breadbox/breadbox.mjs →
 *   init → translations from lang/en.json → i18nInit → setup → ready →
 *   a GM and a player → world documents from the pack sources → a small shell:
 *   a sidebar (actors, items, compendium entries; draggable), a chat log (ChatMessage#renderHTML,
 *   which calls renderChatMessageHTML so card buttons work) and notifications.
 * Sheets and dialogs are harness applications; they append themselves to <body>.
 *
 * Tests and the gallery drive it through `window.bb` (see BB below). This is a preview and test
 * bed, not Foundry: no canvas, no sockets, no Foundry CSS or icons.
 */
import * as H from "../../test/harness/index";
import { PREPARE_SETS, type PrepareRuleset } from "../../bench/adapter/setup/prepare-actors";

type AnyObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SYSTEM = "/systems/breadbox/";
const g = globalThis as AnyObject;

interface PackInfo {
  name: string;
  label: string;
  type: string;
  system: string;
  docs: AnyObject[];
}

interface ShownNotification {
  id: number;
  type: string;
  message: string;
}

const state = {
  packs: [] as PackInfo[],
  manifest: {} as AnyObject,
  player: null as AnyObject | null,
  gm: null as AnyObject | null,
  notifications: [] as ShownNotification[],
  errors: [] as string[],
  notificationTimeoutMs: 0,
  otherClients: false,
  actingUserId: null as string | null,
};

window.addEventListener("error", (e) => state.errors.push(String(e.message ?? e)));
window.addEventListener("unhandledrejection", (e) => state.errors.push(String((e as PromiseRejectionEvent).reason?.stack ?? (e as PromiseRejectionEvent).reason)));

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.text();
}
async function fetchJSON<T = AnyObject>(url: string): Promise<T> {
  return JSON.parse(await fetchText(url)) as T;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: AnyObject = {}, ...children: (Node | string | null | undefined)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = String(v);
    else if (k === "text") node.textContent = String(v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const localize = (key: string): string => g.game.i18n.localize(key);

// ------------------------------------------------------------------ compendium packs (page-side)

/** Compendium uuid of a pack document, as Foundry's compendium sidebar puts it in drag data. */
function packUuid(pack: PackInfo, doc: AnyObject): string {
  return `Compendium.${pack.system}.${pack.name}.${pack.type}.${doc._id}`;
}

/** game.packs from the pack sources, through the harness's compendium collections. */
function installPacks(packs: PackInfo[]): void {
  for (const p of packs) {
    if (g.game.packs.has(`${p.system}.${p.name}`)) continue;
    // RollTables are not modelled by the harness; their packs are listed, not loaded.
    if (!g.CONFIG[p.type]?.documentClass) continue;
    H.registerPack({ name: p.name, label: p.label, type: p.type, packageName: p.system, system: p.system }, p.docs);
  }
}

// ------------------------------------------------------------------ what a world shows (issue 23)

/**
 * Show, in one window, what a GM of this world meets in two of Foundry's places the test bed does
 * not otherwise draw: the compendium sidebar (the harness's rows, after `renderCompendiumDirectory`
 * ran, so hidden packs are hidden as in Foundry) and the system's part of the settings window (the
 * settings registered with `config: true`, as core's settings window lists them). Returns its id.
 */
function showWorldPanels(): string {
  document.getElementById("bb-world-panels")?.remove();
  const folders = (state.manifest.packFolders ?? []).map((f: AnyObject) => ({ name: String(f.name), packs: (f.packs ?? []).map((n: string) => `${state.manifest.id}.${n}`) }));
  const compendium = H.renderCompendiumDirectory(folders);
  const settings = el("ul", { class: "bb-settings-list" });
  for (const c of g.game.settings.settings.values()) {
    if (c.namespace !== state.manifest.id || !c.config) continue;
    settings.append(el("li", { dataset: { setting: c.key } }, el("strong", {}, localize(c.name)), el("p", { class: "hint" }, localize(c.hint ?? ""))));
  }
  const panel = el(
    "section",
    { id: "bb-world-panels", class: "bb-world-panels", "aria-label": "World", tabindex: "0" },
    el("div", { class: "bb-world-panel" }, el("h2", {}, localize("SIDEBAR.TabCompendium")), compendium),
    el("div", { class: "bb-world-panel" }, el("h2", {}, localize("SETTINGS.Title")), settings),
  );
  document.body.append(panel);
  return panel.id;
}

/**
 * Show a journal-like page: `text` (HTML, as a journal page's or an item description's stored text)
 * run through `TextEditor.implementation.enrichHTML` as Foundry does before showing such text (so
 * the system's CONFIG.TextEditor.enrichers apply for the current user), in a panel. Returns its id.
 */
async function showEnriched(text: string, title = "Journal"): Promise<string> {
  document.getElementById("bb-enriched")?.remove();
  const article = el("article", { class: "bb-enriched-text" });
  article.innerHTML = await g.foundry.applications.ux.TextEditor.implementation.enrichHTML(text);
  const panel = el("section", { id: "bb-enriched", class: "bb-world-panels", "aria-label": title }, el("div", { class: "bb-world-panel" }, el("h2", {}, title), article));
  document.body.append(panel);
  return panel.id;
}

// ------------------------------------------------------------------ notifications

function installNotifications(): void {
  const n = g.ui.notifications;
  const original = n.notify.bind(n);
  n.notify = (message: unknown, type: string = "info", options: AnyObject = {}) => {
    const note = original(message, type, options);
    showNotification(note);
    return note;
  };
}

function showNotification(note: AnyObject): void {
  state.notifications.push({ id: note.id, type: note.type, message: note.message });
  const box = document.getElementById("bb-notifications");
  if (!box) return;
  const urgent = note.type === "error" || note.type === "warning";
  const item = el("li", { class: `bb-notification ${note.type}`, role: urgent ? "alert" : "status", dataset: { notificationId: note.id } }, note.message);
  box.append(item);
  while (box.children.length > 6) box.firstElementChild?.remove();
  if (state.notificationTimeoutMs > 0) setTimeout(() => item.remove(), state.notificationTimeoutMs);
}

// ------------------------------------------------------------------ chat log

async function renderMessage(message: AnyObject): Promise<HTMLElement | null> {
  if (!message.visible) return null;
  const li: HTMLElement = await message.renderHTML();
  li.dataset.messageId = message.id;
  return li;
}

async function onCreateMessage(message: AnyObject): Promise<void> {
  const log = document.getElementById("bb-chat-log");
  const li = await renderMessage(message);
  if (!log || !li) return;
  log.append(li);
  li.scrollIntoView({ block: "nearest" });
}

async function onUpdateMessage(message: AnyObject): Promise<void> {
  const old = document.querySelector(`#bb-chat-log [data-message-id="${message.id}"]`);
  const li = await renderMessage(message);
  if (old && li) old.replaceWith(li);
  else if (old) old.remove();
  else if (li) document.getElementById("bb-chat-log")?.append(li);
}

async function rerenderChat(): Promise<void> {
  const log = document.getElementById("bb-chat-log");
  if (!log) return;
  log.replaceChildren();
  for (const m of g.game.messages.contents ?? [...g.game.messages.values()]) {
    const li = await renderMessage(m);
    if (li) log.append(li);
  }
}

function installChatHooks(): void {
  const { Hooks } = g;
  // With other clients' hooks on (setOtherClients), only the acting user's client draws the log.
  const mine = () => !state.otherClients || g.game.user?.id === state.actingUserId;
  Hooks.on("createChatMessage", (m: AnyObject) => void (mine() && track(onCreateMessage(m))));
  Hooks.on("updateChatMessage", (m: AnyObject) => void (mine() && track(onUpdateMessage(m))));
  Hooks.on("deleteChatMessage", (m: AnyObject) => mine() && document.querySelector(`#bb-chat-log [data-message-id="${m.id}"]`)?.remove());
}

/**
 * Every active user's client hears document hooks, as in Foundry (a document's create/update/
 * delete hooks fire on every connected client): the harness's per-client re-firing (off by
 * default here, as the page draws one client). On, the active GM's client hears a player's new
 * card (e.g. to record its writer in the card ledger) while the page draws the acting user's view.
 */
function setOtherClients(on: boolean): void {
  state.otherClients = on;
  state.actingUserId = g.game.user?.id ?? null;
  H.setHookBroadcast(on);
}

/** Page-side async work (chat rendering) so tests can wait for it. */
const pagePending = new Set<Promise<unknown>>();
function track<T>(p: Promise<T>): Promise<T> {
  pagePending.add(p);
  p.catch((err) => console.error("Breadbox test bed |", err)).finally(() => pagePending.delete(p));
  return p;
}

/** Wait for the harness's UI work and the page's chat rendering to finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await H.settle({ timeoutMs: 5000 });
    if (!pagePending.size) {
      await new Promise((r) => setTimeout(r, 0));
      if (!pagePending.size) return;
    }
    await Promise.allSettled([...pagePending]);
  }
}

// ------------------------------------------------------------------ interface theme

/**
 * The interface theme, as Foundry v13/v14 set it: `.theme-light` or `.theme-dark` on <body>
 * (base.css stands in for Foundry's dark interface; the system's own palette follows the class).
 */
function setTheme(theme: "light" | "dark"): void {
  document.body.classList.toggle("theme-dark", theme === "dark");
  document.body.classList.toggle("theme-light", theme !== "dark");
}

function renderThemeSwitch(): HTMLElement {
  const select = el("select", { "aria-label": "Interface theme", onchange: (e: Event) => setTheme((e.target as HTMLSelectElement).value === "dark" ? "dark" : "light") },
    el("option", { value: "light" }, "Light"), el("option", { value: "dark" }, "Dark"));
  return el("label", { class: "bb-user-switch" }, "Theme ", select);
}

// ------------------------------------------------------------------ sidebar

function dragData(type: string, uuid: string): string {
  return JSON.stringify({ type, uuid });
}

function entry(doc: { name: string; type: string; uuid: string; img?: string }, documentName: string, open?: () => unknown): HTMLElement {
  const typeLabel = localize(`TYPES.${documentName}.${doc.type}`);
  const li = el(
    "li",
    { class: "bb-entry", draggable: "true", dataset: { uuid: doc.uuid, documentName, type: doc.type } },
    el("img", { src: doc.img || "icons/svg/item-bag.svg", alt: "", width: 24, height: 24 }),
    open ? el("button", { type: "button", class: "bb-entry-open", onclick: open }, doc.name) : el("span", { class: "bb-entry-name" }, doc.name),
    el("span", { class: "bb-entry-type" }, typeLabel.startsWith("TYPES.") ? doc.type : typeLabel),
  );
  li.addEventListener("dragstart", (event) => {
    event.dataTransfer?.setData("text/plain", dragData(documentName, doc.uuid));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "copy";
  });
  return li;
}

function renderSidebar(): void {
  const side = document.getElementById("bb-sidebar-lists");
  if (!side) return;
  const actors = el("ul", { class: "bb-directory", "aria-label": "Actors" });
  for (const a of g.game.actors.contents ?? [...g.game.actors.values()]) {
    actors.append(entry(a, "Actor", () => openSheet(a.uuid)));
  }
  const items = el("ul", { class: "bb-directory", "aria-label": "Items" });
  for (const i of g.game.items.contents ?? [...g.game.items.values()]) {
    items.append(entry(i, "Item", () => openSheet(i.uuid)));
  }
  const packs = el("div", { class: "bb-packs" });
  for (const p of state.packs) {
    const list = el("ul", { class: "bb-directory", "aria-label": p.label, dataset: { pack: p.name } });
    for (const d of p.docs) {
      const canOpen = p.type === "Item" || p.type === "Actor";
      list.append(entry({ name: d.name, type: d.type ?? "base", uuid: packUuid(p, d), img: d.img }, p.type, canOpen ? () => openPackDocument(p.name, d._id) : undefined));
    }
    packs.append(el("details", { class: "bb-pack", dataset: { pack: p.name } }, el("summary", {}, `${p.label} (${p.docs.length})`), list));
  }
  side.replaceChildren(el("h2", {}, "Actors"), actors, el("h2", {}, "Items"), items, el("h2", {}, "Compendium packs"), packs);
}

function renderUserSwitch(): HTMLElement {
  const select = el("select", { id: "bb-user", "aria-label": "Acting user" });
  for (const u of g.game.users.contents ?? [...g.game.users.values()]) {
    const opt = el("option", { value: u.id }, `${u.name}${u.isGM ? " (GM)" : ""}`);
    if (u.id === g.game.user.id) opt.selected = true;
    select.append(opt);
  }
  select.addEventListener("change", () => void setUser(select.value));
  return el("label", { class: "bb-user-switch" }, "Acting as ", select);
}

// ------------------------------------------------------------------ windows

/** All rendered harness applications. */
function apps(): AnyObject[] {
  return [...g.foundry.applications.instances.values()];
}

/** Render a document's sheet (world or embedded uuid), optionally in edit mode. Returns the element id. */
async function openSheet(uuid: string, { edit = false }: { edit?: boolean } = {}): Promise<string> {
  const doc = g.fromUuidSync(uuid);
  if (!doc) throw new Error(`No document ${uuid}`);
  return openDocumentSheet(doc, { edit });
}

async function openDocumentSheet(doc: AnyObject, { edit = false }: { edit?: boolean } = {}): Promise<string> {
  const sheet = doc.sheet;
  if (!sheet) throw new Error(`No sheet for ${doc.documentName} ${doc.type}`);
  if ("editMode" in sheet) sheet.editMode = edit;
  await sheet.render({ force: true });
  await settle();
  return sheet.id;
}

/** Open the sheet of a compendium document (an unsaved document built from the pack source). */
async function openPackDocument(packName: string, id: string, { edit = false }: { edit?: boolean } = {}): Promise<string> {
  const pack = [...g.game.packs.values()].find((p: AnyObject) => p.metadata.name === packName);
  const doc = await pack?.getDocument(id);
  if (!doc) throw new Error(`No document ${id} in pack ${packName}`);
  return openDocumentSheet(doc, { edit });
}

async function closeAll(): Promise<void> {
  for (const app of apps()) await app.close();
  await settle();
}

async function setUser(userId: string): Promise<void> {
  const user = g.game.users.get(userId);
  if (!user) throw new Error(`No user ${userId}`);
  g.game.user = user;
  g.game.userId = user.id;
  state.actingUserId = user.id;
  user.targets ??= new Set();
  for (const app of apps()) if (app.rendered) await app.render();
  await rerenderChat();
  await settle();
}

/** Target an actor for the current user (stands in for a targeted token). */
function setTarget(uuid: string | null): void {
  const actor = uuid ? g.fromUuidSync(uuid) : null;
  g.game.user.targets = new Set(actor ? [{ actor, document: { actor }, name: actor.name }] : []);
  document.querySelectorAll<HTMLElement>("#bb-sidebar [data-uuid]").forEach((li) => li.classList.toggle("targeted", li.dataset.uuid === uuid));
}

// ------------------------------------------------------------------ world

function sourcesOfType(type: string): AnyObject[] {
  return state.packs.flatMap((p) => p.docs.filter((d) => d.type === type));
}

async function createWorld(): Promise<void> {
  const Actor = g.CONFIG.Actor.documentClass;
  const Item = g.CONFIG.Item.documentClass;
  const clone = g.foundry.utils.deepClone;
  const player = state.player!;
  const playerOwns = { default: 0, [player.id]: 3 };
  // Sample characters from the packs, with their embedded items.
  const actorTypes = Object.keys(state.manifest.documentTypes?.Actor ?? {});
  const characters = actorTypes.flatMap((t) => sourcesOfType(t));
  for (const [i, src] of characters.entries()) {
    const data = clone(src);
    delete data._key;
    for (const it of data.items ?? []) delete it._key;
    data.ownership = i === 0 ? playerOwns : { default: 0 };
    await Actor.create(data, { keepId: true });
  }
  // A blank character of every actor type.
  for (const t of actorTypes) {
    await Actor.create({ name: `Blank ${localize(`TYPES.Actor.${t}`)}`, type: t, ownership: playerOwns });
  }
  // One world item of every item type: the first pack document of that type, else a blank one.
  for (const t of Object.keys(state.manifest.documentTypes?.Item ?? {})) {
    const src = sourcesOfType(t)[0];
    if (src) {
      const data = clone(src);
      delete data._key;
      await Item.create(data, { keepId: true });
    } else {
      await Item.create({ name: `Sample ${localize(`TYPES.Item.${t}`)}`, type: t });
    }
  }
}

/**
 * A throwaway item type that belongs to no Breadbox ruleset ("testOtherThing"), to check that an
 * item of another ruleset is refused. The system's ruleset registry lives inside the bundle and
 * is not reachable from the page, so only CONFIG and the manifest's documentTypes are extended.
 */
async function registerOtherRulesetItem(): Promise<string> {
  const type = "testOtherThing";
  if (!g.CONFIG.Item.dataModels[type]) {
    const { TypeDataModel } = g.foundry.abstract;
    const fields = g.foundry.data.fields;
    class TestOtherThingModel extends TypeDataModel {
      static defineSchema() {
        return { weight: new fields.NumberField({ required: true, integer: true, min: 0, initial: 1 }), description: new fields.HTMLField() };
      }
    }
    g.CONFIG.Item.dataModels[type] = TestOtherThingModel;
    if (g.game.system.documentTypes?.Item) g.game.system.documentTypes.Item[type] = {};
    g.game.i18n.loadTranslations({ TYPES: { Item: { [type]: "Other-ruleset thing" } } });
  }
  const existing = g.game.items.find((i: AnyObject) => i.type === type);
  const item = existing ?? (await g.CONFIG.Item.documentClass.create({ name: "Moon Rock (another ruleset)", type }));
  renderSidebar();
  return item.uuid;
}

// ------------------------------------------------------------------ boot

/**
 * Strings of Foundry's own language file that the harness-provided chrome shows (window titles of
 * document sheets). Foundry's core translations are not available here; these few are ours.
 */
const CORE_STRINGS = {
  DOCUMENT: { Actor: "Actor", Item: "Item", ChatMessage: "Message", User: "User", ActiveEffect: "Effect", Combat: "Combat", Combatant: "Combatant" },
  SIDEBAR: { TabCompendium: "Compendium Packs" },
  SETTINGS: { Title: "Configure Settings" },
};

/** The shell around the harness's windows: sidebar, chat log, notifications, macro bar. */
function buildShell(): void {
  const sidebar = el("aside", { id: "bb-sidebar", "aria-label": "Sidebar" }, el("nav", { id: "bb-sidebar-lists", "aria-label": "Documents" }));
  const chat = el("aside", { id: "bb-chat", "aria-label": "Chat" }, el("h2", {}, "Chat"), el("ol", { id: "bb-chat-log", "aria-live": "polite" }));
  const notes = el("ol", { id: "bb-notifications", "aria-label": "Notifications" });
  const hotbar = el("ol", { id: "bb-hotbar", "aria-label": "Macro bar" });
  document.body.prepend(sidebar, chat, notes, hotbar);
  renderHotbar();
}

// ------------------------------------------------------------------ macro bar

const HOTBAR_SLOTS = 10;

/**
 * A stand-in for Foundry's macro bar: ten slots showing the current user's `hotbar` assignments.
 * A drop on a slot goes through the harness's `ui.hotbar.drop(data, slot)` (the hotbarDrop hook,
 * then the default); a click runs the slot's macro.
 */
function renderHotbar(): void {
  const bar = document.getElementById("bb-hotbar");
  if (!bar) return;
  const assigned: AnyObject = g.game.user?.hotbar ?? {};
  bar.replaceChildren(
    ...Array.from({ length: HOTBAR_SLOTS }, (_, i) => {
      const slot = i + 1;
      const macro = assigned[slot] ? g.game.macros?.get(assigned[slot]) : null;
      const li = el("li", { class: "bb-slot", dataset: { slot: String(slot) } },
        el("button", { type: "button", class: "bb-slot-button", disabled: !macro, "aria-label": macro ? `Macro ${slot}: ${macro.name}` : `Macro ${slot}: empty`, onclick: () => macro && void track(macro.execute()) },
          el("span", { class: "bb-slot-number" }, String(slot % 10)), macro ? el("span", { class: "bb-slot-name" }, macro.name) : null));
      li.addEventListener("dragover", (event) => event.preventDefault());
      li.addEventListener("drop", (event) => {
        event.preventDefault();
        const text = event.dataTransfer?.getData("text/plain") ?? "";
        void track(dropOnSlot(text, slot));
      });
      return li;
    }),
  );
}

async function dropOnSlot(text: string, slot: number): Promise<void> {
  let data: AnyObject;
  try {
    data = JSON.parse(text);
  } catch {
    return;
  }
  const before = g.game.user?.hotbar?.[slot] ?? null;
  await g.ui.hotbar.drop(data, slot);
  // The system creates the macro after the hook returns: wait for the slot to change (≤ 2 s).
  for (let i = 0; i < 40 && (g.game.user?.hotbar?.[slot] ?? null) === before; i++) await new Promise((r) => setTimeout(r, 50));
  renderHotbar();
}

async function boot(): Promise<void> {
  const { Hooks, game } = g;
  H.setTemplateLoader((path: string) => fetchText("/" + path.replace(/^\/+/, "")));
  state.manifest = await fetchJSON(`${SYSTEM}system.json`);
  game.system = { ...game.system, id: state.manifest.id, title: state.manifest.title, version: state.manifest.version, documentTypes: structuredClone(state.manifest.documentTypes ?? {}) };
  const lang = await fetchJSON(`${SYSTEM}${(state.manifest.languages ?? []).find((l: AnyObject) => l.lang === "en")?.path ?? "lang/en.json"}`);
  state.packs = await fetchJSON<PackInfo[]>("/e2e/packs.json");
  // A world of the ruleset in `?ruleset=<id>` (its stored setting, loaded before init as a world's
  // Setting documents are); without it, a new world (the setting's default).
  const ruleset = new URLSearchParams(location.search).get("ruleset");
  if (ruleset) H.setWorldSettings({ "breadbox.ruleset": ruleset });

  for (const src of state.manifest.esmodules ?? []) await import(/* @vite-ignore */ `${SYSTEM}${src}`);

  // Breadbox loads the world's ruleset's code once init has read the setting (issue 23), and says
  // so with its own hook: the bed waits for it before the world is set up.
  const loaded = new Promise((resolve) => Hooks.once("breadbox.ready", resolve));
  // Foundry's start-up order: init, then translations, i18nInit, setup, ready.
  Hooks.callAll("init");
  game.i18n.loadTranslations(CORE_STRINGS);
  game.i18n.loadTranslations(lang);
  Hooks.callAll("i18nInit");
  Hooks.callAll("setup");
  Hooks.callAll("ready");
  await loaded;
  H.setHookBaseline();

  installNotifications();
  installChatHooks();
  installPacks(state.packs);
  state.gm = game.user;
  state.gm.targets = new Set();
  state.player = H.createUser({ name: "Player", role: "PLAYER", active: true });
  state.player.targets = new Set();
  await createWorld();
  await settle();

  buildShell();
  const header = el("header", { class: "bb-shell-header" }, el("h1", {}, `${state.manifest.title} ${state.manifest.version} — test bed`), renderUserSwitch(), renderThemeSwitch());
  const note = el("p", { class: "bb-shell-note" }, "A preview and test bed on the Foundry test harness, not Foundry. Drag entries onto a sheet.");
  document.getElementById("bb-sidebar")?.prepend(header, note);
  renderSidebar();
  await rerenderChat();
  document.body.dataset.bbReady = "true";
}

const ready = boot().catch((err) => {
  state.errors.push(String(err?.stack ?? err));
  document.body.dataset.bbReady = "error";
  const pre = el("pre", { class: "bb-boot-error", role: "alert" }, `Boot failed: ${err?.stack ?? err}`);
  document.body.prepend(pre);
  throw err;
});

/**
 * The campaign-scale prepareData bench in the browser (tools/bench-browser.mjs; issue 20): creates
 * `count` characters of the page's ruleset with 40 items each (the adapter benches' recipe,
 * bench/adapter/setup/prepare-actors.ts), then times `iterations` passes of prepareData over all
 * of them after `warmup` untimed passes. Returns the time of each pass in ms; the characters are
 * deleted afterwards.
 */
async function benchPrepare({ count = 1000, iterations = 20, warmup = 3 }: { count?: number; iterations?: number; warmup?: number } = {}): Promise<{ ruleset: string; actors: number; items: number; times: number[] }> {
  const ruleset = g.game.settings.get("breadbox", "ruleset") as string;
  if (!Object.hasOwn(PREPARE_SETS, ruleset)) throw new Error(`benchPrepare: no bench characters for the ruleset "${ruleset}"`);
  const actors = await PREPARE_SETS[ruleset as PrepareRuleset](count);
  try {
    const times: number[] = [];
    for (let k = 0; k < warmup + iterations; k++) {
      const t = performance.now();
      for (const a of actors) a.prepareData();
      if (k >= warmup) times.push(performance.now() - t);
    }
    return { ruleset, actors: actors.length, items: actors[0]?.items.size ?? 0, times };
  } finally {
    await g.Actor.deleteDocuments(actors.map((a) => a.id));
  }
}

/** What tests and the gallery use. */
const BB = {
  ready,
  /** The Foundry generation the harness mirrors on this page ("13" or "14"). */
  generation: H.harnessGeneration(),
  H,
  state,
  settle,
  openSheet,
  setTheme,
  renderHotbar,
  openPackDocument,
  showWorldPanels,
  showEnriched,
  setOtherClients,
  openDocumentSheet,
  closeAll,
  apps,
  setUser,
  setTarget,
  renderSidebar,
  rerenderChat,
  registerOtherRulesetItem,
  benchPrepare,
  packUuid: (packName: string, id: string) => {
    const p = state.packs.find((x) => x.name === packName);
    const d = p?.docs.find((x) => x._id === id);
    return p && d ? packUuid(p, d) : null;
  },
  notifications: () => state.notifications.slice(),
  clearNotifications: () => {
    state.notifications.length = 0;
    document.getElementById("bb-notifications")?.replaceChildren();
  },
};
g.bb = BB;
export type TestBed = typeof BB;
