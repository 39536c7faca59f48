/**
 * Helpers that turn a character sheet into check and attack inputs (what a roll dialog gathers).
 */
import { ATTRIBUTE_ONLY_DICE, characterSkillDice, isAttribute, type AttributeKey, type FlangeCharacter, type SkillHeading } from "./character";
import type { CheckInput } from "./check";
import type { AttackInput, Weapon } from "./combat";

/** Modifiers a dialog may add to any check. */
export type CheckExtras = Omit<CheckInput, "dice" | "target">;

/**
 * The check for "roll <skill> on <attribute>". `skill: null` is an attribute-only roll (3 dice).
 * A skill the character lacks uses the heading's generalisation dots (give `heading`).
 */
export function characterCheck(
  c: FlangeCharacter,
  attribute: AttributeKey,
  skill: { readonly name: string; readonly heading?: SkillHeading } | null,
  extras: CheckExtras = {},
): CheckInput {
  if (!isAttribute(attribute)) throw new RangeError(`Unknown attribute "${String(attribute)}"`);
  const dice = skill === null ? ATTRIBUTE_ONLY_DICE : characterSkillDice(c, skill.name, skill.heading);
  return { ...extras, dice, target: c.attributes[attribute] };
}

/** The attack input for a character using a weapon with a skill, on the weapon's attribute unless the GM names another. */
export function characterAttack(
  c: FlangeCharacter,
  weapon: Pick<Weapon, "attribute">,
  skill: { readonly name: string; readonly heading?: SkillHeading },
  extras: Omit<AttackInput, "skillDice" | "attributeTarget"> & { readonly attribute?: AttributeKey } = {},
): AttackInput {
  const { attribute, ...rest } = extras;
  const a = attribute ?? weapon.attribute;
  if (!isAttribute(a)) throw new RangeError(`Unknown attribute "${String(a)}"`);
  return { ...rest, skillDice: characterSkillDice(c, skill.name, skill.heading), attributeTarget: c.attributes[a] };
}
