/**
 * Combat (seed: "Combat", "Initiative", "Rounds", "Holding Actions", "Attack and Defense",
 * "Damage", "Wounds", "Collapse", "Death", "Weapons", "Armor").
 *
 * Every check kind a dialog shows follows the contract (docs/architecture.md): `rollX(input, rng)`,
 * `resolveX(input, faces)`, `xOdds(input): Odds`; the CheckCore bundles are in cores.ts.
 */
import { makeOdds, type Odds, type OddsEntry } from "../../../dice/contract";
import { dict } from "../../../dice/dict";
import { rollDie, type RandomSource } from "../../../dice/random";
import { MAX_RANK, contestRank, checkModifier, checkTarget, resolveCheck, resolveContestSide, rollCheck, type CheckInput, type CheckResult, type ContestRoll, type TaskTarget } from "./check";
import { compareContest, contestOutcomeOdds, specialExtras } from "./contest";
import { checkOutcomeOdds, checkSuccessChance, successChanceOf } from "./check-odds";
import { D10PLUS_SPECIAL_CHANCE, d10PlusOutcomes, drawD10PlusFaces } from "./d10plus";
import {
  STRIKE_STATES,
  WEAPON_CATEGORY_KEYS,
  WEAPON_DELIVERY_KEYS,
  type AttackConsequence,
  type AttackOutcome,
  type AttributeKey,
  type BodyCheckKind,
  type D10PlusKind,
  type InitiativeOutcome,
  type StrikeState,
  type TurnStatus,
  type WeaponCategoryKey,
  type WeaponDeliveryKey,
} from "./keys";
import { checkWoundLevels, taskModifier, validateArmor, validateAttributes, woundStatus, type Attributes, type WoundStatus } from "./character";
import { MAX_DAMAGE_DICE, MAX_WOUND_LEVELS } from "./limits";
import { WEAPON_BASE_DAMAGE, type ArmorStats } from "./tables";
import { requireArray, requireFaceLists, requireIntegerAtLeast, requireIntegerIn, requireOneOf, requireRecord } from "./validate";


// ---------------------------------------------------------------------------------------------
// Initiative and rounds

/** A round lasts about this many seconds of game time (what fits into it is the GM's call). */
export const ROUND_SECONDS = 5;

/**
 * An initiative roll: a d10+ on the Initiative skill, ranked like a contested task. `against` is the
 * rank of a combatant who has already rolled (ContestRoll.rank), when the dialog should show the
 * chance of acting before her; null or absent for a roll on its own.
 */
export interface InitiativeInput {
  readonly modifier: number;
  readonly against?: number | null;
}

export interface InitiativeResult extends ContestRoll {
  readonly against: number | null;
  /** Against a rank: behind / level / ahead. On its own: the d10+'s kind (flub / number / auto). */
  readonly outcome: InitiativeOutcome;
  /** Against a rank: ahead of it. On its own: an Auto (the seed's automatic success). */
  readonly success: boolean;
}

function initiativeInput(input: InitiativeInput): { modifier: number; against: number | null } {
  requireRecord(input, "An initiative roll");
  const modifier = checkModifier(input.modifier, "Initiative modifier");
  const against = input.against === undefined || input.against === null ? null : requireIntegerIn(input.against, -MAX_RANK, MAX_RANK, "Initiative rank to beat");
  return { modifier, against };
}

function initiativeOutcome(rank: number, kind: D10PlusKind, against: number | null): InitiativeOutcome {
  if (against === null) return kind;
  return rank > against ? "ahead" : rank < against ? "behind" : "level";
}

function initiativeResult(side: ContestRoll, against: number | null): InitiativeResult {
  const outcome = initiativeOutcome(side.rank, side.roll.kind, against);
  return { ...side, against, outcome, success: outcome === "ahead" || (against === null && outcome === "auto") };
}

/** Roll initiative once per combat: a d10+ on the Initiative skill, ranked like a contested task. */
export function rollInitiative(input: InitiativeInput, rng: RandomSource): InitiativeResult {
  const { modifier, against } = initiativeInput(input);
  return initiativeResult(resolveContestSide({ modifier }, drawD10PlusFaces(rng)), against);
}

/** An initiative roll from the faces of its d10+. */
export function resolveInitiative(input: InitiativeInput, faces: readonly number[]): InitiativeResult {
  const { modifier, against } = initiativeInput(input);
  return initiativeResult(resolveContestSide({ modifier }, faces), against);
}

/**
 * Exact odds of an initiative roll. Against a rank: behind, level, ahead (success = ahead). On its
 * own: flub, number, auto (success = an Auto). Extras (against a rank only): the Auto and the Flub.
 */
export function initiativeOdds(input: InitiativeInput): Odds {
  const { modifier, against } = initiativeInput(input);
  const p: Record<string, number> = dict<number>();
  const keys: readonly InitiativeOutcome[] = against === null ? ["flub", "number", "auto"] : ["behind", "level", "ahead"];
  for (const k of keys) p[k] = 0;
  for (const { roll, p: q } of d10PlusOutcomes()) {
    p[initiativeOutcome(contestRank(roll, modifier), roll.kind, against)] += q;
  }
  return makeOdds({
    success: against === null ? p.auto : p.ahead,
    outcomes: keys.map((key) => ({ key, p: p[key] })),
    // On its own the Auto and the Flub are outcomes already; against a rank they overlap them.
    extras:
      against === null
        ? []
        : [
            { key: "auto", p: D10PLUS_SPECIAL_CHANCE },
            { key: "flub", p: D10PLUS_SPECIAL_CHANCE },
          ],
  });
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

function checkRank(rank: number, what: string): number {
  if (typeof rank !== "number" || !Number.isFinite(rank)) throw new RangeError(`${what} has no finite initiative rank (${String(rank)})`);
  return rank;
}

/**
 * The GM may roll once for a whole group of NPCs: every id in the group gets that roll's rank.
 * (initiativeOrder then flags them as tied with one another; their order among themselves is hers.)
 */
export function sharedInitiative(ids: readonly string[], roll: ContestRoll): readonly InitiativeEntry[] {
  requireArray(ids, "Combatant ids");
  if (ids.length === 0) throw new RangeError("A shared initiative roll needs at least one combatant");
  requireRecord(roll, "A shared initiative roll");
  if (typeof roll.rank !== "number" || !Number.isFinite(roll.rank)) throw new RangeError(`A shared initiative roll needs a finite rank, not ${String(roll.rank)}`);
  return ids.map((id) => ({ id, rank: roll.rank }));
}

/** Order combatants best initiative first. Ties keep their input order and are flagged. */
export function initiativeOrder(entries: readonly InitiativeEntry[]): readonly InitiativePlace[] {
  requireArray(entries, "Initiative entries");
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e.id)) throw new RangeError(`Combatant ${String(e.id)} appears twice in the initiative order`);
    ids.add(e.id);
    checkRank(e.rank, `Combatant ${String(e.id)}`);
  }
  const sorted = entries.map((e, i) => ({ e, i })).sort((a, b) => b.e.rank - a.e.rank || a.i - b.i);
  const out: InitiativePlace[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1].e.rank === sorted[start].e.rank) end++;
    for (let k = start; k <= end; k++) out.push({ id: sorted[k].e.id, rank: sorted[k].e.rank, place: start + 1, tied: end > start });
    start = end + 1;
  }
  return out;
}

/** One combat round: the fixed initiative order and each combatant's status (a null-prototype record). */
export interface RoundState {
  readonly round: number;
  readonly order: readonly string[];
  readonly statuses: Readonly<Record<string, TurnStatus>>;
}

/** A copy of a status record, free of Object.prototype (ids such as "constructor" are just ids). */
function copyStatuses(statuses: Readonly<Record<string, TurnStatus>>): Record<string, TurnStatus> {
  const out = dict<TurnStatus>();
  for (const k of Object.keys(statuses)) out[k] = statuses[k];
  return out;
}

/** A copy of a status record with one change. */
function withStatus(statuses: Readonly<Record<string, TurnStatus>>, id: string, status: TurnStatus): Record<string, TurnStatus> {
  const out = copyStatuses(statuses);
  out[id] = status;
  return out;
}

/** Start a round: everybody waits for her turn in initiative order. */
export function startRound(order: readonly string[], round = 1): RoundState {
  requireArray(order, "Round order");
  requireIntegerAtLeast(round, 1, "Round");
  if (new Set(order).size !== order.length) throw new RangeError("A combatant appears twice in the round order");
  const statuses = dict<TurnStatus>();
  for (const id of order) {
    if (typeof id !== "string") throw new RangeError(`A combatant id must be a string, not ${typeof id}`);
    statuses[id] = "waiting";
  }
  return { round, order: [...order], statuses };
}

function ownStatus(state: RoundState, id: string): TurnStatus | undefined {
  return Object.prototype.hasOwnProperty.call(state.statuses, id) ? state.statuses[id] : undefined;
}

/** The combatant whose turn it is (first still waiting), or null when only held actions remain. */
export function nextToAct(state: RoundState): string | null {
  return state.order.find((id) => ownStatus(state, id) === "waiting") ?? null;
}

function statusOf(state: RoundState, id: string): TurnStatus {
  const s = ownStatus(state, id);
  if (s === undefined) throw new RangeError(`Combatant ${String(id)} is not in this round`);
  return s;
}

/** The combatant whose turn it is holds her action. */
export function holdAction(state: RoundState, id: string): RoundState {
  statusOf(state, id);
  if (nextToAct(state) !== id) throw new RangeError(`Combatant ${id} can only hold her action on her own turn`);
  return { ...state, statuses: withStatus(state.statuses, id, "holding") };
}

/** A combatant acts: on her turn, or at any later point of the round if she is holding. */
export function takeAction(state: RoundState, id: string): RoundState {
  const s = statusOf(state, id);
  if (s === "holding" || (s === "waiting" && nextToAct(state) === id)) {
    return { ...state, statuses: withStatus(state.statuses, id, "acted") };
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
  return { ...state, statuses: withStatus(state.statuses, id, "lost") };
}

/** End the round: held and unannounced actions are lost (they do not roll over); the next round starts. */
export function endRound(state: RoundState): { readonly ended: RoundState; readonly lost: readonly string[]; readonly next: RoundState } {
  const lost = state.order.filter((id) => ownStatus(state, id) !== "acted");
  const statuses = copyStatuses(state.statuses);
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

/** The faces of an attack: the attacker's d10+ and the defender's (empty against a target number). */
export interface AttackFaces {
  readonly attack: readonly number[];
  readonly defence: readonly number[];
}

export interface AttackResult {
  readonly faces: AttackFaces;
  readonly outcome: AttackOutcome;
  /** The attacker's roll. */
  readonly attack: ContestRoll;
  /** The defender's roll (contested defence only). */
  readonly defence: ContestRoll | null;
  /** The attack as a check against the target number (target defence only). */
  readonly check: CheckResult | null;
}

function attackInput(input: AttackInput): { attack: number; defence: AttackDefence } {
  requireRecord(input, "An attack");
  const attack = checkModifier(input.attack, "Attack modifier");
  const d = requireRecord(input.defence, "Defence");
  requireOneOf(d.kind, ["contested", "target"] as const, "Defence kind");
  if (d.kind === "contested") return { attack, defence: { kind: "contested", modifier: checkModifier(d.modifier, "Defence modifier") } };
  return { attack, defence: { kind: "target", target: checkTarget(d.target, "Defence target number") } };
}

function attackFrom(input: { attack: number; defence: AttackDefence }, attackFaces: readonly number[], defenceFaces: readonly number[]): AttackResult {
  const defence = input.defence;
  if (defence.kind === "contested") {
    const attack = resolveContestSide({ modifier: input.attack }, attackFaces);
    const def = resolveContestSide({ modifier: defence.modifier }, defenceFaces);
    const c = compareContest(attack, def);
    return { faces: { attack: attack.faces, defence: def.faces }, outcome: c === "firstWins" ? "hit" : c === "secondWins" ? "miss" : "tie", attack, defence: def, check: null };
  }
  if (defenceFaces.length !== 0) throw new RangeError(`An attack against a target number has no defence roll, but ${defenceFaces.length} defence faces were given`);
  const check = resolveCheck({ modifier: input.attack, target: defence.target }, attackFaces);
  return { faces: { attack: check.faces, defence: [] }, outcome: check.success ? "hit" : "miss", attack: resolveContestSide({ modifier: input.attack }, check.faces), defence: null, check };
}

/** Classify an attack from the attacker's and the defender's faces. */
export function resolveAttack(input: AttackInput, faces: AttackFaces): AttackResult {
  const checked = attackInput(input);
  const { attack, defence } = requireFaceLists(faces, "Attack faces", { attack: "Attack faces", defence: "Defence faces" });
  return attackFrom(checked, attack, defence);
}

/** Roll an attack: contested against the defender's roll, or a check against a target number. */
export function rollAttack(input: AttackInput, rng: RandomSource): AttackResult {
  const checked = attackInput(input);
  const attackFaces = drawD10PlusFaces(rng);
  const defenceFaces = checked.defence.kind === "contested" ? drawD10PlusFaces(rng) : [];
  return attackFrom(checked, attackFaces, defenceFaces);
}

export type AttackOutcomeOdds = Readonly<Record<AttackOutcome, number>>;

/** Exact probability of hit / miss / tie (tie only in a contested attack). */
export function attackOutcomeOdds(input: AttackInput): AttackOutcomeOdds {
  const { attack, defence } = attackInput(input);
  if (defence.kind === "contested") {
    const c = contestOutcomeOdds({ first: attack, second: defence.modifier });
    return { hit: c.firstWins, miss: c.secondWins, tie: c.tie };
  }
  const o = checkOutcomeOdds({ modifier: attack, target: defence.target });
  return { hit: o.auto + o.success, miss: o.failure + o.flub, tie: 0 };
}

/**
 * Exact odds of an attack: outcomes miss, tie (contested only), hit; success = hit. Extras: the
 * attacker's Auto and Flub, and the defender's when she rolls.
 */
export function attackOdds(input: AttackInput): Odds {
  const contested = attackInput(input).defence.kind === "contested";
  const o = attackOutcomeOdds(input);
  return makeOdds({
    success: o.hit,
    outcomes: (contested ? (["miss", "tie", "hit"] as const) : (["miss", "hit"] as const)).map((key) => ({ key, p: o[key] })),
    extras: contested ? specialExtras("attacker", "defender") : specialExtras("attacker"),
  });
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
  return requireIntegerIn(table[key], 0, MAX_DAMAGE_DICE, `Base damage of ${key} weapons`);
}

export interface DamageDiceInput {
  readonly weapon: WeaponStats;
  /** The weapon skill's attribute modifier (only a positive one adds dice, and only to wielded weapons). */
  readonly attributeModifier: number;
}

export interface DamageDice {
  readonly base: number;
  /** Positive attribute modifier of the weapon skill (0 for bows/crossbows or a negative modifier). */
  readonly attributeBonus: number;
  readonly bonusDice: number;
  /** At most MAX_DAMAGE_DICE. */
  readonly total: number;
}

/** Number of damage dice for a successful strike (refused past MAX_DAMAGE_DICE). */
export function damageDice(input: DamageDiceInput): DamageDice {
  requireRecord(input, "Damage dice input");
  const weapon = requireRecord(input.weapon, "Weapon");
  const base = requireIntegerIn(weapon.baseDamage, 0, MAX_DAMAGE_DICE, "Weapon base damage");
  const delivery = requireOneOf(weapon.delivery, WEAPON_DELIVERY_KEYS, "Weapon delivery");
  const bonusDice = requireIntegerIn(weapon.bonusDice ?? 0, 0, MAX_DAMAGE_DICE, "Weapon bonus dice");
  const modifier = checkModifier(input.attributeModifier, "Skill attribute modifier");
  const attributeBonus = delivery === "wielded" ? Math.max(0, modifier) : 0;
  const total = base + attributeBonus + bonusDice;
  if (total > MAX_DAMAGE_DICE) throw new RangeError(`A strike rolls at most ${MAX_DAMAGE_DICE} damage dice, not ${total} (${base} base + ${attributeBonus} attribute + ${bonusDice} bonus)`);
  return { base, attributeBonus, bonusDice, total };
}

/** A damage roll: how many d4s. */
export interface DamageInput {
  readonly dice: number;
}

export interface DamageRoll {
  /** One d4 face per die. */
  readonly faces: readonly number[];
  readonly total: number;
}

/** The damage-dice count, 0 … MAX_DAMAGE_DICE: the one guard of rollDamage, resolveDamage and damageOdds. */
export function checkDamageDice(dice: number): number {
  return requireIntegerIn(dice, 0, MAX_DAMAGE_DICE, "Damage dice");
}

function damageInput(input: DamageInput): number {
  requireRecord(input, "A damage roll");
  return checkDamageDice(input.dice);
}

function damageFrom(dice: number, faces: readonly number[]): DamageRoll {
  requireArray(faces, "Damage faces");
  if (faces.length !== dice) throw new RangeError(`A roll of ${dice} damage dice needs ${dice} faces, not ${faces.length}`);
  let total = 0;
  for (const f of faces) total += requireIntegerIn(f, 1, DAMAGE_DIE_FACES, `Damage die face (d${DAMAGE_DIE_FACES})`);
  return { faces: [...faces], total };
}

/** Read a damage roll from the d4 faces already rolled (one per die). */
export function resolveDamage(input: DamageInput, faces: readonly number[]): DamageRoll {
  return damageFrom(damageInput(input), faces);
}

/** Roll the damage dice (0 dice deal 0 damage). */
export function rollDamage(input: DamageInput, rng: RandomSource): DamageRoll {
  const dice = damageInput(input);
  const faces: number[] = [];
  for (let i = 0; i < dice; i++) faces.push(rollDie(DAMAGE_DIE_FACES, rng));
  return damageFrom(dice, faces);
}

/** Cached damage distributions, index = dice count (bounded by MAX_DAMAGE_DICE + 1 entries). */
const DAMAGE_DISTRIBUTIONS: Float64Array[] = [Float64Array.of(1)];

/**
 * Exact distribution of the total of `dice` d4s: element t is P(total = t). Built by convolution
 * once per count and cached (at most MAX_DAMAGE_DICE + 1 arrays, ~60 KB); callers must not write.
 */
export function damageDistribution(dice: number): Readonly<Float64Array> {
  const n = checkDamageDice(dice);
  for (let k = DAMAGE_DISTRIBUTIONS.length; k <= n; k++) {
    const prev = DAMAGE_DISTRIBUTIONS[k - 1];
    const next = new Float64Array(DAMAGE_DIE_FACES * k + 1);
    for (let t = 0; t < prev.length; t++) {
      const q = prev[t] / DAMAGE_DIE_FACES;
      if (q === 0) continue;
      for (let f = 1; f <= DAMAGE_DIE_FACES; f++) next[t + f] += q;
    }
    DAMAGE_DISTRIBUTIONS.push(next);
  }
  return DAMAGE_DISTRIBUTIONS[n];
}

/**
 * Exact odds of a damage roll: one outcome per total, lowest first (keys are the totals, "0" …
 * "240"); success = at least one point of damage.
 */
export function damageOdds(input: DamageInput): Odds {
  const dice = damageInput(input);
  const dist = damageDistribution(dice);
  const outcomes: OddsEntry[] = [];
  for (let t = dice; t < dist.length; t++) outcomes.push({ key: String(t), p: dist[t] });
  return makeOdds({ success: dice > 0 ? 1 : 0, outcomes });
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

/** A death or collapse check on its own, at an effective wound level. */
export interface BodyCheckInput {
  readonly target: StrikeTarget;
  readonly check: BodyCheckKind;
  readonly effective: number;
}

const BODY_CHECK_ATTRIBUTES: Readonly<Record<BodyCheckKind, readonly AttributeKey[]>> = { death: DEATH_CHECK_ATTRIBUTES, collapse: COLLAPSE_CHECK_ATTRIBUTES };

/** The check a body check (death or collapse) calls for: the attributes' average, no wound penalty, target = effective level. */
export function bodyCheckInput(input: BodyCheckInput): CheckInput {
  requireRecord(input, "A body check");
  const kind = requireOneOf(input.check, ["death", "collapse"] as const, "Body check");
  const target = requireRecord(input.target, "Strike target");
  const m = taskModifier({
    attributes: target.attributes,
    task: { kind: "attributes", attributes: BODY_CHECK_ATTRIBUTES[kind] },
    armor: target.armor ?? null,
    ignoreWoundPenalty: true,
    ignoreArmorPenalty: target.armorPenaltyOnChecks === false,
  });
  return { modifier: m.total, target: checkWoundLevels(input.effective, "Effective wound level") };
}

/** Collapse check for a character at an effective wound level. */
export function collapseCheckInput(input: { readonly target: StrikeTarget; readonly effective: number }): CheckInput {
  return bodyCheckInput({ target: input.target, effective: input.effective, check: "collapse" });
}

/** Death check for a character at an effective wound level. */
export function deathCheckInput(input: { readonly target: StrikeTarget; readonly effective: number }): CheckInput {
  return bodyCheckInput({ target: input.target, effective: input.effective, check: "death" });
}

/** Roll a death or collapse check on its own. */
export function rollBodyCheck(input: BodyCheckInput, rng: RandomSource): CheckResult {
  return rollCheck(bodyCheckInput(input), rng);
}

/** A death or collapse check from the faces of its d10+. */
export function resolveBodyCheck(input: BodyCheckInput, faces: readonly number[]): CheckResult {
  return resolveCheck(bodyCheckInput(input), faces);
}

/** Exact odds of a death or collapse check (the check's outcomes; success = survives / stays up). */
export function bodyCheckOdds(input: BodyCheckInput): Odds {
  return checkOddsOf(bodyCheckInput(input));
}

function checkOddsOf(input: CheckInput): Odds {
  const o = checkOutcomeOdds(input);
  return makeOdds({ success: o.auto + o.success, outcomes: (["flub", "failure", "success", "auto"] as const).map((key) => ({ key, p: o[key] })) });
}

/** A strike of known damage (after the damage roll, before armor). */
export interface StrikeInput {
  readonly target: StrikeTarget;
  readonly damage: number;
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
export function planStrike(input: StrikeInput): StrikePlan {
  requireRecord(input, "A strike");
  const target = requireRecord(input.target, "Strike target");
  const attrs = validateAttributes(target.attributes);
  const before = checkWoundLevels(target.woundLevels);
  const damage = requireIntegerIn(input.damage, 0, MAX_WOUND_LEVELS, "Damage");
  const armor = target.armor ? validateArmor(target.armor) : null;
  const woundReduction = armor ? armor.woundReduction : 0;
  const strikeWounds = Math.max(0, damage - woundReduction);
  const woundLevels = before + strikeWounds;
  if (woundLevels > MAX_WOUND_LEVELS) throw new RangeError(`A strike of ${strikeWounds} wound levels on ${before} would pass the cap of ${MAX_WOUND_LEVELS} wound levels`);
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
    deathCheck: death ? deathCheckInput({ target, effective: status.effective }) : null,
    collapseCheck: collapse ? collapseCheckInput({ target, effective: status.effective }) : null,
  };
}

/** The faces of a strike's checks: the death check's d10+ and the collapse check's (each empty when not rolled). */
export interface StrikeFaces {
  readonly death: readonly number[];
  readonly collapse: readonly number[];
}

export interface StrikeResult extends Omit<StrikePlan, "deathCheck" | "collapseCheck"> {
  readonly faces: StrikeFaces;
  readonly deathCheck: CheckResult | null;
  /** Null when no collapse check was called for, or the character died first. */
  readonly collapseCheck: CheckResult | null;
  readonly state: StrikeState;
}

const NO_FACES: readonly number[] = [];

/** Resolve a planned strike with the faces of its checks, each asked for only when that check falls due. */
function strikeFrom(plan: StrikePlan, deathFaces: () => readonly number[], collapseFaces: () => readonly number[]): StrikeResult {
  const deathCheck = plan.deathCheck ? resolveCheck(plan.deathCheck, deathFaces()) : null;
  if (deathCheck && !deathCheck.success) return strikeResult(plan, deathCheck, null, "killed");
  const collapseCheck = plan.collapseCheck ? resolveCheck(plan.collapseCheck, collapseFaces()) : null;
  const state: StrikeState = plan.strikeWounds === 0 ? "noWound" : collapseCheck && !collapseCheck.success ? "collapsed" : "wounded";
  return strikeResult(plan, deathCheck, collapseCheck, state);
}

// Fields listed one by one: spreading the plan made this hot path several times slower under V8.
function strikeResult(plan: StrikePlan, deathCheck: CheckResult | null, collapseCheck: CheckResult | null, state: StrikeState): StrikeResult {
  return {
    faces: { death: deathCheck ? deathCheck.faces : NO_FACES, collapse: collapseCheck ? collapseCheck.faces : NO_FACES },
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

/** Check that faces given for a check that was not rolled are absent. */
function noFacesFor(faces: readonly number[], what: string): void {
  if (faces.length !== 0) throw new RangeError(`This strike calls for no ${what} check, but ${faces.length} ${what}-check faces were given`);
}

function resolveStrikeFaces(plan: StrikePlan, faces: StrikeFaces): StrikeResult {
  const { death, collapse } = requireFaceLists(faces, "Strike faces", { death: "Death-check faces", collapse: "Collapse-check faces" });
  const result = strikeFrom(
    plan,
    () => death,
    () => collapse,
  );
  if (!result.deathCheck) noFacesFor(death, "death");
  if (!result.collapseCheck) noFacesFor(collapse, "collapse");
  return result;
}

/** Resolve a strike of known damage from the faces of its death and collapse checks. Draws nothing. */
export function resolveStrike(input: StrikeInput, faces: StrikeFaces): StrikeResult {
  return resolveStrikeFaces(planStrike(input), faces);
}

/** Roll a strike of known damage: armor, tally, then the death check and the collapse check as called for. */
export function rollStrike(input: StrikeInput, rng: RandomSource): StrikeResult {
  return strikeFrom(
    planStrike(input),
    () => drawD10PlusFaces(rng),
    () => drawD10PlusFaces(rng),
  );
}

export type StrikeOutcomeOdds = Readonly<Record<StrikeState, number>>;

function strikeOddsOfPlan(plan: StrikePlan): StrikeOutcomeOdds {
  if (plan.strikeWounds === 0) return { noWound: 1, wounded: 0, collapsed: 0, killed: 0 };
  const survive = plan.deathCheck ? checkSuccessChance(plan.deathCheck) : 1;
  const stand = plan.collapseCheck ? checkSuccessChance(plan.collapseCheck) : 1;
  return { noWound: 0, killed: 1 - survive, collapsed: survive * (1 - stand), wounded: survive * stand };
}

/** Exact probability of each strike state for a strike of known damage. */
export function strikeOutcomeOdds(input: StrikeInput): StrikeOutcomeOdds {
  return strikeOddsOfPlan(planStrike(input));
}

/** Strike states worst first for the one who takes the strike (she rolls its checks). */
export const STRIKE_STATE_ORDER: readonly StrikeState[] = ["killed", "collapsed", "wounded", "noWound"];

/**
 * Exact odds of a strike of known damage (the death and collapse checks): outcomes killed,
 * collapsed, wounded, noWound; success = still on her feet (wounded or unhurt).
 */
export function strikeOdds(input: StrikeInput): Odds {
  const o = strikeOutcomeOdds(input);
  return makeOdds({ success: o.wounded + o.noWound, outcomes: STRIKE_STATE_ORDER.map((key) => ({ key, p: o[key] })) });
}

// ---------------------------------------------------------------------------------------------
// Damage dice against a target: the damage roll, then the strike

export interface DamageStrikeInput {
  readonly target: StrikeTarget;
  /** Damage dice rolled (0 … MAX_DAMAGE_DICE). */
  readonly dice: number;
}

export interface DamageStrikeFaces extends StrikeFaces {
  readonly damage: readonly number[];
}

export interface DamageStrikeResult {
  readonly faces: DamageStrikeFaces;
  readonly damage: DamageRoll;
  readonly strike: StrikeResult;
}

function damageStrikeInput(input: DamageStrikeInput): { target: StrikeTarget; dice: number } {
  requireRecord(input, "A damage roll against a target");
  const dice = checkDamageDice(input.dice);
  const target = requireRecord(input.target, "Strike target");
  // Validate the target once, and refuse a pool whose highest roll would pass the wound cap, so
  // that the roll, the resolve and the odds refuse the same inputs.
  const plan = planStrike({ target, damage: 0 });
  const worst = Math.max(0, DAMAGE_DIE_FACES * dice - plan.woundReduction);
  if (plan.woundLevelsBefore + worst > MAX_WOUND_LEVELS) {
    throw new RangeError(`${dice} damage dice on ${plan.woundLevelsBefore} wound levels could pass the cap of ${MAX_WOUND_LEVELS} wound levels`);
  }
  return { target, dice };
}

function damageStrikeFrom(damage: DamageRoll, strike: StrikeResult): DamageStrikeResult {
  return { faces: { damage: damage.faces, death: strike.faces.death, collapse: strike.faces.collapse }, damage, strike };
}

/** Roll the damage dice, then the strike's checks (the dice first, as at the table). */
export function rollDamageStrike(input: DamageStrikeInput, rng: RandomSource): DamageStrikeResult {
  const { target, dice } = damageStrikeInput(input);
  const damage = rollDamage({ dice }, rng);
  return damageStrikeFrom(damage, rollStrike({ target, damage: damage.total }, rng));
}

/** A damage roll and its strike from the faces of the damage dice and of the checks. */
export function resolveDamageStrike(input: DamageStrikeInput, faces: DamageStrikeFaces): DamageStrikeResult {
  const { target, dice } = damageStrikeInput(input);
  requireRecord(faces, "Damage faces");
  const damage = resolveDamage({ dice }, faces.damage);
  return damageStrikeFrom(damage, resolveStrike({ target, damage: damage.total }, faces));
}

/**
 * What every strike on a target shares, worked out once: the tally, the armor's reduction, the
 * threshold, the collapse line and death-strike size, and the two body checks' modifiers (they
 * do not depend on the damage; only their target, the effective level, does).
 */
interface StrikeProfile {
  readonly before: number;
  readonly woundReduction: number;
  readonly threshold: number;
  readonly collapseFrom: number;
  readonly deathStrikeFrom: number;
  readonly deathModifier: number;
  readonly collapseModifier: number;
}

function strikeProfile(target: StrikeTarget): StrikeProfile {
  const plan = planStrike({ target, damage: 0 });
  return {
    before: plan.woundLevelsBefore,
    woundReduction: plan.woundReduction,
    threshold: plan.status.threshold,
    collapseFrom: plan.status.collapseFrom,
    deathStrikeFrom: plan.status.deathStrikeFrom,
    deathModifier: deathCheckInput({ target, effective: 0 }).modifier,
    collapseModifier: collapseCheckInput({ target, effective: 0 }).modifier,
  };
}

/**
 * P(survives the death check) and P(stays up after the collapse check) for a strike of `damage`,
 * in closed form: the same decisions as planStrike, without building the plan.
 */
function strikeChancesAt(profile: StrikeProfile, damage: number, out: Record<StrikeState, number>, weight: number): void {
  const wounds = Math.max(0, damage - profile.woundReduction);
  if (wounds === 0) {
    out.noWound += weight;
    return;
  }
  const effective = Math.max(0, profile.before + wounds - profile.threshold);
  const death = wounds >= profile.deathStrikeFrom;
  const collapse = death || effective >= profile.collapseFrom;
  const survive = death ? successChanceOf(profile.deathModifier, effective) : 1;
  const stand = collapse ? successChanceOf(profile.collapseModifier, effective) : 1;
  out.killed += weight * (1 - survive);
  out.collapsed += weight * survive * (1 - stand);
  out.wounded += weight * survive * stand;
}

/**
 * Exact probability of each strike state when `dice` d4s are rolled: the cached damage
 * distribution times the closed-form strike odds of each total (4 × dice + 1 totals, no
 * allocation per total). Agrees with planStrike total by total (test `contract.test.ts`).
 */
export function damageStrikeOutcomeOdds(input: DamageStrikeInput): StrikeOutcomeOdds {
  const { target, dice } = damageStrikeInput(input);
  const dist = damageDistribution(dice);
  const profile = strikeProfile(target);
  const odds: Record<StrikeState, number> = { noWound: 0, wounded: 0, collapsed: 0, killed: 0 };
  for (let t = dice; t < dist.length; t++) if (dist[t] !== 0) strikeChancesAt(profile, t, odds, dist[t]);
  return odds;
}

/** Strike states worst first for the one who rolls the damage. */
export const DAMAGE_STRIKE_ORDER: readonly StrikeState[] = ["noWound", "wounded", "collapsed", "killed"];

/**
 * Exact odds of a damage roll against a target: outcomes noWound, wounded, collapsed, killed (worst
 * first for the one rolling the damage); success = at least one wound level gets through.
 */
export function damageStrikeOdds(input: DamageStrikeInput): Odds {
  const o = damageStrikeOutcomeOdds(input);
  return makeOdds({ success: 1 - o.noWound, outcomes: DAMAGE_STRIKE_ORDER.map((key) => ({ key, p: o[key] })) });
}

// ---------------------------------------------------------------------------------------------
// A whole attack: hit, damage, strike

export interface FullAttackInput extends AttackInput {
  /** Damage dice on a hit (0 … MAX_DAMAGE_DICE). */
  readonly damageDice: number;
  readonly defender: StrikeTarget;
}

/** Every face of a whole attack; the later parts are empty when the attack did not get that far. */
export interface FullAttackFaces extends AttackFaces, DamageStrikeFaces {}

export interface FullAttackResult {
  readonly faces: FullAttackFaces;
  readonly attack: AttackResult;
  /** Null unless the attack hit. */
  readonly damage: DamageRoll | null;
  readonly strike: StrikeResult | null;
  readonly consequence: AttackConsequence;
}

function fullAttackInput(input: FullAttackInput): { attack: AttackInput; strike: DamageStrikeInput } {
  requireRecord(input, "A whole attack");
  const attack = attackInput(input);
  const strike = damageStrikeInput({ target: input.defender, dice: input.damageDice });
  return { attack, strike };
}

function fullAttackFrom(attack: AttackResult, hit: DamageStrikeResult | null): FullAttackResult {
  if (!hit) return { faces: { ...attack.faces, damage: NO_FACES, death: NO_FACES, collapse: NO_FACES }, attack, damage: null, strike: null, consequence: attack.outcome === "tie" ? "tie" : "miss" };
  return { faces: { ...attack.faces, ...hit.faces }, attack, damage: hit.damage, strike: hit.strike, consequence: hit.strike.state };
}

/** Roll the attack; on a hit roll damage and resolve the strike. A tie does nothing (the GM's call). */
export function rollFullAttack(input: FullAttackInput, rng: RandomSource): FullAttackResult {
  const checked = fullAttackInput(input);
  const attack = rollAttack(checked.attack, rng);
  return fullAttackFrom(attack, attack.outcome === "hit" ? rollDamageStrike(checked.strike, rng) : null);
}

/** A whole attack from all its faces (the damage and check faces must be empty unless the attack hit). */
export function resolveFullAttack(input: FullAttackInput, faces: FullAttackFaces): FullAttackResult {
  const checked = fullAttackInput(input);
  requireRecord(faces, "Attack faces");
  const attack = resolveAttack(checked.attack, faces);
  if (attack.outcome !== "hit") {
    for (const [part, f] of [
      ["damage", faces.damage],
      ["death-check", faces.death],
      ["collapse-check", faces.collapse],
    ] as const) {
      if (requireArray(f, `${part} faces`).length !== 0) throw new RangeError(`An attack that did not hit rolls no ${part} dice, but ${f.length} ${part} faces were given`);
    }
    return fullAttackFrom(attack, null);
  }
  return fullAttackFrom(attack, resolveDamageStrike(checked.strike, faces));
}

export type FullAttackOutcomeOdds = Readonly<Record<AttackConsequence, number>>;

/** Exact probability of every consequence of an attack: miss, tie, or each strike state. */
export function fullAttackOutcomeOdds(input: FullAttackInput): FullAttackOutcomeOdds {
  const checked = fullAttackInput(input);
  const hit = attackOutcomeOdds(checked.attack);
  const strike = damageStrikeOutcomeOdds(checked.strike);
  const odds: Record<AttackConsequence, number> = { miss: hit.miss, tie: hit.tie, noWound: 0, wounded: 0, collapsed: 0, killed: 0 };
  for (const s of STRIKE_STATES) odds[s] = hit.hit * strike[s];
  return odds;
}

/**
 * Exact odds of a whole attack, worst first for the attacker: miss, tie (contested only), noWound,
 * wounded, collapsed, killed; success = the attack hits. Extras as for attackOdds.
 */
export function fullAttackOdds(input: FullAttackInput): Odds {
  const o = fullAttackOutcomeOdds(input);
  const contested = attackInput(input).defence.kind === "contested";
  const keys: readonly AttackConsequence[] = contested ? ["miss", "tie", ...DAMAGE_STRIKE_ORDER] : ["miss", ...DAMAGE_STRIKE_ORDER];
  return makeOdds({
    success: 1 - o.miss - o.tie,
    outcomes: keys.map((key) => ({ key, p: o[key] })),
    extras: contested ? specialExtras("attacker", "defender") : specialExtras("attacker"),
  });
}
