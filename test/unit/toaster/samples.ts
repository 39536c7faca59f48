import type { AttributeKey } from "../../../src/rulesets/toaster/rules";

export interface SampleSkill {
  name: string;
  attribute: AttributeKey;
  base: number;
  printedRank: number;
  /** The rank average(attribute, base) gives, where the sheet prints something else. */
  ruleRank?: number;
  nativeLanguage?: boolean;
}
export interface SampleCharacter {
  name: string;
  attributes: Record<AttributeKey, number>;
  skills: SampleSkill[];
  traits: number[];
}

/** Rhoenda Dumas, as printed (seed "Sample Characters"). Empathy matches on Aura, Ride on Coordination. */
export const RHOENDA: SampleCharacter = {
  name: "Rhoenda Dumas",
  attributes: { physique: 5, coordination: 7, intellect: 5, aura: 3 },
  skills: [
    { name: "Acrobatics", attribute: "coordination", base: 3, printedRank: 5 },
    { name: "Brawl", attribute: "coordination", base: 3, printedRank: 5 },
    { name: "Climb", attribute: "coordination", base: 5, printedRank: 6 },
    { name: "Craft (Picking Locks)", attribute: "intellect", base: 1, printedRank: 3 },
    { name: "Dodge", attribute: "coordination", base: 7, printedRank: 7 },
    { name: "Empathy", attribute: "aura", base: 3, printedRank: 3 },
    { name: "Language (Tharis)", attribute: "intellect", base: 4, printedRank: 4, nativeLanguage: true },
    { name: "Perception", attribute: "intellect", base: 5, printedRank: 5 },
    { name: "Ride", attribute: "coordination", base: 1, printedRank: 4 },
    { name: "Stealth", attribute: "coordination", base: 5, printedRank: 6 },
    { name: "Survival", attribute: "intellect", base: 4, printedRank: 4 },
    { name: "Throw", attribute: "coordination", base: 5, printedRank: 6 },
    { name: "Track", attribute: "intellect", base: 1, printedRank: 3 },
    { name: "Weapon (Crossbow)", attribute: "coordination", base: 3, printedRank: 5 },
    { name: "Weapon (Knife)", attribute: "coordination", base: 5, printedRank: 6 },
    { name: "Weapon (Sword)", attribute: "coordination", base: 9, printedRank: 8 },
  ],
  // Hunted -3, Connections +2, Attribute (Aura for willpower) +3, Experience +1
  traits: [-3, 2, 3, 1],
};

/**
 * Father Colin Mallory, as printed. Empathy and Teach match on Aura. Brawl is a Coordination skill:
 * Coordination 3 with base 5 gives 4, but the sheet prints 6 (it would take Aura 7 to reach 6).
 */
export const MALLORY: SampleCharacter = {
  name: "Father Colin Mallory",
  attributes: { physique: 6, coordination: 3, intellect: 4, aura: 7 },
  skills: [
    { name: "Brawl", attribute: "coordination", base: 5, printedRank: 6, ruleRank: 4 },
    { name: "Dodge", attribute: "coordination", base: 3, printedRank: 3 },
    { name: "Empathy", attribute: "aura", base: 7, printedRank: 7 },
    { name: "Knowledge (New England)", attribute: "intellect", base: 2, printedRank: 3 },
    { name: "Language (English)", attribute: "intellect", base: 6, printedRank: 5, nativeLanguage: true },
    { name: "Language (Latin)", attribute: "intellect", base: 6, printedRank: 5 },
    { name: "Perception", attribute: "intellect", base: 2, printedRank: 3 },
    { name: "Persuasion", attribute: "aura", base: 5, printedRank: 6 },
    { name: "Question", attribute: "aura", base: 3, printedRank: 5 },
    { name: "Social Science (History)", attribute: "intellect", base: 4, printedRank: 4 },
    { name: "Social Science (Theology)", attribute: "intellect", base: 6, printedRank: 5 },
    { name: "Teach", attribute: "aura", base: 5, printedRank: 6 },
    { name: "Throw", attribute: "coordination", base: 5, printedRank: 4 },
  ],
  // Catholic Priest +0, Physical Size +1, Attribute (Physique for stamina) -1
  traits: [0, 1, -1],
};
