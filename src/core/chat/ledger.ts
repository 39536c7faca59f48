/**
 * The GM-only card ledger: what the system knows about its chat cards that no player can write.
 * It is a world setting that is not shown in the settings window (`breadbox.cardLedger`); world
 * settings can be changed only by a GM (Foundry's SETTINGS_MODIFY permission), and only the
 * active GM's client ever writes it. Keyed by chat-message id, it holds:
 *
 * - `writer` — the user who created the card, as the server reported it to the active GM's
 *   `createChatMessage` hook (its `userId` argument). Recorded for every card that carries Breadbox
 *   flags. A card created while no GM was online has no writer here and is refused for anything
 *   that needs its writer.
 * - `resolution` — for a Toaster resolution card, what the GM's client resolved (attacker,
 *   target, stun, wounds) and whether it has been applied. Apply reads only this, never the card.
 *
 * An entry being written is visible to reads on the GM's client at once (an overlay), so "check,
 * then set" under the relay's locks never sees a stale entry.
 */
import { SYSTEM_ID } from "../ids";

/** A resolved attack, as the GM's client resolved it. */
export interface LedgerResolution {
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  stun: number;
  wounds: number;
  applied: boolean;
  /**
   * Rulesets whose wounds are a list rather than a count (the Dice Pool: kind, degree, nonlethal
   * per wound), as the GM's client resolved them. Optional.
   */
  woundList?: LedgerWound[];
  /** The ruleset whose attack this is: each ruleset's Apply handler refuses every other's. */
  ruleset: string;
  /** What kind of resolution this is (e.g. "attack"), when a ruleset has more than one. */
  kind?: string;
  /** Damage rolled on the GM's client, for rulesets that work out wounds when applying (Toast). */
  damage?: number;
}

/** One wound of a resolution's `woundList`. */
export interface LedgerWound {
  kind: string;
  degree: number;
  nonlethal: boolean;
}

/**
 * A resolved attack of a ruleset whose damage is one amount off a health track (D10/0), as the
 * GM's client resolved it. Apply reads only this, never the card.
 */
export interface LedgerDamage {
  /** The ruleset that resolved it (its relay handler applies it). */
  ruleset: string;
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  /** Damage after the target's adjustments (whole number, 0 or more). */
  amount: number;
  applied: boolean;
}

export interface LedgerEntry {
  /** Id of the user who created the card (the server's record, seen by the active GM). */
  writer?: string;
  /**
   * "Once" marks on this card, set only by the active GM's client (`claimMark`): e.g. `resolved`
   * (an attack card that has its resolution), `rerolled` (a check re-rolled with luck or Edge),
   * `used:<what>` (a button of a GM card that may be used once). Never read from the card's flags.
   */
  marks?: Record<string, string | number | boolean>;
  resolution?: LedgerResolution;
  /** A health-damage resolution (rulesets other than Toaster). */
  damage?: LedgerDamage;
}

/** The stored ledger: message id → entry. */
export type CardLedger = Record<string, LedgerEntry>;

const overlay = new Map<string, LedgerEntry | null>();

function stored(): CardLedger {
  const value = game.settings?.get(SYSTEM_ID, "cardLedger");
  return value && typeof value === "object" ? value : {};
}

/** The ledger's entry for a message (undefined when it has none). */
export function ledgerEntry(messageId: string | null | undefined): LedgerEntry | undefined {
  if (typeof messageId !== "string" || !messageId) return undefined;
  if (overlay.has(messageId)) return overlay.get(messageId) ?? undefined;
  const all = stored();
  return Object.hasOwn(all, messageId) ? all[messageId] : undefined;
}

/** Every resolution in the ledger, with its resolution card's id. */
export function ledgerResolutions(): { messageId: string; resolution: LedgerResolution }[] {
  const ids = new Set([...Object.keys(stored()), ...overlay.keys()]);
  const out: { messageId: string; resolution: LedgerResolution }[] = [];
  for (const id of ids) {
    const resolution = ledgerEntry(id)?.resolution;
    if (resolution) out.push({ messageId: id, resolution });
  }
  return out;
}

/** Every health-damage resolution in the ledger, with its resolution card's id. */
export function ledgerDamages(): { messageId: string; damage: LedgerDamage }[] {
  const ids = new Set([...Object.keys(stored()), ...overlay.keys()]);
  const out: { messageId: string; damage: LedgerDamage }[] = [];
  for (const id of ids) {
    const damage = ledgerEntry(id)?.damage;
    if (damage) out.push({ messageId: id, damage });
  }
  return out;
}

/** Whether this client is the one that writes the ledger. */
export function isLedgerKeeper(): boolean {
  const me = game.user;
  return Boolean(me?.isGM && game.users?.activeGM?.id === me.id);
}

/**
 * Change one entry (null deletes it). Only the active GM's client writes; the change is visible
 * to `ledgerEntry` on this client at once and stored in order.
 */
export async function writeLedger(messageId: string, entry: LedgerEntry | null): Promise<void> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM writes the card ledger");
  overlay.set(messageId, entry);
  // The whole ledger is written at once, with every pending change in it, and the write starts
  // now (no await before it): writes leave this client in order and none loses another's change.
  const next: CardLedger = { ...stored() };
  for (const [id, pending] of overlay) {
    if (pending) next[id] = pending;
    else delete next[id];
  }
  try {
    await game.settings?.set(SYSTEM_ID, "cardLedger", next);
  } finally {
    if (overlay.get(messageId) === entry) overlay.delete(messageId);
  }
}

/** Merge into one entry. */
export async function updateLedger(messageId: string, change: Partial<LedgerEntry>): Promise<void> {
  await writeLedger(messageId, { ...ledgerEntry(messageId), ...change });
}

/** Whether the card's record carries the "once" mark (see LedgerEntry.marks). */
export function hasMark(messageId: string | null | undefined, mark: string): boolean {
  const marks = ledgerEntry(messageId)?.marks;
  return Boolean(marks && Object.hasOwn(marks, mark) && marks[mark] !== false);
}

/** The value stored with a mark (undefined when the card does not carry it). */
export function markValue(messageId: string | null | undefined, mark: string): string | number | boolean | undefined {
  const marks = ledgerEntry(messageId)?.marks;
  return marks && Object.hasOwn(marks, mark) ? marks[mark] : undefined;
}

/**
 * Set a "once" mark on a card's record, if it is not set yet: true when this call set it, false
 * when the card already carried it. Only the active GM's client claims; the check and the set
 * happen with no await in between (the pending write is visible at once), so of two concurrent
 * claims exactly one succeeds — on any client, since every request reaches this one client.
 */
export async function claimMark(messageId: string, mark: string, value: string | number | boolean = true): Promise<boolean> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM claims card marks");
  if (typeof messageId !== "string" || !messageId || hasMark(messageId, mark)) return false;
  const entry = ledgerEntry(messageId);
  await writeLedger(messageId, { ...entry, marks: { ...entry?.marks, [mark]: value } });
  return true;
}

/** Take a mark back (the work it guarded failed, so it may be tried again). */
export async function releaseMark(messageId: string, mark: string): Promise<void> {
  if (!isLedgerKeeper()) throw new Error("Breadbox | only the active GM releases card marks");
  const entry = ledgerEntry(messageId);
  if (!entry?.marks || !Object.hasOwn(entry.marks, mark)) return;
  const marks = { ...entry.marks };
  delete marks[mark];
  await writeLedger(messageId, { ...entry, marks });
}

/** Forget pending writes (tests that simulate a reload of this client). */
export function resetLedgerOverlay(): void {
  overlay.clear();
}

/** Hooks on every client; they act only on the active GM's. */
export function registerLedger(): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    if (!isLedgerKeeper() || !message.id || typeof userId !== "string" || !userId) return;
    if (!(message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID]) return;
    updateLedger(message.id, { writer: userId }).catch((err: unknown) => console.error("Breadbox | card ledger", err));
  });
  Hooks.on("deleteChatMessage", (message) => {
    if (!isLedgerKeeper() || !message.id || !ledgerEntry(message.id)) return;
    writeLedger(message.id, null).catch((err: unknown) => console.error("Breadbox | card ledger", err));
  });
}
