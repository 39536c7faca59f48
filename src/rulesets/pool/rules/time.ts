/**
 * Seed 002, "Detailed Resolution", "Multiple Actions" and "Time Factor": phases, abort cost,
 * simultaneous actions, and hurrying or taking extra time.
 */
import { MAX_POOL_DICE } from "./limits";
import { requireArray, requireInt, requireNumber, requireObject } from "./validate";
import { MAX_PHASES } from "./limits";

/** Phases lost when switching to a new action in the middle of another. */
export const ABORT_COST_PHASES = 2;

/** Fewest phases any action takes (a phase is the time of one simple task). */
export const MIN_ACTION_PHASES = 1;

/**
 * Phases an action takes: base phase cost − the applicable Reaction Time, Speed or Wits,
 * never below one phase.
 */
export function actionPhases(input: { readonly baseCost: number; readonly speedAttribute: number }): number {
  requireObject("action", input);
  const baseCost = requireInt("base phase cost", input.baseCost, MIN_ACTION_PHASES, MAX_PHASES);
  const speed = requireInt("speed attribute", input.speedAttribute, -MAX_PHASES, MAX_PHASES);
  return Math.max(MIN_ACTION_PHASES, baseCost - speed);
}

/** Phases until a new action completes after aborting the current one: abort cost + its phases. */
export function phasesAfterAbort(newActionPhases: number): number {
  requireInt("new action phases", newActionPhases, MIN_ACTION_PHASES, MAX_PHASES);
  return ABORT_COST_PHASES + newActionPhases;
}

/** Detailed resolution: simultaneous actions take the slowest action's phases + the number of actions. */
export function multipleActionPhases(actionPhaseCounts: readonly number[]): number {
  requireArray("actions", actionPhaseCounts, MAX_SIMULTANEOUS_ACTIONS, 1);
  const counts = actionPhaseCounts.map((c, i) => requireInt(`action ${i + 1} phases`, c, MIN_ACTION_PHASES, MAX_PHASES));
  return Math.max(...counts) + counts.length;
}

/** The most actions attempted at once. */
export const MAX_SIMULTANEOUS_ACTIONS = 100;

/** Regular resolution: at least the longest action's time + half the time of every other action. */
export function multipleActionTime(actionTimes: readonly number[]): number {
  requireArray("actions", actionTimes, MAX_SIMULTANEOUS_ACTIONS, 1);
  const times = actionTimes.map((t, i) => requireNumber(`action ${i + 1} time`, t, 0));
  const longest = Math.max(...times);
  const rest = times.reduce((s, t) => s + t, 0) - longest;
  return longest + rest / 2;
}

/** Dice a time factor adds to (or removes from) a pool; feed into buildPool's extras. */
export interface TimeFactorDice {
  /** Add dice gained (positive) or lost (negative). */
  readonly extraAddDice: number;
  readonly extraBonusDice: number;
}

/**
 * Detailed resolution: each phase quicker than normal removes an Add die; each extra phase adds
 * a Bonus die. Both counts are in phases, and an action takes at least one phase.
 */
export function detailedTimeFactor(input: { readonly normalPhases: number; readonly phasesTaken: number }): TimeFactorDice {
  requireObject("time factor", input);
  const normalPhases = requireInt("normal phases", input.normalPhases, MIN_ACTION_PHASES, MAX_PHASES);
  const phasesTaken = requireInt("phases taken", input.phasesTaken, MIN_ACTION_PHASES, MAX_PHASES);
  const delta = phasesTaken - normalPhases;
  return delta < 0 ? { extraAddDice: delta, extraBonusDice: 0 } : { extraAddDice: 0, extraBonusDice: delta };
}

/**
 * Regular resolution, by doublings of the normal time (negative = halvings): each halving
 * removes an Add die; the first doubling adds an Add die; each further doubling a Bonus die.
 */
export function regularTimeFactor(doublings: number): TimeFactorDice {
  requireInt("doublings", doublings, -MAX_POOL_DICE, MAX_POOL_DICE);
  if (doublings <= 0) return { extraAddDice: doublings, extraBonusDice: 0 };
  return { extraAddDice: 1, extraBonusDice: doublings - 1 };
}

/**
 * Doublings for a time taken against the normal time: only whole doublings count when taking
 * longer (3× = 1 doubling), while any hurry counts as a whole halving (0.4× = 2 halvings).
 */
export function doublingsFor(input: { readonly normalTime: number; readonly timeTaken: number }): number {
  requireObject("time factor", input);
  const normalTime = requireNumber("normal time", input.normalTime, Number.MIN_VALUE);
  const timeTaken = requireNumber("time taken", input.timeTaken, Number.MIN_VALUE);
  const ratio = Math.log2(timeTaken / normalTime);
  const snapped = Math.round(ratio);
  return Math.abs(ratio - snapped) < 1e-9 ? snapped : Math.floor(ratio);
}
