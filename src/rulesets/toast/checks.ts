/**
 * Toast's tasks (seed: "Task Resolution", target numbers, "Contested Tasks"): gather the character's task modifier with the rules core (skill: attribute modifier + level;
 * attributes or an aspect: their average), configure in the dialog (the target-number ladder with
 * both inestimable ends or a number of the GM's, the GM's modifier, the wound and armor penalties
 * where the book applies them, a contested task against a targeted character or a number, and the
 * exact odds of success, Auto and Flub). Rolling and posting is task.ts (a contest against a
 * targeted character: the `toast.contest` exchange, contest.ts). A rolled skill is marked used this
 * session; one attempted at level 0 is learned (level 1).
 */
import * as R from "./rules";
import { chanceOf, oddsPanelHtml, sideLabels, type HeadlineFigure, type SideNames } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { templatePath } from "../../core/ids";
import { linesHtml } from "../../core/rolls/lines";
import { targetedActors } from "../../core/foundry";
import { boolInput, choiceInput, intInput, readInputs, type InputValues } from "../../core/forms/inputs";
import type { Odds } from "../../dice/contract";
import { ToastActorModel } from "./data/actor";
import { ToastSkillModel } from "./data/items";
import { targetLabel, type ToastCheckKind, type ToastCheckOptions, type ToastModifierPart } from "./dice/check-roll";
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
  /** A contest against a number (no targeted character): the unnamed opponent's modifier. */
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
  /** The roller's name (a contest's cards and odds name both sides). */
  name: string;
  /** A contest against a number: the unnamed opponent's side (rolled with the roller's). */
  opponent: ToastCheckOptions | null;
  opponentName: string;
  /** A contest against a character: she answers on the card with her own task (`toast.contest`). */
  against: Actor.Implementation | null;
}

const sum = (parts: readonly ToastModifierPart[]) => parts.reduce((s, p) => s + p.value, 0);

/** Build the check with the rules core; throws with a localized message on choices that do not fit. */
export function buildCheck(actor: Actor.Implementation, c: ToastCheckChoices, opponentActor: Actor.Implementation | null = null): BuiltToastCheck {
  const parsed = parseTask(c.task);
  if (!parsed) throw new Error(localize("BREADBOX.Toast.Check.NoTask"));
  const also = R.ATTRIBUTE_KEYS.find((k) => k === c.alsoAttribute);
  const task: ToastTask = parsed.kind === "attributes" && also && !parsed.attributes.includes(also) ? { kind: "attributes", attributes: [...parsed.attributes, also] } : parsed;
  const { parts, resolved } = taskParts(actor, task, c);
  const base = { title: resolved.label, parts, actorUuid: actor.uuid, itemId: resolved.skill?.id };
  const name = actor.name ?? "";
  if (!c.contested) {
    const target = targetOf(c);
    return { options: { ...base, kind: resolved.kind, target, difficulty: c.difficulty === "custom" ? null : c.difficulty }, name, opponent: null, opponentName: "", against: null };
  }
  const options: ToastCheckOptions = { ...base, kind: "contest", title: format("BREADBOX.Toast.Contest.Side", { name, task: resolved.label }), target: null };
  // A character answers with her own task on the card; her dice are the GM's (./contest.ts).
  if (opponentActor) {
    R.checkModifier(sum(options.parts), localize("BREADBOX.Toast.Card.Modifier"));
    return { options, name, opponent: null, opponentName: opponentActor.name ?? "", against: opponentActor };
  }
  R.checkModifier(c.opponentModifier, localize("BREADBOX.Toast.Contest.OpponentModifier"));
  const opponentName = localize("BREADBOX.Toast.Contest.Opponent");
  const opponent: ToastCheckOptions = { kind: "contest", title: opponentName, parts: [{ label: localize("BREADBOX.Toast.Contest.OpponentModifier"), value: c.opponentModifier }], target: null };
  return { options, name, opponent, opponentName, against: null };
}

/**
 * The odds panel's labels of a contest, naming both sides (issue 24.5): "Ysolde wins", "Guard's
 * Auto", never "You win" or "First side wins"; a tie is the GM's call.
 */
export function contestOddsLabels(names: SideNames): { labelKey(key: string): string; label(key: string): string | undefined } {
  return {
    labelKey: (k) => `BREADBOX.Toast.Outcome.${k}`,
    label: sideLabels(names, { Wins: "BREADBOX.Toast.Contest.Wins", Auto: "BREADBOX.Toast.Contest.SideAuto", Flub: "BREADBOX.Toast.Contest.SideFlub" }),
  };
}

/** The exact odds of the built check (contested: the roller wins, ties, loses). */
export function oddsOf(built: BuiltToastCheck): Odds | null {
  if (built.against) return null;
  if (built.opponent) return R.contestOdds({ first: sum(built.options.parts), second: sum(built.opponent.parts) });
  const target = built.options.target ?? "inestimablyEasy";
  return R.checkOdds({ modifier: sum(built.options.parts), target });
}

export function oddsHtml(built: BuiltToastCheck): string {
  const modifier = sum(built.options.parts);
  const odds = oddsOf(built);
  // Against a character: her task is hers to choose, so the odds are shown to her when she answers.
  if (built.against || !odds) return linesHtml({ text: format("BREADBOX.Toast.Contest.AnswerLine", { modifier: modifier >= 0 ? `+${modifier}` : String(modifier), opponent: built.opponentName }), cls: "bb-toast-line" });
  const line = built.opponent
    ? format("BREADBOX.Toast.Check.ContestLine", { modifier: modifier >= 0 ? `+${modifier}` : String(modifier), opponent: built.opponentName, opponentModifier: String(sum(built.opponent.parts)) })
    : format("BREADBOX.Toast.Check.TaskLine", { modifier: modifier >= 0 ? `+${modifier}` : String(modifier), target: targetLabel(built.options.target, built.options.difficulty) });
  return linesHtml({ text: line, cls: "bb-toast-line" }) + (built.opponent ? oddsPanelHtml(odds, contestOddsLabels({ first: built.name, second: built.opponentName })) : taskOddsHtml(odds));
}

/**
 * A task's headline (issue 24.4): it succeeds or it fails, two figures that add up to 100 %.
 * An Auto or a Flub decides whatever the total: they are part of those figures, so they sit apart
 * as overlapping events; the four outcomes are folded below.
 */
export function taskHeadline(odds: Odds): HeadlineFigure[] {
  return [
    { label: localize("BREADBOX.Toast.Headline.Succeeds"), p: chanceOf(odds, ["success", "auto"]), cls: "band-success" },
    { label: localize("BREADBOX.Toast.Headline.Fails"), p: chanceOf(odds, ["failure", "flub"]), cls: "band-failure" },
  ];
}

/** The odds panel of a task against a target number (checks, healing checks). */
export function taskOddsHtml(odds: Odds): string {
  const overlap = (["auto", "flub"] as const).map((k) => ({ key: `${k}Overlap`, p: chanceOf(odds, [k]) }));
  return oddsPanelHtml({ ...odds, extras: [...odds.extras, ...overlap] }, { labelKey: (k) => `BREADBOX.Toast.Outcome.${k}`, headline: taskHeadline });
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

/** What the check dialog's declaration is built from: the task offered first and the defaults. */
type DeclarationDefaults = Pick<ToastCheckChoices, "task" | "difficulty" | "customTarget" | "applyWounds" | "applyArmor" | "contested">;

/**
 * The check dialog's inputs, declared once (src/core/forms/inputs.ts): the dialog reads its form
 * through it, and the GM checks a contest's posted choices through the same declaration.
 */
export function checkDeclaration(actor: Actor.Implementation, defaults: DeclarationDefaults) {
  const max = R.MAX_MAGNITUDE;
  return {
    task: choiceInput("BREADBOX.Toast.Check.Task", Object.fromEntries(taskOptions(actor, defaults.task).map((o) => [o.value, `${o.group}: ${o.label}`])), defaults.task),
    alsoAttribute: choiceInput("BREADBOX.Toast.Check.AlsoAttribute", Object.fromEntries([["", "—"], ...R.ATTRIBUTE_KEYS.map((a) => [a, attributeName(a)])]), ""),
    difficulty: choiceInput("BREADBOX.Toast.Check.Difficulty", Object.fromEntries(DIFFICULTY_CHOICES.map((d) => [d, `BREADBOX.Toast.Difficulty.${d}`])), defaults.difficulty),
    customTarget: intInput("BREADBOX.Toast.Check.CustomTarget", -max, max, defaults.customTarget),
    gm: intInput("BREADBOX.Toast.Check.GM", -max, max, 0),
    applyWounds: boolInput("BREADBOX.Toast.Check.ApplyWounds", defaults.applyWounds),
    applyArmor: boolInput("BREADBOX.Toast.Check.ApplyArmor", defaults.applyArmor),
    contested: boolInput("BREADBOX.Toast.Contest.Contested", defaults.contested),
    opponentModifier: intInput("BREADBOX.Toast.Contest.OpponentModifier", -max, max, 0),
  };
}

export type CheckDeclaration = ReturnType<typeof checkDeclaration>;

/** The declaration's values as choices (its keys are the dialog's; the difficulty typed). */
export function choicesOf(v: InputValues<CheckDeclaration>): ToastCheckChoices {
  const difficulty = DIFFICULTY_CHOICES.find((d) => d === v.difficulty);
  if (!difficulty) throw new Error(localize("BREADBOX.Toast.Check.Difficulty"));
  return { ...v, difficulty };
}

export function readChoices(form: HTMLFormElement, actor: Actor.Implementation, fallback: ToastCheckChoices): ToastCheckChoices {
  return choicesOf(readInputs(form, checkDeclaration(actor, fallback)));
}

/**
 * Keep the dialog's dependent fields in step with its choices: the GM's target number only with
 * "target number of the GM's choice", the opponent's modifier only for a contested task.
 */
export function syncDialogFields(form: HTMLFormElement): void {
  const el = (name: string) => form.elements.namedItem(name);
  const difficulty = el("difficulty");
  const contested = el("contested");
  const custom = el("customTarget");
  const oppModifier = el("opponentModifier");
  const isContested = contested instanceof HTMLInputElement && contested.checked;
  if (custom instanceof HTMLInputElement) custom.disabled = !(difficulty instanceof HTMLSelectElement && difficulty.value === "custom") || isContested;
  if (difficulty instanceof HTMLSelectElement) difficulty.disabled = isContested;
  if (oppModifier instanceof HTMLInputElement) oppModifier.disabled = !isContested;
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

/** Listed skills whose pack name is not their key's words title-cased. */
const LISTED_SKILL_NAMES: ReadonlyMap<string, string> = new Map([["twoHandedSword", "Two-Handed Sword"]]);

/** A listed skill's name as the skills pack writes it ("firstAid" → "First Aid"). */
export function listedSkillName(key: string): string {
  return LISTED_SKILL_NAMES.get(key) ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/**
 * After a skill was attempted (an attack, a defence, an initiative roll): her own skill item goes
 * through `afterSkillRoll`; an untrained attempt at a listed skill she does not have (`key`, level
 * 0) gives her that skill at level 1, learned this session, once the task is resolved — the book:
 * "If a character attempts a skill in which she does not yet have a level, the character's skill
 * level becomes 1 after the task has been resolved" (not Knowledge skills; world setting
 * `toast.learnByTrying`). Only an owner of the character writes it.
 */
export async function afterSkillAttempt(actor: Actor.Implementation, skill: { itemId?: string; untrained: boolean; key?: string }): Promise<void> {
  if (skill.itemId) return afterSkillRoll(actor, skill.itemId);
  if (!skill.untrained || !skill.key || !actor.isOwner || !toastRules().learnByTrying) return;
  const listed = R.findStarterSkill(skill.key);
  if (!listed || !R.canAttemptSkill(listed.category, 0)) return;
  // Learned meanwhile (another attempt got there first): that skill is marked instead.
  const had = actor.items.find((i) => modelOf(i, ToastSkillModel)?.key === listed.key);
  if (had?.id) return afterSkillRoll(actor, had.id);
  const attempt = R.levelAfterAttempt(listed.category, 0);
  await actor.createEmbeddedDocuments("Item", [
    { name: listedSkillName(listed.key), type: "toastSkill", system: { key: listed.key, category: listed.category, baseAttributes: [...listed.baseAttributes], level: attempt.level, used: true, learned: attempt.learned } },
  ]);
}
