/**
 * A Dice Pool character as plain data, and the derived values the adapter needs: the pool for a
 * check (trait tree lookup, wound penalties), the defender's values for trauma, phase counts.
 */
import { DEFAULT_WOUND_CHART, HEALING_ATTRIBUTE, TRAUMA_KINDS, healingHours, woundPenalties, woundState, type DefenderInput, type KnockoutRule, type TraumaKind, type Wound, type WoundChart } from "./trauma";
import { nameMap, type NameTable } from "./names";
import { requireArray, requireInt, requireKey, requireObject } from "./validate";

/** The most wounds a character may carry (far beyond any fight: a fatal row stops it long before). */
export const MAX_WOUNDS = 1_000;

/** Attributes the seed names; a character may have more (any camelCase key). Missing = 0. */
export const NAMED_ATTRIBUTES = ["reactionTime", "speed", "wits", "immuneSystem", "stamina", "musclePower", "toughness", "physicalThreshold", "mentalThreshold"] as const;
export type NamedAttribute = (typeof NAMED_ATTRIBUTES)[number];

/** Attributes that can shorten an action in phases. */
export const PHASE_ATTRIBUTES = ["reactionTime", "speed", "wits"] as const;
export type PhaseAttribute = (typeof PHASE_ATTRIBUTES)[number];

export interface PoolCharacter {
  /** Attribute id → whole-number score (negative allowed); a Map or a record read by own keys. */
  readonly attributes: NameTable<number>;
  /** Ability id → rating ≥ 0, only the abilities the character has; a Map or a record read by own keys. */
  readonly abilities: NameTable<number>;
  readonly wounds: readonly Wound[];
}

/** checkCharacter, handing back the attributes as the Map it checked (one Map per character, not one per lookup). */
export function checkedAttributes(character: PoolCharacter): ReadonlyMap<string, number> {
  requireObject("character", character);
  const attributes = nameMap(character.attributes, "attributes");
  // Messages are built only for a value that fails (every character is checked on every preparation).
  for (const [id, v] of attributes) if (!Number.isSafeInteger(v)) requireInt(`attribute "${id}"`, v);
  for (const [id, v] of nameMap(character.abilities, "abilities")) if (!Number.isSafeInteger(v) || v < 0) requireInt(`ability "${id}"`, v, 0);
  for (const w of requireArray("wounds", character.wounds, MAX_WOUNDS)) {
    requireObject("wound", w);
    requireKey("wound kind", w.kind, TRAUMA_KINDS);
    requireInt("wound degree", w.degree, 0);
  }
  return attributes;
}

/** The defender's values for resolveTrauma. */
export function defenderOf(character: PoolCharacter): DefenderInput {
  const attributes = nameMap(character.attributes, "attributes");
  const score = (id: string): number => requireInt(`attribute "${id}"`, attributes.get(id) ?? 0);
  return {
    physicalThreshold: score("physicalThreshold"),
    mentalThreshold: score("mentalThreshold"),
    toughness: score("toughness"),
  };
}

/** Derived state for a sheet: wound penalties, incapacitation, healing hours per wound. */
export interface CharacterStatus {
  readonly penalties: Record<TraumaKind, number>;
  readonly incapacitated: boolean;
  /** Incapacitated because nonlethal wounds added up (docs/rules/pool.md, "Nonlethal damage"). */
  readonly knockedOut: boolean;
  readonly dead: boolean;
  readonly healingHours: readonly (number | null)[];
}

export function characterStatus(character: PoolCharacter, chart: WoundChart = DEFAULT_WOUND_CHART, knockout: KnockoutRule = {}): CharacterStatus {
  // Checked here: every attribute is a whole number, so a lookup needs no further check.
  const attributes = checkedAttributes(character);
  const state = woundState(character.wounds, chart, knockout);
  return {
    penalties: woundPenalties(character.wounds, chart),
    ...state,
    healingHours: character.wounds.map((w) => healingHours(w, { governingAttribute: attributes.get(HEALING_ATTRIBUTE[w.kind]) ?? 0, chart })),
  };
}
