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
import { sideLabels, type SideNames } from "../../core/rolls/odds-panel";
import type { FlangeCheckRoll } from "./dice/check-roll";

/** One side of an opposed card: its character (null: the unnamed opponent) and its evaluated roll. */
export interface OpposedSide {
  actor: Actor.Implementation | null;
  roll: FlangeCheckRoll;
}

/** The card side's view, with its Edge re-roll button when the side is a character whose roll is not a re-roll. */
function sideView(side: OpposedSide, rerollable: boolean) {
  const ctx = side.roll.cardContext(false);
  const name = sideName(side.actor);
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

/** A side's name: its character's, or the book's "Opponent" for the unnamed opponent. */
export function sideName(actor: Actor.Implementation | null): string {
  return actor?.name ?? localize("BREADBOX.Flange.Opposed.Unnamed");
}

/**
 * The odds panel's labels of an opposed roll, naming both sides (issue 24.5): "Mr Tims wins",
 * "Opponent fails critically"; both losing and a tie in the book's words.
 */
export function opposedOddsLabels(names: SideNames): { labelKey(key: string): string; label(key: string): string | undefined } {
  return {
    labelKey: (k) => `BREADBOX.Flange.Opposed.${k}`,
    label: sideLabels(names, { Wins: "BREADBOX.Flange.Opposed.Wins", CriticalFailure: "BREADBOX.Flange.Opposed.FailsCritically" }),
  };
}

/** The verdict line of an opposed roll: who wins (by name), or both lose, or a complete tie. */
export function opposedVerdict(first: Pick<OpposedSide, "actor">, second: Pick<OpposedSide, "actor">, comparison: R.OpposedComparison): string {
  const names = { first: sideName(first.actor), second: sideName(second.actor) };
  return opposedOddsLabels(names).label(comparison.outcome) ?? localize(`BREADBOX.Flange.Opposed.${comparison.outcome}`);
}

/** An opposed card's body (first roll, then second, each with its Edge re-roll button) with the rules core's verdict. */
export function opposedCardHtml(first: OpposedSide, second: OpposedSide, comparison: R.OpposedComparison): Promise<string> {
  const firstView = sideView(first, true);
  const secondView = sideView(second, true);
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
