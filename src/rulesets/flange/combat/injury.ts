/**
 * Serious injury (seed 004 "Health"): three or more standard boxes lost at once. The damage card
 * Apply posts carries the GM's button to name the condition and its target-number penalty (an
 * Active Effect). Not part of the attack exchange: it follows from the damage card.
 */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { currentUser, format, localize, lookupUuidSync, notify } from "../../../core/game";
import { rollDialog } from "../../../core/rolls/dialog";
import { readString } from "../../../core/forms/read";
import { inputsHtml, intInput, readInputs } from "../../../core/forms/inputs";
import { effectChangesData } from "../../../core/compat";
import { cardFlags } from "../../../core/chat/trust";
import { BreadboxActor } from "../../../core/documents/actor";
import { flangeCombatRules, SERIOUS_INJURY_PENALTY_MAX } from "./settings";

import { SERIOUS_INJURY_STATUS } from "./base";
export { SERIOUS_INJURY_STATUS };

/** The serious-injury dialog's number, declared once (core forms/inputs.ts): the form's input and its read. */
export const INJURY_INPUTS = { penalty: intInput("BREADBOX.Flange.Combat.Injury.Penalty", 0, SERIOUS_INJURY_PENALTY_MAX) };

/** The dialog's penalty input, from the declaration, showing `penalty` (the setting's default). */
export function injuryInputsHtml(penalty: number): Promise<string> {
  return inputsHtml(INJURY_INPUTS, { penalty }, "bb-fl-injury");
}

/** Read the serious-injury dialog. */
export function readInjuryForm(form: HTMLFormElement): { name: string; penalty: number } {
  const name = readString(form, "condition").trim();
  if (!name) throw new Error(localize("BREADBOX.Flange.Combat.Injury.NeedName"));
  if (name.length > 200) throw new Error(localize("BREADBOX.Flange.Combat.Injury.NameTooLong"));
  // The penalty is required: blank is refused like any other value outside 0 to the maximum.
  if (readString(form, "penalty").trim() === "") throw new Error(format("BREADBOX.Flange.Combat.Injury.NeedPenalty", { field: localize("BREADBOX.Flange.Combat.Injury.Penalty"), min: 0, max: SERIOUS_INJURY_PENALTY_MAX }));
  return { name, penalty: readInputs(form, INJURY_INPUTS).penalty };
}

/** The Active Effect of a serious injury: the GM's name, the status, +penalty on all nine target numbers. */
export function injuryEffectData(name: string, penalty: number) {
  const base = { name, img: "icons/svg/blood.svg", statuses: [SERIOUS_INJURY_STATUS] };
  // v13 or v14 shape (compat.ts); every change adds, so v13's numeric mode is ADD.
  const data = effectChangesData(R.ATTRIBUTES.map((key) => ({ key: `system.attributes.${key}`, type: "add" as const, value: String(penalty) })));
  if ("changes" in data) return { ...base, changes: data.changes.map((c) => ({ key: c.key, value: c.value, mode: CONST.ACTIVE_EFFECT_MODES.ADD })) };
  return { ...base, system: data.system };
}

/** GM button on a serious-injury card: name the condition and its target-number penalty. */
export async function onSeriousInjury(message: ChatMessage.Implementation): Promise<void> {
  if (!currentUser().isGM) {
    notify("warn", "BREADBOX.Relay.NotGM");
    return;
  }
  const f = cardFlags(message);
  const target = typeof f.targetUuid === "string" ? lookupUuidSync(f.targetUuid) : null;
  if (f.type !== "flangeDamageApplied" || f.seriousInjury !== true || !(target instanceof BreadboxActor) || f.done === true) return;
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("flange/combat/injury-dialog.hbs"), { penalty: await injuryInputsHtml(flangeCombatRules().seriousInjuryPenalty) });
  const result = await rollDialog<{ name: string; penalty: number }>({
    title: format("BREADBOX.Flange.Combat.Injury.Title", { name: target.name ?? "" }),
    content,
    read: readInjuryForm,
    rollLabel: "BREADBOX.Flange.Combat.Injury.Apply",
  });
  if (!result) return;
  await target.createEmbeddedDocuments("ActiveEffect", [injuryEffectData(result.value.name, result.value.penalty)]);
  await message.update({ flags: { [SYSTEM_ID]: { done: true, condition: result.value.name, penalty: result.value.penalty } } });
}
