/**
 * Character creation budget. The seed sets none; Breadbox's decision (docs/rules/pool.md,
 * "Creation budget"): two point budgets, one for abilities (every rating point costs one) and
 * one for attributes (every score point costs one, a negative score gives its points back, so a
 * weakness pays for a strength). The sizes are world settings.
 */
import { requireInt, requireObject } from "./validate";

/** The shipped budget: 20 ability points, 4 attribute points (a handful of ±1 and ±2 attributes). */
export const DEFAULT_CREATION_BUDGET = { abilityPoints: 20, attributePoints: 4 } as const;

/** A budget can be at most this large (far beyond any character: 60 dice per pool). */
export const MAX_BUDGET_POINTS = 10_000;

export interface BudgetLine {
  readonly spent: number;
  readonly allowed: number;
  /** allowed − spent: negative = over the budget, positive = points left. */
  readonly remaining: number;
  readonly over: boolean;
}

export interface CreationBudget {
  readonly abilities: BudgetLine;
  readonly attributes: BudgetLine;
  /** Neither budget is overspent. */
  readonly ok: boolean;
}

export interface CreationBudgetInput {
  /** Ability ratings (0 and up). */
  readonly abilityRatings: readonly number[];
  /** Attribute scores (negative gives points back). */
  readonly attributeScores: readonly number[];
  readonly abilityPoints: number;
  readonly attributePoints: number;
}

function line(spent: number, allowed: number): BudgetLine {
  return { spent, allowed, remaining: allowed - spent, over: spent > allowed };
}

/** What a character has spent of each budget, and whether it is over. */
export function creationBudget(input: CreationBudgetInput): CreationBudget {
  requireObject("creation budget", input);
  const abilityPoints = requireInt("ability points", input.abilityPoints, 0, MAX_BUDGET_POINTS);
  const attributePoints = requireInt("attribute points", input.attributePoints, 0, MAX_BUDGET_POINTS);
  if (!Array.isArray(input.abilityRatings) || !Array.isArray(input.attributeScores)) throw new TypeError("Ratings and scores must be lists of numbers");
  let abilities = 0;
  input.abilityRatings.forEach((r, i) => {
    abilities += requireInt(`ability rating ${i + 1}`, r, 0, MAX_BUDGET_POINTS);
  });
  let attributes = 0;
  input.attributeScores.forEach((s, i) => {
    attributes += requireInt(`attribute score ${i + 1}`, s, -MAX_BUDGET_POINTS, MAX_BUDGET_POINTS);
  });
  const a = line(abilities, abilityPoints);
  const b = line(attributes, attributePoints);
  return { abilities: a, attributes: b, ok: !a.over && !b.over };
}
