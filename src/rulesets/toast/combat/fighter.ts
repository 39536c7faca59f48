/**
 * What the combat part reads from a Toast character, gathered once per use: attributes, wound
 * tally and scale, worn armor, skills and weapons. Pure gathering; every number is worked out by
 * the rules core (task modifiers, damage dice, strikes).
 */
import * as R from "../rules";
import { itemsWithModel } from "../../../core/foundry";
import { format, localize, modelOf } from "../../../core/game";
import { ToastActorModel } from "../data/actor";
import { ToastSkillModel } from "../data/items";
import { ToastWeaponModel } from "../data/weapons";
import type { ToastCombatRules } from "./settings";

/** A skill a fighter may roll: her own, or an untrained attempt (level 0) at a listed skill. */
export interface FighterSkill {
  /** Stable id: the skill's key, else its name, lower-cased. */
  id: string;
  label: string;
  baseAttributes: readonly R.AttributeKey[];
  level: number;
  category: R.SkillCategoryKey;
  /** Not on the sheet: an untrained attempt. */
  untrained: boolean;
  /** The skill item, when she has it. */
  itemId?: string;
  /** The listed skill's key (skills.ts) of an untrained attempt: the skill she learns by it. */
  key?: string;
}

export interface Fighter {
  actor: Actor.Implementation;
  data: ToastActorModel;
  attributes: R.Attributes;
  woundLevels: number;
  woundScale: number;
  armor: R.ArmorStats | null;
}

export function fighterOf(actor: Actor.Implementation | null | undefined): Fighter | null {
  const data = modelOf(actor, ToastActorModel);
  if (!actor || !data) return null;
  return { actor, data, attributes: data.attributeLevels, woundLevels: data.wounds.value, woundScale: data.woundScale, armor: data.armor ?? null };
}

function skillId(key: string, name: string): string {
  return (key || name).trim().toLowerCase();
}

/** The fighter's own skills. */
export function ownSkills(f: Fighter): FighterSkill[] {
  return itemsWithModel(f.actor, ToastSkillModel).map(({ item, model }) => ({
    id: skillId(model.key, item.name ?? ""),
    label: item.name ?? model.key,
    baseAttributes: [...model.baseAttributes],
    level: model.level,
    category: model.category,
    untrained: false,
    itemId: item.id ?? undefined,
  }));
}

/**
 * The skill named by a weapon (or by key, e.g. "initiative"): her own skill whose key or name
 * matches, else an untrained attempt at the listed skill of that key or name, else null.
 */
export function findSkill(f: Fighter, name: string): FighterSkill | null {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return null;
  const own = ownSkills(f).find((s) => s.id === wanted || s.label.trim().toLowerCase() === wanted);
  if (own) return own;
  const listed = R.STARTER_SKILLS.find((s) => s.key.toLowerCase() === wanted || humanize(s.key).toLowerCase() === wanted);
  if (!listed || listed.category === "knowledge") return null;
  return { id: listed.key.toLowerCase(), label: localizedSkill(listed.key), baseAttributes: [...listed.baseAttributes], level: 0, category: listed.category, untrained: true, key: listed.key };
}

/** A listed skill's key as words ("twoHandedSword" → "Two handed sword"), as the skills pack names them. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function localizedSkill(key: string): string {
  return humanize(key);
}

/** The rules core's task modifier for a skill of this fighter, with her wound and armor penalties. */
export function skillTask(f: Fighter, skill: FighterSkill, situational = 0): R.TaskModifier {
  return R.taskModifier({
    attributes: f.attributes,
    task: { kind: "skill", baseAttributes: skill.baseAttributes, level: skill.level },
    woundLevels: f.woundLevels,
    woundScale: f.woundScale,
    armor: f.armor,
    situational,
  });
}

/** Signed parts of a task modifier, for a card: base, wound penalty, armor penalty, situational. */
export function modifierParts(task: R.TaskModifier, label: string): { label: string; value: number }[] {
  const parts = [{ label, value: task.base }];
  if (task.woundAdjustment) parts.push({ label: localize("BREADBOX.ToastCombat.WoundPenalty"), value: task.woundAdjustment });
  if (task.armorAdjustment) parts.push({ label: localize("BREADBOX.ToastCombat.ArmorPenalty"), value: task.armorAdjustment });
  if (task.situational) parts.push({ label: localize("BREADBOX.ToastCombat.Situational"), value: task.situational });
  return parts;
}

/** The initiative skill (her own, else an untrained roll on the listed Initiative skill). */
export function initiativeSkill(f: Fighter): FighterSkill {
  const skill = findSkill(f, "initiative");
  if (skill) return skill;
  // The listed skill is always there (skills.ts); this only guards a GM's replaced list.
  return { id: "initiative", label: localize("BREADBOX.ToastCombat.Initiative"), baseAttributes: ["perception", "agility"], level: 0, category: "combat", untrained: true };
}

/** A weapon of the fighter, read from her own items (never from a card). */
export function weaponOf(f: Fighter, weaponId: unknown): { item: Item.Implementation; model: ToastWeaponModel } | null {
  if (typeof weaponId !== "string" || !weaponId) return null;
  return itemsWithModel(f.actor, ToastWeaponModel).find((w) => w.item.id === weaponId) ?? null;
}

/** The skill a weapon is used with (an untrained attempt when she lacks it), or null when it names none she can try. */
export function weaponSkill(f: Fighter, weapon: { item: Item.Implementation; model: ToastWeaponModel }): FighterSkill | null {
  return findSkill(f, weapon.model.skill || weapon.item.name || "");
}

/** The damage dice of a hit with this weapon: base + positive attribute modifier (not for bows) + bonus dice. */
export function weaponDamageDice(f: Fighter, weapon: ToastWeaponModel, skill: FighterSkill): R.DamageDice {
  return R.damageDice({ weapon: weapon.stats, attributeModifier: R.skillAttributeModifier(f.attributes, skill.baseAttributes) });
}

/** The defences she may choose: each weapon skill of her equipped weapons, then (GM, or a world that allows it) every skill. */
export function defenceSkills(f: Fighter, anySkill: boolean): FighterSkill[] {
  const out: FighterSkill[] = [];
  const seen = new Set<string>();
  for (const w of itemsWithModel(f.actor, ToastWeaponModel)) {
    if (!w.model.equipped) continue;
    const s = weaponSkill(f, w);
    if (s && !seen.has(s.id)) {
      seen.add(s.id);
      out.push(s);
    }
  }
  if (anySkill) {
    for (const s of ownSkills(f)) {
      if (seen.has(s.id) || !R.canAttemptSkill(s.category, s.level)) continue;
      seen.add(s.id);
      out.push(s);
    }
  }
  return out;
}

/** The strike target the rules core reads: attributes, tally, scale, armor, and the body-check choice. */
export function strikeTarget(f: Fighter, rules: Pick<ToastCombatRules, "armorPenaltyOnBodyChecks">): R.StrikeTarget {
  return { attributes: f.attributes, woundLevels: f.woundLevels, woundScale: f.woundScale, armor: f.armor, armorPenaltyOnChecks: rules.armorPenaltyOnBodyChecks };
}

/** "+3" / "−2" / "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export function labelWithValue(label: string, value: number): string {
  return format("BREADBOX.ToastCombat.LabelValue", { label, value: signed(value) });
}
