/**
 * Public entry of the Foundry v13 test harness. Importing it installs the globals.
 * See README.md for what is mirrored and what is simplified.
 */
import { installHarness } from "./globals";

installHarness();

export { installHarness, resetHarness, resetConfig, runStartupHooks, setWorldSettings, localizeDataModels, setHookBaseline, foundry, GM_ID } from "./globals";
export { asUser, createUser, setUserActive, gmUser } from "./users";
export { setHookBroadcast } from "./document";
export { Hooks } from "./hooks";
export { CONFIG, CONST, game, ui } from "./state";
export type { HarnessNotification } from "./notifications";
export { setRandomUniform, seedDice, scriptUniform, scriptDiceFaces, Roll, DiceTerm, Die, NumericTerm, OperatorTerm, ParentheticalTerm, RollTerm } from "./dice/index";
export { settle, answerDialog, dismissDialog, fillForm, openDialogs, waitForDialog, setTemplateLoader, registerTemplateSource, clearTemplateCache, makeDropEvent, renderTemplate, ApplicationV2, HandlebarsApplicationMixin, DialogV2, DocumentSheetV2, ActorSheetV2, ItemSheetV2, FormDataExtended, CombatTracker, typeIntoInput, renderCompendiumDirectory, renderSettingsConfig, type PackFolder } from "./applications/index";
export { ChatMessage, ChatMessages } from "./chat";
export { Combat, Combatant, CombatEncounters, turnEventsSettled } from "./combat";
export type { CombatTurnEventContext, CombatRoundEventContext } from "./combat";
export { Actor, Item, ActiveEffect, User, TokenDocument, Actors, Items, Users, harnessPermissions } from "./documents";
export { Document, EmbeddedCollection, WorldCollection, fromUuid, fromUuidSync, getDocumentClass } from "./document";
export { DataModel, TypeDataModel } from "./data-model";
export { DataModelValidationError, DataModelValidationFailure } from "./validation";
export * as fields from "./fields";
export { Notifications } from "./notifications";
export { CompendiumCollection, registerPack } from "./compendium";
export type { PackMetadata } from "./compendium";
export { installDiceSoNice, Dice3DMock, DSN_SHAPES } from "./dice-so-nice";
export { allowDeprecations, compatibilityWarnings, CompatibilityWarningError, logCompatibilityWarning } from "./compat";
export { harnessGeneration } from "./profile";
