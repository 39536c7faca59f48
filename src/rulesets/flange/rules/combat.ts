/**
 * Flange combat (seed 004 "Combat"): weapons, initiative, attack with counterattack / dodge /
 * block, damage, armour, simultaneous action.
 */
import { makeOdds, type Odds, type OddsEntry } from "../../../dice/contract";
import { uniform, shift, type Dist } from "../../../dice/dist";
import { rollDie, type RandomSource } from "../../../dice/random";
import { ATTRIBUTE_MAX, ATTRIBUTE_MIN, assertInt } from "./character";
import { CHECK_DICE_MAX, resolveCheck, rollCheck, settlePool, type CheckInput, type CheckResult } from "./check";
import { SERIOUS_INJURY_BOXES, applyDamage, validateHealth, type DamageApplied, type HealthState } from "./health";
import { binomial } from "./enumerate";
import { checkDistribution } from "./odds";

export * from "./combat-model";
import { ARMOUR_MAX, DAMAGE_DICE_MAX, DAMAGE_DOTS_MAX, DAMAGE_MODIFIER_MAX, type BlockOutcome, FAILED_BLOCKS_MAX, INITIATIVE_MODIFIER_MAX, INITIATIVE_TOTAL_MAX, SIMULTANEOUS_HANDS, type BlockWith, type SimultaneousChoice, type SimultaneousDefence, type SimultaneousHand, type Weapon } from "./combat-model";


export interface InitiativeInput {
  readonly perception: number;
  readonly athleticism: number;
  /** Last round's initiative; absent or null in the first round. */
  readonly previous?: number | null;
  /** Failed blocks since the last initiative roll (+1 each, stacking). */
  readonly failedBlocks?: number;
  /** Anything else the GM adds. */
  readonly modifier?: number;
}
export interface InitiativeResult {
  /** The d10, as a one-face list (the contract's faces). */
  readonly faces: readonly number[];
  readonly die: number;
  /** Perception + Athleticism in the first round, the previous initiative after. */
  readonly base: number;
  readonly penalty: number;
  readonly total: number;
  readonly firstRound: boolean;
}

function initiativeBase(input: InitiativeInput): { base: number; penalty: number; firstRound: boolean } {
  if (typeof input !== "object" || input === null) throw new RangeError("Initiative needs Perception and Athleticism");
  assertInt(input.perception, "Perception", ATTRIBUTE_MIN, ATTRIBUTE_MAX + 10);
  assertInt(input.athleticism, "Athleticism", ATTRIBUTE_MIN, ATTRIBUTE_MAX + 10);
  const firstRound = input.previous === undefined || input.previous === null;
  if (!firstRound) assertInt(input.previous ?? 0, "Previous initiative", 0, INITIATIVE_TOTAL_MAX);
  const fb = input.failedBlocks ?? 0;
  assertInt(fb, "Failed blocks", 0, FAILED_BLOCKS_MAX);
  const mod = input.modifier ?? 0;
  assertInt(mod, "Initiative modifier", -INITIATIVE_MODIFIER_MAX, INITIATIVE_MODIFIER_MAX);
  return { base: firstRound ? input.perception + input.athleticism : (input.previous ?? 0), penalty: fb + mod, firstRound };
}

/** Initiative from its die, already rolled: 1d10 + base + penalties. Lowest acts first. */
export function resolveInitiative(input: InitiativeInput, faces: readonly number[]): InitiativeResult {
  const b = initiativeBase(input);
  if (!Array.isArray(faces) || faces.length !== 1) throw new RangeError("Initiative needs exactly one d10 face");
  const die = faces[0];
  assertInt(die, "Die face", 1, 10);
  return { faces: [die], die, base: b.base, penalty: b.penalty, total: die + b.base + b.penalty, firstRound: b.firstRound };
}

/** Roll initiative: 1d10 + base + penalties. Lowest acts first. */
export function rollInitiative(input: InitiativeInput, rng: RandomSource): InitiativeResult {
  initiativeBase(input);
  return resolveInitiative(input, [rollDie(10, rng)]);
}

/** Exact distribution of one combatant's initiative total. */
export function initiativeDistribution(input: InitiativeInput): Dist<number> {
  const b = initiativeBase(input);
  return shift(uniform(1, 10), b.base + b.penalty);
}

export interface InitiativeGroup {
  readonly total: number;
  readonly ids: readonly string[];
  /** Two or more combatants on the same total act simultaneously. */
  readonly simultaneous: boolean;
}

/** Turn order: lowest total first; equal totals form one simultaneous group. */
export function initiativeOrder(entries: readonly { readonly id: string; readonly total: number }[]): InitiativeGroup[] {
  const byTotal = new Map<number, string[]>();
  for (const e of entries) {
    assertInt(e.total, `Initiative of ${e.id}`, -INITIATIVE_TOTAL_MAX, INITIATIVE_TOTAL_MAX);
    const g = byTotal.get(e.total);
    if (g) g.push(e.id);
    else byTotal.set(e.total, [e.id]);
  }
  return [...byTotal.entries()].sort((a, b) => a[0] - b[0]).map(([total, ids]) => ({ total, ids, simultaneous: ids.length > 1 }));
}

/** The seed's initiative phase between two opponents ("the opponents in the combat each rolls 1d10"). */
export interface InitiativeContestInput {
  readonly first: InitiativeInput;
  readonly second: InitiativeInput;
}
/** Who acts first, from the first combatant's point of view, worst first. */
export const INITIATIVE_OUTCOMES = ["secondActsFirst", "simultaneous", "firstActsFirst"] as const;
export type InitiativeOutcome = (typeof INITIATIVE_OUTCOMES)[number];
export interface InitiativeContestResult {
  readonly faces: { readonly first: readonly number[]; readonly second: readonly number[] };
  readonly first: InitiativeResult;
  readonly second: InitiativeResult;
  readonly outcome: InitiativeOutcome;
}

function contestInput(input: InitiativeContestInput): void {
  if (typeof input !== "object" || input === null) throw new RangeError("An initiative contest needs a first and a second combatant");
  initiativeBase(input.first);
  initiativeBase(input.second);
}

function contestOutcome(first: InitiativeResult, second: InitiativeResult): InitiativeContestResult {
  const outcome: InitiativeOutcome = first.total < second.total ? "firstActsFirst" : first.total > second.total ? "secondActsFirst" : "simultaneous";
  return { faces: { first: first.faces, second: second.faces }, first, second, outcome };
}

/** Both opponents roll (first, then second); the lower total acts first, equal totals act together. */
export function rollInitiativeContest(input: InitiativeContestInput, rng: RandomSource): InitiativeContestResult {
  contestInput(input);
  const a = rollInitiative(input.first, rng);
  return contestOutcome(a, rollInitiative(input.second, rng));
}

/** The initiative phase from dice already rolled. */
export function resolveInitiativeContest(input: InitiativeContestInput, faces: InitiativeContestResult["faces"]): InitiativeContestResult {
  contestInput(input);
  if (typeof faces !== "object" || faces === null) throw new RangeError("An initiative contest needs both combatants' faces");
  return contestOutcome(resolveInitiative(input.first, faces.first), resolveInitiative(input.second, faces.second));
}

/** Exact odds that the first combatant acts first, second, or both act simultaneously. */
export function initiativeOdds(input: InitiativeContestInput): Odds {
  contestInput(input);
  const a = initiativeDistribution(input.first);
  const b = initiativeDistribution(input.second);
  let f = 0;
  let s = 0;
  let t = 0;
  for (const [x, p] of a) for (const [y, q] of b) {
    if (x < y) f += p * q;
    else if (x > y) s += p * q;
    else t += p * q;
  }
  return makeOdds({ success: f, outcomes: [{ key: "secondActsFirst", p: s }, { key: "simultaneous", p: t }, { key: "firstActsFirst", p: f }] });
}


const HAND_CHOICES: ReadonlyMap<string, SimultaneousChoice> = new Map(Object.entries(SIMULTANEOUS_HANDS));

export interface SimultaneousPlan {
  readonly first: SimultaneousChoice;
  readonly second: SimultaneousChoice;
  /** How the second meets the first's attack; null when the first does not attack. */
  readonly againstFirst: SimultaneousDefence | null;
  /** How the first meets the second's attack; null when the second does not attack. */
  readonly againstSecond: SimultaneousDefence | null;
}

function handChoice(hand: unknown): SimultaneousChoice {
  const c = typeof hand === "string" ? HAND_CHOICES.get(hand) : undefined;
  if (c === undefined) throw new RangeError(`Unknown hand "${String(hand)}": scissors, paper or stone`);
  return c;
}

/**
 * What two revealed hands mean (decisions, docs/rules/flange.md "Simultaneous Action"):
 * attack v attack — both attacks are made and neither is defended (armour still counts; no
 * counterattack bonus, since nobody declared one); attack v dodge or block — only that attack is
 * made, met by that defence; two defences — nobody attacks.
 */
export function simultaneousAction(hands: { readonly first: SimultaneousHand; readonly second: SimultaneousHand }): SimultaneousPlan {
  if (typeof hands !== "object" || hands === null) throw new RangeError("Simultaneous action needs both hands");
  const a = handChoice(hands.first);
  const b = handChoice(hands.second);
  const meet = (attacker: SimultaneousChoice, defender: SimultaneousChoice): SimultaneousDefence | null =>
    attacker !== "attack" ? null : defender === "attack" ? "none" : defender;
  return { first: a, second: b, againstFirst: meet(a, b), againstSecond: meet(b, a) };
}

/* ---------- attack, defence, damage ---------- */


export interface AttackInput {
  /** Weapon skill dice (skill + generalisation dots). */
  readonly skillDice: number;
  /** The target number of the weapon's attribute (or the one the GM picks). */
  readonly attributeTarget: number;
  /**
   * The attacker declared a counterattack in the previous round of combat: +1 die and −1 target
   * (seed: "in the previous round"; `attackCarry` in combat-state.ts decides it from the rounds).
   */
  readonly counterattackBonus?: boolean;
  /** The attacker failed a block since their last attack: +1 target (decision: does not stack). */
  readonly failedBlockPenalty?: boolean;
  readonly diceModifier?: number;
  readonly targetModifier?: number;
  readonly edgeDice?: number;
  readonly edgeTarget?: number;
}

/** The check an attack rolls. */
export function attackCheck(a: AttackInput): CheckInput {
  if (typeof a !== "object" || a === null) throw new RangeError("An attack needs its skill dice and attribute target");
  const ca = a.counterattackBonus === true;
  const fb = a.failedBlockPenalty === true;
  assertInt(a.diceModifier ?? 0, "Dice modifier", -CHECK_DICE_MAX, CHECK_DICE_MAX);
  assertInt(a.targetModifier ?? 0, "Target modifier", -99, 99);
  return {
    dice: a.skillDice,
    target: a.attributeTarget,
    diceModifier: (a.diceModifier ?? 0) + (ca ? 1 : 0),
    targetModifier: (a.targetModifier ?? 0) - (ca ? 1 : 0) + (fb ? 1 : 0),
    edgeDice: a.edgeDice,
    edgeTarget: a.edgeTarget,
  };
}

/**
 * How the defender meets an attack. `none` is an undefended attack (an ambush, or both attacking
 * during simultaneous action): like a counterattack it takes the damage less armour, but it earns
 * no counterattack bonus.
 */
export type DefenceInput =
  | { readonly kind: "none" }
  | { readonly kind: "counterattack" }
  | { readonly kind: "dodge"; readonly check: CheckInput }
  | { readonly kind: "block"; readonly check: CheckInput; readonly with: BlockWith };

/** How bad a damage roll is for the defender, mildest first (worst for the roller first). */
export const DAMAGE_OUTCOMES = ["minor", "seriousInjury", "dead"] as const;
export type DamageOutcome = (typeof DAMAGE_OUTCOMES)[number];

export interface DamageInput {
  /** Dice: the weapon's damage dots plus the attack's (net) successes. */
  readonly dice: number;
  readonly modifier: number;
  readonly armour?: number;
  /** The defender's health track: with it the result says what the damage does (and the odds name death). */
  readonly defenderHealth?: HealthState;
  /** The GM rules the damage dramatic (grind wounds are skipped). */
  readonly dramatic?: boolean;
}

export interface DamageResult {
  readonly faces: readonly number[];
  readonly tens: number;
  /** Highest die, raised by 1 for every natural 10 after the first. */
  readonly top: number;
  readonly modifier: number;
  readonly armour: number;
  /** max(1, top + modifier − armour). */
  readonly damage: number;
  readonly ones: number;
  /** What this damage does: serious injury at 3 standard boxes at once, death with the defender's health. */
  readonly outcome: DamageOutcome;
  /** The damage applied to `defenderHealth`, when given. */
  readonly applied: DamageApplied | null;
}

function checkDamageInput(d: DamageInput): void {
  if (typeof d !== "object" || d === null) throw new RangeError("A damage roll needs its dice and modifier");
  assertInt(d.dice, "Damage dice", 1, DAMAGE_DICE_MAX);
  assertInt(d.modifier, "Damage modifier", -DAMAGE_MODIFIER_MAX, DAMAGE_MODIFIER_MAX);
  assertInt(d.armour ?? 0, "Armour", 0, ARMOUR_MAX);
  if (d.defenderHealth !== undefined) validateHealth(d.defenderHealth);
}

/** What an amount of damage does to the defender (without a health track: serious at 3 or more). */
function damageEffect(d: Pick<DamageInput, "defenderHealth" | "dramatic">, amount: number): { outcome: DamageOutcome; applied: DamageApplied | null } {
  if (d.defenderHealth === undefined) return { outcome: amount >= SERIOUS_INJURY_BOXES ? "seriousInjury" : "minor", applied: null };
  const applied = applyDamage(d.defenderHealth, amount, d.dramatic === true);
  return { outcome: applied.status === "dead" ? "dead" : applied.seriousInjury ? "seriousInjury" : "minor", applied };
}

/** Damage from natural faces (never draws): top die with extra 10s, ± modifier, − armour, at least 1. */
export function resolveDamage(d: DamageInput, faces: readonly number[]): DamageResult {
  checkDamageInput(d);
  if (!Array.isArray(faces) || faces.length !== d.dice) throw new RangeError(`${d.dice} damage dice need ${d.dice} faces, got ${Array.isArray(faces) ? faces.length : String(faces)}`);
  for (const f of faces) assertInt(f, "Die face", 1, 10);
  const tens = faces.filter((f) => f === 10).length;
  const top = tens > 0 ? 9 + tens : Math.max(...faces);
  const armour = d.armour ?? 0;
  const damage = Math.max(1, top + d.modifier - armour);
  return { faces: [...faces], tens, top, modifier: d.modifier, armour, damage, ones: faces.filter((f) => f === 1).length, ...damageEffect(d, damage) };
}

export function rollDamage(d: DamageInput, rng: RandomSource): DamageResult {
  checkDamageInput(d);
  const faces: number[] = [];
  for (let i = 0; i < d.dice; i++) faces.push(rollDie(10, rng));
  return resolveDamage(d, faces);
}

/** Exact distribution of the top die (with extra 10s) of n d10. */
export function topDieDistribution(n: number): Dist<number> {
  assertInt(n, "Damage dice", 1, DAMAGE_DICE_MAX);
  const m = new Map<number, number>();
  for (let v = 1; v <= 9; v++) m.set(v, Math.pow(v / 10, n) - Math.pow((v - 1) / 10, n));
  for (let t = 1; t <= n; t++) m.set(9 + t, binomial(n, t) * Math.pow(0.1, t) * Math.pow(0.9, n - t));
  return m;
}

/** Exact distribution of the damage of a damage roll (before any block). */
export function damageDistribution(d: DamageInput): Dist<number> {
  checkDamageInput(d);
  const armour = d.armour ?? 0;
  const m = new Map<number, number>();
  for (const [top, p] of topDieDistribution(d.dice)) {
    const dmg = Math.max(1, top + d.modifier - armour);
    m.set(dmg, (m.get(dmg) ?? 0) + p);
  }
  return m;
}

/** Odds entries for the damage outcomes a damage distribution can reach (dead only with a health track). */
function damageOutcomeEntries(d: Pick<DamageInput, "defenderHealth" | "dramatic">, dist: Dist<number>): { minor: number; seriousInjury: number; dead: number } {
  const out = { minor: 0, seriousInjury: 0, dead: 0 };
  for (const [v, p] of dist) out[damageEffect(d, v).outcome] += p;
  return out;
}

/**
 * Exact odds of a damage roll: minor, serious injury (three standard boxes at once) and, with the
 * defender's health track, death. A damage roll always does at least 1, so success is 1.
 */
export function damageOdds(d: DamageInput): Odds {
  const o = damageOutcomeEntries(d, damageDistribution(d));
  const keys: DamageOutcome[] = d.defenderHealth === undefined ? ["minor", "seriousInjury"] : ["minor", "seriousInjury", "dead"];
  return makeOdds({ success: 1, outcomes: keys.map((key) => ({ key, p: o[key] })) });
}

/** Damage a successful block leaves: nothing for an object, half (rounded up) for a body part. */
export function blockedDamage(damage: number, blockWith: BlockWith): number {
  assertInt(damage, "Damage", 0);
  return blockWith === "object" ? 0 : Math.ceil(damage / 2);
}

export interface ExchangeInput {
  readonly attack: AttackInput;
  readonly weapon: Pick<Weapon, "damageDice" | "damageModifier">;
  readonly defence: DefenceInput;
  /** The defender's armour. */
  readonly armour?: number;
  /** Edge points the attacker spends on extra damage dice, one die each (decision: Edge works on any roll). */
  readonly damageEdgeDice?: number;
  /** The defender's health track: the result applies the damage to it, the odds give serious injury and death. */
  readonly defenderHealth?: HealthState;
  /** The GM rules the damage dramatic (grind wounds are skipped). */
  readonly dramatic?: boolean;
}

function checkExchangeInput(x: ExchangeInput): void {
  if (typeof x !== "object" || x === null) throw new RangeError("An attack needs the attack, weapon and defence");
  if (typeof x.weapon !== "object" || x.weapon === null) throw new RangeError("An attack needs a weapon");
  if (typeof x.defence !== "object" || x.defence === null) throw new RangeError("An attack needs a defence");
  assertInt(x.weapon.damageDice, "Weapon damage dice", 0, DAMAGE_DOTS_MAX);
  assertInt(x.weapon.damageModifier, "Weapon damage modifier", -DAMAGE_MODIFIER_MAX, DAMAGE_MODIFIER_MAX);
  assertInt(x.damageEdgeDice ?? 0, "Edge damage dice", 0, CHECK_DICE_MAX);
  assertInt(x.armour ?? 0, "Armour", 0, ARMOUR_MAX);
  if (x.defenderHealth !== undefined) validateHealth(x.defenderHealth);
  const kind: unknown = x.defence.kind;
  if (kind !== "none" && kind !== "counterattack" && kind !== "dodge" && kind !== "block") throw new RangeError(`Unknown defence "${String(kind)}"`);
  if (x.defence.kind === "block" && x.defence.with !== "object" && x.defence.with !== "body") {
    throw new RangeError(`A block is made with "object" or "body", not "${String(x.defence.with)}"`);
  }
  settlePool(attackCheck(x.attack));
  if (x.defence.kind === "dodge" || x.defence.kind === "block") settlePool(x.defence.check);
}

/** What the exchange means for the defender's next steps. */
export interface ExchangeEffects {
  /** The defender failed a block: +1 to their next initiative (stacks) and +1 target on their next attack. */
  readonly defenderFailedBlock: boolean;
  /** The defender counterattacked: +1 die and −1 target on their attack in the next round (combat-state.ts). */
  readonly defenderCounterattackBonus: boolean;
}

/** How one attack ended, worst for the attacker first. */
export const EXCHANGE_OUTCOMES = ["miss", "dodged", "negated", "halved", "hit"] as const;
export type ExchangeOutcome = (typeof EXCHANGE_OUTCOMES)[number];

/** The faces of one attack: the attack check, the dodge or block check (if rolled), the damage roll (if rolled). */
export interface ExchangeFaces {
  readonly attack: readonly number[];
  readonly defence: readonly number[];
  readonly damage: readonly number[];
}

export interface ExchangeResult {
  readonly faces: ExchangeFaces;
  readonly attack: CheckResult;
  /** The dodge or block check, when one was rolled. */
  readonly defence: CheckResult | null;
  /** Attack successes after a dodge. */
  readonly netSuccesses: number;
  readonly hit: boolean;
  readonly damageRoll: DamageResult | null;
  /** True when the damage dice would have passed DAMAGE_DICE_MAX and stopped there. */
  readonly damageDiceCapped: boolean;
  readonly block: BlockOutcome | null;
  /** Boxes the defender loses (0 on a miss). */
  readonly damage: number;
  readonly outcome: ExchangeOutcome;
  /** The damage applied to `defenderHealth`, when given (null on a miss or without it). */
  readonly applied: DamageApplied | null;
  readonly effects: ExchangeEffects;
}

/** The damage dice of a hit with `net` successes, and whether they stopped at DAMAGE_DICE_MAX. */
export function exchangeDamageDice(x: Pick<ExchangeInput, "weapon" | "damageEdgeDice">, net: number): { dice: number; capped: boolean } {
  const want = x.weapon.damageDice + net + (x.damageEdgeDice ?? 0);
  return { dice: Math.min(want, DAMAGE_DICE_MAX), capped: want > DAMAGE_DICE_MAX };
}

/** Where an exchange's dice come from: drawn from a RandomSource, or read from faces already rolled. */
interface ExchangeDice {
  attack(input: CheckInput): CheckResult;
  defence(input: CheckInput): CheckResult;
  damage(input: DamageInput): DamageResult;
}

/**
 * One attack in the seed's order: attack; a dodge after a successful attack; damage; a block after
 * the damage is known. Defence rolls only happen against a successful attack.
 */
function runExchange(x: ExchangeInput, dice: ExchangeDice): ExchangeResult {
  checkExchangeInput(x);
  const attack = dice.attack(attackCheck(x.attack));
  const counter = x.defence.kind === "counterattack";
  const effects = (failedBlock: boolean): ExchangeEffects => ({ defenderFailedBlock: failedBlock, defenderCounterattackBonus: counter });
  const miss = (outcome: ExchangeOutcome, defence: CheckResult | null): ExchangeResult => ({
    faces: { attack: attack.faces, defence: defence?.faces ?? [], damage: [] },
    attack,
    defence,
    netSuccesses: 0,
    hit: false,
    damageRoll: null,
    damageDiceCapped: false,
    block: null,
    damage: 0,
    outcome,
    applied: null,
    effects: effects(false),
  });
  if (attack.successes === 0) return miss("miss", null);
  let defence: CheckResult | null = null;
  let net = attack.successes;
  if (x.defence.kind === "dodge") {
    defence = dice.defence(x.defence.check);
    net = Math.max(0, net - defence.successes);
    if (net === 0) return miss("dodged", defence);
  }
  const dd = exchangeDamageDice(x, net);
  const damageRoll = dice.damage({ dice: dd.dice, modifier: x.weapon.damageModifier, armour: x.armour });
  let damage = damageRoll.damage;
  let block: BlockOutcome | null = null;
  let outcome: ExchangeOutcome = "hit";
  if (x.defence.kind === "block") {
    defence = dice.defence(x.defence.check);
    if (defence.successes > 0) {
      block = x.defence.with === "object" ? "negated" : "halved";
      outcome = block;
      damage = blockedDamage(damage, x.defence.with);
    } else block = "failed";
  }
  const applied = x.defenderHealth === undefined ? null : applyDamage(x.defenderHealth, damage, x.dramatic === true);
  return {
    faces: { attack: attack.faces, defence: defence?.faces ?? [], damage: damageRoll.faces },
    attack,
    defence,
    netSuccesses: net,
    hit: true,
    damageRoll,
    damageDiceCapped: dd.capped,
    block,
    damage,
    outcome,
    applied,
    effects: effects(block === "failed"),
  };
}

/** Roll one attack: attack, dodge (after a hit), damage, block (after the damage is known). */
export function rollExchange(x: ExchangeInput, rng: RandomSource): ExchangeResult {
  return runExchange(x, { attack: (c) => rollCheck(c, rng), defence: (c) => rollCheck(c, rng), damage: (d) => rollDamage(d, rng) });
}

/** The rolls of an attack that an Edge re-roll may name: the attacker's attack and damage rolls, the defender's dodge or block. */
export const EXCHANGE_REROLL_PARTS = ["attack", "defence", "damage"] as const;
export type ExchangeRerollPart = (typeof EXCHANGE_REROLL_PARTS)[number];

/**
 * The Edge re-roll of one roll of an attack (seed 004 "Edge": "A single Edge Point can be spent to
 * re-roll a dice roll ... the new result must be accepted"). `part` is rolled again; the other
 * rolls keep their faces where they do not depend on it: the dodge or block check never depends on
 * the attack roll, and the damage roll is kept only when a block is re-rolled (the block comes after
 * the damage). The damage dice depend on the attack's (net) successes, so re-rolling the attack or
 * a dodge rolls the damage again. A roll the first result never made (a defence or damage after a
 * miss) is rolled when the new result needs it. Throws when `part` was not rolled in `previous`.
 */
export function rerollExchange(x: ExchangeInput, previous: ExchangeFaces, part: ExchangeRerollPart, rng: RandomSource): ExchangeResult {
  if (!EXCHANGE_REROLL_PARTS.includes(part)) throw new RangeError(`Unknown roll "${String(part)}" to re-roll`);
  if (previous[part].length === 0) throw new RangeError(`This attack rolled no ${part} to re-roll`);
  const keepDefence = part !== "defence" && previous.defence.length > 0;
  const keepDamage = part === "defence" && x.defence.kind === "block" && previous.damage.length > 0;
  return runExchange(x, {
    attack: (c) => (part === "attack" ? rollCheck(c, rng) : resolveCheck(c, previous.attack)),
    defence: (c) => (keepDefence ? resolveCheck(c, previous.defence) : rollCheck(c, rng)),
    damage: (d) => (keepDamage ? resolveDamage(d, previous.damage) : rollDamage(d, rng)),
  });
}

/**
 * One attack from faces already rolled (never draws). Faces that the exchange does not use (a
 * defence or damage roll after a miss) must be empty.
 */
export function resolveExchange(x: ExchangeInput, faces: ExchangeFaces): ExchangeResult {
  if (typeof faces !== "object" || faces === null) throw new RangeError("An attack needs the faces of its rolls");
  for (const part of ["attack", "defence", "damage"] as const) if (!Array.isArray(faces[part])) throw new RangeError(`The ${part} faces must be a list of d10 results`);
  const r = runExchange(x, { attack: (c) => resolveCheck(c, faces.attack), defence: (c) => resolveCheck(c, faces.defence), damage: (d) => resolveDamage(d, faces.damage) });
  if (r.defence === null && faces.defence.length > 0) throw new RangeError("This attack rolled no defence, but defence faces were given");
  if (r.damageRoll === null && faces.damage.length > 0) throw new RangeError("This attack rolled no damage, but damage faces were given");
  return r;
}

/** Everything the exact enumeration knows about one attack (richer than the dialog's `Odds`). */
export interface ExchangeDistribution {
  /** Probability the attack lands (successes left after any dodge). */
  readonly hit: number;
  /** Probability of each way the attack ends. */
  readonly outcomes: Readonly<Record<ExchangeOutcome, number>>;
  /** Distribution of boxes the defender loses (0 = miss or fully blocked). */
  readonly damage: Dist<number>;
  /** Probability the block succeeds given a hit (null when not blocking). */
  readonly blockSucceeds: number | null;
  /** Probability the defender fails a block (and takes its penalties). */
  readonly failedBlock: number;
  /** With the defender's health: probability of a serious injury and of death from this attack. */
  readonly seriousInjury: number | null;
  readonly dead: number | null;
  readonly expectedDamage: number;
  /** Probability of an attack critical failure. */
  readonly attackCriticalFailure: number;
  /** Mass whose exact success count is not told apart (attack or dodge tail, below 1e-15). */
  readonly tail: number;
}

/**
 * Exact distribution of one attack. Success counts beyond the odds tail (< 1e-15) are taken at
 * the tail value (their mass is `tail`).
 */
export function exchangeDistribution(x: ExchangeInput): ExchangeDistribution {
  checkExchangeInput(x);
  const atkDist = checkDistribution(attackCheck(x.attack));
  const atk = atkDist.successes;
  let tail = atkDist.tail;
  let net: Map<number, number> = new Map(atk);
  const outcomes = { miss: atk.get(0) ?? 0, dodged: 0, negated: 0, halved: 0, hit: 0 };
  if (x.defence.kind === "dodge") {
    const dodgeDist = checkDistribution(x.defence.check);
    tail += dodgeDist.tail;
    net = new Map();
    for (const [a, p] of atk) for (const [d, q] of dodgeDist.successes) {
      const k = Math.max(0, a - d);
      net.set(k, (net.get(k) ?? 0) + p * q);
    }
    outcomes.dodged = (net.get(0) ?? 0) - outcomes.miss;
  }
  const blockP = x.defence.kind === "block" ? checkDistribution(x.defence.check).success : null;
  const damage = new Map<number, number>();
  const addD = (v: number, p: number): void => {
    if (p > 0) damage.set(v, (damage.get(v) ?? 0) + p);
  };
  let hit = 0;
  const dmgCache = new Map<number, Dist<number>>();
  for (const [k, p] of net) {
    if (k === 0) {
      addD(0, p);
      continue;
    }
    hit += p;
    const { dice } = exchangeDamageDice(x, k);
    let dd = dmgCache.get(dice);
    if (!dd) {
      dd = damageDistribution({ dice, modifier: x.weapon.damageModifier, armour: x.armour });
      dmgCache.set(dice, dd);
    }
    for (const [v, q] of dd) {
      if (x.defence.kind === "block" && blockP !== null) {
        addD(blockedDamage(v, x.defence.with), p * q * blockP);
        addD(v, p * q * (1 - blockP));
      } else addD(v, p * q);
    }
  }
  if (x.defence.kind === "block" && blockP !== null) {
    outcomes[x.defence.with === "object" ? "negated" : "halved"] = hit * blockP;
    outcomes.hit = hit * (1 - blockP);
  } else outcomes.hit = hit;
  const sorted = new Map([...damage.entries()].sort((a, b) => a[0] - b[0]));
  let serious: number | null = null;
  let dead: number | null = null;
  if (x.defenderHealth !== undefined) {
    serious = 0;
    dead = 0;
    for (const [v, p] of sorted) {
      const r = applyDamage(x.defenderHealth, v, x.dramatic === true);
      if (r.seriousInjury) serious += p;
      if (r.status === "dead") dead += p;
    }
  }
  let expected = 0;
  for (const [v, p] of sorted) expected += v * p;
  return {
    hit,
    outcomes,
    damage: sorted,
    blockSucceeds: blockP,
    failedBlock: blockP === null ? 0 : hit * (1 - blockP),
    seriousInjury: serious,
    dead,
    expectedDamage: expected,
    attackCriticalFailure: atkDist.outcomes.criticalFailure,
    tail,
  };
}

/** The exchange outcomes that can happen against this defence, worst for the attacker first. */
export function exchangeOutcomeKeys(defence: DefenceInput): ExchangeOutcome[] {
  switch (defence.kind) {
    case "dodge":
      return ["miss", "dodged", "hit"];
    case "block":
      return ["miss", defence.with === "object" ? "negated" : "halved", "hit"];
    default:
      return ["miss", "hit"];
  }
}

/**
 * Exact odds of one attack: how it ends (miss, dodged, negated or halved by a block, hit), success
 * = the defender loses boxes; extras: the attack's critical failure and, with the defender's
 * health, a serious injury and death.
 */
export function exchangeOdds(x: ExchangeInput): Odds {
  const d = exchangeDistribution(x);
  const extras: OddsEntry[] = [{ key: "attackCriticalFailure", p: d.attackCriticalFailure }];
  if (d.seriousInjury !== null) extras.push({ key: "seriousInjury", p: d.seriousInjury });
  if (d.dead !== null) extras.push({ key: "dead", p: d.dead });
  return makeOdds({
    success: d.outcomes.halved + d.outcomes.hit,
    outcomes: exchangeOutcomeKeys(x.defence).map((key) => ({ key, p: d.outcomes[key] })),
    extras,
    error: d.tail,
  });
}
