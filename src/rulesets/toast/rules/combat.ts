/**
 * Combat (seed: "Combat", "Initiative", "Rounds", "Holding Actions", "Attack and Defense",
 * "Damage", "Wounds", "Collapse", "Death", "Weapons", "Armor").
 */
import { sumOf, uniform } from "../../../dice/dist";
import { rollDie, type RandomSource } from "../../../dice/random";
import {
  checkOdds,
  compareContest,
  contestRank,
  resolveContestRoll,
  rollCheck,
  rollContestSide,
  type CheckInput,
  type CheckResult,
  type ContestRoll,
  type TaskTarget,
} from "./check";
import { d10PlusOutcomes } from "./d10plus";
import {
  ATTACK_CONSEQUENCES,
  STRIKE_STATES,
  WEAPON_CATEGORY_KEYS,
  WEAPON_DELIVERY_KEYS,
  type AttackConsequence,
  type AttackOutcome,
  type AttributeKey,
  type StrikeState,
  type TurnStatus,
  type WeaponCategoryKey,
  type WeaponDeliveryKey,
} from "./keys";
import { taskModifier, validateArmor, validateAttributes, woundStatus, type Attributes, type WoundStatus } from "./character";
import { WEAPON_BASE_DAMAGE, type ArmorStats } from "./tables";
import { requireInteger, requireIntegerAtLeast, requireOneOf } from "./validate";

// ---------------------------------------------------------------------------------------------
// Initiative and rounds

/** A round lasts about this many seconds of game time (what fits into it is the GM's call). */
export const ROUND_SECONDS = 5;

/** Roll initiative once per combat: a d10+ on the Initiative skill, ranked like a contested task. */
export function rollInitiative(modifier: number, rng: RandomSource): ContestRoll {
  return rollContestSide(modifier, rng);
}

export interface InitiativeEntry {
  readonly id: string;
  /** ContestRoll.rank of the combatant's initiative roll. */
  readonly rank: number;
}

export interface InitiativePlace {
  readonly id: string;
  readonly rank: number;
  /** 1 = acts first; tied combatants share a place. */
  readonly place: number;
  /** True when another combatant has the same rank (the GM settles the order). */
  readonly tied: boolean;
}

/**
 * The GM may roll once for a whole group of NPCs: every id in the group gets that roll's rank.
 * (initiativeOrder then flags them as tied with one another; their order among themselves is hers.)
 */
export function sharedInitiative(ids: readonly string[], roll: ContestRoll): readonly InitiativeEntry[] {
  if (ids.length === 0) throw new RangeError("A shared initiative roll needs at least one combatant");
  if (typeof roll.rank !== "number" || !Number.isFinite(roll.rank)) throw new RangeError(`A shared initiative roll needs a finite rank, not ${String(roll.rank)}`);
  return ids.map((id) => ({ id, rank: roll.rank }));
}

/** Order combatants best initiative first. Ties keep their input order and are flagged. */
export function initiativeOrder(entries: readonly InitiativeEntry[]): readonly InitiativePlace[] {
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e.id)) throw new RangeError(`Combatant ${e.id} appears twice in the initiative order`);
    ids.add(e.id);
    if (typeof e.rank !== "number" || !Number.isFinite(e.rank)) throw new RangeError(`Combatant ${e.id} has no finite initiative rank (${String(e.rank)})`);
  }
  const sorted = entries.map((e, i) => ({ e, i })).sort((a, b) => b.e.rank - a.e.rank || a.i - b.i);
  return sorted.map(({ e }, index) => {
    const firstIndex = sorted.findIndex((s) => s.e.rank === e.rank);
    const count = sorted.filter((s) => s.e.rank === e.rank).length;
    return { id: e.id, rank: e.rank, place: firstIndex + 1, tied: count > 1 };
  });
}

/** One combat round: the fixed initiative order and each combatant's status. */
export interface RoundState {
  readonly round: number;
  readonly order: readonly string[];
  readonly statuses: Readonly<Record<string, TurnStatus>>;
}

/** Start a round: everybody waits for her turn in initiative order. */
export function startRound(order: readonly string[], round = 1): RoundState {
  requireIntegerAtLeast(round, 1, "Round");
  if (new Set(order).size !== order.length) throw new RangeError("A combatant appears twice in the round order");
  const statuses: Record<string, TurnStatus> = {};
  for (const id of order) statuses[id] = "waiting";
  return { round, order: [...order], statuses };
}

/** The combatant whose turn it is (first still waiting), or null when only held actions remain. */
export function nextToAct(state: RoundState): string | null {
  return state.order.find((id) => state.statuses[id] === "waiting") ?? null;
}

function statusOf(state: RoundState, id: string): TurnStatus {
  const s = state.statuses[id];
  if (s === undefined) throw new RangeError(`Combatant ${id} is not in this round`);
  return s;
}

/** The combatant whose turn it is holds her action. */
export function holdAction(state: RoundState, id: string): RoundState {
  statusOf(state, id);
  if (nextToAct(state) !== id) throw new RangeError(`Combatant ${id} can only hold her action on her own turn`);
  return { ...state, statuses: { ...state.statuses, [id]: "holding" } };
}

/** A combatant acts: on her turn, or at any later point of the round if she is holding. */
export function takeAction(state: RoundState, id: string): RoundState {
  const s = statusOf(state, id);
  if (s === "holding" || (s === "waiting" && nextToAct(state) === id)) {
    return { ...state, statuses: { ...state.statuses, [id]: "acted" } };
  }
  if (s === "waiting") throw new RangeError(`It is not yet the turn of combatant ${id}`);
  throw new RangeError(`Combatant ${id} has no action left this round (${s})`);
}

/**
 * The GM rules that a faster character's action has made a slower one's impossible (the seed's
 * example: the attacker's arm is cut off first). The combatant, still waiting or holding, loses
 * her action for this round.
 */
export function negateAction(state: RoundState, id: string): RoundState {
  const s = statusOf(state, id);
  if (s === "acted" || s === "lost") throw new RangeError(`Combatant ${id} has no action left to negate this round (${s})`);
  return { ...state, statuses: { ...state.statuses, [id]: "lost" } };
}

/** End the round: held and unannounced actions are lost (they do not roll over); the next round starts. */
export function endRound(state: RoundState): { readonly ended: RoundState; readonly lost: readonly string[]; readonly next: RoundState } {
  const lost = state.order.filter((id) => state.statuses[id] !== "acted");
  const statuses: Record<string, TurnStatus> = { ...state.statuses };
  for (const id of lost) statuses[id] = "lost";
  return { ended: { ...state, statuses }, lost, next: startRound(state.order, state.round + 1) };
}

// ---------------------------------------------------------------------------------------------
// Attack and defence

/** Defence: a contested defence roll (a defender who acts to defend herself) or a plain target number. */
export type AttackDefence =
  | { readonly kind: "contested"; readonly modifier: number }
  | { readonly kind: "target"; readonly target: TaskTarget };

export interface AttackInput {
  /** Attacker's task modifier (weapon skill). */
  readonly attack: number;
  readonly defence: AttackDefence;
}

export interface AttackResult {
  readonly outcome: AttackOutcome;
  /** The attacker's roll. */
  readonly attack: ContestRoll;
  /** The defender's roll (contested defence only). */
  readonly defence: ContestRoll | null;
  /** The attack as a check against the target number (target defence only). */
  readonly check: CheckResult | null;
}

function checkDefence(defence: AttackDefence): AttackDefence {
  requireOneOf(defence.kind, ["contested", "target"] as const, "Defence kind");
  return defence;
}

/** Roll an attack: contested against the defender's roll, or a check against a target number. */
export function rollAttack(input: AttackInput, rng: RandomSource): AttackResult {
  const defence = checkDefence(input.defence);
  if (defence.kind === "contested") {
    const attack = rollContestSide(input.attack, rng);
    const def = rollContestSide(defence.modifier, rng);
    const c = compareContest(attack, def);
    return { outcome: c === "firstWins" ? "hit" : c === "secondWins" ? "miss" : "tie", attack, defence: def, check: null };
  }
  const check = rollCheck({ modifier: input.attack, target: defence.target }, rng);
  return { outcome: check.success ? "hit" : "miss", attack: resolveContestRoll(check.roll, input.attack), defence: null, check };
}

/** Exact odds of hit / miss / tie (tie only in a contested attack). */
export function attackOdds(input: AttackInput): Readonly<Record<AttackOutcome, number>> {
  const defence = checkDefence(input.defence);
  const odds: Record<AttackOutcome, number> = { hit: 0, miss: 0, tie: 0 };
  if (defence.kind === "contested") {
    const outcomes = d10PlusOutcomes();
    for (const x of outcomes) {
      const a = contestRank(x.roll, input.attack);
      for (const y of outcomes) {
        const d = contestRank(y.roll, defence.modifier);
        odds[a > d ? "hit" : a < d ? "miss" : "tie"] += x.p * y.p;
      }
    }
    return odds;
  }
  const o = checkOdds({ modifier: input.attack, target: defence.target });
  odds.hit = o.auto + o.success;
  odds.miss = o.failure + o.flub;
  return odds;
}

// ---------------------------------------------------------------------------------------------
// Weapons and damage

/** Damage dice are d4s. */
export const DAMAGE_DIE_FACES = 4;

export interface WeaponStats {
  /** Base damage: damage dice for the weapon itself (seed guideline: large 3, medium 2, small 1). */
  readonly baseDamage: number;
  /** Wielded/thrown weapons add the positive attribute modifier; bow and crossbow missiles do not. */
  readonly delivery: WeaponDeliveryKey;
  /** Extra dice the GM grants (a strong bow or crossbow: 1–2). */
  readonly bonusDice?: number;
}

/** Base damage of a weapon category (seed guideline table or a GM's replacement). */
export function weaponBaseDamage(category: WeaponCategoryKey, table: Readonly<Record<WeaponCategoryKey, number>> = WEAPON_BASE_DAMAGE): number {
  const key = requireOneOf(category, WEAPON_CATEGORY_KEYS, "Weapon category");
  return requireIntegerAtLeast(table[key], 0, `Base damage of ${key} weapons`);
}

export interface DamageDice {
  readonly base: number;
  /** Positive attribute modifier of the weapon skill (0 for bows/crossbows or a negative modifier). */
  readonly attributeBonus: number;
  readonly bonusDice: number;
  readonly total: number;
}

/** Number of damage dice for a successful strike. `skillAttributeModifier` is the weapon skill's attribute modifier. */
export function damageDice(weapon: WeaponStats, skillAttributeModifier: number): DamageDice {
  const base = requireIntegerAtLeast(weapon.baseDamage, 0, "Weapon base damage");
  const delivery = requireOneOf(weapon.delivery, WEAPON_DELIVERY_KEYS, "Weapon delivery");
  const bonusDice = requireIntegerAtLeast(weapon.bonusDice ?? 0, 0, "Weapon bonus dice");
  requireInteger(skillAttributeModifier, "Skill attribute modifier");
  const attributeBonus = delivery === "wielded" ? Math.max(0, skillAttributeModifier) : 0;
  return { base, attributeBonus, bonusDice, total: base + attributeBonus + bonusDice };
}

export interface DamageRoll {
  readonly dice: readonly number[];
  readonly total: number;
}

/** Read a damage roll from d4 faces already rolled. */
export function damageFromFaces(faces: readonly number[]): DamageRoll {
  let total = 0;
  for (const f of faces) {
    requireInteger(f, "Damage die face");
    if (f < 1 || f > DAMAGE_DIE_FACES) throw new RangeError(`Damage die face ${f} is not on a d${DAMAGE_DIE_FACES}`);
    total += f;
  }
  return { dice: [...faces], total };
}

/** Roll `count` damage dice (0 dice deal 0 damage). */
export function rollDamage(count: number, rng: RandomSource): DamageRoll {
  requireIntegerAtLeast(count, 0, "Damage dice");
  const faces: number[] = [];
  for (let i = 0; i < count; i++) faces.push(rollDie(DAMAGE_DIE_FACES, rng));
  return damageFromFaces(faces);
}

/** Largest pool the exact damage odds accept (kept small so odds stay instant). */
export const MAX_DAMAGE_DICE = 60;

/** Exact distribution of the damage total of `count` d4s. */
export function damageOdds(count: number): Readonly<Record<number, number>> {
  requireIntegerAtLeast(count, 0, "Damage dice");
  if (count > MAX_DAMAGE_DICE) throw new RangeError(`At most ${MAX_DAMAGE_DICE} damage dice, not ${count}`);
  return Object.fromEntries(sumOf(uniform(1, DAMAGE_DIE_FACES), count));
}

// ---------------------------------------------------------------------------------------------
// Strikes: armor, wounds, death and collapse checks

/** Attributes of the death check (a single strike of a critical wound or more). */
export const DEATH_CHECK_ATTRIBUTES: readonly AttributeKey[] = ["strength", "health", "tolerance"];
/** Attributes of the collapse check (seriously wounded). */
export const COLLAPSE_CHECK_ATTRIBUTES: readonly AttributeKey[] = ["strength", "health", "tolerance", "will"];

/** The character taking a strike. */
export interface StrikeTarget {
  readonly attributes: Attributes;
  /** Wound levels already taken (running tally). */
  readonly woundLevels: number;
  /** Wound levels per penalty category (4 for humanoids, more for hardier creatures). */
  readonly woundScale?: number;
  /** Worn armor: its wound reduction comes off each strike; its encumbrance penalises the checks. */
  readonly armor?: ArmorStats | null;
  /** Apply the armor penalty to the death and collapse checks (they involve STR and TOL). Default true. */
  readonly armorPenaltyOnChecks?: boolean;
}

/** The check a body check (death or collapse) calls for: the attributes' average, no wound penalty, target = effective level. */
export function bodyCheckInput(target: StrikeTarget, attributes: readonly AttributeKey[], effective: number): CheckInput {
  const m = taskModifier({
    attributes: target.attributes,
    task: { kind: "attributes", attributes },
    armor: target.armor ?? null,
    ignoreWoundPenalty: true,
    ignoreArmorPenalty: target.armorPenaltyOnChecks === false,
  });
  return { modifier: m.total, target: requireIntegerAtLeast(effective, 0, "Effective wound level") };
}

/** Collapse check for a character at an effective wound level. */
export function collapseCheckInput(target: StrikeTarget, effective: number): CheckInput {
  return bodyCheckInput(target, COLLAPSE_CHECK_ATTRIBUTES, effective);
}

/** Death check for a character at an effective wound level. */
export function deathCheckInput(target: StrikeTarget, effective: number): CheckInput {
  return bodyCheckInput(target, DEATH_CHECK_ATTRIBUTES, effective);
}

/** What a strike of given damage does before any check is rolled. */
export interface StrikePlan {
  readonly damage: number;
  readonly woundReduction: number;
  /** Wound levels the armor stopped. */
  readonly prevented: number;
  /** Wound levels this strike adds (after armor). */
  readonly strikeWounds: number;
  readonly woundLevelsBefore: number;
  readonly woundLevels: number;
  readonly status: WoundStatus;
  /** The death check to roll (strike of a critical wound or more), or null. */
  readonly deathCheck: CheckInput | null;
  /** The collapse check to roll if the character survives (seriously wounded and wounded again), or null. */
  readonly collapseCheck: CheckInput | null;
}

/** Apply armor and the wound tally to a strike and say which checks it calls for. */
export function planStrike(target: StrikeTarget, damage: number): StrikePlan {
  const attrs = validateAttributes(target.attributes);
  const before = requireIntegerAtLeast(target.woundLevels, 0, "Wound levels");
  requireIntegerAtLeast(damage, 0, "Damage");
  const armor = target.armor ? validateArmor(target.armor) : null;
  const woundReduction = armor ? armor.woundReduction : 0;
  const strikeWounds = Math.max(0, damage - woundReduction);
  const woundLevels = before + strikeWounds;
  const status = woundStatus({ woundLevels, tolerance: attrs.tolerance, scale: target.woundScale });
  const death = strikeWounds >= status.deathStrikeFrom;
  const collapse = strikeWounds > 0 && (death || status.seriouslyWounded);
  return {
    damage,
    woundReduction,
    prevented: damage - strikeWounds,
    strikeWounds,
    woundLevelsBefore: before,
    woundLevels,
    status,
    deathCheck: death ? deathCheckInput(target, status.effective) : null,
    collapseCheck: collapse ? collapseCheckInput(target, status.effective) : null,
  };
}

export interface StrikeResult extends Omit<StrikePlan, "deathCheck" | "collapseCheck"> {
  readonly deathCheck: CheckResult | null;
  /** Null when no collapse check was called for, or the character died first. */
  readonly collapseCheck: CheckResult | null;
  readonly state: StrikeState;
}

/** Resolve a strike of known damage: armor, tally, then death check and collapse check as called for. */
export function resolveStrike(target: StrikeTarget, damage: number, rng: RandomSource): StrikeResult {
  const plan = planStrike(target, damage);
  const deathCheck = plan.deathCheck ? rollCheck(plan.deathCheck, rng) : null;
  if (deathCheck && !deathCheck.success) return strikeResult(plan, deathCheck, null, "killed");
  const collapseCheck = plan.collapseCheck ? rollCheck(plan.collapseCheck, rng) : null;
  const state: StrikeState = plan.strikeWounds === 0 ? "noWound" : collapseCheck && !collapseCheck.success ? "collapsed" : "wounded";
  return strikeResult(plan, deathCheck, collapseCheck, state);
}

// Fields listed one by one: spreading the plan made this hot path several times slower under V8.
function strikeResult(plan: StrikePlan, deathCheck: CheckResult | null, collapseCheck: CheckResult | null, state: StrikeState): StrikeResult {
  return {
    damage: plan.damage,
    woundReduction: plan.woundReduction,
    prevented: plan.prevented,
    strikeWounds: plan.strikeWounds,
    woundLevelsBefore: plan.woundLevelsBefore,
    woundLevels: plan.woundLevels,
    status: plan.status,
    deathCheck,
    collapseCheck,
    state,
  };
}

/** Roll damage dice and resolve the strike. */
export function rollStrike(target: StrikeTarget, damageDiceCount: number, rng: RandomSource): { readonly damage: DamageRoll; readonly strike: StrikeResult } {
  const damage = rollDamage(damageDiceCount, rng);
  return { damage, strike: resolveStrike(target, damage.total, rng) };
}

function successChance(input: CheckInput): number {
  const o = checkOdds(input);
  return o.auto + o.success;
}

/** Exact odds of each strike state for a strike of known damage. */
export function strikeOddsForDamage(target: StrikeTarget, damage: number): Readonly<Record<StrikeState, number>> {
  const plan = planStrike(target, damage);
  const odds = Object.fromEntries(STRIKE_STATES.map((s) => [s, 0])) as Record<StrikeState, number>;
  if (plan.strikeWounds === 0) {
    odds.noWound = 1;
    return odds;
  }
  const survive = plan.deathCheck ? successChance(plan.deathCheck) : 1;
  const stand = plan.collapseCheck ? successChance(plan.collapseCheck) : 1;
  odds.killed = 1 - survive;
  odds.collapsed = survive * (1 - stand);
  odds.wounded = survive * stand;
  return odds;
}

/** Exact odds of each strike state when `damageDiceCount` d4s are rolled. */
export function strikeOdds(target: StrikeTarget, damageDiceCount: number): Readonly<Record<StrikeState, number>> {
  const odds = Object.fromEntries(STRIKE_STATES.map((s) => [s, 0])) as Record<StrikeState, number>;
  for (const [damage, p] of Object.entries(damageOdds(damageDiceCount))) {
    const o = strikeOddsForDamage(target, Number(damage));
    for (const s of STRIKE_STATES) odds[s] += p * o[s];
  }
  return odds;
}

// ---------------------------------------------------------------------------------------------
// A whole attack: hit, damage, strike

export interface FullAttackInput extends AttackInput {
  readonly damageDice: number;
  readonly defender: StrikeTarget;
}

export interface FullAttackResult {
  readonly attack: AttackResult;
  /** Null unless the attack hit. */
  readonly damage: DamageRoll | null;
  readonly strike: StrikeResult | null;
  readonly consequence: AttackConsequence;
}

/** Roll the attack; on a hit roll damage and resolve the strike. A tie does nothing (the GM's call). */
export function rollFullAttack(input: FullAttackInput, rng: RandomSource): FullAttackResult {
  requireIntegerAtLeast(input.damageDice, 0, "Damage dice");
  const attack = rollAttack(input, rng);
  if (attack.outcome !== "hit") return { attack, damage: null, strike: null, consequence: attack.outcome };
  const { damage, strike } = rollStrike(input.defender, input.damageDice, rng);
  return { attack, damage, strike, consequence: strike.state };
}

/** Exact odds of every consequence of an attack: miss, tie, or each strike state. */
export function fullAttackOdds(input: FullAttackInput): Readonly<Record<AttackConsequence, number>> {
  const hitOdds = attackOdds(input);
  const strike = strikeOdds(input.defender, input.damageDice);
  const odds = Object.fromEntries(ATTACK_CONSEQUENCES.map((c) => [c, 0])) as Record<AttackConsequence, number>;
  odds.miss = hitOdds.miss;
  odds.tie = hitOdds.tie;
  for (const s of STRIKE_STATES) odds[s] = hitOdds.hit * strike[s];
  return odds;
}
