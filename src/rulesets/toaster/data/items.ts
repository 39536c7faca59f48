/**
 * Toaster item data models: skills, traits, weapons, armor and gear. Stored fields are the
 * player's choices; everything the rules derive (ranks, WC, penalties) is computed in
 * prepareDerivedData from the owning actor and never stored.
 */
import * as R from "../init-rules";
import { BreadboxGearModel, BreadboxItemModel, choice, equipped, flag, int, text } from "../../../core/data/fields";
import { ATTRIBUTE_KEYS, BODY_AREAS, SHIELD_SIZES, SKILL_COSTS, SKILL_GROUPS, SKILL_ROLES, TRAIT_KINDS, WEAPON_MODES } from "./fields";
import { toasterRulesOrDefault } from "../settings";
import { own } from "../../../dice/dict";
import { OnDemand } from "../../../core/documents/on-demand";

const fields = foundry.data.fields;

/** The owning actor's Toaster data, if the item is embedded in a Toaster actor. */
function ownerData(item: unknown): ToasterActorLike | null {
  const actor = (item as { parent?: { parent?: { type?: string; system?: unknown } | null } | null })?.parent?.parent;
  if (!actor || actor.type !== "toaster") return null;
  return actor.system as ToasterActorLike;
}

/** What item models read from the actor (filled in the actor's prepareBaseData). */
export interface ToasterActorLike {
  effective: Record<string, number>;
  skillPackageBonus: Record<string, number>;
  /** Whether any trait gives skill-package bonuses (skillPackageBonus has a key). */
  hasSkillPackages: boolean;
}

function skillSchema() {
  return {
    base: int({ min: 0, max: 30 }),
    attribute: new fields.StringField({ required: true, blank: false, initial: "intellect" }),
    attributeChoices: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
    group: choice(SKILL_GROUPS, ""),
    role: choice(SKILL_ROLES, "general"),
    nativeLanguage: flag(),
    specialties: new fields.ArrayField(new fields.SchemaField({
      name: text(),
      bonus: int({ min: 1, max: 2, initial: 1 }),
    })),
    cost: choice(SKILL_COSTS, "average"),
  };
}

export class ToasterSkillModel extends BreadboxItemModel<ReturnType<typeof skillSchema>> {
  static override ownSchema = skillSchema;
  /** Attribute value the rank is averaged with (0 when not embedded). */
  declare attributeValue: number;
  /** Skill base including a skill package's bonus. */
  declare effectiveBase: number;
  declare rank: number;
  /** The rank of an unskilled roll on the skill's attribute. */
  get unskilledRank(): number {
    return R.unskilledRank(this.attributeValue);
  }
  /** The rank's descriptor key (Novice, Skilled…). Sheet-only: computed when read. */
  get descriptor(): string {
    return R.skillRankDescriptor(this.rank).key;
  }
  /** Specialty steps the rank allows. */
  get specialtySlots(): number {
    return this.#specialty.value.slots;
  }
  /** The largest bonus one specialty may have at this rank. */
  get specialtyMax(): number {
    return this.#specialty.value.maxBonus;
  }
  /** What is wrong with the specialty bonuses, or "". Sheet-only: computed on first read after each preparation. */
  get specialtyWarning(): string {
    return this.#specialty.value.warning;
  }

  /** The specialty allowance and check, on demand (issue 20: a world prepares every character, a sheet reads one). */
  readonly #specialty = new OnDemand((): { slots: number; maxBonus: number; warning: string } => {
    const allowance = R.specialtyAllowance(this.rank);
    let warning: string;
    try {
      warning = R.specialtyProblem(this.rank, this.specialties.map((s) => s.bonus));
    } catch (err) {
      warning = err instanceof Error ? err.message : String(err);
    }
    return { slots: allowance.slots, maxBonus: allowance.maxBonus, warning };
  });

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    // Older sources may carry a single "specialty" string; keep it as the first specialty.
    const s = source as { specialty?: unknown; specialties?: unknown };
    if (typeof s.specialty === "string" && s.specialty && !Array.isArray(s.specialties)) {
      s.specialties = [{ name: s.specialty, bonus: 1 }];
      delete s.specialty;
    }
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    const owner = ownerData(this);
    // Attribute keys and skill names are typed by users: own-key lookups only. A character without
    // skill packages (most) has no bonus to look up by the lower-case name.
    // Each value is worked out in a local and written once (a model's fields are slower to read back).
    const attributeValue = (owner ? own(owner.effective, this.attribute) : undefined) ?? 0;
    const packageBonus = (owner && owner.hasSkillPackages ? own(owner.skillPackageBonus, (this.parent?.name ?? "").toLowerCase()) : undefined) ?? 0;
    const effectiveBase = this.base + packageBonus;
    this.attributeValue = attributeValue;
    this.effectiveBase = effectiveBase;
    this.rank = R.skillRank(attributeValue, effectiveBase);
    this.#specialty.reset();
  }
}

function traitSchema() {
  return {
    rank: int({ min: -10, max: 10, initial: 0 }),
    kind: choice(TRAIT_KINDS, "general"),
    attribute: text(),
    subAttribute: text(),
    skills: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
  };
}

export class ToasterTraitModel extends BreadboxItemModel<ReturnType<typeof traitSchema>> {
  static override ownSchema = traitSchema;
  /** The rank's severity label key ("" past the table). Sheet-only: computed when read. */
  get rankLabel(): string {
    const magnitude = Math.min(5, Math.abs(this.rank));
    return R.TRAIT_RANK_LABELS.find((l) => l.magnitude === magnitude)?.key ?? "";
  }

  /** What the core refuses in the rank, or "". Sheet-only: computed when read. */
  get warning(): string {
    try {
      R.validateTraitRank(this.rank, this.kind === "size" ? "physicalSize" : "standard");
      if (this.kind === "attribute") R.attributeTraitModifier(this.rank, this.subAttribute ? "subAttribute" : "attribute");
      return "";
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
}

function weaponSchema() {
  return {
    mode: choice(WEAPON_MODES, "melee"),
    baseWC: int({ min: 0, max: 99 }),
    strengthReq: int({ min: 0, max: 30 }),
    musclePowered: flag(true),
    unarmed: flag(),
    shield: choice(SHIELD_SIZES, ""),
    shotgun: flag(),
    skill: text(),
    equipped: equipped(),
  };
}

export class ToasterWeaponModel extends BreadboxItemModel<ReturnType<typeof weaponSchema>> {
  static override ownSchema = weaponSchema;
  /**
   * Weapon class with the wielder's Physique when muscle-powered. The weapon's figures are
   * computed when read, from the owner as prepared (issue 20: a world prepares every weapon, an
   * attack reads one).
   */
  get wc(): number {
    const owner = ownerData(this);
    if (!owner) return this.baseWC;
    return R.weaponClass({ baseWC: this.baseWC, physique: own(owner.effective, "physique") ?? 0, musclePowered: this.musclePowered });
  }
  /** Penalty for a Physique below the strength requirement (0 when that rule is off). */
  get strengthPenalty(): number {
    const owner = ownerData(this);
    if (!owner || !toasterRulesOrDefault().strengthRequirements) return 0;
    return R.strengthPenalty({ physique: own(owner.effective, "physique") ?? 0, requirement: this.strengthReq });
  }
  /** Parry bonus of a shield. */
  get shieldBonus(): number {
    return this.shield ? R.SHIELD_BONUS[this.shield] : 0;
  }
}

function armorSchema() {
  return {
    ac: int({ min: 0, max: 99 }),
    coverage: new fields.ArrayField(new fields.StringField({ required: true, blank: false, choices: [...BODY_AREAS] }), {
      initial: [...BODY_AREAS],
    }),
    natural: flag(),
    equipped: equipped(),
  };
}

export class ToasterArmorModel extends BreadboxItemModel<ReturnType<typeof armorSchema>> {
  static override ownSchema = armorSchema;
}

export class ToasterGearModel extends BreadboxGearModel {}

export const TOASTER_ITEM_MODELS = {
  toasterSkill: ToasterSkillModel,
  toasterTrait: ToasterTraitModel,
  toasterWeapon: ToasterWeaponModel,
  toasterArmor: ToasterArmorModel,
  toasterGear: ToasterGearModel,
};

export { ATTRIBUTE_KEYS };
