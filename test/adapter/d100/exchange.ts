/**
 * D10/0 attacks on core's exchange engine, as the tests drive them: a response as the engine's
 * button does it on the responder's client (the card read for the dialog, the d100 response dialog,
 * then `core.respond` through the relay), Apply (`core.apply`), and the amount the GM recorded.
 */
import { asUser } from "../../harness/index";
import { applyOrRelay } from "../../../src/core/relay";
import { declarationOnCard } from "../../../src/core/exchange/engine";
import { ledgerEntry, ledgerSettled } from "../../../src/core/chat/ledger";
import { d100Attack } from "../../../src/rulesets/d100/combat/attack";

/** A click holding the skip key (no dialog). */
export const shift = new MouseEvent("click", { shiftKey: true });

/** The user clicks a response ("defend" or "take") on an attack card. */
export async function respond(user: any, card: any, response: "defend" | "take", event: Event = shift): Promise<any> {
  await ledgerSettled();
  return asUser(user, async () => {
    const onCard = declarationOnCard(card);
    if (!onCard) throw new Error("not an exchange declaration");
    const answer = await d100Attack.respondDialog!(onCard.declared as any, response, event);
    if (!answer) return null;
    return applyOrRelay("core.respond", onCard.declared.target, { messageId: card.id, response, choices: answer.choices, mode: answer.mode });
  });
}

/** The user clicks Apply on a resolution card. */
export const apply = (user: any, resolution: any): Promise<any> => asUser(user, () => applyOrRelay("core.apply", { uuid: resolution.flags.breadbox.targetUuid }, { messageId: resolution.id }));

/** The damage the GM recorded for a resolution (0: nothing to apply). */
export const amountOf = (resolution: any): number => Number(ledgerEntry(resolution.id)?.exchange?.outcome.amount ?? 0);
