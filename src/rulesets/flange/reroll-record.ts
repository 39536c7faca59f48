/**
 * The Edge re-roll's "once", kept by the active GM's client in the card ledger (never in a card's
 * flags, which the card's writer can change):
 *
 * - the card whose roll was re-rolled carries the mark `rerolled`, claimed with `claimMark` (checked
 *   and set at once): a second request on that card is refused whatever its flags say;
 * - the mark's value is the **fingerprint** of the roll that was re-rolled (its roller, its pool,
 *   its faces and the id every FlangeCheckRoll gets when it is made), and the card that carries
 *   the new result records the new roll's fingerprint (`rerollResult`, a result that stands). A
 *   copy of a card (the same roll posted again as a new message) has the same fingerprint: a
 *   request whose roll's fingerprint is already on any card's record is refused.
 *
 * Limits: a record lives as long as its card (deleting the original card forgets its
 * fingerprint), and a roll made up by hand with a new id cannot be told from a new roll: it still
 * costs its Edge point, like any re-roll.
 */
import { claimMark, markValue } from "../../core/chat/ledger";
import { sha256Hex } from "./combat/sha256";
import type { FlangeCheckRoll } from "./dice/check-roll";

/** The mark of a card whose roll was re-rolled (value: that roll's fingerprint). */
export const REROLLED_MARK = "rerolled";
/** The mark of a card that carries a re-roll's new result (value: the new roll's fingerprint). */
export const REROLL_RESULT_MARK = "rerollResult";

/** The fingerprint of an evaluated check roll of a character; null for a roll not evaluated. */
export function rollFingerprint(roll: FlangeCheckRoll, actorUuid: string): string | null {
  const check = roll.check;
  if (!check || !roll.wasEvaluated) return null;
  const { dice, target, diceModifier = 0, targetModifier = 0, edgeDice = 0, edgeTarget = 0 } = check.input;
  return sha256Hex(JSON.stringify([actorUuid, [dice, target, diceModifier, targetModifier, edgeDice, edgeTarget], roll.poolFaces, typeof check.rollId === "string" ? check.rollId : ""]));
}

/** Whether any card's record holds this fingerprint (the roll was re-rolled, or is a re-roll's result). */
export function fingerprintRecorded(fingerprint: string): boolean {
  return (game.messages?.contents ?? []).some((m) => markValue(m.id, REROLLED_MARK) === fingerprint || markValue(m.id, REROLL_RESULT_MARK) === fingerprint);
}

/**
 * Claim the re-roll of a card's roll (active GM's client only): false when the card was re-rolled
 * already or its roll's fingerprint is on another card's record (a copy). The look-up and the
 * claim happen with no await in between.
 */
export async function claimReroll(messageId: string, fingerprint: string): Promise<boolean> {
  if (fingerprintRecorded(fingerprint)) return false;
  return claimMark(messageId, REROLLED_MARK, fingerprint);
}

/** Record, on the card that carries it, the new roll of a re-roll (a result that stands). */
export async function recordRerollResult(messageId: string | null | undefined, roll: FlangeCheckRoll, actorUuid: string): Promise<void> {
  const fingerprint = rollFingerprint(roll, actorUuid);
  if (messageId && fingerprint) await claimMark(messageId, REROLL_RESULT_MARK, fingerprint);
}
