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

/** The largest attack degree, armor rating, Muscle Power, weapon modifier, Toughness or threshold (either sign). */
export const MAX_TRAUMA_VALUE = 10_000;

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
