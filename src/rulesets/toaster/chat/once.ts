/**
 * What makes a Toaster check roll that roll, for the 4-point luck re-roll's "once per roll"
 * (claimed through core's world-wide keys, src/core/chat/once.ts): its roller, formula, faces and
 * the random id it got when it was evaluated (`rollId`, dice/check-roll.ts). A copy of a card has
 * the same fingerprint; two honest rolls that happen to show the same faces do not. A roll from
 * before the id existed has no fingerprint and is once per card only. Also the GM's marks on a
 * check card that luck leaves (re-rolled, luck added after the roll), read by the attack too.
 */
import { rollFingerprint as fingerprintOf, rollUsed } from "../../../core/chat/once";
import { isLedgerKeeper } from "../../../core/chat/ledger";
import { hasMark, markValue } from "../../../core/chat/ledger-marks";
import { cardFlags } from "../../../core/chat/trust";
import { ToasterCheckRoll } from "../dice/check-roll";
import { D10StarDie } from "../dice/d10star";

/** The once-per-roll scope of the luck re-roll. */
export const REROLL_SCOPE = "toaster.reroll";
/** The ledger's "once" mark of a check card re-rolled with luck (its value: the roll's fingerprint, or true). */
export const REROLL_MARK = "rerolled";
/** The mark on the re-roll card the GM posted: the fingerprint of the roll it replaced. */
export const REROLL_OF_MARK = "rerollOf";
/** The GM's count of luck points spent after the roll on an attack declaration (its posted roll stays as posted). */
export const LUCK_AFTER_MARK = "luckAfter";

/**
 * The formula as fingerprints spell it: the d10* as `t`, its letter when fingerprints began, so a
 * claim made before the letter changed (issue 18) still holds for the same roll after it.
 */
export function fingerprintFormula(formula: string): string {
  return formula.replace(new RegExp(`(\\d+)d${D10StarDie.DENOMINATION}`, "g"), "$1dt");
}

/** The roll's fingerprint (core's once-per-roll, src/core/chat/once.ts), or null when the roll carries no id. */
export function rollFingerprint(roll: ToasterCheckRoll): string | null {
  const check = roll.check;
  const rollId = check.rollId;
  if (typeof rollId !== "string" || !rollId) return null;
  const result = check.result;
  return fingerprintOf([check.actorUuid ?? "", fingerprintFormula(roll.formula), roll.starFaces, result?.faces.die ?? [], result?.faces.fumble ?? [], check.fumbleFaces ?? [], rollId]);
}

/** The first check roll of a card (other rolls on it are its follow-up dice). */
export function checkRollOf(message: ChatMessage.Implementation): ToasterCheckRoll | undefined {
  return message.rolls.find((r): r is ToasterCheckRoll => r instanceof ToasterCheckRoll);
}

/**
 * Whether this card's roll has already been re-rolled with luck, from the ledger only (never the
 * card's flags): the card carries the "rerolled" mark, or another card's record holds the same
 * roll's fingerprint (a copy of a re-rolled card, or the original of a re-rolled copy; the
 * GM-written re-roll card keeps it when the original is deleted).
 */
export function rollWasRerolled(messageId: string | null | undefined, roll: Roll | undefined): boolean {
  if (hasMark(messageId, REROLL_MARK)) return true;
  const fingerprint = roll instanceof ToasterCheckRoll ? rollFingerprint(roll) : null;
  return Boolean(fingerprint && rollUsed(REROLL_SCOPE, fingerprint));
}

/**
 * A check card whose roll was cancelled by the 4-point luck re-roll. The ledger decides (above);
 * on a player's client, which may not read the ledger, the card's own `rerolled` flag (display
 * only, written by the GM) gives an early warning — the GM's client refuses regardless.
 */
export function rerolledHint(message: ChatMessage.Implementation): boolean {
  if (rollWasRerolled(message.id, checkRollOf(message))) return true;
  return !isLedgerKeeper() && cardFlags(message).rerolled === true;
}

/** Luck points spent after the roll on a declaration, as the GM recorded them. */
export function luckAfterSpent(messageId: string | null | undefined): number {
  const n = markValue(messageId, LUCK_AFTER_MARK);
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : 0;
}
