/**
 * Luck spent on a Toaster check card after the roll (+1 a point, or 4 points to re-roll), on any
 * check card — an attack declaration too, until its defence. The active GM makes every change,
 * reading the roll it counts: a declaration's as posted (the engine's record), else the card's.
 */
import * as R from "../rules";
import { SYSTEM_ID } from "../../../core/ids";
import { updateRolls } from "../../../core/foundry";
import { actorFromUuidSync, format, localize, lookupUuidSync, modelOf } from "../../../core/game";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../../core/relay";
import { audienceOf, type MessageMode } from "../../../core/compat";
import { ledgerEntry, type LedgerPosted } from "../../../core/chat/ledger";
import { claimMark, releaseMark } from "../../../core/chat/ledger-marks";
import { postCard } from "../../../core/chat/post";
import { cardFlags, cardRefusal, cardWriter, withResourceLocks } from "../../../core/chat/trust";
import { claimRoll, releaseRoll } from "../../../core/chat/once";
import { DECLARATION, exchangeResolved, postedDeclaration, type PostedDeclaration } from "../../../core/exchange/engine";
import { BreadboxActor } from "../../../core/documents/actor";
import { LUCK_AFTER_MARK, REROLL_MARK, REROLL_OF_MARK, REROLL_SCOPE, checkRollOf, luckAfterSpent, rerolledHint, rollFingerprint, rollWasRerolled } from "./once";
import { declareAttack, showDeclaration, toasterAttack } from "./attack";
import { ToasterCheckRoll } from "../dice/check-roll";
import { ToasterActorModel } from "../data/actor";
import { toasterRules } from "../settings";
import { applyCheckEffect } from "../effects";
import { sys } from "../requests";

/** A Toaster check card: a check card, or a Toaster attack declaration (its card is the attack's check card). */
function isCheckCard(message: ChatMessage.Implementation): boolean {
  const flags = cardFlags(message);
  return flags.type === "toasterCheck" || (flags.type === DECLARATION && flags.exchange === "toaster.attack");
}

/** The check card's actor, when the current user owns it and luck can be spent on the card. */
function luckCardActor(message: ChatMessage.Implementation): Actor.Implementation | null {
  const roll = checkRollOf(message);
  if (!isCheckCard(message) || !roll?.checkResult) return null;
  const actor = roll.check.actorUuid ? (lookupUuidSync(roll.check.actorUuid) as Actor.Implementation | null) : null;
  if (!actor?.isOwner) return null;
  if (!toasterRules().luckPoints) {
    ui.notifications?.warn(localize("BREADBOX.Relay.LuckOff"));
    return null;
  }
  const resolved = exchangeResolved(message.id);
  if (resolved || rerolledHint(message)) {
    ui.notifications?.warn(localize(resolved ? "BREADBOX.Toaster.Attack.AlreadyResolved" : "BREADBOX.Toaster.Luck.WasRerolled"));
    return null;
  }
  return actor;
}

/** +1 per luck point after the roll, on any Toaster check card; the active GM makes the change. */
export async function onLuckAfter(message: ChatMessage.Implementation): Promise<void> {
  const actor = luckCardActor(message);
  if (!actor) return;
  if (sys(actor).luck.value < 1) {
    ui.notifications?.warn(localize("BREADBOX.Toaster.Luck.NoneLeft"));
    return;
  }
  await applyOrRelay("toaster.luckAfter", { uuid: actor.uuid }, { messageId: message.id });
}

/** Spend four luck points to re-roll the die of a check card; the active GM makes the change. */
export async function onLuckReroll(message: ChatMessage.Implementation): Promise<void> {
  const actor = luckCardActor(message);
  if (!actor) return;
  if (sys(actor).luck.value < R.LUCK_REROLL_COST) {
    ui.notifications?.warn(format("BREADBOX.Toaster.Luck.NotEnough", { cost: R.LUCK_REROLL_COST }));
    return;
  }
  await applyOrRelay("toaster.luckReroll", { uuid: actor.uuid }, { messageId: message.id });
}

interface SpendCard {
  message: ChatMessage.Implementation;
  messageId: string;
  roll: ToasterCheckRoll;
  actor: Actor.Implementation;
  /** A declaration's record as posted (its roll is the one counted, its choices are declared again on a re-roll). */
  posted?: PostedDeclaration;
}

/** The roll a declaration was posted with (the GM's record). */
function postedRoll(posted: LedgerPosted): ToasterCheckRoll | undefined {
  const json = posted.rolls?.[0];
  try {
    const roll = typeof json === "string" ? Roll.fromJSON(json) : undefined;
    return roll instanceof ToasterCheckRoll ? roll : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What every luck spend checks on the GM's client, inside the critical section: the luck rule is
 * on; the card is a check card (not a resolution card carrying a defence roll) written by the GM or
 * an owner of its roller; the target is that roller; the requester is a GM or owns the roller; the
 * card is neither resolved nor re-rolled (the ledger's marks, never the card's flags).
 */
function luckSpendCard(ctx: RelayContext): SpendCard | RelayResult {
  if (!toasterRules().luckPoints) return { ok: false, error: "BREADBOX.Relay.LuckOff" };
  const messageId = typeof ctx.payload.messageId === "string" ? ctx.payload.messageId : "";
  const message = messageId ? game.messages?.get(messageId) : undefined;
  if (!message || !isCheckCard(message)) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const declaration = cardFlags(message).type === DECLARATION;
  if (declaration && !ledgerEntry(messageId)?.posted) return { ok: false, error: "BREADBOX.Exchange.NotRecorded" };
  const posted = declaration ? postedDeclaration(messageId) : undefined;
  if (declaration && !posted) return { ok: false, error: "BREADBOX.Relay.NotGenuine" };
  const roll = posted ? postedRoll(posted) : checkRollOf(message);
  if (!roll?.checkResult) return { ok: false, error: "BREADBOX.Relay.Malformed" };
  const actor = ctx.target;
  const rollerUuid = posted ? posted.attackerUuid : cardFlags(message).actorUuid;
  if (!(actor instanceof BreadboxActor) || !modelOf(actor, ToasterActorModel) || roll.check.actorUuid !== actor.uuid || rollerUuid !== actor.uuid) return { ok: false, error: "BREADBOX.Relay.TargetMismatch" };
  if (!ctx.requester.isGM && !actor.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Relay.Forbidden" };
  const refusal = cardRefusal(message, actor);
  if (refusal) return { ok: false, error: refusal };
  if (exchangeResolved(messageId)) return { ok: false, error: "BREADBOX.Toaster.Attack.AlreadyResolved" };
  if (rollWasRerolled(messageId, roll)) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
  return { message, messageId, roll, actor, posted };
}

/** A declaration's target, as the GM's record names it. */
function postedTarget(posted: LedgerPosted): Actor.Implementation | null {
  return actorFromUuidSync(posted.targetUuid);
}

/**
 * Spend one luck point on a check card (GM side): the balance is read and spent under the actor's
 * resource lock. On a declaration the GM records the count (what the attack's resolution adds)
 * and shows it on the card; its posted roll stays as posted.
 */
export async function relayLuckAfter(ctx: RelayContext): Promise<RelayResult> {
  const card = luckSpendCard(ctx);
  if ("ok" in card) return card;
  const { message, messageId, roll, actor, posted } = card;
  return withResourceLocks([actor], async () => {
    const luck = sys(actor).luck.value;
    if (luck < 1) return { ok: false, error: "BREADBOX.Toaster.Luck.NoneLeft" };
    if (posted) {
      const target = postedTarget(posted);
      if (!target) return { ok: false, error: "BREADBOX.Relay.NoTarget" };
      const spent = luckAfterSpent(messageId) + 1;
      await releaseMark(messageId, LUCK_AFTER_MARK);
      await claimMark(messageId, LUCK_AFTER_MARK, spent);
      roll.setResult(R.applyLuckAfter(roll.checkResult!, spent));
      await actor.update({ system: { luck: { value: luck - 1 } } });
      await showDeclaration(message, target, [roll, ...message.rolls.slice(1)]);
      return { ok: true };
    }
    const before = roll.snapshot();
    roll.setResult(R.applyLuckAfter(roll.checkResult!, 1));
    await actor.update({ system: { luck: { value: luck - 1 } } });
    await applyCheckEffect(actor, roll, before, audienceOf(message));
    await updateRolls(message, message.rolls);
    return { ok: true };
  });
}

/** The mode that gives a card posted now the audience of an earlier one. */
function modeOf(message: ChatMessage.Implementation): MessageMode {
  const audience = audienceOf(message);
  return audience.blind ? "blind" : audience.whisper.length ? "gm" : "public";
}

/**
 * Re-roll a check card for four luck points (GM side), once per roll: under the actor's resource
 * lock the luck is read and checked, then the card's "rerolled" mark is claimed in the ledger
 * (its value: the roll's fingerprint, so a copy of the card is refused too), then the luck is
 * spent. The mark is taken back when the spend fails. The new card goes to the old card's
 * audience and records the fingerprint it replaced; the old card's `rerolled` flag is display only.
 * A declaration's re-roll is a new declaration by the GM, its choices from the GM's record of the
 * first (checked again before anything is spent), so the attack is defended once, on the new card.
 */
export async function relayLuckReroll(ctx: RelayContext): Promise<RelayResult> {
  const card = luckSpendCard(ctx);
  if ("ok" in card) return card;
  const { message, messageId, roll, actor, posted } = card;
  const target = posted ? postedTarget(posted) : null;
  if (posted) {
    try {
      if (!target) throw new Error("BREADBOX.Relay.NoTarget");
      toasterAttack.checkChoices({ ...posted.choices }, { attacker: actor, target }, { writerIsGM: cardWriter(message)?.isGM === true });
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : "BREADBOX.Relay.Malformed" };
    }
  }
  const fingerprint = rollFingerprint(roll);
  const spent = await withResourceLocks([actor], async (): Promise<RelayResult> => {
    const luck = sys(actor).luck.value;
    if (luck < R.LUCK_REROLL_COST) return { ok: false, error: "BREADBOX.Toaster.Luck.NotEnough" };
    if (rollWasRerolled(messageId, roll)) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
    // Once per roll (a copy of the card is the same roll), then once per card.
    if (fingerprint && !(await claimRoll(REROLL_SCOPE, fingerprint, messageId))) return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
    if (!(await claimMark(messageId, REROLL_MARK, fingerprint ?? true))) {
      if (fingerprint) await releaseRoll(REROLL_SCOPE, fingerprint);
      return { ok: false, error: "BREADBOX.Toaster.Luck.WasRerolled" };
    }
    try {
      await actor.update({ system: { luck: { value: luck - R.LUCK_REROLL_COST } } });
    } catch (err) {
      await releaseMark(messageId, REROLL_MARK);
      if (fingerprint) await releaseRoll(REROLL_SCOPE, fingerprint);
      throw err;
    }
    return { ok: true };
  });
  if (!spent.ok) return spent;
  await message.update({ flags: { [SYSTEM_ID]: { rerolled: true } } });
  const fresh = ToasterCheckRoll.fromCheck({ ...roll.check, result: undefined, fumbleFaces: undefined, effect: undefined, rollId: undefined });
  await fresh.evaluate();
  if (fresh.checkResult) fresh.setResult({ ...fresh.checkResult, rerolled: true });
  if (posted && target) {
    const declared = await declareAttack(actor, target, posted.choices, fresh, modeOf(message), { rerollOf: message.id });
    if (declared?.id && fingerprint) await claimMark(declared.id, REROLL_OF_MARK, fingerprint);
    return { ok: true };
  }
  const oldFlags = { ...cardFlags(message) };
  delete oldFlags.rerolled;
  const reposted = await postCard(
    {
      speaker: message.speaker,
      flavor: format("BREADBOX.Toaster.Luck.RerollOf", { title: roll.check.title }),
      rolls: [fresh, ...(fresh.fumbleRoll ? [fresh.fumbleRoll] : [])],
      flags: { [SYSTEM_ID]: { ...oldFlags, rerollOf: message.id } },
    },
    audienceOf(message),
  );
  if (reposted?.id && fingerprint) await claimMark(reposted.id, REROLL_OF_MARK, fingerprint);
  await applyCheckEffect(actor, fresh, roll, reposted ? audienceOf(reposted) : audienceOf(message));
  if (fresh.check.effect && reposted) await updateRolls(reposted, reposted.rolls.map((r) => (r instanceof ToasterCheckRoll ? fresh : r)));
  return { ok: true };
}
