/**
 * The documents as the Flange rules core reads them for an attack: the attacker's dice and target
 * number with a weapon, what earlier exchanges carry into it, the defender's dodge or block check,
 * armour and health, and the attack dialog's choices. Shared by the attack (attack.ts), the reveal's planned attacks and the odds.
 */
import * as R from "../rules";
import { requireModel } from "../../../core/foundry";
import { format, localize, modelOf } from "../../../core/game";
import { oddsPanelHtml } from "../../../core/rolls/odds-panel";
import { checkInputs, inputsHtml, intInput, readInputs, type InputValues } from "../../../core/forms/inputs";
import { FlangeActorModel, type SkillView } from "../data/actor";
import type { FlangeWeaponModel } from "../data/weapons";
import { combatOf, combatantState } from "./tracker";
import { poolSummary } from "../checks";
import { flangeCombatRules } from "./settings";

/** The dialog's limits: GM modifiers of ±5, Edge up to what the attacker has. */
export const CHOICE_LIMITS = { modifier: 5, edge: R.CHECK_DICE_MAX } as const;

const choice = (key: string, min: number, max: number) => intInput(`BREADBOX.Flange.Combat.Choice.${key}`, min, max);
/** The GM's modifiers of the attack dialog. */
const MODIFIER_INPUTS = {
  diceModifier: choice("diceModifier", -CHOICE_LIMITS.modifier, CHOICE_LIMITS.modifier),
  targetModifier: choice("targetModifier", -CHOICE_LIMITS.modifier, CHOICE_LIMITS.modifier),
};
/** The attack dialog's Edge inputs, each up to `limit` (the form shows the attacker's Edge left; the check, the dialog's limit). */
function edgeInputs(limit: number) {
  return { edgeDice: choice("edgeDice", 0, limit), edgeTarget: choice("edgeTarget", 0, limit), damageEdgeDice: choice("damageEdgeDice", 0, limit) };
}
/** The attack dialog's inputs, declared once: the form (`attackInputsHtml`), its read and the GM's check of the posted choices. */
export const ATTACK_INPUTS = { ...MODIFIER_INPUTS, ...edgeInputs(CHOICE_LIMITS.edge) };

/** The attack dialog's inputs as form groups from the declaration: the modifiers, and the Edge inputs bounded by the Edge left. */
export async function attackInputsHtml(edgeAvailable: number): Promise<{ modifiers: string; edge: string }> {
  const idPrefix = "bb-fl-attack";
  return { modifiers: await inputsHtml(MODIFIER_INPUTS, {}, idPrefix), edge: await inputsHtml(edgeInputs(Math.min(CHOICE_LIMITS.edge, edgeAvailable)), {}, idPrefix) };
}

/** What the attack dialog lets the attacker choose (checked again on the GM's client); the rules core reads it. */
export type AttackChoices = InputValues<typeof ATTACK_INPUTS>;

export const NO_CHOICES: AttackChoices = { diceModifier: 0, targetModifier: 0, edgeDice: 0, edgeTarget: 0, damageEdgeDice: 0 };

export function edgeSpent(c: AttackChoices): number {
  return c.edgeDice + c.edgeTarget + c.damageEdgeDice;
}

/** Parse choices: whole numbers within the dialog's limits, Edge within `edgeAvailable`; null otherwise. */
export function choicesWithinLimits(raw: unknown, edgeAvailable: number): AttackChoices | null {
  if (!raw || typeof raw !== "object" || Object.keys(ATTACK_INPUTS).some((key) => typeof Reflect.get(raw, key) !== "number")) return null;
  try {
    const choices = checkInputs({ ...raw }, ATTACK_INPUTS);
    return edgeSpent(choices) <= edgeAvailable ? choices : null;
  } catch {
    return null;
  }
}

/** Read the attack dialog: bad input is a localized error (the dialog shows it and will not roll). */
export function readAttackForm(form: HTMLFormElement, edgeAvailable: number): AttackChoices {
  const choices = readInputs(form, ATTACK_INPUTS);
  if (edgeSpent(choices) > edgeAvailable) throw new Error(format("BREADBOX.Flange.Combat.NotEnoughEdge", { spent: edgeSpent(choices), available: edgeAvailable }));
  return choices;
}

export function flange(actor: Actor.Implementation | null | undefined): FlangeActorModel | null {
  return modelOf(actor, FlangeActorModel);
}

/**
 * How an attack with a weapon finds its skill (issue 19.3): the skill the weapon names (under its
 * heading, when it names one); else a skill named after the weapon itself (the book's "36 revolver
 * skill"); else the heading's generalisation dots ("generalisation"); else none (0 dice: one die
 * needing a 10). `skill` is the name of the skill found (null when none was).
 */
export interface WeaponSkill {
  skillDice: number;
  attributeTarget: number;
  via: "skill" | "weaponName" | "generalisation" | "none";
  skill: string | null;
}

export function weaponSkill(actor: Actor.Implementation, weapon: FlangeWeaponModel): WeaponSkill {
  const m = requireModel(actor, FlangeActorModel);
  const attributeTarget = m.attributes[weapon.attribute];
  const named = (name: string) => {
    const key = name.trim().toLowerCase();
    return key === "" ? undefined : m.skills.find((s) => s.name.toLowerCase() === key && (weapon.heading === "" || s.heading === weapon.heading));
  };
  const own = named(weapon.skill);
  if (own) return { skillDice: Math.min(R.CHECK_DICE_MAX, own.dice), attributeTarget, via: "skill", skill: own.name };
  const byWeapon = named(weapon.parent?.name ?? "");
  if (byWeapon) return { skillDice: Math.min(R.CHECK_DICE_MAX, byWeapon.dice), attributeTarget, via: "weaponName", skill: byWeapon.name };
  const dots = weapon.heading === "" ? 0 : m.generalisation[weapon.heading];
  return { skillDice: Math.min(R.CHECK_DICE_MAX, dots), attributeTarget, via: dots > 0 ? "generalisation" : "none", skill: null };
}

/** The attack input of an actor with a weapon (its skill's dice, the weapon's attribute), before carries and choices. */
export function weaponAttack(actor: Actor.Implementation, weapon: FlangeWeaponModel): { skillDice: number; attributeTarget: number } {
  const { skillDice, attributeTarget } = weaponSkill(actor, weapon);
  return { skillDice, attributeTarget };
}

/** The defences that roll (seed 004 "Attack roll", "Damage roll": an Athleticism check each). */
export type RolledDefence = "dodge" | "block";

/**
 * The skills a dodge or block may roll (issue 19.4: "they must make an Athleticism check"): the
 * defender's Acrobatics skills and skills whose usual attribute is Athleticism; a block also takes
 * a Combat: Brawl or Combat: Melee skill (parrying with a weapon or an arm). Best first.
 */
export function defenceSkills(defender: Actor.Implementation, kind: RolledDefence): SkillView[] {
  const heads: readonly R.SkillHeading[] = kind === "block" ? ["acrobatics", "combatBrawl", "combatMelee"] : ["acrobatics"];
  const eligible = (flange(defender)?.skills ?? []).filter((s) => s.dice > 0 && (heads.includes(s.heading) || s.attribute === "athleticism"));
  // Stable: among equal dice, Acrobatics first, then the sheet's order.
  return eligible.map((s, i) => ({ s, i })).sort((a, b) => b.s.dice - a.s.dice || Number(b.s.heading === "acrobatics") - Number(a.s.heading === "acrobatics") || a.i - b.i).map(({ s }) => s);
}

/** The defender's Edge on a dodge or block (issue 19.2): extra dice and a lower target, each up to `limit`. */
export function defenceEdgeInputs(limit: number) {
  return { edgeDice: choice("edgeDice", 0, limit), edgeTarget: choice("edgeTarget", 0, limit) };
}
/** The defence dialog's Edge inputs, declared once: the form, its read and the GM's check. */
export const DEFENCE_EDGE_INPUTS = defenceEdgeInputs(CHOICE_LIMITS.edge);
export type DefenceEdge = InputValues<typeof DEFENCE_EDGE_INPUTS>;
export const NO_DEFENCE_EDGE: DefenceEdge = { edgeDice: 0, edgeTarget: 0 };

/** The defence dialog's Edge inputs as form groups, bounded by the defender's Edge left. */
export function defenceEdgeHtml(edgeAvailable: number): Promise<string> {
  return inputsHtml(defenceEdgeInputs(Math.min(CHOICE_LIMITS.edge, edgeAvailable)), {}, "bb-fl-defence");
}

/**
 * The dodge or block check of a defender on Athleticism: a skill it names (setting "skill"; one of
 * `defenceSkills`), else 3 dice attribute only; with the Edge the defender spends on it.
 */
export function defenceCheck(defender: Actor.Implementation, skillId: string | null, kind: RolledDefence = "dodge", edge: DefenceEdge = NO_DEFENCE_EDGE): R.CheckInput {
  const m = requireModel(defender, FlangeActorModel);
  const target = m.attributes.athleticism;
  const withEdge = (c: R.CheckInput): R.CheckInput => (edge.edgeDice || edge.edgeTarget ? { ...c, edgeDice: edge.edgeDice, edgeTarget: edge.edgeTarget } : c);
  if (flangeCombatRules().defenceDice === "skill" && skillId) {
    const view = defenceSkills(defender, kind).find((s) => s.id === skillId);
    if (!view) throw new RangeError(localize(m.skills.some((s) => s.id === skillId) ? "BREADBOX.Flange.Combat.NotADefenceSkill" : "BREADBOX.Flange.Combat.NoSuchSkill"));
    return withEdge({ dice: view.dice, target });
  }
  return withEdge({ dice: R.ATTRIBUTE_ONLY_DICE, target });
}

/** The defender's best skill for a dodge or block (the example's two dice), or none (3 dice on Athleticism). */
export function defaultDefenceSkill(defender: Actor.Implementation, kind: RolledDefence = "dodge"): string | null {
  return defenceSkills(defender, kind)[0]?.id ?? null;
}

/** The round the attacker's combat is in (0 outside combat) and the combat's id. */
export function roundOf(actor: Actor.Implementation): { combatId: string; round: number } {
  const combat = combatOf(actor);
  return combat?.id && combat.round >= 1 ? { combatId: combat.id, round: Math.min(R.COMBAT_ROUND_MAX, combat.round) } : { combatId: "", round: 0 };
}

/** The exchange's rules-core input: the attacker's dice and what earlier exchanges give it, the defence, armour, health. */
export function exchangeInput(attacker: Actor.Implementation, weapon: FlangeWeaponModel, defender: Actor.Implementation, choices: AttackChoices, defence: R.DefenceInput): R.ExchangeInput {
  const d = requireModel(defender, FlangeActorModel);
  const { combatId, round } = roundOf(attacker);
  const carry = round > 0 ? R.attackCarry(combatantState(attacker, combatId), round) : { counterattackBonus: false, failedBlockPenalty: false };
  const { diceModifier, targetModifier, edgeDice, edgeTarget } = choices;
  return {
    attack: { ...weaponAttack(attacker, weapon), ...carry, diceModifier, targetModifier, edgeDice, edgeTarget },
    weapon: { damageDice: weapon.damageDots, damageModifier: weapon.damageModifier },
    defence,
    armour: Math.min(R.ARMOUR_MAX, d.armour),
    damageEdgeDice: choices.damageEdgeDice,
    defenderHealth: d.healthState(),
  };
}

/** The attack dialog's pool line: the dice and target the attack will roll with these choices ("3d10 against 7", or the desperate roll). */
export function attackPoolHtml(attacker: Actor.Implementation, weapon: FlangeWeaponModel, defender: Actor.Implementation, choices: AttackChoices): string {
  const line = document.createElement("p");
  line.className = "bb-pool-summary";
  line.textContent = `${localize("BREADBOX.Flange.Check.Pool")}: ${poolSummary(R.settlePool(R.attackCheck(exchangeInput(attacker, weapon, defender, choices, { kind: "none" }).attack)))}`;
  return line.outerHTML;
}

/** What the attack dialog says about the weapon's skill: the skill found, or a warning that it is missing and what is rolled instead. */
export function weaponSkillNotice(attacker: Actor.Implementation, weapon: FlangeWeaponModel, weaponName: string): { line: string; warning: string } {
  const ws = weaponSkill(attacker, weapon);
  if (ws.skill) return { line: format("BREADBOX.Flange.Combat.WeaponSkill", { skill: ws.skill, dice: ws.skillDice }), warning: "" };
  const data = { name: attacker.name ?? "", skill: weapon.skill.trim() || weaponName, heading: weapon.heading === "" ? "—" : localize(`BREADBOX.Flange.Heading.${weapon.heading}`), dots: ws.skillDice };
  return { line: "", warning: format(ws.via === "generalisation" ? "BREADBOX.Flange.Combat.NoWeaponSkillGeneralisation" : "BREADBOX.Flange.Combat.NoWeaponSkill", data) };
}

/** The odds of an attack (against an undefended target until the defence is declared). */
export function attackOddsHtml(attacker: Actor.Implementation, weapon: FlangeWeaponModel, defender: Actor.Implementation, choices: AttackChoices, defence: R.DefenceInput): string {
  return oddsPanelHtml(R.exchangeOdds(exchangeInput(attacker, weapon, defender, choices, defence)), { labelKey: (key) => `BREADBOX.Flange.Combat.Outcome.${key}` });
}
