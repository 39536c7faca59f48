/**
 * Core wiring at init: document classes, every registered ruleset's data models, sheets, dice,
 * rolls, status effects, token bars, settings, the GM relay, and chat-card actions.
 */
import { allRulesets, rulesetOfType, type RulesetDefinition, type DieTermClass, type ModelClass, type RollClass, type SheetRegistration, type StatusEffectSpec } from "./registry";
import { BreadboxActor } from "./documents/actor";
import { BreadboxItem } from "./documents/item";
import { BreadboxCombat, BreadboxCombatant, nextRoundRelayHandler } from "./documents/combat";
import { registerCoreSettings, worldRulesetId } from "./settings";
import { registerDiceSoNice } from "./dice-so-nice";
import { addStatusEffect } from "./compat";
import { registerCoreRelayAction, registerRelay } from "./relay";
import { ensureRecordBook, migrateLegacyLedger } from "./chat/ledger";
import { NOTE_CARD } from "./chat/note-card";
import { DIALOG_INPUTS } from "./forms/inputs";
import { EXCHANGE_CARD, registerExchanges } from "./exchange/engine";
import { actorFromUuidSync } from "./game";
import { onNeedsDocumentUpdate, onRenderChatMessage } from "./chat/actions";
import { migrateTableDieLetters, migrateWorldIfNeeded } from "./migrations";
import { registerHotbar } from "./hotbar";
import { registerApi } from "./api/index";
import { registerPackVisibility } from "./pack-visibility";
import { registerRulesetChangeWarning } from "./ruleset-change";
import { registerModules } from "../modules/index";
import { registerInlineChecks } from "./requests/enricher";
import { REQUEST_CARD, registerRequests } from "./requests/card";
import { REQUEST_DIALOG, registerRequestTool } from "./requests/dialog";
import { SYSTEM_ID } from "./ids";
import { format, localize } from "./game";
import { BreadboxCombatTracker, TRACKER_ROW_TEMPLATE } from "./combat-tracker";

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
    // Every ruleset's models and sheets, in every world: a document of another ruleset still
    // validates and opens (nothing is lost when a world changes its ruleset).
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
    for (const s of r.actorSheets) registerSheet("Actor", s);
    for (const s of r.itemSheets) registerSheet("Item", s);
  }

  registerDiceSoNice(allRulesets().filter((r) => r.id === world).flatMap((r) => r.diceSoNice ?? []));
  registerRelay();
  registerCoreRelayAction("nextRound", nextRoundRelayHandler);
  registerExchanges();
  registerHotbar(world);
  registerApi();
  registerPackVisibility();
  registerRulesetChangeWarning();
  registerModules(world);
  registerInlineChecks();
  registerRequests();
  registerRequestTool();

  Hooks.on("renderChatMessageHTML", (message, html) => onRenderChatMessage(message, html));
  Hooks.on("updateActor", (actor) => onNeedsDocumentUpdate(actor));
  Hooks.once("i18nInit", localizeFulfillmentDice);

  const templates = [EXCHANGE_CARD, NOTE_CARD, DIALOG_INPUTS, REQUEST_CARD, REQUEST_DIALOG, TRACKER_ROW_TEMPLATE, ...allRulesets().flatMap((r) => r.templates ?? [])];
  if (templates.length) void foundry.applications.handlebars.loadTemplates(templates);

  for (const r of allRulesets()) r.init?.();
}

export async function readyCore(): Promise<void> {
  await migrateWorldIfNeeded();
  await migrateTableDieLetters().catch((err: unknown) => console.error("Breadbox | roll table dice letters", err));
  await ensureRecordBook().catch((err: unknown) => console.error("Breadbox | record book", err));
  // A ledger kept in the old world setting moves into the record book (once; nothing is lost).
  await migrateLegacyLedger((uuid) => {
    const actor = actorFromUuidSync(uuid);
    return actor ? rulesetOfType(actor.type) : undefined;
  }).catch((err: unknown) => console.error("Breadbox | card ledger migration", err));
  reportDieLetterClashes();
  for (const r of allRulesets()) r.ready?.();
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
function reportDieLetterClashes(): void {
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

function registerSheet(documentName: "Actor" | "Item", s: SheetRegistration): void {
  const DocumentSheetConfig = foundry.applications.apps.DocumentSheetConfig;
  const options = { types: s.types, makeDefault: true, label: s.label };
  if (documentName === "Actor") DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, s.sheetClass, options);
  else DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, s.sheetClass, options);
}
