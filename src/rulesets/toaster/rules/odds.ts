/**
 * Exact odds of Toaster rolls, by enumeration over the d10* (seed ch. 3).
 *
 * With unlimited rolling nines the d10* has infinitely many totals; the chain is enumerated to
 * UNLIMITED_NINES_DEPTH extra dice, where what is left (10^-17) is below double rounding.
 */
import type { Dist } from "../../../dice/dist";
import { combine, point, uniform } from "../../../dice/dist";
import type { Band } from "./core";
import { BANDS, UNOPPOSED_TARGET, bandForMargin } from "./core";
import type { D10StarOptions } from "./dice";
import { PLAIN_D10_STAR, validateD10StarOptions } from "./dice";
import type { CheckInput, NormalisedCheck } from "./check";
import { contestWinner, normaliseCheck, opposedWinner } from "./check";
import { MORTAL_WOUNDS, mortalityModifier, woundPenalty } from "./damage";
import { assertInt, assertNonNegativeInt, assertPositiveInt } from "./validate";

export const UNLIMITED_NINES_DEPTH = 16;

/** Distribution of a d10* total under the rolling-nines rule. A total of 0 means the first face was 0. */
export function d10StarDist(opts: D10StarOptions): Dist<number> {
  validateD10StarOptions(opts);
  if (!opts.rollingNines) return uniform(0, 9);
  const limit = opts.ninesLimit ?? UNLIMITED_NINES_DEPTH;
  const m = new Map<number, number>();
  let p = 1;
  let offset = 0;
  for (let k = 0; k <= limit; k++) {
    const last = k === limit ? 9 : 8;
    for (let f = 0; f <= last; f++) m.set(offset + f, (m.get(offset + f) ?? 0) + p / 10);
    p /= 10;
    offset += 9;
  }
  return m;
}

/** Distribution of the die part of a check (a called 4 is certain). */
export function checkDieDist(c: NormalisedCheck): Dist<number> {
  return c.callFour ? point(4) : d10StarDist(c.dice);
}

/** Probability that a fumble check (a fresh d10* with the same base) fumbles against target. */
export function fumbleCheckProbability(c: NormalisedCheck, die: Dist<number>, target: number): number {
  let p = 0;
  for (const [d, q] of die) if (d === 0 || c.base + d < target) p += q;
  return p;
}

function fumbleCheckDie(c: NormalisedCheck): Dist<number> {
  return d10StarDist(c.dice);
}

function emptyBands(): Record<Band, number> {
  return { fumble: 0, failure: 0, marginal: 0, success: 0, critical: 0 };
}

/**
 * Note on the key "success": the required shape spreads the five bands into the record, and the
 * band "success" shares its name with the overall chance of success. In this record `success` is
 * the OVERALL chance (total ≥ target, no automatic failure), which is what a sheet shows as "chance
 * to succeed". The five band probabilities, including the "success" band, are in `bands`.
 */
export type CheckOdds = Record<Band, number> & { success: number; fumbleCheckFumble: number; bands: Record<Band, number>; successBand: number };

/**
 * Exact odds of one check: the probability of each band, of success (total ≥ target and no
 * automatic failure), and of a fumble that came from the fumble check after a natural 0.
 */
export function checkOdds(input: CheckInput): CheckOdds {
  const c = normaliseCheck(input);
  const bands = emptyBands();
  let success = 0;
  let fumbleCheckFumble = 0;
  const die = checkDieDist(c);
  for (const [d, p] of die) {
    if (c.rollingZeros && !c.callFour && d === 0) {
      const pf = fumbleCheckProbability(c, fumbleCheckDie(c), c.target);
      bands.fumble += p * pf;
      bands.failure += p * (1 - pf);
      fumbleCheckFumble += p * pf;
      continue;
    }
    const margin = c.base + d - c.target;
    bands[bandForMargin(margin)] += p;
    if (margin >= 0) success += p;
  }
  return { ...bands, success, fumbleCheckFumble, bands, successBand: bands.success };
}

/** Distribution of the band of a check, as a Dist (mass 1). */
export function checkBandDist(input: CheckInput): Dist<Band> {
  const o = checkOdds(input).bands;
  const m = new Map<Band, number>();
  for (const b of BANDS) if (o[b] > 0) m.set(b, o[b]);
  return m;
}

/** Distribution of the total of a check (rank + modifier + luck-before + die). */
export function checkTotalDist(input: CheckInput): Dist<number> {
  const c = normaliseCheck(input);
  const m = new Map<number, number>();
  for (const [d, p] of checkDieDist(c)) m.set(c.base + d, (m.get(c.base + d) ?? 0) + p);
  return m;
}

export interface OpposedOdds {
  aWins: number;
  bWins: number;
  tie: number;
  /** a's band, measured against b's total (a natural 0 for a: failure or fumble by the fumble check). */
  bands: Record<Band, number>;
}

/**
 * Exact odds of an opposed roll. Each side may use its own extended rules. A natural 0 under
 * rolling zeros loses outright (both: a tie); otherwise the higher total wins.
 */
export function opposedOdds(a: CheckInput, b: CheckInput): OpposedOdds {
  const ca = normaliseCheck({ ...a, target: 0 });
  const cb = normaliseCheck({ ...b, target: 0 });
  const da = checkDieDist(ca);
  const db = checkDieDist(cb);
  const aFumbleDie = fumbleCheckDie(ca);
  const out: OpposedOdds = { aWins: 0, bWins: 0, tie: 0, bands: emptyBands() };
  for (const [x, px] of da) {
    const aAuto = ca.rollingZeros && !ca.callFour && x === 0;
    const ta = ca.base + x;
    for (const [y, py] of db) {
      const p = px * py;
      const bAuto = cb.rollingZeros && !cb.callFour && y === 0;
      const tb = cb.base + y;
      const w = opposedWinner(ta, tb, aAuto, bAuto);
      if (w === "a") out.aWins += p;
      else if (w === "b") out.bWins += p;
      else out.tie += p;
      if (aAuto) {
        const pf = fumbleCheckProbability(ca, aFumbleDie, tb);
        out.bands.fumble += p * pf;
        out.bands.failure += p * (1 - pf);
      } else {
        out.bands[bandForMargin(ta - tb)] += p;
      }
    }
  }
  return out;
}

/** Exact distribution of the die kept when several characters collaborate (best or worst of n). */
export function collaborationDieDist(n: number, mode: "best" | "tooManyCooks", opts: D10StarOptions): Dist<number> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`Collaboration needs at least one roller, not ${n}`);
  const d = [...d10StarDist(opts)].sort((x, y) => x[0] - y[0]);
  const m = new Map<number, number>();
  let below = 0;
  for (const [v, p] of d) {
    const atOrBelow = below + p;
    // best: P(max = v) = F(v)^n - F(v-)^n ; worst: P(min = v) = (1-F(v-))^n - (1-F(v))^n
    const q = mode === "best" ? Math.pow(atOrBelow, n) - Math.pow(below, n) : Math.pow(1 - below, n) - Math.pow(1 - atOrBelow, n);
    if (q > 0) m.set(v, q);
    below = atOrBelow;
  }
  return m;
}

/** Exact outcome odds of a mortality check (see damage.ts mortalityCheck). */
export function mortalityOdds(
  physique: number,
  wounds: number,
  modifier: number,
  rules: Omit<CheckInput, "rank" | "modifier" | "target" | "luckBefore"> = {},
): { diesNow: number; diesIn: number; holds: number } {
  if (!Number.isInteger(wounds) || wounds < MORTAL_WOUNDS) throw new RangeError(`A mortality check needs ${MORTAL_WOUNDS} or more wounds, not ${wounds}`);
  const c = normaliseCheck({ ...rules, rollingZeros: false, rank: physique, modifier: mortalityModifier(wounds, modifier) });
  const out = { diesNow: 0, diesIn: 0, holds: 0 };
  for (const [d, p] of checkDieDist(c)) {
    const total = c.base + d;
    if (!c.callFour && d === 0) out.diesNow += p;
    else if (total >= c.target) out.holds += p;
    else if (total <= 0) out.diesNow += p;
    else out.diesIn += p;
  }
  return out;
}

/** Exact odds of a healing roll: a wound healed, no change, or a wound added (fumble). */
export function healingOdds(
  physique: number,
  wounds: number,
  medicalBonus: number,
  rules: Omit<CheckInput, "rank" | "modifier" | "target" | "luckBefore"> = {},
): { heal: number; same: number; worsen: number } {
  const o = checkOdds({ ...rules, rank: physique, modifier: woundPenalty(wounds) + medicalBonus });
  return { heal: o.success, worsen: o.bands.fumble, same: 1 - o.success - o.bands.fumble };
}

/** Outcomes of one unopposed check, as (total, success) pairs with their probabilities. */
function checkTotalsWithSuccess(input: CheckInput): { total: number; success: boolean; p: number }[] {
  const c = normaliseCheck(input);
  const out: { total: number; success: boolean; p: number }[] = [];
  for (const [d, p] of checkDieDist(c)) {
    const auto = c.rollingZeros && !c.callFour && d === 0;
    const total = c.base + d;
    out.push({ total, success: !auto && total >= c.target, p });
  }
  return out;
}

/**
 * Exact odds of a side-by-side contest (two characters not interfering, each against its own target):
 * see check.ts contestWinner.
 */
export function contestOdds(a: CheckInput, b: CheckInput): { aWins: number; bWins: number; tie: number; neither: number } {
  const out = { aWins: 0, bWins: 0, tie: 0, neither: 0 };
  const ob = checkTotalsWithSuccess(b);
  for (const x of checkTotalsWithSuccess(a)) {
    for (const y of ob) {
      const w = contestWinner(x, y);
      const p = x.p * y.p;
      if (w === "a") out.aWins += p;
      else if (w === "b") out.bWins += p;
      else if (w === "tie") out.tie += p;
      else out.neither += p;
    }
  }
  return out;
}

export interface CollaborationOddsOptions {
  modifier?: number;
  target?: number;
  dice?: D10StarOptions;
}

/**
 * Exact odds of a collaborative roll: `rollers` characters roll (the lead included), the best die
 * (or with too many cooks the worst) goes on the lead's rank. Same shape as checkOdds' bands, plus
 * the overall chance of success (total ≥ target). Matches collaborate() with that many eligible rollers.
 */
export function collaborationOdds(
  leadRank: number,
  rollers: number,
  mode: "best" | "tooManyCooks",
  opts: CollaborationOddsOptions = {},
): { bands: Record<Band, number>; success: number; keptDie: Dist<number> } {
  assertNonNegativeInt(leadRank, "Lead rank");
  assertPositiveInt(rollers, "Number of rollers");
  if (mode !== "best" && mode !== "tooManyCooks") throw new RangeError(`Collaboration mode must be best or tooManyCooks, not ${String(mode)}`);
  const modifier = opts.modifier ?? 0;
  const target = opts.target ?? UNOPPOSED_TARGET;
  assertInt(modifier, "Modifier");
  assertInt(target, "Target");
  const keptDie = collaborationDieDist(rollers, mode, opts.dice ?? PLAIN_D10_STAR);
  const bands = emptyBands();
  let success = 0;
  for (const [d, p] of keptDie) {
    const margin = leadRank + modifier + d - target;
    bands[bandForMargin(margin)] += p;
    if (margin >= 0) success += p;
  }
  return { bands, success, keptDie };
}

/** Exact odds of who acts first between two characters (d10 + Coordination + any cut, 1..10 each). */
export function initiativeOdds(coordA: number, coordB: number, modA = 0, modB = 0): { aFirst: number; bFirst: number; tie: number } {
  assertNonNegativeInt(coordA, "Coordination (first character)");
  assertNonNegativeInt(coordB, "Coordination (second character)");
  assertInt(modA, "Initiative modifier (first character)");
  assertInt(modB, "Initiative modifier (second character)");
  const d10 = uniform(1, 10);
  const diff = combine(d10, d10, (x, y) => x + coordA + modA - (y + coordB + modB));
  let aFirst = 0;
  let bFirst = 0;
  let tie = 0;
  for (const [k, p] of diff) {
    if (k > 0) aFirst += p;
    else if (k < 0) bFirst += p;
    else tie += p;
  }
  return { aFirst, bFirst, tie };
}
