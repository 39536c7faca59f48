/**
 * The Dice Pool's optional rules as world settings, with the defaults we ship
 * (docs/rules/pool.md, "Foundry side: settings").
 */
import { registerSetting, type SettingSpec } from "../../core/game";
import { settingBool, settingChoice, settingInt } from "../../core/setting-values";
import { DEFAULT_CREATION_BUDGET, MAX_BUDGET_POINTS } from "./rules/creation";

export interface PoolRules {
  /** "Picking the Dice": a roller may substitute d10−1, d12−2, d6+1 or d4+2 for the d8. */
  dieSubstitution: boolean;
  /** "NPC actions": a new non-player character resolves its checks as a dice phobe by default. */
  npcDicePhobe: boolean;
  /** "Complex Actions": count each roll as degree + 1 ("levels") or as its plain degree ("degrees"). */
  complexCounting: string;
  /** "Calculating the Dice Pool": "optionally, every point of a supporting Ability adds a Bonus Die". */
  supportingAbilities: boolean;
  /** Creation budget (the seed sets none): show the budgets on the sheet, with their sizes. */
  creationBudget: boolean;
  abilityPoints: number;
  attributePoints: number;
  /** Wound penalties: the activity of a check whose traits name none ("physical" or "mental"). */
  defaultActivity: string;
}

const P = "pool.";

export const POOL_SETTINGS: SettingSpec[] = [
  { key: `${P}dieSubstitution`, type: Boolean, default: true },
  { key: `${P}npcDicePhobe`, type: Boolean, default: true },
  { key: `${P}complexCounting`, type: String, default: "levels", choices: {
    levels: "BREADBOX.Pool.Complex.Counting.levels",
    degrees: "BREADBOX.Pool.Complex.Counting.degrees",
  } },
  { key: `${P}supportingAbilities`, type: Boolean, default: true },
  { key: `${P}creationBudget`, type: Boolean, default: true },
  { key: `${P}abilityPoints`, type: Number, default: DEFAULT_CREATION_BUDGET.abilityPoints, range: { min: 0, max: MAX_BUDGET_POINTS, step: 1 } },
  { key: `${P}attributePoints`, type: Number, default: DEFAULT_CREATION_BUDGET.attributePoints, range: { min: 0, max: MAX_BUDGET_POINTS, step: 1 } },
  { key: `${P}defaultActivity`, type: String, default: "physical", choices: {
    physical: "BREADBOX.Pool.Activity.physical",
    mental: "BREADBOX.Pool.Activity.mental",
  } },
];

export const DEFAULT_POOL_RULES: PoolRules = {
  dieSubstitution: true, npcDicePhobe: true, complexCounting: "levels",
  supportingAbilities: true, creationBudget: true, abilityPoints: DEFAULT_CREATION_BUDGET.abilityPoints, attributePoints: DEFAULT_CREATION_BUDGET.attributePoints,
  defaultActivity: "physical",
};

export function registerPoolSettings(): void {
  for (const spec of POOL_SETTINGS) registerSetting({ ...spec, onChange: () => refreshPoolActors() });
}

/** A rule changed: prepare every Dice Pool character again (budgets, activities) and re-render open sheets. */
export function refreshPoolActors(): void {
  const actors: (Actor.Stored | Actor.Implementation)[] = [...(game.actors ?? [])];
  for (const scene of game.scenes ?? []) for (const token of scene.tokens ?? []) if (!token.actorLink && token.actor) actors.push(token.actor);
  for (const actor of actors) {
    if (String(actor.type) !== "pool") continue;
    actor.reset();
    if (actor.sheet?.rendered) void actor.sheet.render();
  }
}

/** How complex actions count their rolls (the setting, checked; "levels" when unreadable). */
export function complexCounting(): "levels" | "degrees" {
  return settingChoice(`${P}complexCounting`, ["levels", "degrees"], "levels");
}

/** The activity of a check whose traits name none (the setting, checked; "physical" when unreadable). */
export function defaultActivity(): "physical" | "mental" {
  return settingChoice(`${P}defaultActivity`, ["physical", "mental"], "physical");
}

/**
 * The world's current optional rules, read from the settings on every call (no cache: a cache
 * would outlive a settings reset that fires no onChange; reading them costs nothing measurable in
 * the prepareData bench).
 */
export function poolRules(): PoolRules {
  return {
    dieSubstitution: settingBool(`${P}dieSubstitution`, DEFAULT_POOL_RULES.dieSubstitution),
    npcDicePhobe: settingBool(`${P}npcDicePhobe`, DEFAULT_POOL_RULES.npcDicePhobe),
    complexCounting: complexCounting(),
    supportingAbilities: settingBool(`${P}supportingAbilities`, DEFAULT_POOL_RULES.supportingAbilities),
    creationBudget: settingBool(`${P}creationBudget`, DEFAULT_POOL_RULES.creationBudget),
    abilityPoints: settingInt(`${P}abilityPoints`, 0, MAX_BUDGET_POINTS, DEFAULT_POOL_RULES.abilityPoints),
    attributePoints: settingInt(`${P}attributePoints`, 0, MAX_BUDGET_POINTS, DEFAULT_POOL_RULES.attributePoints),
    defaultActivity: defaultActivity(),
  };
}
