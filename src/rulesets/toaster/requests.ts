/**
 * Builders of check requests from an actor's data: what rank a roll stands on, which fixed
 * modifiers apply and where they come from. Pure gathering; the rules live in ./rules.
 */
import * as R from "./rules";
import { format, localize } from "../../core/game";
import type { CheckRequest } from "./checks";
import type { ModifierPart } from "./dice/check-roll";
import { ToasterActorModel } from "./data/actor";
import { requireModel } from "../../core/foundry";
import { ToasterSkillModel, ToasterWeaponModel } from "./data/items";
import type { ToasterRules } from "./settings";
import { afterAttack, owedPart, stanceDebt, stanceSelect } from "./stance";

export function sys(actor: Actor.Implementation): ToasterActorModel {
  return requireModel(actor, ToasterActorModel);
}

export function itemsOf(actor: Actor.Implementation, type: string): Item.Implementation[] {
  return [...actor.items].filter((i) => (i.type as string) === type);
}

/** The actor's skill with this name (case-insensitive), if any. */
export function findSkill(actor: Actor.Implementation, name: string): Item.Implementation | undefined {
  const n = name.trim().toLowerCase();
  if (!n) return undefined;
  return itemsOf(actor, "toasterSkill").find((i) => (i.name ?? "").trim().toLowerCase() === n);
}

export function dodgeSkill(actor: Actor.Implementation): Item.Implementation | undefined {
  return itemsOf(actor, "toasterSkill").find((i) => requireModel(i, ToasterSkillModel).role === "dodge") ?? findSkill(actor, "Dodge");
}

/** The standing penalty from stun or wounds (the worse of the two), as a named part. */
export function penaltyParts(actor: Actor.Implementation): ModifierPart[] {
  const p = sys(actor).penalty;
  return p < 0 ? [{ label: localize("BREADBOX.Toaster.Damage.Penalty"), value: p }] : [];
}

export function attributeLabel(actor: Actor.Implementation, key: string): string {
  const custom = sys(actor).customAttributes.find((c) => c.key === key);
  if (custom) return custom.label || custom.key;
  return localize(`BREADBOX.Toaster.Attribute.${key}`);
}

export function skillRequest(actor: Actor.Implementation, skill: Item.Implementation): CheckRequest {
  const s = requireModel(skill, ToasterSkillModel);
  return {
    actor,
    kind: "skill",
    title: skill.name ?? "",
    rank: s.rank,
    rankLabel: skill.name ?? "",
    fixedParts: penaltyParts(actor),
    specialties: namedSpecialties(skill),
    flags: { itemId: skill.id },
  };
}

/** An attribute roll: the attribute (or sub-attribute) used directly. */
export function attributeRequest(actor: Actor.Implementation, key: string, subAttribute?: string): CheckRequest {
  const data = sys(actor);
  const sub = subAttribute ? data.subAttributes.find((s) => s.attribute === key && s.name === subAttribute) : undefined;
  const label = sub ? `${attributeLabel(actor, key)} (${sub.name})` : attributeLabel(actor, key);
  const value = sub ? sub.value : (data.effective[key] ?? 0);
  return { actor, kind: "attribute", title: label, rank: R.attributeRollRank(Math.max(0, value)), rankLabel: label, fixedParts: penaltyParts(actor) };
}

/** An unskilled roll: a skill the character lacks, averaged with a base of 0. */
export function unskilledRequest(actor: Actor.Implementation, key: string, skillName: string): CheckRequest {
  const value = sys(actor).effective[key] ?? 0;
  const label = format("BREADBOX.Toaster.Roll.UnskilledTitle", { skill: skillName, attribute: attributeLabel(actor, key) });
  return { actor, kind: "unskilled", title: label, rank: R.unskilledRank(value), rankLabel: label, fixedParts: penaltyParts(actor) };
}

export function luckRequest(actor: Actor.Implementation): CheckRequest {
  const aura = sys(actor).effective.aura ?? 0;
  return { actor, kind: "luck", title: localize("BREADBOX.Toaster.Luck.Roll"), rank: aura, rankLabel: attributeLabel(actor, "aura"), fixedParts: penaltyParts(actor) };
}

/** The mortality check: Physique at −1 per wound over 5. */
export function mortalityRequest(actor: Actor.Implementation): CheckRequest {
  const data = sys(actor);
  const over = R.mortalityModifier({ wounds: data.wounds.value });
  const parts: ModifierPart[] = over ? [{ label: localize("BREADBOX.Toaster.Damage.WoundsOverFive"), value: over }] : [];
  const physique = data.effective.physique ?? 0;
  // What the roll means for the dying character is the check's effect (effects.ts).
  return {
    actor,
    kind: "mortality",
    title: localize("BREADBOX.Toaster.Damage.MortalityCheck"),
    rank: physique,
    rankLabel: attributeLabel(actor, "physique"),
    fixedParts: parts,
  };
}

/** Rank for using a weapon: its skill, else unskilled Coordination (half). */
export function weaponRank(actor: Actor.Implementation, weapon: Item.Implementation): { rank: number; label: string; skill?: Item.Implementation } {
  const w = requireModel(weapon, ToasterWeaponModel);
  const skill = findSkill(actor, w.skill);
  if (skill) return { rank: requireModel(skill, ToasterSkillModel).rank, label: skill.name ?? "", skill };
  const coord = sys(actor).effective.coordination ?? 0;
  return { rank: R.unskilledRank(coord), label: format("BREADBOX.Toaster.Roll.UnskilledTitle", { skill: w.skill || weapon.name || "", attribute: attributeLabel(actor, "coordination") }) };
}

function strengthParts(weapon: Item.Implementation): ModifierPart[] {
  const w = requireModel(weapon, ToasterWeaponModel);
  return w.strengthPenalty < 0 ? [{ label: localize("BREADBOX.Toaster.Weapon.StrengthReq"), value: w.strengthPenalty }] : [];
}

export function attackRequest(actor: Actor.Implementation, weapon: Item.Implementation, rules: ToasterRules): CheckRequest {
  const w = requireModel(weapon, ToasterWeaponModel);
  const { rank, label, skill } = weaponRank(actor, weapon);
  const fixed = [...penaltyParts(actor), ...strengthParts(weapon)];
  if (rules.shieldAttackPenalty && !w.shield) {
    const shield = itemsOf(actor, "toasterWeapon").find((i) => i.id !== weapon.id && requireModel(i, ToasterWeaponModel).equipped && requireModel(i, ToasterWeaponModel).shield);
    if (shield) fixed.push({ label: shield.name ?? localize("BREADBOX.Toaster.Weapon.Shield"), value: -requireModel(shield, ToasterWeaponModel).shieldBonus });
  }
  const extraSelects: NonNullable<CheckRequest["extraSelects"]> = [];
  if (w.mode === "ranged") {
    extraSelects.push({
      name: "range",
      label: localize("BREADBOX.Toaster.Weapon.Range"),
      options: R.RANGE_BANDS.map((b) => ({ value: b.key, label: `${localize(`BREADBOX.Toaster.Range.${b.key}`)} (${b.penalty})`, modifier: b.penalty })),
    });
  } else if (rules.weaponLength) {
    extraSelects.push({
      // Not "length": a form control of that name breaks v13's form reading (foundryvtt#13158).
      name: "weaponLength",
      label: localize("BREADBOX.Toaster.Weapon.Length"),
      options: (Object.keys(R.WEAPON_LENGTH_PENALTY) as R.WeaponLengthKey[]).map((k) => ({ value: k, label: `${localize(`BREADBOX.Toaster.Length.${k}`)} (${R.WEAPON_LENGTH_PENALTY[k]})`, modifier: R.WEAPON_LENGTH_PENALTY[k] })),
    });
  }
  if (rules.stance) {
    extraSelects.push(stanceSelect("attack"));
    fixed.push(...owedPart(stanceDebt(actor), "attack"));
  }
  return {
    actor,
    kind: "attack",
    title: format("BREADBOX.Toaster.Attack.Title", { weapon: weapon.name ?? "" }),
    rank,
    rankLabel: label,
    fixedParts: fixed,
    extraSelects,
    specialties: skill ? namedSpecialties(skill) : [],
    target: R.UNOPPOSED_TARGET,
    flags: { weaponId: weapon.id, mode: w.mode },
    rollOptions: { weaponId: weapon.id, mode: w.mode },
    after: rules.stance ? (_roll, choices) => afterAttack(actor, Number(choices.extras.stance ?? 0) || 0) : undefined,
  };
}

function namedSpecialties(skill: Item.Implementation): { name: string; bonus: number }[] {
  return requireModel(skill, ToasterSkillModel).specialties.filter((s) => s.name);
}

/** Defence options: dodge, or parry with an equipped melee weapon or shield (ranged: shields only). */
export interface DefenceOption {
  key: string;
  label: string;
  rank: number;
  parts: ModifierPart[];
  /** Specialties of the skill used (a dodge or the parrying weapon's skill). */
  specialties: { name: string; bonus: number }[];
}

export function defenceOptions(actor: Actor.Implementation, attackMode: "melee" | "ranged", attackerArmed = true): DefenceOption[] {
  // Which defences the rulebook allows: dodge always; shields always; weapons only against
  // hand-to-hand attacks; bare hands only against an unarmed attacker.
  const allowed = R.allowedDefences(attackMode, attackerArmed);
  const out: DefenceOption[] = [];
  const dodge = dodgeSkill(actor);
  const coord = sys(actor).effective.coordination ?? 0;
  out.push({
    key: "dodge",
    label: dodge?.name ?? localize("BREADBOX.Toaster.Defence.DodgeUnskilled"),
    rank: dodge ? requireModel(dodge, ToasterSkillModel).rank : R.unskilledRank(coord),
    parts: penaltyParts(actor),
    specialties: dodge ? namedSpecialties(dodge) : [],
  });
  for (const weapon of itemsOf(actor, "toasterWeapon")) {
    const w = requireModel(weapon, ToasterWeaponModel);
    if (!w.equipped || w.mode !== "melee") continue;
    const kind: R.DefenceKind = w.shield ? "shieldParry" : w.unarmed ? "unarmedParry" : "weaponParry";
    if (!allowed.includes(kind)) continue;
    const { rank, skill } = weaponRank(actor, weapon);
    const parts = [...penaltyParts(actor), ...strengthParts(weapon)];
    if (w.shieldBonus) parts.push({ label: localize(`BREADBOX.Toaster.Shield.${w.shield}`), value: w.shieldBonus });
    out.push({ key: `parry:${weapon.id}`, label: format("BREADBOX.Toaster.Defence.Parry", { weapon: weapon.name ?? "" }), rank, parts, specialties: skill ? namedSpecialties(skill) : [] });
  }
  return out;
}

/**
 * The weekly healing roll: Physique with the wound penalty; a medical bonus goes in the dialog's
 * situational modifier. Its effect on the wounds is in effects.ts.
 */
export function healingRequest(actor: Actor.Implementation): CheckRequest {
  const data = sys(actor);
  const parts: ModifierPart[] = data.woundPenalty < 0 ? [{ label: localize("BREADBOX.Toaster.Damage.Wounds"), value: data.woundPenalty }] : [];
  return {
    actor,
    kind: "healing",
    title: localize("BREADBOX.Toaster.Healing.Title"),
    rank: data.effective.physique ?? 0,
    rankLabel: attributeLabel(actor, "physique"),
    fixedParts: parts,
  };
}
