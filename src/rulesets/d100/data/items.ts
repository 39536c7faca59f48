/**
 * D10/0 item data models: branch skills, TABs (traits, assets, burdens), powers and gear. Weapons
 * and armor live in weapons.ts. Stored fields are what a player or GM chooses; what needs the
 * owner (a branch's Base from its parent, a power's Normal from attributes) is derived on the
 * actor (data/actor.ts), which runs after its items.
 */
import * as R from "../init-rules";
import { BreadboxItemModel, choice, equipped, flag, int, quantity, text } from "../../../core/data/fields";
import { ADJUST_RANGE, AP_RANGE, DUDE_REGIONS, POINTS_RANGE, notation } from "./fields";
import { OnDemand } from "../../../core/documents/on-demand";

const fields = foundry.data.fields;

function skillSchema() {
  return {
    /**
     * The parent skill: a root skill key ("ranged") or another branch skill's name. The ten roots
     * live on the actor (every character has them); branches are items the GM names.
     */
    parentSkill: text("athletic"),
    /** Adjust rating; a branch is bought with its first point, so it is at least 1. */
    adjust: int({ min: 1, max: ADJUST_RANGE.max, initial: 1 }),
  };
}

export class D100SkillModel extends BreadboxItemModel<ReturnType<typeof skillSchema>> {
  static override ownSchema = skillSchema;
  /** Skill points this Adjust cost at the exchange rate, and what the next point costs. Read by its sheet: computed on first read after each preparation. */
  get cost(): number {
    return this.#costs.value.cost;
  }
  get nextCost(): number {
    return this.#costs.value.nextCost;
  }

  readonly #costs = new OnDemand(() => ({ cost: R.costFromZero(this.adjust), nextCost: R.incrementCost(this.adjust) }));

  override prepareDerivedData(): void {
    this.#costs.reset();
  }
}

export const TAB_EFFECT_KINDS = ["difficulty", "difficultyMultiplier", "attributeMultiplier", "adjustment"] as const;
export const OPTIONAL_ATTRIBUTES = ["", ...R.ATTRIBUTE_KEYS] as const;

function tabEffectSchema() {
  return new fields.SchemaField({
    kind: choice(TAB_EFFECT_KINDS, "difficulty"),
    /** The situation tag the effect applies in ("balancing"); blank for adjustments. */
    when: text(),
    /** Difficulty added to attribute checks and to skill checks (−1 / −10 is easier). */
    attributeDelta: int({ min: -R.MAX_DIFFICULTY, max: R.MAX_DIFFICULTY, initial: 0 }),
    skillDelta: int({ min: -R.MAX_DIFFICULTY, max: R.MAX_DIFFICULTY, initial: 0 }),
    /** Multiplier of a difficulty or an attribute. */
    factor: int({ min: 1, max: 10, initial: 2 }),
    /** The attribute a multiplier concerns (blank: any, for a difficulty multiplier). */
    attribute: choice(OPTIONAL_ATTRIBUTES, ""),
    /** Uses per day (0: unlimited). */
    usesPerDay: int({ min: 0, max: 100, initial: 0 }),
    /** Adjustment notation to all damage received ("-1F"). */
    notation: notation(R.parseAdjustment),
  });
}

function tabSchema() {
  return {
    kind: choice(R.TAB_KINDS, "trait"),
    /** Degree for tiered TABs (drives the Progression Point cost); 0: untiered. */
    degree: int({ min: 0, max: 6, initial: 0 }),
    effects: new fields.ArrayField(tabEffectSchema()),
    /** Uses today of a TAB with a daily limit (reset by the GM when a new day starts). */
    usesToday: int({ min: 0, max: 100, initial: 0 }),
    /** Progression Points have been paid for it from the sheet (a second payment is refused). */
    paid: flag(),
  };
}

export class D100TabModel extends BreadboxItemModel<ReturnType<typeof tabSchema>> {
  static override ownSchema = tabSchema;
  /** The TAB as the rules core reads it (key: the item's name). Read by checks and sheets: built on first read after each preparation. */
  get tab(): R.Tab {
    return this.#tab.value;
  }

  /** Issue 20: a world prepares every character's TABs, a check or a sheet reads a few. */
  readonly #tab = new OnDemand((): R.Tab => {
    const key = this.parent?.name ?? "";
    const effects: R.TabEffect[] = this.effects.map((e): R.TabEffect => {
      const attribute = e.attribute === "" ? undefined : e.attribute;
      switch (e.kind) {
        case "difficulty":
          return { kind: "difficulty", when: e.when, attribute: e.attributeDelta, skill: e.skillDelta };
        case "difficultyMultiplier":
          return attribute ? { kind: "difficultyMultiplier", when: e.when, factor: e.factor, attribute } : { kind: "difficultyMultiplier", when: e.when, factor: e.factor };
        case "attributeMultiplier":
          return { kind: "attributeMultiplier", when: e.when, attribute: attribute ?? "charisma", factor: e.factor, usesPerDay: e.usesPerDay === 0 ? null : e.usesPerDay };
        default:
          return { kind: "adjustment", notation: e.notation };
      }
    });
    return { key, kind: this.kind, degree: this.degree === 0 ? null : this.degree, effects };
  });

  override prepareDerivedData(): void {
    this.#tab.reset();
  }
}

export const POWER_COMBINES = ["average", "sum"] as const;
/**
 * What a power action does in combat beyond its points (seed: "Example: Spirit Shaman"): raise the
 * Barrier Shield, attack as a Spirit Lance (X dice of damage with its skill), or nothing.
 */
export const POWER_ACTION_EFFECTS = ["", "barrierShield", "spiritLance"] as const;

function powerActionSchema() {
  return new fields.SchemaField({
    name: text(),
    /** Power-point functions in order: "Need 3, Hold 3", "Drain 1+X", "Need 1, Hold X or Drain X". */
    cost: notation(R.parsePowerCost, "Drain 1"),
    /** Action points the action takes (0 where the book gives none). */
    actionPoints: int({ ...AP_RANGE, initial: 0 }),
    /** The skill it checks, if any (a root key or a branch name). */
    skill: text(),
    /** Difficulty change it grants the next check (That's an easy shot: −10 per point). */
    difficultyDelta: int({ min: -R.MAX_DIFFICULTY, max: R.MAX_DIFFICULTY, initial: 0 }),
    /** Its effect in combat: "barrierShield" raises the shield attacks on the character face (combat/shield.ts); "spiritLance" is an attack (combat/attack-cost.ts `weaponView`). */
    effect: choice(POWER_ACTION_EFFECTS, ""),
  });
}

function powerSchema() {
  return {
    /** Normal power points: the average (rounded down) or sum of these attributes, plus a bonus. */
    normalAttributes: new fields.ArrayField(choice(R.ATTRIBUTE_KEYS, "focus")),
    combine: choice(POWER_COMBINES, "average"),
    normalBonus: int({ min: -1000, max: 1000, initial: 0 }),
    current: int({ ...POINTS_RANGE, initial: 0 }),
    held: int({ ...POINTS_RANGE, initial: 0 }),
    /** Recovery: this many points per interval ("an hour rested", "a round concentrating"). */
    recoveryAmount: int({ min: 0, max: 1000, initial: 1 }),
    recoveryPer: text(),
    actions: new fields.ArrayField(powerActionSchema()),
    /** Progression Points have been paid for it from the sheet (a second payment is refused). */
    paid: flag(),
  };
}
type PowerSchema = ReturnType<typeof powerSchema>;

export class D100PowerModel extends BreadboxItemModel<PowerSchema> {
  static override ownSchema = powerSchema;
  /** Normal power points, from the owner's attributes (set by the actor; 0 unowned). */
  declare normal: number;
  /** Current − held. */
  declare free: number;

  override prepareDerivedData(): void {
    this.normal = this.normalBonus;
    this.free = this.current - this.held;
  }

  /**
   * A power that arrives on a character with no points yet (from a compendium or the sidebar)
   * starts with Current at its Normal (seed: "Current: Starts at Normal").
   */
  protected override async _preCreate(...args: Parameters<BreadboxItemModel<PowerSchema>["_preCreate"]>): ReturnType<BreadboxItemModel<PowerSchema>["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return allowed;
    const item = this.parent;
    const attrs = ownerAttributes(item?.parent?.system);
    if (item && attrs && this.current === 0 && this.held === 0) {
      const normal = this.normalBonus + (this.normalAttributes.length ? R.powerNormal(attrs, { attributes: this.normalAttributes, combine: this.combine }) : 0);
      if (normal > 0) item.updateSource({ system: { current: normal } });
    }
    return allowed;
  }
}

/** The attributes of an actor's system data, when it has the ten D10/0 attributes. */
function ownerAttributes(system: unknown): R.Attributes | null {
  const attributes: unknown = system && typeof system === "object" ? Reflect.get(system, "attributes") : null;
  if (!attributes || typeof attributes !== "object") return null;
  const out: Partial<Record<R.AttributeKey, number>> = {};
  for (const k of R.ATTRIBUTE_KEYS) {
    const v: unknown = Reflect.get(attributes, k);
    if (typeof v !== "number") return null;
    out[k] = v;
  }
  try {
    return R.validateAttributes(out);
  } catch {
    return null;
  }
}

function gearSchema() {
  return {
    quantity: quantity(),
    /** Where it is carried, marked on the Dude (blank: not marked). */
    region: choice(["", ...DUDE_REGIONS], ""),
    /** Adjustment notation the gear gives while equipped (blank: none). */
    adjustment: notation(R.parseAdjustment),
    equipped: equipped(false),
  };
}

export class D100GearModel extends BreadboxItemModel<ReturnType<typeof gearSchema>> {
  static override ownSchema = gearSchema;
}
