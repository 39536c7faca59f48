/**
 * What a check's result does to the roller, by kind of check: the weekly healing roll changes the
 * wounds, the mortality check says how long the character has. They run when the card is posted,
 * and again whenever luck changes the result afterwards (+1 after the roll, or the 4-point
 * re-roll), undoing what the earlier result did. What an effect did is kept in the roll's options
 * (`effect`), so the chat card carries it.
 */
import * as R from "./rules";
import { SYSTEM_ID } from "../../core/ids";
import { noteCardHtml } from "../../core/chat/note-card";
import { format, modelOf } from "../../core/game";
import type { CheckKind, ToasterCheckRoll } from "./dice/check-roll";
import { ToasterActorModel } from "./data/actor";
import { postCard } from "../../core/chat/post";
import { audienceForMode, currentMessageMode, type Audience } from "../../core/compat";

type Effect = (actor: Actor.Implementation, roll: ToasterCheckRoll, previous: ToasterCheckRoll | null, audience: Audience) => Promise<void>;

function sys(actor: Actor.Implementation): ToasterActorModel {
  const data = modelOf(actor, ToasterActorModel);
  if (!data) throw new Error(`Breadbox | ${actor.name} is not a Toaster character`);
  return data;
}

interface HealingEffect {
  woundsBefore: number;
  woundsAfter: number;
}

/** Weekly healing: a success heals a wound, a fumble adds one (from the wounds before the roll). */
const healing: Effect = async (actor, roll, previous) => {
  const result = roll.checkResult;
  if (!result) return;
  const earlier = (previous ?? roll).check.effect as HealingEffect | undefined;
  const current = sys(actor).wounds.value;
  const before = earlier?.woundsBefore ?? current;
  const after = R.woundsAfterHealing(before, result);
  // Undo what the earlier result did, then apply this one (other changes since are kept).
  const next = Math.max(0, current - ((earlier?.woundsAfter ?? before) - before) + (after - before));
  roll.check.effect = { woundsBefore: before, woundsAfter: after } satisfies HealingEffect;
  if (next !== current) await actor.update({ system: { wounds: { value: next } } });
};

/** Mortality check: what the roll means, read by the rules core from the card's own die. */
const mortality: Effect = async (actor, roll, _previous, audience) => {
  const result = roll.checkResult;
  if (!result || result.calledFour) return;
  const data = sys(actor);
  const wounds = data.wounds.value;
  if (!R.isMortallyWounded(wounds)) return;
  const physique = roll.check.rank;
  const others = result.total - result.dieTotal - physique - R.mortalityModifier({ wounds });
  // The card's own dice (its Foundry roll's faces), read by the rules core under the dice rules the
  // card was rolled with (a rolling nine's extra die counts); nothing is drawn again.
  const out = R.resolveMortality({ physique, wounds, modifier: others, rollingNines: roll.check.rollingNines, ninesLimit: roll.check.ninesLimit }, { die: result.faces.die, fumble: [] });
  roll.check.effect = { outcome: out.outcome, rounds: out.rounds };
  const key = out.outcome === "dies-now" ? "DiesNow" : out.outcome === "dies-in" ? "DiesIn" : "Holds";
  const text = format(`BREADBOX.Toaster.Mortality.${key}`, { name: actor.name ?? "", rounds: out.rounds });
  // What the check means is shown to the audience of the check card it follows.
  await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      content: await noteCardHtml({ kind: "toaster-table", lines: [{ text, cls: `bb-outcome ${out.outcome === "holds" ? "bb-good" : "bb-bad"}` }] }),
      flags: { [SYSTEM_ID]: { type: "toasterMortality", outcome: out.outcome, rounds: out.rounds } },
    },
    audience,
  );
};

const EFFECTS: Partial<Record<CheckKind, Effect>> = { healing, mortality };

/**
 * Run the effect of a check's (new) result; `previous` is the roll it replaces, if any. A card the
 * effect posts goes to `audience` (the check card's own audience).
 */
export async function applyCheckEffect(actor: Actor.Implementation, roll: ToasterCheckRoll, previous: ToasterCheckRoll | null = null, audience: Audience = audienceForMode(currentMessageMode())): Promise<void> {
  await EFFECTS[roll.check.kind]?.(actor, roll, previous, audience);
}
