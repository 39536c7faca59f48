/**
 * Seed 002, "Detailed Resolution" and "Multiple Actions" as a clock for a fight: every
 * combatant's current action completes at a phase (the phase it started + its phases); the
 * clock moves to the earliest completion, that combatant acts, and its next action starts at once.
 * Switching actions midway costs the abort cost first. Pure: the Foundry side stores the phases
 * as the combatants' initiative (docs/rules/pool.md, "Foundry side: combat").
 */
import { MAX_PHASES } from "./limits";
import { PHASE_ATTRIBUTES, type PhaseAttribute } from "./character";

/** A kind of action and its base phase cost, and which attribute shortens it. */
export interface PhaseAction {
  /** A stable key (the defaults are localized by key) or the name a GM typed. */
  readonly key: string;
  readonly baseCost: number;
  readonly attribute: PhaseAttribute;
}

/**
 * Breadbox's default base phase costs (the seed gives none; docs/rules/pool.md). One phase is
 * "one simple task" — aiming and firing a ready pistol, logging into a computer — so those cost 1;
 * everything longer costs more, so that Reaction Time, Speed or Wits can shorten it.
 */
export const DEFAULT_PHASE_ACTIONS: readonly PhaseAction[] = [
  { key: "strike", baseCost: 3, attribute: "reactionTime" },
  { key: "shoot", baseCost: 1, attribute: "reactionTime" },
  { key: "drawWeapon", baseCost: 2, attribute: "reactionTime" },
  { key: "reload", baseCost: 4, attribute: "reactionTime" },
  { key: "aim", baseCost: 2, attribute: "reactionTime" },
  { key: "move", baseCost: 3, attribute: "speed" },
  { key: "standUp", baseCost: 3, attribute: "speed" },
  { key: "useDevice", baseCost: 1, attribute: "wits" },
  { key: "thinkAct", baseCost: 4, attribute: "wits" },
  { key: "firstAid", baseCost: 10, attribute: "wits" },
];

/** The most actions a world's list may hold. */
export const MAX_PHASE_ACTIONS = 100;
const ACTION_NAME = /^[^=;\n]{1,60}$/u;

/** Write a list of actions as the setting's text: "strike = 3 reactionTime; move = 3 speed". */
export function formatPhaseActions(actions: readonly PhaseAction[]): string {
  return actions.map((a) => `${a.key} = ${a.baseCost} ${a.attribute}`).join("; ");
}

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
