/**
 * Trust in chat cards, shared by every ruleset's chat actions and relay handlers.
 *
 * - **Who wrote a card.** `cardWriter(message)` is the user who really created the message, as
 *   recorded in the GM-only card ledger (src/core/chat/ledger.ts): the active GM's client stores
 *   the id Foundry passes to its `createChatMessage` hook (the server's record of the creating
 *   user). A card with no recorded writer (posted while no GM was online) has no writer: it is
 *   refused for anything that needs one. The message's `author` field is never used: whether
 *   Foundry v13 refuses a player's message whose `author` names someone else is not publicly
 *   documented (test/harness/README.md, "Message authors").
 * - **Entitlement.** A card counts for a document only when its writer is a GM or an owner of
 *   that document (`writtenByGMOrOwner`): a card is never better evidence than its writer's own
 *   rights. Amounts are read from a card only after that check.
 * - **One at a time.** `withLocks(keys, fn)` serializes work on the same cards and actors on this
 *   client (keys are taken in sorted order, so two callers never wait on each other). The relay
 *   runs every action on the active GM's client under these locks, so a check of a card's state
 *   and the update that sets it happen without another request in between.
 */
import { SYSTEM_ID } from "../ids";
import { ledgerEntry } from "./ledger";

/** The user who created the message (see the module comment), or null when it is not recorded. */
export function cardWriter(message: ChatMessage.Implementation): User.Implementation | null {
  const recorded = ledgerEntry(message.id)?.writer;
  return recorded ? (game.users?.get(recorded) ?? null) : null;
}

/** Whether the ledger knows who wrote the card (false: posted while no GM was online). */
export function writerKnown(message: ChatMessage.Implementation): boolean {
  return Boolean(cardWriter(message));
}

/** Whether the message's writer is a GM or an owner of `doc`. */
export function writtenByGMOrOwner(message: ChatMessage.Implementation, doc: { testUserPermission(user: User.Implementation, level: "OWNER"): boolean } | null | undefined): boolean {
  const writer = cardWriter(message);
  if (!writer) return false;
  if (writer.isGM) return true;
  return Boolean(doc?.testUserPermission(writer, "OWNER"));
}

/**
 * Why a card does not count for `doc`, as a localization key, or null when it does: its writer is
 * not recorded (posted while no GM was online), or is neither a GM nor an owner of `doc`.
 */
export function cardRefusal(message: ChatMessage.Implementation, doc: { testUserPermission(user: User.Implementation, level: "OWNER"): boolean } | null | undefined): string | null {
  if (!writerKnown(message)) return "BREADBOX.Relay.NoWriter";
  return writtenByGMOrOwner(message, doc) ? null : "BREADBOX.Relay.NotGenuine";
}

/** The system's flags on a message (an empty object when there are none). */
export function cardFlags(message: ChatMessage.Implementation): Record<string, unknown> {
  const flags = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID];
  return flags && typeof flags === "object" ? (flags as Record<string, unknown>) : {};
}

const tails = new Map<string, Promise<void>>();

async function acquire(key: string): Promise<() => void> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  await previous;
  return () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
}

/** Run `fn` while holding every key (card ids, actor uuids), in sorted order. */
export async function withLocks<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> {
  const sorted = [...new Set(keys.filter((k) => typeof k === "string" && k.length > 0))].sort();
  const releases: (() => void)[] = [];
  try {
    for (const key of sorted) releases.push(await acquire(key));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}

/** The lock key of an actor's spendable resources (luck, Edge, action points, ...). */
export function resourceLockKey(actor: { uuid: string }): string {
  return `resource:${actor.uuid}`;
}

/**
 * Run `fn` while holding the resource locks of every actor whose resources it spends. A request
 * that spends (luck, Edge, action points) reads the actor's resource again inside this lock and
 * writes the spend before it releases: two requests that spend from one actor never both see the
 * same balance. Take resource locks last (inside the relay's card and document locks), and all of
 * a request's at once: resource keys sort after `doc:` and `message:` keys, so lock order is one.
 */
export async function withResourceLocks<T>(actors: readonly ({ uuid: string } | null | undefined)[], fn: () => Promise<T>): Promise<T> {
  return withLocks(actors.filter((a): a is { uuid: string } => Boolean(a?.uuid)).map(resourceLockKey), fn);
}
