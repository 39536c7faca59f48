/**
 * Seed 002, "Trauma": a wound chart checked (checkWoundChart), what an attack that hit does
 * (resolveTrauma) and whether it hit (attackHit). Runtime code (combat and odds), apart from
 * rules/trauma.ts, which the data models use (the wound chart, penalties, healing):
 * docs/architecture.md "Load what the world needs".
 */
import { requireInt, requireKey, requireObject, requireNumber } from "./validate";
import { judgeDirect as judgeContest } from "./opposition";
import { CHECK_OUTCOMES, degreeOf, type CheckOutcome } from "./resolve";
import { type AttackInput, DAMAGE_TYPES, type DamageType, DEFAULT_WOUND_CHART, type DefenderInput, MAX_TRAUMA_VALUE, TRAUMA_KINDS, type TraumaKind, type Wound, type WoundChart, woundRow } from "./trauma";

/** Check a chart: non-empty, rising whole minDegree, whole non-negative penalties, positive times. */
export function checkWoundChart(chart: WoundChart): WoundChart {
  for (const kind of TRAUMA_KINDS) {
    const rows = chart[kind];
    if (!rows || rows.length === 0) throw new RangeError(`The ${kind} wound chart has no rows`);
    rows.forEach((r, i) => {
      requireInt(`${kind} row ${i + 1} minDegree`, r.minDegree, 0);
      if (i > 0 && r.minDegree <= rows[i - 1].minDegree) throw new RangeError(`The ${kind} wound chart's minDegree must rise (row ${i + 1})`);
      requireInt(`${kind} row ${i + 1} penaltyDice`, r.penaltyDice, 0);
      requireInt(`${kind} row ${i + 1} crossPenaltyDice`, r.crossPenaltyDice, 0);
      if (r.healingHours !== null) requireNumber(`${kind} row ${i + 1} healingHours`, r.healingHours, Number.MIN_VALUE);
      if (!/^[a-z][A-Za-z0-9]*$/.test(r.severity)) throw new RangeError(`${kind} row ${i + 1} severity must be a camelCase key, not "${r.severity}"`);
    });
  }
  return chart;
}

/** Everything an attack did, step by step, for a chat card. */
export interface TraumaResult {
  /** Attack degree after armor. */
  readonly degreeAfterArmor: number;
  /** The attack succeeded but the armor stopped it (the armor takes the effects). */
  readonly stoppedByArmor: boolean;
  readonly damageType: DamageType | null;
  /** Degree for damage: after armor + muscle power + weapon modifier − toughness (physical only). */
  readonly damageDegree: number;
  /**
   * The final Degree of Success read on the chart: damageDegree less the Physical Threshold
   * (physical attacks, lethal or nonlethal) or less the Mental Threshold (mental attacks).
   * Nonlethal damage splits this figure.
   */
  readonly finalDegree: number;
  /** Nonlethal damage: the physical and the mental share of finalDegree (null otherwise). */
  readonly split: { readonly physical: number; readonly mental: number } | null;
  readonly wounds: readonly Wound[];
}

function wound(kind: TraumaKind, degree: number, nonlethal: boolean, chart: WoundChart): Wound | null {
  let r = woundRow(kind, degree, chart);
  if (r === null) return null;
  if (nonlethal && r.fatal) {
    const safe = chart[kind].filter((x) => !x.fatal);
    if (safe.length === 0) return null;
    r = safe[safe.length - 1];
    return { kind, degree: r.minDegree, severity: r.severity, nonlethal };
  }
  return { kind, degree, severity: r.severity, nonlethal };
}

/**
 * Resolve the trauma of an attack that succeeded, in the order the seed's "Trauma" section gives
 * (docs/rules/pool.md, "Trauma"): armor first (a result below 0 means the armor stopped it);
 * physical attacks then add Muscle Power and the weapon modifier and subtract Toughness and the
 * Physical Threshold — "in addition to the Physical Threshold" — which gives the final Degree of
 * Success. Lethal damage reads it on the physical chart; nonlethal damage splits it evenly between
 * a physical and a mental wound, the odd point physical, with no further threshold. Mental attacks:
 * degree after armor − Mental Threshold on the mental chart.
 */
export function resolveTrauma(attack: AttackInput, defender: DefenderInput, chart: WoundChart = DEFAULT_WOUND_CHART): TraumaResult {
  requireObject("attack", attack);
  requireObject("defender", defender);
  const degree = requireInt("attack degree", attack.degree, 0, MAX_TRAUMA_VALUE);
  requireKey("trauma kind", attack.trauma, TRAUMA_KINDS);
  const muscle = requireInt("musclePower", attack.musclePower ?? 0, -MAX_TRAUMA_VALUE, MAX_TRAUMA_VALUE);
  const weapon = requireInt("weaponModifier", attack.weaponModifier ?? 0, -MAX_TRAUMA_VALUE, MAX_TRAUMA_VALUE);
  const pt = requireInt("physicalThreshold", defender.physicalThreshold, -MAX_TRAUMA_VALUE, MAX_TRAUMA_VALUE);
  const mt = requireInt("mentalThreshold", defender.mentalThreshold, -MAX_TRAUMA_VALUE, MAX_TRAUMA_VALUE);
  const toughness = requireInt("toughness", defender.toughness, -MAX_TRAUMA_VALUE, MAX_TRAUMA_VALUE);
  if (attack.armor !== undefined) requireObject("armor", attack.armor);
  const armorRating = requireInt("armor rating", attack.armor?.rating ?? 0, 0, MAX_TRAUMA_VALUE);
  const degreeAfterArmor = degree - armorRating;
  const stoppedByArmor = degreeAfterArmor < 0;
  if (attack.trauma === "mental") {
    const finalDegree = degreeAfterArmor - mt;
    const w = stoppedByArmor ? null : wound("mental", finalDegree, false, chart);
    return { degreeAfterArmor, stoppedByArmor, damageType: null, damageDegree: degreeAfterArmor, finalDegree, split: null, wounds: w ? [w] : [] };
  }
  let damageType = requireKey("damage type", attack.damageType ?? "lethal", DAMAGE_TYPES);
  if (damageType === "lethal" && attack.armor?.convertsLethal === true) damageType = "nonlethal";
  const damageDegree = degreeAfterArmor + muscle + weapon - toughness;
  const finalDegree = damageDegree - pt;
  const split = damageType === "nonlethal" && finalDegree >= 0 ? { physical: Math.ceil(finalDegree / 2), mental: Math.floor(finalDegree / 2) } : null;
  if (stoppedByArmor) return { degreeAfterArmor, stoppedByArmor, damageType, damageDegree, finalDegree, split, wounds: [] };
  const wounds: Wound[] = [];
  if (damageType === "lethal") {
    const w = wound("physical", finalDegree, false, chart);
    if (w) wounds.push(w);
  } else if (split) {
    // The physical share takes the odd point and the hit itself (a hit of final degree 0 is the
    // lightest physical wound, as a lethal one); the mental share is a wound only when it holds a
    // point, so a nonlethal hit never costs more Penalty dice than a lethal hit of the same final
    // degree on the default chart (docs/rules/pool.md, "Nonlethal damage", issue 19.14).
    const physical = wound("physical", split.physical, true, chart);
    const mental = split.mental > 0 ? wound("mental", split.mental, true, chart) : null;
    if (physical) wounds.push(physical);
    if (mental) wounds.push(mental);
  }
  return { degreeAfterArmor, stoppedByArmor, damageType, damageDegree, finalDegree, split, wounds };
}

/** A rolled check as the attack step reads it. */
export interface RolledSide {
  readonly total: number;
  readonly outcome: CheckOutcome;
  /** How the side was resolved; a defence "dicePhobe" (an NPC that does not roll) sets the attack's Difficulty. */
  readonly mode?: string;
}

/** How an attack went before trauma: whether it hit, and the Degree of Success the trauma rules read. */
export interface AttackHit {
  readonly hit: boolean;
  /** Degree of Success of the attack (0 when it missed). */
  readonly degree: number;
  /**
   * "opposed" (direct opposition: the defender rolled), "unopposed" (against the attack's
   * Difficulty) or "phobe" (the defender's dice-phobe total is the Difficulty: "NPC actions").
   */
  readonly against: "opposed" | "unopposed" | "phobe";
  /** Direct opposition: the contest's outcome. Unopposed: null. */
  readonly contest: "firstTriumphs" | "secondTriumphs" | "tie" | "neither" | null;
}

/**
 * Breadbox's reading of "how an attack's degree becomes damage" (docs/rules/pool.md, "Foundry
 * side: combat"). Opposed by the defender's roll, the attack is a direct opposition ("parrying a
 * sword"): it hits only if it triumphs, with the degree of success the contest gives (the lower
 * roll as the Difficulty); a tie keeps the status quo (a miss); a botched attack never hits.
 * Unopposed, the attack is a check against its Difficulty: it hits on a success, with that
 * success's degree. A defender who takes the dice-phobe total (an NPC that does not roll) sets the
 * attack's Difficulty instead, as the seed's "NPC actions" says: the attack hits at or above it. The degree then goes to resolveTrauma unchanged.
 */
export function attackHit(input: { readonly attack: RolledSide & { readonly degree: number }; readonly defence?: RolledSide | null }): AttackHit {
  requireObject("attack hit", input);
  requireObject("attack", input.attack);
  const attackBotch = requireKey("attack outcome", input.attack.outcome, CHECK_OUTCOMES) === "botch";
  if (input.defence !== undefined && input.defence !== null) {
    requireObject("defence", input.defence);
    const defenceBotch = requireKey("defence outcome", input.defence.outcome, CHECK_OUTCOMES) === "botch";
    if (input.defence.mode === "dicePhobe") {
      // "For directly opposed actions, the dice phobes total becomes the Difficulty for the PC."
      const margin = requireInt("attack total", input.attack.total) - requireInt("defence total", input.defence.total);
      const hit = !attackBotch && margin >= 0;
      return { hit, degree: hit ? degreeOf(margin) : 0, against: "phobe", contest: null };
    }
    const j = judgeContest({ total: input.attack.total, botch: attackBotch }, { total: input.defence.total, botch: defenceBotch });
    return { hit: j.outcome === "firstTriumphs", degree: j.outcome === "firstTriumphs" ? j.degree : 0, against: "opposed", contest: j.outcome };
  }
  const degree = requireInt("attack degree", input.attack.degree, 0, MAX_TRAUMA_VALUE);
  const hit = input.attack.outcome === "success";
  return { hit, degree: hit ? degree : 0, against: "unopposed", contest: null };
}
