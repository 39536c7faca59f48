/**
 * The GM-only card ledger: what the system knows about its chat cards that no player can write.
 * Each card has its own record, kept in one GM-owned journal entry (the *record book*, created by
 * the active GM; default ownership NONE, so no player may update it — or, per Foundry's ownership
 * levels, see it), under `flags.breadbox.cards.<messageId>`. Only the active GM's client writes
 * it, and every write is a differential update of one card's record: nothing that grows with the
 * chat history is rewritten or re-sent when a card is posted, and an Assistant GM (who may not
 * write world settings) keeps it as well as a full GM. A record holds:
 *
 * - `writer` — the user who created the card, as the server reported it to the active GM's
 *   `createChatMessage` hook (its `userId` argument). Recorded for every card that carries Breadbox
 *   flags. A card created while no GM was online has no writer here and is refused for anything
 *   that needs its writer.
 * - `resolution` / `damage` — for a resolution card, what the GM's client resolved (attacker,
 *   target, amounts, the ruleset that resolved it) and whether it has been applied. Apply reads
 *   only this, never the card.
 * - `marks` — "once" marks (`claimMark`, chat/ledger-marks.ts): resolved, re-rolled, used.
 *
 * A record being written is visible to reads on the GM's client at once (an overlay), so "check,
 * then set" under the relay's locks never sees a stale record. Records of deleted cards are
 * dropped in one update per batch ("Clear chat log" on thousands of cards is one write).
 * Worlds from before the record book kept the ledger in the hidden world setting
 * `breadbox.cardLedger`; `migrateLegacyLedger` (chat/ledger-migrate.ts) moves it into the book once (nothing is lost).
 */
import { SYSTEM_ID } from "../ids";
import { deletionUpdate } from "../compat";
import { localize } from "../game";

export type { CardLedger, LedgerDamage, LedgerEntry, LedgerExchange, LedgerKeys, LedgerPosted, LedgerResolution, LedgerWound } from "./ledger-types";
import type { CardLedger, LedgerEntry, LedgerKeys } from "./ledger-types";

export const overlay = new Map<string, LedgerEntry | null>();

/** The record book: the world's GM-owned journal entry flagged as Breadbox's, if there is one. */
let bookId: string | null = null;
export function recordBook(): JournalEntry.Implementation | undefined {
  const known = bookId ? game.journal?.get(bookId) : undefined;
  if (known && known.flags?.[SYSTEM_ID]?.recordBook === true) return known;
  const found = game.journal?.find((j) => j.flags?.[SYSTEM_ID]?.recordBook === true);
  bookId = found?.id ?? null;
  return found;
}

function stored(): CardLedger {
  const cards = recordBook()?.flags?.[SYSTEM_ID]?.cards;
  return cards && typeof cards === "object" ? cards : {};
}

/** The ledger's entry for a message (undefined when it has none). */
export function ledgerEntry(messageId: string | null | undefined): LedgerEntry | undefined {
  if (typeof messageId !== "string" || !messageId) return undefined;
  if (overlay.has(messageId)) return overlay.get(messageId) ?? undefined;
  const all = stored();
  return Object.hasOwn(all, messageId) ? all[messageId] : undefined;
}

/** Whether this client is the one that writes the ledger. */
export function isLedgerKeeper(): boolean {
  const me = game.user;
  return Boolean(me?.isGM && game.users?.activeGM?.id === me.id);
}

export let bookPending: Promise<JournalEntry.Implementation> | null = null;

/**
 * The record book, created (by the keeper) when the world has none yet, with `first` records in
 * it. The creation starts at once (no await before it).
 */
export function ensureBook(first: CardLedger = {}): Promise<JournalEntry.Implementation> {
  const existing = recordBook();
  if (existing) return Promise.resolve(existing);
  bookPending ??= (async () => {
    try {
      const created = await JournalEntry.create({
        name: localize("BREADBOX.Ledger.BookName"),
        ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE },
        flags: { [SYSTEM_ID]: { recordBook: true, cards: first } },
      });
      if (!created) throw new Error("Breadbox | the record book could not be created");
      return created;
    } finally {
      bookPending = null;
    }
  })();
  return bookPending;
}

/** Writes leave this client one after the other, in the order they were asked for. */
let queue: Promise<unknown> = Promise.resolve();
export function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Deletions for what the stored record has and `latest` no longer has (an update merges objects,
 * so a field or mark left out would otherwise stay).
 */
function removals(messageId: string, latest: LedgerEntry): Record<string, unknown> {
  const all = stored();
  const before = Object.hasOwn(all, messageId) ? all[messageId] : undefined;
  if (!before) return {};
  const path = `flags.${SYSTEM_ID}.cards.${messageId}`;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!Object.hasOwn(latest, key)) Object.assign(out, deletionUpdate(path, key));
  const oldMarks = before.marks ?? {};
  const newMarks = latest.marks;
  if (newMarks) for (const key of Object.keys(oldMarks)) if (!Object.hasOwn(newMarks, key)) Object.assign(out, deletionUpdate(`${path}.marks`, key));
  return out;
}

/** Writes in flight on this client (`ledgerSettled` waits for them). */
const inFlight = new Set<Promise<unknown>>();
export function track<T>(p: Promise<T>): Promise<T> {
  inFlight.add(p);
  const done = () => inFlight.delete(p);
  p.then(done, done);
  return p;
}

/** Resolves when every ledger write this client has started has reached the record book. */
export async function ledgerSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * Change one entry (null deletes it). Only the active GM's client writes; the change is visible
 * to `ledgerEntry` on this client at once and stored as one card's differential update. When the
 * book exists the update starts at once (no await before it), so this client's writes leave in
 * the order they were made; while the book is being created, writes wait for it in order.
 */
export async function writeLedger(messageId: string, entry: LedgerEntry | null): Promise<void> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM writes the card ledger");
  overlay.set(messageId, entry);
  const store = (book: JournalEntry.Implementation): Promise<unknown> => {
    // The latest pending value is the one stored (a later write may have replaced ours).
    const latest = overlay.has(messageId) ? (overlay.get(messageId) ?? null) : entry;
    if (latest) return book.update({ flags: { [SYSTEM_ID]: { cards: { [messageId]: latest } } }, ...removals(messageId, latest) });
    if (Object.hasOwn(stored(), messageId)) return book.update(deletionUpdate(`flags.${SYSTEM_ID}.cards`, messageId));
    return Promise.resolve();
  };
  const book = bookPending ? null : recordBook();
  try {
    if (book) await track(store(book));
    else if (!bookPending && entry) await track(ensureBook({ [messageId]: entry }));
    else await track(enqueue(async () => store(await ensureBook())));
  } finally {
    if (overlay.get(messageId) === entry) overlay.delete(messageId);
  }
}

/** Cards deleted since the last flush: their records go in one update. */
const deletions = new Set<string>();
let deletionFlush: Promise<void> | null = null;

/** Drop the records of deleted cards, batched: one update however many cards were deleted. */
export function forgetCards(messageIds: Iterable<string>): Promise<void> {
  if (!isLedgerKeeper()) return Promise.resolve();
  for (const id of messageIds) if (ledgerEntry(id)) {
    deletions.add(id);
    overlay.set(id, null);
  }
  if (!deletions.size) return deletionFlush ?? Promise.resolve();
  deletionFlush ??= track(enqueue(async () => {
    // Let the rest of a bulk deletion arrive before writing (one macrotask).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const ids = [...deletions];
    deletions.clear();
    deletionFlush = null;
    const book = recordBook();
    const present = stored();
    const change: Record<string, unknown> = {};
    for (const id of ids) if (Object.hasOwn(present, id)) Object.assign(change, deletionUpdate(`flags.${SYSTEM_ID}.cards`, id));
    try {
      if (book && Object.keys(change).length) await book.update(change);
    } finally {
      for (const id of ids) if (overlay.get(id) === null) overlay.delete(id);
    }
  }));
  return deletionFlush;
}

/** Merge into one entry. */
export async function updateLedger(messageId: string, change: Partial<LedgerEntry>): Promise<void> {
  await writeLedger(messageId, { ...ledgerEntry(messageId), ...change });
}

/** Hooks on every client; they act only on the active GM's. */
export function registerLedger(): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    if (!isLedgerKeeper() || !message.id || typeof userId !== "string" || !userId) return;
    if (!(message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID]) return;
    updateLedger(message.id, { writer: userId }).catch((err: unknown) => console.error("Breadbox | card ledger", err));
  });
  Hooks.on("deleteChatMessage", (message) => {
    if (!isLedgerKeeper() || !message.id) return;
    forgetCards([message.id]).catch((err: unknown) => console.error("Breadbox | card ledger", err));
  });
}
