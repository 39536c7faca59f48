/**
 * Every Flange check kind a roll dialog shows, bundled as a `CheckCore` (roll, resolve, odds):
 * generic code (the contract suite, the odds panel) drives them alike.
 */
import type { CheckCore } from "../../../dice/contract";
import { resolveCheck, rollCheck, type CheckInput, type CheckResult } from "./check";
import {
  damageOdds,
  exchangeOdds,
  initiativeOdds,
  resolveDamage,
  resolveExchange,
  resolveInitiativeContest,
  rollDamage,
  rollExchange,
  rollInitiativeContest,
  type DamageInput,
  type DamageResult,
  type ExchangeFaces,
  type ExchangeInput,
  type ExchangeResult,
  type InitiativeContestInput,
  type InitiativeContestResult,
} from "./combat";
import { checkOdds } from "./odds";
import { opposedOdds, resolveOpposed, rollOpposed, type OpposedFaces, type OpposedInput, type OpposedResult } from "./opposed";

/** A skill or attribute check (outcome keys: CHECK_OUTCOMES). */
export const flangeCheckCore: CheckCore<CheckInput, readonly number[], CheckResult> = { roll: rollCheck, resolve: resolveCheck, odds: checkOdds };

/** An opposed roll (outcome keys: OPPOSED_OUTCOMES, from the first side's point of view). */
export const flangeOpposedCore: CheckCore<OpposedInput, OpposedFaces, OpposedResult> = { roll: rollOpposed, resolve: resolveOpposed, odds: opposedOdds };

/** The initiative phase between two opponents (outcome keys: INITIATIVE_OUTCOMES). */
export const flangeInitiativeCore: CheckCore<InitiativeContestInput, InitiativeContestResult["faces"], InitiativeContestResult> = {
  roll: rollInitiativeContest,
  resolve: resolveInitiativeContest,
  odds: initiativeOdds,
};

/** One attack with its defence and damage (outcome keys: EXCHANGE_OUTCOMES). */
export const flangeExchangeCore: CheckCore<ExchangeInput, ExchangeFaces, ExchangeResult> = { roll: rollExchange, resolve: resolveExchange, odds: exchangeOdds };

/** A damage roll on its own (outcome keys: DAMAGE_OUTCOMES). */
export const flangeDamageCore: CheckCore<DamageInput, readonly number[], DamageResult> = { roll: rollDamage, resolve: resolveDamage, odds: damageOdds };
