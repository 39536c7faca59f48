/**
 * Progression Points (seed: "Progression Points", "Standard Reward Table", "Standard Cost
 * Table"). Both tables are data a setting may replace; purchases a setting forbids are refused.
 */
import { dictFrom, own } from "../../../dice/dict";
import { requireInt } from "./validate";

export const REWARD_DEGREES = ["minor", "small", "larger", "major"] as const;
export type RewardDegree = (typeof REWARD_DEGREES)[number];
export const STANDARD_REWARDS: Readonly<Record<RewardDegree, number>> = Object.freeze(dictFrom<number>(Object.entries({ minor: 1, small: 2, larger: 5, major: 10 })));

export const PURCHASE_ITEMS = ["healthIncrease", "skillPointPurchase", "tab", "power", "karma"] as const;
export type PurchaseItem = (typeof PURCHASE_ITEMS)[number];
/** Cost range of each item (min = max for fixed costs). */
export type CostTable = Readonly<Record<PurchaseItem, { readonly min: number; readonly max: number }>>;
export const STANDARD_COSTS: CostTable = Object.freeze(dictFrom<{ readonly min: number; readonly max: number }>(Object.entries({
  healthIncrease: { min: 5, max: 5 },
  skillPointPurchase: { min: 5, max: 5 },
  tab: { min: 5, max: 10 },
  power: { min: 10, max: 10 },
  karma: { min: 1, max: 10 },
})));

export interface ProgressionRules {
  readonly rewards: Readonly<Record<RewardDegree, number>>;
  readonly costs: CostTable;
  /** Items the setting forbids buying. */
  readonly forbidden: readonly PurchaseItem[];
}
export const STANDARD_PROGRESSION: ProgressionRules = { rewards: STANDARD_REWARDS, costs: STANDARD_COSTS, forbidden: [] };

export interface ProgressionLedger {
  readonly earned: number;
  readonly spent: number;
}

export function availableProgression(l: ProgressionLedger): number {
  requireInt("Progression points earned", l.earned, 0);
  requireInt("Progression points spent", l.spent, 0, l.earned);
  return l.earned - l.spent;
}

/** Award by degree (minor, small, larger, major) or by a number of points. */
export function award(l: ProgressionLedger, reward: RewardDegree | number, rules: ProgressionRules = STANDARD_PROGRESSION): ProgressionLedger {
  availableProgression(l);
  const n = typeof reward === "number" ? requireInt("Progression award", reward, 0) : own(rules.rewards, reward);
  if (n === undefined) throw new RangeError(`Unknown reward degree "${String(reward)}"`);
  return { ...l, earned: l.earned + n };
}

/**
 * Cost of an item. Fixed-cost items need no value; TABs and Karma vary: pass the cost (or, for
 * TABs, a degree 1-6 mapped onto 5-10, our reading of "varies by TAB degree").
 */
export function purchaseCost(item: PurchaseItem, options: { readonly cost?: number; readonly tabDegree?: number } = {}, rules: ProgressionRules = STANDARD_PROGRESSION): number {
  const range = own(rules.costs, item);
  if (range === undefined) throw new RangeError(`Unknown purchase "${String(item)}"`);
  if (options.tabDegree !== undefined) {
    if (item !== "tab") throw new RangeError("A TAB degree only prices a TAB");
    return Math.min(range.max, range.min + requireInt("TAB degree", options.tabDegree, 1) - 1);
  }
  if (options.cost !== undefined) return requireInt(`Cost of ${item}`, options.cost, range.min, range.max);
  if (range.min !== range.max) throw new RangeError(`The cost of ${item} varies (${range.min}-${range.max}): give it`);
  return range.min;
}

/** Spend Progression Points on an item; refuses forbidden items and overspending. */
export function purchase(
  l: ProgressionLedger,
  item: PurchaseItem,
  options: { readonly cost?: number; readonly tabDegree?: number } = {},
  rules: ProgressionRules = STANDARD_PROGRESSION,
): { readonly ledger: ProgressionLedger; readonly cost: number } {
  if (rules.forbidden.includes(item)) throw new RangeError(`The setting forbids buying ${item}`);
  const cost = purchaseCost(item, options, rules);
  const have = availableProgression(l);
  if (cost > have) throw new RangeError(`${item} costs ${cost} progression points; only ${have} are available`);
  return { ledger: { ...l, spent: l.spent + cost }, cost };
}
