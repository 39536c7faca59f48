/**
 * The phase clock in play: who acts in which phase (clockOrder) and when a declared action lands
 * (scheduleAction). Runtime code (the combat tracker), apart from rules/phase-clock.ts, whose phase
 * actions the settings use: docs/architecture.md "Load what the world needs".
 */
import { ABORT_COST_PHASES, MAX_SIMULTANEOUS_ACTIONS, actionPhases, multipleActionPhases } from "./time";
import { MAX_PHASES } from "./limits";
import { requireArray, requireBool, requireInt, requireObject } from "./validate";
import { compareText } from "../../../dice/collate";

/** A combatant on the clock. */
export interface ClockEntry {
  readonly id: string;
  /** Phase at which its current action completes; null = no action declared yet. */
  readonly completesAt: number | null;
  /** Reaction Time, for ties. */
  readonly reactionTime: number;
  readonly name: string;
}

/**
 * Turn order on the clock: the earliest completion first; undeclared combatants last. Ties (the
 * seed is silent): higher Reaction Time first, then name, then id — the quicker reflexes act
 * first within the phase (docs/rules/pool.md).
 */
export function compareClockEntries(a: ClockEntry, b: ClockEntry): number {
  const pa = a.completesAt;
  const pb = b.completesAt;
  if (pa === null || pb === null) {
    if (pa !== pb) return pa === null ? 1 : -1;
  } else if (pa !== pb) return pa - pb;
  if (a.reactionTime !== b.reactionTime) return b.reactionTime - a.reactionTime;
  return compareText(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The clock's order, and who acts at the earliest phase. */
export function clockOrder(entries: readonly ClockEntry[]): { order: ClockEntry[]; phase: number | null; acting: ClockEntry[] } {
  requireArray("combatants", entries, 10_000);
  for (const e of entries) {
    requireObject("combatant", e);
    if (e.completesAt !== null) requireInt(`phase of ${e.name}`, e.completesAt, 0, Number.MAX_SAFE_INTEGER);
    requireInt(`Reaction Time of ${e.name}`, e.reactionTime, -MAX_PHASES, MAX_PHASES);
  }
  const order = [...entries].sort(compareClockEntries);
  const phase = order[0]?.completesAt ?? null;
  const acting = phase === null ? [] : order.filter((e) => e.completesAt === phase);
  return { order, phase, acting };
}

/** One action as a character attempts it: its base cost and the character's applicable attribute. */
export interface DeclaredAction {
  readonly baseCost: number;
  readonly speedAttribute: number;
}

export interface Declaration {
  /** Phase the character declares at (the clock's current phase). */
  readonly now: number;
  /** The action, or several attempted at once ("Multiple Actions"). */
  readonly actions: readonly DeclaredAction[];
  /** Switching from an action in progress: the abort cost comes first. */
  readonly aborting: boolean;
}

export interface ScheduledAction {
  /** Phases each action would take alone (base cost − attribute, at least 1). */
  readonly perAction: readonly number[];
  /** Phases the declaration takes: one action's phases, or slowest + number of actions. */
  readonly phases: number;
  /** Abort cost paid first (0 when not aborting). */
  readonly abortCost: number;
  /** Phase at which the action (or actions) complete. */
  readonly completesAt: number;
}

/** When a declared action completes: now + abort cost (if switching) + its phases. */
export function scheduleAction(input: Declaration): ScheduledAction {
  requireObject("declaration", input);
  const now = requireInt("current phase", input.now, 0, Number.MAX_SAFE_INTEGER - 2 * MAX_PHASES - MAX_SIMULTANEOUS_ACTIONS);
  const aborting = requireBool("aborting", input.aborting);
  const actions = requireArray("actions", input.actions, MAX_SIMULTANEOUS_ACTIONS, 1);
  const perAction = actions.map((a) => actionPhases(a));
  const phases = perAction.length === 1 ? perAction[0] : multipleActionPhases(perAction);
  const abortCost = aborting ? ABORT_COST_PHASES : 0;
  return { perAction, phases, abortCost, completesAt: now + abortCost + phases };
}
