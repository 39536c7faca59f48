/**
 * Healing (seed: "Healing") as sheet buttons that roll, post and apply:
 * - Rest: a day without strenuous activity heals 1 wound level (the GM decides what is strenuous;
 *   the player presses the button only for a restful day).
 * - Health check: at the end of each day, Health against the effective wound level, without the
 *   wound penalty; a success heals one more wound level.
 * - Treatment: once a day, a medical skill against the patient's effective wound level; the
 *   treater's own wound penalty applies (so treating herself, hers). A success heals the wound
 *   levels of the `toast.treatmentHeals` setting (the seed gives no number; 1 by default).
 * Each of the three is once per world-time day per character (`doneToday`, a setting each).
 * Each applies to the character directly when the user owns it; treating someone else's character
 * goes through the GM relay, where the GM's client recomputes the treatment from both characters,
 * rolls it and applies it (nothing is read from a player's card).
 */
import * as R from "./rules";
import { format, localize, modelOf, actorFromUuid } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode, currentMessageMode, normaliseMessageMode, type MessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { rollDialog, skipDialog } from "../../core/rolls/dialog";
import { applyOrRelay, type RelayContext, type RelayResult } from "../../core/relay";
import { inputsHtml, intInput, readInputs } from "../../core/forms/inputs";
import { noteCardHtml } from "../../core/chat/note-card";
import { ToastActorModel } from "./data/actor";
import { ToastSkillModel } from "./data/items";
import { ToastCheckRoll, targetLabel, type ToastCheckOptions } from "./dice/check-roll";
import { afterSkillRoll, taskOddsHtml, taskParts } from "./checks";
import { toastRules } from "./settings";

function actorModel(actor: Actor.Implementation): ToastActorModel {
  const m = modelOf(actor, ToastActorModel);
  if (!m) throw new Error(localize("BREADBOX.Toast.Check.NotToast"));
  return m;
}

async function setWounds(actor: Actor.Implementation, woundLevels: number): Promise<void> {
  await actor.update({ system: { wounds: { value: woundLevels } } });
}

/** A day of rest without strenuous activity: heal the base rate. */
export async function rest(actor: Actor.Implementation): Promise<number> {
  const model = actorModel(actor);
  if (!actor.isOwner) return 0;
  if (doneToday(actor, "rest")) {
    ui.notifications?.warn(format("BREADBOX.Toast.Healing.RestedToday", { name: actor.name ?? "" }));
    return 0;
  }
  await markDone(actor, "rest");
  const before = model.wounds.value;
  const healed = Math.min(R.REST_HEALS, before);
  if (healed > 0) await setWounds(actor, before - healed);
  const content = await noteCardHtml({ kind: "toast-healing", title: localize("BREADBOX.Toast.Healing.Rest"), lines: [{ text: format("BREADBOX.Toast.Healing.Healed", { healed, before, after: before - healed }) }] });
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, flags: { [SYSTEM_ID]: { type: "toastRest", actorUuid: actor.uuid } } }, audienceForMode(currentMessageMode()));
  return healed;
}

/** The end-of-day Health check's options (Health alone, no wound penalty, target: effective level). */
export function healthCheckOptions(actor: Actor.Implementation): ToastCheckOptions {
  const model = actorModel(actor);
  const input = R.healthCheckInput({ attributes: model.attributeLevels, woundLevels: model.wounds.value, woundScale: model.woundScale, strenuous: false }, model.wounds.value);
  return {
    kind: "healthCheck",
    title: localize("BREADBOX.Toast.Healing.HealthCheck"),
    parts: [{ label: localize("BREADBOX.Toast.Attribute.health"), value: input.modifier }],
    target: input.target,
    actorUuid: actor.uuid,
  };
}

/** A fixed check's dialog: the GM's modifier, the roll mode and the odds. Null when cancelled. */
async function fixedDialog(title: string, options: ToastCheckOptions, event: Event | null | undefined, allowGM: boolean): Promise<{ options: ToastCheckOptions; mode: MessageMode } | null> {
  if (skipDialog(event)) return { options, mode: currentMessageMode() };
  const withGM = (gm: number): ToastCheckOptions => (gm ? { ...options, parts: [...options.parts, { label: localize("BREADBOX.Toast.Check.GM"), value: gm }] } : options);
  const inputs = { gm: intInput("BREADBOX.Toast.Check.GM", -R.MAX_MAGNITUDE, R.MAX_MAGNITUDE, 0) };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/dialogs/fixed-check.hbs"), {
    line: format("BREADBOX.Toast.Check.TargetIs", { target: targetLabel(options.target) }),
    inputs: allowGM ? await inputsHtml(inputs, {}, "bb-toast") : "",
  });
  const answer = await rollDialog<number>({
    title,
    content,
    read: (form) => (allowGM ? readInputs(form, inputs).gm : 0),
    odds: (gm) => {
      const o = withGM(gm);
      return taskOddsHtml(R.checkOdds({ modifier: o.parts.reduce((s, p) => s + p.value, 0), target: o.target ?? "inestimablyEasy" }));
    },
  });
  return answer ? { options: withGM(answer.value), mode: answer.mode } : null;
}

/** Roll and post a healing check; returns the evaluated roll. */
async function rollAndPost(actor: Actor.Implementation, options: ToastCheckOptions, mode: MessageMode, type: string, extraFlags: Record<string, unknown> = {}): Promise<ToastCheckRoll> {
  const roll = ToastCheckRoll.fromCheck(options);
  await roll.evaluate();
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), rolls: [roll], flags: { [SYSTEM_ID]: { type, actorUuid: actor.uuid, ...extraFlags } } }, audienceForMode(mode));
  return roll;
}

/** The nightly Health check: roll, post, heal one more wound level on a success. */
export async function healthCheck(actor: Actor.Implementation, event?: Event | null): Promise<ToastCheckRoll | null> {
  const model = actorModel(actor);
  if (!actor.isOwner) return null;
  if (model.wounds.value === 0) {
    ui.notifications?.info(format("BREADBOX.Toast.Healing.NoWounds", { name: actor.name ?? "" }));
    return null;
  }
  const checkedToday = () => {
    if (!doneToday(actor, "healthCheck")) return false;
    ui.notifications?.warn(format("BREADBOX.Toast.Healing.HealthCheckedToday", { name: actor.name ?? "" }));
    return true;
  };
  if (checkedToday()) return null;
  const chosen = await fixedDialog(localize("BREADBOX.Toast.Healing.HealthCheck"), healthCheckOptions(actor), event, true);
  // Looked at again: another click may have rolled it while this dialog was open.
  if (!chosen || checkedToday()) return null;
  await markDone(actor, "healthCheck");
  const roll = await rollAndPost(actor, chosen.options, chosen.mode, "toastHealthCheck");
  if (roll.checkResult?.success) await setWounds(actor, Math.max(0, actorModel(actor).wounds.value - R.HEALTH_CHECK_HEALS));
  return roll;
}

/** Seconds in a day of world time. */
export const SECONDS_PER_DAY = 86_400;

/** Today's number in world time (worldTime ÷ a day, rounded down). */
export function worldDay(): number {
  const t = game.time?.worldTime;
  return typeof t === "number" && Number.isFinite(t) ? Math.floor(t / SECONDS_PER_DAY) : 0;
}

/**
 * The three things of the book's healing that happen once a day ("1 wound level per day", "at the
 * end of each day … a Health check", "once per day … treat the wounds"): each is marked on the
 * character with the world-time day it last happened, and each has its own world setting.
 */
export type DailyHealing = "treatment" | "rest" | "healthCheck";
const DAILY = {
  treatment: { flag: "toastTreatedDay", setting: "treatmentOncePerDay" },
  rest: { flag: "toastRestedDay", setting: "restOncePerDay" },
  healthCheck: { flag: "toastHealthCheckDay", setting: "healthCheckOncePerDay" },
} as const satisfies Record<DailyHealing, { flag: string; setting: keyof ReturnType<typeof toastRules> }>;

/** Whether this already happened to the character today (world time), when its once-a-day setting is on. */
export function doneToday(actor: Actor.Implementation, what: DailyHealing): boolean {
  if (!toastRules()[DAILY[what].setting]) return false;
  return actor.getFlag("breadbox", DAILY[what].flag) === worldDay();
}

async function markDone(actor: Actor.Implementation, what: DailyHealing): Promise<void> {
  await actor.setFlag("breadbox", DAILY[what].flag, worldDay());
}

/** Whether the patient was already treated today (world time), when the once-a-day setting is on. */
export function treatedToday(patient: Actor.Implementation): boolean {
  return doneToday(patient, "treatment");
}

async function markTreated(patient: Actor.Implementation): Promise<void> {
  await markDone(patient, "treatment");
}

/** The treatment check's options: the treater's skill (with her own penalties) against the patient's effective level. */
export function treatmentOptions(healer: Actor.Implementation, skill: Item.Implementation, patient: Actor.Implementation, gm = 0): ToastCheckOptions {
  const patientModel = actorModel(patient);
  if (!modelOf(skill, ToastSkillModel)) throw new Error(localize("BREADBOX.Toast.Check.NoSkill"));
  const { parts } = taskParts(healer, { kind: "skill", itemId: skill.id ?? "" }, { applyWounds: true, applyArmor: true, gm });
  return {
    kind: "treatment",
    title: format("BREADBOX.Toast.Healing.TreatmentTitle", { skill: skill.name ?? "", patient: patient.name ?? "" }),
    parts,
    target: patientModel.woundStatus.effective,
    actorUuid: healer.uuid,
    itemId: skill.id ?? undefined,
  };
}

/**
 * Medical treatment of `patient` by `healer` with a medical skill. Own patient: roll here and apply;
 * someone else's: the GM's client rolls and applies it (relay action "toast.treat").
 */
export async function treat(healer: Actor.Implementation, skill: Item.Implementation, patient: Actor.Implementation, event?: Event | null): Promise<boolean> {
  if (!healer.isOwner) return false;
  if (actorModel(patient).wounds.value === 0) {
    ui.notifications?.info(format("BREADBOX.Toast.Healing.NoWounds", { name: patient.name ?? "" }));
    return false;
  }
  if (treatedToday(patient)) {
    ui.notifications?.warn(format("BREADBOX.Toast.Healing.TreatedToday", { name: patient.name ?? "" }));
    return false;
  }
  const ownPatient = patient.isOwner;
  const chosen = await fixedDialog(localize("BREADBOX.Toast.Healing.Treatment"), treatmentOptions(healer, skill, patient), event, ownPatient);
  if (!chosen) return false;
  if (!ownPatient) {
    const result = await applyOrRelay("toast.treat", patient, { healerUuid: healer.uuid, skillId: skill.id ?? "", mode: chosen.mode });
    if (result.ok) await afterSkillRoll(healer, skill.id ?? undefined);
    return result.ok;
  }
  const roll = await rollAndPost(healer, chosen.options, chosen.mode, "toastTreatment", { patientUuid: patient.uuid });
  await afterSkillRoll(healer, skill.id ?? undefined);
  await markTreated(patient);
  if (roll.checkResult?.success) await setWounds(patient, Math.max(0, actorModel(patient).wounds.value - toastRules().treatmentHeals));
  return true;
}

/**
 * GM side of "toast.treat": the patient must not have been treated today (world time, a setting);
 * the requester must own the healer; the skill must be the healer's
 * skill item of the Medical category (another skill only when the requester is a GM); the check is rebuilt from both characters as they are now, rolled on
 * this (the GM's) client, posted, and applied once here. Nothing comes from a player's card.
 */
export async function treatRelay(ctx: RelayContext): Promise<RelayResult> {
  const patient = ctx.target instanceof Actor ? await actorFromUuid(ctx.target.uuid) : null;
  const healerUuid = typeof ctx.payload.healerUuid === "string" ? ctx.payload.healerUuid : "";
  const skillId = typeof ctx.payload.skillId === "string" ? ctx.payload.skillId : "";
  const healer = healerUuid ? await actorFromUuid(healerUuid) : null;
  if (!patient || !modelOf(patient, ToastActorModel)) return { ok: false, error: "BREADBOX.Toast.Relay.NoPatient" };
  if (!healer || !modelOf(healer, ToastActorModel) || !healer.testUserPermission(ctx.requester, "OWNER")) return { ok: false, error: "BREADBOX.Toast.Relay.NotHealer" };
  const skill = healer.items.get(skillId);
  const skillModel = modelOf(skill, ToastSkillModel);
  if (!skill || !skillModel) return { ok: false, error: "BREADBOX.Toast.Check.NoSkill" };
  // The sheet offers treatment on Medical skills; whether another skill is appropriate is the GM's call.
  if (skillModel.category !== "medical" && !ctx.requester.isGM) return { ok: false, error: "BREADBOX.Toast.Relay.NotMedical" };
  if (actorModel(patient).wounds.value === 0) return { ok: false, error: "BREADBOX.Toast.Relay.NoWounds" };
  if (treatedToday(patient)) return { ok: false, error: "BREADBOX.Toast.Relay.TreatedToday" };
  const mode = normaliseMessageMode(ctx.payload.mode) ?? "public";
  let options: ToastCheckOptions;
  try {
    options = treatmentOptions(healer, skill, patient);
  } catch {
    return { ok: false, error: "BREADBOX.Toast.Relay.NoPatient" };
  }
  const roll = await rollAndPost(healer, options, mode, "toastTreatment", { patientUuid: patient.uuid });
  await markTreated(patient);
  const success = roll.checkResult?.success ?? false;
  if (success) await setWounds(patient, Math.max(0, actorModel(patient).wounds.value - toastRules().treatmentHeals));
  return { ok: true, data: { success } };
}

export const TOAST_HEALING_RELAY_ACTIONS = { treat: treatRelay };
