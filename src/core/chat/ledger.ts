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
 * - `marks` — "once" marks (`claimMark`): resolved, re-rolled, used.
 *
 * A record being written is visible to reads on the GM's client at once (an overlay), so "check,
 * then set" under the relay's locks never sees a stale record. Records of deleted cards are
 * dropped in one update per batch ("Clear chat log" on thousands of cards is one write).
 * Worlds from before the record book kept the ledger in the hidden world setting
 * `breadbox.cardLedger`; `migrateLegacyLedger` moves it into the book once (nothing is lost).
 */
import { SYSTEM_ID } from "../ids";
import { deletionUpdate } from "../compat";
import { localize } from "../game";
import { canWriteWorldSettings } from "../settings";

export type { CardLedger, LedgerDamage, LedgerEntry, LedgerExchange, LedgerKeys, LedgerPosted, LedgerResolution, LedgerWound } from "./ledger-types";
import type { CardLedger, LedgerEntry, LedgerKeys } from "./ledger-types";

const overlay = new Map<string, LedgerEntry | null>();

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

let bookPending: Promise<JournalEntry.Implementation> | null = null;

/**
 * The record book, created (by the keeper) when the world has none yet, with `first` records in
 * it. The creation starts at once (no await before it).
 */
function ensureBook(first: CardLedger = {}): Promise<JournalEntry.Implementation> {
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

/** Create the world's record book if it has none (the active GM, when the world is ready). */
export async function ensureRecordBook(): Promise<void> {
  if (isLedgerKeeper() && !recordBook()) await ensureBook();
}

/** Writes leave this client one after the other, in the order they were asked for. */
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(work: () => Promise<T>): Promise<T> {
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
function track<T>(p: Promise<T>): Promise<T> {
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

/** Merge into one entry. */
export async function updateLedger(messageId: string, change: Partial<LedgerEntry>): Promise<void> {
  await writeLedger(messageId, { ...ledgerEntry(messageId), ...change });
}

/**
 * A mark's key in the stored record. Foundry expands dotted keys of update data into nested
 * objects (and treats `-=`/`==` prefixes as operators), so a mark named "d100.choice" would be
 * stored as {d100: {choice}}: every character outside [A-Za-z0-9_:] is written as `~<hex>~`.
 */
export function markKey(mark: string): string {
  return mark.replace(/[^A-Za-z0-9_:]/g, (c) => `~${c.charCodeAt(0).toString(16)}~`);
}

/** Whether the card's record carries the "once" mark (see LedgerEntry.marks). */
export function hasMark(messageId: string | null | undefined, name: string): boolean {
  const mark = markKey(name);
  const marks = ledgerEntry(messageId)?.marks;
  return Boolean(marks && Object.hasOwn(marks, mark) && marks[mark] !== false);
}

/** The value stored with a mark (undefined when the card does not carry it). */
export function markValue(messageId: string | null | undefined, name: string): string | number | boolean | undefined {
  const mark = markKey(name);
  const marks = ledgerEntry(messageId)?.marks;
  return marks && Object.hasOwn(marks, mark) ? marks[mark] : undefined;
}

/**
 * Set a "once" mark on a card's record, if it is not set yet: true when this call set it, false
 * when the card already carried it. Only the active GM's client claims; the check and the set
 * happen with no await in between (the pending write is visible at once), so of two concurrent
 * claims exactly one succeeds — on any client, since every request reaches this one client.
 */
export async function claimMark(messageId: string, name: string, value: string | number | boolean = true): Promise<boolean> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM claims card marks");
  const mark = markKey(name);
  if (typeof messageId !== "string" || !messageId || hasMark(messageId, name)) return false;
  const entry = ledgerEntry(messageId);
  await writeLedger(messageId, { ...entry, marks: { ...entry?.marks, [mark]: value } });
  return true;
}

/** Take a mark back (the work it guarded failed, so it may be tried again). */
export async function releaseMark(messageId: string, name: string): Promise<void> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM releases card marks");
  const mark = markKey(name);
  const entry = ledgerEntry(messageId);
  if (!entry?.marks || !Object.hasOwn(entry.marks, mark)) return;
  const marks = { ...entry.marks };
  delete marks[mark];
  await writeLedger(messageId, { ...entry, marks });
}

const keyOverlay = new Map<string, string | number | boolean | null>();

function storedKeys(): LedgerKeys {
  const keys = recordBook()?.flags?.[SYSTEM_ID]?.keys;
  return keys && typeof keys === "object" ? keys : {};
}

function keyOf(scope: string, key: string): string {
  return markKey(`${scope}:${key}`);
}

/** The value of a claim not tied to a card (see `claimKey`), or undefined. */
export function keyValue(scope: string, key: string): string | number | boolean | undefined {
  const k = keyOf(scope, key);
  if (keyOverlay.has(k)) return keyOverlay.get(k) ?? undefined;
  const all = storedKeys();
  return Object.hasOwn(all, k) ? all[k] : undefined;
}

/** Whether a claim not tied to a card is held. */
export function hasKey(scope: string, key: string): boolean {
  const v = keyValue(scope, key);
  return v !== undefined && v !== false;
}

async function writeKey(k: string, value: string | number | boolean | null): Promise<void> {
  keyOverlay.set(k, value);
  const store = (book: JournalEntry.Implementation): Promise<unknown> => {
    const latest = keyOverlay.has(k) ? (keyOverlay.get(k) ?? null) : value;
    if (latest !== null) return book.update({ flags: { [SYSTEM_ID]: { keys: { [k]: latest } } } });
    if (Object.hasOwn(storedKeys(), k)) return book.update(deletionUpdate(`flags.${SYSTEM_ID}.keys`, k));
    return Promise.resolve();
  };
  const book = bookPending ? null : recordBook();
  try {
    await track(book ? store(book) : enqueue(async () => store(await ensureBook())));
  } finally {
    if (keyOverlay.get(k) === value) keyOverlay.delete(k);
  }
}

/**
 * Claim something once for the whole world, not tied to a card (`scope` names the ruleset and the
 * kind, e.g. "toaster.reroll"; `key` identifies the thing, e.g. a roll's fingerprint): true when
 * this call claimed it, false when it was claimed already. Active GM's client only; check and set
 * with no await in between. Claims outlive the cards they came from (deleting the card that was
 * re-rolled does not free its roll for another re-roll).
 */
export async function claimKey(scope: string, key: string, value: string | number | boolean = true): Promise<boolean> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM claims ledger keys");
  if (!scope || !key || hasKey(scope, key)) return false;
  await writeKey(keyOf(scope, key), value);
  return true;
}

/** Take a claim back (the work it guarded failed). */
export async function releaseKey(scope: string, key: string): Promise<void> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM releases ledger keys");
  if (keyValue(scope, key) === undefined) return;
  await writeKey(keyOf(scope, key), null);
}

/** Forget pending writes (tests that simulate a reload of this client). */
export function resetLedgerOverlay(): void {
  overlay.clear();
  keyOverlay.clear();
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
