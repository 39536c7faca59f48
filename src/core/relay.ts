/**
 * The GM relay. Every chat-card action that changes a document (apply damage, spend luck on a
 * card) runs on the active GM's client and nowhere else: the GM runs it directly, everybody else
 * sends it there with Foundry's query mechanism (CONFIG.queries + User#query). There the request
 * is validated — the requester must exist and be active, the target must exist, the action must
 * be known — and the action's own handler checks the requester's rights, the card's writer
 * (src/core/chat/trust.ts) and the card's state before writing anything. Requests on the same
 * card or document are serialized (`withLocks`), so "check the card's state, then set it" cannot
 * interleave with another request, and one client (the active GM's) is the only one that ever
 * applies. With no GM online the user gets a clear notification and nothing changes.
 * The trust model is written down in docs/architecture.md ("The relay's trust model").
 */
import { stableJson } from "./stable-json";
import { SYSTEM_ID } from "./ids";
import { currentUser, localize, lookupUuid, notify } from "./game";
import { withLocks } from "./chat/trust";
import { registerLedger } from "./chat/ledger";

export const RELAY_QUERY = "breadbox.relay" satisfies `${typeof SYSTEM_ID}.relay`;

export type { RelayContext, RelayHandler, RelayRequest, RelayResult } from "./plugin-types";
import type { RelayHandler, RelayRequest, RelayResult } from "./plugin-types";
import { namedActions } from "./named-actions";
import { loadForAction } from "./lazy";

/** The id under which core's own relay actions are named ("core.<action>"). */
export const CORE_RELAY_ID = "core";
const relayActions = namedActions<RelayHandler>("relay action", (r) => r.relayActions);

/**
 * Register one of core's own relay actions (`core.<name>`), e.g. a player ending a round. It goes
 * through the same path as every ruleset's: nonce, active GM only, locks.
 */
export function registerCoreRelayAction(name: string, handler: RelayHandler): void {
  relayActions.register(name, handler);
}

function findHandler(action: string): RelayHandler | undefined {
  return relayActions.find(action);
}

async function resolveTarget(uuid: string): Promise<foundry.abstract.Document.Any | null> {
  if (typeof uuid !== "string" || uuid.length === 0) return null;
  const doc = (await lookupUuid(uuid)) as foundry.abstract.Document.Any | null;
  return doc ?? null;
}

/** The keys a request is serialized on: its target document and the chat card it names. */
function lockKeys(request: RelayRequest, payload: Record<string, unknown>): string[] {
  const keys = [`doc:${request.targetUuid}`];
  if (typeof payload.messageId === "string" && payload.messageId) keys.push(`message:${payload.messageId}`);
  return keys;
}

/**
 * Validate and run a relay request on this client (the active GM's). Requests on the same target
 * or card run one after the other. Never throws: refusals come back as { ok: false }.
 */
export async function runRelay(request: RelayRequest, requester: User.Implementation): Promise<RelayResult> {
  try {
    if (!request || typeof request !== "object" || !requester) return { ok: false, error: "BREADBOX.Relay.Malformed" };
    // A request may arrive before this client has loaded the code that handles it (issue 23).
    await loadForAction(String(request.action));
    const handler = findHandler(String(request.action));
    if (!handler) return { ok: false, error: "BREADBOX.Relay.UnknownAction" };
    const payload: Record<string, unknown> = request.payload && typeof request.payload === "object" && !Array.isArray(request.payload) ? request.payload : {};
    return await withLocks(lockKeys(request, payload), async () => {
      // Everything is looked up again inside the critical section: an earlier request may have
      // changed it while this one waited.
      const target = await resolveTarget(request.targetUuid);
      if (!target) return { ok: false, error: "BREADBOX.Relay.NoTarget" };
      return handler({ requester, target, payload });
    });
  } catch (err) {
    console.error("Breadbox | relay failed", err);
    return { ok: false, error: "BREADBOX.Relay.Failed" };
  }
}

/**
 * How long a player's client waits for the active GM's answer (ms). The GM's client may need a
 * while: a GM who enters dice by hand is prompted before the resolution can go on. When the wait
 * runs out the GM's client may still be working and may still apply (a query cannot be taken
 * back), so a timeout is reported as "not answered yet", never as "failed".
 */
export const RELAY_QUERY_TIMEOUT_MS = 60_000;
/** The result of a relayed request whose query ran out of time: the GM may still apply it. */
export const RELAY_PENDING = "BREADBOX.Relay.Pending";

/** How long a nonce stays valid (ms): far above a query's timeout, allowing for clock skew. */
export const NONCE_TTL_MS = 5 * 60_000;
const NONCE_PATTERN = /^[A-Za-z0-9]{16}$/;
/** Nonces this (GM) client has accepted: a replay is refused even before the flag's deletion lands. */
const consumed = new Set<string>();

const NONCE_PREFIX = "relay_";

/** The user's outstanding nonces (flag `relay_<nonce>`), by nonce. */
function userNonces(user: User.Implementation): Record<string, unknown> {
  const flags: Record<string, unknown> = { ...user.flags?.[SYSTEM_ID] };
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(flags)) if (key.startsWith(NONCE_PREFIX)) out[key.slice(NONCE_PREFIX.length)] = value;
  return out;
}

/**
 * Accept a request's nonce once: it must be a well-formed id stored under the requester's own User
 * document for this very action, not older than NONCE_TTL_MS and not used before. It is deleted.
 * The check and the mark happen with no await in between, so two copies of one request cannot
 * both pass.
 */
/** The request a nonce vouches for, as a stable string (object keys sorted). */
export function requestDigest(request: Pick<RelayRequest, "action" | "targetUuid" | "payload">): string {
  return stableJson({ action: request.action, targetUuid: request.targetUuid, payload: request.payload ?? null });
}

async function consumeNonce(requester: User.Implementation, nonce: unknown, request: RelayRequest): Promise<boolean> {
  if (typeof nonce !== "string" || !NONCE_PATTERN.test(nonce)) return false;
  const key = `${requester.id}.${nonce}`;
  if (consumed.has(key)) return false;
  const nonces = userNonces(requester);
  const entry = Object.hasOwn(nonces, nonce) ? nonces[nonce] : undefined;
  if (!entry || typeof entry !== "object") return false;
  const { action: forAction, at, request: vouched } = entry as { action?: unknown; at?: unknown; request?: unknown };
  // User flags are readable by every client: the nonce vouches for this one request only, so
  // whoever sees it can at most send the very request its owner meant to send.
  if (forAction !== request.action || vouched !== requestDigest(request) || typeof at !== "number" || !Number.isFinite(at) || Math.abs(Date.now() - at) > NONCE_TTL_MS) return false;
  consumed.add(key);
  // The active GM may be an Assistant, who may not write another user's User document
  // (test/harness/README.md, VERIFY 52): the nonce is spent here already (`consumed`), and the
  // requester deletes its own once answered, so a refused deletion refuses nothing.
  try {
    await requester.unsetFlag(SYSTEM_ID, `relay_${nonce}`);
  } catch (err) {
    console.warn("Breadbox | relay nonce left for its owner to delete", err);
  }
  return true;
}

/** Delete one of the current user's own nonces, if it is still there (a GM may have done so). */
async function dropOwnNonce(nonce: string | undefined): Promise<void> {
  if (!nonce) return;
  const me = currentUser();
  if (!Object.hasOwn(userNonces(me), nonce)) return;
  try {
    await me.unsetFlag(SYSTEM_ID, `relay_${nonce}`);
  } catch (err) {
    console.warn("Breadbox | relay nonce", err);
  }
}

/** The GM-side query handler registered in CONFIG.queries. */
export async function relayQueryHandler(data: unknown): Promise<RelayResult> {
  const me = currentUser();
  // Only the active GM applies: a second GM's client would be a second place where "applied
  // once" had to hold.
  if (!me.isGM || game.users?.activeGM?.id !== me.id) return { ok: false, error: "BREADBOX.Relay.NotGM" };
  const request = data as RelayRequest;
  const requester = game.users?.get(String(request?.requesterId ?? ""));
  if (!requester || !requester.active) return { ok: false, error: "BREADBOX.Relay.UnknownRequester" };
  // A GM owns everything and never needs the relay: a relayed request naming a GM is refused.
  if (requester.isGM) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  // v13 does not tell a query handler who sent it (foundryvtt/foundryvtt#13418): the requester
  // proves it is who it names with a one-time nonce it wrote under its own User document, which
  // nobody but that user and a GM can write (docs/architecture.md, "Who may ask").
  try {
    if (!(await consumeNonce(requester, request.nonce, request))) return { ok: false, error: "BREADBOX.Relay.Unauthenticated" };
  } catch (err) {
    console.error("Breadbox | relay nonce", err);
    return { ok: false, error: "BREADBOX.Relay.Unauthenticated" };
  }
  return runRelay(request, requester);
}

/**
 * Write a fresh nonce for this request under the current user's own User document (and drop its
 * expired ones); returns the nonce to send with the request.
 */
export async function issueNonce(request: Pick<RelayRequest, "action" | "targetUuid" | "payload">): Promise<string> {
  const me = currentUser();
  const now = Date.now();
  for (const [old, entry] of Object.entries(userNonces(me))) {
    const at = entry && typeof entry === "object" ? (entry as { at?: unknown }).at : undefined;
    if (typeof at !== "number" || now - at > NONCE_TTL_MS) await me.unsetFlag(SYSTEM_ID, `relay_${old}`);
  }
  const nonce = foundry.utils.randomID(16);
  await me.update({ flags: { [SYSTEM_ID]: { [`relay_${nonce}`]: { action: request.action, at: now, request: requestDigest(request) } } } });
  return nonce;
}

export function registerRelay(): void {
  CONFIG.queries[RELAY_QUERY] = relayQueryHandler;
  registerLedger();
}

/**
 * Perform an action on a document through the active GM: directly when this client is the active
 * GM, else as a query to it. Reports refusals with a notification and returns the result.
 */
export async function applyOrRelay(action: string, target: { uuid: string }, payload: Record<string, unknown>): Promise<RelayResult> {
  const me = currentUser();
  const request: RelayRequest = { action, requesterId: me.id ?? "", targetUuid: target.uuid, payload };
  let result: RelayResult;
  const gm = game.users?.activeGM;
  if (!gm) {
    notify("warn", "BREADBOX.Relay.NoGM");
    return { ok: false, error: "BREADBOX.Relay.NoGM" };
  }
  if (gm.id === me.id) {
    result = await runRelay(request, me);
  } else if (me.isGM) {
    // The active GM would refuse a request naming a GM (it could be forged): say so plainly.
    notify("warn", "BREADBOX.Relay.NotActiveGM", { name: gm.name ?? "" });
    return { ok: false, error: "BREADBOX.Relay.NotActiveGM" };
  } else {
    let sentAt: number | undefined;
    let failure: unknown;
    try {
      // The User update has reached the server (and so every client) before the query is sent.
      request.nonce = await issueNonce(request);
      sentAt = Date.now();
      result = await gm.query(RELAY_QUERY, request, { timeout: RELAY_QUERY_TIMEOUT_MS });
    } catch (err) {
      failure = err;
      result = { ok: false, error: "BREADBOX.Relay.Failed" };
    }
    const answered = !failure && !!result && typeof result === "object";
    if (!answered && sentAt !== undefined && Date.now() - sentAt >= RELAY_QUERY_TIMEOUT_MS) {
      // The wait ran out, not the request: the GM's client may still be at it (entering dice by
      // hand, say) and may still apply. Say so, not "failed"; its card will show the outcome.
      // Told apart by the time waited (a timeout rejecting or answering nothing alike), not by an
      // error's wording, which is not documented (test/harness/README.md, VERIFY 50).
      console.warn("Breadbox | relay query not answered in time", failure);
      notify("info", RELAY_PENDING, { name: gm.name ?? "" });
      return { ok: false, error: RELAY_PENDING };
    }
    if (failure) {
      // A query that failed outright is a refusal like any other: nothing changed.
      console.error("Breadbox | relay query failed", failure);
    }
    // Answered (or refused): the nonce can vouch for nothing more. The GM's client deletes it when
    // it accepts it, unless it may not (an Assistant GM): then its owner does. A request still
    // pending keeps its nonce, which the GM may yet need; it expires (NONCE_TTL_MS).
    await dropOwnNonce(request.nonce);
  }
  if (!result?.ok) ui.notifications?.warn(localize(result?.error ?? "BREADBOX.Relay.Failed"));
  return result ?? { ok: false, error: "BREADBOX.Relay.Failed" };
}
