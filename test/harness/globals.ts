/**
 * Installs the Foundry v13 globals on globalThis and owns the per-test reset.
 * Import order matters for the system: setup.ts calls installHarness() before any system module.
 */
import { DataModel, TypeDataModel } from "./data-model";
import { Document, WorldCollection, fromUuid, fromUuidSync, getDocumentClass, registerSheet, unregisterSheet, EmbeddedCollection } from "./document";
import { ActiveEffect, Actor, Actors, Item, Items, TokenDocument, User, Users, harnessPermissions } from "./documents";
import { fields } from "./fields";
import { Hooks } from "./hooks";
import { Localization } from "./i18n";
import { Notifications } from "./notifications";
import { ClientSettings } from "./settings";
import { CONFIG, CONST, game, ui } from "./state";
import { DataModelValidationError, DataModelValidationFailure } from "./validation";
import { Collection, installPrimitiveExtensions, utils, type AnyObject } from "./utils";
import { extensions, type HarnessExtension } from "./registry";
import "./dice/index";
import "./applications/index";
import { CombatTracker } from "./applications/combat-tracker";
import "./chat";
import "./combat";
import "./compat";
import "./macros";
import "./journal";
import "./tables";

export const GM_ID = "harnessGameMastr";

const foundry: AnyObject = {
  utils,
  abstract: { DataModel, TypeDataModel, Document },
  data: { fields, validation: { DataModelValidationError, DataModelValidationFailure } },
  documents: {
    Actor,
    Item,
    ActiveEffect,
    User,
    TokenDocument,
    collections: { Actors, Items, Users, WorldCollection },
    abstract: { DocumentCollection: WorldCollection, WorldCollection, EmbeddedCollection },
  },
  helpers: { Hooks, Localization, ClientSettings },
  applications: { api: {}, sheets: {}, apps: {}, ux: {}, handlebars: {}, ui: {} },
  dice: { terms: {} },
  CONST,
};

function baseConfig(): void {
  for (const k of Object.keys(CONFIG)) delete CONFIG[k];
  Object.assign(CONFIG, {
    Actor: { documentClass: Actor, dataModels: {}, typeLabels: {}, trackableAttributes: {}, sheetClasses: {} },
    Item: { documentClass: Item, dataModels: {}, typeLabels: {}, trackableAttributes: {}, sheetClasses: {} },
    ActiveEffect: { documentClass: ActiveEffect, dataModels: {}, typeLabels: {} },
    User: { documentClass: User, dataModels: {} },
    Token: { documentClass: TokenDocument, dataModels: {} },
    statusEffects: [],
    queries: {},
    ui: {},
    time: { roundTime: 6, turnTime: 0 },
  });
}

let installed = false;

/** Install globals once (idempotent). */
export function installHarness(): void {
  if (installed) return;
  installed = true;
  installPrimitiveExtensions();
  baseConfig();
  game.i18n = new Localization();
  game.settings = new ClientSettings();
  game.system = { id: "breadbox", title: "Breadbox", version: "0.0.0", documentTypes: undefined };
  game.modules = new Map();
  game.ready = true;
  game.packs ??= new Collection();
  game.release = { generation: 13 };
  ui.notifications = new Notifications();
  const g = globalThis as AnyObject;
  Object.assign(g, {
    foundry,
    CONFIG,
    CONST,
    game,
    ui,
    Hooks,
    Actor,
    Item,
    ActiveEffect,
    User,
    TokenDocument,
    fromUuid,
    fromUuidSync,
    getDocumentClass,
    Collection,
  });
  for (const ext of extensions) ext.install?.({ foundry, CONFIG, game, ui, globals: g });
  game.settings.register("core", "rollMode", { scope: "client", config: true, type: String, default: "publicroll", choices: { publicroll: "publicroll", gmroll: "gmroll", blindroll: "blindroll", selfroll: "selfroll", roll: "roll" } });
  resetWorld();
  Hooks._setBaseline();
}

/** Empty the world: collections, users (one active GM as game.user), settings values, notifications. */
function resetWorld(): void {
  game.actors = new Actors();
  game.items = new Items();
  game.users = new Users();
  const gm = new User({ _id: GM_ID, name: "Gamemaster", role: CONST.USER_ROLES.GAMEMASTER });
  gm.active = true;
  game.users.set(gm.id!, gm);
  game.user = gm;
  game.userId = gm.id;
  game.settings._resetValues();
  ui.notifications.clear();
  for (const ext of extensions) ext.reset?.({ foundry, CONFIG, game, ui, globals: globalThis as AnyObject });
}

/**
 * Per-test reset: world documents, users, setting values, notifications, open applications, dice
 * randomness, and every hook registered after the baseline (see setHookBaseline). CONFIG is left
 * as the system configured it.
 */
export function resetHarness(): void {
  installHarness();
  for (const key of Object.keys(harnessPermissions)) harnessPermissions[key] = [];
  CombatTracker.decimalsAsText = true;
  Hooks._resetToBaseline();
  resetWorld();
}

/**
 * The setting values the world has stored (`{ "breadbox.ruleset": "flange" }`), in place before the
 * start-up hooks as Foundry loads a world's settings before init; each reset returns to them.
 */
export function setWorldSettings(values: Record<string, unknown>): void {
  installHarness();
  game.settings._setStoredValues(values);
}

/** Hooks registered so far (e.g. by the system's init) survive resetHarness(). */
export function setHookBaseline(): void {
  Hooks._setBaseline();
}

/**
 * Localize every configured data model's field labels/hints (Foundry does this for
 * CONFIG[doc].dataModels and document classes during i18n initialisation).
 */
export function localizeDataModels(): void {
  for (const cfg of Object.values(CONFIG)) {
    if (!cfg || typeof cfg !== "object") continue;
    const models = [cfg.documentClass, ...Object.values((cfg as AnyObject).dataModels ?? {})];
    for (const m of models) if (m?.schema && Array.isArray(m.LOCALIZATION_PREFIXES) && m.LOCALIZATION_PREFIXES.length) Localization.localizeDataModel(m);
  }
}

/**
 * Run the system start-up hooks (init, then data-model localization and i18nInit, setup, ready),
 * then set the hook baseline. `translations` (e.g. lang/en.json) are loaded first.
 */
export async function runStartupHooks({ translations }: { translations?: AnyObject } = {}): Promise<void> {
  installHarness();
  if (translations) game.i18n.loadTranslations(translations);
  Hooks.callAll("init");
  localizeDataModels();
  Hooks.callAll("i18nInit");
  Hooks.callAll("setup");
  Hooks.callAll("ready");
  setHookBaseline();
}

/** Restore CONFIG to the harness defaults (a test that reconfigured documents can call this). */
export function resetConfig(): void {
  baseConfig();
  for (const ext of extensions) ext.install?.({ foundry, CONFIG, game, ui, globals: globalThis as AnyObject });
}

export { foundry, registerSheet, unregisterSheet };
export type { HarnessExtension };
