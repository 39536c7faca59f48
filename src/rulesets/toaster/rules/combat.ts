/**
 * Combat arithmetic (seed ch. 4 "The Combat Round", "Shields", "Range Penalties",
 * "(Weapon Length)", "(Stance)", "Weapon and Armor Class", "(Strength Requirements)").
 */
import { average } from "./core";
import { assertIntInRange, assertNonNegativeInt, assertOneOf } from "./validate";

/** Muscle-powered weapons average their base WC with Physique; others use the base WC. */
export function weaponClass(input: { baseWC: number; physique: number; musclePowered: boolean }): number {
  const { baseWC, physique, musclePowered } = input;
  assertNonNegativeInt(baseWC, "Base WC");
  assertNonNegativeInt(physique, "Physique");
  return musclePowered ? average(baseWC, physique) : baseWC;
}

/** AC = (Physique + every protection) / 2, rounded down. */
export function armorClass(physique: number, protections: readonly number[]): number {
  assertNonNegativeInt(physique, "Physique");
  let sum = physique;
  for (const p of protections) {
    assertNonNegativeInt(p, "Protection AC");
    sum += p;
  }
  return Math.floor(sum / 2);
}

/** -1 per point of Physique below the weapon's strength requirement (0 when strong enough). */
export function strengthPenalty(input: { physique: number; requirement: number }): number {
  const { physique, requirement } = input;
  assertNonNegativeInt(physique, "Physique");
  assertNonNegativeInt(requirement, "Strength requirement");
  return Math.min(0, physique - requirement);
}

export type ShieldSize = "small" | "medium" | "large";
export const SHIELD_BONUS: Readonly<Record<ShieldSize, number>> = { small: 1, medium: 2, large: 3 };

/**
 * Stance: +1 or +2 on one roll with the same penalty on the next roll of the other kind; +3 when
 * the other kind is forgone for the next two actions.
 */
export function stance(focus: "attack" | "defence", bonus: number): { attack: number; defence: number; forgoes: "attack" | "defence" | null } {
  assertOneOf(focus, "Stance focus", ["attack", "defence"] as const);
  assertIntInRange(bonus, "Stance bonus", 0, 3);
  const other: "attack" | "defence" = focus === "attack" ? "defence" : "attack";
  if (bonus === 3) return { attack: focus === "attack" ? 3 : 0, defence: focus === "defence" ? 3 : 0, forgoes: other };
  return { attack: focus === "attack" ? bonus : -bonus, defence: focus === "defence" ? bonus : -bonus, forgoes: null };
}
