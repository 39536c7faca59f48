/**
 * The Dice Pool's group forms of roll requests (docs/rules/pool.md, "Group requests"; seed "Working
 * Together" and "Working Against"): the request's characters, in its order, become the group
 * dialog's members (group.ts) with the asked ability or attribute, at the request's Difficulty:
 * simple addition, combining dice and worst roller merge their pools and roll once; either/or rolls
 * everyone and picks the one with the chance at random (the book: "usually through a random roll");
 * direct and indirect opposition set the first against the second (an NPC a dice phobe when the
 * world's setting says so, as in the group dialog). The odds and the card are group.ts's.
 */
import * as R from "./rules";
import { localize, modelOf } from "../../core/game";
import type { GroupForm, GroupForms, GroupMember } from "../../core/requests/groups";
import { PoolActorModel } from "./data/actor";
import { macroPreset } from "./hotbar";
import { poolRules } from "./settings";
import { GROUP_MODES, buildGroup, groupOdds, outcomeLabelKey, type BuiltGroup, type GroupCandidate, type GroupMode, type MemberChoice } from "./group";
import { postGroup } from "./group-check";

const SIDES = ["BREADBOX.Pool.Group.First", "BREADBOX.Pool.Group.Second"];
const CONTESTS: readonly GroupMode[] = ["direct", "indirect"];

const FORMS: readonly GroupForm[] = GROUP_MODES.map((mode) => {
  const contest = CONTESTS.includes(mode);
  return {
    id: mode,
    label: `BREADBOX.Pool.Group.Modes.${mode}`,
    min: 2,
    max: contest ? 2 : R.MAX_TEAM_MEMBERS,
    roles: contest ? SIDES : [],
    difficulty: mode !== "direct",
  };
});

/** The group dialog's build of a request's members (throws a localized message when the rules refuse it). */
function buildRequestGroup(form: string, members: readonly GroupMember[], difficulty: string): BuiltGroup {
  const mode = GROUP_MODES.find((m) => m === form);
  if (!mode) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
  const rules = poolRules();
  const candidates: GroupCandidate[] = [];
  const choices: MemberChoice[] = [];
  for (const [index, m] of members.entries()) {
    const model = modelOf(m.actor, PoolActorModel);
    const preset = macroPreset(m.actor, { ruleset: "pool", ...m.check });
    if (!model || !preset || preset === "refused") throw new Error(localize("BREADBOX.Requests.Group.Missing"));
    candidates.push({ actor: m.actor, model, included: true });
    choices.push({ index, ability: preset.ability ?? "", attribute: preset.attribute ?? "", hasChance: false, phobe: mode === "direct" && model.npc && rules.npcDicePhobe });
  }
  const n = Number(difficulty);
  return buildGroup(candidates, { mode, die: "d8", difficulty: Number.isInteger(n) ? n : 0, requiredDegree: 0, chance: "random", members: choices });
}

export const poolGroupForms: GroupForms = {
  forms: FORMS,
  odds(form, members, difficulty) {
    try {
      const g = buildRequestGroup(form, members, difficulty);
      return { odds: groupOdds(g), labelKey: (k) => outcomeLabelKey(g.choices.mode, k) };
    } catch {
      return null;
    }
  },
  async resolve(form, members, difficulty, mode) {
    const done = await postGroup(buildRequestGroup(form, members, difficulty), mode, { odds: false });
    return { message: done.message, verdict: done.resultLine };
  },
};
