/**
 * The five-step attack sequence (seed ch. 4 "Attack Sequence", "WC/AC Rolls",
 * "(WC/AC Roll Options)", "(Attack Critical or Defend Fumble)").
 */
import type { RandomSource } from "../../../dice/random";
import type { Band } from "./core";
import { UNOPPOSED_TARGET, bandForMargin } from "./core";
import type { CheckFaces, CheckInput, CheckResult } from "./check";
import { DEFAULT_NINES_LIMIT, completeCheck, drawCheckDie, normaliseCheck } from "./check";
import type { Dice } from "./dice";
import { assertNinesLimit, drawD10Star, rngDice } from "./dice";
import { faceDice } from "./check-faces";
import { drawnFaces } from "./dice-rolls";
import { armorClass } from "./combat";
import { damageExchange } from "./combat-play";
import { woundsFromDamage } from "./damage";
import type { CriticalEntry, CriticalRoll } from "./tables";
import { drawCritical } from "./tables";
import { assertBoolean, assertNonNegativeInt, assertOneOf, assertPositiveInt } from "./validate";

export interface AttackOptions {
  /** Variable outcomes: marginal hits do reduced damage, criticals and fumbles count. Default true. */
  variableOutcomes: boolean;
  /** Option 1: the WC roll reuses the attack die, the AC roll the defence die. */
  sameDie: boolean;
  /** Option 2: a critical hit (or a defender's fumble) rolls on the critical table. */
  criticalTable: boolean;
  /** Option 3: add the attack's margin over the defence to the damage roll. */
  addMargin: boolean;
  /** Option 4: roll damage twice; keep the higher on a critical, the lower on a marginal hit. */
  rollTwice: boolean;
  /** Option 5: on a marginal hit, halve the damage left after the AC roll. */
  halveMarginal: boolean;
}

export const DEFAULT_ATTACK_OPTIONS: AttackOptions = {
  variableOutcomes: true,
  sameDie: false,
  criticalTable: false,
  addMargin: false,
  rollTwice: false,
  halveMarginal: false,
};

/** Dice rules for a WC or AC roll (Calling 4s is allowed there too). */
export interface DamageDice {
  callFour?: boolean;
  rollingNines?: boolean;
  ninesLimit?: number | null;
}

export interface AttackInput {
  mode: "melee" | "ranged";
  /** The attacker's roll; its target is set by the sequence (leave target unset). */
  attack: CheckInput;
  /** Melee: the defender's dodge or parry rank, which the attack total must exceed. */
  defenceRank: number;
  /** The defender's dodge/parry roll; null when the defender cannot defend. */
  defence: CheckInput | null;
  wc: number;
  ac: number;
  unarmed?: boolean;
  /** Defender's wound threshold (default 5). */
  woundThreshold?: number;
  /** Defender's Physique: needed when a critical makes armour not count. */
  defenderPhysique?: number;
  damageDice?: DamageDice;
  protectionDice?: DamageDice;
  options?: Partial<AttackOptions>;
  /** The critical table to read (a GM's RollTable, read by the chat layer); default the book's. */
  criticalEntries?: readonly CriticalEntry[];
}

/**
 * Every die of an attack, step by step: the attack roll (and its fumble check), the defence roll,
 * the critical table (d10*, d6, then the multiple-effects d6s), the damage die (two chains when
 * rolling twice; none of its own under option 1, which reuses the attack die) and the protection die.
 * Steps that were not reached have empty lists (defence: null).
 */
export interface AttackFaces {
  readonly attack: CheckFaces;
  readonly defence: CheckFaces | null;
  readonly critical: readonly number[];
  readonly damage: readonly number[];
  readonly protection: readonly number[];
}

export type MissReason = "fumble" | "autoFailure" | "belowThreshold" | "defended";

export interface DamageRoll {
  faces: number[];
  /** Every die total rolled for damage (two when rolling twice), the kept one first. */
  dice: number[];
  die: number;
  wc: number;
  criticalBonus: number;
  marginBonus: number;
  /** Halved as the default marginal-hit reduction. */
  halved: boolean;
  total: number;
}

export interface ProtectionRoll {
  faces: number[];
  die: number;
  /** AC used (after any critical effect). */
  ac: number;
  total: number;
}

export interface AttackOutcome {
  attack: CheckResult;
  /** Step 1: the total the attack needed (melee: dodge/parry rank + 1; ranged: 10). */
  threshold: number;
  defence: CheckResult | null;
  hit: boolean;
  missReason: MissReason | null;
  /** Attack total minus defence total (or minus the threshold when there was no defence roll). */
  margin: number | null;
  band: Band | null;
  criticalTriggered: boolean;
  critical: CriticalRoll | null;
  damageRoll: DamageRoll | null;
  protectionRoll: ProtectionRoll | null;
  /** Damage after the AC roll (and the marginal halving, if that option is on). */
  damage: number;
  stun: number;
  wounds: number;
  /** Every die of the attack: resolveAttack(input, outcome.faces) gives this outcome again. */
  faces: AttackFaces;
}

function drawDamageDie(d: DamageDice | undefined, dice: Dice, stream: string): { faces: number[]; total: number } {
  if (d?.callFour) return { faces: [4], total: 4 };
  return drawD10Star(dice, stream, { rollingNines: d?.rollingNines ?? false, ninesLimit: d?.ninesLimit === undefined ? DEFAULT_NINES_LIMIT : d.ninesLimit });
}

function attackFaces(dice: Dice, attack: CheckResult, defence: CheckResult | null): AttackFaces {
  return {
    attack: attack.faces,
    defence: defence ? defence.faces : null,
    critical: drawnFaces(dice, "critical"),
    damage: drawnFaces(dice, "damage"),
    protection: drawnFaces(dice, "protection"),
  };
}

const OPTION_KEYS: readonly (keyof AttackOptions)[] = ["variableOutcomes", "sameDie", "criticalTable", "addMargin", "rollTwice", "halveMarginal"];

function validateDamageDice(d: DamageDice | undefined, name: string): void {
  if (d === undefined) return;
  if (typeof d !== "object" || d === null) throw new TypeError(`${name} must be an object {callFour, rollingNines, ninesLimit}`);
  if (d.callFour !== undefined) assertBoolean(d.callFour, `${name}: callFour`);
  if (d.rollingNines !== undefined) assertBoolean(d.rollingNines, `${name}: rollingNines`);
  if (d.ninesLimit !== undefined) assertNinesLimit(d.ninesLimit, `${name}: limit of extra dice for rolling nines`);
}

/**
 * Check an attack's input and fill in the defaults (shared by resolveAttack and attackOdds).
 * Throws a RangeError/TypeError naming the bad field.
 */
export function validateAttackInput(input: AttackInput): { options: AttackOptions; woundThreshold: number; threshold: number } {
  if (typeof input !== "object" || input === null) throw new TypeError("An attack needs an input object {mode, attack, defence, wc, ac, …}");
  assertOneOf(input.mode, "Attack mode", ["melee", "ranged"] as const);
  assertNonNegativeInt(input.defenceRank, "Defence rank");
  assertNonNegativeInt(input.wc, "WC");
  assertNonNegativeInt(input.ac, "AC");
  const woundThreshold = input.woundThreshold ?? 5;
  assertPositiveInt(woundThreshold, "Wound threshold");
  if (input.unarmed !== undefined) assertBoolean(input.unarmed, "unarmed");
  if (input.defenderPhysique !== undefined) assertNonNegativeInt(input.defenderPhysique, "Defender's Physique");
  if (input.options !== undefined && (typeof input.options !== "object" || input.options === null)) throw new TypeError("Attack options must be an object");
  for (const k of Object.keys(input.options ?? {})) assertOneOf(k, "Attack option", OPTION_KEYS);
  const options: AttackOptions = { ...DEFAULT_ATTACK_OPTIONS, ...input.options };
  for (const k of OPTION_KEYS) assertBoolean(options[k], `Attack option ${k}`);
  validateDamageDice(input.damageDice, "Damage dice");
  validateDamageDice(input.protectionDice, "Protection dice");
  return { options, woundThreshold, threshold: attackThreshold(input.mode, input.defenceRank) };
}

/** Step 1's bar: hand-to-hand the total must exceed the dodge/parry rank; ranged it must reach 10. */
export function attackThreshold(mode: "melee" | "ranged", defenceRank: number): number {
  assertOneOf(mode, "Attack mode", ["melee", "ranged"] as const);
  assertNonNegativeInt(defenceRank, "Defence rank");
  return mode === "melee" ? defenceRank + 1 : UNOPPOSED_TARGET;
}

/** One attack, step by step, from a Dice source. Dice order: attack, defence, critical table, damage, protection. */
function attackFromDice(input: AttackInput, dice: Dice): AttackOutcome {
  const { options: o, woundThreshold, threshold } = validateAttackInput(input);
  const ca = normaliseCheck(input.attack);
  const cd = input.defence ? normaliseCheck(input.defence) : null;
  const miss = (attack: CheckResult, defence: CheckResult | null, reason: MissReason, margin: number | null): AttackOutcome => ({
    attack,
    threshold,
    defence,
    hit: false,
    missReason: reason,
    margin,
    band: null,
    criticalTriggered: false,
    critical: null,
    damageRoll: null,
    protectionRoll: null,
    damage: 0,
    stun: 0,
    wounds: 0,
    faces: attackFaces(dice, attack, defence),
  });

  // 1) Attack roll.
  const attack = completeCheck(ca, drawCheckDie(ca, dice, "attack"), threshold, dice, "attackFumble");
  if (attack.fumbleCheck?.fumbled || (o.variableOutcomes && attack.band === "fumble")) return miss(attack, null, "fumble", null);
  if (attack.autoFailure) return miss(attack, null, "autoFailure", null);
  if (!attack.success) return miss(attack, null, "belowThreshold", null);

  // 2) Defence roll.
  let defence: CheckResult | null = null;
  let margin: number;
  let band: Band;
  if (cd) {
    defence = completeCheck(cd, drawCheckDie(cd, dice, "defence"), attack.total, dice, "defenceFumble");
    margin = attack.total - defence.total;
    if (!defence.autoFailure && margin <= 0) return miss(attack, defence, "defended", margin);
    band = margin >= 1 ? bandForMargin(margin) : "marginal";
  } else {
    margin = attack.total - threshold;
    band = bandForMargin(margin);
  }
  const marginal = o.variableOutcomes && band === "marginal";
  const critical = o.variableOutcomes && band === "critical";

  // Critical table on an attacker's critical or a defender's fumble.
  const criticalTriggered = o.criticalTable && o.variableOutcomes && (critical || defence?.band === "fumble");
  const crit = criticalTriggered ? drawCritical(dice, "critical", input.criticalEntries) : null;

  // 3) Damage roll.
  const first = o.sameDie ? { faces: [...attack.faces.die], total: attack.dieTotal } : drawDamageDie(input.damageDice, dice, "damage");
  let kept = first;
  const totals = [first.total];
  if (o.rollTwice && (critical || marginal)) {
    const second = drawDamageDie(input.damageDice, dice, "damage");
    const useSecond = critical ? second.total > first.total : second.total < first.total;
    kept = useSecond ? second : first;
    totals.splice(0, 1, kept.total, (useSecond ? first : second).total);
  }
  const criticalBonus = crit?.damageBonus ?? 0;
  const marginBonus = o.addMargin ? margin : 0;
  let wcTotal = input.wc + kept.total + criticalBonus + marginBonus;
  const halved = marginal && !o.rollTwice && !o.halveMarginal;
  if (halved) wcTotal = Math.floor(wcTotal / 2);
  const damageRoll: DamageRoll = { faces: kept.faces, dice: totals, die: kept.total, wc: input.wc, criticalBonus, marginBonus, halved, total: wcTotal };

  // 4) Protection roll.
  let ac = input.ac;
  if (crit?.armor === "zero") ac = 0;
  else if (crit?.armor === "physiqueOnly") {
    if (input.defenderPhysique === undefined) throw new Error("The critical effect 'armour does not apply' needs the defender's Physique (defenderPhysique)");
    ac = armorClass(input.defenderPhysique, []);
  }
  const pdie = o.sameDie && defence ? { faces: [...defence.faces.die], total: defence.dieTotal } : drawDamageDie(input.protectionDice, dice, "protection");
  const protectionRoll: ProtectionRoll = { faces: pdie.faces, die: pdie.total, ac, total: ac + pdie.total };

  // 5) Apply damage.
  let damage = damageExchange(wcTotal, protectionRoll.total);
  if (marginal && o.halveMarginal) damage = Math.floor(damage / 2);
  return {
    attack,
    threshold,
    defence,
    hit: true,
    missReason: null,
    margin,
    band,
    criticalTriggered,
    critical: crit,
    damageRoll,
    protectionRoll,
    damage,
    stun: damage,
    wounds: woundsFromDamage({ damage, woundThreshold, unarmed: input.unarmed ?? false }),
    faces: attackFaces(dice, attack, defence),
  };
}

/** Roll one attack, step by step. Dice order: attack, defence, critical table, damage, protection. */
export function rollAttack(input: AttackInput, rng: RandomSource): AttackOutcome {
  return attackFromDice(input, rngDice(rng));
}

/** Classify an attack from the faces of every step (see AttackFaces). Never draws; refuses faces that do not fit. */
export function resolveAttack(input: AttackInput, faces: AttackFaces): AttackOutcome {
  validateAttackInput(input);
  if (typeof faces !== "object" || faces === null) throw new TypeError("Attack faces must be {attack, defence, critical, damage, protection}");
  const ca = normaliseCheck(input.attack);
  const called = (c: { callFour: boolean }, f: CheckFaces | null | undefined, name: string): readonly number[] => {
    if (f === null || f === undefined) return [];
    if (typeof f !== "object") throw new TypeError(`${name} faces must be {die, fumble}`);
    if (!c.callFour) return f.die;
    if (!Array.isArray(f.die) || f.die.length !== 1 || f.die[0] !== 4) throw new RangeError(`${name}: a called 4 reads faces [4], not [${String(f.die)}]`);
    return [];
  };
  const cd = input.defence ? normaliseCheck(input.defence) : null;
  if (!cd && faces.defence) throw new RangeError("Defence faces were given for an attack nobody defends");
  const dice = faceDice({
    attack: called(ca, faces.attack, "Attack"),
    attackFumble: faces.attack?.fumble ?? [],
    defence: cd ? called(cd, faces.defence, "Defence") : [],
    defenceFumble: faces.defence?.fumble ?? [],
    critical: faces.critical ?? [],
    damage: faces.damage ?? [],
    protection: faces.protection ?? [],
  });
  const outcome = attackFromDice(input, dice);
  dice.finish();
  return outcome;
}
