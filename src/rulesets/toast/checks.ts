/**
 * Toast's roll pipeline for tasks (seed: "Task Resolution", target numbers, "Contested Tasks"):
 * gather the character's task modifier with the rules core (skill: attribute modifier + level;
 * attributes or an aspect: their average), configure in the dialog (the target-number ladder with
 * both inestimable ends or a number of the GM's, the GM's modifier, the wound and armor penalties
 * where the book applies them, a contested task against a targeted character or a number, and the
 * exact odds of success, Auto and Flub), evaluate ToastCheckRolls with Foundry's dice and post one
 * card. A rolled skill is marked used this session; one attempted at level 0 is learned (level 1).
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { oddsPanelHtml } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { linesHtml } from "../../core/rolls/lines";
import { audienceForMode, type MessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { targetedActors } from "../../core/foundry";
import { readBool, readInt, readKey } from "../../core/forms/read";
import type { Odds } from "../../dice/contract";
import { ToastActorModel } from "./data/actor";
import { ToastSkillModel } from "./data/items";
import { ToastCheckRoll, targetLabel, type ToastCheckKind, type ToastCheckOptions, type ToastModifierPart } from "./dice/check-roll";
import { toastRules } from "./settings";

/** What a task rests on: a skill item, attributes (averaged) or an aspect. */
export type ToastTask =
  | { kind: "skill"; itemId: string }
  | { kind: "attributes"; attributes: R.AttributeKey[] }
  | { kind: "aspect"; aspect: R.AspectKey };

export const DIFFICULTY_CHOICES = [...R.DIFFICULTY_KEYS, "custom"] as const;
export type DifficultyChoice = (typeof DIFFICULTY_CHOICES)[number];

/** Everything the check dialog asks. */
export interface ToastCheckChoices {
  /** "skill:<itemId>", "attribute:<key>" or "aspect:<key>". */
  task: string;
  /** An attribute averaged in with an attribute task ("" for none): tasks on several attributes. */
  alsoAttribute: string;
  difficulty: DifficultyChoice;
  customTarget: number;
  gm: number;
  applyWounds: boolean;
  applyArmor: boolean;
  contested: boolean;
  /** The opponent's task ("skill:<id>", "attribute:<key>", "aspect:<key>") on the targeted character, or "" for a modifier. */
  opponentTask: string;
  opponentModifier: number;
}

export function taskKey(task: ToastTask): string {
  if (task.kind === "skill") return `skill:${task.itemId}`;
  if (task.kind === "aspect") return `aspect:${task.aspect}`;
  return `attribute:${task.attributes.join("+")}`;
}

export function parseTask(key: string): ToastTask | null {
  const [kind, rest] = key.split(":", 2);
  if (!rest) return null;
  if (kind === "skill") return { kind: "skill", itemId: rest };
  if (kind === "aspect") {
    const aspect = R.ASPECT_KEYS.find((a) => a === rest);
    return aspect ? { kind: "aspect", aspect } : null;
  }
  if (kind === "attribute") {
    const attributes = rest.split("+").map((a) => R.ATTRIBUTE_KEYS.find((k) => k === a));
    if (!attributes.length || attributes.some((a) => a === undefined)) return null;
    return { kind: "attributes", attributes: attributes.filter((a): a is R.AttributeKey => a !== undefined) };
  }
  return null;
}

export function defaultChoices(task: ToastTask, preset: Partial<ToastCheckChoices> = {}): ToastCheckChoices {
  const difficulty = DIFFICULTY_CHOICES.find((d) => d === toastRules().defaultDifficulty) ?? "medium";
  return {
    task: taskKey(task),
    alsoAttribute: "",
    difficulty,
    customTarget: 15,
    gm: 0,
    applyWounds: true,
    applyArmor: true,
    contested: false,
    opponentTask: "",
    opponentModifier: 0,
    ...preset,
  };
}

export const attributeName = (key: R.AttributeKey): string => localize(`BREADBOX.Toast.Attribute.${key}`);
export const aspectName = (key: R.AspectKey): string => localize(`BREADBOX.Toast.Aspect.${key}`);

/** A character's task: its label, its rules-core spec and (skill) its item. */
interface ResolvedTask {
  label: string;
  spec: R.TaskSpec;
  kind: ToastCheckKind;
  skill: { id: string; model: ToastSkillModel } | null;
}

function resolveTask(actor: Actor.Implementation, task: ToastTask): ResolvedTask {
  if (task.kind === "skill") {
    const item = actor.items.get(task.itemId);
    const model = modelOf(item, ToastSkillModel);
    if (!item || !model) throw new Error(localize("BREADBOX.Toast.Check.NoSkill"));
    const rules = toastRules();
    if (!R.canAttemptSkill(model.category, model.level)) throw new Error(format("BREADBOX.Toast.Check.NeedsStudy", { skill: item.name ?? "" }));
    return { label: item.name ?? "", spec: { kind: "skill", baseAttributes: [...model.baseAttributes], level: model.level }, kind: "skill", skill: { id: item.id ?? "", model } };
  }
  if (task.kind === "aspect") return { label: aspectName(task.aspect), spec: { kind: "aspect", aspect: task.aspect }, kind: "aspect", skill: null };
  return { label: task.attributes.map(attributeName).join(" + "), spec: { kind: "attributes", attributes: task.attributes }, kind: "attributes", skill: null };
}

/** The named parts of a character's task modifier, from the rules core. */
export function taskParts(actor: Actor.Implementation, task: ToastTask, opts: { applyWounds: boolean; applyArmor: boolean; gm: number }): { parts: ToastModifierPart[]; resolved: ResolvedTask; modifier: R.TaskModifier } {
  const model = modelOf(actor, ToastActorModel);
  if (!model) throw new Error(localize("BREADBOX.Toast.Check.NotToast"));
  const resolved = resolveTask(actor, task);
  const m = R.taskModifier({
    attributes: model.attributeLevels,
    task: resolved.spec,
    woundLevels: model.wounds.value,
    woundScale: model.woundScale,
    armor: model.armor,
    situational: opts.gm,
    ignoreWoundPenalty: !opts.applyWounds,
    ignoreArmorPenalty: !opts.applyArmor,
  });
  const parts: ToastModifierPart[] = [];
  if (m.attributeModifier !== null && m.skillLevel !== null) {
    parts.push({ label: format("BREADBOX.Toast.Check.AttributeModifier", { attributes: resolved.spec.kind === "skill" ? resolved.spec.baseAttributes.map((a) => R.ATTRIBUTE_ABBREVIATIONS[a]).join("/") : "" }), value: m.attributeModifier });
    parts.push({ label: format("BREADBOX.Toast.Check.SkillLevel", { skill: resolved.label }), value: m.skillLevel });
  } else {
    parts.push({ label: resolved.label, value: m.base });
  }
  if (m.woundAdjustment) parts.push({ label: localize("BREADBOX.Toast.Check.Wounds"), value: m.woundAdjustment });
  if (m.armorAdjustment) parts.push({ label: localize("BREADBOX.Toast.Check.Armor"), value: m.armorAdjustment });
  if (m.situational) parts.push({ label: localize("BREADBOX.Toast.Check.GM"), value: m.situational });
  return { parts, resolved, modifier: m };
}

/** The target a choice names (the ladder's number, an inestimable end or the GM's number). */
export function targetOf(c: Pick<ToastCheckChoices, "difficulty" | "customTarget">): R.TaskTarget {
  return c.difficulty === "custom" ? R.checkTarget(c.customTarget) : R.targetNumber(c.difficulty);
}

/** A built check: the roller's options, and the opponent's when contested. */
export interface BuiltToastCheck {
  options: ToastCheckOptions;
  opponent: ToastCheckOptions | null;
  opponentName: string;
}

/** Build the check with the rules core; throws with a localized message on choices that do not fit. */
export function buildCheck(actor: Actor.Implementation, c: ToastCheckChoices, opponentActor: Actor.Implementation | null = null): BuiltToastCheck {
  const parsed = parseTask(c.task);
  if (!parsed) throw new Error(localize("BREADBOX.Toast.Check.NoTask"));
  const also = R.ATTRIBUTE_KEYS.find((k) => k === c.alsoAttribute);
  const task: ToastTask = parsed.kind === "attributes" && also && !parsed.attributes.includes(also) ? { kind: "attributes", attributes: [...parsed.attributes, also] } : parsed;
  const { parts, resolved } = taskParts(actor, task, c);
  const base = { title: resolved.label, parts, actorUuid: actor.uuid, itemId: resolved.skill?.id };
  if (!c.contested) {
    const target = targetOf(c);
    return { options: { ...base, kind: resolved.kind, target, difficulty: c.difficulty === "custom" ? null : c.difficulty }, opponent: null, opponentName: "" };
  }
  const oppTask = c.opponentTask && opponentActor ? parseTask(c.opponentTask) : null;
  let opponent: ToastCheckOptions;
  let opponentName: string;
  if (oppTask && opponentActor) {
    const opp = taskParts(opponentActor, oppTask, { applyWounds: true, applyArmor: true, gm: 0 });
    opponentName = opponentActor.name ?? "";
    opponent = { kind: "contest", title: format("BREADBOX.Toast.Contest.Side", { name: opponentName, task: opp.resolved.label }), parts: opp.parts, target: null, actorUuid: opponentActor.uuid };
  } else {
    R.checkModifier(c.opponentModifier, localize("BREADBOX.Toast.Contest.OpponentModifier"));
    opponentName = opponentActor?.name ?? localize("BREADBOX.Toast.Contest.Opponent");
    opponent = { kind: "contest", title: opponentName, parts: [{ label: localize("BREADBOX.Toast.Contest.OpponentModifier"), value: c.opponentModifier }], target: null };
  }
  return { options: { ...base, kind: "contest", title: format("BREADBOX.Toast.Contest.Side", { name: actor.name ?? "", task: resolved.label }), target: null }, opponent, opponentName };
}

const sum = (parts: readonly ToastModifierPart[]) => parts.reduce((s, p) => s + p.value, 0);

/** The exact odds of the built check (contested: the roller wins, ties, loses). */
export function oddsOf(built: BuiltToastCheck): Odds {
  if (built.opponent) return R.contestOdds({ first: sum(built.options.parts), second: sum(built.opponent.parts) });
  const target = built.options.target ?? "inestimablyEasy";
  return R.checkOdds({ modifier: sum(built.options.parts), target });
}

export function oddsHtml(built: BuiltToastCheck): string {
  const modifier = sum(built.options.parts);
  const line = built.opponent
    ? format("BREADBOX.Toast.Check.ContestLine", { modifier: modifier >= 0 ? `+${modifier}` : String(modifier), opponent: built.opponentName, opponentModifier: String(sum(built.opponent.parts)) })
    : format("BREADBOX.Toast.Check.TaskLine", { modifier: modifier >= 0 ? `+${modifier}` : String(modifier), target: targetLabel(built.options.target, built.options.difficulty) });
  return linesHtml({ text: line, cls: "bb-toast-line" }) + oddsPanelHtml(oddsOf(built), { labelKey: (k) => `BREADBOX.Toast.Outcome.${k}` });
}

/** Every task a character can roll: skills, single attributes, aspects (as select options). */
export function taskOptions(actor: Actor.Implementation, selected: string): { value: string; label: string; selected: boolean; group: string }[] {
  const out: { value: string; label: string; selected: boolean; group: string }[] = [];
  const skills = [...actor.items].filter((i) => i.system instanceof ToastSkillModel).sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  for (const s of skills) out.push({ value: `skill:${s.id}`, label: s.name ?? "", selected: false, group: localize("BREADBOX.Toast.Tab.Skills") });
  for (const a of R.ATTRIBUTE_KEYS) out.push({ value: `attribute:${a}`, label: attributeName(a), selected: false, group: localize("BREADBOX.Toast.Attributes") });
  // The book's stand-in for Intelligence: the average of Perception and Focus.
  out.push({ value: `attribute:${R.INTELLIGENCE_ATTRIBUTES.join("+")}`, label: localize("BREADBOX.Toast.Check.Intelligence"), selected: false, group: localize("BREADBOX.Toast.Attributes") });
  for (const a of R.ASPECT_KEYS) out.push({ value: `aspect:${a}`, label: aspectName(a), selected: false, group: localize("BREADBOX.Toast.Aspects") });
  if (!out.some((o) => o.value === selected)) {
    const t = parseTask(selected);
    if (t?.kind === "attributes") out.push({ value: selected, label: t.attributes.map(attributeName).join(" + "), selected: false, group: localize("BREADBOX.Toast.Attributes") });
  }
  for (const o of out) o.selected = o.value === selected;
  return out;
}

export function readChoices(form: HTMLFormElement, actor: Actor.Implementation, opponent: Actor.Implementation | null, fallback: ToastCheckChoices): ToastCheckChoices {
  const L = (k: string) => localize(`BREADBOX.Toast.Check.${k}`);
  const tasks = taskOptions(actor, fallback.task).map((o) => o.value);
  const oppTasks = opponent ? ["", ...taskOptions(opponent, "").map((o) => o.value)] : [""];
  return {
    task: readKey(form, "task", L("Task"), tasks, fallback.task),
    alsoAttribute: readKey(form, "alsoAttribute", L("AlsoAttribute"), ["", ...R.ATTRIBUTE_KEYS], ""),
    difficulty: readKey(form, "difficulty", L("Difficulty"), DIFFICULTY_CHOICES, fallback.difficulty),
    customTarget: readInt(form, "customTarget", L("CustomTarget"), -R.MAX_MAGNITUDE, R.MAX_MAGNITUDE, fallback.customTarget),
    gm: readInt(form, "gm", L("GM"), -R.MAX_MAGNITUDE, R.MAX_MAGNITUDE, 0),
    applyWounds: readBool(form, "applyWounds", fallback.applyWounds),
    applyArmor: readBool(form, "applyArmor", fallback.applyArmor),
    contested: readBool(form, "contested", fallback.contested),
    opponentTask: readKey(form, "opponentTask", localize("BREADBOX.Toast.Contest.OpponentTask"), oppTasks, ""),
    opponentModifier: readInt(form, "opponentModifier", localize("BREADBOX.Toast.Contest.OpponentModifier"), -R.MAX_MAGNITUDE, R.MAX_MAGNITUDE, 0),
  };
}

/**
 * Keep the dialog's dependent fields in step with its choices: the GM's target number only with
 * "target number of the GM's choice", the opponent's fields only for a contested task (and the
 * opponent's modifier only when no opponent's task is chosen).
 */
export function syncDialogFields(form: HTMLFormElement): void {
  const el = (name: string) => form.elements.namedItem(name);
  const difficulty = el("difficulty");
  const contested = el("contested");
  const oppTask = el("opponentTask");
  const custom = el("customTarget");
  const oppModifier = el("opponentModifier");
  const isContested = contested instanceof HTMLInputElement && contested.checked;
  if (custom instanceof HTMLInputElement) custom.disabled = !(difficulty instanceof HTMLSelectElement && difficulty.value === "custom") || isContested;
  if (difficulty instanceof HTMLSelectElement) difficulty.disabled = isContested;
  if (oppTask instanceof HTMLSelectElement) oppTask.disabled = !isContested;
  if (oppModifier instanceof HTMLInputElement) oppModifier.disabled = !isContested || (oppTask instanceof HTMLSelectElement && oppTask.value !== "");
}

/** Render the dialog's form. */
export async function dialogContent(actor: Actor.Implementation, c: ToastCheckChoices, opponent: Actor.Implementation | null): Promise<string> {
  const ladder = DIFFICULTY_CHOICES.map((d) => {
    const target = d === "custom" ? null : R.targetNumber(d);
    const label = localize(`BREADBOX.Toast.Difficulty.${d}`);
    return { value: d, label: typeof target === "number" ? `${label} (${target})` : label, selected: d === c.difficulty };
  });
  return foundry.applications.handlebars.renderTemplate(templatePath("toast/dialogs/check.hbs"), {
    tasks: taskOptions(actor, c.task),
    alsoAttributes: R.ATTRIBUTE_KEYS.map((a) => ({ value: a, label: attributeName(a), selected: a === c.alsoAttribute })),
    ladder,
    c,
    opponentName: opponent?.name ?? "",
    opponentTasks: opponent ? taskOptions(opponent, c.opponentTask) : [],
    max: R.MAX_MAGNITUDE,
  });
}

/** The opponent of a contested task: the first targeted Toast character other than the roller. */
export function contestOpponent(actor: Actor.Implementation): Actor.Implementation | null {
  return targetedActors().find((a) => a !== actor && a.system instanceof ToastActorModel) ?? null;
}

/** After a roll: mark the skill used this session; a first attempt at level 0 teaches level 1. */
export async function afterSkillRoll(actor: Actor.Implementation, itemId: string | undefined): Promise<void> {
  if (!itemId || !actor.isOwner) return;
  const item = actor.items.get(itemId);
  const model = modelOf(item, ToastSkillModel);
  if (!item || !model) return;
  const update: Record<string, unknown> = { "system.used": true };
  if (toastRules().learnByTrying && model.level === 0 && R.canAttemptSkill(model.category, 0)) {
    const attempt = R.levelAfterAttempt(model.category, 0);
    update["system.level"] = attempt.level;
    update["system.learned"] = attempt.learned;
  }
  if (model.used && update["system.level"] === undefined) return;
  await item.update(update);
}

/**
 * Configure, roll and post a task for a Toast character. Returns the evaluated roll(s), or null.
 * A contested task posts one card with both rolls and names the winner.
 */
export async function performToastCheck(actor: Actor.Implementation, task: ToastTask, preset: Partial<ToastCheckChoices> = {}, event?: Event | null): Promise<ToastCheckRoll[] | null> {
  if (!modelOf(actor, ToastActorModel)) return null;
  const opponent = contestOpponent(actor);
  const initial = defaultChoices(task, preset);
  const configured = await configureRoll({
    defaults: initial,
    skip: skipDialog(event),
    dialog: async () => ({
      title: format("BREADBOX.Toast.Check.Title", { name: actor.name ?? "" }),
      content: await dialogContent(actor, initial, opponent),
      read: (form) => {
        syncDialogFields(form);
        const c = readChoices(form, actor, opponent, initial);
        buildCheck(actor, c, opponent);
        return c;
      },
      odds: (c) => oddsHtml(buildCheck(actor, c, opponent)),
    }),
    build: (c) => buildCheck(actor, c, opponent),
  });
  if (!configured) return null;
  const { built, mode } = configured;
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

async function postToastCheck(actor: Actor.Implementation, built: BuiltToastCheck, rolls: ToastCheckRoll[], mode: MessageMode): Promise<void> {
  let content: string | undefined;
  if (built.opponent) {
    const line = contestLine(rolls, [actor.name ?? "", built.opponentName]);
    // A card with content of its own shows it instead of its rolls: both rolls go into the content.
    let rollsHTML = "";
    for (const roll of rolls) rollsHTML += await roll.render();
    content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/chat/contest.hbs"), { outcome: line?.outcome ?? "", text: line?.text ?? "", rollsHTML });
  }
  await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls,
      content,
      flags: { [SYSTEM_ID]: { type: built.opponent ? "toastContest" : "toastCheck", actorUuid: actor.uuid } },
    },
    audienceForMode(mode),
  );
}
