/**
 * Character data and derived values (seed: "Character", "Attributes and Aspects", attribute-modifier
 * table, "Skills", "Task Resolution" modifiers, armor encumbrance, wound threshold and penalties).
 */
import { ASPECT_KEYS, ATTRIBUTE_KEYS, SKILL_CATEGORY_KEYS, type AspectKey, type AttributeKey, type SkillCategoryKey, type WoundCategoryKey } from "./keys";
import {
  ASPECT_ATTRIBUTES,
  ATTRIBUTE_MODIFIER_TABLE,
  HUMANOID_WOUND_SCALE,
  WOUND_CATEGORIES,
  type ArmorStats,
  type AttributeModifierRow,
  type WoundCategoryRow,
} from "./tables";
import { MAX_ATTRIBUTE, MAX_MAGNITUDE, MAX_SKILL_LEVEL, MAX_WOUND_LEVELS, MAX_WOUND_SCALE } from "./limits";
import { floorDiv, flooredAverage, requireArray, requireInteger, requireIntegerAtLeast, requireIntegerIn, requireOneOf, requireRecord } from "./validate";

/** The ten attribute levels (whole numbers ≥ 1; 1–20 at creation). */
export type Attributes = Readonly<Record<AttributeKey, number>>;

/** A skill as defined for the game (the starter list or a GM's own). */
export interface SkillDefinition {
  /** Stable camelCase key, e.g. "broadsword". */
  readonly key: string;
  readonly category: SkillCategoryKey;
  /** The attributes averaged for the skill's attribute modifier (one or more). */
  readonly baseAttributes: readonly AttributeKey[];
}

/** A skill a character has (level 0 = attempted never, i.e. not yet learned). */
export interface CharacterSkill extends SkillDefinition {
  readonly level: number;
}

/** Validate a full attribute record (every key present, whole numbers 1 … MAX_ATTRIBUTE). Returns it. */
export function validateAttributes(attributes: Attributes): Attributes {
  requireRecord(attributes, "Attributes");
  for (const key of ATTRIBUTE_KEYS) {
    const v = attributes[key];
    if (v === undefined) throw new RangeError(`Attribute ${key} is missing`);
    // The message is built only for a bad value: this runs on every task and every sheet render.
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > MAX_ATTRIBUTE) requireIntegerIn(v, 1, MAX_ATTRIBUTE, `Attribute ${key}`);
  }
  return attributes;
}

function checkAttributeKeys(keys: readonly AttributeKey[], what: string): readonly AttributeKey[] {
  requireArray(keys, what);
  if (keys.length === 0) throw new RangeError(`${what} needs at least one attribute`);
  for (const k of keys) requireOneOf(k, ATTRIBUTE_KEYS, what);
  return keys;
}

/**
 * The attribute modifier of a level (seed table, levels 1–20). Levels above the table's last row
 * continue its pattern: +1 for every two levels past the last row's first level.
 */
export function attributeModifier(level: number, table: readonly AttributeModifierRow[] = ATTRIBUTE_MODIFIER_TABLE): number {
  requireIntegerIn(level, 1, MAX_ATTRIBUTE, "Attribute level");
  if (table !== ATTRIBUTE_MODIFIER_TABLE) validateModifierTable(table);
  for (const row of table) if (level >= row.min && level <= row.max) return row.modifier;
  const last = table[table.length - 1];
  if (level > last.max) return last.modifier + floorDiv(level - last.min, 2);
  throw new RangeError(`Attribute level ${level} is not covered by the attribute-modifier table`);
}

/**
 * Check a GM's attribute-modifier table: at least one row, whole numbers, each row's min ≤ max,
 * rows in ascending order without overlaps. Returns the table.
 */
export function validateModifierTable(table: readonly AttributeModifierRow[]): readonly AttributeModifierRow[] {
  if (!Array.isArray(table) || table.length === 0) throw new RangeError("The attribute-modifier table is empty");
  let previousMax = 0;
  table.forEach((row, i) => {
    requireIntegerAtLeast(row.min, 1, `Attribute-modifier row ${i + 1} min`);
    requireIntegerAtLeast(row.max, row.min, `Attribute-modifier row ${i + 1} max`);
    requireInteger(row.modifier, `Attribute-modifier row ${i + 1} modifier`);
    if (row.min <= previousMax) throw new RangeError(`Attribute-modifier row ${i + 1} starts at ${row.min}, inside or before the previous row (which ends at ${previousMax})`);
    previousMax = row.max;
  });
  return table;
}

/** The attributes whose average stands in for an Intelligence score (the seed has no such attribute). */
export const INTELLIGENCE_ATTRIBUTES: readonly AttributeKey[] = ["perception", "focus"];

/** What other games call Intelligence: the average of Perception and Focus, rounded down. */
export function intelligenceScore(attributes: Attributes): number {
  validateAttributes(attributes);
  return flooredAverage(INTELLIGENCE_ATTRIBUTES.map((a) => attributes[a]), "Intelligence");
}

/** An aspect score: the average of its five attributes, rounded down. */
export function aspectScore(attributes: Attributes, aspect: AspectKey): number {
  const key = requireOneOf(aspect, ASPECT_KEYS, "Aspect");
  validateAttributes(attributes);
  return flooredAverage(ASPECT_ATTRIBUTES[key].map((a) => attributes[a]), `Aspect ${key}`);
}

/** Both aspect scores. */
export function aspectScores(attributes: Attributes): Readonly<Record<AspectKey, number>> {
  return { physical: aspectScore(attributes, "physical"), mental: aspectScore(attributes, "mental") };
}

/** Sum of attribute points spent in an aspect. */
export function aspectPoints(attributes: Attributes, aspect: AspectKey): number {
  const key = requireOneOf(aspect, ASPECT_KEYS, "Aspect");
  return ASPECT_ATTRIBUTES[key].reduce((s, a) => s + requireInteger(attributes[a], `Attribute ${a}`), 0);
}

/** The attribute modifier of a skill: average its base attributes (rounded down), then look it up. */
export function skillAttributeModifier(attributes: Attributes, baseAttributes: readonly AttributeKey[], table?: readonly AttributeModifierRow[]): number {
  validateAttributes(attributes);
  checkAttributeKeys(baseAttributes, "Skill base attributes");
  return attributeModifier(flooredAverage(baseAttributes.map((a) => attributes[a]), "Skill base attributes"), table);
}

/** A skill's standing modifier: its attribute modifier plus its level (the number worth writing on the sheet). */
export function skillModifier(attributes: Attributes, skill: Pick<CharacterSkill, "baseAttributes" | "level">, table?: readonly AttributeModifierRow[]): number {
  requireRecord(skill, "Skill");
  checkSkillLevel(skill.level);
  return skillAttributeModifier(attributes, skill.baseAttributes, table) + skill.level;
}

/** A skill level: a whole number 0 … MAX_SKILL_LEVEL. */
export function checkSkillLevel(level: number, min = 0): number {
  return requireIntegerIn(level, min, MAX_SKILL_LEVEL, "Skill level");
}

/** Modifier of a task on attributes only: their average, rounded down (no table lookup). */
export function attributeTaskBase(attributes: Attributes, keys: readonly AttributeKey[]): number {
  validateAttributes(attributes);
  checkAttributeKeys(keys, "Attribute task");
  return flooredAverage(keys.map((a) => attributes[a]), "Attribute task");
}

// ---------------------------------------------------------------------------------------------
// Armor and wounds

/** Attributes whose tasks suffer the armor penalty. */
export const ARMOR_PENALTY_ATTRIBUTES: readonly AttributeKey[] = ["strength", "agility", "tolerance"];

/** Validate armor numbers (whole numbers ≥ 0). */
export function validateArmor(armor: ArmorStats): ArmorStats {
  requireRecord(armor, "Armor");
  requireIntegerAtLeast(armor.woundReduction, 0, "Armor wound reduction");
  requireIntegerAtLeast(armor.encumbrance, 0, "Armor encumbrance");
  return armor;
}

export interface ArmorPenaltyInput {
  readonly encumbrance: number;
  readonly strength: number;
  readonly agility: number;
}

/** Armor penalty: encumbrance ÷ (Strength + Agility), rounded down (a positive number to subtract). */
export function armorPenalty(input: ArmorPenaltyInput): number {
  requireRecord(input, "Armor penalty input");
  const encumbrance = requireIntegerAtLeast(input.encumbrance, 0, "Armor encumbrance");
  const strength = requireIntegerIn(input.strength, 1, MAX_ATTRIBUTE, "Strength");
  const agility = requireIntegerIn(input.agility, 1, MAX_ATTRIBUTE, "Agility");
  return floorDiv(encumbrance, strength + agility);
}

/** Whether a task on these attributes suffers the armor penalty (it involves STR, AGI or TOL). */
export function armorPenaltyApplies(keys: readonly AttributeKey[]): boolean {
  return keys.some((k) => ARMOR_PENALTY_ATTRIBUTES.includes(k));
}

/** Wound threshold: the Tolerance modifier when positive, else 0. */
export function woundThreshold(tolerance: number, table?: readonly AttributeModifierRow[]): number {
  return Math.max(0, attributeModifier(tolerance, table));
}

export interface EffectiveWoundInput {
  readonly woundLevels: number;
  readonly threshold: number;
}

/** Effective wound level: wound levels beyond the threshold (never below 0). */
export function effectiveWoundLevel(input: EffectiveWoundInput): number {
  requireRecord(input, "Effective wound input");
  const woundLevels = checkWoundLevels(input.woundLevels);
  const threshold = requireIntegerAtLeast(input.threshold, 0, "Wound threshold");
  return Math.max(0, woundLevels - threshold);
}

/** A wound tally: a whole number 0 … MAX_WOUND_LEVELS. */
export function checkWoundLevels(woundLevels: number, what = "Wound levels"): number {
  return requireIntegerIn(woundLevels, 0, MAX_WOUND_LEVELS, what);
}

function checkScale(scale: number): number {
  return requireIntegerIn(scale, 1, MAX_WOUND_SCALE, "Wound scale");
}

function checkWoundTable(table: readonly WoundCategoryRow[]): readonly WoundCategoryRow[] {
  if (table.length < 2 || table[0].key !== "none") throw new RangeError("The wound table needs a `none` row followed by at least one category");
  for (const row of table) requireInteger(row.penalty, `Wound penalty of ${row.key}`);
  return table;
}

export interface WoundCategoryInput {
  readonly effective: number;
  /** Wound levels per category (default 4, humanoids). */
  readonly scale?: number;
}

/** The wound category row for an effective wound level: `none` at 0, then one category per `scale` levels, the last open-ended. */
export function woundCategory(input: WoundCategoryInput, table: readonly WoundCategoryRow[] = WOUND_CATEGORIES): WoundCategoryRow {
  requireRecord(input, "Wound category input");
  const effective = checkWoundLevels(input.effective, "Effective wound level");
  const scale = checkScale(input.scale ?? HUMANOID_WOUND_SCALE);
  if (table !== WOUND_CATEGORIES) checkWoundTable(table);
  const index = Math.min(table.length - 1, Math.ceil(effective / scale));
  return table[index];
}

/** First effective wound level of a category under a scale (e.g. serious → 13, critical → 21 at scale 4). */
export function woundCategoryStart(key: WoundCategoryKey, scale: number = HUMANOID_WOUND_SCALE, table: readonly WoundCategoryRow[] = WOUND_CATEGORIES): number {
  checkScale(scale);
  const index = (table === WOUND_CATEGORIES ? table : checkWoundTable(table)).findIndex((r) => r.key === key);
  if (index < 0) throw new RangeError(`Wound category ${key} is not in the wound table`);
  return index === 0 ? 0 : (index - 1) * scale + 1;
}

/** Everything the sheet shows about wounds. */
export interface WoundStatus {
  readonly woundLevels: number;
  readonly threshold: number;
  readonly effective: number;
  readonly category: WoundCategoryKey;
  /** Signed wound penalty (0 … −7), added to every task roll except the wound and healing checks. */
  readonly penalty: number;
  /** Effective level from which each new wound calls for a collapse check (serious). */
  readonly collapseFrom: number;
  /** Wound levels of a single strike (after armor) that call for a death check (critical). */
  readonly deathStrikeFrom: number;
  /** True when the effective level is at or past the collapse line. */
  readonly seriouslyWounded: boolean;
}

export interface WoundInput {
  readonly woundLevels: number;
  readonly tolerance: number;
  /** Wound levels per penalty category (4 for humanoids). */
  readonly scale?: number;
}

export function woundStatus(input: WoundInput, table: readonly WoundCategoryRow[] = WOUND_CATEGORIES, modifierTable?: readonly AttributeModifierRow[]): WoundStatus {
  requireRecord(input, "Wound input");
  const scale = checkScale(input.scale ?? HUMANOID_WOUND_SCALE);
  const threshold = woundThreshold(input.tolerance, modifierTable);
  const effective = effectiveWoundLevel({ woundLevels: input.woundLevels, threshold });
  const row = woundCategory({ effective, scale }, table);
  const collapseFrom = woundCategoryStart("serious", scale, table);
  return {
    woundLevels: input.woundLevels,
    threshold,
    effective,
    category: row.key,
    penalty: row.penalty,
    collapseFrom,
    deathStrikeFrom: woundCategoryStart("critical", scale, table),
    seriouslyWounded: effective >= collapseFrom,
  };
}

// ---------------------------------------------------------------------------------------------
// Task modifiers

/** What a task rests on. */
export type TaskSpec =
  | { readonly kind: "attributes"; readonly attributes: readonly AttributeKey[] }
  | { readonly kind: "aspect"; readonly aspect: AspectKey }
  | { readonly kind: "skill"; readonly baseAttributes: readonly AttributeKey[]; readonly level: number };

export interface TaskModifierInput {
  readonly attributes: Attributes;
  readonly task: TaskSpec;
  /** Current wound levels (default 0) and wound scale, for the wound penalty. */
  readonly woundLevels?: number;
  readonly woundScale?: number;
  /** Worn armor, for the armor penalty on STR/AGI/TOL tasks. */
  readonly armor?: ArmorStats | null;
  /** GM's situational bonus or penalty (signed). */
  readonly situational?: number;
  /** Leave out the wound penalty (collapse, death and Health checks say so). */
  readonly ignoreWoundPenalty?: boolean;
  /** Leave out the armor penalty even when the task involves STR/AGI/TOL. */
  readonly ignoreArmorPenalty?: boolean;
}

/** A task modifier with its parts, for display. All adjustments are signed and summed into total. */
export interface TaskModifier {
  /** Attribute average (attribute/aspect task) or skill attribute modifier + level (skill task). */
  readonly base: number;
  /** Skill tasks only: the attribute modifier from the table; otherwise null. */
  readonly attributeModifier: number | null;
  /** Skill tasks only: the skill level; otherwise null. */
  readonly skillLevel: number | null;
  readonly woundAdjustment: number;
  readonly armorAdjustment: number;
  readonly situational: number;
  readonly total: number;
  /** The attributes the task rests on. */
  readonly involvedAttributes: readonly AttributeKey[];
}

export function taskModifier(input: TaskModifierInput): TaskModifier {
  requireRecord(input, "Task modifier input");
  const attrs = validateAttributes(input.attributes);
  const situational = requireIntegerIn(input.situational ?? 0, -MAX_MAGNITUDE, MAX_MAGNITUDE, "Situational modifier");
  let base: number;
  let attributeMod: number | null = null;
  let skillLevel: number | null = null;
  let involved: readonly AttributeKey[];
  const task = requireRecord(input.task, "Task");
  if (task.kind === "attributes") {
    involved = checkAttributeKeys(task.attributes, "Attribute task");
    base = attributeTaskBase(attrs, involved);
  } else if (task.kind === "aspect") {
    involved = ASPECT_ATTRIBUTES[requireOneOf(task.aspect, ASPECT_KEYS, "Aspect")];
    base = aspectScore(attrs, task.aspect);
  } else if (task.kind === "skill") {
    involved = checkAttributeKeys(task.baseAttributes, "Skill base attributes");
    skillLevel = checkSkillLevel(task.level);
    attributeMod = skillAttributeModifier(attrs, involved);
    base = attributeMod + skillLevel;
  } else {
    const unknownTask: object = task;
    throw new RangeError(`Unknown task kind ${"kind" in unknownTask ? String(unknownTask.kind) : "(none)"}`);
  }
  const woundAdjustment = input.ignoreWoundPenalty
    ? 0
    : woundStatus({ woundLevels: input.woundLevels ?? 0, tolerance: attrs.tolerance, scale: input.woundScale }).penalty;
  const armor = input.armor ? validateArmor(input.armor) : null;
  const armorAdjustment =
    armor && !input.ignoreArmorPenalty && armorPenaltyApplies(involved) ? 0 - armorPenalty({ encumbrance: armor.encumbrance, strength: attrs.strength, agility: attrs.agility }) : 0;
  return {
    base,
    attributeModifier: attributeMod,
    skillLevel,
    woundAdjustment,
    armorAdjustment,
    situational,
    total: base + woundAdjustment + armorAdjustment + situational,
    involvedAttributes: involved,
  };
}

const ATTRIBUTE_KEY_SET: ReadonlySet<string> = new Set(ATTRIBUTE_KEYS);
/** Array.isArray without narrowing the declared type (a readonly list would become any[]). */
function isList(value: unknown): boolean {
  return Array.isArray(value);
}
/** attributeModifier of the seed table by level (1 … MAX_ATTRIBUTE), filled on first need. */
const MODIFIER_BY_LEVEL: number[] = [];
function tableModifier(level: number): number {
  return (MODIFIER_BY_LEVEL[level] ??= attributeModifier(level));
}

/** One entry of skillTaskModifiers: the task modifier, or what taskModifier throws for that skill. */
export type SkillTaskResult = { readonly ok: true; readonly value: TaskModifier } | { readonly ok: false; readonly error: unknown };

/**
 * taskModifier for every skill of one character at once (data preparation: 30 skills × 1,000
 * characters). What the tasks share — the attributes, the situational modifier, the wound penalty,
 * the armor and its penalty — is checked and computed once instead of once per skill. Entry i is
 * exactly what `taskModifier({ ...input, task: { kind: "skill", ...skills[i] } })` returns, or the
 * error it throws (same checks, same order, same messages).
 */
export function skillTaskModifiers(input: Omit<TaskModifierInput, "task">, skills: readonly { readonly baseAttributes: readonly AttributeKey[]; readonly level: number }[]): SkillTaskResult[] {
  let attrs: Attributes;
  let situational: number;
  try {
    requireRecord(input, "Task modifier input");
    attrs = validateAttributes(input.attributes);
    situational = requireIntegerIn(input.situational ?? 0, -MAX_MAGNITUDE, MAX_MAGNITUDE, "Situational modifier");
  } catch (error) {
    return skills.map(() => ({ ok: false, error }));
  }
  // The wound penalty and armor are checked after a task's own checks: computed on first need.
  let shared: { ok: true; woundAdjustment: number; armor: ArmorStats | null } | { ok: false; error: unknown } | null = null;
  let penalty: { ok: true; value: number } | { ok: false; error: unknown } | null = null;
  const out: SkillTaskResult[] = [];
  for (const skill of skills) {
    try {
      // Fast path for what the data model already guarantees (a non-empty list of attribute keys,
      // a whole level in range); anything else takes the checking path, which throws as before.
      // The attributes were validated above, so their floored average is a level in 1 … MAX_ATTRIBUTE.
      const keys = skill.baseAttributes;
      const level = skill.level;
      let sum = 0;
      let n = 0;
      if (isList(keys) && keys.length > 0) {
        for (const k of keys) {
          if (!ATTRIBUTE_KEY_SET.has(k)) {
            n = 0;
            break;
          }
          sum += attrs[k];
          n++;
        }
      }
      const involved = n > 0 ? keys : checkAttributeKeys(keys, "Skill base attributes");
      const skillLevel = typeof level === "number" && Number.isInteger(level) && level >= 0 && level <= MAX_SKILL_LEVEL ? level : checkSkillLevel(level);
      const attributeMod = n > 0 ? tableModifier(floorDiv(sum, n)) : attributeModifier(flooredAverage(involved.map((a) => attrs[a]), "Skill base attributes"));
      const base = attributeMod + skillLevel;
      if (shared === null) {
        try {
          const woundAdjustment = input.ignoreWoundPenalty ? 0 : woundStatus({ woundLevels: input.woundLevels ?? 0, tolerance: attrs.tolerance, scale: input.woundScale }).penalty;
          shared = { ok: true, woundAdjustment, armor: input.armor ? validateArmor(input.armor) : null };
        } catch (error) {
          shared = { ok: false, error };
        }
      }
      if (!shared.ok) throw shared.error;
      let armorAdjustment = 0;
      if (shared.armor && !input.ignoreArmorPenalty && armorPenaltyApplies(involved)) {
        if (penalty === null) {
          try {
            penalty = { ok: true, value: armorPenalty({ encumbrance: shared.armor.encumbrance, strength: attrs.strength, agility: attrs.agility }) };
          } catch (error) {
            penalty = { ok: false, error };
          }
        }
        if (!penalty.ok) throw penalty.error;
        armorAdjustment = 0 - penalty.value;
      }
      out.push({ ok: true, value: { base, attributeModifier: attributeMod, skillLevel, woundAdjustment: shared.woundAdjustment, armorAdjustment, situational, total: base + shared.woundAdjustment + armorAdjustment + situational, involvedAttributes: involved } });
    } catch (error) {
      out.push({ ok: false, error });
    }
  }
  return out;
}

/** Whether a character may attempt a skill at this level (Knowledge needs at least level 1). */
export function canAttemptSkill(category: SkillCategoryKey, level: number): boolean {
  const cat = requireOneOf(category, SKILL_CATEGORY_KEYS, "Skill category");
  checkSkillLevel(level);
  return level > 0 || cat !== "knowledge";
}
