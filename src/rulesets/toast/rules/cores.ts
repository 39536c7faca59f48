/**
 * Every check kind a Toast roll dialog shows, as a contract `CheckCore` ({roll, resolve, odds}),
 * so generic code (the contract test suite, the odds panel, the Foundry side) can drive any of them
 * the same way. See docs/rules/toast.md, "The contract".
 */
import type { CheckCore } from "../../../dice/contract";
import { resolveAdvancement, rollAdvancement, advancementOdds, type AdvancementInput, type AdvancementResult } from "./advancement";
import { resolveCheck, rollCheck, type CheckInput, type CheckResult } from "./check";
import { contestOdds, resolveContest, rollContest, type ContestFaces, type ContestInput, type ContestResult } from "./contest";
import { checkOdds } from "./check-odds";
import {
  attackOdds,
  bodyCheckOdds,
  damageOdds,
  damageStrikeOdds,
  fullAttackOdds,
  initiativeOdds,
  resolveAttack,
  resolveBodyCheck,
  resolveDamage,
  resolveDamageStrike,
  resolveFullAttack,
  resolveInitiative,
  resolveStrike,
  rollAttack,
  rollBodyCheck,
  rollDamage,
  rollDamageStrike,
  rollFullAttack,
  rollInitiative,
  rollStrike,
  strikeOdds,
  type AttackFaces,
  type AttackInput,
  type AttackResult,
  type BodyCheckInput,
  type DamageInput,
  type DamageRoll,
  type DamageStrikeFaces,
  type DamageStrikeInput,
  type DamageStrikeResult,
  type FullAttackFaces,
  type FullAttackInput,
  type FullAttackResult,
  type InitiativeInput,
  type InitiativeResult,
  type StrikeFaces,
  type StrikeInput,
  type StrikeResult,
} from "./combat";
import { healingDayOdds, resolveHealingDay, rollHealingDay, type HealingDayFaces, type HealingDayInput, type HealingDayResult } from "./healing";

type Faces = readonly number[];

/** A task against a target number (faces: the d10+, both faces after a Flub or Auto). */
export const checkCore: CheckCore<CheckInput, Faces, CheckResult> = { roll: rollCheck, resolve: resolveCheck, odds: checkOdds };

/** A contested task (faces: each party's d10+). */
export const contestCore: CheckCore<ContestInput, ContestFaces, ContestResult> = { roll: rollContest, resolve: resolveContest, odds: contestOdds };

/** An initiative roll, on its own or against the rank of a combatant who already rolled. */
export const initiativeCore: CheckCore<InitiativeInput, Faces, InitiativeResult> = { roll: rollInitiative, resolve: resolveInitiative, odds: initiativeOdds };

/** An attack: contested against a defence roll, or against a target number. */
export const attackCore: CheckCore<AttackInput, AttackFaces, AttackResult> = { roll: rollAttack, resolve: resolveAttack, odds: attackOdds };

/** A damage roll on its own (faces: one d4 per die). */
export const damageCore: CheckCore<DamageInput, Faces, DamageRoll> = { roll: rollDamage, resolve: resolveDamage, odds: damageOdds };

/** A strike of known damage: armor, tally, death and collapse checks. */
export const strikeCore: CheckCore<StrikeInput, StrikeFaces, StrikeResult> = { roll: rollStrike, resolve: resolveStrike, odds: strikeOdds };

/** A death or collapse check on its own. */
export const bodyCheckCore: CheckCore<BodyCheckInput, Faces, CheckResult> = { roll: rollBodyCheck, resolve: resolveBodyCheck, odds: bodyCheckOdds };

/** Damage dice rolled against a target, then the strike. */
export const damageStrikeCore: CheckCore<DamageStrikeInput, DamageStrikeFaces, DamageStrikeResult> = { roll: rollDamageStrike, resolve: resolveDamageStrike, odds: damageStrikeOdds };

/** A whole attack: hit, damage, strike. */
export const fullAttackCore: CheckCore<FullAttackInput, FullAttackFaces, FullAttackResult> = { roll: rollFullAttack, resolve: resolveFullAttack, odds: fullAttackOdds };

/** An end-of-session skill advancement check. */
export const advancementCore: CheckCore<AdvancementInput, Faces, AdvancementResult> = { roll: rollAdvancement, resolve: resolveAdvancement, odds: advancementOdds };

/** A day of healing: treatment, rest, the end-of-day Health check. */
export const healingDayCore: CheckCore<HealingDayInput, HealingDayFaces, HealingDayResult> = { roll: rollHealingDay, resolve: resolveHealingDay, odds: healingDayOdds };
