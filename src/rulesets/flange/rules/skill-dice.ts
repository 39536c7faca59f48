/**
 * A character's dice for a skill, a blank character and the book's example skills under each
 * heading: runtime code (sheets, dialogs), apart from rules/character.ts, which the data models use
 * (docs/architecture.md "Load what the world needs").
 */
import { own } from "../../../dice/dict";
import { assertInt, ATTRIBUTE_MAX, type AttributeKey, ATTRIBUTES, type FlangeCharacter, GENERALISATION_DOTS_MAX, isLevel, isSkillHeading, type Level, SKILL_DOTS_MAX, type SkillHeading } from "./character";

/**
 * The example skills the rulebook brackets beside each heading (illustrations for players making
 * up their own skills; nothing restricts a heading to them).
 */
export const SKILL_HEADING_EXAMPLES: Readonly<Record<SkillHeading, readonly string[]>> = {
  combatBrawl: ["Kung Fu", "Boxing", "Knee-ina-Fork"],
  combatMelee: ["Swords", "Sticks", "Knives"],
  combatRanged: ["Bows", "Thrown", "Pistols"],
  acrobatics: ["Climbing", "Contortion", "Escapology"],
  deception: ["Lying", "Sleight of hand", "Disguise"],
  etiquette: ["Street talk", "Courtly manners"],
  academics: ["History", "Research", "Philosophy"],
  science: ["Chemistry", "Marine biology", "Psychology of parapods"],
  administration: ["Accounting", "Middle-management", "Mathematics"],
  engineering: ["Electronics", "Blacksmithing", "Gun-maintenance"],
  crafts: ["Sculpture", "Painting", "Cookery"],
  performance: ["Trumpet", "Dance", "Nailing your Johnson to a plank"],
  persuasion: ["Rallying the masses", "Wooing", "Intimidation"],
  languages: ["French", "Spanish", "Chav"],
  insight: ["Empathy", "Interrogation", "Psycho-analysis"],
  transport: ["Car", "Motorbike", "Boat"],
  animalHandling: ["Dog Training", "Riding", "Toad breeding"],
  security: ["Lock picking", "Patrol-organisation", "Home defence"],
  stealth: ["Sneaking", "Hiding", "Camouflage"],
  outdoors: ["Hiking", "Foraging", "Desert living"],
  technology: ["Steam engines", "Computers", "Ug-make-fire"],
  puzzling: ["Cryptography", "Forensics", "Crosswords"],
  medicine: ["First Aid", "Surgery", "Pharmaceuticals"],
};

/** A fresh character: every attribute at 10, no skills. */
export function blankCharacter(level: Level): FlangeCharacter {
  if (!isLevel(level)) throw new RangeError(`Unknown level "${String(level)}"`);
  const attributes = {} as Record<AttributeKey, number>;
  for (const a of ATTRIBUTES) attributes[a] = ATTRIBUTE_MAX;
  return { level, attributes, skills: [], generalisation: {}, edgePoints: 0 };
}

/** Dice a check with a skill gets: skill dots + generalisation dots of its heading, at most 5 (decision). */
export function skillDice(dots: { readonly skillDots: number; readonly generalisationDots: number; readonly cap?: number }): number {
  const cap = dots.cap ?? SKILL_DOTS_MAX;
  assertInt(dots.skillDots, "Skill dots", 0, SKILL_DOTS_MAX);
  assertInt(dots.generalisationDots, "Generalisation dots", 0, GENERALISATION_DOTS_MAX);
  assertInt(cap, "Skill dice cap", 1, SKILL_DOTS_MAX + GENERALISATION_DOTS_MAX);
  return Math.min(cap, dots.skillDots + dots.generalisationDots);
}

/**
 * Dice for a named skill of a character (0 when the character has neither the skill nor
 * generalisation dots). Skill names are whatever the player typed ("constructor" included): they
 * are compared as strings, never used as object keys.
 */
export function characterSkillDice(c: FlangeCharacter, skillName: string, heading?: SkillHeading): number {
  if (typeof skillName !== "string") throw new RangeError(`A skill name must be text, not ${String(skillName)}`);
  if (heading !== undefined && !isSkillHeading(heading)) throw new RangeError(`Unknown skill heading "${String(heading)}"`);
  const skill = c.skills.find((s) => s.name === skillName && (heading === undefined || s.heading === heading));
  const h = skill?.heading ?? heading;
  if (h === undefined) throw new RangeError(`Character has no skill "${skillName}"; give its heading to use generalisation dots`);
  if (!isSkillHeading(h)) throw new RangeError(`Skill "${skillName}" has unknown heading "${String(h)}"`);
  return skillDice({ skillDots: skill?.dots ?? 0, generalisationDots: own(c.generalisation, h) ?? 0 });
}
