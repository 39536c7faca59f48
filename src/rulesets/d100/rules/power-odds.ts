/**
 * A shielded attack at the table: where it lands, its roll and resolve verbs, exact odds and core. Runtime code
 * (combat, odds panels), apart from rules/powers.ts, which the data models use (docs/architecture.md
 * "Load what the world needs").
 */
import { type CheckCore, type Odds, makeOdds } from "../../../dice/contract";
import { effortPmf } from "./check-odds";
import { drawVerbs, type D10Draw } from "./faces";
import { type ShieldedAttackResult, BARRIER_SHIELD } from "./power-points";
import { type CheckInput, type CheckResult, type NormalisedCheck, normaliseCheck, runCheck } from "./checks";
import { MAX_DIFFICULTY } from "./limits";
import { requireInt, requireObject } from "./validate";

/** Where an attack with this Degree of Effort lands against a shielded target. */
export function shieldedAttack(input: { readonly effort: number; readonly difficulty?: number; readonly shieldDifficulty?: number }): ShieldedAttackResult {
  requireObject("A shielded attack", input);
  const effort = requireInt("Degree of effort", input.effort);
  const difficulty = requireInt("Difficulty", input.difficulty ?? 0);
  const shield = requireInt("Shield difficulty", input.shieldDifficulty ?? BARRIER_SHIELD.difficulty, 0, MAX_DIFFICULTY);
  if (effort <= difficulty) return "missed";
  return effort > difficulty + shield ? "through" : "shield";
}

/** An attack on a shielded target as the contract's input. */
export interface ShieldedAttackInput {
  /** The attacker's check; its difficulty is the target's own (the shield's is added on top). */
  readonly attack: CheckInput;
  /** The shield's defensive difficulty (default the Barrier Shield's 25). */
  readonly shieldDifficulty?: number;
}

export interface ShieldedAttackRoll {
  readonly check: CheckResult;
  readonly result: ShieldedAttackResult;
  readonly faces: readonly number[];
}

export function normaliseShielded(input: ShieldedAttackInput): { attack: NormalisedCheck; shield: number } {
  requireObject("A shielded attack", input);
  return { attack: normaliseCheck(input.attack), shield: requireInt("Shield difficulty", input.shieldDifficulty ?? BARRIER_SHIELD.difficulty, 0, MAX_DIFFICULTY) };
}

export function runShielded(c: ReturnType<typeof normaliseShielded>, draw: D10Draw): ShieldedAttackRoll {
  const check = runCheck(c.attack, draw);
  return { check, result: shieldedAttack({ effort: check.effort, difficulty: c.attack.difficulty, shieldDifficulty: c.shield }), faces: check.faces };
}

const shieldedAttackVerbs = drawVerbs("Shielded attack", normaliseShielded, runShielded);

export const rollShieldedAttack = shieldedAttackVerbs.roll;

export const resolveShieldedAttack = shieldedAttackVerbs.resolve;

/** Exact chance of each shielded-attack result, and the mass left out. */
export function shieldedAttackOddsDetail(input: ShieldedAttackInput): Readonly<Record<ShieldedAttackResult, number>> & { readonly error: number } {
  const c = normaliseShielded(input);
  const out: Record<ShieldedAttackResult, number> = { through: 0, shield: 0, missed: 0 };
  const e = effortPmf(c.attack);
  for (let i = 0; i < e.v.length; i++) out[shieldedAttack({ effort: e.v[i], difficulty: c.attack.difficulty, shieldDifficulty: c.shield })] += e.p[i];
  return { ...out, error: e.error };
}

/** Exact odds of an attack on a shielded target as Odds: missed, shield, through; success = through. */
export function shieldedAttackOdds(input: ShieldedAttackInput): Odds {
  const d = shieldedAttackOddsDetail(input);
  return makeOdds({ success: d.through, outcomes: SHIELDED_ATTACK_RESULTS_WORST_FIRST.map((key) => ({ key, p: d[key] })), error: d.error });
}

/** Shielded-attack results worst first for the attacker. */
export const SHIELDED_ATTACK_RESULTS_WORST_FIRST: readonly ShieldedAttackResult[] = ["missed", "shield", "through"];

export const shieldedAttackCore: CheckCore<ShieldedAttackInput, readonly number[], ShieldedAttackRoll> = { roll: rollShieldedAttack, resolve: resolveShieldedAttack, odds: shieldedAttackOdds };
