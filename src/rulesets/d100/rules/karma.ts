/**
 * Karma (seed: "Karma"): Karma Marks and Reputation Stances. Setting data with no numbers of
 * its own; the core keeps them as plain records the adapter can edit.
 */
import { requireInt } from "./validate";

export interface KarmaMark {
  readonly key: string;
  readonly text: string;
  /** 1-10 when the setting values marks (the buy-off cost follows it); null otherwise. */
  readonly value: number | null;
}
export interface ReputationStance {
  /** Who holds the stance: an individual, group, town, organisation, species… */
  readonly holder: string;
  /** The stance itself ("reliable", "bigoted", "criminal", "vindicated"…). */
  readonly stance: string;
}
export interface Karma {
  readonly marks: readonly KarmaMark[];
  readonly stances: readonly ReputationStance[];
}

export const EMPTY_KARMA: Karma = { marks: [], stances: [] };

export function addMark(k: Karma, mark: KarmaMark): Karma {
  if (!mark.key) throw new RangeError("A karma mark needs a key");
  if (k.marks.some((m) => m.key === mark.key)) throw new RangeError(`Karma mark "${mark.key}" already exists`);
  if (mark.value !== null) requireInt(`Value of karma mark ${mark.key}`, mark.value, 1, 10);
  return { ...k, marks: [...k.marks, mark] };
}

export function removeMark(k: Karma, key: string): Karma {
  if (!k.marks.some((m) => m.key === key)) throw new RangeError(`No karma mark "${key}"`);
  return { ...k, marks: k.marks.filter((m) => m.key !== key) };
}

/** Set (or replace) the stance a holder takes towards the character. */
export function setStance(k: Karma, holder: string, stance: string): Karma {
  if (!holder.trim()) throw new RangeError("A reputation stance needs a holder");
  if (!stance.trim()) throw new RangeError("A reputation stance needs a stance");
  return { ...k, stances: [...k.stances.filter((s) => s.holder !== holder), { holder, stance }] };
}

export function removeStance(k: Karma, holder: string): Karma {
  if (!k.stances.some((s) => s.holder === holder)) throw new RangeError(`No reputation stance held by "${holder}"`);
  return { ...k, stances: k.stances.filter((s) => s.holder !== holder) };
}

export function stanceOf(k: Karma, holder: string): string | null {
  return k.stances.find((s) => s.holder === holder)?.stance ?? null;
}

/**
 * Progression Point cost of buying off a karma mark: its value ("varies by value on Karma",
 * 1-10). Pass it to `purchase(ledger, "karma", { cost })`. A mark without a value cannot be priced.
 */
export function karmaBuyOffCost(mark: KarmaMark): number {
  if (mark.value === null) throw new RangeError(`Karma mark "${mark.key}" has no value, so its buy-off cost is the GM's to set`);
  return requireInt(`Value of karma mark ${mark.key}`, mark.value, 1, 10);
}
