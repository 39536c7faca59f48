/**
 * Toast skill and gear item models. A skill stores its level, category, base attributes and the
 * session marks (used this session, learned this session); its standing modifier is derived from
 * the owning character in the actor's prepareDerivedData. Weapons and armor live in weapons.ts.
 */
import * as R from "../init-rules";
import { BreadboxItemModel, choice, flag, int, quantity, text } from "../../../core/data/fields";
import { QUANTITY_RANGE, SKILL_LEVEL_RANGE } from "./fields";
import { ToastArmorModel, ToastWeaponModel } from "./weapons";

const fields = foundry.data.fields;

function skillSchema() {
  return {
    /** Stable key of a listed skill (e.g. "initiative"), blank for a GM's own. */
    key: text(),
    category: choice(R.SKILL_CATEGORY_KEYS, "athletic"),
    baseAttributes: new fields.ArrayField(new fields.StringField({ required: true, blank: false, choices: [...R.ATTRIBUTE_KEYS] }), { initial: ["agility"], min: 1 }),
    level: int({ ...SKILL_LEVEL_RANGE, initial: 0 }),
    /** Rolled this session (the end-of-session advancement check looks at it). */
    used: flag(),
    /** Learned this session (level 0 → 1 by an attempt): no advancement check this session. */
    learned: flag(),
  };
}

export class ToastSkillModel extends BreadboxItemModel<ReturnType<typeof skillSchema>> {
  static override ownSchema = skillSchema;

  /** Attribute modifier of the averaged base attributes (0 when not owned by a character). */
  get attributeModifier(): number {
    return this.#owned()?.attributeModifier ?? 0;
  }
  /** Attribute modifier + level: the skill's standing modifier. */
  get modifier(): number {
    return this.#owned()?.modifier ?? this.level;
  }
  /** The modifier with the current wound penalty and (STR/AGI/TOL skills) the armor penalty. */
  get currentModifier(): number {
    return this.#owned()?.currentModifier ?? this.level;
  }
  /** Above the starting cap (10 + FOC) / 2 — shown during creation. */
  get overStartingCap(): boolean {
    return this.#owned()?.overStartingCap ?? false;
  }
  /** Whether the skill may be attempted at its level (a Knowledge skill needs study). */
  get attemptable(): boolean {
    return R.canAttemptSkill(this.category, this.level);
  }

  /**
   * The owning character's figures for this skill, which the character computes on first read
   * after its preparation (issue 20: a world prepares every character, a sheet reads one).
   * Null alone, or when the character could not read the skill (its warnings say why).
   */
  #owner: ((model: ToastSkillModel) => ToastSkillFigures | null) | null = null;

  #owned(): ToastSkillFigures | null {
    return this.#owner ? this.#owner(this) : null;
  }

  /** Called by the owning character's preparation, after this skill's own. */
  ownedBy(figures: ((model: ToastSkillModel) => ToastSkillFigures | null) | null): void {
    this.#owner = figures;
  }

  /** The skill as the rules core reads it. */
  definition(name: string): R.CharacterSkill {
    return { key: this.key || name, category: this.category, baseAttributes: [...this.baseAttributes], level: this.level };
  }

  override prepareDerivedData(): void {
    // The owning actor supplies the modifiers after this; alone, the skill shows its level only.
    this.#owner = null;
  }
}

/** What a character derives for one of its skills. */
export interface ToastSkillFigures {
  readonly attributeModifier: number;
  readonly modifier: number;
  readonly currentModifier: number;
  readonly overStartingCap: boolean;
}

function gearSchema() {
  return {
    quantity: quantity(QUANTITY_RANGE.max),
  };
}

export class ToastGearModel extends BreadboxItemModel<ReturnType<typeof gearSchema>> {
  static override ownSchema = gearSchema;
}

export const TOAST_ITEM_MODELS = {
  toastSkill: ToastSkillModel,
  toastWeapon: ToastWeaponModel,
  toastArmor: ToastArmorModel,
  toastGear: ToastGearModel,
};
