/**
 * Opposed rolls (seed 004 "Opposed Dice Rolls"): two characters roll their checks as normal; the
 * one with more successes wins; on equal successes the highest single die wins, then the next
 * highest and so on; with no successes on either side both lose. One dialog sets up both sides —
 * the roller's, and the targeted Flange character's (its Edge only when the user owns it) or, with
 * no target, an unnamed opponent's dice and target number — shows the exact odds of each result,
 * rolls both pools with Foundry's dice and posts one card with the rules core's verdict.
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { oddsPanelHtml } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode, type Audience } from "../../core/compat";
import { postCard, type CardData } from "../../core/chat/post";
import { targetedActors } from "../../core/foundry";
import { inputsHtml, intInput, readInputs } from "../../core/forms/inputs";
import { FlangeActorModel } from "./data/actor";
import { FlangeCheckRoll, type FlangeCheckOptions } from "./dice/check-roll";
import { buildCheck, checkDialogHtml, defaultChoices, poolSummary, readChoices, sideContext, sideHtml, spendEdge, refundEdge, type FlangeCheckChoices } from "./checks";

/** The second side: a Flange character (its choices) or an unnamed opponent (dice and target). */
export type OpposedSecond = { kind: "actor"; choices: FlangeCheckChoices } | { kind: "unnamed"; dice: number; target: number };

export interface OpposedChoices {
  first: FlangeCheckChoices;
  second: OpposedSecond;
}

export interface Opponent {
  actor: Actor.Implementation;
  model: FlangeActorModel;
  /** Edge the user may spend for the opponent (0 unless the user owns it). */
  edgeLimit: number;
}

/** The first targeted Flange character other than the roller, if any. */
export function opponentOf(actor: Actor.Implementation): Opponent | null {
  for (const a of targetedActors()) {
    if (a.uuid === actor.uuid) continue;
    const model = modelOf(a, FlangeActorModel);
    if (model) return { actor: a, model, edgeLimit: a.isOwner ? model.edgeAvailable : 0 };
  }
  return null;
}

export interface BuiltOpposed {
  first: FlangeCheckOptions;
  second: FlangeCheckOptions;
  pools: { first: R.CheckPool; second: R.CheckPool };
}

export function buildOpposed(model: FlangeActorModel, opponent: Opponent | null, c: OpposedChoices, uuids: { first?: string; second?: string } = {}): BuiltOpposed {
  const first = buildCheck(model, c.first, uuids.first);
  if (c.second.kind === "actor") {
    if (!opponent) throw new Error(localize("BREADBOX.Flange.Opposed.NoOpponent"));
    if (c.second.choices.edgeDice + c.second.choices.edgeTarget > opponent.edgeLimit) throw new Error(format("BREADBOX.Flange.Edge.NotEnough", { n: c.second.choices.edgeDice + c.second.choices.edgeTarget, available: opponent.edgeLimit }));
    const second = buildCheck(opponent.model, c.second.choices, uuids.second);
    return { first: first.options, second: second.options, pools: { first: first.pool, second: second.pool } };
  }
  const input: R.CheckInput = { dice: c.second.dice, target: c.second.target };
  let pool: R.CheckPool;
  try {
    pool = R.settlePool(input);
  } catch (err) {
    throw new Error(format("BREADBOX.Flange.Check.Refused", { reason: err instanceof Error ? err.message : String(err) }));
  }
  const title = localize("BREADBOX.Flange.Opposed.Unnamed");
  return { first: first.options, second: { title, input, parts: [{ label: title, dice: c.second.dice, target: 0 }] }, pools: { first: first.pool, second: pool } };
}

export function opposedOddsHtml(built: BuiltOpposed): string {
  const summary = document.createElement("p");
  summary.className = "bb-pool-summary";
  summary.textContent = `${poolSummary(built.pools.first)} ↔ ${poolSummary(built.pools.second)}`;
  return summary.outerHTML + oddsPanelHtml(R.opposedOdds({ first: built.first.input, second: built.second.input }), { labelKey: (k) => `BREADBOX.Flange.Opposed.${k}` });
}

const ID_PREFIX = "bb-flange-opp";

/** The unnamed opponent's inputs (its side of the opposed dialog), declared once: form and read. */
const UNNAMED_INPUTS = {
  "second-dice": intInput("BREADBOX.Flange.Opposed.Dice", 0, R.CHECK_DICE_MAX, R.ATTRIBUTE_ONLY_DICE),
  "second-target": intInput("BREADBOX.Flange.Opposed.Target", 1, R.CHECK_TARGET_MAX, R.ATTRIBUTE_HUMAN_AVERAGE),
};

export function readOpposed(form: HTMLFormElement, model: FlangeActorModel, opponent: Opponent | null): OpposedChoices {
  const first = readChoices(form, model, "first-");
  if (opponent) return { first, second: { kind: "actor", choices: readChoices(form, opponent.model, "second-", opponent.edgeLimit) } };
  const unnamed = readInputs(form, UNNAMED_INPUTS);
  return { first, second: { kind: "unnamed", dice: unnamed["second-dice"], target: unnamed["second-target"] } };
}

async function dialogContent(actor: Actor.Implementation, model: FlangeActorModel, opponent: Opponent | null): Promise<string> {
  const first = await sideHtml(sideContext(model, defaultChoices(model), "first-"), ID_PREFIX);
  const second = opponent
    ? await sideHtml(sideContext(opponent.model, defaultChoices(opponent.model), "second-", opponent.edgeLimit), ID_PREFIX)
    : await foundry.applications.handlebars.renderTemplate(templatePath("flange/dialogs/unnamed.hbs"), { inputs: await inputsHtml(UNNAMED_INPUTS, {}, ID_PREFIX) });
  return checkDialogHtml(first, { firstName: actor.name ?? "", secondName: opponent?.actor.name ?? localize("BREADBOX.Flange.Opposed.Unnamed"), html: second });
}

/** Configure, roll and post an opposed roll; returns both evaluated rolls, or null. */
export async function performOpposedCheck(actor: Actor.Implementation, event?: Event | null, preset?: OpposedChoices): Promise<{ first: FlangeCheckRoll; second: FlangeCheckRoll; comparison: R.OpposedComparison } | null> {
  const model = modelOf(actor, FlangeActorModel);
  if (!model) return null;
  const opponent = opponentOf(actor);
  const defaults: OpposedChoices = preset ?? {
    first: defaultChoices(model),
    second: opponent ? { kind: "actor", choices: defaultChoices(opponent.model) } : { kind: "unnamed", dice: R.ATTRIBUTE_ONLY_DICE, target: R.ATTRIBUTE_HUMAN_AVERAGE },
  };
  const configured = await configureRoll({
    defaults,
    skip: Boolean(preset) || skipDialog(event),
    dialog: async () => ({
      title: localize("BREADBOX.Flange.Opposed.Roll"),
      content: await dialogContent(actor, model, opponent),
      read: (form) => {
        const c = readOpposed(form, model, opponent);
        buildOpposed(model, opponent, c);
        return c;
      },
      odds: (c) => opposedOddsHtml(buildOpposed(model, opponent, c)),
    }),
    build: (c) => buildOpposed(model, opponent, c, { first: actor.uuid, second: opponent?.actor.uuid }),
  });
  if (!configured) return null;
  const { value: choices, built, mode } = configured;
  if (built.pools.first.edgeSpent > 0 && !actor.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Flange.Edge.NotOwner"));
    return null;
  }
  // Both sides' Edge is spent before the dice are rolled, all or nothing (a check-and-set under
  // the characters' resource locks): a second roll started meanwhile finds it gone.
  const spends = [{ actor, points: built.pools.first.edgeSpent }];
  if (opponent && choices.second.kind === "actor") spends.push({ actor: opponent.actor, points: built.pools.second.edgeSpent });
  if (!(await spendEdge(spends))) return null;
  // The rolls carry no roller (no check-card button); each side's Edge re-roll is the card's own (opposed-edge.ts).
  const first = FlangeCheckRoll.fromCheck({ ...built.first, actorUuid: undefined });
  const second = FlangeCheckRoll.fromCheck({ ...built.second, actorUuid: undefined });
  try {
    await first.evaluate();
    await second.evaluate();
  } catch (err) {
    await refundEdge(spends);
    throw err;
  }
  const a = first.checkResult;
  const b = second.checkResult;
  if (!a || !b) {
    await refundEdge(spends);
    return null;
  }
  const comparison = R.compareChecks(a, b);
  await postOpposedCard({
    speaker: ChatMessage.getSpeaker({ actor }),
    first: { actor, roll: first },
    second: { actor: opponent?.actor ?? null, roll: second },
    comparison,
    audience: audienceForMode(mode),
  });
  return { first, second, comparison };
}

/** One side of an opposed card: its character (null: the unnamed opponent) and its evaluated roll. */
export interface OpposedSide {
  actor: Actor.Implementation | null;
  roll: FlangeCheckRoll;
}

/** The card side's view, with its Edge re-roll button when the side is a character whose roll is not a re-roll. */
function sideView(side: OpposedSide, fallbackName: string, rerollable: boolean) {
  const ctx = side.roll.cardContext(false);
  return { name: side.actor?.name ?? fallbackName, uuid: side.actor?.uuid ?? "", ...ctx, canReroll: rerollable && side.actor !== null && !ctx.rerolled };
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
  const unnamed = localize("BREADBOX.Flange.Opposed.Unnamed");
  const winner = comparison.outcome === "firstWins" ? first.actor?.name : comparison.outcome === "secondWins" ? (second.actor?.name ?? unnamed) : "";
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/chat/opposed.hbs"), {
    first: sideView(first, unnamed, true),
    second: sideView(second, unnamed, true),
    outcome: comparison.outcome,
    verdict: winner ? format("BREADBOX.Flange.Opposed.Wins", { name: winner }) : localize(`BREADBOX.Flange.Opposed.${comparison.outcome}`),
    decidedBy: localize(`BREADBOX.Flange.Opposed.DecidedBy.${comparison.decidedBy}`),
  });
  const flags: Record<string, unknown> = { type: "flangeOpposed", actorUuid: first.actor?.uuid ?? "", opponentUuid: second.actor?.uuid ?? "", outcome: comparison.outcome, decidedBy: comparison.decidedBy };
  if (card.rerollOf) flags.rerollOf = card.rerollOf;
  return postCard({ speaker: card.speaker, content, rolls: [first.roll, second.roll], flags: { [SYSTEM_ID]: flags } }, card.audience);
}
