/**
 * The group check's entry point: the dialog, then either the local group roll and its card, or —
 * against a character the user does not own — the `pool.against` declaration (against.ts).
 * Apart from group.ts so that against.ts can build on group.ts without an import circle.
 */
import { rollDialog } from "../../core/rolls/dialog";
import { localize } from "../../core/game";
import { SYSTEM_ID } from "../../core/ids";
import { audienceForMode, type MessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { poolRules } from "./settings";
import { declareAgainst } from "./against";
import { buildGroup, groupCandidates, groupDialogContent, groupOddsHtml, readGroupChoices, remoteContest, remoteContestHtml, rollGroup, type BuiltGroup, type GroupChoices, type GroupPreset, type GroupVerdict } from "./group";

/**
 * Open the group dialog (launched from a character, optionally with a mode, ability and attribute),
 * roll and post one card. Returns the verdict, or null when nothing was rolled.
 */
export async function performGroupCheck(launcher?: Actor.Implementation | null, preset: GroupPreset = {}): Promise<GroupVerdict | null> {
  const rules = poolRules();
  const candidates = groupCandidates(launcher, preset);
  if (candidates.length < 2) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Group.Error.NoCandidates"));
    return null;
  }
  const content = await groupDialogContent(candidates, preset, rules);
  const answer = await rollDialog<GroupChoices>({
    title: localize("BREADBOX.Pool.Group.Title"),
    content,
    read: (form) => {
      const choices = readGroupChoices(form, candidates, rules);
      if (!remoteContest(candidates, choices)) buildGroup(candidates, choices);
      return choices;
    },
    odds: (c) => {
      const remote = remoteContest(candidates, c);
      return remote ? remoteContestHtml(remote) : groupOddsHtml(buildGroup(candidates, c));
    },
  });
  if (!answer) return null;
  const mode: MessageMode = answer.mode;
  let built: BuiltGroup;
  try {
    // Against a character the user does not own: the user's side is rolled and posted; its owner answers.
    const remote = remoteContest(candidates, answer.value);
    if (remote) {
      await declareAgainst(remote, mode);
      return null;
    }
    built = buildGroup(candidates, answer.value);
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return null;
  }
  return (await postGroup(built, mode)).verdict;
}

/** Roll a built group, resolve it with the core and post its one card (the first member speaks). */
export async function postGroup(built: BuiltGroup, mode: MessageMode, show: { odds: boolean } = { odds: true }): Promise<{ message: ChatMessage.Implementation | null; verdict: GroupVerdict; resultLine: string }> {
  const { rolls, content: card, verdict, resultLine } = await rollGroup(built, [], show);
  const speakerActor = built.members[0]?.candidate.actor;
  const message = await postCard(
    {
      speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}),
      content: card,
      rolls,
      flags: { [SYSTEM_ID]: { type: "poolGroup", ...verdict, members: built.members.map((m) => m.candidate.actor.uuid) } },
    },
    audienceForMode(mode),
  );
  return { message: message ?? null, verdict, resultLine };
}
