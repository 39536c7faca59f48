/**
 * Field factories every ruleset's data models build on (functions returning `foundry.data.fields`
 * definitions, as Draw Steel does), and what every item model has: a description, and for the
 * items that have them, a quantity and an "equipped" mark. A ruleset's model is
 * `class X extends itemModel(schema)`, with `schema()` returning only the ruleset's own fields.
 */
const fields = foundry.data.fields;

/** The bounds of a whole-number field; without `initial` it starts at 0, or at `min` when that is above 0. */
export interface IntRange {
  min: number;
  max: number;
  initial?: number;
}

/** A required whole number within [min, max] (never null; cleaning clamps, validation refuses fractions). */
export const int = (opts: IntRange) =>
  new fields.NumberField({ required: true, nullable: false, integer: true, min: opts.min, max: opts.max, initial: opts.initial ?? Math.max(0, opts.min) });

/** Rich text, blank by default. */
export const html = () => new fields.HTMLField({ required: true, blank: true, initial: "" });

/** Plain text (a name, a key typed by the user), blank allowed. */
export const text = (initial = "") => new fields.StringField({ required: true, blank: true, initial });

/** One of a fixed list of keys; blank is allowed only when "" is one of them. */
export const choice = <T extends string>(choices: readonly T[], initial: T) =>
  new fields.StringField({ required: true, blank: choices.some((c) => c === ""), nullable: false, choices: [...choices], initial });

/** A yes/no mark. */
export const flag = (initial = false) => new fields.BooleanField({ initial });

/** Whether a weapon, armor or piece of gear is carried ready (weapons and armor start equipped). */
export const equipped = (initial = true) => flag(initial);

/** How many of a piece of gear (at least 0; one to start with). */
export const quantity = (max = 1_000_000) => int({ min: 0, max, initial: 1 });

/** The own fields of plain gear: only how many. */
export const gearFields = () => ({ quantity: quantity() });

/** Every item model's schema: the ruleset's own fields, then the GM's description. */
export type ItemSchema<S extends foundry.data.fields.DataSchema> = S & { description: ReturnType<typeof html> };

export function itemSchema<S extends foundry.data.fields.DataSchema>(own: S): ItemSchema<S> {
  return { ...own, description: html() };
}

/**
 * The base of every ruleset's item model: the schema is the ruleset's own fields (`ownSchema`)
 * and the description every item has; `S` is the type of those own fields
 * (`ReturnType<typeof ownSchema>`). Derived values and methods go in the subclass; each sub-type
 * keeps its own class (sheets and rules tell items apart with `instanceof`).
 */
export abstract class BreadboxItemModel<S extends foundry.data.fields.DataSchema> extends foundry.abstract.TypeDataModel<ItemSchema<S>, Item.Implementation> {
  /** The ruleset's own fields of this item type. */
  static ownSchema(): foundry.data.fields.DataSchema {
    return {};
  }

  static override defineSchema(): foundry.data.fields.DataSchema {
    return itemSchema(this.ownSchema());
  }
}

/** Plain gear: how many, and the description. A ruleset's gear model extends it (its own class, its own sub-type). */
export abstract class BreadboxGearModel extends BreadboxItemModel<ReturnType<typeof gearFields>> {
  static override ownSchema = gearFields;
}
