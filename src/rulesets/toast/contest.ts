/**
 * Toast's contested task against a character (seed: "Contested Tasks": both sides roll, the higher
 * roll wins, a tie is the GM's call) on core's exchange engine (src/core/exchange/engine.ts: the
 * relay, records, marks and buttons are core's). A contest against a number stays local (checks.ts).
 *  1. Declare (the roller's client): her check from the dialog (task, penalties, GM's modifier:
 *     checked through the check dialog's own declaration) and her d10+, rolled there and posted.
 *  2. Answer (the opponent's owner, the GM for an NPC): her task — her skills (a level-0 skill is an
 *     untrained attempt, learned afterwards; a Knowledge skill needs study), attributes, aspects —
 *     and a situational modifier, with the odds of beating the roll on the card.
 *  3. Resolve (the active GM): the roller's faces from the GM's record, re-classified with her
 *     modifier rebuilt from the documents; the opponent's d10+ rolled there; the rules core compares
 *     them and the card names the winner. Nothing is applied (no Apply, no outcome recorded).
 */
import * as R from "./rules";
import { format, localize, notify } from "../../core/game";
import { templatePath } from "../../core/ids";
import { currentMessageMode, type MessageMode } from "../../core/compat";
import { rollDialog, skipDialog } from "../../core/rolls/dialog";
import { oddsPanelHtml } from "../../core/rolls/odds-panel";
import { checkInputs, choiceInput, inputsHtml, readInputs, type InputValues } from "../../core/forms/inputs";
import { declareExchange } from "../../core/exchange/engine";
import type { ExchangeDefinition, PostedRoll } from "../../core/exchange/types";
import { afterSkillRoll, buildCheck, checkDeclaration, contestOddsLabels, choicesOf, parseTask, taskOptions, taskParts, type BuiltToastCheck, type ToastCheckChoices, type ToastTask } from "./checks";
import { ToastCheckRoll, classifiedCardContext, type ToastCheckOptions } from "./dice/check-roll";
import { d10PlusFacesOf } from "./combat/dice";
import { SITUATIONAL } from "./combat/situational";
import { signed } from "./combat/fighter";

/** The roller's choices as checked, and her side rebuilt from them and the documents. */
export interface ContestChoices {
  check: ToastCheckChoices;
  side: ToastCheckOptions;
}

/** The opponent's answer as checked: her task and her situational modifier. */
export interface ContestAnswer {
  task: string;
  situational: number;
}

const render = (path: string, data: Record<string, unknown>) => foundry.applications.handlebars.renderTemplate(templatePath(path), data);
const sum = (parts: readonly { value: number }[]) => parts.reduce((s, p) => s + p.value, 0);

/**
 * In a contest against a character the GM's modifier and switching the roller's wound or armor
 * penalty off are a GM's choices (they decide the other side's fate too): from a player, refused.
 */
export function checkContestChoices(c: Pick<ToastCheckChoices, "gm" | "applyWounds" | "applyArmor">, byGM: boolean): void {
  if (!byGM && (c.gm !== 0 || !c.applyWounds || !c.applyArmor)) throw new Error(localize("BREADBOX.Toast.Contest.GMOnly"));
}

/** The tasks the opponent may answer with: those she can attempt, with their modifiers now. */
export function answerTasks(opponent: Actor.Implementation): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const o of taskOptions(opponent, "")) {
    const task = parseTask(o.value);
    if (!task) continue;
    try {
      const { modifier, resolved } = taskParts(opponent, task, { applyWounds: true, applyArmor: true, gm: 0 });
      const untrained = resolved.skill && resolved.skill.model.level === 0 ? ` (${localize("BREADBOX.ToastCombat.Untrained")})` : "";
      out.push({ value: o.value, label: `${o.group}: ${o.label} ${signed(modifier.total)}${untrained}` });
    } catch {
      // A Knowledge skill at level 0 cannot be attempted without study: not offered.
    }
  }
  return out;
}

/** The answer dialog's inputs, declared once: the dialog reads through it and the GM checks through it. */
export function answerDeclaration(opponent: Actor.Implementation) {
  const tasks = answerTasks(opponent);
  return {
    task: choiceInput("BREADBOX.Toast.Contest.YourTask", Object.fromEntries(tasks.map((t) => [t.value, t.label])), tasks[0]?.value ?? ""),
    ...SITUATIONAL,
  };
}

/** The opponent's side from her answer and her documents as they are now. */
export function answerSide(opponent: Actor.Implementation, answer: ContestAnswer): ToastCheckOptions {
  const task = parseTask(answer.task);
  if (!task) throw new Error(localize("BREADBOX.Toast.Check.NoTask"));
  return contestSide(opponent, task, answer.situational);
}

/** One side of a contest: a character's task from her documents as they are now (wounds and armor apply), and a situational modifier. */
export function contestSide(actor: Actor.Implementation, task: ToastTask, situational = 0): ToastCheckOptions {
  const { parts, resolved } = taskParts(actor, task, { applyWounds: true, applyArmor: true, gm: 0 });
  if (situational) parts.push({ label: localize("BREADBOX.ToastCombat.Situational"), value: situational });
  return { kind: "contest", title: format("BREADBOX.Toast.Contest.Side", { name: actor.name ?? "", task: resolved.label }), parts, target: null, actorUuid: actor.uuid, itemId: resolved.skill?.id };
}

/** The roller's side: the faces of the one d10+ she posted, with her modifier rebuilt now. */
function postedSide(c: ContestChoices, rolls: readonly PostedRoll[]): R.ContestRoll | null {
  const faces = rolls.length === 1 ? d10PlusFacesOf(rolls) : null;
  try {
    return faces && R.resolveContestSide({ modifier: sum(c.side.parts) }, faces);
  } catch {
    return null;
  }
}

/** One side as the check card shows it (templates/toast/chat/check-roll.hbs). */
function sideHtml(options: ToastCheckOptions, side: R.ContestRoll): Promise<string> {
  return render("toast/chat/check-roll.hbs", { ...classifiedCardContext(options, side, ToastCheckRoll.formulaFor(options.parts)) });
}

/** Both sides of a contest by name, for its cards' titles: "Contested task: Ysolde vs Guard". */
function titleOf(attacker: Actor.Implementation, target: Actor.Implementation): string {
  return format("BREADBOX.Toast.Contest.TitleVs", { first: attacker.name ?? "", second: target.name ?? "" });
}

/** The odds, for the opponent, of beating the roll on the card (its rank is known), each side by its name. */
function answerOddsHtml(roller: Actor.Implementation, opponent: Actor.Implementation, answer: ContestAnswer, first: R.ContestRoll | null): string {
  if (!first) return "";
  const odds = R.initiativeOdds({ modifier: sum(answerSide(opponent, answer).parts), against: first.rank });
  const p = (k: string) => odds.outcomes.find((o) => o.key === k)?.p ?? 0;
  return oddsPanelHtml(
    { success: p("ahead"), outcomes: [{ key: "firstWins", p: p("behind") }, { key: "tie", p: p("level") }, { key: "secondWins", p: p("ahead") }], extras: odds.extras.map((e) => ({ key: e.key === "auto" ? "secondAuto" : "secondFlub", p: e.p })), error: odds.error },
    contestOddsLabels({ first: roller.name ?? "", second: opponent.name ?? "" }),
  );
}

export const toastContestExchange: ExchangeDefinition<ContestChoices, ContestAnswer> = {
  ruleset: "toast",
  kind: "contest",

  /** The roller's choices through the check dialog's declaration (GM-only ones from a GM), then her side from her documents. */
  checkChoices(raw, { attacker, target }, { writerIsGM }) {
    const task = typeof raw.task === "string" ? raw.task : "";
    const check = choicesOf(checkInputs(raw, checkDeclaration(attacker, { task, difficulty: "medium", customTarget: 15, applyWounds: true, applyArmor: true, contested: true })));
    if (!check.contested) throw new Error("BREADBOX.Relay.Malformed");
    checkContestChoices(check, writerIsGM);
    const built = buildCheck(attacker, check, target);
    return { check, side: built.options };
  },

  async declarationCard({ attacker, target, choices, rolls }) {
    const side = postedSide(choices, rolls);
    if (!side) throw new Error("BREADBOX.Relay.NotGenuine");
    return { html: await render("toast/chat/contest.hbs", { title: titleOf(attacker, target), rollsHTML: await sideHtml(choices.side, side), pending: format("BREADBOX.Toast.Contest.Awaiting", { name: target.name ?? "" }) }) };
  },

  responses: () => [{ id: "answer", label: "BREADBOX.Toast.Contest.Answer", icon: "fa-solid fa-dice-d10" }],

  async respondDialog({ attacker, target, choices, rolls }, _response, event) {
    const inputs = answerDeclaration(target);
    if (skipDialog(event)) return { choices: { task: answerTasks(target)[0]?.value ?? "", situational: 0 }, mode: currentMessageMode() };
    const first = postedSide(choices, rolls);
    const chosen = await rollDialog<InputValues<typeof inputs>>({
      title: format("BREADBOX.Toast.Contest.AnswerTitle", { name: target.name ?? "", roller: attacker.name ?? "" }),
      content: await render("toast/dialogs/contest-answer.hbs", { inputs: await inputsHtml(inputs, {}, "toast-contest-answer") }),
      rollLabel: "BREADBOX.Toast.Contest.Answer",
      read: (form) => readInputs(form, inputs),
      odds: (v) => answerOddsHtml(attacker, target, v, first),
    });
    return chosen && { choices: chosen.value, mode: chosen.mode };
  },

  /** Her task among those she can attempt now, and a situational modifier within its bounds. */
  checkResponse(raw, { target }) {
    const answer = checkInputs(raw, answerDeclaration(target));
    answerSide(target, answer);
    return answer;
  },

  async resolve({ attacker, target, choices, rolls }, { choices: answer }) {
    const first = postedSide(choices, rolls);
    if (!first) throw new Error("BREADBOX.Relay.NotGenuine");
    const options = answerSide(target, answer);
    // Her d10+ is rolled here, on the GM's client, as a Foundry roll.
    const roll = ToastCheckRoll.fromCheck(options);
    await roll.evaluate();
    roll.classify();
    const second = roll.contestSide;
    if (!second) throw new Error("BREADBOX.Relay.Failed");
    const outcome = R.compareContest(first, second);
    // Tried at level 0: learned (the book's untrained attempt); marked used this session.
    await afterSkillRoll(target, options.itemId);
    const text = outcome === "tie" ? localize("BREADBOX.Toast.Contest.Tie") : format("BREADBOX.Toast.Contest.Wins", { name: (outcome === "firstWins" ? attacker.name : target.name) ?? "" });
    const rollsHTML = (await sideHtml(choices.side, first)) + (await sideHtml(options, second));
    return { rolls: [roll], card: { html: await render("toast/chat/contest.hbs", { title: titleOf(attacker, target), outcome, text, rollsHTML }) }, outcome: null, flags: { outcome } };
  },
};

/**
 * The roller's client: roll her d10+ and post the contest for her opponent to answer. Her roll, or
 * null when the declaration is refused (the reason is shown).
 */
export async function declareContest(actor: Actor.Implementation, opponent: Actor.Implementation, choices: ToastCheckChoices, built: BuiltToastCheck, mode: MessageMode): Promise<ToastCheckRoll[] | null> {
  const roll = ToastCheckRoll.fromCheck(built.options);
  await roll.evaluate();
  roll.classify();
  try {
    await declareExchange(toastContestExchange, actor, opponent, { ...choices, contested: true }, { mode, rolls: [roll] });
  } catch (err) {
    notify("error", err instanceof Error ? err.message : String(err));
    return null;
  }
  await afterSkillRoll(actor, built.options.itemId);
  return [roll];
}
