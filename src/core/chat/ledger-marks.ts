/**
 * The card ledger's "once" marks (claimMark: resolved, re-rolled, used) and its claims not tied to a
 * card (claimKey), kept in the record book by the active GM (chat/ledger.ts). Runtime code (card
 * buttons, the exchange engine, the relay's actions), apart from the ledger, whose hooks register at
 * init: docs/architecture.md "Load what the world needs".
 */
import { SYSTEM_ID } from "../ids";
import { deletionUpdate } from "../compat";
import type { LedgerKeys } from "./ledger-types";
import { bookPending, enqueue, ensureBook, isLedgerKeeper, ledgerEntry, overlay, recordBook, track, writeLedger } from "./ledger";

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
