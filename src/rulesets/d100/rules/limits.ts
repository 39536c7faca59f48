/**
 * The D10/0 core's caps (docs/rules/d100.md, "Limits"). Every count and every open end has one;
 * the same check runs in the roll, the resolve and the odds, and a value past its cap is refused
 * with a RangeError naming the cap. Open ends (overflow chains) stop at the shared
 * MAX_OPEN_END_DICE so a stuck random source cannot freeze a client.
 */
import { MAX_OPEN_END_DICE } from "../../../dice/limits";

export { MAX_OPEN_END_DICE };

/** What every open-ended d10 roll of the core records (a check, a damage roll): its faces and whether its overflow chain hit the cap. */
export interface OpenEndedRoll {
  /** Every d10 face rolled, in order (tens before ones on d100 rolls). */
  readonly faces: readonly number[];
  /** The overflow chain reached its cap (MAX_OPEN_END_DICE dice) and stopped. */
  readonly overflowCapped: boolean;
}

/**
 * Highest attribute score or skill Total a check takes: a d100 roll-under succeeds by 100 or more
 * from there on (the deepest focused branches of the seed stay well below).
 */
export const MAX_CHECK_SCORE = 200;
/** Largest difficulty either way (the seed's table stops at 60). */
export const MAX_DIFFICULTY = 1000;
/** Largest consolation/agitation margin. */
export const MAX_MARGIN = 1000;
/** Most checks in one cooperative or assisted effort (helpers or assistants: a party of six). */
export const MAX_HELPERS = 6;
/** Most checks a cumulative-effort roll or its odds look ahead (a dialog shows the next few). */
export const MAX_CUMULATIVE_CHECKS = 10;
/** Largest cumulative goal (the seed's long projects are "1000+": ten times that). */
export const MAX_CUMULATIVE_GOAL = 10_000;
/** Most dice in one damage notation, all dice terms together. */
export const MAX_DAMAGE_DICE = 100;
/** Most terms in one damage or adjustment notation. */
export const MAX_NOTATION_TERMS = 20;
/** Longest damage or adjustment notation, in characters. */
export const MAX_NOTATION_LENGTH = 200;
/** Largest number in a damage or adjustment term, before its K/M prefix. */
export const MAX_NOTATION_NUMBER = 999_999;
/** Largest X of a base + X fire block (extra action points). */
export const MAX_FIRE_X = 20;
/** Largest amount of hits per step (or per X) of a fire block. */
export const MAX_FIRE_AMOUNT = 100;
/** Most spread steps in one fire block. */
export const MAX_SPREAD_STEPS = 20;

/** The most overflow rolls a check's chain may make: MAX_OPEN_END_DICE dice (a skill roll is two dice). */
export function overflowRollCap(dicePerRoll: number): number {
  return Math.floor(MAX_OPEN_END_DICE / dicePerRoll);
}
