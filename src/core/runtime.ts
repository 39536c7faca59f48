/**
 * Core's runtime: what a world needs once its ruleset is known, loaded as its own chunk from init
 * (src/core/lazy.ts, issue 23): the exchange engine, the hotbar, the public API, roll requests and
 * inline checks, module integrations, the ruleset-change warning, chat-card handlers, migrations.
 * `initRuntime` runs as soon as it is imported; `readyRuntime` is core's "ready" work.
 */
import { allRulesets, rulesetOfType, type RulesetDefinition } from "./registry";
import { ensureRecordBook, migrateLegacyLedger } from "./chat/ledger-migrate";
import { NOTE_CARD } from "./chat/note-card";
import { DIALOG_INPUTS } from "./forms/inputs";
import { EXCHANGE_CARD, registerExchanges } from "./exchange/engine";
import { actorFromUuidSync } from "./game";
import { migrateTableDieLetters, migrateWorldIfNeeded } from "./migrations";
import { registerHotbar } from "./hotbar";
import { registerApi } from "./api/index";
import { registerRulesetChangeWarning } from "./ruleset-change";
import { registerModules } from "../modules/index";
import { registerInlineChecks } from "./requests/enricher";
import { REQUEST_CARD, registerRequests } from "./requests/card";
import { REQUEST_DIALOG, registerRequestTool } from "./requests/dialog";
import { registerSheet, reportDieLetterClashes } from "./init";
import { loaded, rulesetLoaded } from "./lazy";
import { TRACKER_ROW_TEMPLATE } from "./combat-tracker";
import { BREADBOX_HOOKS } from "./api/hooks";
import { worldRulesetId } from "./settings";

export { onNeedsDocumentUpdate, onRenderChatMessage } from "./chat/actions";

/** Whether core's ready work has run: a ruleset wired after it runs its own ready at once. */
let gameReady = false;

/** Core's runtime registrations; returns how a loaded ruleset is wired in. */
export function initRuntime(world: string): (def: RulesetDefinition) => void {
  registerExchanges();
  registerHotbar(world);
  registerApi();
  registerRulesetChangeWarning();
  registerModules(world);
  registerInlineChecks();
  registerRequests();
  registerRequestTool();
  void foundry.applications.handlebars.loadTemplates([EXCHANGE_CARD, NOTE_CARD, DIALOG_INPUTS, REQUEST_CARD, REQUEST_DIALOG, TRACKER_ROW_TEMPLATE]);
  return wireRuleset;
}

/** A ruleset whose code is in: its sheets, its templates, its init (and its ready, once the game is). */
function wireRuleset(r: RulesetDefinition): void {
  for (const s of r.actorSheets) registerSheet("Actor", s);
  for (const s of r.itemSheets) registerSheet("Item", s);
  if (r.templates?.length) void foundry.applications.handlebars.loadTemplates(r.templates);
  r.init?.();
  if (gameReady) r.ready?.();
  // Combats prepared before the ruleset's turn order was in (a load slower than the world's data) sort
  // again, and a tracker drawn before then gets the ruleset's rows.
  if (r.combat) {
    for (const combat of game.combats ?? []) combat.setupTurns();
    if (ui.combat?.rendered) void ui.combat.render();
  }
}

export async function readyRuntime(): Promise<void> {
  await loaded();
  await migrateWorldIfNeeded();
  await migrateTableDieLetters().catch((err: unknown) => console.error("Breadbox | roll table dice letters", err));
  await ensureRecordBook().catch((err: unknown) => console.error("Breadbox | record book", err));
  // A ledger kept in the old world setting moves into the record book (once; nothing is lost).
  await migrateLegacyLedger((uuid) => {
    const actor = actorFromUuidSync(uuid);
    return actor ? rulesetOfType(actor.type) : undefined;
  }).catch((err: unknown) => console.error("Breadbox | card ledger migration", err));
  reportDieLetterClashes();
  gameReady = true;
  for (const r of allRulesets()) if (rulesetLoaded(r.id)) r.ready?.();
  // Everything is in: the world's ruleset's sheets, actions and `game.breadbox.api` (docs/hooks.md).
  Hooks.callAll(BREADBOX_HOOKS.ready, { ruleset: worldRulesetId() });
}
