/**
 * Toast's group form of roll requests (docs/rules/toast.md, "Group requests"; seed "Contested
 * tasks": "each entity rolls. The higher roll succeeds, and the lower roll fails … a tie is open to
 * GM interpretation"): the request's first character against its second, each with the task asked
 * of her (the second may be asked another: Sneak against Perception), her wounds and armor applying
 * as in any contest against a character (contest.ts). Both d10+ rolls are rolled on the active GM's
 * client, compared by the rules core and posted on the contest card of the check dialog (task.ts).
 */
import * as R from "./rules";
import { localize } from "../../core/game";
import type { GroupForm, GroupForms, GroupMember } from "../../core/requests/groups";
import type { BuiltToastCheck } from "./checks";
import type { ToastCheckOptions } from "./dice/check-roll";
import { afterSkillRoll, contestOddsLabels } from "./checks";
import { taskOf } from "./api";
import { contestSide } from "./contest";
import { contestLine, postToastCheck, rollBuilt } from "./task";

const FORMS: readonly GroupForm[] = [
  { id: "contest", label: "BREADBOX.Toast.Contest.Label", min: 2, max: 2, roles: ["BREADBOX.Toast.Contest.FirstSide", "BREADBOX.Toast.Contest.SecondSide"], difficulty: false },
];

const sum = (parts: readonly { value: number }[]) => parts.reduce((s, p) => s + p.value, 0);

/** Both sides' tasks from the members' documents; throws a localized message when one cannot be attempted. */
function sides(form: string, members: readonly GroupMember[]): { first: ToastCheckOptions; second: ToastCheckOptions; built: BuiltToastCheck } {
  const [a, b] = members;
  if (form !== "contest" || !a || !b || members.length !== 2) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
  const side = (m: GroupMember) => {
    const task = taskOf(m.actor, m.check);
    if (!task) throw new Error(localize("BREADBOX.Requests.Group.Missing"));
    return contestSide(m.actor, task);
  };
  const first = side(a);
  const second = side(b);
  return { first, second, built: { options: first, name: a.actor.name ?? "", opponent: second, opponentName: b.actor.name ?? "", against: null } };
}

export const toastGroupForms: GroupForms = {
  forms: FORMS,
  odds(form, members) {
    try {
      const { first, second, built } = sides(form, members);
      return { odds: R.contestOdds({ first: sum(first.parts), second: sum(second.parts) }), ...contestOddsLabels({ first: built.name, second: built.opponentName }) };
    } catch {
      return null;
    }
  },
  async resolve(form, members, _difficulty, mode) {
    const { built } = sides(form, members);
    const [a, b] = members;
    if (!a || !b) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
    const rolls = await rollBuilt(built);
    const line = contestLine(rolls, [a.actor.name ?? "", b.actor.name ?? ""]);
    const message = await postToastCheck(a.actor, built, rolls, mode);
    // Tried at level 0: learned (the book's untrained attempt); marked used this session.
    await afterSkillRoll(a.actor, built.options.itemId);
    if (built.opponent) await afterSkillRoll(b.actor, built.opponent.itemId);
    return { message: message ?? null, verdict: line?.text ?? "" };
  },
};
