/**
 * Combat as played (seed: "Combat"): initiative, shields, range bands, weapon length, defences,
 * the damage exchange and the book's weapon and armor lists. Runtime code (combat, sheets), apart from
 * rules/combat.ts, whose weapon and armor classes the data models derive: docs/architecture.md "Load
 * what the world needs".
 */
import { rowByKey } from "../../../dice/dict";
import type { RandomSource } from "../../../dice/random";
import { rollD10 } from "./dice";
import { assertBoolean, assertInt, assertIntInRange, assertNonNegativeInt, assertOneOf } from "./validate";
import { armorClass, SHIELD_BONUS, type ShieldSize, weaponClass } from "./combat";

/** Actions a character normally takes in one round. */
export const ACTIONS_PER_ROUND = 2;

/** One side of an initiative roll: Coordination and the GM's cut for extra automatic actions. */
export interface InitiativeSide {
  coordination: number;
  /** The GM's cut for extra automatic actions (drawing a gun: −3 in the seed's example). */
  modifier?: number;
}

/** Validate an initiative side and fill in the default modifier. */
export function initiativeSide(side: InitiativeSide): { coordination: number; modifier: number } {
  if (typeof side !== "object" || side === null) throw new TypeError("An initiative side needs {coordination, modifier}");
  assertNonNegativeInt(side.coordination, "Coordination");
  const modifier = side.modifier ?? 0;
  assertInt(modifier, "Initiative modifier");
  assertInt(side.coordination + modifier + 10, "Initiative total");
  return { coordination: side.coordination, modifier };
}

/** Initiative: a d10 (1..10, the 0 reads ten) plus Coordination, rolled every round. */
export function rollInitiative(input: InitiativeSide, rng: RandomSource): { die: number; total: number } {
  const { coordination, modifier } = initiativeSide(input);
  const die = rollD10(rng);
  return { die, total: die + coordination + modifier };
}

/** The seed's example cut to initiative for drawing a weapon during a round. */
export const DRAW_WEAPON_INITIATIVE = -3;

/** Order combatants by initiative, highest first (ties keep their given order). */
export function initiativeOrder<T extends { initiative: number }>(combatants: readonly T[]): T[] {
  for (const c of combatants) assertInt(c.initiative, "Initiative");
  return [...combatants].sort((x, y) => y.initiative - x.initiative);
}

/** Parry bonus of a shield, and the optional matching penalty to attacks made beside it. */
export function shieldModifiers(size: ShieldSize, attackPenalty: boolean): { parry: number; attack: number } {
  assertOneOf(size, "Shield size", ["small", "medium", "large"] as const);
  const bonus = SHIELD_BONUS[size];
  return { parry: bonus, attack: attackPenalty ? -bonus : 0 };
}

export const RANGE_BANDS: readonly { key: string; label: string; penalty: number }[] = [
  { key: "pointBlank", label: "Point Blank", penalty: 0 },
  { key: "short", label: "Short", penalty: -1 },
  { key: "medium", label: "Medium", penalty: -2 },
  { key: "long", label: "Long", penalty: -3 },
  { key: "extreme", label: "Extreme", penalty: -4 },
];

export function rangePenalty(key: string): number {
  return rowByKey(RANGE_BANDS, key, "range").penalty;
}

/** Shotgun: WC falls by 5 per point of range penalty (0 at extreme range, but damage is still rolled). */
export function shotgunWC(input: { baseWC: number; rangePenalty: number }): number {
  const { baseWC, rangePenalty } = input;
  assertNonNegativeInt(baseWC, "Base WC");
  assertIntInRange(rangePenalty, "Range penalty", -4, 0);
  return Math.max(0, baseWC + 5 * rangePenalty);
}

/** Weapon length: attacking from a non-optimum range is -2, or -1 if the lengths differ only slightly. */
export type WeaponLengthKey = "optimum" | "slightlyOff" | "offOptimum";

export const WEAPON_LENGTH_PENALTY: Readonly<Record<WeaponLengthKey, number>> = { optimum: 0, slightlyOff: -1, offOptimum: -2 };

/**
 * One attack under the weapon-length rule. `distance` is the reach the fight is at now (any label:
 * "pike", "sword", "dagger" …), `optimum` the reach of the attacker's weapon. At the attacker's own
 * reach there is no penalty; otherwise −2, or −1 when the GM rules the reaches only slightly
 * different (`slight`). A hit moves the fight to the attacker's reach; a miss leaves it where it was.
 * Call it once for the penalty (hit unknown: pass false) and again with the result, or use
 * `penalty` and `distanceAfter` from one call made after the roll.
 */
export function weaponLengthAttack(input: { distance: string; optimum: string; hit: boolean; slight?: boolean }): { penalty: number; distanceAfter: string } {
  const { distance, optimum, hit, slight = false } = input;
  if (typeof distance !== "string" || distance === "") throw new TypeError("Weapon length: the current distance must be a non-empty label");
  if (typeof optimum !== "string" || optimum === "") throw new TypeError("Weapon length: the attacker's optimum reach must be a non-empty label");
  assertBoolean(hit, "Weapon length: hit");
  assertBoolean(slight, "Weapon length: slight");
  const penalty = distance === optimum ? WEAPON_LENGTH_PENALTY.optimum : slight ? WEAPON_LENGTH_PENALTY.slightlyOff : WEAPON_LENGTH_PENALTY.offOptimum;
  return { penalty, distanceAfter: hit ? optimum : distance };
}

/** Martial artists get +2 when fighting someone who only knows brawling (seed, Martial Arts skill). */
export const MARTIAL_ARTS_VS_BRAWL_BONUS = 2;

export type DefenceKind = "dodge" | "weaponParry" | "shieldParry" | "unarmedParry";

/**
 * Which defences a defender may use (seed ch. 4 "Defense roll", and the Brawl and Dodge skills):
 * dodge always; a shield parry always; against a hand-to-hand attack a weapon parry, and an unarmed
 * parry only against an unarmed attack unless the campaign is martial-arts based; against a ranged
 * attack a weapon parry only in a martial-arts campaign (the GM adds a hefty difficulty), and never
 * an unarmed parry (brawl cannot stop a ranged attack).
 */
export function allowedDefences(mode: "melee" | "ranged", attackerArmed: boolean, martialArtsCampaign = false): DefenceKind[] {
  assertOneOf(mode, "Attack mode", ["melee", "ranged"] as const);
  assertBoolean(attackerArmed, "attackerArmed");
  assertBoolean(martialArtsCampaign, "martialArtsCampaign");
  const out: DefenceKind[] = ["dodge", "shieldParry"];
  if (mode === "melee") {
    out.push("weaponParry");
    if (!attackerArmed || martialArtsCampaign) out.push("unarmedParry");
  } else if (martialArtsCampaign) out.push("weaponParry");
  return out;
}

/**
 * (Partial Armor): the AC at one body area, from Physique and the protection covering that area.
 * `protections` lists each piece's AC and the areas it covers; natural protection (thick hide) covers
 * every area. Areas are the hit-location table's area keys.
 */
export function partialArmorAC(physique: number, protections: readonly { ac: number; areas: readonly string[] | "all" }[], area: string): number {
  if (typeof area !== "string" || area === "") throw new TypeError("Partial armor: the area must be a non-empty key");
  const covering = protections.filter((p) => p.areas === "all" || p.areas.includes(area)).map((p) => p.ac);
  return armorClass(physique, covering);
}

/** Step 5: damage taken is the WC roll minus the AC roll when that is positive. */
export function damageExchange(wcTotal: number, acTotal: number): number {
  assertInt(wcTotal, "WC roll");
  assertInt(acTotal, "AC roll");
  return Math.max(0, wcTotal - acTotal);
}

/** Sample equipment (seed "Sample Weapons and Armor"); a GM may replace these lists. */
export interface WeaponData {
  key: string;
  label: string;
  baseWC: number;
  strength: number | null;
  musclePowered: boolean;
  kind: "melee" | "ranged";
  shotgun?: boolean;
}

export const HAND_TO_HAND_WEAPONS: readonly WeaponData[] = [
  ["bareFist", "Bare Fist", 0, 0],
  ["reinforcedFist", "Reinforced Fist", 1, 0],
  ["kick", "Kick", 2, 0],
  ["club", "Club", 6, 3],
  ["maceLight", "Mace, Light", 7, 4],
  ["maceHeavy", "Mace, Heavy", 8, 5],
  ["flail", "Flail", 9, 6],
  ["warMaul", "War Maul", 10, 7],
  ["knife", "Knife", 4, 1],
  ["dagger", "Dagger", 5, 1],
  ["shortSword", "Short sword", 6, 2],
  ["saber", "Saber", 7, 3],
  ["broadsword", "Broadsword", 8, 4],
  ["bastardSword", "Bastard sword", 9, 5],
  ["greatSword", "Great sword", 10, 6],
  ["hatchet", "Hatchet", 5, 3],
  ["axe", "Axe", 7, 4],
  ["battleaxe", "Battleaxe", 9, 5],
  ["spear", "Spear", 7, 4],
].map(([key, label, baseWC, strength]) => ({
  key: key as string,
  label: label as string,
  baseWC: baseWC as number,
  strength: strength as number,
  musclePowered: true,
  kind: "melee" as const,
}));

/** Ranged weapons: the thrown and drawn ones (rock, spear, bow) are muscle-powered; the rest are not. */
export const RANGED_WEAPONS: readonly WeaponData[] = [
  { key: "rock", label: "Rock", baseWC: 2, strength: null, musclePowered: true, kind: "ranged" },
  { key: "thrownSpear", label: "Spear", baseWC: 6, strength: null, musclePowered: true, kind: "ranged" },
  { key: "bow", label: "Bow", baseWC: 8, strength: null, musclePowered: true, kind: "ranged" },
  { key: "crossbow", label: "Crossbow", baseWC: 10, strength: null, musclePowered: false, kind: "ranged" },
  { key: "handgunSmall", label: "Small caliber handgun", baseWC: 10, strength: null, musclePowered: false, kind: "ranged" },
  { key: "handgunMedium", label: "Medium caliber handgun", baseWC: 12, strength: null, musclePowered: false, kind: "ranged" },
  { key: "handgunLarge", label: "Large caliber handgun", baseWC: 14, strength: null, musclePowered: false, kind: "ranged" },
  { key: "rifleSmall", label: "Small caliber rifle", baseWC: 12, strength: null, musclePowered: false, kind: "ranged" },
  { key: "rifleMedium", label: "Medium caliber rifle", baseWC: 14, strength: null, musclePowered: false, kind: "ranged" },
  { key: "rifleLarge", label: "Large caliber rifle", baseWC: 16, strength: null, musclePowered: false, kind: "ranged" },
  { key: "shotgun", label: "Shotgun", baseWC: 20, strength: null, musclePowered: false, kind: "ranged", shotgun: true },
];

export const ARMOR: readonly { key: string; label: string; baseAC: number }[] = [
  { key: "winterClothing", label: "Winter Clothing", baseAC: 2 },
  { key: "leatherSoft", label: "Leather, Soft", baseAC: 4 },
  { key: "heavyHides", label: "Heavy Hides", baseAC: 5 },
  { key: "leatherHard", label: "Leather, Hard", baseAC: 6 },
  { key: "leatherReinforced", label: "Leather, Reinforced", baseAC: 7 },
  { key: "chainMail", label: "Chain mail", baseAC: 8 },
  { key: "plate", label: "Plate", baseAC: 10 },
  { key: "kevlarLight", label: "Kevlar, Light", baseAC: 4 },
  { key: "kevlarReinforced", label: "Kevlar, Reinforced", baseAC: 7 },
];

/** WC of a listed weapon for a wielder, at a range (shotguns lose WC with range). */
export function weaponWC(input: { weapon: WeaponData; physique: number; rangePenalty?: number }): number {
  const { weapon, physique, rangePenalty = 0 } = input;
  const base = weapon.shotgun ? shotgunWC({ baseWC: weapon.baseWC, rangePenalty }) : weapon.baseWC;
  return weaponClass({ baseWC: base, physique, musclePowered: weapon.musclePowered });
}
