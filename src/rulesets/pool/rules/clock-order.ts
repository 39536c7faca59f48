/**
 * The phase clock in play: the world's action list read from its setting (parsePhaseActions), who
 * acts in which phase (clockOrder) and when a declared action lands (scheduleAction). Runtime code
 * (the combat tracker), apart from rules/phase-clock.ts, whose default actions the settings use:
 * docs/architecture.md "Load what the world needs".
 */
import { ABORT_COST_PHASES, MAX_SIMULTANEOUS_ACTIONS, actionPhases, multipleActionPhases } from "./time";
import { MAX_PHASES } from "./limits";
import { requireArray, requireBool, requireInt, requireObject } from "./validate";
import { compareText } from "../../../dice/collate";
import { PHASE_ATTRIBUTES } from "./character";
import type { PhaseAction } from "./phase-clock";

/** The most actions a world's list may hold. */
export const MAX_PHASE_ACTIONS = 100;

const ACTION_NAME = /^[^=;\n]{1,60}$/u;

/**
 * Read the setting's text: entries separated by ";" or new lines, each "name = cost attribute"
 * (attribute one of reactionTime, speed, wits). Throws a RangeError naming the bad entry.
 */
export function parsePhaseActions(text: string): PhaseAction[] {
  if (typeof text !== "string") throw new TypeError("The action list must be text");
  const entries = text.split(/[;\n]/u).map((e) => e.trim()).filter((e) => e.length > 0);
  if (entries.length === 0) throw new RangeError("The action list is empty");
  if (entries.length > MAX_PHASE_ACTIONS) throw new RangeError(`The action list has more than ${MAX_PHASE_ACTIONS} actions`);
  const seen = new Set<string>();
  return entries.map((entry) => {
    const m = /^(.+?)\s*=\s*(-?\d+)\s+(\S+)$/u.exec(entry);
    if (!m) throw new RangeError(`"${entry}" is not "name = cost attribute"`);
    const key = m[1].trim();
    if (!ACTION_NAME.test(key)) throw new RangeError(`"${key}" is not an action name`);
    if (seen.has(key)) throw new RangeError(`"${key}" is listed twice`);
    seen.add(key);
    const baseCost = Number(m[2]);
    if (!Number.isSafeInteger(baseCost) || baseCost < 1 || baseCost > MAX_PHASES) throw new RangeError(`"${entry}": the base phase cost must be a whole number from 1 to ${MAX_PHASES}`);
    const attribute = PHASE_ATTRIBUTES.find((a) => a === m[3]);
    if (!attribute) throw new RangeError(`"${entry}": the attribute must be one of ${PHASE_ATTRIBUTES.join(", ")}`);
    return { key, baseCost, attribute };
  });
}

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
