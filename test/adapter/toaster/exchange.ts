/**
 * The Toaster attack's buttons as the exchange engine wires them (src/core/exchange/engine.ts), for
 * tests that drive them as a user: Defend is `core.respond` (the defence dialog on the clicker's
 * client, then the active GM), Apply is `core.apply`. Each does what the engine's click handler does.
 */
import { respondOnCard } from "../../../src/core/exchange/engine";
import { applyOrRelay, type RelayResult } from "../../../src/core/relay";

/** Click Defend on an attack declaration (the engine's own click path; the event decides whether the dialog is skipped). */
export function defend(message: any, event: Event | null = null): Promise<RelayResult | null> {
  return respondOnCard(message, "defend", event);
}

/** Ask the GM to defend with these raw choices (what a Defend click sends). */
export function relayDefence(message: any, target: { uuid: string }, choices: Record<string, unknown>, mode = "public"): Promise<RelayResult> {
  return applyOrRelay("core.respond", target, { messageId: message.id, response: "defend", choices, mode });
}

/** Click Apply on a resolution card. */
export function applyDamage(message: any): Promise<RelayResult> {
  return applyOrRelay("core.apply", { uuid: String(message.flags?.breadbox?.targetUuid ?? "") }, { messageId: message.id });
}
