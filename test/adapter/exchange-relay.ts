/**
 * A response sent as the engine's button sends it, but without the client-side refusals of
 * `respondOnCard` (src/core/exchange/engine.ts): the response's dialog (skipped with the shift key
 * by default), then `core.respond` through the relay — so tests see what the GM answers to a
 * request a console could send anyway. Used by every ruleset's adapter tests.
 */
import { asUser } from "../harness/index";
import { applyOrRelay } from "../../src/core/relay";
import { declarationOnCard } from "../../src/core/exchange/engine";
import { ledgerSettled } from "../../src/core/chat/ledger";

/** A click holding the skip key (no dialog). */
export const shift = new MouseEvent("click", { shiftKey: true });

/** The user answers a declaration with `response`; the GM's answer, or null when the dialog was cancelled. */
export async function respondThroughRelay(user: any, card: any, response: string, event: Event | null = shift): Promise<any> {
  await ledgerSettled();
  return asUser(user, async () => {
    const onCard = declarationOnCard(card);
    if (!onCard) throw new Error("not an exchange declaration");
    const answer = onCard.def.respondDialog ? await onCard.def.respondDialog(onCard.declared, response, event) : { choices: {}, mode: "public" };
    if (!answer) return null;
    return applyOrRelay("core.respond", onCard.declared.target, { messageId: card.id, response, choices: answer.choices, mode: answer.mode });
  });
}

/** The user clicks Apply on a resolution card (`core.apply`); the GM's answer. */
export const applyThroughRelay = (user: any, resolution: any): Promise<any> => asUser(user, () => applyOrRelay("core.apply", { uuid: resolution.flags.breadbox.targetUuid }, { messageId: resolution.id }));
