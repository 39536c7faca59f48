/**
 * The caps of the Toast core (docs/rules/toast.md, "Limits"). Every count and every number that
 * feeds a roll or an odds table is checked against its cap by the same guard in the roll, the
 * resolve and the odds; anything past 2^53 is refused (assertSafeInt). Toast has no open-ended
 * roll: a d10+ takes one or two faces, a damage roll exactly its dice, so a stuck random source
 * cannot make any roll longer.
 */

/** Largest modifier or target number, either sign (keeps the contest ranks of Autos and Flubs apart). */
export const MAX_MAGNITUDE = 1000;
/** Most damage dice in one roll — the roll, its resolve and its exact odds alike. */
export const MAX_DAMAGE_DICE = 60;
/** Largest attribute level (the seed's 1–20 is a creation limit; monsters may go higher). */
export const MAX_ATTRIBUTE = 1000;
/** Largest skill level. */
export const MAX_SKILL_LEVEL = 500;
/**
 * Largest wound tally anywhere (a sheet, before or after a strike, a day of healing); a strike
 * whose tally would pass it is refused. Equal to MAX_MAGNITUDE, so a death, collapse or healing
 * check's target (an effective wound level) is always a valid target number.
 */
export const MAX_WOUND_LEVELS = MAX_MAGNITUDE;
/** Largest wound scale (wound levels per penalty category). */
export const MAX_WOUND_SCALE = 100;
/** Most advancement checks in one end-of-session roll. */
export const MAX_SESSION_CHECKS = 1000;

/** Wound levels a successful medical treatment heals. The seed does not say; ours is 1 (a setting). */
export const DEFAULT_TREATMENT_HEALS = 1;
