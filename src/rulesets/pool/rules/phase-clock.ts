/**
 * Seed 002, "Detailed Resolution" and "Multiple Actions" as a clock for a fight: every
 * combatant's current action completes at a phase (the phase it started + its phases); the
 * clock moves to the earliest completion, that combatant acts, and its next action starts at once.
 * Switching actions midway costs the abort cost first. Pure: the Foundry side stores the phases
 * as the combatants' initiative (docs/rules/pool.md, "Foundry side: combat").
 */
import type { PhaseAttribute } from "./character";

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

/** Write a list of actions as the setting's text: "strike = 3 reactionTime; move = 3 speed". */
export function formatPhaseActions(actions: readonly PhaseAction[]): string {
  return actions.map((a) => `${a.key} = ${a.baseCost} ${a.attribute}`).join("; ");
}
