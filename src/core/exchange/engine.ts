/**
 * The exchange engine: one opposed exchange (an attack and its defence, a contest) run the same way
 * for every ruleset, with every trust rule in one place.
 *
 *  1. **Declare** — the declarer's client checks its choices (`checkChoices`) and posts the
 *     declaration card. When the card appears, the active GM's client records, once, what was posted
 *     (`posted` in the card's ledger record) and who posted it (`writer`).
 *  2. **Respond** — the target's owner (or the GM) clicks a response. The request goes to the active
 *     GM through the relay (`core.respond`: nonce, locks). There the engine reads the declaration
 *     from the GM's record only (never the card, which its writer may have edited), checks that its
 *     writer is a GM or an owner of the attacker, that the requester is a GM or an owner of the
 *     target, that the response is one the ruleset offers now (GM-only responses from a GM only), and
 *     checks the posted choices again against the dialog's limits.
 *  3. **Resolve** — the declaration's `resolved` mark is claimed (once, across clients), then the
 *     ruleset resolves under the resource locks of every actor it spends from: numbers from the
 *     documents, dice as Foundry rolls. The GM posts the resolution card to the declaration's
 *     audience and records the outcome (`exchange`, naming ruleset and kind). A refusal in resolve
 *     releases the mark, so the exchange stays open; once resolve has run, what it spent stands and
 *     the exchange stays resolved even if its card cannot be posted (the GM is told).
 *  4. **Apply** — `core.apply` through the relay: the outcome comes from the GM's record only, for
 *     that ruleset and kind only, to the recorded target only, in a way the ruleset offers (the plain
 *     Apply or one of its `applyOptions`, a GM-only one from a GM only), and the card's `applied`
 *     mark is claimed before writing (released if the write fails). What follows (collapse, death...) is the
 *     ruleset's `follow`, posted as cards.
 *
 * The declarer's own dice (an attack roll) are rolled on the declarer's client, as every Foundry
 * check is, and posted with the declaration; the GM's record keeps them as posted and the ruleset
 * re-classifies their faces with numbers rebuilt from the documents. Every other die (defence,
 * damage) is rolled on the active GM's client.
 *
 * A ruleset supplies an `ExchangeDefinition` (src/core/exchange/types.ts) in its definition's
 * `exchanges`. Every engine card is the shared template templates/shared/exchange-card.hbs: its
 * body is either card parts or what the ruleset rendered from its own template; the buttons are core's.
 */
import { SYSTEM_ID, templatePath } from "../ids";
import { allRulesets } from "../registry";
import { actorFromUuidSync, localize, notify } from "../game";
import { audienceForMode, audienceOf, combineAudiences, currentMessageMode, normaliseMessageMode, type Audience, type MessageMode } from "../compat";
import { postCard } from "../chat/post";
import { cardFlags, cardRefusal, cardWriter, withResourceLocks } from "../chat/trust";
import { isLedgerKeeper, ledgerEntry, updateLedger } from "../chat/ledger";
import { claimMark, hasMark, releaseMark } from "../chat/ledger-marks";
import type { LedgerExchange, LedgerPosted, RecordValue } from "../chat/ledger-types";
import { isHiddenAudience, matchesSeal, sealOf } from "./seal";
import { applyOrRelay, registerCoreRelayAction } from "../relay";
import { registerCoreChatAction } from "../chat/actions";
import type { RelayContext, RelayResult } from "../plugin-types";
import { callApplyExchange, callPreApplyExchange, callPreResolveExchange, callResolveExchange } from "../api/hook-calls";
import type { ApplyContext, ApplyOffers, ApplyOption, CardContent, Declared, ExchangeDefinition, ExchangeSides, PostedRoll, Resolved, ResponseOption } from "./types";

export const EXCHANGE_CARD = templatePath("shared/exchange-card.hbs");
/** Card types (`flags.breadbox.type`) of the engine's cards. */
export const DECLARATION = "exchangeDeclaration";
export const RESOLUTION = "exchangeResolution";
export const FOLLOW = "exchangeFollow";
/** The declaration's "once" mark: it has its resolution. */
export const RESOLVED_MARK = "resolved";
/** The resolution's "once" mark: it has been applied. */
export const APPLIED_MARK = "applied";
/** Default icons of the engine's buttons (a response to an attack is a defence; Apply is the hurt). */
const RESPONSE_ICON = "fa-solid fa-shield-halved";
const APPLY_ICON = "fa-solid fa-heart-crack";
/** Most dice a declaration may carry (a bound on what the GM rebuilds from its record). */
const MAX_DECLARATION_ROLLS = 8;

/** "<ruleset>.<kind>" */
export function exchangeId(def: Pick<ExchangeDefinition, "ruleset" | "kind">): string {
  return `${def.ruleset}.${def.kind}`;
}

/** The registered exchange with this id, if any. */
export function findExchange(id: unknown): ExchangeDefinition | undefined {
  if (typeof id !== "string") return undefined;
  for (const r of allRulesets()) for (const d of r.exchanges ?? []) if (exchangeId(d) === id && d.ruleset === r.id) return d;
  return undefined;
}

/** A button of an engine card. */
export interface CardButton {
  action: string;
  label: string;
  /** `data-bb-visible`: "gm", or "owner:<uuid>,<uuid>". */
  visible: string;
  data: Record<string, string>;
  /** Font Awesome classes of its icon. */
  icon?: string;
}

/**
 * A card's body and its buttons as HTML, from the shared template: its parts, or the body the
 * ruleset rendered from its own template.
 */
export async function renderExchangeCard(content: CardContent, buttons: CardButton[], kind: string): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(EXCHANGE_CARD, { ...content, kind, buttons: buttons.map((b) => ({ ...b, data: Object.entries(b.data).map(([key, value]) => ({ key, value })) })) });
}

function actorAt(uuid: unknown): Actor.Implementation | null {
  return typeof uuid === "string" && uuid ? actorFromUuidSync(uuid) : null;
}

/** Rolls rebuilt from their JSON; null when any is not a roll's. */
function rollsFrom(data: readonly unknown[]): PostedRoll[] | null {
  const out: PostedRoll[] = [];
  for (const d of data.slice(0, MAX_DECLARATION_ROLLS)) {
    if (typeof d !== "string") return null;
    try {
      out.push(Roll.fromJSON(d));
    } catch {
      return null;
    }
  }
  return out;
}

function errorKey(err: unknown, fallback: string): string {
  return err instanceof Error && err.message.length > 0 ? err.message : fallback;
}

/** Options of a declaration. */
export interface DeclareOptions {
  /** Message mode (default: the chat's current mode). */
  mode?: MessageMode;
  /** The audience itself (a GM re-posting a declaration keeps the original's); wins over `mode`. */
  audience?: Audience;
  /** The card's flavor line. */
  flavor?: string;
  /** The declarer's own dice, evaluated on this client (an attack roll). */
  rolls?: Roll[];
  /** Display-only flags for the declaration card. */
  flags?: Record<string, unknown>;
}

/**
 * Declare an exchange (the declarer's client): check the choices, post the declaration card with
 * the target's responses as buttons. Throws an Error with a localized message for bad choices.
 */
export async function declareExchange(def: ExchangeDefinition, attacker: Actor.Implementation, target: Actor.Implementation, choices: Record<string, unknown>, options: DeclareOptions = {}): Promise<ChatMessage.Implementation | undefined> {
  const sides: ExchangeSides = { attacker, target };
  const rolls = (options.rolls ?? []).slice(0, MAX_DECLARATION_ROLLS);
  const checked = def.checkChoices(choices, sides, { writerIsGM: game.user?.isGM === true });
  const content = await renderDeclaration(def, { ...sides, choices: checked, rolls });
  return postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor: attacker }),
      content,
      rolls,
      flavor: options.flavor,
      flags: { [SYSTEM_ID]: { ...options.flags, type: DECLARATION, exchange: exchangeId(def), attackerUuid: attacker.uuid, targetUuid: target.uuid, choices: { ...choices } } },
    },
    options.audience ?? audienceForMode(options.mode ?? currentMessageMode()),
  );
}

/** A declaration card's content: its body and the target's responses as buttons (also to re-render it). */
export async function renderDeclaration<C>(def: ExchangeDefinition<C>, declared: Omit<Declared<C>, "declaration">): Promise<string> {
  const visible = (r: ResponseOption) => (r.gmOnly ? "gm" : r.either ? `owner:${declared.attacker.uuid},${declared.target.uuid}` : `owner:${declared.target.uuid}`);
  const buttons: CardButton[] = def.responses(declared).map((r) => ({ action: "core.respond", label: localize(r.label), icon: r.icon ?? RESPONSE_ICON, visible: visible(r), data: { response: r.id } }));
  return renderExchangeCard(await def.declarationCard(declared), buttons, DECLARATION);
}

/**
 * A hidden declaration's dice as the card keeps them: its own rolls as stored, or — once the GM has
 * rewritten what the card shows (a luck spend, `updateDeclaration`) — the rolls as posted, kept in
 * `flags.breadbox.postedRolls`.
 */
function cardPostedRolls(message: ChatMessage.Implementation): unknown[] {
  const kept = cardFlags(message).postedRolls;
  const source: unknown = message._source.rolls;
  return (Array.isArray(kept) ? kept : Array.isArray(source) ? source : []).slice(0, MAX_DECLARATION_ROLLS);
}

/** What a hidden declaration's seal covers: its choices and its dice as posted. */
function sealedDeclaration(message: ChatMessage.Implementation): { choices: unknown; rolls: unknown[] } {
  return { choices: cardFlags(message).choices ?? null, rolls: cardPostedRolls(message) };
}

/**
 * The active GM's record of a declaration as it was posted, once, when the card appeared: a copy
 * of its choices and dice for a public card, their seal for a hidden one (src/core/exchange/seal.ts).
 */
function recordDeclaration(message: ChatMessage.Implementation): void {
  if (!isLedgerKeeper() || !message.id) return;
  const flags = cardFlags(message);
  if (flags.type !== DECLARATION || !findExchange(flags.exchange) || ledgerEntry(message.id)?.posted) return;
  const { exchange, attackerUuid, targetUuid, choices } = flags;
  if (typeof exchange !== "string" || typeof attackerUuid !== "string" || typeof targetUuid !== "string" || !choices || typeof choices !== "object") return;
  // Posted dice are the card's own: a declaration that arrives with "kept" dice of its own is not recorded.
  if (flags.postedRolls !== undefined) return;
  let posted: LedgerPosted;
  if (isHiddenAudience(audienceOf(message))) posted = { exchange, attackerUuid, targetUuid, sealed: sealOf(sealedDeclaration(message)) };
  else {
    const rolls = message.rolls.slice(0, MAX_DECLARATION_ROLLS).map((r) => JSON.stringify(r.toJSON()));
    posted = { exchange, attackerUuid, targetUuid, choices: foundry.utils.deepClone({ ...choices }), rolls };
  }
  updateLedger(message.id, { posted }).catch((err: unknown) => console.error("Breadbox | exchange record", err));
}

/** A declaration's choices and dice as posted, read through its record (`postedDeclaration`). */
export type PostedDeclaration = LedgerPosted & { choices: Record<string, unknown>; rolls: string[] };

/**
 * A declaration as it was posted (active GM's client): the record's copy for a public card; for a
 * hidden card, what the card keeps, if it still matches the record's seal. Undefined when there is
 * no record, or the hidden card was changed after it was posted.
 */
export function postedDeclaration(messageId: string): PostedDeclaration | undefined {
  const posted = ledgerEntry(messageId)?.posted;
  if (!posted) return undefined;
  if (posted.sealed === undefined) return posted.choices ? { ...posted, choices: posted.choices, rolls: posted.rolls ?? [] } : undefined;
  const message = game.messages?.get(messageId);
  if (!message) return undefined;
  const content = sealedDeclaration(message);
  if (!matchesSeal(content, posted.sealed)) return undefined;
  const { choices, rolls } = content;
  if (!choices || typeof choices !== "object" || Array.isArray(choices) || !rolls.every((r): r is string => typeof r === "string")) return undefined;
  return { ...posted, choices: foundry.utils.deepClone({ ...choices }), rolls };
}

/**
 * Show a declaration anew (GM side: what the card shows changed, e.g. luck spent on its roll): its
 * content and dice. A hidden card keeps the dice as posted beside them (`postedRolls`, once), so
 * its seal still holds.
 */
export async function updateDeclaration(message: ChatMessage.Implementation, content: string, rolls: Roll[]): Promise<void> {
  const sealed = message.id ? ledgerEntry(message.id)?.posted?.sealed !== undefined : false;
  const keep = sealed && cardFlags(message).postedRolls === undefined ? { flags: { [SYSTEM_ID]: { postedRolls: cardPostedRolls(message) } } } : {};
  await message.update({ content, rolls: rolls.map((r) => JSON.stringify(r.toJSON())), ...keep });
}

/** The GM's record of a declaration, checked: its exchange, its sides, its choices and dice as posted. */
function recordedDeclaration(messageId: string): { def: ExchangeDefinition; declared: Declared<unknown>; posted: LedgerPosted } | string {
  const message = game.messages?.get(messageId);
  if (!message || !ledgerEntry(messageId)?.posted) return "BREADBOX.Exchange.NotRecorded";
  const posted = postedDeclaration(messageId);
  if (!posted) return "BREADBOX.Relay.NotGenuine";
  const def = findExchange(posted.exchange);
  if (!def) return "BREADBOX.Exchange.Unknown";
  const attacker = actorAt(posted.attackerUuid);
  const target = actorAt(posted.targetUuid);
  if (!attacker || !target) return "BREADBOX.Relay.NoTarget";
  const notGenuine = cardRefusal(message, attacker);
  if (notGenuine) return notGenuine;
  const rolls = rollsFrom(posted.rolls);
  if (!rolls) return "BREADBOX.Relay.NotGenuine";
  try {
    const choices = def.checkChoices({ ...posted.choices }, { attacker, target }, { writerIsGM: cardWriter(message)?.isGM === true });
    return { def, posted, declared: { attacker, target, declaration: message, choices, rolls } };
  } catch (err) {
    return errorKey(err, "BREADBOX.Relay.Malformed");
  }
}

function refuse(error: string): RelayResult {
  return { ok: false, error };
}

/** GM side of a response (relay action `core.respond`): see the module comment, stages 2 and 3. */
export async function respondRelayHandler({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  const messageId = typeof payload.messageId === "string" ? payload.messageId : "";
  const found = recordedDeclaration(messageId);
  if (typeof found === "string") return refuse(found);
  const { def, declared } = found;
  const { attacker, target: defender, declaration: message } = declared;
  if (target.uuid !== defender.uuid) return refuse("BREADBOX.Relay.TargetMismatch");
  const owns = (actor: Actor.Implementation) => requester.isGM || actor.testUserPermission(requester, "OWNER");
  if (!owns(defender) && !owns(attacker)) return refuse("BREADBOX.Relay.Forbidden");
  if (hasMark(messageId, RESOLVED_MARK)) return refuse("BREADBOX.Exchange.AlreadyResolved");
  const option = def.responses(declared).find((r) => r.id === payload.response);
  if (!option) return refuse("BREADBOX.Exchange.ResponseNotAllowed");
  if (option.gmOnly && !requester.isGM) return refuse("BREADBOX.Exchange.GMOnly");
  if (!owns(defender) && !option.either) return refuse("BREADBOX.Relay.Forbidden");
  const rawChoices = payload.choices && typeof payload.choices === "object" && !Array.isArray(payload.choices) ? { ...(payload.choices as Record<string, unknown>) } : {};
  let choices: unknown = rawChoices;
  try {
    if (def.checkResponse) choices = def.checkResponse(rawChoices, declared, option.id, requester);
  } catch (err) {
    return refuse(errorKey(err, "BREADBOX.Relay.Malformed"));
  }
  const mode = normaliseMessageMode(payload.mode) ?? "public";
  if (!(await claimMark(messageId, RESOLVED_MARK))) return refuse("BREADBOX.Exchange.AlreadyResolved");
  // A module may cancel here (docs/hooks.md): nothing is resolved and the exchange stays open.
  const hooked = { ruleset: def.ruleset, kind: def.kind, attacker, target: defender, declaration: message, response: option.id, requester };
  if (!callPreResolveExchange(hooked)) {
    await releaseMark(messageId, RESOLVED_MARK);
    return refuse("BREADBOX.Exchange.Cancelled");
  }
  let resolved: Resolved;
  try {
    resolved = await withResourceLocks(def.spends?.(declared, option.id) ?? [], () => def.resolve(declared, { id: option.id, choices, mode, requester }));
  } catch (err) {
    // Nothing was resolved (resolve refuses before it writes): the exchange stays open.
    await releaseMark(messageId, RESOLVED_MARK);
    console.error("Breadbox | exchange resolution", err);
    return refuse(errorKey(err, "BREADBOX.Relay.Failed"));
  }
  // Resolved: what it spent (luck, Edge, action points) stands, so the exchange stays resolved
  // even if its card cannot be posted — answering again would spend twice.
  try {
    const card = await postResolution(def, { declarationId: messageId, attacker, target: defender }, resolved, combineAudiences(audienceOf(message), mode === "public" ? null : audienceForMode(mode)));
    const outcome = def.apply && def.checkOutcome && resolved.outcome ? foundry.utils.deepClone(resolved.outcome) : null;
    callResolveExchange({ ...hooked, resolution: card, outcome });
    return { ok: true, data: { resolutionId: card.id } };
  } catch (err) {
    console.error("Breadbox | exchange resolution card", err);
    return refuse("BREADBOX.Exchange.CardFailed");
  }
}

/**
 * Post a resolution card and record its outcome in the GM's ledger (active GM's client only): what
 * `core.respond` does once resolve has run. Exported for a ruleset that replaces a resolution on
 * the GM's client (Flange's Edge re-roll of a combat roll, which first closes the old card with its
 * `applied` mark): the new card is applied like any other. A hidden card keeps its outcome itself
 * (the GM writes it; players cannot) and the record its seal (src/core/exchange/seal.ts).
 */
export async function postResolution(def: ExchangeDefinition, { declarationId, attacker, target: defender }: ExchangeSides & { declarationId: string }, resolved: Resolved, audience: Audience): Promise<ChatMessage.Implementation> {
  // An exchange that never applies (a contest) records no outcome and shows no Apply.
  const outcome = def.apply && def.checkOutcome ? foundry.utils.deepClone(resolved.outcome) : null;
  const buttons: CardButton[] = outcome ? applyButtons(def, attacker, defender, resolved.offers) : [];
  const content = await renderExchangeCard(resolved.card, buttons, RESOLUTION);
  const sealed = outcome !== null && isHiddenAudience(audience);
  const card = await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor: resolved.speaker ?? defender }),
      content,
      rolls: resolved.rolls,
      flags: { [SYSTEM_ID]: { ...resolved.flags, type: RESOLUTION, exchange: exchangeId(def), declarationId, attackerUuid: attacker.uuid, targetUuid: defender.uuid, ...(sealed ? { sealedOutcome: outcome } : {}) } },
    },
    audience,
  );
  const id = card?.id;
  if (!card || !id) throw new Error("BREADBOX.Relay.Failed");
  if (outcome) {
    const kept = sealed ? { sealed: sealOf(outcome) } : { outcome };
    await updateLedger(id, { exchange: { ruleset: def.ruleset, kind: def.kind, declarationId, attackerUuid: attacker.uuid, targetUuid: defender.uuid, ...kept } });
  }
  return card;
}

/**
 * A resolution card's Apply button and one button per apply option (a GM-only one shows to GMs
 * only); `offers` (the resolution's) narrows them to those it names.
 */
function applyButtons(def: ExchangeDefinition, attacker: Actor.Implementation, defender: Actor.Implementation, offers?: ApplyOffers): CardButton[] {
  const owners = `owner:${attacker.uuid},${defender.uuid}`;
  const icon = def.applyIcon ?? APPLY_ICON;
  const apply: CardButton = { action: "core.apply", label: localize(def.applyLabel ?? "BREADBOX.Exchange.Apply"), icon, visible: owners, data: {} };
  const shown = (def.applyOptions ?? []).filter((o) => !offers || offers.options.includes(o.id));
  const options = shown.map((o): CardButton => ({ action: "core.apply", label: localize(o.label), icon: o.icon ?? icon, visible: o.gmOnly ? "gm" : owners, data: { option: o.id } }));
  return [...(!offers || offers.plain ? [apply] : []), ...options];
}

/**
 * The apply option a request names, as the GM checks it: null for the plain Apply (no option, or
 * an empty one); one of the definition's options; a GM-only one from a GM only. A string is a refusal.
 */
function applyOptionOf(def: ExchangeDefinition, raw: unknown, requester: User.Implementation): { option: ApplyOption | null } | string {
  if (raw === undefined || raw === null || raw === "") return { option: null };
  if (typeof raw !== "string") return "BREADBOX.Relay.Malformed";
  const option = (def.applyOptions ?? []).find((o) => o.id === raw);
  if (!option) return "BREADBOX.Exchange.OptionNotAllowed";
  if (option.gmOnly && !requester.isGM) return "BREADBOX.Exchange.OptionGMOnly";
  return { option };
}

/**
 * What Apply writes, as the resolution recorded it: the record's copy for a public card; for a
 * hidden card, the outcome the card keeps if it matches the record's seal. Null otherwise.
 */
function recordedOutcome(record: LedgerExchange, resolution: ChatMessage.Implementation): Record<string, RecordValue> | null {
  if (record.sealed === undefined) return record.outcome ?? null;
  const kept = cardFlags(resolution).sealedOutcome;
  if (!kept || typeof kept !== "object" || Array.isArray(kept) || !matchesSeal(kept, record.sealed)) return null;
  return foundry.utils.deepClone({ ...(kept as Record<string, RecordValue>) });
}

/** GM side of Apply (relay action `core.apply`): see the module comment, stage 4. */
export async function applyRelayHandler({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  const messageId = typeof payload.messageId === "string" ? payload.messageId : "";
  const resolution = game.messages?.get(messageId);
  const record = ledgerEntry(messageId)?.exchange;
  if (!record || !resolution) return refuse("BREADBOX.Exchange.NothingToApply");
  const def = findExchange(`${record.ruleset}.${record.kind}`);
  if (!def || def.ruleset !== record.ruleset) return refuse("BREADBOX.Exchange.Unknown");
  const { apply, checkOutcome } = def;
  if (!apply || !checkOutcome) return refuse("BREADBOX.Exchange.NothingToApply");
  const defender = actorAt(record.targetUuid);
  const attacker = actorAt(record.attackerUuid);
  if (!defender || !attacker || target.uuid !== defender.uuid) return refuse("BREADBOX.Relay.TargetMismatch");
  if (!requester.isGM && !defender.testUserPermission(requester, "OWNER") && !attacker.testUserPermission(requester, "OWNER")) return refuse("BREADBOX.Relay.Forbidden");
  const chosen = applyOptionOf(def, payload.option, requester);
  if (typeof chosen === "string") return refuse(chosen);
  if (hasMark(messageId, APPLIED_MARK)) return refuse("BREADBOX.Exchange.AlreadyApplied");
  const outcome = recordedOutcome(record, resolution);
  if (!outcome) return refuse("BREADBOX.Relay.NotGenuine");
  if (!checkOutcome.call(def, outcome)) return refuse("BREADBOX.Relay.Malformed");
  if (!(await claimMark(messageId, APPLIED_MARK))) return refuse("BREADBOX.Exchange.AlreadyApplied");
  const context: ApplyContext = { attacker, target: defender, resolution, requester, option: chosen.option?.id ?? null };
  // A module may cancel here (docs/hooks.md): nothing is written and the resolution can be applied later.
  const hooked = { ruleset: def.ruleset, kind: def.kind, attacker, target: defender, resolution, option: context.option, requester };
  if (!callPreApplyExchange({ ...hooked, outcome: foundry.utils.deepClone(outcome) })) {
    await releaseMark(messageId, APPLIED_MARK);
    return refuse("BREADBOX.Exchange.Cancelled");
  }
  let data: Record<string, unknown> | void;
  try {
    data = await apply.call(def, defender, foundry.utils.deepClone(outcome), context);
  } catch (err) {
    await releaseMark(messageId, APPLIED_MARK);
    console.error("Breadbox | exchange apply", err);
    return refuse(errorKey(err, "BREADBOX.Relay.Failed"));
  }
  // The card shows it (display only: the mark is what counts).
  await resolution.update({ flags: { [SYSTEM_ID]: { applied: true } } });
  callApplyExchange({ ...hooked, outcome: foundry.utils.deepClone(outcome), applied: { ...(data ?? {}) } });
  try {
    for (const parts of (await def.follow?.(defender, foundry.utils.deepClone(outcome), context, data ?? {})) ?? []) {
      await postCard({ speaker: ChatMessage.getSpeaker({ actor: defender }), content: await renderExchangeCard(parts, [], FOLLOW), flags: { [SYSTEM_ID]: { type: FOLLOW, exchange: exchangeId(def) } } }, audienceOf(resolution));
    }
  } catch (err) {
    console.error("Breadbox | exchange follow", err);
  }
  return { ok: true, data: data ?? {} };
}

/** Whether a declaration has its resolution (the GM's record; on a player's client a hint only). */
export function exchangeResolved(messageId: string | null | undefined): boolean {
  return hasMark(messageId, RESOLVED_MARK);
}

/** Whether a resolution has been applied (the GM's record; on a player's client a hint only). */
export function exchangeApplied(messageId: string | null | undefined): boolean {
  return hasMark(messageId, APPLIED_MARK);
}

/**
 * A declaration as its card shows it, on any client — for dialogs and odds only (display: the GM
 * never reads it). Null when the card is not a known exchange's declaration or its actors are gone.
 */
export function declarationOnCard(message: ChatMessage.Implementation): { def: ExchangeDefinition; declared: Declared<unknown> } | null {
  const flags = cardFlags(message);
  if (flags.type !== DECLARATION) return null;
  const def = findExchange(flags.exchange);
  const attacker = actorAt(flags.attackerUuid);
  const target = actorAt(flags.targetUuid);
  if (!def || !attacker || !target || !flags.choices || typeof flags.choices !== "object") return null;
  try {
    // A player's client cannot read the GM's record of who wrote the card: a guess, for display only.
    const choices = def.checkChoices({ ...(flags.choices as Record<string, unknown>) }, { attacker, target }, { writerIsGM: cardWriter(message)?.isGM ?? true, display: true });
    return { def, declared: { attacker, target, declaration: message, choices, rolls: [...message.rolls] } };
  } catch {
    return null;
  }
}

/**
 * A response chosen on a declaration card, on the responder's client: the checks a client can make,
 * the ruleset's dialog, then `core.respond` through the relay. The GM's answer, or null when nothing
 * was sent (refused here with a notice, or the dialog was cancelled).
 */
export async function respondOnCard(message: ChatMessage.Implementation, response: string, event: Event | null): Promise<RelayResult | null> {
  const onCard = declarationOnCard(message);
  if (!onCard || !message.id) return refusedHere("BREADBOX.Relay.NoTarget");
  const { def, declared } = onCard;
  if (exchangeResolved(message.id)) return refusedHere("BREADBOX.Exchange.AlreadyResolved");
  const either = def.responses(declared).some((r) => r.id === response && r.either);
  if (!declared.target.isOwner && !(either && declared.attacker.isOwner)) return refusedHere("BREADBOX.Relay.Forbidden");
  let answer: { choices: Record<string, unknown>; mode: MessageMode } | null = { choices: {}, mode: currentMessageMode() };
  if (def.respondDialog) answer = await def.respondDialog(declared, response, event);
  if (!answer) return null;
  return applyOrRelay("core.respond", declared.target, { messageId: message.id, response, choices: { ...answer.choices }, mode: answer.mode });
}

function refusedHere(key: string): null {
  notify("warn", key);
  return null;
}

/** The response button of a declaration card (chat action `core.respond`). */
export async function onRespond(message: ChatMessage.Implementation, button: HTMLElement, event: Event): Promise<void> {
  await respondOnCard(message, button.dataset.response ?? "", event);
}

/** An Apply button of a resolution card (chat action `core.apply`; an apply option's carries `data-option`). */
export async function onApply(message: ChatMessage.Implementation, button?: HTMLElement): Promise<void> {
  const flags = cardFlags(message);
  const target = actorAt(flags.targetUuid);
  if (!target || !message.id) return notify("warn", "BREADBOX.Relay.NoTarget");
  const option = button?.dataset.option || null;
  const result = await applyOrRelay("core.apply", target, option ? { messageId: message.id, option } : { messageId: message.id });
  if (!result.ok) return;
  const def = findExchange(flags.exchange);
  const data = result.data && typeof result.data === "object" ? { ...result.data } : {};
  if (def?.appliedMessage) ui.notifications?.info(def.appliedMessage(data, target, option));
  else notify("info", "BREADBOX.Exchange.Applied", { name: target.name ?? "" });
}

/** Wire the engine: its relay actions, its buttons, and the GM's record of declarations. */
export function registerExchanges(): void {
  registerCoreRelayAction("respond", respondRelayHandler);
  registerCoreRelayAction("apply", applyRelayHandler);
  registerCoreChatAction("respond", onRespond);
  registerCoreChatAction("apply", onApply);
  Hooks.on("createChatMessage", (message) => recordDeclaration(message));
}
