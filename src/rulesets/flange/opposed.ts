/**
 * Opposed rolls (seed 004 "Opposed Dice Rolls"): two characters roll their checks as normal; the
 * one with more successes wins; on equal successes the highest single die wins, then the next
 * highest and so on; with no successes on either side both lose.
 *
 * - Against a targeted Flange character: the roller sets up and rolls her own check here (her
 *   Edge spent first) and declares a `flange.opposed` exchange on core's engine
 *   (opposed-exchange.ts); the opponent's owner (the GM for an NPC) answers with their own check,
 *   which the active GM rolls, and the resolution card names the winner.
 * - Against an unnamed opponent (no target: dice and a target number): one dialog sets up both
 *   sides with the exact odds of each result, both pools are rolled here with Foundry's dice and
 *   one card carries the rules core's verdict.
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { oddsPanelHtml } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { templatePath } from "../../core/ids";
import { audienceForMode } from "../../core/compat";
import { targetedActors } from "../../core/foundry";
import { inputsHtml, intInput, readInputs } from "../../core/forms/inputs";
import { FlangeActorModel } from "./data/actor";
import { FlangeCheckRoll, type FlangeCheckOptions } from "./dice/check-roll";
import { buildCheck, checkDialogHtml, defaultChoices, poolSummary, readChoices, sideContext, sideHtml, spendEdge, refundEdge, type FlangeCheckChoices } from "./checks";
import { opposedOddsLabels, postOpposedCard, sideName } from "./opposed-card";
import type { SideNames } from "../../core/rolls/odds-panel";
import { declareOpposed, type OpposedDeclared } from "./opposed-exchange";

/** The second side of a local opposed roll: an unnamed opponent (dice and target). */
export interface OpposedSecond {
  kind: "unnamed";
  dice: number;
  target: number;
}

export interface OpposedChoices {
  first: FlangeCheckChoices;
  second: OpposedSecond;
}

/** The first targeted Flange character other than the roller, if any. */
export function opponentOf(actor: Actor.Implementation): Actor.Implementation | null {
  for (const a of targetedActors()) {
    if (a.uuid === actor.uuid) continue;
    if (modelOf(a, FlangeActorModel)) return a;
  }
  return null;
}

export interface BuiltOpposed {
  first: FlangeCheckOptions;
  second: FlangeCheckOptions;
  pools: { first: R.CheckPool; second: R.CheckPool };
}

/** The roller's check and an unnamed opponent's pool, built with the rules core (throws a message on choices that do not fit). */
export function buildOpposed(model: FlangeActorModel, c: OpposedChoices, actorUuid?: string): BuiltOpposed {
  const first = buildCheck(model, c.first, actorUuid);
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

/** The odds panel of an opposed roll: both pools and the exact odds of each result, each side by its name. */
export function opposedOddsHtml(first: { input: R.CheckInput; pool: R.CheckPool }, second: { input: R.CheckInput; pool: R.CheckPool }, names: SideNames): string {
  const summary = document.createElement("p");
  summary.className = "bb-pool-summary";
  summary.textContent = `${poolSummary(first.pool)} ↔ ${poolSummary(second.pool)}`;
  return summary.outerHTML + oddsPanelHtml(R.opposedOdds({ first: first.input, second: second.input }), opposedOddsLabels(names));
}

/** The opposed dialog's odds for the choices its form holds (also what the opposed-dialog bench times). */
export function opposedChoicesOddsHtml(model: FlangeActorModel, c: OpposedChoices, names: SideNames): string {
  const built = buildOpposed(model, c);
  return opposedOddsHtml({ input: built.first.input, pool: built.pools.first }, { input: built.second.input, pool: built.pools.second }, names);
}

export const ID_PREFIX = "bb-flange-opp";

/** The unnamed opponent's inputs (its side of the opposed dialog), declared once: form and read. */
const UNNAMED_INPUTS = {
  "second-dice": intInput("BREADBOX.Flange.Opposed.Dice", 0, R.CHECK_DICE_MAX, R.ATTRIBUTE_ONLY_DICE),
  "second-target": intInput("BREADBOX.Flange.Opposed.Target", 1, R.CHECK_TARGET_MAX, R.ATTRIBUTE_HUMAN_AVERAGE),
};

export function readOpposed(form: HTMLFormElement, model: FlangeActorModel): OpposedChoices {
  const first = readChoices(form, model, "first-");
  const unnamed = readInputs(form, UNNAMED_INPUTS);
  return { first, second: { kind: "unnamed", dice: unnamed["second-dice"], target: unnamed["second-target"] } };
}

async function dialogContent(actor: Actor.Implementation, model: FlangeActorModel): Promise<string> {
  const first = await sideHtml(sideContext(model, defaultChoices(model), "first-"), ID_PREFIX);
  const second = await foundry.applications.handlebars.renderTemplate(templatePath("flange/dialogs/unnamed.hbs"), { inputs: await inputsHtml(UNNAMED_INPUTS, {}, ID_PREFIX) });
  return checkDialogHtml(first, { firstName: sideName(actor), secondName: sideName(null), html: second });
}

/** A local opposed roll, rolled and posted: both rolls and the verdict. */
export interface OpposedRolled {
  first: FlangeCheckRoll;
  second: FlangeCheckRoll;
  comparison: R.OpposedComparison;
}

/**
 * Configure and roll an opposed roll. Against a targeted Flange character: the roller's check is
 * rolled and declared (the `flange.opposed` exchange; `preset.first` skips the dialog). Against an
 * unnamed opponent: both sides rolled and posted here. Null when cancelled or refused.
 */
export async function performOpposedCheck(actor: Actor.Implementation, event?: Event | null, preset?: OpposedChoices): Promise<OpposedRolled | OpposedDeclared | null> {
  const model = modelOf(actor, FlangeActorModel);
  if (!model) return null;
  const opponent = opponentOf(actor);
  if (opponent) return declareOpposed(actor, model, opponent, event, preset?.first);
  const defaults: OpposedChoices = preset ?? { first: defaultChoices(model), second: { kind: "unnamed", dice: R.ATTRIBUTE_ONLY_DICE, target: R.ATTRIBUTE_HUMAN_AVERAGE } };
  const configured = await configureRoll({
    defaults,
    skip: Boolean(preset) || skipDialog(event),
    dialog: async () => ({
      title: localize("BREADBOX.Flange.Opposed.Roll"),
      content: await dialogContent(actor, model),
      read: (form) => {
        const c = readOpposed(form, model);
        buildOpposed(model, c);
        return c;
      },
      odds: (c) => opposedChoicesOddsHtml(model, c, { first: sideName(actor), second: sideName(null) }),
    }),
    build: (c) => buildOpposed(model, c, actor.uuid),
  });
  if (!configured) return null;
  const { built, mode } = configured;
  if (built.pools.first.edgeSpent > 0 && !actor.isOwner) {
    ui.notifications?.warn(localize("BREADBOX.Flange.Edge.NotOwner"));
    return null;
  }
  // The roller's Edge is spent before the dice are rolled (a check-and-set under her resource lock):
  // a second roll started meanwhile finds it gone.
  const spends = [{ actor, points: built.pools.first.edgeSpent }];
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
    second: { actor: null, roll: second },
    comparison,
    audience: audienceForMode(mode),
  });
  return { first, second, comparison };
}
