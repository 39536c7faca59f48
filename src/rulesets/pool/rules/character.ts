/**
 * A Dice Pool character as plain data, and the derived values the adapter needs: the pool for a
 * check (trait tree lookup, wound penalties), the defender's values for trauma, phase counts.
 */
import type { DieKey } from "./dice";
import { buildPool, type PoolBuild } from "./pool";
import { DEFAULT_WOUND_CHART, HEALING_ATTRIBUTE, healingHours, woundPenalties, woundState, type DefenderInput, type TraumaKind, type Wound, type WoundChart } from "./trauma";
import { chooseTrait, type TraitChoice, type TraitTree } from "./traits";
import { actionPhases } from "./time";
import { requireInt } from "./validate";

/** Attributes the seed names; a character may have more (any camelCase key). Missing = 0. */
export const NAMED_ATTRIBUTES = ["reactionTime", "speed", "wits", "immuneSystem", "stamina", "musclePower", "toughness", "physicalThreshold", "mentalThreshold"] as const;
export type NamedAttribute = (typeof NAMED_ATTRIBUTES)[number];

/** Attributes that can shorten an action in phases. */
export const PHASE_ATTRIBUTES = ["reactionTime", "speed", "wits"] as const;
export type PhaseAttribute = (typeof PHASE_ATTRIBUTES)[number];

export interface PoolCharacter {
  /** Attribute id → whole-number score (negative allowed). */
  readonly attributes: Readonly<Record<string, number>>;
  /** Ability id → rating ≥ 0, only the abilities the character has. */
  readonly abilities: Readonly<Record<string, number>>;
  readonly wounds: readonly Wound[];
}

/** What the Storyguide asks for. */
export interface CheckRequest {
  readonly ability: string;
  readonly attribute: string;
  /** Descendant abilities the Storyguide accepted as justified. */
  readonly justifiedAbilities?: readonly string[];
  /** Optional supporting ability (its rating becomes Bonus dice). */
  readonly supportingAbility?: string;
  /** Which wound penalties apply. */
  readonly activity: TraumaKind;
  readonly convertAddDice?: number;
  readonly extraAddDice?: number;
  readonly extraBonusDice?: number;
  readonly extraPenaltyDice?: number;
  readonly die?: DieKey;
}

export interface CharacterCheck extends PoolBuild {
  readonly ability: TraitChoice;
  readonly attributeScore: number;
  readonly supportingRating: number;
  readonly woundPenaltyDice: number;
}

/** A character's attribute score (0 if absent); throws on a non-integer score. */
export function attributeScore(character: PoolCharacter, id: string): number {
  return requireInt(`attribute "${id}"`, character.attributes[id] ?? 0);
}

/** Check a character's data: whole numbers, ratings ≥ 0. */
export function checkCharacter(character: PoolCharacter): PoolCharacter {
  for (const [id, v] of Object.entries(character.attributes)) requireInt(`attribute "${id}"`, v);
  for (const [id, v] of Object.entries(character.abilities)) requireInt(`ability "${id}"`, v, 0);
  for (const w of character.wounds) requireInt("wound degree", w.degree, 0);
  return character;
}

/** Build the pool a character rolls for a request, with wound penalties for the activity. */
export function characterCheck(character: PoolCharacter, tree: TraitTree, request: CheckRequest, chart: WoundChart = DEFAULT_WOUND_CHART): CharacterCheck {
  checkCharacter(character);
  const ability = chooseTrait(tree, character.abilities, request.ability, request.justifiedAbilities ?? []);
  const attr = attributeScore(character, request.attribute);
  const supportingRating = request.supportingAbility === undefined ? 0 : requireInt("supporting ability", character.abilities[request.supportingAbility] ?? 0, 0);
  const woundPenaltyDice = woundPenalties(character.wounds, chart)[request.activity];
  const build = buildPool({
    ability: ability.score,
    attribute: attr,
    supportingAbility: supportingRating,
    convertAddDice: request.convertAddDice,
    extraAddDice: request.extraAddDice,
    extraBonusDice: request.extraBonusDice,
    extraPenaltyDice: (request.extraPenaltyDice ?? 0) + woundPenaltyDice,
    die: request.die,
  });
  return { ...build, ability, attributeScore: attr, supportingRating, woundPenaltyDice };
}

/** The defender's values for resolveTrauma. */
export function defenderOf(character: PoolCharacter): DefenderInput {
  return {
    physicalThreshold: attributeScore(character, "physicalThreshold"),
    mentalThreshold: attributeScore(character, "mentalThreshold"),
    toughness: attributeScore(character, "toughness"),
  };
}

/** Phases an action takes for this character, using Reaction Time, Speed or Wits. */
export function characterActionPhases(character: PoolCharacter, baseCost: number, by: PhaseAttribute): number {
  return actionPhases(baseCost, attributeScore(character, by));
}

/** Derived state for a sheet: wound penalties, incapacitation, healing hours per wound. */
export interface CharacterStatus {
  readonly penalties: Record<TraumaKind, number>;
  readonly incapacitated: boolean;
  readonly dead: boolean;
  readonly healingHours: readonly (number | null)[];
}

export function characterStatus(character: PoolCharacter, chart: WoundChart = DEFAULT_WOUND_CHART): CharacterStatus {
  checkCharacter(character);
  const state = woundState(character.wounds, chart);
  return {
    penalties: woundPenalties(character.wounds, chart),
    ...state,
    healingHours: character.wounds.map((w) => healingHours(w, attributeScore(character, HEALING_ATTRIBUTE[w.kind]), { chart })),
  };
}
