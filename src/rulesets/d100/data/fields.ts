/**
 * The notation field and shared vocabularies of the D10/0 data models (the other field factories
 * are core's: core/data/fields.ts).
 */
import * as R from "../init-rules";

const fields = foundry.data.fields;

/**
 * A text field holding rules notation: the core's parser checks it, and its message (e.g.
 * `Bad notation "10 - 2D" at position 4…`) becomes the field's validation failure. Blank allowed.
 */
export const notation = (parse: (text: string) => unknown, initial = "") =>
  new fields.StringField({
    required: true,
    blank: true,
    initial,
    validate: (value: unknown) => {
      if (typeof value === "string" && value.trim() !== "") parse(value);
    },
  });

/** Attribute scores: the book's range is 1–10 with exceptions above; 0 is "non-existent". */
export const ATTRIBUTE_RANGE = { min: 0, max: 30 } as const;
/** Health points (current may go far below zero before death at −Normal). */
export const HEALTH_RANGE = { min: -1_000_000, max: 1_000_000 } as const;
/** Progression points, skill points, power points. */
export const POINTS_RANGE = { min: 0, max: 1_000_000 } as const;
/** Adjust ratings priced by the exchange rate (the core's cap). */
export const ADJUST_RANGE = { min: 0, max: R.MAX_ADJUST } as const;
/** Action point costs. */
export const AP_RANGE = { min: 0, max: 1000 } as const;

/**
 * The Dude's regions (seed: "The Dude" — regions, bubbles, yellow and red zones). The book names
 * the parts but prints only a drawing; our humanoid has these twelve regions. Decision
 * (docs/rules/d100.md): red zones (vital) are the head, neck, chest and abdomen; yellow zones
 * (non-vital but needed for unhindered function) are the arms and legs; hands and feet are plain.
 */
export const DUDE_REGIONS = ["head", "neck", "chest", "abdomen", "leftArm", "rightArm", "leftHand", "rightHand", "leftLeg", "rightLeg", "leftFoot", "rightFoot"] as const;
export type DudeRegion = (typeof DUDE_REGIONS)[number];
