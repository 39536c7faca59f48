/**
 * The Dice Pool's roll pipeline: gather the character's trait trees and wounds, configure (the
 * dialog: ability and attribute, a descendant accepted for the ability, a supporting ability, the
 * die, Add dice converted to Bonus dice, the time factor, extra dice, difficulty, required degree,
 * roll or dice phobe, and the exact odds of every outcome), build the pool with the rules core,
 * evaluate a PoolCheckRoll with Foundry's dice and post it.
 */
import * as R from "./rules";
import { configureRoll, moreOptionsLabel, skipDialog } from "../../core/rolls/dialog";
import { chanceOf, oddsPanelHtml, type HeadlineFigure } from "../../core/rolls/odds-panel";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode } from "../../core/compat";
import { postCard } from "../../core/chat/post";
import { readString } from "../../core/forms/read";
import { checkInputs, choiceInput, intInput, readInputs, type InputValues } from "../../core/forms/inputs";
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
    { label: c.ability === "" ? localize("BREADBOX.Pool.Check.NoAbility") : `${abilityLabel} (${relation})`, add: 1 + ability.score, bonus: 0, penalty: 0 },
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
  // The card's title names what was rolled: both, one of them, or neither (no "(none)" on a card).
  const title = c.ability !== "" && c.attribute !== ""
    ? format("BREADBOX.Pool.Check.Title", { ability: abilityLabel, attribute: attributeLabel })
    : c.ability !== "" || c.attribute !== ""
      ? format("BREADBOX.Pool.Check.TitleOne", { name: c.ability !== "" ? abilityLabel : attributeLabel })
      : localize("BREADBOX.Pool.Check.TitleFree");
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
  return linesHtml(poolSummary(built.options.pool, true), { text: activityLine, cls: "bb-pool-activity" }) + checkOddsPanelHtml(checkOddsFor(built.options));
}

/**
 * A check's headline (issue 24.4): it succeeds, (succeeds short of the required degree,) or fails —
 * figures that add up to 100 %. A botch is one of the failures: apart, as an overlapping event.
 */
export function checkHeadline(odds: Odds): HeadlineFigure[] {
  const figures: HeadlineFigure[] = [{ label: localize("BREADBOX.Pool.Headline.Succeeds"), p: chanceOf(odds, ["success"]), cls: "band-success" }];
  if (odds.outcomes.some((o) => o.key === "shortOfDegree")) figures.push({ label: localize("BREADBOX.Pool.Headline.Short"), p: chanceOf(odds, ["shortOfDegree"]), cls: "band-marginal" });
  figures.push({ label: localize("BREADBOX.Pool.Headline.Fails"), p: chanceOf(odds, ["failure", "botch"]), cls: "band-failure" });
  return figures;
}

export function checkOddsPanelHtml(odds: Odds): string {
  const overlap = { key: "botchOverlap", p: chanceOf(odds, ["botch"]) };
  const labelKey = (k: string) => (k === "botchOverlap" ? "BREADBOX.Pool.Headline.botchOverlap" : `BREADBOX.Pool.Outcome.${k}`);
  return oddsPanelHtml({ ...odds, extras: [...odds.extras, ...(overlap.p > 0 ? [overlap] : [])] }, { labelKey, headline: checkHeadline });
}

/** A tree's traits as a choice input's choices ("" = none; a trait's label is its name). */
export function traitChoices(rows: readonly { traitId: string }[]): Record<string, string> {
  const out: Record<string, string> = { "": "BREADBOX.Pool.Attribute.None" };
  for (const r of rows) out[r.traitId] = r.traitId;
  return out;
}

/** Keys as a choice input's choices, each labelled `<prefix>.<key>`. */
export function keyLabels(keys: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, `${prefix}.${k}`]));
}

const TIME_LABELS: Record<TimeMode, string> = { none: "BREADBOX.Pool.Check.TimeNone", detailed: "BREADBOX.Pool.Check.TimeDetailed", regular: "BREADBOX.Pool.Check.TimeRegular" };

/**
 * The check dialog's inputs, declared once (src/core/forms/inputs.ts): what each field is called
 * and what it may hold — the character's own traits, the dialog's bounds. The dialog's form
 * (`readChoices`) and a relayed payload (`checkChoices`, the GM side) are both read through it.
 */
export function checkInputDeclaration(model: PoolActorModel, rules: PoolRules) {
  const abilities = traitChoices(model.abilityTree.rows);
  const L = (k: string) => `BREADBOX.Pool.Check.${k}`;
  return {
    ability: choiceInput("BREADBOX.Pool.Ability.Label", abilities, ""),
    attribute: choiceInput("BREADBOX.Pool.Attribute.Label", traitChoices(model.attributeTree.rows), ""),
    justified: choiceInput(L("Justified"), abilities, ""),
    supporting: choiceInput("BREADBOX.Pool.Ability.Supporting", abilities, ""),
    die: choiceInput(L("Die"), keyLabels(rules.dieSubstitution ? R.DIE_KEYS : ["d8"], "BREADBOX.Pool.Die"), "d8"),
    convert: intInput(L("Convert"), 0, R.MAX_POOL_DICE, 0),
    difficulty: intInput(L("Difficulty"), -R.MAX_DIFFICULTY, R.MAX_DIFFICULTY, DEFAULT_DIFFICULTY),
    requiredDegree: intInput(L("RequiredDegree"), 0, R.MAX_DIFFICULTY, 0),
    activity: choiceInput(L("Activity"), Object.fromEntries(ACTIVITY_CHOICES.map((k) => [k, k ? `BREADBOX.Pool.Activity.${k}` : "BREADBOX.Pool.Activity.fromTrait"])), ""),
    timeMode: choiceInput(L("TimeFactor"), TIME_LABELS, "none"),
    normalPhases: intInput(L("NormalPhases"), 1, R.MAX_PHASES, 1),
    phasesTaken: intInput(L("PhasesTaken"), 1, R.MAX_PHASES, 1),
    doublings: intInput(L("Doublings"), -R.MAX_POOL_DICE, R.MAX_POOL_DICE, 0),
    extraAdd: intInput(L("ExtraAdd"), -R.MAX_POOL_DICE, R.MAX_POOL_DICE, 0),
    extraBonus: intInput(L("ExtraBonus"), 0, R.MAX_POOL_DICE, 0),
    extraPenalty: intInput(L("ExtraPenalty"), 0, R.MAX_POOL_DICE, 0),
    resolution: choiceInput("BREADBOX.Pool.Resolution.Label", keyLabels(POOL_RESOLUTIONS, "BREADBOX.Pool.Resolution"), "roll"),
  };
}

/** The Effect Level, declared apart: it is optional (a blank field is no Effect Level). */
const EFFECT_INPUTS = { effectLevel: intInput("BREADBOX.Pool.Effect.Level", -R.MAX_EFFECT_LEVEL, R.MAX_EFFECT_LEVEL, 0) };

type CheckInputValues = InputValues<ReturnType<typeof checkInputDeclaration>>;

function oneOf<K extends string>(keys: readonly K[], value: string, fallback: K): K {
  return keys.find((k) => k === value) ?? fallback;
}

/** The checked values as the check's choices (the declaration has already refused what does not fit). */
function choicesFrom(v: CheckInputValues, effectLevel: number | null, rules: PoolRules): PoolCheckChoices {
  return {
    ability: v.ability,
    attribute: v.attribute,
    justified: v.justified,
    // Without the optional rule the field is not shown, and no supporting ability applies.
    supporting: rules.supportingAbilities ? v.supporting : "",
    die: oneOf(R.DIE_KEYS, v.die, "d8"),
    convert: v.convert,
    difficulty: v.difficulty,
    requiredDegree: v.requiredDegree,
    activity: oneOf(ACTIVITY_CHOICES, v.activity, ""),
    timeMode: oneOf(TIME_MODES, v.timeMode, "none"),
    normalPhases: v.normalPhases,
    phasesTaken: v.phasesTaken,
    doublings: v.doublings,
    extraAdd: v.extraAdd,
    extraBonus: v.extraBonus,
    extraPenalty: v.extraPenalty,
    resolution: oneOf(POOL_RESOLUTIONS, v.resolution, "roll"),
    effectLevel,
  };
}

/** The bounds of a declaration's number inputs, by name (for a template that lays its inputs out itself). */
export function inputBounds(declaration: Record<string, unknown>): Record<string, { min: number; max: number }> {
  const out: Record<string, { min: number; max: number }> = {};
  for (const [name, field] of Object.entries(declaration)) {
    if (field instanceof foundry.data.fields.NumberField && typeof field.min === "number" && typeof field.max === "number") out[name] = { min: field.min, max: field.max };
  }
  return out;
}

/** What a weapon's check needs of the character: its ability and attribute, by trait id ("" = none named). */
export interface WeaponTraits {
  ability: string;
  attribute: string;
  trauma: R.TraumaKind;
}

/**
 * The check a weapon starts (the sheet's plain check, the attack, the hotbar macro: one place).
 * A weapon names its ability: a character without it on their tree cannot trace it up or down
 * ("Determining the Ability and Attribute" needs the trait in the tree), so the check is refused
 * with the reason instead of silently rolling a bare attribute check (issue 19.13). A missing
 * attribute counts 0 (docs/rules/pool.md, "Determining the Ability and Attribute"), said in a note.
 */
export function weaponCheckPreset(model: PoolActorModel, weapon: WeaponTraits, names: { actor: string; weapon: string }): { preset: Partial<PoolCheckChoices>; note: string | null } | { refused: string } {
  const has = (rows: readonly { traitId: string }[], id: string) => rows.some((r) => r.traitId === id);
  if (weapon.ability !== "" && !has(model.abilityTree.rows, weapon.ability)) {
    return { refused: format("BREADBOX.Pool.WeaponCheck.MissingAbility", { actor: names.actor, weapon: names.weapon, ability: weapon.ability }) };
  }
  const attributeKnown = weapon.attribute === "" || has(model.attributeTree.rows, weapon.attribute);
  return {
    preset: { ability: weapon.ability, attribute: attributeKnown ? weapon.attribute : "", activity: weapon.trauma },
    note: attributeKnown ? null : format("BREADBOX.Pool.WeaponCheck.MissingAttribute", { actor: names.actor, weapon: names.weapon, attribute: weapon.attribute }),
  };
}

/** `weaponCheckPreset` with its refusal (a warning) and its note (an info) shown: the preset, or null when refused. */
export function weaponPresetOrWarn(model: PoolActorModel, weapon: WeaponTraits, names: { actor: string; weapon: string }): Partial<PoolCheckChoices> | null {
  const found = weaponCheckPreset(model, weapon, names);
  if ("refused" in found) {
    ui.notifications?.warn(found.refused);
    return null;
  }
  if (found.note) ui.notifications?.info(found.note);
  return found.preset;
}

/** Read and check the dialog's form through its declaration. */
export function readChoices(form: HTMLFormElement, model: PoolActorModel, rules: PoolRules): PoolCheckChoices {
  // Letters typed into the Effect Level are refused (readInputs); a blank one is none.
  const { effectLevel } = readInputs(form, EFFECT_INPUTS);
  return choicesFrom(readInputs(form, checkInputDeclaration(model, rules)), readString(form, "effectLevel").trim() === "" ? null : effectLevel, rules);
}

/** A relayed value left empty: absent, null or blank is the dialog's empty field. */
function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

/**
 * The dialog's choices from a relayed payload (the GM side), checked through the same declaration
 * (`checkInputs`): exactly the dialog's limits and the character's own traits, an Error naming the
 * field when anything does not fit. An empty number is the field's initial value, as in the dialog.
 */
export function checkChoices(raw: unknown, model: PoolActorModel, rules: PoolRules): PoolCheckChoices {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error(format("BREADBOX.Error.UnknownChoice", { field: localize("BREADBOX.Pool.Check.Roll"), value: String(raw) }));
  const declaration = checkInputDeclaration(model, rules);
  const given: Record<string, unknown> = { ...raw };
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declaration)) {
    if (!Object.hasOwn(given, name)) continue;
    if (field instanceof foundry.data.fields.NumberField && blank(given[name])) continue;
    values[name] = given[name];
  }
  const effect = Object.hasOwn(given, "effectLevel") && !blank(given.effectLevel) ? checkInputs({ effectLevel: given.effectLevel }, EFFECT_INPUTS).effectLevel : null;
  return choicesFrom(checkInputs(values, declaration), effect, rules);
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

/** The fields the check dialog folds under "More options": all but the pool (ability, attribute) and the difficulty. */
const FOLDED_FIELDS = ["justified", "supporting", "die", "convert", "extraAdd", "extraBonus", "extraPenalty", "activity", "effectLevel", "resolution", "timeMode", "normalPhases", "phasesTaken", "doublings"] as const satisfies readonly (keyof PoolCheckChoices)[];

/** How many folded fields the dialog opens with set to something other than this character's plain defaults. */
export function foldedFieldsSet(model: PoolActorModel, c: PoolCheckChoices, rules: PoolRules): number {
  const d = defaultChoices(model, {}, rules);
  return FOLDED_FIELDS.filter((k) => c[k] !== d[k]).length;
}

/** Render the dialog's form: the pool and difficulty first, the rest folded under "More options" (issue 24.3). */
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
    moreLabel: moreOptionsLabel(foldedFieldsSet(model, c, rules)),
    // Every number input's bounds, from the declaration the form is read through.
    bounds: inputBounds({ ...checkInputDeclaration(model, rules), ...EFFECT_INPUTS }),
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
    check: { ruleset: "pool", actor },
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
