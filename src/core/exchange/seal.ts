/**
 * Sealed records: what the GM's record book keeps for a card that some users may not see.
 *
 * The record book is a journal entry with ownership NONE. Whether Foundry's server withholds such
 * an entry from players is not documented (test/harness/README.md, VERIFY 42), so the book is
 * treated as readable by anyone with a console. The rule that follows: **a record never holds more
 * than its card shows the same users.** For a public card the record may keep its own copy of
 * what the card carries (the declaration's choices and dice, the outcome Apply writes). For a card
 * hidden from anyone (whispered, or blind), the record keeps only a seal — a SHA-256 of that content
 * — and the content stays on the card, with the card's own audience. When the GM needs it, it is
 * read from the card and used only if it still matches the seal; a card edited after it was
 * posted is refused. Whatever Foundry sends to whom, the record book leaks nothing a hidden card
 * keeps from someone. Pure over its inputs (no Foundry globals).
 */
import { sha256Hex } from "../sha256";
import type { Audience } from "../compat";
import { stableJson } from "../stable-json";

/** Whether a card with this audience is hidden from anyone (whispered or blind). */
export function isHiddenAudience(audience: Audience): boolean {
  return audience.blind || audience.whisper.length > 0;
}

/** The seal of a card's content: a SHA-256 of its stable JSON. */
export function sealOf(content: unknown): string {
  return sha256Hex(stableJson(content));
}

/** Whether content read back from a card is the content that was sealed. */
export function matchesSeal(content: unknown, seal: unknown): boolean {
  return typeof seal === "string" && seal.length === 64 && sealOf(content) === seal;
}
