/**
 * Rolling a Toast task (seed: "Task Resolution", "Contested Tasks"): the check dialog (checks.ts),
 * then Foundry's dice and one card. A contest against a number rolls both sides here and names
 * the winner; one against a targeted character is the `toast.contest` exchange (contest.ts).
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode, type MessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { ToastActorModel } from "./data/actor";
import { ToastCheckRoll } from "./dice/check-roll";
import { afterSkillRoll, buildCheck, contestOpponent, defaultChoices, dialogContent, oddsHtml, readChoices, syncDialogFields, type BuiltToastCheck, type ToastCheckChoices, type ToastTask } from "./checks";
import { checkContestChoices, declareContest } from "./contest";

/**
 * Configure, roll and post a task for a Toast character. Returns the evaluated roll(s), or null.
 * A contest against a number posts one card with both rolls and names the winner; one against a
 * targeted character posts the roller's roll for her to answer (`toast.contest`).
 */
export async function performToastCheck(actor: Actor.Implementation, task: ToastTask, preset: Partial<ToastCheckChoices> = {}, event?: Event | null): Promise<ToastCheckRoll[] | null> {
  if (!modelOf(actor, ToastActorModel)) return null;
  const opponent = contestOpponent(actor);
  const initial = defaultChoices(task, preset);
  const build = (c: ToastCheckChoices): BuiltToastCheck => {
    const built = buildCheck(actor, c, opponent);
    if (built.against) checkContestChoices(c, game.user?.isGM === true);
    return built;
  };
  const configured = await configureRoll({
    defaults: initial,
    skip: skipDialog(event),
    dialog: async () => ({
      title: format("BREADBOX.Toast.Check.Title", { name: actor.name ?? "" }),
      content: await dialogContent(actor, initial, opponent),
      read: (form) => {
        syncDialogFields(form);
        const c = readChoices(form, actor, initial);
        build(c);
        return c;
      },
      odds: (c) => oddsHtml(build(c)),
    }),
    build,
    check: { ruleset: "toast", actor },
  });
  if (!configured) return null;
  const { built, mode } = configured;
  if (built.against) return declareContest(actor, built.against, configured.value, built, mode);
  const rolls = await rollBuilt(built);
  await postToastCheck(actor, built, rolls, mode);
  await afterSkillRoll(actor, built.options.itemId);
  return rolls;
}

/** Evaluate the roller's roll (and the opponent's). */
export async function rollBuilt(built: BuiltToastCheck): Promise<ToastCheckRoll[]> {
  const roll = ToastCheckRoll.fromCheck(built.options);
  await roll.evaluate();
  if (!built.opponent) return [roll];
  const other = ToastCheckRoll.fromCheck(built.opponent);
  await other.evaluate();
  return [roll, other];
}

/** The winner line of a contested task, from the rules core's comparison of both rolls. */
export function contestLine(rolls: readonly ToastCheckRoll[], names: [string, string]): { outcome: R.ContestOutcome; text: string } | null {
  const [a, b] = rolls;
  const first = a?.contestSide;
  const second = b?.contestSide;
  if (!first || !second) return null;
  const outcome = R.compareContest(first, second);
  const text = outcome === "tie" ? localize("BREADBOX.Toast.Contest.Tie") : format("BREADBOX.Toast.Contest.Wins", { name: outcome === "firstWins" ? names[0] : names[1] });
  return { outcome, text };
}

export async function postToastCheck(actor: Actor.Implementation, built: BuiltToastCheck, rolls: ToastCheckRoll[], mode: MessageMode): Promise<ChatMessage.Implementation | undefined> {
  let content: string | undefined;
  if (built.opponent) {
    const line = contestLine(rolls, [actor.name ?? "", built.opponentName]);
    // A card with content of its own shows it instead of its rolls: both rolls go into the content.
    let rollsHTML = "";
    for (const roll of rolls) rollsHTML += await roll.render();
    const title = format("BREADBOX.Toast.Contest.TitleVs", { first: actor.name ?? "", second: built.opponentName });
    content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/chat/contest.hbs"), { title, outcome: line?.outcome ?? "", text: line?.text ?? "", rollsHTML });
  }
  return postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls,
      content,
      flags: { [SYSTEM_ID]: { type: built.opponent ? "toastContest" : "toastCheck", actorUuid: actor.uuid } },
    },
    audienceForMode(mode),
  );
}
