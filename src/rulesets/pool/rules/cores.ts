/**
 * The Dice Pool's check kinds as rules-core contract values (src/dice/contract.ts): each is what a
 * roll dialog drives — roll with a random source, resolve Foundry's faces, show exact Odds.
 */
import type { CheckCore } from "../../../dice/contract";
import { checkOdds } from "./odds";
import { resolveCheck, rollCheck, type CheckInput, type CheckResult } from "./resolve";

/** One check: a pool against a Difficulty (optionally requiring a Degree of Success). */
export const poolCheckCore: CheckCore<CheckInput, readonly number[], CheckResult> = { roll: rollCheck, resolve: resolveCheck, odds: checkOdds };

export { teamCheckCore, eitherOrCore } from "./team";
export { directContestCore, indirectContestCore } from "./opposition";
export { complexCore } from "./complex";
