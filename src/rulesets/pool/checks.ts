/**
 * The Dice Pool's roll pipeline: gather the character's trait trees and wounds, configure (the
 * dialog: ability and attribute, a descendant accepted for the ability, a supporting ability, the
 * die, Add dice converted to Bonus dice, the time factor, extra dice, difficulty, required degree,
 * roll or dice phobe, and the exact odds of every outcome), build the pool with the rules core,
 * evaluate a PoolCheckRoll with Foundry's dice and post it.
 */
import * as R from "./rules";
import { configureRoll, skipDialog } from "../../core/rolls/dialog";
import { oddsPanelHtml } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { checkInt, checkKey, readInt, readKey, readOptionalInt } from "../../core/forms/read";
import { linesHtml, type Line } from "../../core/rolls/lines";
import type { Odds } from "../../dice/contract";
import { PoolActorModel } from "./data/actor";
import { PoolCheckRoll, POOL_RESOLUTIONS, type PoolCheckOptions, type PoolPart, type PoolResolution } from "./dice/pool-roll";
import { defaultActivity, poolRules, type PoolRules } from "./settings";

export const TIME_MODES = ["none", "detailed", "regular"] as const;
export type TimeMode = (typeof TIME_MODES)[number];

/** Everything the check dialog asks. Trait fields hold trait ids ("" = none). */
export interface PoolCheckChoices {
  ability: string;
  attribute: string;
  justified: string;
  supporting: string;
  die: R.DieKey;
  convert: number;
  difficulty: number;
  requiredDegree: number;
  /** Which wound penalties apply; "" = the activity of the chosen trait (data/actor.ts). */
  activity: R.TraumaKind | "";
  timeMode: TimeMode;
  normalPhases: number;
  phasesTaken: number;
  doublings: number;
  extraAdd: number;
  extraBonus: number;
  extraPenalty: number;
  resolution: PoolResolution;
  /** "Rolling the dice": an Effect Level the Degree of Success may raise or lower (null = none). */
  effectLevel: number | null;
}

/** The usual Difficulty when the Storyguide names none (the seed's example "easy task" is 20). */
export const DEFAULT_DIFFICULTY = 15;

export function defaultChoices(model: PoolActorModel, preset: Partial<PoolCheckChoices> = {}, rules: PoolRules = poolRules()): PoolCheckChoices {
  return {
    ability: "",
    attribute: "",
    justified: "",
    supporting: "",
    die: "d8",
    convert: 0,
    difficulty: DEFAULT_DIFFICULTY,
    requiredDegree: 0,
    activity: "",
    timeMode: "none",
    normalPhases: 1,
    phasesTaken: 1,
    doublings: 0,
    extraAdd: 0,
    extraBonus: 0,
    extraPenalty: 0,
    effectLevel: null,
    resolution: model.npc && rules.npcDicePhobe ? "dicePhobe" : "roll",
    ...preset,
    // The optional rule off: no supporting ability, whatever a caller asks.
    ...(rules.supportingAbilities ? {} : { supporting: "" }),
  };
}

/** The pool built for a character and the dialog's choices, with every source of dice named. */
export interface BuiltCheck {
  options: PoolCheckOptions;
  build: R.PoolBuild;
  /** The activity the check counts as, and the wounds whose penalties it takes. */
  activity: R.TraumaKind;
  wounds: WoundSource[];
}

function traitName(tree: { rows: { traitId: string; name: string }[] }, id: string): string {
  return tree.rows.find((r) => r.traitId === id)?.name ?? id;
}

/** Activity choices of the dialog: "" follows the trait. */
export const ACTIVITY_CHOICES = ["", ...R.TRAUMA_KINDS] as const;

/**
 * The activity a check counts as for wound penalties: the dialog's choice, else the ability's
 * (resolved up its tree), else the attribute's, else the world's default.
 */
export function checkActivity(model: PoolActorModel, c: Pick<PoolCheckChoices, "activity" | "ability" | "attribute">): R.TraumaKind {
  if (c.activity === "physical" || c.activity === "mental") return c.activity;
  return (c.ability ? model.abilityActivity[c.ability] : undefined) ?? (c.attribute ? model.attributeActivity[c.attribute] : undefined) ?? defaultActivity();
}

/** One wound that adds Penalty dice to a check of this activity (its own kind, or a cross-over). */
export interface WoundSource {
  label: string;
  penalty: number;
}

/** The wounds behind a check's wound penalty, each with the dice it adds (docs/rules/pool.md). */
export function woundSources(model: PoolActorModel, activity: R.TraumaKind): WoundSource[] {
  const out: WoundSource[] = [];
  for (const w of model.woundViews) {
    const cross = w.kind !== activity;
    const penalty = cross ? w.crossPenaltyDice : w.penaltyDice;
    if (penalty <= 0) continue;
    out.push({
      label: format(cross ? "BREADBOX.Pool.Check.WoundCross" : "BREADBOX.Pool.Check.WoundOwn", {
        severity: w.severity ? localize(`BREADBOX.Pool.Wound.severity.${w.severity}`) : String(w.degree),
        kind: localize(`BREADBOX.Pool.Wound.kind.${w.kind}`),
      }),
      penalty,
    });
  }
  return out;
}

/** A trait's ancestors in one of the character's trees, nearest first (bounded by the tree's size). */
function ancestorsOf(tree: Record<string, string | null>, id: string, limit: number): string[] {
  const out: string[] = [];
  let p = tree[id] ?? null;
  while (p !== null && out.length <= limit && !out.includes(p)) {
    out.push(p);
    p = tree[p] ?? null;
  }
  return out;
}

function refuse(key: string, data: Record<string, string | number> = {}): never {
  throw new Error(format(`BREADBOX.Pool.Check.Refused.${key}`, data));
}

/**
 * Build the check with the rules core. Choices that do not fit are refused with a localized
 * message before the core sees them: a descendant that is not one, a supporting ability that is
 * the ability itself (or its ancestor, or the accepted descendant), more Add dice converted than
 * the pool has, a pool past the 60-dice limits.
 */
export function buildCheck(model: PoolActorModel, c: PoolCheckChoices, actorUuid?: string): BuiltCheck {
  const tree = model.abilityTree.tree;
  const limit = model.abilityTree.rows.length;
  const name = (id: string) => traitName(model.abilityTree, id);
  if (c.ability !== "" && c.justified !== "" && !ancestorsOf(tree, c.justified, limit).includes(c.ability)) {
    refuse("NotDescendant", { trait: name(c.justified), ability: name(c.ability) });
  }
  if (c.supporting !== "") {
    if (c.ability === "") refuse("SupportNeedsAbility", { trait: name(c.supporting) });
    if (c.supporting === c.ability) refuse("SupportIsAbility", { trait: name(c.supporting) });
    if (ancestorsOf(tree, c.ability, limit).includes(c.supporting)) refuse("SupportIsAncestor", { trait: name(c.supporting), ability: name(c.ability) });
    if (c.supporting === c.justified) refuse("SupportIsJustified", { trait: name(c.supporting), ability: name(c.ability) });
  }
  if (c.effectLevel !== null && !(Number.isSafeInteger(c.effectLevel) && Math.abs(c.effectLevel) <= R.MAX_EFFECT_LEVEL)) {
    refuse("EffectLevel", { value: String(c.effectLevel), max: R.MAX_EFFECT_LEVEL });
  }
  let plain: BuiltCheck;
  try {
    plain = buildCheckUnchecked(model, { ...c, convert: 0 }, actorUuid);
  } catch (err) {
    if (err instanceof RangeError) refuse("TooManyDice", { max: R.MAX_POOL_DICE });
    throw err;
  }
  if (c.convert > plain.build.baseAddDice) refuse("Convert", { n: c.convert, max: plain.build.baseAddDice });
  return c.convert === 0 ? plain : buildCheckUnchecked(model, c, actorUuid);
}

function buildCheckUnchecked(model: PoolActorModel, c: PoolCheckChoices, actorUuid?: string): BuiltCheck {
  const activity = checkActivity(model, c);
  const time = c.timeMode === "detailed"
    ? R.detailedTimeFactor({ normalPhases: c.normalPhases, phasesTaken: c.phasesTaken })
    : c.timeMode === "regular" ? R.regularTimeFactor(c.doublings) : { extraAddDice: 0, extraBonusDice: 0 };
  const extraAddDice = time.extraAddDice + c.extraAdd;
  const extraBonusDice = time.extraBonusDice + c.extraBonus;
  const attrTree = model.attributeTree.tree;
  const attrRequest = c.attribute === "" ? { attribute: "" } : { attribute: c.attribute, attributeTree: attrTree };
  let ability: R.TraitChoice;
  let attribute: R.TraitChoice;
  let supportingRating = 0;
  let woundPenaltyDice: number;
  let build: R.PoolBuild;
  if (c.ability === "") {
    // No ability named (a bare attribute check): one Add die, the attribute's dice, the wounds.
    attribute = R.characterAttribute(model.character, attrRequest);
    woundPenaltyDice = model.status.penalties[activity];
    ability = { requested: "", traitId: "", score: 0, relation: "none", distance: 0 };
    build = R.buildPool({ ability: 0, attribute: attribute.score, convertAddDice: c.convert, extraAddDice, extraBonusDice, extraPenaltyDice: c.extraPenalty + woundPenaltyDice, die: c.die });
  } else {
    const check = R.characterCheck(model.character, model.abilityTree.tree, {
      ability: c.ability,
      ...attrRequest,
      justifiedAbilities: c.justified ? [c.justified] : [],
      supportingAbility: c.supporting || undefined,
      activity,
      convertAddDice: c.convert,
      extraAddDice,
      extraBonusDice,
      extraPenaltyDice: c.extraPenalty,
      die: c.die,
    });
    ({ ability, attribute, supportingRating, woundPenaltyDice } = check);
    build = check;
  }
  const abilityLabel = c.ability === "" ? localize("BREADBOX.Pool.Attribute.None") : traitName(model.abilityTree, c.ability);
  const attributeLabel = c.attribute === "" ? localize("BREADBOX.Pool.Attribute.None") : traitName(model.attributeTree, c.attribute);
  const relation = ability.relation === "ancestor" || ability.relation === "descendant"
    ? format(`BREADBOX.Pool.Ability.Relation.${ability.relation}`, { trait: traitName(model.abilityTree, ability.traitId) })
    : localize(`BREADBOX.Pool.Ability.Relation.${ability.relation}`);
  const parts: PoolPart[] = [
    { label: `${abilityLabel} (${relation})`, add: 1 + ability.score, bonus: 0, penalty: 0 },
  ];
  if (c.attribute !== "") {
    const dice = R.attributeModifierDice(attribute.score);
    parts.push({ label: attributeLabel, add: 0, bonus: dice.bonusDice, penalty: dice.penaltyDice });
  }
  if (supportingRating) parts.push({ label: format("BREADBOX.Pool.Check.Support", { name: traitName(model.abilityTree, c.supporting) }), add: 0, bonus: supportingRating, penalty: 0 });
  if (c.convert) parts.push({ label: localize("BREADBOX.Pool.Check.Converted"), add: -c.convert, bonus: c.convert, penalty: 0 });
  if (time.extraAddDice || time.extraBonusDice) parts.push({ label: localize("BREADBOX.Pool.Check.Time"), add: time.extraAddDice, bonus: time.extraBonusDice, penalty: 0 });
  if (c.extraAdd || c.extraBonus || c.extraPenalty) parts.push({ label: localize("BREADBOX.Pool.Check.Storyguide"), add: c.extraAdd, bonus: c.extraBonus, penalty: c.extraPenalty });
  // Each wound is its own source; should the chart's sum ever differ, the total is shown instead.
  let wounds = woundPenaltyDice ? woundSources(model, activity) : [];
  if (wounds.reduce((s, w) => s + w.penalty, 0) !== woundPenaltyDice) wounds = [{ label: format("BREADBOX.Pool.Check.WoundsOf", { activity: localize(`BREADBOX.Pool.Activity.${activity}`) }), penalty: woundPenaltyDice }];
  for (const w of wounds) parts.push({ label: w.label, add: 0, bonus: 0, penalty: w.penalty });
  const title = format("BREADBOX.Pool.Check.Title", { ability: abilityLabel, attribute: attributeLabel });
  const options: PoolCheckOptions = {
    title,
    pool: build.pool,
    difficulty: R.assertDifficulty(c.difficulty),
    requiredDegree: R.assertRequiredDegree(c.requiredDegree),
    parts,
    resolution: c.resolution,
    activity,
  };
  if (c.effectLevel !== null) options.effectLevel = c.effectLevel;
  if (actorUuid) options.actorUuid = actorUuid;
  return { options, build, activity, wounds };
}

/** The exact odds of a check (a dice-phobe result is certain: its outcome at 100 %). */
export function checkOddsFor(options: PoolCheckOptions): Odds {
  const input = { pool: options.pool, difficulty: options.difficulty, requiredDegree: options.requiredDegree };
  if (options.resolution === "dicePhobe") {
    const r = R.dicePhobeCheck(input);
    const key = R.checkOddsKey(r);
    return R.oddsFromChances({ botch: 0, failure: 0, shortOfDegree: 0, success: 0, [key]: 1 }, options.requiredDegree);
  }
  return R.checkOdds(input);
}

/** The line a dialog's odds panel opens with: the pool's dice (and its die). */
export function poolSummary(p: R.PoolSpec, withDie: boolean): Line {
  const die = withDie ? ` (${localize(`BREADBOX.Pool.Die.${p.die}`)})` : "";
  return { text: `${localize("BREADBOX.Pool.Dice.Pool")}: ${p.addDice} ${localize("BREADBOX.Pool.Dice.Add")} · ${p.bonusDice} ${localize("BREADBOX.Pool.Dice.Bonus")} · ${p.penaltyDice} ${localize("BREADBOX.Pool.Dice.Penalty")}${die}`, cls: "bb-pool-summary" };
}

/** The odds panel's HTML for a check, with the pool it rolls. */
export function oddsHtml(built: BuiltCheck): string {
  const wounds = built.wounds.length ? built.wounds.map((w) => `${w.label} −${w.penalty}`).join(", ") : localize("BREADBOX.Pool.Check.NoWoundPenalty");
  const activityLine = `${format("BREADBOX.Pool.Check.ActivityLine", { activity: localize(`BREADBOX.Pool.Activity.${built.activity}`) })}: ${wounds}`;
  return linesHtml(poolSummary(built.options.pool, true), { text: activityLine, cls: "bb-pool-activity" }) + oddsPanelHtml(checkOddsFor(built.options), { labelKey: (k) => `BREADBOX.Pool.Outcome.${k}` });
}

/**
 * How the check's fields are read: from the dialog's form, or from a relayed payload (the GM
 * side), with the same labels and limits. A missing field gives the fallback.
 */
interface ChoiceSource {
  int(name: string, label: string, min: number, max: number, fallback: number): number;
  optionalInt(name: string, label: string, min: number, max: number): number | null;
  key<K extends string>(name: string, label: string, allowed: readonly K[], fallback: K): K;
}

function formSource(form: HTMLFormElement): ChoiceSource {
  return {
    int: (name, label, min, max, fallback) => readInt(form, name, label, min, max, fallback),
    optionalInt: (name, label, min, max) => readOptionalInt(form, name, label, min, max),
    key: (name, label, allowed, fallback) => readKey(form, name, label, allowed, fallback),
  };
}

/** A relayed object of the dialog's values: absent, null or blank is the dialog's empty field. */
function payloadSource(raw: Record<string, unknown>): ChoiceSource {
  const value = (name: string): unknown => (Object.hasOwn(raw, name) ? raw[name] : undefined);
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  return {
    int: (name, label, min, max, fallback) => (blank(value(name)) ? fallback : checkInt(value(name), label, min, max)),
    optionalInt: (name, label, min, max) => (blank(value(name)) ? null : checkInt(value(name), label, min, max)),
    key: (name, label, allowed, fallback) => (value(name) === undefined || value(name) === null ? fallback : checkKey(value(name), label, allowed)),
  };
}

/** The dialog's fields, declared once: what each is called and what it may hold. */
function readChoicesFrom(src: ChoiceSource, model: PoolActorModel, rules: PoolRules): PoolCheckChoices {
  const abilities = model.abilityTree.rows.map((r) => r.traitId);
  const attributes = model.attributeTree.rows.map((r) => r.traitId);
  const dice: readonly R.DieKey[] = rules.dieSubstitution ? R.DIE_KEYS : ["d8"];
  const L = (k: string) => localize(`BREADBOX.Pool.Check.${k}`);
  const trait = (name: string, label: string, known: readonly string[]) => src.key(name, label, ["", ...known], "");
  return {
    ability: trait("ability", localize("BREADBOX.Pool.Ability.Label"), abilities),
    attribute: trait("attribute", localize("BREADBOX.Pool.Attribute.Label"), attributes),
    justified: trait("justified", L("Justified"), abilities),
    // Without the optional rule the field is not shown, and no supporting ability applies.
    supporting: rules.supportingAbilities ? trait("supporting", localize("BREADBOX.Pool.Ability.Supporting"), abilities) : "",
    die: src.key("die", L("Die"), dice, "d8"),
    convert: src.int("convert", L("Convert"), 0, R.MAX_POOL_DICE, 0),
    difficulty: src.int("difficulty", L("Difficulty"), -R.MAX_DIFFICULTY, R.MAX_DIFFICULTY, DEFAULT_DIFFICULTY),
    requiredDegree: src.int("requiredDegree", L("RequiredDegree"), 0, R.MAX_DIFFICULTY, 0),
    activity: src.key("activity", L("Activity"), ACTIVITY_CHOICES, ""),
    timeMode: src.key("timeMode", L("TimeFactor"), TIME_MODES, "none"),
    normalPhases: src.int("normalPhases", L("NormalPhases"), 1, R.MAX_PHASES, 1),
    phasesTaken: src.int("phasesTaken", L("PhasesTaken"), 1, R.MAX_PHASES, 1),
    doublings: src.int("doublings", L("Doublings"), -R.MAX_POOL_DICE, R.MAX_POOL_DICE, 0),
    extraAdd: src.int("extraAdd", L("ExtraAdd"), -R.MAX_POOL_DICE, R.MAX_POOL_DICE, 0),
    extraBonus: src.int("extraBonus", L("ExtraBonus"), 0, R.MAX_POOL_DICE, 0),
    extraPenalty: src.int("extraPenalty", L("ExtraPenalty"), 0, R.MAX_POOL_DICE, 0),
    resolution: src.key("resolution", localize("BREADBOX.Pool.Resolution.Label"), POOL_RESOLUTIONS, "roll"),
    effectLevel: src.optionalInt("effectLevel", localize("BREADBOX.Pool.Effect.Level"), -R.MAX_EFFECT_LEVEL, R.MAX_EFFECT_LEVEL),
  };
}

/** Read and check the dialog's form. */
export function readChoices(form: HTMLFormElement, model: PoolActorModel, rules: PoolRules): PoolCheckChoices {
  return readChoicesFrom(formSource(form), model, rules);
}

/**
 * The dialog's choices from a relayed payload (the GM side), held to exactly the dialog's limits
 * and to the character's own traits with `checkInt` / `checkKey`: an Error naming the field when
 * anything does not fit.
 */
export function checkChoices(raw: unknown, model: PoolActorModel, rules: PoolRules): PoolCheckChoices {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error(format("BREADBOX.Error.UnknownChoice", { field: localize("BREADBOX.Pool.Check.Roll"), value: String(raw) }));
  return readChoicesFrom(payloadSource({ ...raw }), model, rules);
}

/**
 * The Storyguide's fields of a check (docs/rules/pool.md, "The relay's GM-only fields"): extra
 * Add/Bonus/Penalty dice, the time factor, dice phobe (unless it is this character's default), an
 * activity other than the trait's, an accepted descendant and a supporting ability. Returns the
 * labels of those that differ from what the dialog offers a player by default (empty: none).
 */
export function storyguideFieldsSet(c: PoolCheckChoices, model: PoolActorModel, rules: PoolRules): string[] {
  const d = defaultChoices(model, {}, rules);
  const L = (k: string) => localize(`BREADBOX.Pool.Check.${k}`);
  const set: string[] = [];
  if (c.extraAdd !== d.extraAdd) set.push(L("ExtraAdd"));
  if (c.extraBonus !== d.extraBonus) set.push(L("ExtraBonus"));
  if (c.extraPenalty !== d.extraPenalty) set.push(L("ExtraPenalty"));
  if (c.timeMode !== d.timeMode) set.push(L("TimeFactor"));
  if (c.resolution !== d.resolution) set.push(localize("BREADBOX.Pool.Resolution.Label"));
  if (checkActivity(model, c) !== checkActivity(model, { ...c, activity: "" })) set.push(L("Activity"));
  if (c.justified !== d.justified) set.push(L("Justified"));
  if (c.supporting !== d.supporting) set.push(localize("BREADBOX.Pool.Ability.Supporting"));
  return set;
}

/** Read the form and build the check: what the dialog's odds panel and Roll button use. */
export function readAndBuild(form: HTMLFormElement, model: PoolActorModel, rules: PoolRules): { choices: PoolCheckChoices; built: BuiltCheck } {
  const choices = readChoices(form, model, rules);
  return { choices, built: buildCheck(model, choices) };
}

function treeOptions(rows: { traitId: string; name: string; depth: number; score: number }[], selected: string) {
  return rows.map((r) => ({ value: r.traitId, label: `${"— ".repeat(r.depth)}${r.name} (${r.score})`, selected: r.traitId === selected }));
}

/** Render the dialog's form. */
export async function dialogContent(model: PoolActorModel, c: PoolCheckChoices, rules: PoolRules): Promise<string> {
  const sel = <K extends string>(keys: readonly K[], prefix: string, selected: string) => keys.map((k) => ({ value: k, label: localize(`${prefix}.${k}`), selected: k === selected }));
  return foundry.applications.handlebars.renderTemplate(templatePath("pool/dialogs/check.hbs"), {
    abilities: treeOptions(model.abilityTree.rows, c.ability),
    attributes: treeOptions(model.attributeTree.rows, c.attribute),
    supporting: treeOptions(model.abilityTree.rows, c.supporting),
    supportingAllowed: rules.supportingAbilities,
    justified: treeOptions(model.abilityTree.rows, c.justified),
    dice: sel(rules.dieSubstitution ? R.DIE_KEYS : ["d8"], "BREADBOX.Pool.Die", c.die),
    activities: ACTIVITY_CHOICES.map((k) => ({ value: k, label: localize(k ? `BREADBOX.Pool.Activity.${k}` : "BREADBOX.Pool.Activity.fromTrait"), selected: k === c.activity })),
    timeModes: TIME_MODES.map((k) => ({ value: k, label: localize(`BREADBOX.Pool.Check.Time${k === "none" ? "None" : k === "detailed" ? "Detailed" : "Regular"}`), selected: k === c.timeMode })),
    resolutions: sel(POOL_RESOLUTIONS, "BREADBOX.Pool.Resolution", c.resolution),
    c,
    maxDice: R.MAX_POOL_DICE,
    maxDifficulty: R.MAX_DIFFICULTY,
    maxEffect: R.MAX_EFFECT_LEVEL,
  });
}

/**
 * Configure, roll and post a check for a Dice Pool character. Returns the evaluated roll, or null.
 * `annotate` runs after the roll is classified and before it is posted: what it returns joins the
 * roll's options (a complex action's progress), so the card shows it after a reload too.
 */
export async function performPoolCheck(
  actor: Actor.Implementation,
  preset: Partial<PoolCheckChoices> = {},
  event?: Event | null,
  annotate?: (roll: PoolCheckRoll) => Record<string, unknown> | null,
): Promise<PoolCheckRoll | null> {
  const model = modelOf(actor, PoolActorModel);
  if (!model) return null;
  const rules = poolRules();
  const defaults = defaultChoices(model, preset, rules);
  const configured = await configureRoll({
    defaults,
    skip: skipDialog(event),
    dialog: async () => ({
      title: localize("BREADBOX.Pool.Check.Roll"),
      content: await dialogContent(model, defaults, rules),
      read: (form) => readAndBuild(form, model, rules).choices,
      odds: (c) => oddsHtml(buildCheck(model, c)),
    }),
    build: (c) => buildCheck(model, c, actor.uuid),
  });
  if (!configured) return null;
  const { built, mode } = configured;
  const roll = PoolCheckRoll.fromCheck(built.options);
  await roll.evaluate();
  const extra = annotate?.(roll);
  if (extra) Object.assign(roll.options, extra);
  await postCard(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      rolls: [roll],
      flags: { [SYSTEM_ID]: { type: "poolCheck", actorUuid: actor.uuid } },
    },
    audienceForMode(mode),
  );
  return roll;
}
