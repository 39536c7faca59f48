/**
 * D10/0's group forms of roll requests (docs/rules/d100.md, "Group requests"; seed "Cooperative
 * Effort": "if two characters are directly helping each other, the resulting efforts from their
 * actions can be totaled together. If two agents are helping each other indirectly, the assisting
 * character's actions can reduce the difficulty of the task"; "Conflicting Effort": "their efforts
 * contest each other … the greater effort is considered successful"). The request's characters, in
 * its order, become the effort dialog's participants (effort.ts) with the attribute or skill asked,
 * at the request's difficulty (a ladder word or a modifier); the first is the one helped (indirect)
 * or the first side (conflicting). The odds, the dice and the card are effort.ts's.
 */
import { localize, modelOf } from "../../core/game";
import type { GroupForm, GroupForms, GroupMember } from "../../core/requests/groups";
import * as R from "./rules";
import { D100ActorModel } from "./data/actor";
import { d100DifficultyPreset } from "./check-words";
import { buildEffort, effortOdds, effortOddsLabels, postBuiltEffort, type EffortChoices } from "./effort";

const FORMS: readonly GroupForm[] = [
  { id: "cooperative", label: "BREADBOX.D100.Effort.Forms.cooperative", min: 2, max: R.MAX_HELPERS, roles: [], difficulty: true },
  { id: "assisted", label: "BREADBOX.D100.Effort.Forms.assisted", min: 2, max: R.MAX_HELPERS, roles: ["BREADBOX.D100.Effort.Forms.Main", "BREADBOX.D100.Effort.Forms.Helper"], difficulty: true },
  { id: "conflicting", label: "BREADBOX.D100.Effort.conflicting.Title", min: 2, max: 2, roles: ["BREADBOX.D100.Effort.Forms.FirstSide", "BREADBOX.D100.Effort.Forms.SecondSide"], difficulty: false },
];

/** The effort dialog's choices for a request's members (throws a localized message when one lacks the check). */
function choicesOf(form: string, members: readonly GroupMember[], difficulty: string): EffortChoices {
  if (!FORMS.some((f) => f.id === form)) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
  const participants = members.map((m) => {
    if (!modelOf(m.actor, D100ActorModel) || (m.check.kind !== "skill" && m.check.kind !== "attribute")) throw new Error(localize("BREADBOX.Requests.Group.Missing"));
    return { actorId: m.actor.id ?? "", target: `${m.check.kind}:${m.check.name}` };
  });
  return {
    kind: form === "conflicting" ? "conflicting" : "cooperative",
    participants,
    mode: form === "assisted" ? "indirect" : "direct",
    cumulativeMode: "positiveOnly",
    ladder: "average",
    modifier: 0,
    goal: 100,
    total: 0,
    checks: 1,
    ...d100DifficultyPreset(difficulty),
  };
}

export const d100GroupForms: GroupForms = {
  forms: FORMS,
  odds(form, members, difficulty) {
    try {
      const b = buildEffort(choicesOf(form, members, difficulty));
      return { odds: effortOdds(b), ...effortOddsLabels(b) };
    } catch {
      return null;
    }
  },
  async resolve(form, members, difficulty, mode) {
    const first = members[0];
    if (!first) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
    return postBuiltEffort(first.actor, buildEffort(choicesOf(form, members, difficulty)), mode);
  },
};
