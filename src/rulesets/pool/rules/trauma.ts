/**
 * Seed 002, "Armor", "Trauma" and "Healing": armor lowers the attack's degree of success (and
 * may turn lethal damage nonlethal); muscle power and weapon modifier add, toughness and the
 * threshold subtract; the result is read on a wound chart; nonlethal damage splits between
 * physical and mental wounds; healing time per wound scales with Immune System or Stamina.
 *
 * The seed refers to a wound chart it never prints. DEFAULT_WOUND_CHART is Breadbox's chart
 * (see docs/rules/pool.md); it is plain data and a GM may pass another.
 */
import { requireInt, requireKey, requireNumber, requireObject } from "./validate";
import { judgeDirect as judgeContest } from "./opposition";
import { CHECK_OUTCOMES, degreeOf, type CheckOutcome } from "./resolve";

export const TRAUMA_KINDS = ["physical", "mental"] as const;
export type TraumaKind = (typeof TRAUMA_KINDS)[number];

export const DAMAGE_TYPES = ["lethal", "nonlethal"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** Stable keys of the wound severities of the default chart. */
export const WOUND_SEVERITIES = ["light", "moderate", "serious", "severe", "critical", "incapacitating", "fatal"] as const;
export type WoundSeverity = (typeof WOUND_SEVERITIES)[number];

/** One row of a wound chart: the wound dealt by a final degree of at least `minDegree`. */
export interface WoundRow {
  readonly minDegree: number;
  /** Localization key of the wound (any camelCase key for a custom chart). */
  readonly severity: string;
  /** Penalty dice on activity of the wound's own kind. */
  readonly penaltyDice: number;
  /** Penalty dice on activity of the other kind (the parenthesised figure). */
  readonly crossPenaltyDice: number;
  /** Healing time per wound, in hours, at governing attribute 0; null = does not heal on its own. */
  readonly healingHours: number | null;
  /** The victim can no longer act (unconscious, or broken for mental wounds). */
  readonly incapacitating: boolean;
  /** The victim dies (physical) or is permanently broken (mental). */
  readonly fatal: boolean;
}

/** A chart per trauma kind; rows in rising minDegree. */
export type WoundChart = Readonly<Record<TraumaKind, readonly WoundRow[]>>;

const HOUR = 1;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function row(minDegree: number, severity: WoundSeverity, penaltyDice: number, crossPenaltyDice: number, healingHours: number | null, incapacitating = false, fatal = false): WoundRow {
  return { minDegree, severity, penaltyDice, crossPenaltyDice, healingHours, incapacitating, fatal };
}

/**
 * One kind's rows of the default chart: both kinds share the ladder of degrees, penalties and
 * effects; only the healing times (light to incapacitating) differ.
 */
function defaultRows([light, moderate, serious, severe, critical, incapacitating]: readonly [number, number, number, number, number, number]): WoundRow[] {
  return [
    row(0, "light", 1, 0, light),
    row(1, "moderate", 1, 0, moderate),
    row(2, "serious", 2, 0, serious),
    row(3, "severe", 2, 1, severe),
    row(4, "critical", 3, 1, critical),
    row(5, "incapacitating", 4, 2, incapacitating, true),
    row(7, "fatal", 0, 0, null, true, true),
  ];
}

/** Breadbox's default wound chart (documented in docs/rules/pool.md). */
export const DEFAULT_WOUND_CHART: WoundChart = {
  physical: defaultRows([1 * DAY, 3 * DAY, 1 * WEEK, 2 * WEEK, 4 * WEEK, 8 * WEEK]),
  mental: defaultRows([1 * HOUR, 4 * HOUR, 1 * DAY, 3 * DAY, 1 * WEEK, 2 * WEEK]),
};

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

/** The chart row for a final degree, or null for no wound (degree below the first row). */
export function woundRow(kind: TraumaKind, degree: number, chart: WoundChart = DEFAULT_WOUND_CHART): WoundRow | null {
  requireKey("trauma kind", kind, TRAUMA_KINDS);
  requireInt("degree", degree);
  let found: WoundRow | null = null;
  for (const r of chart[kind]) if (degree >= r.minDegree) found = r;
  return found;
}

/** Armor as the trauma rules see it. */
export interface ArmorSpec {
  /** Degrees of success it removes from an attack it affects (≥ 0). */
  readonly rating: number;
  /** Whether it turns lethal damage it affects into nonlethal damage. */
  readonly convertsLethal: boolean;
}

/** An attack that hit: its degree of success and what the damage rules need. */
export interface AttackInput {
  /** Degree of success of the attack roll (≥ 0). */
  readonly degree: number;
  readonly trauma: TraumaKind;
  /** For physical attacks: lethal or nonlethal. Mental attacks ignore it. */
  readonly damageType?: DamageType;
  /** Attacker's Muscle Power, for physically powered weapons (0 otherwise). */
  readonly musclePower?: number;
  /** Weapon damage modifier (added). */
  readonly weaponModifier?: number;
  /** Armor that can affect this attack (the Storyguide decides which armor applies). */
  readonly armor?: ArmorSpec;
}

/** The defender's values. */
export interface DefenderInput {
  readonly physicalThreshold: number;
  readonly mentalThreshold: number;
  readonly toughness: number;
}

/** One wound dealt. */
export interface Wound {
  readonly kind: TraumaKind;
  /** Final degree read on the chart. */
  readonly degree: number;
  readonly severity: string;
  /** Dealt by nonlethal damage (heals like its severity, never fatal). */
  readonly nonlethal: boolean;
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

/** The largest attack degree, armor rating, Muscle Power, weapon modifier, Toughness or threshold (either sign). */
export const MAX_TRAUMA_VALUE = 10_000;

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

/** Cumulative penalty dice from a character's wounds, on physical and on mental activity. */
export function woundPenalties(wounds: readonly Pick<Wound, "kind" | "degree">[], chart: WoundChart = DEFAULT_WOUND_CHART): Record<TraumaKind, number> {
  const out: Record<TraumaKind, number> = { physical: 0, mental: 0 };
  for (const w of wounds) {
    const r = woundRow(w.kind, w.degree, chart);
    if (r === null) continue;
    const other: TraumaKind = w.kind === "physical" ? "mental" : "physical";
    out[w.kind] += r.penaltyDice;
    out[other] += r.crossPenaltyDice;
  }
  return out;
}

/**
 * The Penalty dice of nonlethal wounds that knock a character out, by default: the penalty of the
 * chart's first incapacitating physical row (4 on the default chart), or null when it has none.
 */
export function defaultKnockoutPenalty(chart: WoundChart = DEFAULT_WOUND_CHART): number | null {
  return chart.physical.find((r) => r.incapacitating && !r.fatal)?.penaltyDice ?? null;
}

/** How wounds add up to a knockout (Breadbox's, docs/rules/pool.md, "Nonlethal damage"). */
export interface KnockoutRule {
  /**
   * Nonlethal damage knocks out (incapacitates) once the Penalty dice of the character's nonlethal
   * wounds, each on its own kind, add up to this many; null or 0 = never by adding up (only a
   * wound on an incapacitating row). Default: `defaultKnockoutPenalty(chart)`.
   */
  readonly knockoutPenalty?: number | null;
}

/** Whether any wound incapacitates, whether nonlethal wounds add up to a knockout, and whether any wound is fatal. */
export function woundState(wounds: readonly (Pick<Wound, "kind" | "degree"> & { readonly nonlethal?: boolean })[], chart: WoundChart = DEFAULT_WOUND_CHART, rule: KnockoutRule = {}): { incapacitated: boolean; knockedOut: boolean; dead: boolean } {
  const limit = rule.knockoutPenalty === undefined ? defaultKnockoutPenalty(chart) : rule.knockoutPenalty === null ? null : requireInt("knockout penalty", rule.knockoutPenalty, 0, MAX_TRAUMA_VALUE);
  let incapacitated = false;
  let dead = false;
  let nonlethalPenalty = 0;
  for (const w of wounds) {
    const r = woundRow(w.kind, w.degree, chart);
    if (r?.incapacitating) incapacitated = true;
    if (r?.fatal) dead = true;
    if (r && w.nonlethal === true) nonlethalPenalty += r.penaltyDice;
  }
  const knockedOut = limit !== null && limit > 0 && nonlethalPenalty >= limit;
  return { incapacitated: incapacitated || knockedOut, knockedOut, dead };
}

/** The attribute that governs healing: Immune System for physical wounds, Stamina for mental. */
export const HEALING_ATTRIBUTE: Readonly<Record<TraumaKind, "immuneSystem" | "stamina">> = { physical: "immuneSystem", mental: "stamina" };

/** Scale a base healing time by the governing attribute: ÷ a positive score, × |a negative score|. */
export function scaleHealingTime(input: { readonly baseHours: number; readonly governingAttribute: number }): number {
  requireObject("healing time", input);
  const baseHours = requireNumber("base healing time", input.baseHours, 0);
  const governingAttribute = requireInt("governing attribute", input.governingAttribute);
  if (governingAttribute > 0) return baseHours / governingAttribute;
  if (governingAttribute < 0) return baseHours * -governingAttribute;
  return baseHours;
}

/**
 * Hours for one wound to heal with rest and stabilised, or null if it does not heal on its own.
 * `stepsWorse` moves it up the chart for constant activity (Storyguide's call).
 */
export function healingHours(w: Pick<Wound, "kind" | "degree">, options: { governingAttribute: number; stepsWorse?: number; chart?: WoundChart }): number | null {
  requireObject("wound", w);
  requireObject("healing options", options);
  const chart = options.chart ?? DEFAULT_WOUND_CHART;
  const steps = requireInt("stepsWorse", options.stepsWorse ?? 0, 0, 1_000);
  const rows = chart[w.kind];
  const r = woundRow(w.kind, w.degree, chart);
  if (r === null) return 0;
  const idx = Math.min(rows.length - 1, rows.indexOf(r) + steps);
  const hours = rows[idx].healingHours;
  return hours === null ? null : scaleHealingTime({ baseHours: hours, governingAttribute: options.governingAttribute });
}
