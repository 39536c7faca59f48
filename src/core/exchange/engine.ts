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
 *     audience and records the outcome (`exchange`, naming ruleset and kind). A failure releases the
 *     mark, so the exchange stays open.
 *  4. **Apply** — `core.apply` through the relay: the outcome comes from the GM's record only, for
 *     that ruleset and kind only, to the recorded target only, and the card's `applied` mark is
 *     claimed before writing (released if the write fails). What follows (collapse, death...) is the
 *     ruleset's `follow`, posted as cards.
 *
 * A ruleset supplies an `ExchangeDefinition` (src/core/exchange/types.ts) in its definition's
 * `exchanges`; cards are the shared template templates/shared/exchange-card.hbs.
 */
import { SYSTEM_ID, templatePath } from "../ids";
import { allRulesets } from "../registry";
import { actorFromUuidSync, localize, notify } from "../game";
import { audienceForMode, audienceOf, currentMessageMode, type MessageMode } from "../compat";
import { postCard } from "../chat/post";
import { cardFlags, cardRefusal, withResourceLocks } from "../chat/trust";
import { claimMark, hasMark, isLedgerKeeper, ledgerEntry, releaseMark, updateLedger } from "../chat/ledger";
import { applyOrRelay, registerCoreRelayAction } from "../relay";
import { registerCoreChatAction } from "../chat/actions";
import type { RelayContext, RelayResult } from "../plugin-types";
import type { CardParts, Declared, ExchangeDefinition, ExchangeSides } from "./types";

export const EXCHANGE_CARD = templatePath("shared/exchange-card.hbs");
const DECLARATION = "exchangeDeclaration";
const RESOLUTION = "exchangeResolution";
const RESOLVED_MARK = "resolved";
const APPLIED_MARK = "applied";

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

interface CardButton {
  action: string;
  label: string;
  visible: string;
  data: Record<string, string>;
}

async function renderCard(parts: CardParts, buttons: CardButton[], kind: string): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(EXCHANGE_CARD, { ...parts, kind, buttons: buttons.map((b) => ({ ...b, data: Object.entries(b.data).map(([key, value]) => ({ key, value })) })) });
}

function actorAt(uuid: unknown): Actor.Implementation | null {
  return typeof uuid === "string" && uuid ? actorFromUuidSync(uuid) : null;
}

/**
 * Declare an exchange (the declarer's client): check the choices, post the declaration card with
 * the target's responses as buttons. Throws an Error with a localized message for bad choices.
 */
export async function declareExchange(def: ExchangeDefinition, attacker: Actor.Implementation, target: Actor.Implementation, choices: Record<string, unknown>, mode: MessageMode = currentMessageMode()): Promise<ChatMessage.Implementation | undefined> {
  const sides: ExchangeSides = { attacker, target };
  const checked = def.checkChoices(choices, sides);
  const declared = { ...sides, choices: checked };
  const buttons: CardButton[] = def.responses(declared).map((r) => ({ action: "core.respond", label: localize(r.label), visible: r.gmOnly ? "gm" : `owner:${target.uuid}`, data: { response: r.id } }));
  const content = await renderCard(def.declarationCard(declared), buttons, DECLARATION);
  return postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor: attacker }),
      content,
      flags: { [SYSTEM_ID]: { type: DECLARATION, exchange: exchangeId(def), attackerUuid: attacker.uuid, targetUuid: target.uuid, choices: { ...choices } } },
    },
    audienceForMode(mode),
  );
}

/** The active GM's record of a declaration as it was posted, once, when the card appeared. */
function recordDeclaration(message: ChatMessage.Implementation): void {
  if (!isLedgerKeeper() || !message.id) return;
  const flags = cardFlags(message);
  if (flags.type !== DECLARATION || !findExchange(flags.exchange) || ledgerEntry(message.id)?.posted) return;
  const { exchange, attackerUuid, targetUuid, choices } = flags;
  if (typeof exchange !== "string" || typeof attackerUuid !== "string" || typeof targetUuid !== "string" || !choices || typeof choices !== "object") return;
  const posted = { exchange, attackerUuid, targetUuid, choices: foundry.utils.deepClone({ ...choices }) };
  updateLedger(message.id, { posted }).catch((err: unknown) => console.error("Breadbox | exchange record", err));
}

function refuse(error: string): RelayResult {
  return { ok: false, error };
}

/** GM side of a response (relay action `core.respond`): see the module comment, stages 2 and 3. */
export async function respondRelayHandler({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  const messageId = typeof payload.messageId === "string" ? payload.messageId : "";
  const message = game.messages?.get(messageId);
  const posted = ledgerEntry(messageId)?.posted;
  if (!message || !posted) return refuse("BREADBOX.Exchange.NotRecorded");
  const def = findExchange(posted.exchange);
  if (!def) return refuse("BREADBOX.Exchange.Unknown");
  const attacker = actorAt(posted.attackerUuid);
  const defender = actorAt(posted.targetUuid);
  if (!attacker || !defender) return refuse("BREADBOX.Relay.NoTarget");
  if (target.uuid !== defender.uuid) return refuse("BREADBOX.Relay.TargetMismatch");
  const notGenuine = cardRefusal(message, attacker);
  if (notGenuine) return refuse(notGenuine);
  if (!requester.isGM && !defender.testUserPermission(requester, "OWNER")) return refuse("BREADBOX.Relay.Forbidden");
  let declared: Declared<unknown>;
  try {
    declared = { attacker, target: defender, declaration: message, choices: def.checkChoices({ ...posted.choices }, { attacker, target: defender }) };
  } catch (err) {
    return refuse(err instanceof Error ? err.message : "BREADBOX.Relay.Malformed");
  }
  const option = def.responses(declared).find((r) => r.id === payload.response);
  if (!option) return refuse("BREADBOX.Exchange.ResponseNotAllowed");
  if (option.gmOnly && !requester.isGM) return refuse("BREADBOX.Exchange.GMOnly");
  if (!(await claimMark(messageId, RESOLVED_MARK))) return refuse("BREADBOX.Exchange.AlreadyResolved");
  try {
    const resolved = await withResourceLocks(def.spends?.(declared, option.id) ?? [], () => def.resolve(declared, option.id));
    const outcome = resolved.outcome;
    const buttons: CardButton[] = outcome ? [{ action: "core.apply", label: localize("BREADBOX.Exchange.Apply"), visible: `owner:${attacker.uuid},${defender.uuid}`, data: {} }] : [];
    const content = await renderCard(resolved.card, buttons, RESOLUTION);
    const card = await postCard(
      { speaker: ChatMessage.getSpeaker({ actor: defender }), content, rolls: resolved.rolls, flags: { [SYSTEM_ID]: { type: RESOLUTION, exchange: exchangeId(def), declarationId: messageId, targetUuid: defender.uuid } } },
      audienceOf(message),
    );
    if (!card?.id) throw new Error(localize("BREADBOX.Relay.Failed"));
    if (outcome) await updateLedger(card.id, { exchange: { ruleset: def.ruleset, kind: def.kind, declarationId: messageId, attackerUuid: attacker.uuid, targetUuid: defender.uuid, outcome: { ...outcome } } });
    return { ok: true, data: { resolutionId: card.id } };
  } catch (err) {
    await releaseMark(messageId, RESOLVED_MARK);
    console.error("Breadbox | exchange resolution", err);
    return refuse(err instanceof Error && err.message.length > 0 ? err.message : "BREADBOX.Relay.Failed");
  }
}

/** GM side of Apply (relay action `core.apply`): see the module comment, stage 4. */
export async function applyRelayHandler({ requester, target, payload }: RelayContext): Promise<RelayResult> {
  const messageId = typeof payload.messageId === "string" ? payload.messageId : "";
  const record = ledgerEntry(messageId)?.exchange;
  if (!record) return refuse("BREADBOX.Exchange.NothingToApply");
  const def = findExchange(`${record.ruleset}.${record.kind}`);
  if (!def || def.ruleset !== record.ruleset) return refuse("BREADBOX.Exchange.Unknown");
  const defender = actorAt(record.targetUuid);
  const attacker = actorAt(record.attackerUuid);
  if (!defender || !attacker || target.uuid !== defender.uuid) return refuse("BREADBOX.Relay.TargetMismatch");
  if (!requester.isGM && !defender.testUserPermission(requester, "OWNER") && !attacker.testUserPermission(requester, "OWNER")) return refuse("BREADBOX.Relay.Forbidden");
  if (!def.checkOutcome(record.outcome)) return refuse("BREADBOX.Relay.Malformed");
  if (!(await claimMark(messageId, APPLIED_MARK))) return refuse("BREADBOX.Exchange.AlreadyApplied");
  try {
    await def.apply(defender, { ...record.outcome }, { attacker, target: defender });
  } catch (err) {
    await releaseMark(messageId, APPLIED_MARK);
    console.error("Breadbox | exchange apply", err);
    return refuse("BREADBOX.Relay.Failed");
  }
  const message = game.messages?.get(messageId);
  for (const parts of (await def.follow?.(defender, { ...record.outcome })) ?? []) {
    await postCard({ speaker: ChatMessage.getSpeaker({ actor: defender }), content: await renderCard(parts, [], "exchangeFollow"), flags: { [SYSTEM_ID]: { type: "exchangeFollow", exchange: exchangeId(def) } } }, message ? audienceOf(message) : audienceForMode("public"));
  }
  return { ok: true };
}

/** Whether a declaration has its resolution (the GM's record; on a player's client a hint only). */
export function exchangeResolved(messageId: string | null | undefined): boolean {
  return hasMark(messageId, RESOLVED_MARK);
}

async function onRespond(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const flags = cardFlags(message);
  const target = actorAt(flags.targetUuid);
  if (!target || !message.id) return notify("warn", "BREADBOX.Relay.NoTarget");
  await applyOrRelay("core.respond", target, { messageId: message.id, response: button.dataset.response ?? "" });
}

async function onApply(message: ChatMessage.Implementation): Promise<void> {
  const flags = cardFlags(message);
  const target = actorAt(flags.targetUuid);
  if (!target || !message.id) return notify("warn", "BREADBOX.Relay.NoTarget");
  const result = await applyOrRelay("core.apply", target, { messageId: message.id });
  if (result.ok) notify("info", "BREADBOX.Exchange.Applied", { name: target.name ?? "" });
}

/** Wire the engine: its relay actions, its buttons, and the GM's record of declarations. */
export function registerExchanges(): void {
  registerCoreRelayAction("respond", respondRelayHandler);
  registerCoreRelayAction("apply", applyRelayHandler);
  registerCoreChatAction("respond", onRespond);
  registerCoreChatAction("apply", onApply);
  Hooks.on("createChatMessage", (message) => recordDeclaration(message));
}
