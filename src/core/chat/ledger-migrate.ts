/**
 * The record book made when the world is ready, and a ledger kept by an earlier version (the hidden
 * world setting `breadbox.cardLedger`) moved into it: core's ready work (src/core/runtime.ts), apart
 * from the ledger (chat/ledger.ts), whose hooks register at init: docs/architecture.md "Load what
 * the world needs".
 */
import { SYSTEM_ID } from "../ids";
import { canWriteWorldSettings } from "../settings";
import type { CardLedger } from "./ledger-types";
import { enqueue, ensureBook, isLedgerKeeper, recordBook } from "./ledger";

/** Create the world's record book if it has none (the active GM, when the world is ready). */
export async function ensureRecordBook(): Promise<void> {
  if (isLedgerKeeper() && !recordBook()) await ensureBook();
}

/**
 * Move a ledger kept by an earlier version (the hidden world setting `breadbox.cardLedger`) into
 * the record book, once, on the active GM's client. A resolution recorded without its ruleset is
 * given the ruleset of its target's actor type (each ruleset's Apply refuses records of others);
 * one whose target is gone keeps no ruleset and is refused by every Apply, as before for others'.
 * The setting is emptied only after the book holds every record.
 */
export async function migrateLegacyLedger(rulesetOfActor: (uuid: string) => string | undefined): Promise<number> {
  if (!isLedgerKeeper()) return 0;
  const legacy: unknown = game.settings?.get(SYSTEM_ID, "cardLedger");
  if (!legacy || typeof legacy !== "object") return 0;
  const entries = Object.entries(legacy as CardLedger).filter(([id, e]) => typeof id === "string" && e && typeof e === "object");
  if (!entries.length) return 0;
  // Only a full GM (or a user the world grants SETTINGS_MODIFY) may empty the old setting; the
  // keeper may be an Assistant (foundryvtt#11678). The book remembers that the records moved, so
  // an Assistant moves them once and a full GM later only empties the setting.
  let moved = 0;
  if (recordBook()?.flags?.[SYSTEM_ID]?.legacyMoved !== true) {
    const cards: CardLedger = {};
    for (const [id, entry] of entries) {
      const resolution = entry.resolution;
      if (resolution && typeof resolution.ruleset !== "string") {
        const ruleset = rulesetOfActor(resolution.targetUuid);
        cards[id] = ruleset ? { ...entry, resolution: { ...resolution, ruleset } } : entry;
      } else cards[id] = entry;
    }
    await enqueue(async () => {
      const book = await ensureBook();
      await book.update({ flags: { [SYSTEM_ID]: { cards, legacyMoved: true } } });
    });
    moved = entries.length;
  }
  if (canWriteWorldSettings(game.user)) await game.settings?.set(SYSTEM_ID, "cardLedger", {});
  return moved;
}
