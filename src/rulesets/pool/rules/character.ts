/**
 * A Dice Pool character as plain data, and the derived values the adapter needs: the pool for a
 * check (trait tree lookup, wound penalties), the defender's values for trauma, phase counts.
 */
import type { DieKey } from "./dice";
import { buildPool, type PoolBuild } from "./pool";
import { DEFAULT_WOUND_CHART, HEALING_ATTRIBUTE, TRAUMA_KINDS, healingHours, woundPenalties, woundState, type DefenderInput, type KnockoutRule, type TraumaKind, type Wound, type WoundChart } from "./trauma";
import { checkSupportingTrait, chooseTrait, nameMap, type NameTable, type TraitChoice, type TraitTree } from "./traits";
import { actionPhases } from "./time";
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

/** What the Storyguide asks for. */
export interface CheckRequest {
  readonly ability: string;
  readonly attribute: string;
  /** Descendant abilities the Storyguide accepted as justified. */
  readonly justifiedAbilities?: readonly string[];
  /**
   * Optional supporting ability (its rating becomes Bonus dice). It must not be the ability
   * asked for, one of its ancestors or a justified descendant.
   */
  readonly supportingAbility?: string;
  /**
   * A world's attribute tree, if it has one: then a missing attribute is looked up like a
   * missing ability (ancestors, and the descendants in `justifiedAttributes`). Without a tree,
   * attributes are read flat and a missing one is 0.
   */
  readonly attributeTree?: TraitTree;
  readonly justifiedAttributes?: readonly string[];
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
  /** How the attribute was found (relation "exact" or "none" when read flat, without a tree). */
  readonly attribute: TraitChoice;
  readonly supportingRating: number;
  readonly woundPenaltyDice: number;
}

/** A character's attribute score (0 if absent); throws on a non-integer score. */
export function attributeScore(character: PoolCharacter, id: string): number {
  return requireInt(`attribute "${id}"`, nameMap(character.attributes, "attributes").get(id) ?? 0);
}

/** The attribute a request uses: through the world's attribute tree if given, else read flat. */
export function characterAttribute(character: PoolCharacter, request: Pick<CheckRequest, "attribute" | "attributeTree" | "justifiedAttributes">): TraitChoice {
  if (request.attributeTree !== undefined) return chooseTrait({ tree: request.attributeTree, scores: character.attributes, requested: request.attribute, justified: request.justifiedAttributes ?? [] });
  if (request.justifiedAttributes !== undefined && request.justifiedAttributes.length > 0) throw new RangeError("justifiedAttributes needs an attributeTree");
  if (typeof request.attribute !== "string") throw new TypeError("attribute must be a name");
  const score = attributeScore(character, request.attribute);
  const relation = nameMap(character.attributes, "attributes").has(request.attribute) ? "exact" : "none";
  return { requested: request.attribute, traitId: request.attribute, score, relation, distance: 0 };
}

/** Check a character's data: whole numbers, ratings ≥ 0. */
export function checkCharacter(character: PoolCharacter): PoolCharacter {
  checkedAttributes(character);
  return character;
}

/** checkCharacter, handing back the attributes as the Map it checked (one Map per character, not one per lookup). */
function checkedAttributes(character: PoolCharacter): ReadonlyMap<string, number> {
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

/** Build the pool a character rolls for a request, with wound penalties for the activity. */
export function characterCheck(character: PoolCharacter, tree: TraitTree, request: CheckRequest, chart: WoundChart = DEFAULT_WOUND_CHART): CharacterCheck {
  checkCharacter(character);
  requireObject("check request", request);
  const activity = requireKey("activity", request.activity, TRAUMA_KINDS);
  const justified = request.justifiedAbilities ?? [];
  const ability = chooseTrait({ tree, scores: character.abilities, requested: request.ability, justified });
  const attribute = characterAttribute(character, request);
  const attr = attribute.score;
  let supportingRating = 0;
  if (request.supportingAbility !== undefined) {
    checkSupportingTrait({ tree, requested: request.ability, supporting: request.supportingAbility, justified });
    supportingRating = requireInt("supporting ability", nameMap(character.abilities, "abilities").get(request.supportingAbility) ?? 0, 0);
  }
  const woundPenaltyDice = woundPenalties(character.wounds, chart)[activity];
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
  return { ...build, ability, attributeScore: attr, attribute, supportingRating, woundPenaltyDice };
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

/** Phases an action takes for this character, using Reaction Time, Speed or Wits. */
export function characterActionPhases(character: PoolCharacter, baseCost: number, by: PhaseAttribute): number {
  return actionPhases({ baseCost, speedAttribute: attributeScore(character, requireKey("phase attribute", by, PHASE_ATTRIBUTES)) });
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
