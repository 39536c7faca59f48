/**
 * "Once per roll": a roll is recognised by a fingerprint (a SHA-256 of what makes it that roll —
 * its roller, its dice, its faces and the random id it got when it was evaluated), so a copy of a
 * card (the same roll posted again as a new message) is the same roll, while two honest rolls that
 * happen to show the same faces are not. Each ruleset says what makes its roll; claiming is core's:
 * a world-wide ledger key (`claimKey`), kept when the cards are deleted.
 */
import { sha256Hex } from "../sha256";
import { claimKey, hasKey, releaseKey } from "./ledger-marks";

/** The fingerprint of a roll from the parts that make it (any JSON-able values, in order). */
export function rollFingerprint(parts: readonly unknown[]): string {
  return sha256Hex(JSON.stringify(parts));
}

/** Whether a roll with this fingerprint has been used for `what` (e.g. "toaster.reroll"). */
export function rollUsed(what: string, fingerprint: string): boolean {
  return hasKey(what, fingerprint);
}

/**
 * Claim a roll for `what`, once in the world (active GM's client): true when this call claimed
 * it. `value` is kept with the claim (e.g. the id of the card it was claimed on).
 */
export function claimRoll(what: string, fingerprint: string, value: string | boolean = true): Promise<boolean> {
  return claimKey(what, fingerprint, value);
}

/** Give a claim back (the spend it guarded failed). */
export function releaseRoll(what: string, fingerprint: string): Promise<void> {
  return releaseKey(what, fingerprint);
}
