/**
 * What the Flange data models read of combat (seed 004 "Combat"): weapons and their notation, the
 * combat limits, the simultaneous-action hands, the defences. Moved out of combat.ts (which re-exports
 * it) so the initial JavaScript does not carry the combat engine (docs/architecture.md "Load what the
 * world needs").
 */
import { dictFrom, own } from "../../../dice/dict";
import { assertInt, isAttribute, type AttributeKey } from "./character";

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
export const DAMAGE_DOTS_MAX = 20;
export const DAMAGE_MODIFIER_MAX = 99;
/**
 * Most dice one damage roll rolls. A damage roll asked for directly with more is refused; in an
 * exchange, where the attack's successes (an open end through extra dice) add dice, the damage
 * roll stops at this many (`damageDiceCapped`).
 */
export const DAMAGE_DICE_MAX = 40;
/** Longest weapon notation the parsers read (a damage box, a range, a stat line). */
export const NOTATION_MAX_LENGTH = 200;

function checkNotation(text: unknown, what: string, example: string): string {
  if (typeof text !== "string") throw new RangeError(`${what} must be text like "${example}", not ${String(text)}`);
  if (text.length > NOTATION_MAX_LENGTH) throw new RangeError(`${what} is longer than ${NOTATION_MAX_LENGTH} characters`);
  return text;
}

/**
 * Parse a damage box like "●●+2", "●-1", "-3", "2+1" (a leading number = dots) or "-" (no dice,
 * no modifier). The minus may be typed as "-", "−" (minus sign) or "–" (en dash).
 */
export function parseDamage(text: string): { damageDice: number; damageModifier: number } {
  checkNotation(text, "Damage", "●●+2");
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
  const s = checkNotation(text, "A weapon range", "short").trim().toLowerCase();
  if (s === "-" || s === "–" || s === "melee") return "melee";
  if (s === "short" || s === "medium" || s === "long") return s;
  throw new RangeError(`Unknown weapon range "${text}"`);
}

/** Abbreviations a weapon line may use (a null-prototype record: "constructor" is just unknown). */
const ATTRIBUTE_ABBREVIATIONS: Readonly<Record<string, AttributeKey>> = dictFrom<AttributeKey>([
  ["str", "strength"],
  ["ath", "athleticism"],
  ["con", "constitution"],
  ["per", "perception"],
  ["dex", "dexterity"],
  ["app", "appearance"],
  ["pers", "personality"],
  ["sub", "subtlety"],
  ["int", "intellect"],
]);

/** Parse a weapon line as the seed prints it: "Str/-/-3", "Ath/Short/●-1". */
export function parseWeapon(name: string, stats: string): Weapon {
  if (typeof name !== "string" || name.trim() === "") throw new RangeError("A weapon needs a name");
  checkNotation(stats, "Weapon stats", "Ath/Short/●-1");
  const parts = stats.split("/");
  if (parts.length !== 3) throw new RangeError(`Weapon stats "${stats}" need attribute/range/damage`);
  const a = parts[0].trim().toLowerCase();
  const attribute = own(ATTRIBUTE_ABBREVIATIONS, a) ?? (isAttribute(a) ? a : undefined);
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


/** Limits of the initiative numbers (docs/rules/flange.md "Limits"). */
export const INITIATIVE_TOTAL_MAX = 9999;
export const INITIATIVE_MODIFIER_MAX = 999;
export const FAILED_BLOCKS_MAX = 99;

/** Simultaneous action: the hands of paper-scissors-stone and the action each one means. */
export const SIMULTANEOUS_HANDS = { scissors: "attack", paper: "dodge", stone: "block" } as const;
export type SimultaneousHand = keyof typeof SIMULTANEOUS_HANDS;
export type SimultaneousChoice = (typeof SIMULTANEOUS_HANDS)[SimultaneousHand];
/** How an attack made during simultaneous action is met: not at all, by a dodge, or by a block. */
export type SimultaneousDefence = "none" | "dodge" | "block";

export const DEFENCES = ["counterattack", "dodge", "block"] as const;
export type DefenceKind = (typeof DEFENCES)[number];
export const BLOCK_WITH = ["object", "body"] as const;
export type BlockWith = (typeof BLOCK_WITH)[number];
export const BLOCK_OUTCOMES = ["negated", "halved", "failed"] as const;
export type BlockOutcome = (typeof BLOCK_OUTCOMES)[number];
/** Armour a defender may wear (a modifier on the damage). */
export const ARMOUR_MAX = 99;

/** Highest round number the tracker state accepts. */
export const COMBAT_ROUND_MAX = 9999;
