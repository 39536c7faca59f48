/**
 * Helpers that turn a character sheet into check and attack inputs (what a roll dialog gathers).
 */
import { ATTRIBUTE_ONLY_DICE, assertInt, isAttribute, type AttributeKey, type FlangeCharacter, type SkillHeading } from "./character";
import { characterSkillDice } from "./skill-dice";
import type { CheckInput } from "./check";
import type { AttackInput, Weapon } from "./combat";

/** Modifiers a dialog may add to any check. */
export type CheckExtras = Omit<CheckInput, "dice" | "target">;

/** Edge spent on a roll can never exceed the Edge points the character owns. */
function checkEdgeOwned(c: FlangeCharacter, extras: { readonly edgeDice?: number; readonly edgeTarget?: number }): void {
  assertInt(c.edgePoints, "Edge points", 0);
  const spent = (extras.edgeDice ?? 0) + (extras.edgeTarget ?? 0);
  if (spent > c.edgePoints) throw new RangeError(`This roll spends ${spent} Edge points; the character owns ${c.edgePoints}`);
}

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
  checkEdgeOwned(c, extras);
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
  checkEdgeOwned(c, rest);
  return { ...rest, skillDice: characterSkillDice(c, skill.name, skill.heading), attributeTarget: c.attributes[a] };
}
