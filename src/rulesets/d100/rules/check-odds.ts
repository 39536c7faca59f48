/**
 * A check's exact odds (the effort distribution, degree tallies) and its core (roll, resolve, odds):
 * runtime code (dialogs, odds panels, the API), apart from rules/checks.ts, which the data models and
 * dice use: docs/architecture.md "Load what the world needs".
 */
import { type Odds, type CheckCore, makeOdds } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import { overflowRollCap } from "./limits";
import { BoundedCache, type Pmf, pmfFromMap, pmfLowerBound, pmfMean, pmfToDist } from "./pmf";
import { requireInt } from "./validate";
import { type CheckInput, type CheckResult, classify, type DegreeKey, DEGREES_WORST_FIRST, type EffortClass, maxFaceOf, normaliseCheck, type NormalisedCheck, type NormalisedTask, overflowPossible, resolveCheck, rollCheck, scaleOf } from "./checks";

/** An overflow chain is followed until its branch is less likely than this; the rest is counted in `error`. */
const OVERFLOW_CUT = 1e-14;

const effortCache = /* @__PURE__ */ new BoundedCache<Pmf>(256);

/**
 * Exact distribution of the final Degree of Effort (cached). Without overflow it is the 10 or
 * 100 equally likely values; with overflow the geometric chains are followed to their cap, or
 * until a branch is below 1e-14: that mass stays at its running total and is counted in `error`.
 */
export function effortPmf(c: NormalisedCheck): Pmf {
  return effortCache.get(`${c.kind}|${c.score}|${c.overflow}`, () => buildEffort(c));
}

function buildEffort(c: NormalisedCheck): Pmf {
  const max = maxFaceOf(c.kind);
  const n = max + 1;
  const cap = overflowRollCap(c.kind === "attribute" ? 1 : 2);
  const w = new Map<number, number>();
  let error = 0;
  const put = (k: number, p: number): void => {
    w.set(k, (w.get(k) ?? 0) + p);
  };
  const follow = (start: number, p0: number, direction: "positive" | "negative"): void => {
    const trigger = direction === "positive" ? 0 : max;
    let total = start;
    let p = p0;
    for (let depth = 0; ; depth++) {
      if (depth === cap) return put(total, p);
      if (p < OVERFLOW_CUT) {
        error += p;
        return put(total, p);
      }
      const q = p / n;
      let next = total;
      for (let r = 0; r <= max; r++) {
        const e = c.score - r;
        const t = total + (direction === "positive" ? Math.max(0, e) : Math.min(0, e));
        if (r === trigger) next = t;
        else put(t, q);
      }
      total = next;
      p = q;
    }
  };
  for (let r = 0; r <= max; r++) {
    const e = c.score - r;
    if (c.overflow && r === 0 && overflowPossible(c.kind, c.score, "positive")) follow(e, 1 / n, "positive");
    else if (c.overflow && r === max && overflowPossible(c.kind, c.score, "negative")) follow(e, 1 / n, "negative");
    else put(e, 1 / n);
  }
  return pmfFromMap(w, error);
}

/** Exact distribution of the final Degree of Effort (see effortPmf). */
export function effortDistribution(input: CheckInput): Dist<number> {
  return pmfToDist(effortPmf(normaliseCheck(input)));
}

/** Stable key of a check's joint outcome: degree key plus flags, e.g. "notedSuccess|agitation". */
export function checkOutcomeKey(r: Pick<EffortClass, "degreeKey" | "consolation" | "agitation">): string {
  return [r.degreeKey, r.consolation ? "consolation" : "", r.agitation ? "agitation" : ""].filter((s) => s !== "").join("|");
}

/** Exact distribution of checkOutcomeKey over every roll of the check. */
export function checkOutcomeDistribution(input: CheckInput): Dist<string> {
  const c = normaliseCheck(input);
  const e = effortPmf(c);
  const m = new Map<string, number>();
  for (let i = 0; i < e.v.length; i++) {
    const k = checkOutcomeKey(classify(c, e.v[i]));
    m.set(k, (m.get(k) ?? 0) + e.p[i]);
  }
  return m;
}

/** Every probability of a check, richer than Odds (for cards and tests). */
export interface CheckOddsDetail {
  readonly success: number;
  readonly miss: number;
  readonly failure: number;
  /** Probability of each named degree (every key present, 0 when impossible). */
  readonly degrees: Readonly<Record<DegreeKey, number>>;
  readonly consolation: number;
  readonly agitation: number;
  /** Probability that an overflow roll is made (0 without the overflow rule). */
  readonly overflow: number;
  /** Expected Degree of Effort. */
  readonly meanEffort: number;
  /** Mass left out by cut overflow chains or pruned tails (≤ 1e-9). */
  readonly error: number;
}

function emptyDegrees(): Record<DegreeKey, number> {
  return { miss: 0, minorSuccess: 0, notedSuccess: 0, wellDone: 0, likeAPro: 0, amazing: 0, aweInspiringRight: 0, almostSuccessful: 0, notedFailure: 0, fouledUp: 0, completeKlutz: 0, fubar: 0, aweInspiringWrong: 0 };
}

/** Accumulates classified efforts into a CheckOddsDetail. */
export class DegreeTally {
  readonly degrees = emptyDegrees();
  success = 0;
  miss = 0;
  failure = 0;
  consolation = 0;
  agitation = 0;
  add(cl: EffortClass, p: number): void {
    this.degrees[cl.degreeKey] += p;
    if (cl.outcome === "success") this.success += p;
    else if (cl.outcome === "miss") this.miss += p;
    else this.failure += p;
    if (cl.consolation) this.consolation += p;
    if (cl.agitation) this.agitation += p;
  }
  detail(extra: { overflow: number; meanEffort: number; error: number }): CheckOddsDetail {
    return { success: this.success, miss: this.miss, failure: this.failure, degrees: { ...this.degrees }, consolation: this.consolation, agitation: this.agitation, ...extra };
  }
}

/**
 * Starts of the ranges of Degree of Success over which the classification cannot change: the
 * degree levels (steps of 1 or 10 up to level 6), miss, the margins, and `extra` breaks.
 */
function degreeBreaks(task: NormalisedTask, extra: readonly number[]): number[] {
  const s = scaleOf(task.kind);
  const set = new Set<number>([0, 1, -task.consolationMargin, task.agitationMargin + 1, ...extra]);
  for (let k = 0; k <= 5; k++) {
    set.add(k * s + 1);
    set.add(-(k + 1) * s);
  }
  return [...set].sort((a, b) => a - b);
}

/**
 * Classify the sum a + b of two independent efforts against a task, without listing the sum:
 * for each value of `a`, the chance that `b` lands in each range of degrees comes from prefix
 * sums (O(|a| × ranges × log |b|)). Flags follow the sign of the sum, or of `a` alone
 * (`flags: "first"`: an assisted check, whose flags follow the main effort).
 */
export function tallyOfSum(a: Pmf, b: Pmf, task: NormalisedTask, flags: "sum" | "first"): DegreeTally {
  const d = task.difficulty;
  const starts = degreeBreaks(task, flags === "sum" ? [-d, 1 - d] : []);
  const prefix = new Float64Array(b.p.length + 1);
  for (let i = 0; i < b.p.length; i++) prefix[i + 1] = prefix[i] + b.p[i];
  /** Mass of b below x (values < x). */
  const below = (x: number): number => prefix[pmfLowerBound(b, x)];
  const total = prefix[b.p.length];
  const tally = new DegreeTally();
  // Representative degree of each range: its start (the first range runs from −∞ to starts[0] − 1).
  const reps = [starts[0] - 1, ...starts];
  // The class of each range, for a negative, zero and positive first effort (flags "first"), or
  // once (flags "sum": the sign is the total's, fixed within a range).
  const classes = [-1, 0, 1].map((sign) => reps.map((rep) => classify(task, rep + d, flags === "sum" ? rep + d : sign)));
  for (let i = 0; i < a.v.length; i++) {
    const e = a.v[i];
    const pe = a.p[i];
    const cls = classes[Math.sign(e) + 1];
    let prev = 0;
    for (let r = 0; r < reps.length; r++) {
      // degree = e + h − d lies in [reps[r], next start − 1]  ⇔  h < next + d − e (and ≥ the previous bound)
      const upTo = r + 1 < reps.length ? below(reps[r + 1] + d - e) : total;
      const q = upTo - prev;
      prev = upTo;
      if (q > 0) tally.add(cls[r], pe * q);
    }
  }
  return tally;
}

/** Odds of every outcome for a distribution of Degree of Effort classified against a task. */
export function oddsOfEffortPmf(dist: Pmf, task: NormalisedTask, overflow = 0): CheckOddsDetail {
  const tally = new DegreeTally();
  for (let i = 0; i < dist.v.length; i++) tally.add(classify(task, dist.v[i]), dist.p[i]);
  return tally.detail({ overflow, meanEffort: pmfMean(dist), error: dist.error });
}

/** Every probability of a check: degrees, consolation, agitation, overflow roll, mean effort. */
export function checkOddsDetail(input: CheckInput): CheckOddsDetail {
  const c = normaliseCheck(input);
  const n = maxFaceOf(c.kind) + 1;
  let overflow = 0;
  if (c.overflow) {
    if (overflowPossible(c.kind, c.score, "positive")) overflow += 1 / n;
    if (overflowPossible(c.kind, c.score, "negative")) overflow += 1 / n;
  }
  return oddsOfEffortPmf(effortPmf(c), c, overflow);
}

/** A CheckOddsDetail as the shared Odds: degrees worst first; consolation, agitation (and overflow) as extras. */
export function detailToOdds(d: CheckOddsDetail, withOverflow: boolean): Odds {
  const extras = [
    { key: "consolation", p: d.consolation },
    { key: "agitation", p: d.agitation },
  ];
  if (withOverflow) extras.push({ key: "overflow", p: d.overflow });
  return makeOdds({ success: d.success, outcomes: DEGREES_WORST_FIRST.map((key) => ({ key, p: d.degrees[key] })), extras, error: d.error });
}

/** Exact odds of a check for a roll dialog, in the shared Odds shape. */
export function checkOdds(input: CheckInput): Odds {
  const d = checkOddsDetail(input);
  return detailToOdds(d, input.overflow === true);
}

/** Probability that the check's effort beats `threshold` (effort > threshold). */
export function chanceEffortAbove(input: CheckInput, threshold: number): number {
  requireInt("Threshold", threshold);
  const e = effortPmf(normaliseCheck(input));
  let s = 0;
  for (let i = 0; i < e.v.length; i++) if (e.v[i] > threshold) s += e.p[i];
  return s;
}

/** A check as a contract CheckCore (outcome key = degree key). */
export const checkCore: CheckCore<CheckInput, readonly number[], CheckResult> = { roll: rollCheck, resolve: resolveCheck, odds: checkOdds };
