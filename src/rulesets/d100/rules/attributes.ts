/**
 * Attributes (seed: "Attributes", "Determine Attributes", "The Ten Attributes").
 * Ten attributes in two groups of five; scores are whole numbers, usually 1-10, above 10 by
 * exception, 0 meaning non-existent.
 */
import { dictFrom, own } from "../../../dice/dict";
import { requireInt } from "./validate";

export const TANGIBLE_ATTRIBUTES = ["agility", "endurance", "intellect", "perception", "strength"] as const;
export const INTANGIBLE_ATTRIBUTES = ["focus", "spirit", "sense", "beyond", "charisma"] as const;
export const ATTRIBUTE_KEYS = [...TANGIBLE_ATTRIBUTES, ...INTANGIBLE_ATTRIBUTES] as const;

export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];
export type Attributes = Readonly<Record<AttributeKey, number>>;

/** The two-letter abbreviations of the character sheet. */
export const ATTRIBUTE_ABBREVIATIONS: Readonly<Record<string, AttributeKey>> = Object.freeze(
  dictFrom<AttributeKey>([
    ["AG", "agility"],
    ["EN", "endurance"],
    ["IN", "intellect"],
    ["PE", "perception"],
    ["ST", "strength"],
    ["FO", "focus"],
    ["SP", "spirit"],
    ["SE", "sense"],
    ["BE", "beyond"],
    ["CH", "charisma"],
  ]),
);

/** Throw unless `key` is one of the ten attribute keys; `what` names the rule asking. */
export function requireAttributeKey(what: string, key: string): AttributeKey {
  if (typeof key !== "string" || !(ATTRIBUTE_KEYS as readonly string[]).includes(key)) {
    throw new RangeError(`${what}: unknown attribute "${String(key)}" (expected one of ${ATTRIBUTE_KEYS.join(", ")})`);
  }
  return key as AttributeKey;
}

/** Abbreviation of an attribute key ("agility" → "AG"). */
export function attributeAbbreviation(key: AttributeKey): string {
  for (const [abbr, k] of Object.entries(ATTRIBUTE_ABBREVIATIONS)) if (k === key) return abbr;
  throw new RangeError(`Unknown attribute ${String(key)}`);
}

/** Resolve "ST" / "st" / "strength" to an attribute key, or throw. */
export function attributeFromAbbreviation(text: string): AttributeKey {
  if (typeof text !== "string") throw new TypeError(`An attribute must be named by text, not ${typeof text}`);
  const up = text.trim().toUpperCase();
  const byAbbr = own(ATTRIBUTE_ABBREVIATIONS, up);
  if (byAbbr) return byAbbr;
  const lower = text.trim().toLowerCase();
  if ((ATTRIBUTE_KEYS as readonly string[]).includes(lower)) return lower as AttributeKey;
  throw new RangeError(`Unknown attribute "${text}" (expected one of ${Object.keys(ATTRIBUTE_ABBREVIATIONS).join(", ")})`);
}

/** Meaning of an attribute score (seed table "Score / Meaning"). */
export type AttributeRating = "nonExistent" | "barelyNoted" | "belowAverage" | "average" | "aboveAverage" | "amazing" | "exceptional";

export function attributeRating(score: number): AttributeRating {
  requireInt("Attribute score", score, 0);
  if (score === 0) return "nonExistent";
  if (score === 1) return "barelyNoted";
  if (score < 5) return "belowAverage";
  if (score === 5) return "average";
  if (score < 10) return "aboveAverage";
  if (score === 10) return "amazing";
  return "exceptional";
}

/**
 * Attributes this module checked and froze: validating one of them again hands it back as it is
 * (a frozen copy cannot change, so it is still valid). A preparation validates its character's
 * attributes once and every rule it calls then finds them here.
 */
const VALIDATED = /* @__PURE__ */ new WeakSet<object>();
function isValidated(attrs: Partial<Record<AttributeKey, number>>): attrs is Attributes {
  return VALIDATED.has(attrs);
}

/** Check that every attribute is present and a whole number ≥ 0; returns a frozen copy (or the same frozen attributes, already checked). */
export function validateAttributes(attrs: Partial<Record<AttributeKey, number>>): Attributes {
  if (isValidated(attrs)) return attrs;
  const out = {} as Record<AttributeKey, number>;
  for (const k of ATTRIBUTE_KEYS) {
    const v = attrs[k];
    if (v === undefined) throw new RangeError(`Attribute ${k} is missing`);
    // The check's message is built only when it fails (this runs several times per preparation).
    out[k] = Number.isSafeInteger(v) && v >= 0 ? v : requireInt(`Attribute ${k}`, v, 0);
  }
  VALIDATED.add(Object.freeze(out));
  return out;
}

/** Attributes all set to one value (average characters are all 5). */
export function uniformAttributes(value: number): Attributes {
  requireInt("Attribute score", value, 0);
  const out = {} as Record<AttributeKey, number>;
  for (const k of ATTRIBUTE_KEYS) out[k] = value;
  return Object.freeze(out);
}

/** Character-creation attribute budget (seed: "Determine Attributes"). A setting may change it. */
export interface AttributeBuildRules {
  readonly minimum: number;
  readonly points: number;
  readonly cap: number;
}
export const STANDARD_ATTRIBUTE_BUILD: AttributeBuildRules = { minimum: 1, points: 45, cap: 10 };

export interface AttributeBuildCheck {
  readonly spent: number;
  readonly remaining: number;
  /** Problems as stable keys with the attribute concerned; empty when the build is legal. */
  readonly problems: ReadonlyArray<{ readonly key: "belowMinimum" | "aboveCap" | "overspent"; readonly attribute?: AttributeKey }>;
}

/** Points spent above the minimum, what remains, and any rule broken. */
export function checkAttributeBuild(attrs: Attributes, rules: AttributeBuildRules = STANDARD_ATTRIBUTE_BUILD): AttributeBuildCheck {
  const a = validateAttributes(attrs);
  const problems: Array<{ key: "belowMinimum" | "aboveCap" | "overspent"; attribute?: AttributeKey }> = [];
  let spent = 0;
  for (const k of ATTRIBUTE_KEYS) {
    if (a[k] < rules.minimum) problems.push({ key: "belowMinimum", attribute: k });
    if (a[k] > rules.cap) problems.push({ key: "aboveCap", attribute: k });
    spent += a[k] - rules.minimum;
  }
  if (spent > rules.points) problems.push({ key: "overspent" });
  return { spent, remaining: rules.points - spent, problems };
}

/** Action Quota: the average of two attributes rounded down (standard: Agility and Focus). */
export function actionQuota(attrs: Attributes, pair: readonly [AttributeKey, AttributeKey] = ["agility", "focus"]): number {
  const a = validateAttributes(attrs);
  if (pair.length !== 2) throw new RangeError(`Action Quota needs exactly two attributes, not ${pair.length}`);
  return Math.floor((a[requireAttributeKey("Action Quota", pair[0])] + a[requireAttributeKey("Action Quota", pair[1])]) / 2);
}
