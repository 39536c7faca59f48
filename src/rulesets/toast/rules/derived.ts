/**
 * Everything a Toast character sheet derives from its stored data, in one call (for the adapter's
 * prepareDerivedData). Nothing here is stored; it is recomputed whenever the data changes.
 */
import type { AspectKey, AttributeKey } from "./keys";
import {
  armorPenalty,
  aspectScores,
  attributeModifier,
  skillAttributeModifier,
  taskModifier,
  validateArmor,
  validateAttributes,
  woundStatus,
  type Attributes,
  type CharacterSkill,
  type WoundStatus,
} from "./character";
import { startingSkillCap } from "./creation";
import type { ArmorStats } from "./tables";
import { requireArray, requireRecord } from "./validate";

/** The stored data of a Toast character. */
export interface ToastCharacter {
  readonly attributes: Attributes;
  readonly skills: readonly CharacterSkill[];
  /** Running tally of wound levels taken. */
  readonly woundLevels: number;
  /** Wound levels per penalty category: 4 for humanoids, more for hardier creatures. */
  readonly woundScale?: number;
  /** Worn armor, or null. */
  readonly armor?: ArmorStats | null;
}

export interface DerivedSkill {
  readonly key: string;
  readonly level: number;
  readonly attributeModifier: number;
  /** Attribute modifier + level: the number to write on the sheet. */
  readonly modifier: number;
  /** Modifier now, with the current wound penalty and (STR/AGI/TOL skills) the armor penalty. */
  readonly currentModifier: number;
}

export interface ToastDerived {
  readonly aspects: Readonly<Record<AspectKey, number>>;
  readonly attributeModifiers: Readonly<Record<AttributeKey, number>>;
  readonly skills: readonly DerivedSkill[];
  readonly wounds: WoundStatus;
  /** Armor penalty size (0 without armor), subtracted from STR/AGI/TOL tasks. */
  readonly armorPenalty: number;
  /** The creation cap on starting skill levels, (10 + FOC) / 2. */
  readonly startingSkillCap: number;
}

export function deriveCharacter(character: ToastCharacter): ToastDerived {
  requireRecord(character, "Character");
  const attributes = validateAttributes(character.attributes);
  const armor = character.armor ? validateArmor(character.armor) : null;
  const mod = (k: AttributeKey): number => attributeModifier(attributes[k]);
  const attributeModifiers: Record<AttributeKey, number> = {
    strength: mod("strength"),
    agility: mod("agility"),
    hec: mod("hec"),
    health: mod("health"),
    tolerance: mod("tolerance"),
    perception: mod("perception"),
    focus: mod("focus"),
    empathy: mod("empathy"),
    will: mod("will"),
    psyche: mod("psyche"),
  };
  const skills = requireArray(character.skills, "Skills").map((s): DerivedSkill => {
    const current = taskModifier({
      attributes,
      task: { kind: "skill", baseAttributes: s.baseAttributes, level: s.level },
      woundLevels: character.woundLevels,
      woundScale: character.woundScale,
      armor,
    });
    const attrMod = skillAttributeModifier(attributes, s.baseAttributes);
    return { key: s.key, level: s.level, attributeModifier: attrMod, modifier: attrMod + s.level, currentModifier: current.total };
  });
  return {
    aspects: aspectScores(attributes),
    attributeModifiers,
    skills,
    wounds: woundStatus({ woundLevels: character.woundLevels, tolerance: attributes.tolerance, scale: character.woundScale }),
    armorPenalty: armor ? armorPenalty({ encumbrance: armor.encumbrance, strength: attributes.strength, agility: attributes.agility }) : 0,
    startingSkillCap: startingSkillCap(attributes.focus),
  };
}
