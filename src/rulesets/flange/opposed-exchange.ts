/**
 * An opposed roll against a Flange character (seed 004 "Opposed Dice Rolls") on core's exchange
 * engine (src/core/exchange/engine.ts), which holds the relay, the records, the "once" marks and
 * the buttons. Here: only the rules.
 *
 *  1. The roller sets up her own check (skill or attribute, modifiers, Edge), spends her Edge and
 *     rolls her pool on her client, as every Flange check is rolled; the declaration card carries
 *     the roll. The GM's record keeps it as posted.
 *  2. The opponent's owner (the GM for an NPC) answers with their check: skill or attribute,
 *     modifiers and Edge (a dialog; `checkResponse` checks it again on the GM).
 *  3. The active GM's client re-classifies the roller's posted dice with a pool rebuilt from her
 *     sheet and her posted choices (a formula that does not match, or faces that do not complete the
 *     pool, are refused), spends the opponent's Edge under its resource lock (read again there),
 *     rolls the opponent's pool with Foundry's dice and posts the opposed card with the rules core's
 *     verdict (`compareChecks`). Nothing is applied: the card names the winner.
 *  4. Each side's one Edge re-roll works on the resolution card as on any opposed card
 *     (opposed-edge.ts): once, by the GM's records.
 */
import * as R from "./rules";
import { format, localize, modelOf, notify } from "../../core/game";
import { templatePath } from "../../core/ids";
import { configureRoll, rollDialog, skipDialog } from "../../core/rolls/dialog";
import { currentMessageMode } from "../../core/compat";
import { DECLARATION, declareExchange, renderExchangeCard } from "../../core/exchange/engine";
import type { ExchangeDefinition, PostedRoll } from "../../core/exchange/types";
import { FlangeActorModel } from "./data/actor";
import { FlangeCheckRoll, poolFormula } from "./dice/check-roll";
import { buildCheck, checkDialogHtml, checkSideChoices, defaultChoices, oddsHtml, readChoices, refundEdge, sideContext, sideHtml, spendEdge, type FlangeCheckChoices } from "./checks";
import { opposedCardHtml } from "./opposed-card";

/** The opponent's one response: their own check. */
export const OPPOSE = "oppose";
const ID_PREFIX = "bb-flange-vs";

function flangeModel(actor: Actor.Implementation): FlangeActorModel {
  const model = modelOf(actor, FlangeActorModel);
  if (!model) throw new Error("BREADBOX.Flange.Opposed.NoOpponent");
  return model;
}

/** The declaration card's body: the roller's roll (display: the GM reads its record) and whom it opposes. */
async function declaredHtml(attacker: Actor.Implementation, target: Actor.Implementation, rolls: readonly PostedRoll[], answered: boolean): Promise<string> {
  const roll = rolls[0];
  const side = roll instanceof FlangeCheckRoll && roll.wasEvaluated ? roll.cardContext(false) : null;
  return foundry.applications.handlebars.renderTemplate(templatePath("flange/chat/opposed-declared.hbs"), { roller: attacker.name ?? "", opponent: target.name ?? "", side, answered });
}

/**
 * The roller's posted roll, re-classified on the GM with the pool rebuilt from her sheet and her
 * checked choices: the faces are hers as posted, every number is the documents'. Throws when the
 * posted roll is not that pool's.
 */
function reclassified(posted: PostedRoll | undefined, model: FlangeActorModel, choices: FlangeCheckChoices): FlangeCheckRoll {
  // Her Edge was spent on her client before she rolled: bounded by what she owns, not what is left.
  const built = buildCheck(model, choices, undefined, model.edge.points);
  if (!(posted instanceof FlangeCheckRoll) || !posted.wasEvaluated || posted.formula !== poolFormula(built.options.input)) throw new Error("BREADBOX.Relay.NotGenuine");
  const options: Record<string, unknown> = posted.options;
  for (const key of Object.keys(options)) Reflect.deleteProperty(options, key);
  Object.assign(options, { ...built.options, rollId: foundry.utils.randomID(16) });
  Reflect.deleteProperty(options, "actorUuid");
  try {
    posted.classify();
  } catch {
    throw new Error("BREADBOX.Relay.NotGenuine");
  }
  return posted;
}

/** One side's check dialog (the roller's or the opponent's): its form, its read and its odds. */
async function sideDialog(model: FlangeActorModel, defaults: FlangeCheckChoices, title: string) {
  return {
    title,
    content: await checkDialogHtml(await sideHtml(sideContext(model, defaults), ID_PREFIX)),
    read: (form: HTMLFormElement) => {
      const c = readChoices(form, model);
      buildCheck(model, c);
      return c;
    },
    odds: (c: FlangeCheckChoices) => oddsHtml(buildCheck(model, c)),
  };
}

export const flangeOpposed: ExchangeDefinition<FlangeCheckChoices, FlangeCheckChoices> = {
  ruleset: "flange",
  kind: "opposed",

  checkChoices(raw, { attacker, target }) {
    const model = flangeModel(attacker);
    flangeModel(target);
    const choices = checkSideChoices(raw, model, model.edge.points);
    buildCheck(model, choices, undefined, model.edge.points);
    return choices;
  },

  async declarationCard({ attacker, target, rolls }) {
    return { html: await declaredHtml(attacker, target, rolls, false) };
  },

  responses() {
    return [{ id: OPPOSE, label: "BREADBOX.Flange.Opposed.Answer", icon: "fa-solid fa-dice-d10" }];
  },

  async respondDialog({ attacker, target }, _response, event) {
    const model = flangeModel(target);
    const defaults = defaultChoices(model);
    if (skipDialog(event)) return { choices: { ...defaults }, mode: currentMessageMode() };
    const result = await rollDialog<FlangeCheckChoices>({
      ...(await sideDialog(model, defaults, format("BREADBOX.Flange.Opposed.AnswerTitle", { name: target.name ?? "", roller: attacker.name ?? "" }))),
      rollLabel: "BREADBOX.Flange.Opposed.Answer",
    });
    return result ? { choices: { ...result.value }, mode: result.mode } : null;
  },

  checkResponse(raw, { target }) {
    // Bounds only: the Edge left is read again under the opponent's resource lock in resolve.
    const model = flangeModel(target);
    return checkSideChoices(raw, model, model.edge.points);
  },

  spends({ target }) {
    return [target];
  },

  async resolve({ attacker, target, choices, rolls, declaration }, response) {
    const first = reclassified(rolls[0], flangeModel(attacker), choices);
    // The opponent's Edge, read again under its resource lock: another roll may have spent it.
    const model = flangeModel(target);
    let built: ReturnType<typeof buildCheck>;
    try {
      built = buildCheck(model, response.choices);
    } catch (err) {
      throw new Error(err instanceof Error ? err.message : "BREADBOX.Relay.Malformed");
    }
    const second = FlangeCheckRoll.fromCheck(built.options);
    await second.evaluate();
    const a = first.checkResult;
    const b = second.checkResult;
    if (!a || !b) throw new Error("BREADBOX.Relay.Failed");
    const comparison = R.compareChecks(a, b);
    const html = await opposedCardHtml({ actor: attacker, roll: first }, { actor: target, roll: second }, comparison);
    // The spend, last of the writes before the card.
    if (built.pool.edgeSpent > 0) await target.update({ system: { edge: { spent: model.edge.spent + built.pool.edgeSpent } } });
    // The declaration card now says it was answered, without its button (display only: the record counts).
    const answered = await renderExchangeCard({ html: await declaredHtml(attacker, target, rolls, true) }, [], DECLARATION);
    await declaration.update({ content: answered });
    return {
      rolls: [first, second],
      card: { html },
      outcome: null,
      flags: { actorUuid: attacker.uuid, opponentUuid: target.uuid, outcome: comparison.outcome, decidedBy: comparison.decidedBy },
      speaker: attacker,
    };
  },
};

/** An opposed roll against a character, declared: the roller's roll and the declaration card (the opponent answers it). */
export interface OpposedDeclared {
  first: FlangeCheckRoll;
  declaration: ChatMessage.Implementation;
}

/**
 * The roller's side against a character: her check's dialog (her side only: the opponent chooses
 * theirs), her Edge spent, her pool rolled here, then the declaration. Her Edge comes back when the
 * declaration is refused.
 */
export async function declareOpposed(actor: Actor.Implementation, model: FlangeActorModel, opponent: Actor.Implementation, event: Event | null | undefined, preset?: FlangeCheckChoices): Promise<OpposedDeclared | null> {
  const defaults = preset ?? defaultChoices(model);
  const configured = await configureRoll({
    defaults,
    skip: Boolean(preset) || skipDialog(event),
    dialog: () => sideDialog(model, defaults, format("BREADBOX.Flange.Opposed.Against", { name: actor.name ?? "", opponent: opponent.name ?? "" })),
    build: (c) => buildCheck(model, c),
  });
  if (!configured) return null;
  const { value: choices, built, mode } = configured;
  if (built.pool.edgeSpent > 0 && !actor.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Flange.Edge.NotOwner"));
    return null;
  }
  const spends = [{ actor, points: built.pool.edgeSpent }];
  if (!(await spendEdge(spends))) return null;
  const first = FlangeCheckRoll.fromCheck({ ...built.options });
  let declaration: ChatMessage.Implementation | undefined;
  try {
    await first.evaluate();
    declaration = await declareExchange(flangeOpposed, actor, opponent, { ...choices }, { rolls: [first], mode });
  } catch (err) {
    await refundEdge(spends);
    notify("error", err instanceof Error ? err.message : String(err));
    return null;
  }
  if (!declaration) {
    await refundEdge(spends);
    return null;
  }
  return { first, declaration };
}
