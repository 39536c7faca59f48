/**
 * Flange combat (seed 004 "Combat"): weapons, initiative, attack with counterattack / dodge /
 * block, damage, armour, simultaneous action.
 */
import { uniform, shift, type Dist } from "../../../dice/dist";
import { rollDie, type RandomSource } from "../../../dice/random";
import { ATTRIBUTE_MAX, ATTRIBUTE_MIN, assertInt, isAttribute, type AttributeKey } from "./character";
import { rollCheck, type CheckInput, type CheckResult } from "./check";
import { applyDamage, type HealthState } from "./health";
import { binomial, checkOdds } from "./odds";

/* ---------- weapons ---------- */

export const WEAPON_RANGES = ["melee", "short", "medium", "long"] as const;
export type WeaponRange = (typeof WEAPON_RANGES)[number];

export interface Weapon {
  readonly name: string;
  /** The attribute an attack with it is usually rolled on. */
  readonly attribute: AttributeKey;
  readonly range: WeaponRange;
  /** Dots in the damage box (dice before the attack's successes). */
  readonly damageDice: number;
  /** The damage box's modifier. */
  readonly damageModifier: number;
}

/** Largest number of damage dots and largest damage modifier a damage box may carry. */
export const DAMAGE_DOTS_MAX = 99;
export const DAMAGE_MODIFIER_MAX = 99;

/**
 * Parse a damage box like "●●+2", "●-1", "-3", "2+1" (a leading number = dots) or "-" (no dice,
 * no modifier). The minus may be typed as "-", "−" (minus sign) or "–" (en dash).
 */
export function parseDamage(text: string): { damageDice: number; damageModifier: number } {
  if (typeof text !== "string") throw new RangeError(`Damage must be text like "●●+2", not ${String(text)}`);
  const s = text.replace(/\s+/g, "").replace(/[−–]/g, "-");
  if (s === "") throw new RangeError('Damage is empty: write "-" for a damage box with no dots and no modifier');
  if (s === "-") return { damageDice: 0, damageModifier: 0 };
  const dots = /^([●•o*]*)([+-]\d+)?$/u.exec(s);
  const num = dots ? null : /^(\d+)([+-]\d+)?$/.exec(s);
  const m = dots ?? num;
  if (!m) throw new RangeError(`Cannot read damage "${text}": expected dots then an optional modifier, like "●●+2" or "-3"`);
  const damageDice = dots ? [...m[1]].length : Number(m[1]);
  const damageModifier = m[2] ? Number(m[2]) : 0;
  assertInt(damageDice, `Damage dots in "${text}"`, 0, DAMAGE_DOTS_MAX);
  assertInt(damageModifier, `Damage modifier in "${text}"`, -DAMAGE_MODIFIER_MAX, DAMAGE_MODIFIER_MAX);
  return { damageDice, damageModifier };
}

/** Parse a range box: "-" (melee/brawl), "short", "medium", "long". */
export function parseRange(text: string): WeaponRange {
  const s = text.trim().toLowerCase();
  if (s === "-" || s === "–" || s === "melee") return "melee";
  if (s === "short" || s === "medium" || s === "long") return s;
  throw new RangeError(`Unknown weapon range "${text}"`);
}

const ATTRIBUTE_ABBREVIATIONS: Readonly<Record<string, AttributeKey>> = {
  str: "strength",
  ath: "athleticism",
  con: "constitution",
  per: "perception",
  dex: "dexterity",
  app: "appearance",
  pers: "personality",
  sub: "subtlety",
  int: "intellect",
};

/** Parse a weapon line as the seed prints it: "Str/-/-3", "Ath/Short/●-1". */
export function parseWeapon(name: string, stats: string): Weapon {
  if (typeof name !== "string" || name.trim() === "") throw new RangeError("A weapon needs a name");
  if (typeof stats !== "string") throw new RangeError(`Weapon stats must be text like "Ath/Short/●-1", not ${String(stats)}`);
  const parts = stats.split("/");
  if (parts.length !== 3) throw new RangeError(`Weapon stats "${stats}" need attribute/range/damage`);
  const a = parts[0].trim().toLowerCase();
  const attribute = ATTRIBUTE_ABBREVIATIONS[a] ?? (isAttribute(a) ? a : undefined);
  if (!attribute) throw new RangeError(`Unknown weapon attribute "${parts[0]}"`);
  return { name, attribute, range: parseRange(parts[1]), ...parseDamage(parts[2]) };
}

/** The seed's three sample weapons. */
export const SAMPLE_WEAPONS: readonly Weapon[] = [
  parseWeapon("Sock of sand", "Str/-/-3"),
  parseWeapon("36 Revolver", "Ath/Short/●-1"),
  parseWeapon("Barret 50cal", "Dex/Long/●●+2"),
];

/* ---------- initiative ---------- */

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
  readonly die: number;
  /** Perception + Athleticism in the first round, the previous initiative after. */
  readonly base: number;
  readonly penalty: number;
  readonly total: number;
  readonly firstRound: boolean;
}

function initiativeBase(input: InitiativeInput): { base: number; penalty: number; firstRound: boolean } {
  assertInt(input.perception, "Perception", ATTRIBUTE_MIN, ATTRIBUTE_MAX + 10);
  assertInt(input.athleticism, "Athleticism", ATTRIBUTE_MIN, ATTRIBUTE_MAX + 10);
  const firstRound = input.previous === undefined || input.previous === null;
  if (!firstRound) assertInt(input.previous ?? 0, "Previous initiative", 0);
  const fb = input.failedBlocks ?? 0;
  assertInt(fb, "Failed blocks", 0);
  const mod = input.modifier ?? 0;
  assertInt(mod, "Initiative modifier", -999, 999);
  return { base: firstRound ? input.perception + input.athleticism : (input.previous ?? 0), penalty: fb + mod, firstRound };
}

/** Roll initiative: 1d10 + base + penalties. Lowest acts first. */
export function rollInitiative(input: InitiativeInput, rng: RandomSource): InitiativeResult {
  const b = initiativeBase(input);
  const die = rollDie(10, rng);
  return { die, base: b.base, penalty: b.penalty, total: die + b.base + b.penalty, firstRound: b.firstRound };
}

/** Exact distribution of the initiative total. */
export function initiativeOdds(input: InitiativeInput): Dist<number> {
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
    assertInt(e.total, `Initiative of ${e.id}`, -999, 9999);
    const g = byTotal.get(e.total);
    if (g) g.push(e.id);
    else byTotal.set(e.total, [e.id]);
  }
  return [...byTotal.entries()].sort((a, b) => a[0] - b[0]).map(([total, ids]) => ({ total, ids, simultaneous: ids.length > 1 }));
}

/** Exact odds that the first combatant acts first, second acts first, or both act simultaneously. */
export function firstStrikeOdds(first: InitiativeInput, second: InitiativeInput): { first: number; second: number; simultaneous: number } {
  const a = initiativeOdds(first);
  const b = initiativeOdds(second);
  let f = 0;
  let s = 0;
  let t = 0;
  for (const [x, p] of a) for (const [y, q] of b) {
    if (x < y) f += p * q;
    else if (x > y) s += p * q;
    else t += p * q;
  }
  return { first: f, second: s, simultaneous: t };
}

/** Simultaneous action: the hands of paper-scissors-stone and the action each one means. */
export const SIMULTANEOUS_HANDS = { scissors: "attack", paper: "dodge", stone: "block" } as const;
export type SimultaneousHand = keyof typeof SIMULTANEOUS_HANDS;
export type SimultaneousChoice = (typeof SIMULTANEOUS_HANDS)[SimultaneousHand];
/** How an attack made during simultaneous action is met: not at all, by a dodge, or by a block. */
export type SimultaneousDefence = "none" | "dodge" | "block";

export interface SimultaneousPlan {
  readonly first: SimultaneousChoice;
  readonly second: SimultaneousChoice;
  /** How the second meets the first's attack; null when the first does not attack. */
  readonly againstFirst: SimultaneousDefence | null;
  /** How the first meets the second's attack; null when the second does not attack. */
  readonly againstSecond: SimultaneousDefence | null;
}

function isHand(h: string): h is SimultaneousHand {
  return Object.prototype.hasOwnProperty.call(SIMULTANEOUS_HANDS, h);
}

/**
 * What two revealed hands mean (decisions, docs/rules/flange.md "Simultaneous Action"):
 * attack v attack — both attacks are made and neither is defended (armour still counts; no
 * counterattack bonus, since nobody declared one); attack v dodge or block — only that attack is
 * made, met by that defence; two defences — nobody attacks.
 */
export function simultaneousAction(first: SimultaneousHand, second: SimultaneousHand): SimultaneousPlan {
  if (typeof first !== "string" || !isHand(first)) throw new RangeError(`Unknown hand "${String(first)}": scissors, paper or stone`);
  if (typeof second !== "string" || !isHand(second)) throw new RangeError(`Unknown hand "${String(second)}": scissors, paper or stone`);
  const a = SIMULTANEOUS_HANDS[first];
  const b = SIMULTANEOUS_HANDS[second];
  const meet = (attacker: SimultaneousChoice, defender: SimultaneousChoice): SimultaneousDefence | null =>
    attacker !== "attack" ? null : defender === "attack" ? "none" : defender;
  return { first: a, second: b, againstFirst: meet(a, b), againstSecond: meet(b, a) };
}

/* ---------- attack, defence, damage ---------- */

export const DEFENCES = ["counterattack", "dodge", "block"] as const;
export type DefenceKind = (typeof DEFENCES)[number];
export const BLOCK_WITH = ["object", "body"] as const;
export type BlockWith = (typeof BLOCK_WITH)[number];
export const BLOCK_OUTCOMES = ["negated", "halved", "failed"] as const;
export type BlockOutcome = (typeof BLOCK_OUTCOMES)[number];

export interface AttackInput {
  /** Weapon skill dice (skill + generalisation dots). */
  readonly skillDice: number;
  /** The target number of the weapon's attribute (or the one the GM picks). */
  readonly attributeTarget: number;
  /** The attacker declared a counterattack since their last attack: +1 die and −1 target. */
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
  const ca = a.counterattackBonus === true;
  const fb = a.failedBlockPenalty === true;
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

export interface DamageInput {
  /** Dice: the weapon's damage dots plus the attack's (net) successes. */
  readonly dice: number;
  readonly modifier: number;
  readonly armour?: number;
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
}

function checkDamageInput(d: DamageInput): void {
  assertInt(d.dice, "Damage dice", 1, 99);
  assertInt(d.modifier, "Damage modifier", -99, 99);
  assertInt(d.armour ?? 0, "Armour", 0, 99);
}

/** Damage from natural faces (pure): top die with extra 10s, ± modifier, − armour, at least 1. */
export function damageFromFaces(d: DamageInput, faces: readonly number[]): DamageResult {
  checkDamageInput(d);
  if (faces.length !== d.dice) throw new RangeError(`${d.dice} damage dice need ${d.dice} faces, got ${faces.length}`);
  for (const f of faces) assertInt(f, "Die face", 1, 10);
  const tens = faces.filter((f) => f === 10).length;
  const top = tens > 0 ? 9 + tens : Math.max(...faces);
  const armour = d.armour ?? 0;
  return { faces, tens, top, modifier: d.modifier, armour, damage: Math.max(1, top + d.modifier - armour), ones: faces.filter((f) => f === 1).length };
}

export function rollDamage(d: DamageInput, rng: RandomSource): DamageResult {
  checkDamageInput(d);
  const faces: number[] = [];
  for (let i = 0; i < d.dice; i++) faces.push(rollDie(10, rng));
  return damageFromFaces(d, faces);
}

/** Exact distribution of the top die (with extra 10s) of n d10. */
export function topDieOdds(n: number): Dist<number> {
  assertInt(n, "Damage dice", 1, 99);
  const m = new Map<number, number>();
  for (let v = 1; v <= 9; v++) m.set(v, Math.pow(v / 10, n) - Math.pow((v - 1) / 10, n));
  for (let t = 1; t <= n; t++) m.set(9 + t, binomial(n, t) * Math.pow(0.1, t) * Math.pow(0.9, n - t));
  return m;
}

/** Exact distribution of the damage of a damage roll. */
export function damageOdds(d: DamageInput): Dist<number> {
  checkDamageInput(d);
  const armour = d.armour ?? 0;
  const m = new Map<number, number>();
  for (const [top, p] of topDieOdds(d.dice)) {
    const dmg = Math.max(1, top + d.modifier - armour);
    m.set(dmg, (m.get(dmg) ?? 0) + p);
  }
  return m;
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
}

function checkExchangeInput(x: ExchangeInput): void {
  assertInt(x.weapon.damageDice, "Weapon damage dice", 0, DAMAGE_DOTS_MAX);
  assertInt(x.weapon.damageModifier, "Weapon damage modifier", -DAMAGE_MODIFIER_MAX, DAMAGE_MODIFIER_MAX);
  assertInt(x.damageEdgeDice ?? 0, "Edge damage dice", 0, 99);
  assertInt(x.armour ?? 0, "Armour", 0, 99);
  const kind: string = x.defence.kind;
  if (!["none", ...DEFENCES].includes(kind)) throw new RangeError(`Unknown defence "${kind}"`);
  if (x.defence.kind === "block" && !(BLOCK_WITH as readonly string[]).includes(x.defence.with)) {
    throw new RangeError(`A block is made with "object" or "body", not "${String(x.defence.with)}"`);
  }
}

/** What the exchange means for the defender's next steps. */
export interface ExchangeEffects {
  /** The defender failed a block: +1 to their next initiative (stacks) and +1 target on their next attack. */
  readonly defenderFailedBlock: boolean;
  /** The defender counterattacked: +1 die and −1 target on their next attack. */
  readonly defenderCounterattackBonus: boolean;
}

export interface ExchangeResult {
  readonly attack: CheckResult;
  /** The dodge or block check, when one was rolled. */
  readonly defence: CheckResult | null;
  /** Attack successes after a dodge. */
  readonly netSuccesses: number;
  readonly hit: boolean;
  readonly damageRoll: DamageResult | null;
  readonly block: BlockOutcome | null;
  /** Boxes the defender loses (0 on a miss). */
  readonly damage: number;
  readonly effects: ExchangeEffects;
}

/**
 * Roll one attack in the seed's order: attack; a dodge after a successful attack; damage;
 * a block after the damage is known. Defence rolls only happen against a successful attack.
 */
export function rollExchange(x: ExchangeInput, rng: RandomSource): ExchangeResult {
  checkExchangeInput(x);
  const attack = rollCheck(attackCheck(x.attack), rng);
  const counter = x.defence.kind === "counterattack";
  const miss: ExchangeResult = {
    attack,
    defence: null,
    netSuccesses: 0,
    hit: false,
    damageRoll: null,
    block: null,
    damage: 0,
    effects: { defenderFailedBlock: false, defenderCounterattackBonus: counter },
  };
  if (attack.successes === 0) return miss;
  let defence: CheckResult | null = null;
  let net = attack.successes;
  if (x.defence.kind === "dodge") {
    defence = rollCheck(x.defence.check, rng);
    net = Math.max(0, net - defence.successes);
    if (net === 0) return { ...miss, defence };
  }
  const damageRoll = rollDamage({ dice: x.weapon.damageDice + net + (x.damageEdgeDice ?? 0), modifier: x.weapon.damageModifier, armour: x.armour }, rng);
  let damage = damageRoll.damage;
  let block: BlockOutcome | null = null;
  if (x.defence.kind === "block") {
    defence = rollCheck(x.defence.check, rng);
    if (defence.successes > 0) {
      block = x.defence.with === "object" ? "negated" : "halved";
      damage = blockedDamage(damage, x.defence.with);
    } else block = "failed";
  }
  return {
    attack,
    defence,
    netSuccesses: net,
    hit: true,
    damageRoll,
    block,
    damage,
    effects: { defenderFailedBlock: block === "failed", defenderCounterattackBonus: counter },
  };
}

export interface ExchangeOdds {
  /** Probability the attack lands (successes left after any dodge). */
  readonly hit: number;
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
}

/**
 * Exact odds of one attack. Success counts beyond the odds tail (< 1e-15) are taken at the tail value.
 * `health` (optional) is the defender's track, for serious-injury and death odds (ordinary damage).
 */
export function exchangeOdds(x: ExchangeInput, health?: HealthState): ExchangeOdds {
  checkExchangeInput(x);
  const atk = checkOdds(attackCheck(x.attack)).successes;
  let net: Map<number, number> = new Map(atk);
  if (x.defence.kind === "dodge") {
    const dodge = checkOdds(x.defence.check).successes;
    net = new Map();
    for (const [a, p] of atk) for (const [d, q] of dodge) {
      const k = Math.max(0, a - d);
      net.set(k, (net.get(k) ?? 0) + p * q);
    }
  }
  const blockP = x.defence.kind === "block" ? checkOdds(x.defence.check).success : null;
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
    const dice = x.weapon.damageDice + k + (x.damageEdgeDice ?? 0);
    let dd = dmgCache.get(dice);
    if (!dd) {
      dd = damageOdds({ dice, modifier: x.weapon.damageModifier, armour: x.armour });
      dmgCache.set(dice, dd);
    }
    for (const [v, q] of dd) {
      if (x.defence.kind === "block" && blockP !== null) {
        addD(blockedDamage(v, x.defence.with), p * q * blockP);
        addD(v, p * q * (1 - blockP));
      } else addD(v, p * q);
    }
  }
  const sorted = new Map([...damage.entries()].sort((a, b) => a[0] - b[0]));
  let serious: number | null = null;
  let dead: number | null = null;
  if (health) {
    serious = 0;
    dead = 0;
    for (const [v, p] of sorted) {
      const r = applyDamage(health, v);
      if (r.seriousInjury) serious += p;
      if (r.status === "dead") dead += p;
    }
  }
  let expected = 0;
  for (const [v, p] of sorted) expected += v * p;
  return {
    hit,
    damage: sorted,
    blockSucceeds: blockP,
    failedBlock: blockP === null ? 0 : hit * (1 - blockP),
    seriousInjury: serious,
    dead,
    expectedDamage: expected,
  };
}
