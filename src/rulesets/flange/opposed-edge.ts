/**
 * The Edge re-roll on opposed-roll cards (seed 004 "Edge": one re-roll of a dice roll), with the
 * same rules as on check cards (edge.ts): each character side of the card has a button for its
 * owners and the GM; the request goes through the relay to the active GM, where everything is
 * checked again (a Flange opposed card written by the GM or an owner of its roller, not re-rolled
 * yet, that side's roll not itself a re-roll, the requester owns that side's character). Then,
 * under that character's resource lock, its Edge is read again (one point must be left), the
 * re-roll is claimed in the GM-only ledger (once per card, once per roll: a copied card is
 * refused, reroll-record.ts), one Edge is spent, the card's buttons go and that side's pool is
 * rolled again with Foundry's dice; a new opposed card
 * carries the new roll, the other side's roll unchanged and the rules core's new verdict. On the
 * new card only the side that has not re-rolled yet keeps its button. The unnamed opponent has no
 * Edge and no button. Nothing is taken from the request but the card's id and the side.
 */
import * as R from "./rules";
import { SYSTEM_ID } from "../../core/ids";
import { lookupUuidSync, modelOf } from "../../core/game";
import type { RelayContext, RelayResult } from "../../core/relay";
import { cardFlags, cardRefusal } from "../../core/chat/trust";
import { hasMark } from "../../core/chat/ledger-marks";
import { audienceOf } from "../../core/compat";
import { BreadboxActor } from "../../core/documents/actor";
import { FlangeActorModel } from "./data/actor";
import { FlangeCheckRoll } from "./dice/check-roll";
import { postOpposedCard } from "./opposed-card";
import { RESOLUTION } from "../../core/exchange/engine";
import { REROLLED_MARK, askReroll, payReroll, recordRerollResult, rollFingerprint, supersededContent } from "./reroll-record";

export type OpposedSideKey = "first" | "second";

function sideKey(raw: unknown): OpposedSideKey | null {
  return raw === "first" || raw === "second" ? raw : null;
}

function actorOf(uuid: unknown): Actor.Implementation | null {
  if (typeof uuid !== "string" || uuid === "") return null;
  const doc = lookupUuidSync(uuid);
  return doc instanceof BreadboxActor ? doc : null;
}

/** The card's two rolls (first, second), or null when it is not a Flange opposed card. */
function opposedRolls(message: ChatMessage.Implementation): [FlangeCheckRoll, FlangeCheckRoll] | null {
  const flags = cardFlags(message);
  // A local opposed card, or the resolution of a `flange.opposed` exchange (the GM's card).
  if (flags.type !== "flangeOpposed" && !(flags.type === RESOLUTION && flags.exchange === "flange.opposed")) return null;
  const rolls = message.rolls.filter((r): r is FlangeCheckRoll => r instanceof FlangeCheckRoll);
  return rolls.length === 2 ? [rolls[0], rolls[1]] : null;
}

/** The uuid of a side's character on the card ("" for the unnamed opponent). */
function sideUuid(message: ChatMessage.Implementation, side: OpposedSideKey): string {
  const v = cardFlags(message)[side === "first" ? "actorUuid" : "opponentUuid"];
  return typeof v === "string" ? v : "";
}

/** Why this side cannot be re-rolled (a localization key), or null, as far as this client can tell. */
function spentRefusal(message: ChatMessage.Implementation, roll: FlangeCheckRoll): string | null {
  // Refusals only: whether a side may re-roll is decided by the GM's record (reroll-record.ts).
  if (hasMark(message.id, REROLLED_MARK)) return "BREADBOX.Flange.Edge.AlreadyRerolled";
  if (roll.check?.rerolled) return "BREADBOX.Flange.Edge.IsReroll";
  return null;
}

/** Card button: ask for one side's Edge re-roll (the active GM makes it). */
export async function onOpposedReroll(message: ChatMessage.Implementation, button: HTMLElement | null | undefined): Promise<void> {
  const side = sideKey(button?.dataset.side);
  const rolls = opposedRolls(message);
  if (!side || !rolls) return;
  const actor = actorOf(sideUuid(message, side));
  const model = modelOf(actor, FlangeActorModel);
  if (!actor || !model || !actor.isOwner) return;
  await askReroll("flange.opposedReroll", actor, model, spentRefusal(message, rolls[side === "first" ? 0 : 1]), { messageId: message.id, side });
}

/** GM side of an opposed re-roll: everything checked again; only the card's id and the side are read from the request. */
export async function relayOpposedReroll(ctx: RelayContext): Promise<RelayResult> {
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const side = sideKey(ctx.payload.side);
  const message = messageId ? game.messages?.get(messageId) : undefined;
  const rolls = message ? opposedRolls(message) : null;
  if (!message || !side || !rolls || !rolls[0].check?.result || !rolls[1].check?.result || !rolls[0].wasEvaluated || !rolls[1].wasEvaluated) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const actor = ctx.target;
  const model = actor instanceof BreadboxActor ? modelOf(actor, FlangeActorModel) : null;
  const uuid = sideUuid(message, side);
  if (!(actor instanceof BreadboxActor) || !model || uuid === "" || uuid !== actor.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!ctx.requester.isGM && !actor.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  // The card is genuine when written by the GM or an owner of its roller (the first side).
  const roller = actorOf(sideUuid(message, "first"));
  const index = side === "first" ? 0 : 1;
  const refusal = cardRefusal(message, roller) ?? spentRefusal(message, rolls[index]);
  if (refusal) return { ok: false, error: refusal };
  const check = rolls[index].check;
  const fingerprint = rollFingerprint(rolls[index], uuid);
  if (!check || !fingerprint) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const claimed = await payReroll(actor, messageId, fingerprint);
  if (claimed) return { ok: false, error: claimed };
  // What the card shows (display only; the ledger is the record).
  await message.update({ content: supersededContent(message.content ?? "", { remove: ".flange-opposed-reroll", card: ".flange-opposed", note: "flange-opposed-superseded" }), flags: { [SYSTEM_ID]: { rerolled: true } } });
  const fresh = FlangeCheckRoll.fromCheck({ title: check.title, input: check.input, parts: check.parts, actorUuid: undefined, rerolled: true });
  await fresh.evaluate();
  const first = index === 0 ? fresh : rolls[0];
  const second = index === 1 ? fresh : rolls[1];
  const a = first.checkResult;
  const b = second.checkResult;
  if (!a || !b) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const posted = await postOpposedCard({
    speaker: message.speaker,
    first: { actor: roller, roll: first },
    second: { actor: actorOf(sideUuid(message, "second")), roll: second },
    comparison: R.compareChecks(a, b),
    audience: audienceOf(message),
    rerollOf: message.id ?? undefined,
  });
  await recordRerollResult(posted?.id, fresh, uuid);
  return { ok: true };
}
