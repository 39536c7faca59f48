/**
 * D10/0 attacks on core's exchange engine, as the tests drive them: a response as the engine's
 * button does it on the responder's client (the card read for the dialog, the d100 response dialog,
 * then `core.respond` through the relay), Apply (`core.apply`), and the amount the GM recorded.
 */
import { ledgerEntry } from "../../../src/core/chat/ledger";
import { applyThroughRelay, respondThroughRelay, shift } from "../exchange-relay";

export { shift };

/** The user clicks a response ("defend" or "take") on an attack card. */
export const respond = (user: any, card: any, response: "defend" | "take", event: Event = shift): Promise<any> => respondThroughRelay(user, card, response, event);

/** The user clicks Apply on a resolution card. */
export const apply = applyThroughRelay;

/** The damage the GM recorded for a resolution (0: nothing to apply). */
export const amountOf = (resolution: any): number => Number(ledgerEntry(resolution.id)?.exchange?.outcome.amount ?? 0);
