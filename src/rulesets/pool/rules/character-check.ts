/**
 * A character's check (the attribute chosen on the trait tree, the supporting ability, wound
 * penalties) and its action phases: runtime code (dialogs, combat, the API), apart from
 * rules/character.ts, which the data models use: docs/architecture.md "Load what the world needs".
 */
import type { DieKey } from "./dice";
import { buildPool, type PoolBuild } from "./pool";
import { DEFAULT_WOUND_CHART, TRAUMA_KINDS, woundPenalties, type TraumaKind, type WoundChart } from "./trauma";
import { checkSupportingTrait, chooseTrait, type TraitChoice, type TraitTree } from "./traits";
import { nameMap } from "./names";
import { actionPhases } from "./time";
import { requireInt, requireKey, requireObject } from "./validate";
import { checkedAttributes, PHASE_ATTRIBUTES, type PhaseAttribute, type PoolCharacter } from "./character";

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

/** Phases an action takes for this character, using Reaction Time, Speed or Wits. */
export function characterActionPhases(character: PoolCharacter, baseCost: number, by: PhaseAttribute): number {
  return actionPhases({ baseCost, speedAttribute: attributeScore(character, requireKey("phase attribute", by, PHASE_ATTRIBUTES)) });
}
