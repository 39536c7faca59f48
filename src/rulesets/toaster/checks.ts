/**
 * Toaster's roll pipeline: gather the roll's rank and fixed modifiers from the actor, configure
 * (dialog with difficulty, situational modifier, specialty, complementary bonus, luck before the
 * roll, calling 4s, and live exact odds), evaluate a ToasterCheckRoll, post it to chat.
 */
import * as R from "./rules";
import { rollDialog, skipDialog } from "../../core/rolls/dialog";
import { callPreRollCheck } from "../../core/api/hook-calls";
import { oddsPanelHtml, type OddsPanelOptions } from "../../core/rolls/odds-panel";
import type { Odds } from "../../dice/contract";
import { localize } from "../../core/game";
import { templatePath, SYSTEM_ID } from "../../core/ids";
import { toasterRules, type ToasterRules } from "./settings";
import { ToasterCheckRoll, checkInputOf, type CheckKind, type ModifierPart, type ToasterCheckOptions } from "./dice/check-roll";
import { ToasterActorModel } from "./data/actor";
import { requireModel, updateRolls } from "../../core/foundry";
import { applyCheckEffect } from "./effects";
import { audienceForMode, audienceOf, currentMessageMode, type MessageMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { boolInput, checkInputs, choiceInput, intInput, readInputs, type InputDeclaration } from "../../core/forms/inputs";

export interface CheckRequest {
  actor: Actor.Implementation;
  kind: CheckKind;
  title: string;
  rank: number;
  rankLabel: string;
  /** Modifiers that always apply (wound/stun penalty, strength requirement…). */
  fixedParts: ModifierPart[];
  /** Specialties the roller may pick from. */
  specialties?: { name: string; bonus: number }[];
  /** Target total (10 unopposed). */
  target?: number;
  /** The difficulty the dialog starts at (a ladder key; an inline check's or a roll request's). Default "average". */
  difficulty?: string;
  /** Extra choices for the dialog (range band, weapon length, stance…), each a select. */
  extraSelects?: { name: string; label: string; options: { value: string; label: string; modifier: number }[] }[];
  /** Extra flags stored on the chat message. */
  flags?: Record<string, unknown>;
  /** Extra options stored on the roll. */
  rollOptions?: Record<string, unknown>;
  /** Work after the card is posted (e.g. a healing roll changes the wounds). */
  after?: (roll: ToasterCheckRoll, choices: CheckChoices) => Promise<void>;
  /** Odds panel of a roll that means more than its band (an attack against a known defender). */
  odds?: (options: ToasterCheckOptions) => string;
}

export interface CheckChoices {
  difficulty: string;
  situational: number;
  specialty: number; // index, -1 none
  complementary: number;
  luckBefore: number;
  callFour: boolean;
  /** (Working Collaboratively): how many helpers roll with the character, and whether too many cooks spoil it. */
  helpers: number;
  tooManyCooks: boolean;
  extras: Record<string, string>;
}

export const DEFAULT_CHOICES: CheckChoices = { difficulty: "average", situational: 0, specialty: -1, complementary: 0, luckBefore: 0, callFour: false, helpers: 0, tooManyCooks: false, extras: {} };

/** The modifier parts of a check for the given choices (every source named). */
export function partsFor(req: CheckRequest, choices: CheckChoices, rules: ToasterRules): ModifierPart[] {
  const parts: ModifierPart[] = [...req.fixedParts];
  const diff = R.DIFFICULTY_LADDER.find((d) => d.key === choices.difficulty);
  if (diff && diff.modifier !== 0) parts.push({ label: localize(`BREADBOX.Toaster.Difficulty.${diff.key}`), value: diff.modifier });
  if (choices.situational) parts.push({ label: localize("BREADBOX.Roll.Situational"), value: choices.situational });
  const spec = rules.specialization ? req.specialties?.[choices.specialty] : undefined;
  if (spec) parts.push({ label: spec.name || localize("BREADBOX.Toaster.Skill.Specialty"), value: spec.bonus });
  if (rules.complementarySkills && choices.complementary) parts.push({ label: localize("BREADBOX.Toaster.Roll.Complementary"), value: choices.complementary });
  for (const sel of req.extraSelects ?? []) {
    const opt = sel.options.find((o) => o.value === choices.extras[sel.name]);
    if (opt && opt.modifier) parts.push({ label: opt.label, value: opt.modifier });
  }
  return parts;
}

export function checkOptions(req: CheckRequest, choices: CheckChoices, rules: ToasterRules): ToasterCheckOptions {
  const callFour = rules.callingFours && choices.callFour;
  const helpers = rules.collaboration && !callFour ? choices.helpers : 0;
  // Collaboration keeps one die from several single d10* rolls: the extended d10* rules (nines,
  // zeros) apply to a lone roller's die only (docs/rules/toaster.md).
  const extended = helpers === 0;
  return {
    kind: req.kind,
    title: req.title,
    rank: req.rank,
    rankLabel: req.rankLabel,
    parts: partsFor(req, choices, rules),
    luckBefore: rules.luckPoints ? choices.luckBefore : 0,
    callFour,
    rollingNines: extended && rules.rollingNines,
    ninesLimit: rules.ninesLimit > 0 ? rules.ninesLimit : null,
    rollingZeros: extended && rules.rollingZeros,
    helpers,
    tooManyCooks: helpers > 0 && choices.tooManyCooks,
    choices: { ...choices.extras },
    target: req.target ?? R.UNOPPOSED_TARGET,
    variableOutcomes: rules.variableOutcomes,
    luckEnabled: rules.luckPoints,
    actorUuid: req.actor.uuid,
    ...(req.rollOptions ?? {}),
  };
}


/**
 * Exact odds of a check: the core's checkOdds for a lone roller; for a collaboration the core's
 * collaborationOdds (the lead and every helper roll a plain d10*, the best or worst die counts).
 */
export function oddsFor(input: R.CheckInput, helpers = 0, tooManyCooks = false): Odds {
  if (helpers <= 0) return R.checkOdds(input);
  return R.collaborationOdds({
    ranks: Array.from({ length: helpers + 1 }, () => input.rank),
    mode: tooManyCooks ? "tooManyCooks" : "best",
    modifier: input.modifier + R.LUCK_BEFORE_BONUS * (input.luckBefore ?? 0),
    target: input.target,
  });
}

/**
 * HTML of the odds panel: the five bands with variable outcomes, success and failure without; with
 * a headline (a defence: "Reach 14 to stop the attack"), the headline first and the bands folded.
 */
export function oddsHtml(input: R.CheckInput, variableOutcomes: boolean, helpers = 0, tooManyCooks = false, headline?: OddsPanelOptions["headline"]): string {
  const odds = oddsFor(input, helpers, tooManyCooks);
  return oddsPanelHtml({ ...odds, extras: [] }, { labelKey: (key) => `BREADBOX.Toaster.Band.${key}`, successOnly: !variableOutcomes, ...(headline ? { headline } : {}) });
}

/** The dialog's limits, one source for the declaration below (the form, the template and relayed choices). */
export const CHOICE_LIMITS = { helpers: [0, 20], situational: [-20, 20], complementary: [0, 2] } as const;

/**
 * The check dialog's inputs, declared once (issue 17, "one way to read a dialog"): `readChoices`
 * reads the form through it and `choicesWithinLimits` checks relayed choices with it. The
 * specialty is its index in the request's list (-1: none); luck before the roll is bounded by the
 * luck the roller has.
 */
export function checkDialogInputs(req: CheckRequest, luckAvailable: number) {
  return {
    difficulty: choiceInput("BREADBOX.Roll.Difficulty", Object.fromEntries(R.DIFFICULTY_LADDER.map((d) => [d.key, `BREADBOX.Toaster.Difficulty.${d.key}`])), "average"),
    situational: intInput("BREADBOX.Roll.Situational", ...CHOICE_LIMITS.situational),
    specialty: intInput("BREADBOX.Toaster.Skill.Specialty", -1, (req.specialties?.length ?? 0) - 1, -1),
    complementary: intInput("BREADBOX.Toaster.Roll.Complementary", ...CHOICE_LIMITS.complementary),
    luckBefore: intInput("BREADBOX.Toaster.Luck.Before", 0, Math.max(0, luckAvailable)),
    callFour: boolInput("BREADBOX.Toaster.Roll.CallFour"),
    helpers: intInput("BREADBOX.Toaster.Roll.Helpers", ...CHOICE_LIMITS.helpers),
    tooManyCooks: boolInput("BREADBOX.Toaster.Roll.TooManyCooks"),
  };
}

/** The request's extra selects as declared inputs: one of its options, its first when left out. */
export function extraSelectInputs(req: CheckRequest): InputDeclaration {
  return Object.fromEntries((req.extraSelects ?? []).map((sel) => [sel.name, choiceInput(sel.label, Object.fromEntries(sel.options.map((o) => [o.value, o.label])), sel.options[0]?.value ?? "")]));
}

function stringValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
}

/** Parse and validate the dialog's form (an Error naming the field for a bad value). */
export function readChoices(form: HTMLFormElement, req: CheckRequest, luckAvailable: number): CheckChoices {
  return { ...readInputs(form, checkDialogInputs(req, luckAvailable)), extras: stringValues(readInputs(form, extraSelectInputs(req))) };
}

/**
 * Choices that arrived from another client (a relayed Defend), checked through the same
 * declaration as the dialog's form: null when anything is missing, of the wrong type or out of
 * range (a select left out of `extras` takes its first option, as the form does).
 */
export function choicesWithinLimits(raw: unknown, req: CheckRequest, luckAvailable: number): CheckChoices | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const c: Record<string, unknown> = { ...raw };
  const rawExtras: Record<string, unknown> = c.extras && typeof c.extras === "object" ? { ...c.extras } : {};
  try {
    const extras = checkInputs(rawExtras, extraSelectInputs(req));
    return { ...checkInputs(c, checkDialogInputs(req, luckAvailable), { complete: true }), extras: stringValues(extras) };
  } catch {
    return null;
  }
}

/** Render the dialog form for a check request. */
export async function dialogContent(req: CheckRequest, rules: ToasterRules, luckAvailable: number): Promise<string> {
  const inputs = checkDialogInputs(req, luckAvailable);
  const bounds = (field: ReturnType<typeof intInput>) => ({ min: field.min, max: field.max });
  return foundry.applications.handlebars.renderTemplate(templatePath("toaster/dialogs/check.hbs"), {
    // The number inputs' bounds come from the declaration that reads them.
    bounds: { situational: bounds(inputs.situational), complementary: bounds(inputs.complementary), luckBefore: bounds(inputs.luckBefore), helpers: bounds(inputs.helpers) },
    rank: req.rank,
    rankLabel: req.rankLabel,
    fixedParts: req.fixedParts.filter((p) => p.value !== 0),
    difficulties: R.DIFFICULTY_LADDER.map((d) => ({ key: d.key, label: `${localize(`BREADBOX.Toaster.Difficulty.${d.key}`)} (${d.modifier >= 0 ? "+" : ""}${d.modifier})`, selected: d.key === (req.difficulty ?? "average") })),
    specialties: rules.specialization ? (req.specialties ?? []).map((s, i) => ({ index: i, label: `${s.name} (+${s.bonus})` })) : [],
    complementary: rules.complementarySkills,
    luck: rules.luckPoints && luckAvailable > 0,
    luckAvailable,
    callFour: rules.callingFours,
    collaboration: rules.collaboration && (req.kind === "skill" || req.kind === "attribute" || req.kind === "unskilled" || req.kind === "luck"),
    extraSelects: req.extraSelects ?? [],
  });
}

/** The check's dialog (or its defaults when skipped): the choices and message mode, null if cancelled. */
export async function configureCheck(req: CheckRequest, event?: Event | null): Promise<{ choices: CheckChoices; mode: MessageMode } | null> {
  const rules = toasterRules();
  const luckAvailable = rules.luckPoints ? requireModel(req.actor, ToasterActorModel).luck.value : 0;
  if (skipDialog(event)) return preRollCheck(req, { ...DEFAULT_CHOICES, difficulty: req.difficulty ?? DEFAULT_CHOICES.difficulty }, currentMessageMode());
  const answer = await rollDialog<CheckChoices>({
    title: req.title,
    content: await dialogContent(req, rules, luckAvailable),
    read: (form) => readChoices(form, req, luckAvailable),
    odds: (c) => {
      const o = checkOptions(req, c, rules);
      if (req.odds) return req.odds(o);
      return oddsHtml(checkInputOf(o), rules.variableOutcomes, o.helpers, o.tooManyCooks);
    },
  });
  return answer ? preRollCheck(req, answer.value, answer.mode) : null;
}

/** `breadbox.preRollCheck` (core's hook): the options a module changed, or null when it cancelled. */
function preRollCheck(req: CheckRequest, choices: CheckChoices, mode: MessageMode): { choices: CheckChoices; mode: MessageMode } | null {
  const changed = callPreRollCheck("toaster", req.actor, choices, mode);
  return changed && { choices: changed.options, mode: changed.mode };
}

/** Evaluate a configured check (its fumble-check die with it); the luck spent before it is the caller's to spend. */
export async function rollCheck(req: CheckRequest, choices: CheckChoices): Promise<ToasterCheckRoll> {
  const roll = ToasterCheckRoll.fromCheck(checkOptions(req, choices, toasterRules()));
  await roll.evaluate();
  return roll;
}

/** Spend the luck a roll spent before it was rolled. */
export async function spendLuckBefore(actor: Actor.Implementation, roll: ToasterCheckRoll): Promise<void> {
  const luckBefore = roll.check.luckBefore;
  if (luckBefore > 0) await actor.update({ system: { luck: { value: Math.max(0, requireModel(actor, ToasterActorModel).luck.value - luckBefore) } } });
}

/** A check's rolls as a card carries them: the check, then its fumble-check die when one was rolled. */
export function cardRolls(roll: ToasterCheckRoll): Roll[] {
  return [roll, ...(roll.fumbleRoll ? [roll.fumbleRoll] : [])];
}

/** Configure, roll and post a check. Returns the evaluated roll, or null if cancelled. */
export async function performCheck(req: CheckRequest, event?: Event | null): Promise<ToasterCheckRoll | null> {
  const configured = await configureCheck(req, event);
  if (!configured) return null;
  const { choices, mode } = configured;
  const roll = await rollCheck(req, choices);
  await spendLuckBefore(req.actor, roll);
  // Every die a Foundry roll, so Dice So Nice and message modes see it.
  const message = await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor: req.actor }),
      rolls: cardRolls(roll),
      flags: { [SYSTEM_ID]: { type: "toasterCheck", kind: req.kind, actorUuid: req.actor.uuid, ...(req.flags ?? {}) } },
    },
    audienceForMode(mode),
  );
  await applyCheckEffect(req.actor, roll, null, message ? audienceOf(message) : audienceForMode(mode));
  // The card keeps what the effect did, so luck spent on it later can redo it.
  if (roll.check.effect && message) await updateRolls(message, message.rolls.map((r) => (r instanceof ToasterCheckRoll ? roll : r)));
  await req.after?.(roll, choices);
  return roll;
}
