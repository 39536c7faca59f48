/**
 * The optional combat tables (seed ch. 4 "(Attack Critical or Defend Fumble)", "(Hit Location)").
 * Both are data: a GM may pass a replacement table to the roll functions.
 */
import type { RandomSource } from "../../../dice/random";
import { dict, own } from "../../../dice/dict";
import type { Dice } from "./dice";
import { rngDice } from "./dice";
import { faceDice } from "./check-faces";
import { drawnFaces } from "./dice-rolls";

export type CriticalCategory = "A" | "B" | "C" | "D";

export interface CriticalEntry {
  /** d10* range of the row, inclusive. */
  d10: readonly [number, number];
  /** d6 range of the line, inclusive. */
  d6: readonly [number, number];
  category: CriticalCategory | null;
  key: string;
  label: string;
  /** D: added to the damage roll. */
  damageBonus?: number;
  /** C: how the defender's AC changes. */
  armor?: "physiqueOnly" | "zero";
  /** B: penalty to all the defender's actions next round. */
  nextRoundPenalty?: number;
  /** B: the defender falls down. */
  falls?: boolean;
}

export const CRITICAL_CATEGORY_LABELS: Readonly<Record<CriticalCategory, string>> = {
  A: "Defender loses weapon",
  B: "Defender is left off balance and out of position",
  C: "Attack bypasses defender's protection",
  D: "Attack does extra damage",
};

export const CRITICAL_TABLE: readonly CriticalEntry[] = [
  { d10: [0, 0], d6: [1, 3], category: null, key: "attackerGraceful", label: "The attacker appeared exceptionally graceful and skilled" },
  { d10: [0, 0], d6: [4, 6], category: null, key: "defenderClumsy", label: "The defender appeared exceptionally clumsy and inept" },
  { d10: [1, 2], d6: [1, 3], category: "A", key: "weaponDropped", label: "Weapon dropped to ground at defender's feet" },
  { d10: [1, 2], d6: [4, 5], category: "A", key: "weaponOutOfReach", label: "Weapon dropped out of reach of defender" },
  { d10: [1, 2], d6: [6, 6], category: "A", key: "weaponBreaks", label: "Weapon breaks and is unusable" },
  { d10: [3, 4], d6: [1, 3], category: "B", key: "offBalanceMinus2", label: "Defender suffers -2 penalty to all actions next round", nextRoundPenalty: -2 },
  { d10: [3, 4], d6: [4, 5], category: "B", key: "offBalanceMinus4", label: "Defender suffers -4 penalty to all actions next round", nextRoundPenalty: -4 },
  { d10: [3, 4], d6: [6, 6], category: "B", key: "tripsAndFalls", label: "Defender trips and falls to ground", falls: true },
  { d10: [5, 6], d6: [1, 4], category: "C", key: "armorIgnored", label: "AC bonus from armor does not apply; use Physique only", armor: "physiqueOnly" },
  { d10: [5, 6], d6: [5, 6], category: "C", key: "armorZero", label: "AC equals zero", armor: "zero" },
  { d10: [7, 8], d6: [1, 3], category: "D", key: "extraDamage2", label: "Add 2 to the damage roll", damageBonus: 2 },
  { d10: [7, 8], d6: [4, 5], category: "D", key: "extraDamage5", label: "Add 5 to the damage roll", damageBonus: 5 },
  { d10: [7, 8], d6: [6, 6], category: "D", key: "extraDamage10", label: "Add 10 to the damage roll", damageBonus: 10 },
];

/** The "multiple effects" row (d10* 9): the first d6 says how many categories, a second d6 which. */
export const CRITICAL_MULTIPLE_ROW: readonly { d6: readonly [number, number]; key: string; combos: readonly { d6: readonly [number, number]; categories: readonly CriticalCategory[] }[] }[] = [
  {
    d6: [1, 3],
    key: "twoCategories",
    combos: [
      { d6: [1, 1], categories: ["A", "B"] },
      { d6: [2, 2], categories: ["A", "C"] },
      { d6: [3, 3], categories: ["A", "D"] },
      { d6: [4, 4], categories: ["B", "C"] },
      { d6: [5, 5], categories: ["B", "D"] },
      { d6: [6, 6], categories: ["C", "D"] },
    ],
  },
  {
    d6: [4, 5],
    key: "threeCategories",
    combos: [
      { d6: [1, 2], categories: ["A", "B", "C"] },
      { d6: [3, 4], categories: ["A", "C", "D"] },
      { d6: [5, 6], categories: ["B", "C", "D"] },
    ],
  },
  { d6: [6, 6], key: "allCategories", combos: [{ d6: [1, 6], categories: ["A", "B", "C", "D"] }] },
];

const within = (v: number, r: readonly [number, number]): boolean => v >= r[0] && v <= r[1];

export function criticalEntryFor(d10: number, d6: number, table: readonly CriticalEntry[] = CRITICAL_TABLE): CriticalEntry {
  const e = table.find((row) => within(d10, row.d10) && within(d6, row.d6));
  if (!e) throw new RangeError(`The critical table has no entry for d10* ${d10} and d6 ${d6}`);
  return e;
}

function entryInCategory(category: CriticalCategory, d6: number, table: readonly CriticalEntry[]): CriticalEntry {
  const e = table.find((row) => row.category === category && within(d6, row.d6));
  if (!e) throw new RangeError(`The critical table has no category ${category} entry for d6 ${d6}`);
  return e;
}

export interface CriticalRoll {
  d10: number;
  d6: number;
  /** For the multiple-effects row: the d6 that picked the categories, and the categories. */
  combo: { d6: number; categories: readonly CriticalCategory[] } | null;
  /** One d6 per category rolled on the multiple-effects row, in category order. */
  categoryRolls: readonly { category: CriticalCategory; d6: number }[];
  effects: CriticalEntry[];
  /** Sum of the damage bonuses of all effects. */
  damageBonus: number;
  /** The strongest armour effect among the effects ("zero" beats "physiqueOnly"). */
  armor: "physiqueOnly" | "zero" | null;
  /** Every die in the order drawn: d10*, d6, then (row 9) the combination d6 and one d6 per category. */
  faces: number[];
}

/** Roll on the critical table: d10* then d6; on a 9 the categories are picked and each rolled with its own d6. */
export function rollCritical(rng: RandomSource, table: readonly CriticalEntry[] = CRITICAL_TABLE): CriticalRoll {
  return drawCritical(rngDice(rng), "critical", table);
}

/** Read the critical table from faces already rolled (d10*, d6, …, as CriticalRoll.faces). Never draws. */
export function resolveCritical(faces: readonly number[], table: readonly CriticalEntry[] = CRITICAL_TABLE): CriticalRoll {
  const dice = faceDice({ critical: faces });
  const r = drawCritical(dice, "critical", table);
  dice.finish();
  return r;
}

/** The critical table from a Dice source (one stream). */
export function drawCritical(dice: Dice, stream: string, table: readonly CriticalEntry[] = CRITICAL_TABLE): CriticalRoll {
  const before = drawnFaces(dice, stream).length;
  const d10 = dice.d10star(stream);
  const d6 = dice.d6(stream);
  let effects: CriticalEntry[];
  let combo: CriticalRoll["combo"] = null;
  const categoryRolls: { category: CriticalCategory; d6: number }[] = [];
  if (d10 === 9) {
    const row = CRITICAL_MULTIPLE_ROW.find((r) => within(d6, r.d6));
    if (!row) throw new RangeError(`No multiple-effects line for d6 ${d6}`);
    const comboRoll = row.combos.length > 1 ? dice.d6(stream) : 1;
    const pick = row.combos.find((c) => within(comboRoll, c.d6));
    if (!pick) throw new RangeError(`No category combination for d6 ${comboRoll}`);
    combo = { d6: comboRoll, categories: pick.categories };
    effects = pick.categories.map((category) => {
      const roll = dice.d6(stream);
      categoryRolls.push({ category, d6: roll });
      return entryInCategory(category, roll, table);
    });
  } else {
    effects = [criticalEntryFor(d10, d6, table)];
  }
  const damageBonus = effects.reduce((s, e) => s + (e.damageBonus ?? 0), 0);
  const armor = effects.some((e) => e.armor === "zero") ? "zero" : effects.some((e) => e.armor === "physiqueOnly") ? "physiqueOnly" : null;
  return { d10, d6, combo, categoryRolls, effects, damageBonus, armor, faces: drawnFaces(dice, stream).slice(before) };
}

export interface HitLocationEntry {
  d10: readonly [number, number];
  d6: readonly [number, number];
  area: string;
  areaLabel: string;
  location: string;
  label: string;
}

const AREA_LABELS: Readonly<Record<string, string>> = {
  headNeck: "Head/Neck",
  torso: "Torso",
  leftArm: "Left Arm",
  rightArm: "Right Arm",
  leftLeg: "Left Leg",
  rightLeg: "Right Leg",
};

function area(d10: readonly [number, number], key: string, lines: readonly [readonly [number, number], string, string][]): HitLocationEntry[] {
  return lines.map(([d6, location, label]) => ({ d10, d6, area: key, areaLabel: own(AREA_LABELS, key) ?? key, location, label }));
}

const ARM: readonly [readonly [number, number], string, string][] = [
  [[1, 1], "hand", "Hand"],
  [[2, 3], "forearm", "Forearm"],
  [[4, 4], "elbow", "Elbow"],
  [[5, 6], "upperArm", "Upper Arm"],
];
const LEG: readonly [readonly [number, number], string, string][] = [
  [[1, 1], "footAnkle", "Foot/Ankle"],
  [[2, 3], "shinCalf", "Shin/Calf"],
  [[4, 4], "knee", "Knee"],
  [[5, 6], "thigh", "Thigh"],
];

export const HIT_LOCATION_TABLE: readonly HitLocationEntry[] = [
  ...area([0, 0], "headNeck", [
    [[1, 1], "neckThroat", "Neck/Throat"],
    [[2, 2], "jawMouth", "Jaw/Mouth"],
    [[3, 3], "eyesNose", "Eyes/Nose"],
    [[4, 4], "ear", "Ear (either)"],
    [[5, 6], "foreheadSkull", "Forehead/Skull"],
  ]),
  ...area([1, 3], "torso", [
    [[1, 1], "shoulder", "Shoulder (either)"],
    [[2, 3], "chestUpperBack", "Chest/Upper Back"],
    [[4, 5], "abdomenLowerBack", "Abdomen/Lower Back"],
    [[6, 6], "hipsGroin", "Hips/Groin"],
  ]),
  ...area([4, 4], "leftArm", ARM),
  ...area([5, 5], "rightArm", ARM),
  ...area([6, 7], "leftLeg", LEG),
  ...area([8, 9], "rightLeg", LEG),
];

export function hitLocationFor(d10: number, d6: number, table: readonly HitLocationEntry[] = HIT_LOCATION_TABLE): HitLocationEntry {
  const e = table.find((row) => within(d10, row.d10) && within(d6, row.d6));
  if (!e) throw new RangeError(`The hit-location table has no entry for d10* ${d10} and d6 ${d6}`);
  return e;
}

/** Roll a d10* and a d6 (not added) and read the hit location. */
export function rollHitLocation(rng: RandomSource, table: readonly HitLocationEntry[] = HIT_LOCATION_TABLE): HitLocationRoll {
  const dice = rngDice(rng);
  return hitLocationFrom(dice.d10star("location"), dice.d6("location"), table);
}

export interface HitLocationRoll {
  d10: number;
  d6: number;
  area: string;
  location: string;
  entry: HitLocationEntry;
  /** [d10*, d6]. */
  faces: number[];
}

function hitLocationFrom(d10: number, d6: number, table: readonly HitLocationEntry[]): HitLocationRoll {
  const entry = hitLocationFor(d10, d6, table);
  return { d10, d6, area: entry.area, location: entry.location, entry, faces: [d10, d6] };
}

/** Read the hit-location table from faces already rolled: [d10*, d6]. Never draws. */
export function resolveHitLocation(faces: readonly number[], table: readonly HitLocationEntry[] = HIT_LOCATION_TABLE): HitLocationRoll {
  const dice = faceDice({ location: faces });
  const r = hitLocationFrom(dice.d10star("location"), dice.d6("location"), table);
  dice.finish();
  return r;
}

/** One summarised outcome of the critical table: what it does to the damage exchange. */
export interface CriticalOutcome {
  damageBonus: number;
  armor: "physiqueOnly" | "zero" | null;
  p: number;
}

export interface CriticalTableOdds {
  /** Probability that each effect key is among the effects of one roll on the table. */
  effects: Record<string, number>;
  /** Probability of each (damage bonus, armour effect) pair, the part resolveAttack applies. */
  outcomes: CriticalOutcome[];
}

/**
 * Exact odds of one roll on the critical table, enumerating the dice exactly as rollCritical draws
 * them: d10*, d6, and on a 9 the combination d6 (when the line has several) and one d6 per category.
 */
export function criticalTableOdds(table: readonly CriticalEntry[] = CRITICAL_TABLE): CriticalTableOdds {
  // Keys come from the table, which a GM may replace: a null-prototype record ("constructor" is a key like any other).
  const effects = dict<number>();
  const outcomes = new Map<string, CriticalOutcome>();
  const record = (picked: readonly CriticalEntry[], p: number): void => {
    for (const e of picked) effects[e.key] = (effects[e.key] ?? 0) + p;
    const damageBonus = picked.reduce((s, e) => s + (e.damageBonus ?? 0), 0);
    const armor = picked.some((e) => e.armor === "zero") ? "zero" : picked.some((e) => e.armor === "physiqueOnly") ? "physiqueOnly" : null;
    const key = `${damageBonus}|${armor ?? ""}`;
    const o = outcomes.get(key);
    if (o) o.p += p;
    else outcomes.set(key, { damageBonus, armor, p });
  };
  const eachCategoryRoll = (cats: readonly CriticalCategory[], acc: CriticalEntry[], p: number): void => {
    if (acc.length === cats.length) return record(acc, p);
    for (let d6 = 1; d6 <= 6; d6++) eachCategoryRoll(cats, [...acc, entryInCategory(cats[acc.length], d6, table)], p / 6);
  };
  for (let d10 = 0; d10 <= 9; d10++) {
    for (let d6 = 1; d6 <= 6; d6++) {
      const p = 1 / 60;
      if (d10 !== 9) {
        record([criticalEntryFor(d10, d6, table)], p);
        continue;
      }
      const row = CRITICAL_MULTIPLE_ROW.find((r) => within(d6, r.d6));
      if (!row) throw new RangeError(`No multiple-effects line for d6 ${d6}`);
      if (row.combos.length === 1) {
        eachCategoryRoll(row.combos[0].categories, [], p);
        continue;
      }
      for (let c = 1; c <= 6; c++) {
        const pick = row.combos.find((x) => within(c, x.d6));
        if (!pick) throw new RangeError(`No category combination for d6 ${c}`);
        eachCategoryRoll(pick.categories, [], p / 6);
      }
    }
  }
  return { effects, outcomes: [...outcomes.values()] };
}

/** Exact probability of each body area and of each area/location pair on the hit-location table. */
export function hitLocationOdds(table: readonly HitLocationEntry[] = HIT_LOCATION_TABLE): { areas: Record<string, number>; locations: Record<string, number> } {
  const areas = dict<number>();
  const locations = dict<number>();
  for (let d10 = 0; d10 <= 9; d10++) {
    for (let d6 = 1; d6 <= 6; d6++) {
      const e = hitLocationFor(d10, d6, table);
      areas[e.area] = (areas[e.area] ?? 0) + 1 / 60;
      const k = `${e.area}.${e.location}`;
      locations[k] = (locations[k] ?? 0) + 1 / 60;
    }
  }
  return { areas, locations };
}
