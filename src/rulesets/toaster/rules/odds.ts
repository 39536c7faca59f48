/**
 * Exact odds of Toaster rolls, by enumeration over the d10* (seed ch. 3), in the contract's `Odds`
 * shape (src/dice/contract.ts), with the richer distributions kept next to them for code that needs
 * more than a panel (sheets, the attack card, tests).
 *
 * Open end: the rolling-nines chain is enumerated to ODDS_NINES_DEPTH extra dice. A chain that is
 * still going at that depth (probability 10^-(depth+1) per die) is counted as stopping there; that
 * mass — at most 10^-10 per die — is reported in `Odds.error` (summed over the dice of the roll),
 * so every odds function stays within ODDS_ERROR_BOUND = 1e-9. A limit at or below the depth is
 * enumerated exactly (error 0).
 */
import type { Odds } from "../../../dice/contract";
import { ODDS_ERROR_BOUND, fieldOdds, makeOdds } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import { combine, point, uniform } from "../../../dice/dist";
import type { Band } from "./core";
import { BANDS, bandForMargin } from "./core";
import type { D10StarOptions } from "./dice";
import { ninesCap } from "./dice";
import { validateD10StarOptions } from "./dice-rolls";
import type { CheckInput, NormalisedCheck } from "./check";
import type { PairInput } from "./opposed";
import { normaliseCheck } from "./check";
import { contestWinner, opposedWinner } from "./opposed";
import type { CollaborationInput } from "./collaborate";
import { MAX_COLLABORATORS, collaborationPlan } from "./collaborate";
import type { HealingInput, MortalityInput } from "./recovery";
import { healingCheckInput, mortalityCheckInput } from "./recovery";
import type { InitiativeSide } from "./combat-play";
import { initiativeSide } from "./combat-play";
import { assertCount } from "../../../dice/limits";

/** Extra dice of a nines chain that the odds enumerate; deeper chains are within `error`. */
export const ODDS_NINES_DEPTH = 9;
const distCache = new Map<number, Dist<number>>();

/**
 * The depth to enumerate when `openDice` nines chains take part: ODDS_NINES_DEPTH, or deeper when
 * so many dice roll (a large collaboration) that their cut tails would add up past the error bound.
 */
export function oddsDepthFor(openDice: number): number {
  let depth = ODDS_NINES_DEPTH;
  while (openDice * Math.pow(10, -(depth + 1)) > ODDS_ERROR_BOUND * (1 - 1e-6)) depth++;
  return depth;
}

/** Mass the odds leave out for one d10* with these options (0 when the chain is enumerated exactly). */
export function d10StarTail(opts: D10StarOptions, depth = ODDS_NINES_DEPTH): number {
  return ninesCap(opts) > depth ? Math.pow(10, -(depth + 1)) : 0;
}

/**
 * Distribution of a d10* total under the rolling-nines rule, the chain enumerated to `depth` extra
 * dice (cached by the effective limit: a few dozen distributions at most). A total of 0 means the
 * first face was 0.
 */
export function d10StarDist(opts: D10StarOptions, depth = ODDS_NINES_DEPTH): Dist<number> {
  validateD10StarOptions(opts);
  const limit = Math.min(ninesCap(opts), depth);
  const hit = distCache.get(limit);
  if (hit) return hit;
  const m = new Map<number, number>();
  let p = 1;
  let offset = 0;
  for (let k = 0; k <= limit; k++) {
    const last = k === limit ? 9 : 8;
    for (let f = 0; f <= last; f++) m.set(offset + f, (m.get(offset + f) ?? 0) + p / 10);
    p /= 10;
    offset += 9;
  }
  distCache.set(limit, m);
  return m;
}

/** Distribution of the die part of a check (a called 4 is certain). */
export function checkDieDist(c: NormalisedCheck): Dist<number> {
  return c.callFour ? point(4) : d10StarDist(c.dice);
}

/** Mass left out for a check's dice: its die, and the fumble check's die under rolling zeros. */
export function checkTail(c: NormalisedCheck): number {
  if (c.callFour) return 0;
  return d10StarTail(c.dice) * (c.rollingZeros ? 2 : 1);
}

/** Probability that a fumble check (a fresh d10* with the same base) fumbles against target. */
export function fumbleCheckProbability(c: NormalisedCheck, die: Dist<number>, target: number): number {
  let p = 0;
  for (const [d, q] of die) if (d === 0 || c.base + d < target) p += q;
  return p;
}

function emptyBands(): Record<Band, number> {
  return { fumble: 0, failure: 0, marginal: 0, success: 0, critical: 0 };
}

function bandOdds(bands: Record<Band, number>): { key: string; p: number }[] {
  return BANDS.map((b) => ({ key: b, p: bands[b] }));
}

function bounded(error: number): number {
  if (error > ODDS_ERROR_BOUND) throw new RangeError(`odds error ${error} above the bound`);
  return error;
}

/** The full distribution of one check: each band, overall success, and the fumbles that came from the fumble check. */
export interface CheckDistribution {
  bands: Record<Band, number>;
  /** Total ≥ target and no automatic failure. */
  success: number;
  /** A fumble decided by the fumble check after a natural 0 (a part of bands.fumble). */
  fumbleCheckFumble: number;
  error: number;
}

export function checkDistribution(input: CheckInput): CheckDistribution {
  const c = normaliseCheck(input);
  const bands = emptyBands();
  let success = 0;
  let fumbleCheckFumble = 0;
  for (const [d, p] of checkDieDist(c)) {
    if (c.rollingZeros && !c.callFour && d === 0) {
      const pf = fumbleCheckProbability(c, d10StarDist(c.dice), c.target);
      bands.fumble += p * pf;
      bands.failure += p * (1 - pf);
      fumbleCheckFumble += p * pf;
      continue;
    }
    const margin = c.base + d - c.target;
    bands[bandForMargin(margin)] += p;
    if (margin >= 0) success += p;
  }
  return { bands, success, fumbleCheckFumble, error: bounded(checkTail(c)) };
}

/**
 * Exact odds of one check: the five bands (fumble … critical) as outcomes, success (total ≥
 * target, no automatic failure), and under rolling zeros the fumble from the fumble check as an extra.
 */
export function checkOdds(input: CheckInput): Odds {
  const c = normaliseCheck(input);
  const d = checkDistribution(input);
  return makeOdds({
    success: d.success,
    outcomes: bandOdds(d.bands),
    extras: c.rollingZeros && !c.callFour ? [{ key: "fumbleCheck", p: d.fumbleCheckFumble }] : [],
    error: d.error,
  });
}

/** Distribution of the band of a check, as a Dist (mass 1). */
export function checkBandDist(input: CheckInput): Dist<Band> {
  const o = checkDistribution(input).bands;
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

export interface OpposedDistribution {
  aWins: number;
  bWins: number;
  tie: number;
  /** a's band, measured against b's total (a natural 0 for a: failure or fumble by the fumble check). */
  bands: Record<Band, number>;
  error: number;
}

/**
 * Exact distribution of an opposed roll. Each side may use its own extended rules. A natural 0
 * under rolling zeros loses outright (both: a tie); otherwise the higher total wins.
 */
export function opposedDistribution(input: PairInput): OpposedDistribution {
  if (typeof input !== "object" || input === null) throw new TypeError("Two sides {a, b} are needed");
  const ca = normaliseCheck({ ...input.a, target: 0 });
  const cb = normaliseCheck({ ...input.b, target: 0 });
  const da = [...checkDieDist(ca)];
  const db = [...checkDieDist(cb)];
  const aFumbleDie = d10StarDist(ca.dice);
  const out: OpposedDistribution = { aWins: 0, bWins: 0, tie: 0, bands: emptyBands(), error: bounded(checkTail(ca) + checkTail(cb)) };
  const aZeroRule = ca.rollingZeros && !ca.callFour;
  const bZeroRule = cb.rollingZeros && !cb.callFour;
  for (const [x, px] of da) {
    const aAuto = aZeroRule && x === 0;
    const ta = ca.base + x;
    for (const [y, py] of db) {
      const p = px * py;
      const bAuto = bZeroRule && y === 0;
      const tb = cb.base + y;
      const w = opposedWinner({ total: ta, autoFailure: aAuto }, { total: tb, autoFailure: bAuto });
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

/** Exact odds of an opposed roll, from a's side: a's band against b's total; success = a wins; a dead tie as an extra. */
export function opposedOdds(input: PairInput): Odds {
  const d = opposedDistribution(input);
  return makeOdds({ success: d.aWins, outcomes: bandOdds(d.bands), extras: [{ key: "tie", p: d.tie }], error: d.error });
}

/** Exact distribution of the die kept when several characters collaborate (best or worst of n). */
export function collaborationDieDist(n: number, mode: "best" | "tooManyCooks", opts: D10StarOptions): Dist<number> {
  assertCount(n, "Number of collaborators rolling", MAX_COLLABORATORS, 1);
  const d = [...d10StarDist(opts, oddsDepthFor(n))].sort((x, y) => x[0] - y[0]);
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

export interface CollaborationDistribution {
  bands: Record<Band, number>;
  success: number;
  keptDie: Dist<number>;
  /** How many characters roll (the lead and every eligible helper). */
  rollers: number;
  error: number;
}

/**
 * Exact distribution of a collaborative roll: every eligible character rolls, the best die (or
 * with too many cooks the worst) goes on the lead's rank. Matches rollCollaboration(input).
 */
export function collaborationDistribution(input: CollaborationInput): CollaborationDistribution {
  const plan = collaborationPlan(input);
  const keptDie = collaborationDieDist(plan.rollers, plan.mode, plan.dice);
  const bands = emptyBands();
  let success = 0;
  for (const [d, p] of keptDie) {
    const margin = plan.leadRank + plan.modifier + d - plan.target;
    bands[bandForMargin(margin)] += p;
    if (margin >= 0) success += p;
  }
  return { bands, success, keptDie, rollers: plan.rollers, error: bounded(d10StarTail(plan.dice, oddsDepthFor(plan.rollers)) * plan.rollers) };
}

/** Exact odds of a collaborative roll: the five bands; success = total ≥ target. */
export function collaborationOdds(input: CollaborationInput): Odds {
  const d = collaborationDistribution(input);
  return makeOdds({ success: d.success, outcomes: bandOdds(d.bands), error: d.error });
}

export interface MortalityDistribution {
  diesNow: number;
  diesIn: number;
  holds: number;
  error: number;
}

/** Exact outcome distribution of a mortality check (see damage.ts rollMortality). */
export function mortalityDistribution(input: MortalityInput): MortalityDistribution {
  const c = normaliseCheck(mortalityCheckInput(input));
  const out = { diesNow: 0, diesIn: 0, holds: 0, error: bounded(checkTail(c)) };
  for (const [d, p] of checkDieDist(c)) {
    const total = c.base + d;
    if (!c.callFour && d === 0) out.diesNow += p;
    else if (total >= c.target) out.holds += p;
    else if (total <= 0) out.diesNow += p;
    else out.diesIn += p;
  }
  return out;
}

/** Exact odds of a mortality check: dies now, dies in some rounds, holds on (success). */
export function mortalityOdds(input: MortalityInput): Odds {
  return fieldOdds(mortalityDistribution(input), ["diesNow", "diesIn", "holds"], "holds");
}

/** Exact odds of a healing roll: a wound added (fumble), no change, a wound healed (success). */
export function healingOdds(input: HealingInput): Odds {
  const d = checkDistribution(healingCheckInput(input));
  return makeOdds({
    success: d.success,
    outcomes: [
      { key: "worsen", p: d.bands.fumble },
      { key: "same", p: Math.max(0, 1 - d.success - d.bands.fumble) },
      { key: "heal", p: d.success },
    ],
    error: d.error,
  });
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

export interface ContestDistribution {
  aWins: number;
  bWins: number;
  tie: number;
  neither: number;
  error: number;
}

/**
 * Exact distribution of a side-by-side contest (two characters not interfering, each against its
 * own target): see check.ts contestWinner.
 */
export function contestDistribution(input: PairInput): ContestDistribution {
  if (typeof input !== "object" || input === null) throw new TypeError("Two sides {a, b} are needed");
  const out = { aWins: 0, bWins: 0, tie: 0, neither: 0, error: bounded(checkTail(normaliseCheck(input.a)) + checkTail(normaliseCheck(input.b))) };
  const ob = checkTotalsWithSuccess(input.b);
  for (const x of checkTotalsWithSuccess(input.a)) {
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

/** Exact odds of a contest, from a's side: b wins, neither succeeds, a tie, a wins (success). */
export function contestOdds(input: PairInput): Odds {
  return fieldOdds(contestDistribution(input), ["bWins", "neither", "tie", "aWins"], "aWins");
}

/** Exact odds of who acts first between two characters (d10 + Coordination + any cut, 1..10 each): b first, tie, a first (success). */
export function initiativeOdds(input: { a: InitiativeSide; b: InitiativeSide }): Odds {
  if (typeof input !== "object" || input === null) throw new TypeError("Two sides {a, b} are needed");
  const a = initiativeSide(input.a);
  const b = initiativeSide(input.b);
  const d10 = uniform(1, 10);
  const diff = combine(d10, d10, (x, y) => x + a.coordination + a.modifier - (y + b.coordination + b.modifier));
  const d = { aFirst: 0, bFirst: 0, tie: 0 };
  for (const [k, p] of diff) {
    if (k > 0) d.aFirst += p;
    else if (k < 0) d.bFirst += p;
    else d.tie += p;
  }
  return fieldOdds(d, ["bFirst", "tie", "aFirst"], "aFirst");
}
