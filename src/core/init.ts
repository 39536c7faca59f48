/**
 * Core wiring at init: document classes, every registered ruleset's data models, sheets, dice,
 * rolls, status effects, token bars, settings, the GM relay, and chat-card actions.
 */
import { allRulesets, rulesetOfType, type DieTermClass, type ModelClass, type RollClass, type SheetRegistration, type StatusEffectSpec } from "./registry";
import { BreadboxActor } from "./documents/actor";
import { BreadboxItem } from "./documents/item";
import { BreadboxCombat, BreadboxCombatant, nextRoundRelayHandler } from "./documents/combat";
import { registerCoreSettings } from "./settings";
import { registerDiceSoNice } from "./dice-so-nice";
import { addStatusEffect } from "./compat";
import { registerCoreRelayAction, registerRelay } from "./relay";
import { ensureRecordBook, migrateLegacyLedger } from "./chat/ledger";
import { NOTE_CARD } from "./chat/note-card";
import { DIALOG_INPUTS } from "./forms/inputs";
import { EXCHANGE_CARD, registerExchanges } from "./exchange/engine";
import { actorFromUuidSync } from "./game";
import { onRenderChatMessage } from "./chat/actions";
import { migrateWorldIfNeeded } from "./migrations";
import { registerHotbar } from "./hotbar";
import { SYSTEM_ID } from "./ids";

export function initCore(): void {
  CONFIG.Actor.documentClass = BreadboxActor;
  CONFIG.Item.documentClass = BreadboxItem;
  CONFIG.Combat.documentClass = BreadboxCombat;
  CONFIG.Combatant.documentClass = BreadboxCombatant;

  for (const r of allRulesets()) {
    registerModels(CONFIG.Actor, r.actorModels);
    registerModels(CONFIG.Item, r.itemModels);
    registerTrackable(r.trackableAttributes ?? {});
    for (const term of r.dieTerms ?? []) registerDieTerm(term);
    for (const roll of r.rolls ?? []) registerRoll(roll);
    for (const effect of r.statusEffects ?? []) registerStatusEffect(effect);
    for (const s of r.actorSheets) registerSheet("Actor", s);
    for (const s of r.itemSheets) registerSheet("Item", s);
  }

  registerDiceSoNice(allRulesets().flatMap((r) => r.diceSoNice ?? []));
  registerCoreSettings();
  registerRelay();
  registerCoreRelayAction("nextRound", nextRoundRelayHandler);
  registerExchanges();
  registerHotbar();

  Hooks.on("renderChatMessageHTML", (message, html) => onRenderChatMessage(message, html));

  const templates = [EXCHANGE_CARD, NOTE_CARD, DIALOG_INPUTS, ...allRulesets().flatMap((r) => r.templates ?? [])];
  if (templates.length) void foundry.applications.handlebars.loadTemplates(templates);

  for (const r of allRulesets()) r.init?.();
}

export async function readyCore(): Promise<void> {
  await migrateWorldIfNeeded();
  await ensureRecordBook().catch((err: unknown) => console.error("Breadbox | record book", err));
  // A ledger kept in the old world setting moves into the record book (once; nothing is lost).
  await migrateLegacyLedger((uuid) => {
    const actor = actorFromUuidSync(uuid);
    return actor ? rulesetOfType(actor.type) : undefined;
  }).catch((err: unknown) => console.error("Breadbox | card ledger migration", err));
  for (const r of allRulesets()) r.ready?.();
}

function registerModels(config: { dataModels: Record<string, unknown> }, models: Record<string, ModelClass>): void {
  Object.assign(config.dataModels, models);
}

function registerTrackable(attributes: Record<string, { bar: string[]; value: string[] }>): void {
  Object.assign(CONFIG.Actor.trackableAttributes, attributes);
}

function registerDieTerm(term: DieTermClass): void {
  CONFIG.Dice.terms[term.DENOMINATION] = term;
  // Rebuilding a serialized roll looks the term class up by its name.
  CONFIG.Dice.termTypes[term.name] = term;
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
