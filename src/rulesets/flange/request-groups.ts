/**
 * Flange's group form of roll requests (docs/rules/flange.md, "Group requests"; seed "Opposed Dice
 * Rolls": "they roll their skills as normal … the one with the most successes wins; on a draw the
 * highest single die, then the next highest; if neither side rolls any successes both lose"): the
 * request's first character against its second, each with the check asked of her (the second may
 * be asked another), at the request's target change (the same circumstances for both: "as
 * normal"), no Edge spent. Both pools are rolled on the active GM's client, compared by the rules
 * core, and posted on the opposed card (opposed-card.ts), each side with its Edge re-roll there.
 */
import * as R from "./rules";
import { localize, modelOf } from "../../core/game";
import { audienceForMode } from "../../core/compat";
import type { GroupForm, GroupForms, GroupMember } from "../../core/requests/groups";
import { FlangeActorModel } from "./data/actor";
import { FlangeCheckRoll, type FlangeCheckOptions } from "./dice/check-roll";
import { buildCheck, defaultChoices } from "./checks";
import { presetOf } from "./api";
import { flangeDifficultyPreset } from "./check-words";
import { opposedOddsLabels, opposedVerdict, postOpposedCard, sideName } from "./opposed-card";

const FORMS: readonly GroupForm[] = [
  { id: "opposed", label: "BREADBOX.Flange.Opposed.Title", min: 2, max: 2, roles: ["BREADBOX.Flange.Opposed.FirstSide", "BREADBOX.Flange.Opposed.SecondSide"], difficulty: true },
];

/** One side's check from her documents at the request's target change (throws a localized message when refused). */
function side(m: GroupMember, difficulty: string): FlangeCheckOptions {
  const model = modelOf(m.actor, FlangeActorModel);
  const preset = model ? presetOf(m.actor, model, m.check) : null;
  if (!model || !preset) throw new Error(localize("BREADBOX.Requests.Group.Missing"));
  return buildCheck(model, defaultChoices(model, { ...preset, ...flangeDifficultyPreset(difficulty) }), m.actor.uuid).options;
}

function sides(form: string, members: readonly GroupMember[], difficulty: string): [GroupMember, FlangeCheckOptions, GroupMember, FlangeCheckOptions] {
  const [a, b] = members;
  if (form !== "opposed" || !a || !b || members.length !== 2) throw new Error(localize("BREADBOX.Requests.NothingToAsk"));
  return [a, side(a, difficulty), b, side(b, difficulty)];
}

export const flangeGroupForms: GroupForms = {
  forms: FORMS,
  odds(form, members, difficulty) {
    try {
      const [a, first, b, second] = sides(form, members, difficulty);
      return { odds: R.opposedOdds({ first: first.input, second: second.input }), ...opposedOddsLabels({ first: sideName(a.actor), second: sideName(b.actor) }) };
    } catch {
      return null;
    }
  },
  async resolve(form, members, difficulty, mode) {
    const [a, first, b, second] = sides(form, members, difficulty);
    // As on a local opposed roll: the rolls carry no roller (the card's Edge re-roll is per side).
    const rolls = [FlangeCheckRoll.fromCheck({ ...first, actorUuid: undefined }), FlangeCheckRoll.fromCheck({ ...second, actorUuid: undefined })];
    for (const roll of rolls) await roll.evaluate();
    const [ra, rb] = rolls.map((r) => r.checkResult);
    if (!ra || !rb || !rolls[0] || !rolls[1]) throw new Error(localize("BREADBOX.Relay.Failed"));
    const comparison = R.compareChecks(ra, rb);
    const message = await postOpposedCard({
      speaker: ChatMessage.getSpeaker({ actor: a.actor }),
      first: { actor: a.actor, roll: rolls[0] },
      second: { actor: b.actor, roll: rolls[1] },
      comparison,
      audience: audienceForMode(mode),
    });
    return { message: message ?? null, verdict: opposedVerdict({ actor: a.actor }, { actor: b.actor }, comparison) };
  },
};
