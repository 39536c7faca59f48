/**
 * The opposed-roll card (templates/flange/chat/opposed.hbs): both sides' rolls, each character
 * side with its Edge re-roll button (opposed-edge.ts), and the rules core's verdict. A local
 * opposed roll posts it; the `flange.opposed` exchange's resolution card carries its body.
 */
import type * as R from "./rules";
import { format, localize } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import type { Audience } from "../../core/compat";
import { postCard, type CardData } from "../../core/chat/post";
import type { FlangeCheckRoll } from "./dice/check-roll";

/** One side of an opposed card: its character (null: the unnamed opponent) and its evaluated roll. */
export interface OpposedSide {
  actor: Actor.Implementation | null;
  roll: FlangeCheckRoll;
}

/** The card side's view, with its Edge re-roll button when the side is a character whose roll is not a re-roll. */
function sideView(side: OpposedSide, fallbackName: string, rerollable: boolean) {
  const ctx = side.roll.cardContext(false);
  const name = side.actor?.name ?? fallbackName;
  return {
    name,
    uuid: side.actor?.uuid ?? "",
    ...ctx,
    // "Opponent — Opponent" says nothing twice: the roll's title only when it is not the name (issue 24.5).
    showTitle: ctx.title !== "" && ctx.title !== name,
    // Whose re-roll it is, on the button itself.
    rerollLabel: format("BREADBOX.Flange.Opposed.RerollOf", { name }),
    canReroll: rerollable && side.actor !== null && !ctx.rerolled,
  };
}

/** The verdict line of an opposed roll: who wins, or both lose, or a complete tie. */
export function opposedVerdict(first: Pick<OpposedSide, "actor">, second: Pick<OpposedSide, "actor">, comparison: R.OpposedComparison): string {
  const unnamed = localize("BREADBOX.Flange.Opposed.Unnamed");
  const winner = comparison.outcome === "firstWins" ? first.actor?.name : comparison.outcome === "secondWins" ? (second.actor?.name ?? unnamed) : "";
  return winner ? format("BREADBOX.Flange.Opposed.Wins", { name: winner }) : localize(`BREADBOX.Flange.Opposed.${comparison.outcome}`);
}

/** An opposed card's body (first roll, then second, each with its Edge re-roll button) with the rules core's verdict. */
export function opposedCardHtml(first: OpposedSide, second: OpposedSide, comparison: R.OpposedComparison): Promise<string> {
  const unnamed = localize("BREADBOX.Flange.Opposed.Unnamed");
  const firstView = sideView(first, unnamed, true);
  const secondView = sideView(second, unnamed, true);
  return foundry.applications.handlebars.renderTemplate(templatePath("flange/chat/opposed.hbs"), {
    title: format("BREADBOX.Flange.Opposed.TitleVs", { first: firstView.name, second: secondView.name }),
    first: firstView,
    second: secondView,
    outcome: comparison.outcome,
    verdict: opposedVerdict(first, second, comparison),
    decidedBy: localize(`BREADBOX.Flange.Opposed.DecidedBy.${comparison.decidedBy}`),
  });
}

/** Render and post an opposed card (first roll, then second) with the rules core's verdict. */
export async function postOpposedCard(card: {
  speaker: CardData["speaker"];
  first: OpposedSide;
  second: OpposedSide;
  comparison: R.OpposedComparison;
  audience: Audience;
  rerollOf?: string;
}): Promise<ChatMessage.Implementation | undefined> {
  const { first, second, comparison } = card;
  const content = await opposedCardHtml(first, second, comparison);
  const flags: Record<string, unknown> = { type: "flangeOpposed", actorUuid: first.actor?.uuid ?? "", opponentUuid: second.actor?.uuid ?? "", outcome: comparison.outcome, decidedBy: comparison.decidedBy };
  if (card.rerollOf) flags.rerollOf = card.rerollOf;
  return postCard({ speaker: card.speaker, content, rolls: [first.roll, second.roll], flags: { [SYSTEM_ID]: flags } }, card.audience);
}
