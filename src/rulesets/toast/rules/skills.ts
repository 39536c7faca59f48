/**
 * Starter skill list. The seed refers to "Appendix A: Skill List" but the appendix is missing, so
 * this list is OURS (Breadbox's), not the rulebook's: a few skills per category, with base
 * attributes chosen from the seed's category notes (Animal: Will/Perception, Artistic: Psyche,
 * Athletic: Agility, Craft/Outdoor: Perception, Knowledge: Perception+Focus, Medical:
 * Perception+HEC, Social: Empathy, Weapon: Agility for melee and HEC for ranged). The broadsword
 * rests on Agility alone, as in the seed's damage example. A GM replaces or extends it freely.
 */
import type { SkillDefinition } from "./character";
import { SKILL_CATEGORY_KEYS, type SkillCategoryKey } from "./keys";
import { requireOneOf } from "./validate";

/** Marks where the starter list comes from: every entry is Breadbox's own, not the seed's. */
export const STARTER_SKILLS_SOURCE = "breadbox" as const;

export const STARTER_SKILLS: readonly SkillDefinition[] = [
  // Animal
  { key: "animalHandling", category: "animal", baseAttributes: ["will", "perception"] },
  { key: "animalTraining", category: "animal", baseAttributes: ["will", "empathy"] },
  { key: "riding", category: "animal", baseAttributes: ["agility", "will"] },
  // Artistic
  { key: "music", category: "artistic", baseAttributes: ["psyche", "hec"] },
  { key: "painting", category: "artistic", baseAttributes: ["psyche", "hec"] },
  { key: "storytelling", category: "artistic", baseAttributes: ["psyche", "empathy"] },
  { key: "dance", category: "artistic", baseAttributes: ["psyche", "agility"] },
  // Athletic
  { key: "climbing", category: "athletic", baseAttributes: ["agility", "strength"] },
  { key: "swimming", category: "athletic", baseAttributes: ["agility", "tolerance"] },
  { key: "running", category: "athletic", baseAttributes: ["agility", "tolerance"] },
  { key: "jumping", category: "athletic", baseAttributes: ["agility", "strength"] },
  { key: "acrobatics", category: "athletic", baseAttributes: ["agility"] },
  // Combat
  { key: "initiative", category: "combat", baseAttributes: ["perception", "agility"] },
  { key: "dodge", category: "combat", baseAttributes: ["agility", "perception"] },
  { key: "brawling", category: "combat", baseAttributes: ["strength", "agility"] },
  { key: "shield", category: "combat", baseAttributes: ["agility", "strength"] },
  // Covert
  { key: "stealth", category: "covert", baseAttributes: ["agility", "perception"] },
  { key: "lockpicking", category: "covert", baseAttributes: ["hec", "perception"] },
  { key: "pickpocketing", category: "covert", baseAttributes: ["hec", "agility"] },
  { key: "disguise", category: "covert", baseAttributes: ["empathy", "psyche"] },
  // Craft
  { key: "blacksmithing", category: "craft", baseAttributes: ["perception", "strength"] },
  { key: "carpentry", category: "craft", baseAttributes: ["perception", "hec"] },
  { key: "leatherworking", category: "craft", baseAttributes: ["perception", "hec"] },
  { key: "cooking", category: "craft", baseAttributes: ["perception", "psyche"] },
  // Esoteric
  { key: "spellcasting", category: "esoteric", baseAttributes: ["psyche", "focus"] },
  { key: "divination", category: "esoteric", baseAttributes: ["psyche", "perception"] },
  { key: "prayer", category: "esoteric", baseAttributes: ["will", "psyche"] },
  // Knowledge
  { key: "history", category: "knowledge", baseAttributes: ["perception", "focus"] },
  { key: "arcaneLore", category: "knowledge", baseAttributes: ["perception", "focus"] },
  { key: "geography", category: "knowledge", baseAttributes: ["perception", "focus"] },
  { key: "languages", category: "knowledge", baseAttributes: ["perception", "focus"] },
  { key: "heraldry", category: "knowledge", baseAttributes: ["perception", "focus"] },
  // Medical
  { key: "firstAid", category: "medical", baseAttributes: ["perception", "hec"] },
  { key: "surgery", category: "medical", baseAttributes: ["perception", "hec"] },
  { key: "herbalism", category: "medical", baseAttributes: ["perception", "focus"] },
  // Outdoor
  { key: "tracking", category: "outdoor", baseAttributes: ["perception"] },
  { key: "survival", category: "outdoor", baseAttributes: ["perception", "tolerance"] },
  { key: "navigation", category: "outdoor", baseAttributes: ["perception", "focus"] },
  { key: "foraging", category: "outdoor", baseAttributes: ["perception"] },
  // Professional
  { key: "commerce", category: "professional", baseAttributes: ["empathy", "perception"] },
  { key: "sailing", category: "professional", baseAttributes: ["agility", "perception"] },
  { key: "farming", category: "professional", baseAttributes: ["strength", "perception"] },
  { key: "scribe", category: "professional", baseAttributes: ["hec", "focus"] },
  // Social
  { key: "persuasion", category: "social", baseAttributes: ["empathy", "will"] },
  { key: "intimidation", category: "social", baseAttributes: ["will", "strength"] },
  { key: "etiquette", category: "social", baseAttributes: ["empathy", "focus"] },
  { key: "deception", category: "social", baseAttributes: ["empathy", "psyche"] },
  { key: "leadership", category: "social", baseAttributes: ["empathy", "will"] },
  // Weapon (melee on Agility, ranged on HEC)
  { key: "broadsword", category: "weapon", baseAttributes: ["agility"] },
  { key: "longSword", category: "weapon", baseAttributes: ["agility"] },
  { key: "shortSword", category: "weapon", baseAttributes: ["agility"] },
  { key: "twoHandedSword", category: "weapon", baseAttributes: ["agility", "strength"] },
  { key: "dagger", category: "weapon", baseAttributes: ["agility"] },
  { key: "axe", category: "weapon", baseAttributes: ["agility", "strength"] },
  { key: "mace", category: "weapon", baseAttributes: ["agility", "strength"] },
  { key: "spear", category: "weapon", baseAttributes: ["agility"] },
  { key: "poleArm", category: "weapon", baseAttributes: ["agility", "strength"] },
  { key: "staff", category: "weapon", baseAttributes: ["agility"] },
  { key: "bow", category: "weapon", baseAttributes: ["hec"] },
  { key: "crossbow", category: "weapon", baseAttributes: ["hec"] },
  { key: "thrownWeapons", category: "weapon", baseAttributes: ["hec"] },
];

/** The starter skills of one category. */
export function starterSkillsIn(category: SkillCategoryKey): readonly SkillDefinition[] {
  const key = requireOneOf(category, SKILL_CATEGORY_KEYS, "Skill category");
  return STARTER_SKILLS.filter((s) => s.category === key);
}

/** The starter skills by key: a Map, so a typed name such as "constructor" is just a name. */
const STARTER_SKILLS_BY_KEY: ReadonlyMap<string, SkillDefinition> = new Map(STARTER_SKILLS.map((s) => [s.key, s]));

/** Look up a starter skill by key (undefined when it is not on the list). */
export function findStarterSkill(key: string): SkillDefinition | undefined {
  return STARTER_SKILLS_BY_KEY.get(key);
}
