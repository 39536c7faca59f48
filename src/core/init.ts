/**
 * Core wiring at init: document classes, every registered ruleset's data models, dice, rolls,
 * status effects, token bars and settings, and the GM relay. The rest of core (src/core/runtime.ts:
 * exchanges, hotbar, API, requests, chat-card handlers, migrations) and each ruleset's runtime part
 * (sheets, dialogs, combat, cards) load once the world's ruleset is known (src/core/lazy.ts, issue 23).
 */
import { allRulesets, rulesetOfType, type RulesetDefinition, type DieTermClass, type ModelClass, type RollClass, type SheetRegistration, type StatusEffectSpec } from "./registry";
import { BreadboxActor } from "./documents/actor";
import { BreadboxItem } from "./documents/item";
import { BreadboxCombat, BreadboxCombatant, nextRoundRelayHandler } from "./documents/combat";
import { registerCoreSettings, worldRulesetId } from "./settings";
import { registerDiceSoNice } from "./dice-so-nice";
import { addStatusEffect } from "./compat";
import { registerCoreRelayAction, registerRelay } from "./relay";
import { registerPackVisibility } from "./pack-visibility";
import { loadRulesetOfType, loadRulesetsOfTypes, startLoading } from "./lazy";
import { SYSTEM_ID } from "./ids";
import { format, localize } from "./game";
import { BreadboxCombatTracker } from "./combat-tracker";
import { recordModuleHooks } from "../modules/early-hooks";

/** Core's runtime module once it is loaded (null before): hooks registered at init hand over to it. */
let runtime: typeof import("./runtime") | null = null;
let runtimeLoad: Promise<typeof import("./runtime")> | null = null;

export function initCore(): void {
  CONFIG.Actor.documentClass = BreadboxActor;
  CONFIG.Item.documentClass = BreadboxItem;
  CONFIG.Combat.documentClass = BreadboxCombat;
  CONFIG.Combatant.documentClass = BreadboxCombatant;
  // The tracker whose rows carry each ruleset's data (src/core/combat-tracker.ts).
  CONFIG.ui.combat = BreadboxCombatTracker;

  // Settings first: the world's ruleset is readable once its setting is registered (issue 23).
  registerCoreSettings();
  const world = worldRulesetId();

  for (const r of allRulesets()) {
    // Every ruleset's models, in every world: a document of another ruleset still validates
    // (nothing is lost when a world changes its ruleset).
    registerModels(CONFIG.Actor, r.actorModels);
    registerModels(CONFIG.Item, r.itemModels);
    registerTrackable(r.trackableAttributes ?? {});
    checkTokenBars(r);
    // Every ruleset's dice parse in every world (a read-only document or an old card of another
    // ruleset still rolls and reads back); only the world's are offered in "Configure Dice".
    for (const term of r.dieTerms ?? []) registerDieTerm(term, r.id === world);
    for (const roll of r.rolls ?? []) registerRoll(roll);
    // Only the world's ruleset's statuses in the token HUD.
    if (r.id === world) for (const effect of r.statusEffects ?? []) registerStatusEffect(effect);
  }

  registerDiceSoNice(allRulesets().filter((r) => r.id === world).flatMap((r) => r.diceSoNice ?? []));
  registerRelay();
  registerCoreRelayAction("nextRound", nextRoundRelayHandler);
  registerPackVisibility();
  // Module hooks that may fire before core's runtime (and its integrations) arrives.
  recordModuleHooks();

  // Chat cards rendered before the runtime is in (the chat log at start-up) get its buttons once it is.
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (runtime) runtime.onRenderChatMessage(message, html);
    else void runtimeLoad?.then((rt) => rt.onRenderChatMessage(message, html));
  });
  Hooks.on("updateActor", (actor) => runtime?.onNeedsDocumentUpdate(actor));
  Hooks.once("i18nInit", localizeFulfillmentDice);

  // The world's ruleset and core's runtime, one chunk each, imported now that the ruleset is known.
  runtimeLoad = import("./runtime").then((rt) => {
    runtime = rt;
    return rt;
  });
  const load = runtimeLoad;
  startLoading(() => load.then((rt) => rt.initRuntime(world)), world);
  // A world holding documents of another ruleset loads that ruleset too (they open read-only); the
  // documents are there from "setup" on (foundryvtt/foundryvtt#8510).
  Hooks.once("setup", () => {
    void loadRulesetsOfTypes([...(game.actors ?? [])].flatMap((a) => [a.type, ...a.items.map((i) => i.type)]).concat([...(game.items ?? [])].map((i) => i.type)));
  });
  Hooks.on("createActor", (actor) => void loadRulesetOfType(actor.type));
  Hooks.on("createItem", (item) => void loadRulesetOfType(item.type));
}

let readyWork: Promise<void> | null = null;

/** Core's ready work (migrations, the record book, each ruleset's ready), once the runtime is in. */
export function readyCore(): Promise<void> {
  readyWork = (runtimeLoad ?? import("./runtime")).then((rt) => rt.readyRuntime());
  return readyWork;
}

/**
 * Settles when core's ready work has finished (Foundry awaits no "ready" callback; a test bed or
 * a script that needs the system fully in awaits this).
 */
export function coreReady(): Promise<void> {
  return readyWork ?? Promise.reject(new Error("Breadbox | the game is not ready yet"));
}

function registerModels(config: { dataModels: Record<string, unknown> }, models: Record<string, ModelClass>): void {
  Object.assign(config.dataModels, models);
}

/** Every default token bar must be a trackable bar of its type: no bar may point at nothing. */
function checkTokenBars(r: RulesetDefinition): void {
  for (const [type, bars] of Object.entries(r.tokenBars ?? {})) {
    if (!(type in r.actorModels)) throw new Error(`Breadbox | ruleset ${r.id}: token bars for unknown actor type ${type}`);
    const trackable = r.trackableAttributes?.[type]?.bar ?? [];
    for (const bar of [bars.bar1, bars.bar2]) {
      if (bar !== null && !trackable.includes(bar)) throw new Error(`Breadbox | ruleset ${r.id}: token bar "${bar}" of ${type} is not one of its trackable bars`);
    }
  }
}

function registerTrackable(attributes: Record<string, { bar: string[]; value: string[] }>): void {
  Object.assign(CONFIG.Actor.trackableAttributes, attributes);
}

/**
 * The letters of Foundry's own dice (`c` coin, `d` die, `f` Fate die): a ruleset's die must never
 * take one (docs/testing.md "Dice letters").
 */
export const CORE_DIE_LETTERS: readonly string[] = ["c", "d", "f"];

/** Letters another package held when we registered ours, found at init and reported at ready. */
const initClashes: { letter: string; die: string; other: string }[] = [];

/**
 * Register a ruleset's die under its letter. A core letter, a letter of another Breadbox die, or
 * anything but one lowercase letter is a programming error and throws. A letter some package
 * registered before us (a module's top-level code) is taken over, and reported loudly at ready.
 * `fulfillment`: list it in core's dice configuration (the world's ruleset's dice only, issue 23).
 */
export function registerDieTerm(term: DieTermClass, fulfillment = true): void {
  const letter = term.DENOMINATION;
  if (!/^[a-z]$/.test(letter)) throw new Error(`Breadbox | die ${term.name}: its letter "${letter}" must be one lowercase letter`);
  const taken = CONFIG.Dice.terms[letter];
  if (CORE_DIE_LETTERS.includes(letter)) {
    throw new Error(`Breadbox | die ${term.name} takes the letter "${letter}" of Foundry's own ${taken?.name ?? "die"}`);
  }
  if (taken && taken !== term) {
    const ours = allRulesets().some((r) => (r.dieTerms ?? []).some((t) => t === taken));
    if (ours) throw new Error(`Breadbox | dice ${taken.name} and ${term.name} both take the letter "${letter}"`);
    initClashes.push({ letter, die: term.name, other: taken.name });
  }
  CONFIG.Dice.terms[letter] = term;
  // Rebuilding a serialized roll looks the term class up by its name (old rolls with other letters load).
  CONFIG.Dice.termTypes[term.name] = term;
  if (fulfillment) registerFulfillmentDie(letter);
}

/** The icon of our dice in core's "Configure Dice" list (a fixed Font Awesome icon, no markup built). */
export const FULFILLMENT_ICON = '<i class="fa-solid fa-dice"></i>';

/** The key of one of our dice in CONFIG.Dice.fulfillment.dice: `d{letter}`, as core's coin is `dc`. */
export function fulfillmentKey(letter: string): string {
  return `d${letter}`;
}

/** Our dice's fulfillment keys, localized once the translations are in (i18nInit). */
const fulfillmentLabels = new Map<string, string>();

/**
 * List one of our dice in Foundry's dice fulfillment configuration (CONFIG.Dice.fulfillment.dice,
 * v12+), so a GM or player can choose how it is rolled (e.g. manual entry) in "Configure Dice":
 * Foundry lists only the standard polyhedra itself and expects a system to add the dice it uses
 * (foundryvtt/foundryvtt#13312). Our dice answer `denomination` with the same key.
 */
function registerFulfillmentDie(letter: string): void {
  const fulfillment = CONFIG.Dice.fulfillment;
  if (!fulfillment?.dice) return;
  const key = fulfillmentKey(letter);
  const label = `BREADBOX.Dice.Fulfillment.${letter}`;
  fulfillmentLabels.set(key, label);
  fulfillment.dice[key] = { label, icon: FULFILLMENT_ICON };
}

/** Replace our fulfillment labels' keys with their translations (run at i18nInit). */
export function localizeFulfillmentDice(): void {
  const dice = CONFIG.Dice.fulfillment?.dice;
  if (!dice) return;
  for (const [key, label] of fulfillmentLabels) {
    const entry = dice[key];
    if (entry && entry.label === label) entry.label = localize(label);
  }
}

/**
 * Every die letter of ours that another package holds now (a module that registered the letter
 * after our init wins it) or held before our init. Pure over CONFIG.
 */
export function dieLetterClashes(): { letter: string; die: string; other: string }[] {
  const out = [...initClashes];
  for (const term of allRulesets().flatMap((r) => r.dieTerms ?? [])) {
    const now = CONFIG.Dice.terms[term.DENOMINATION];
    if (now !== term) out.push({ letter: term.DENOMINATION, die: term.name, other: now?.name ?? "?" });
  }
  return out;
}

/** Say loudly (console for everyone, a lasting notification for GMs) which die letters clash. */
export function reportDieLetterClashes(): void {
  // Every clash goes to the console; a GM is told of the ones that break the world's own dice.
  const own = new Set((allRulesets().find((r) => r.id === worldRulesetId())?.dieTerms ?? []).map((t) => t.DENOMINATION));
  for (const clash of dieLetterClashes()) {
    const message = format("BREADBOX.Dice.LetterTaken", { letter: clash.letter, die: clash.die, other: clash.other });
    console.error(`Breadbox | ${message}`);
    if (game.user?.isGM && own.has(clash.letter)) ui.notifications?.error(message, { permanent: true });
  }
}

/** Test helper: forget the clashes found at an earlier init. */
export function clearDieLetterClashes(): void {
  initClashes.length = 0;
}

function registerRoll(roll: RollClass): void {
  if (!CONFIG.Dice.rolls.includes(roll)) CONFIG.Dice.rolls.push(roll);
}

function registerStatusEffect(effect: StatusEffectSpec): void {
  addStatusEffect(effect);
}

export function registerSheet(documentName: "Actor" | "Item", s: SheetRegistration): void {
  const DocumentSheetConfig = foundry.applications.apps.DocumentSheetConfig;
  const options = { types: s.types, makeDefault: true, label: s.label };
  if (documentName === "Actor") DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, s.sheetClass, options);
  else DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, s.sheetClass, options);
}
