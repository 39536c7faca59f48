/**
 * The one contract every rules core follows (docs/architecture.md, "The rules-core contract").
 *
 * Verbs mean the same in every core:
 *   roll<Thing>(input, rng)      draws the dice from a RandomSource, then resolves them;
 *   resolve<Thing>(input, faces) classifies dice that were already rolled (Foundry's dice) — it
 *                                never draws a die, and refuses faces that do not fit the input;
 *   <thing>Odds(input)           the exact probability of every outcome, as `Odds`.
 * Inputs are one object with named fields (never positional numbers that are easy to swap).
 * Results carry the faces they came from, so resolve(input, roll(input, rng).faces) is the same
 * result: that is how the Foundry side feeds Foundry's dice to the core.
 */
import type { RandomSource } from "./random";

/** Both sides of an opposed roll or contest, first and second: their inputs, or their faces. */
export interface Sides<T> {
  readonly first: T;
  readonly second: T;
}

/** One line of an odds panel: a stable key (the ruleset localizes it) and its probability. */
export interface OddsEntry {
  readonly key: string;
  readonly p: number;
}

/** The exact odds of a check, in the one shape the dialog's odds panel renders for any ruleset. */
export interface Odds {
  /** The chance of success, as the ruleset's book defines it. */
  readonly success: number;
  /**
   * Mutually exclusive outcomes in display order, worst first; their probabilities sum to
   * 1 within `error` (plus floating-point rounding).
   */
  readonly outcomes: readonly OddsEntry[];
  /**
   * Events that overlap the outcomes and that a player wants to see on their own (Toast's Auto
   * and Flub, Flange's critical failure, Toaster's fumble from a fumble check, D10/0 overflow).
   */
  readonly extras: readonly OddsEntry[];
  /**
   * Upper bound on the probability mass left out by truncating an open end or pruning a
   * negligible tail: 0 when the enumeration is complete, never more than ODDS_ERROR_BOUND.
   */
  readonly error: number;
}

/** The largest probability mass any odds function may leave out (docs/architecture.md). */
export const ODDS_ERROR_BOUND = 1e-9;

/** A check kind of a rules core, bundled so that generic code (tests, the odds panel) can drive it. */
export interface CheckCore<Input, Faces, Result extends { readonly faces: Faces }> {
  roll(input: Input, rng: RandomSource): Result;
  resolve(input: Input, faces: Faces): Result;
  odds(input: Input): Odds;
}

/** Build an Odds value, checking the contract (probabilities in [0,1], error within the bound). */
export function makeOdds(parts: { success: number; outcomes: readonly OddsEntry[]; extras?: readonly OddsEntry[]; error?: number }): Odds {
  const error = parts.error ?? 0;
  if (!(error >= 0 && error <= ODDS_ERROR_BOUND)) throw new RangeError(`odds error ${error} is outside [0, ${ODDS_ERROR_BOUND}]`);
  const clean = (e: OddsEntry): OddsEntry => ({ key: e.key, p: clamp01(e.p) });
  return { success: clamp01(parts.success), outcomes: parts.outcomes.map(clean), extras: (parts.extras ?? []).map(clean), error };
}

/**
 * Odds whose outcomes are named fields of a distribution, in display order (worst first), one of
 * them the success; the distribution's `error`, if any, is the mass left out.
 */
export function fieldOdds<K extends string>(d: Readonly<Record<K, number>> & { readonly error?: number }, keys: readonly K[], success: K): Odds {
  return makeOdds({ success: d[success], outcomes: keys.map((key) => ({ key, p: d[key] })), error: d.error ?? 0 });
}

/** Rounding can push a sum of probabilities a hair outside [0, 1]; anything further is a bug. */
function clamp01(p: number): number {
  if (!Number.isFinite(p) || p < -1e-9 || p > 1 + 1e-9) throw new RangeError(`probability ${p} is outside [0, 1]`);
  return p < 0 ? 0 : p > 1 ? 1 : p;
}
