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
import { SYSTEM_ID } from "./ids";
import { allRulesets } from "./registry";
import { currentUser, localize, lookupUuid, notify } from "./game";
import { registerCardProvenance, withLocks } from "./chat/trust";

export const RELAY_QUERY = "breadbox.relay" satisfies `${typeof SYSTEM_ID}.relay`;

export interface RelayRequest {
  /** "<rulesetId>.<action>" */
  action: string;
  /** The user asking; checked against the GM's user list. */
  requesterId: string;
  /** UUID of the document to change. */
  targetUuid: string;
  /** Action-specific data; every handler validates its own. */
  payload: Record<string, unknown>;
}

export interface RelayResult {
  ok: boolean;
  /** Localization key of the reason for a refusal. */
  error?: string;
  /** Anything the handler wants to return (e.g. the applied amounts). */
  data?: Record<string, unknown>;
}

export interface RelayContext {
  requester: User.Implementation;
  target: foundry.abstract.Document.Any;
  payload: Record<string, unknown>;
}

/** A GM-side handler: validate the request fully, then apply it. Runs with GM rights. */
export type RelayHandler = (ctx: RelayContext) => Promise<RelayResult>;

function findHandler(action: string): RelayHandler | undefined {
  const [rulesetId, name] = action.split(".", 2);
  if (!rulesetId || !name) return undefined;
  const def = allRulesets().find((r) => r.id === rulesetId);
  const actions = def?.relayActions;
  // Own keys only: "constructor" and friends are not actions.
  return actions && Object.hasOwn(actions, name) ? actions[name] : undefined;
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

/** The GM-side query handler registered in CONFIG.queries. */
export async function relayQueryHandler(data: unknown): Promise<RelayResult> {
  const me = currentUser();
  // Only the active GM applies: a second GM's client would be a second place where "applied
  // once" had to hold.
  if (!me.isGM || game.users?.activeGM?.id !== me.id) return { ok: false, error: "BREADBOX.Relay.NotGM" };
  const request = data as RelayRequest;
  const requester = game.users?.get(String(request?.requesterId ?? ""));
  // v13 does not tell a query handler who sent it (foundryvtt/foundryvtt#13418): the requester's
  // id travels in the payload and cannot be proven. We require that user to exist and be logged
  // in, refuse GM ids, and every action reads its amounts from the chat card, applies once, and
  // checks the target — so a forged id can at most do what some logged-in participant could.
  if (!requester || !requester.active) return { ok: false, error: "BREADBOX.Relay.UnknownRequester" };
  // A GM owns everything and never needs the relay: a relayed request naming a GM is forged, and
  // must not borrow the GM's rights.
  if (requester.isGM) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  return runRelay(request, requester);
}

export function registerRelay(): void {
  CONFIG.queries[RELAY_QUERY] = relayQueryHandler;
  registerCardProvenance();
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
    try {
      result = await gm.query(RELAY_QUERY, request, { timeout: 15_000 });
    } catch (err) {
      // A timed-out or failed query is a refusal like any other: nothing changed.
      console.error("Breadbox | relay query failed", err);
      result = { ok: false, error: "BREADBOX.Relay.Failed" };
    }
  }
  if (!result?.ok) ui.notifications?.warn(localize(result?.error ?? "BREADBOX.Relay.Failed"));
  return result ?? { ok: false, error: "BREADBOX.Relay.Failed" };
}
