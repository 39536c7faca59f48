/**
 * The GM relay. A chat-card button may need to change a document the clicking user does not
 * own (apply damage to someone else's character). Such a change is sent to the active GM with
 * Foundry v13's query mechanism (CONFIG.queries + User#query) and validated there: the requester
 * must exist and be active, the target must exist, the action must be known, and the action's own
 * handler checks the requester's rights and the amounts before writing anything.
 * With no GM online the user gets a clear notification and nothing changes.
 */
import { SYSTEM_ID } from "./ids";
import { allRulesets } from "./registry";
import { currentUser, localize, lookupUuid, notify } from "./game";

export const RELAY_QUERY = `${SYSTEM_ID}.relay`;

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

/**
 * Validate and run a relay request. Called directly when the current user may modify the target,
 * and by the GM's query handler otherwise. Never throws: refusals come back as { ok: false }.
 */
export async function runRelay(request: RelayRequest, requester: User.Implementation): Promise<RelayResult> {
  try {
    if (!request || typeof request !== "object") return { ok: false, error: "BREADBOX.Relay.Malformed" };
    const handler = findHandler(String(request.action));
    if (!handler) return { ok: false, error: "BREADBOX.Relay.UnknownAction" };
    const target = await resolveTarget(request.targetUuid);
    if (!target) return { ok: false, error: "BREADBOX.Relay.NoTarget" };
    const payload = request.payload && typeof request.payload === "object" ? request.payload : {};
    return await handler({ requester, target, payload });
  } catch (err) {
    console.error("Breadbox | relay failed", err);
    return { ok: false, error: "BREADBOX.Relay.Failed" };
  }
}

/** The GM-side query handler registered in CONFIG.queries. */
export async function relayQueryHandler(data: unknown): Promise<RelayResult> {
  const me = currentUser();
  if (!me.isGM) return { ok: false, error: "BREADBOX.Relay.NotGM" };
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
  (CONFIG.queries as unknown as Record<string, unknown>)[RELAY_QUERY] = relayQueryHandler;
}

/**
 * Perform an action on a document: locally when the current user owns it, else through the GM.
 * Reports refusals with a notification and returns the result.
 */
export async function applyOrRelay(action: string, target: { uuid: string; isOwner: boolean }, payload: Record<string, unknown>): Promise<RelayResult> {
  const me = currentUser();
  const request: RelayRequest = { action, requesterId: me.id ?? "", targetUuid: target.uuid, payload };
  let result: RelayResult;
  if (target.isOwner) {
    result = await runRelay(request, me);
  } else {
    const gm = game.users?.activeGM;
    if (!gm) {
      notify("warn", "BREADBOX.Relay.NoGM");
      return { ok: false, error: "BREADBOX.Relay.NoGM" };
    }
    const query = (gm as unknown as { query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown> }).query;
    try {
      result = (await query.call(gm, RELAY_QUERY, request, { timeout: 15_000 })) as RelayResult;
    } catch (err) {
      // A timed-out or failed query is a refusal like any other: nothing changed.
      console.error("Breadbox | relay query failed", err);
      result = { ok: false, error: "BREADBOX.Relay.Failed" };
    }
  }
  if (!result?.ok) ui.notifications?.warn(localize(result?.error ?? "BREADBOX.Relay.Failed"));
  return result ?? { ok: false, error: "BREADBOX.Relay.Failed" };
}
