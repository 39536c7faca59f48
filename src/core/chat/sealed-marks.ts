/**
 * "Once" marks whose value a hidden card keeps from someone (src/core/exchange/seal.ts: a record
 * never holds more than its card shows the same users). On a public card the value is the mark's,
 * as with `claimMark`. On a card hidden from anyone (whispered or blind), the record's mark holds
 * only a seal of the value, and the GM writes the value onto the card itself
 * (`flags.breadbox.sealedMarks`), where only the card's audience receives it; reading checks it
 * against the seal, so a value its writer edits afterwards is not read. Active GM's client only.
 */
import { SYSTEM_ID } from "../ids";
import { audienceOf } from "../compat";
import { isHiddenAudience, matchesSeal, sealOf } from "../exchange/seal";
import { cardFlags } from "./trust";
import { claimMark, markKey, markValue } from "./ledger-marks";

type MarkValue = string | number | boolean;

const SEALED = "seal:";

/** Claim a mark with a value, once (as `claimMark`), sealed when the card is hidden from anyone. */
export async function claimSealedMark(message: ChatMessage.Implementation, name: string, value: MarkValue): Promise<boolean> {
  const id = message.id;
  if (!id) return false;
  if (!isHiddenAudience(audienceOf(message))) return claimMark(id, name, value);
  if (!(await claimMark(id, name, `${SEALED}${sealOf({ name, value })}`))) return false;
  await message.update({ flags: { [SYSTEM_ID]: { sealedMarks: { [markKey(name)]: value } } } });
  return true;
}

/** A mark's value (`markValue`), read from the card where the record keeps only its seal; undefined when it does not match. */
export function sealedMarkValue(message: ChatMessage.Implementation | undefined, name: string): MarkValue | undefined {
  const stored = markValue(message?.id, name);
  if (!message || typeof stored !== "string" || !stored.startsWith(SEALED)) return stored;
  const kept: unknown = cardFlags(message).sealedMarks;
  const value = kept && typeof kept === "object" && !Array.isArray(kept) ? (kept as Record<string, unknown>)[markKey(name)] : undefined;
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
  return matchesSeal({ name, value }, stored.slice(SEALED.length)) ? value : undefined;
}
