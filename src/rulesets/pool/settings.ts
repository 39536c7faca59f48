/**
 * The Dice Pool's optional rules as world settings, with the defaults we ship
 * (docs/rules/pool.md, "Foundry side: settings").
 */
import { refreshActorsOfType } from "../../core/actor-refresh";
import { boolSetting, choiceSetting, defineSettings, intSetting, type SettingValues } from "../../core/setting-values";
import { DEFAULT_CREATION_BUDGET, MAX_BUDGET_POINTS } from "./rules/creation";
import { defaultKnockoutPenalty } from "./rules/trauma";

/** The default chart's knockout (its first incapacitating row's Penalty dice: 4), and the setting's cap. */
const DEFAULT_KNOCKOUT_PENALTY = defaultKnockoutPenalty() ?? 0;
const MAX_KNOCKOUT_PENALTY = 60;

const POOL_RULES = {
  /** "Picking the Dice": a roller may substitute d10−1, d12−2, d6+1 or d4+2 for the d8. */
  dieSubstitution: boolSetting(true),
  /** "NPC actions": a new non-player character resolves its checks as a dice phobe by default. */
  npcDicePhobe: boolSetting(true),
  /** "Complex Actions": count each roll as degree + 1 ("levels") or as its plain degree ("degrees"). */
  complexCounting: choiceSetting(["levels", "degrees"], "levels", "BREADBOX.Pool.Complex.Counting."),
  /** "Calculating the Dice Pool": "optionally, every point of a supporting Ability adds a Bonus Die". */
  supportingAbilities: boolSetting(true),
  /** Creation budget (the seed sets none): show the budgets on the sheet, with their sizes. */
  creationBudget: boolSetting(true),
  abilityPoints: intSetting(DEFAULT_CREATION_BUDGET.abilityPoints, 0, MAX_BUDGET_POINTS),
  attributePoints: intSetting(DEFAULT_CREATION_BUDGET.attributePoints, 0, MAX_BUDGET_POINTS),
  /**
   * "Nonlethal Damage" (the book is silent on knockouts): the Penalty dice of a character's
   * nonlethal wounds that knock them out; 0 = only a wound on an incapacitating row does.
   */
  knockoutPenalty: intSetting(DEFAULT_KNOCKOUT_PENALTY, 0, MAX_KNOCKOUT_PENALTY),
  /** Wound penalties: the activity of a check whose traits name none ("physical" or "mental"). */
  defaultActivity: choiceSetting(["physical", "mental"], "physical", "BREADBOX.Pool.Activity."),
};

export type PoolRules = SettingValues<typeof POOL_RULES>;

export const POOL_SETTINGS = defineSettings("pool.", POOL_RULES);

/**
 * The rules are read on every data preparation (a thousand characters read them a thousand
 * times): cache them, dropped whenever one of them changes (Foundry calls every setting's
 * onChange, on every client, for a change made anywhere) and when they are registered again.
 */
let cached: PoolRules | null = null;

/** Register them; when a rule changes, the cached rules are dropped and every Dice Pool character is prepared again (budgets, activities). */
export function registerPoolSettings(): void {
  POOL_SETTINGS.register(() => {
    cached = null;
    refreshActorsOfType("pool");
  });
  cached = null;
}

/** Forget the cached rules (tests that reset setting values behind Foundry's back, firing no onChange). */
export function clearPoolRulesCache(): void {
  cached = null;
}

/** How complex actions count their rolls (the setting, checked; "levels" when unreadable). */
export function complexCounting(): "levels" | "degrees" {
  return POOL_SETTINGS.read("complexCounting");
}

/** The activity of a check whose traits name none (the setting, checked; "physical" when unreadable). */
export function defaultActivity(): "physical" | "mental" {
  return POOL_SETTINGS.read("defaultActivity");
}

/**
 * The world's current optional rules (each checked; the default where unreadable), cached until a
 * setting changes: reading them per character was a measurable share of the prepareData bench.
 */
export function poolRules(): PoolRules {
  cached ??= Object.freeze(POOL_SETTINGS.readAll());
  return cached;
}
