/**
 * Checks (seed: "Actions - Using Actions", "Dice and Rolling", "Degrees and Difficulty",
 * "Degree Information", "Consolations and Agitations", "Overflow").
 *
 * Roll-under: Degree of Effort = score − roll. Compared with the Difficulty it gives success
 * (effort > difficulty), miss (equal) or failure (less); Degree of Success/Failure =
 * effort − difficulty, named in bands of 1 (attribute) or 10 (skill).
 *
 * Contract (docs/architecture.md): rollCheck(input, rng) draws and resolves; resolveCheck(input,
 * faces) classifies faces already rolled; checkOdds(input) gives the shared Odds.
 */
import { type Odds, type CheckCore, makeOdds } from "../../../dice/contract";
import { dictFrom } from "../../../dice/dict";
import type { Dist } from "../../../dice/dist";
import { type D10Draw, drawVerbs } from "./faces";
import { MAX_CHECK_SCORE, MAX_DIFFICULTY, MAX_MARGIN, overflowRollCap, type OpenEndedRoll } from "./limits";
import { BoundedCache, type Pmf, pmfFromMap, pmfLowerBound, pmfMean, pmfToDist } from "./pmf";
import { requireInt, requireObject } from "./validate";

export const CHECK_KINDS = ["attribute", "skill"] as const;
/** attribute: one d10 (0-9) against an attribute score; skill: d100 (00-99) against a skill Total. */
export type CheckKind = (typeof CHECK_KINDS)[number];

/** Size of one degree/difficulty step: 1 for attribute checks, 10 for skill checks. */
export const CHECK_SCALE: Readonly<Record<CheckKind, number>> = Object.freeze(dictFrom<number>([["attribute", 1], ["skill", 10]]));
/** Highest face of the check's die (the other end is 0). */
export const CHECK_MAX_FACE: Readonly<Record<CheckKind, number>> = Object.freeze(dictFrom<number>([["attribute", 9], ["skill", 99]]));

export const OUTCOMES = ["success", "miss", "failure"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const EFFORT_SIGNS = ["positive", "neutral", "negative"] as const;
export type EffortSign = (typeof EFFORT_SIGNS)[number];

/** Named difficulties, level 0-6 (a level is 1 point on attribute checks, 10 on skill checks). */
export const DIFFICULTY_KEYS = ["average", "tricky", "challenge", "hard", "worrisome", "improbable", "impossible"] as const;
export type DifficultyKey = (typeof DIFFICULTY_KEYS)[number] | "easy";

/** Named degrees of success (level 1-6) and of failure (level 1-6). */
export const SUCCESS_DEGREES = ["minorSuccess", "notedSuccess", "wellDone", "likeAPro", "amazing", "aweInspiringRight"] as const;
export const FAILURE_DEGREES = ["almostSuccessful", "notedFailure", "fouledUp", "completeKlutz", "fubar", "aweInspiringWrong"] as const;
export type SuccessDegreeKey = (typeof SUCCESS_DEGREES)[number];
export type FailureDegreeKey = (typeof FAILURE_DEGREES)[number];
export type DegreeKey = "miss" | SuccessDegreeKey | FailureDegreeKey;
export const DEGREE_KEYS: readonly DegreeKey[] = ["miss", ...SUCCESS_DEGREES, ...FAILURE_DEGREES];
/** Degrees in odds-panel order, worst first: Awe-Inspiring (wrong) … Miss … Awe-Inspiring (right). */
export const DEGREES_WORST_FIRST: readonly DegreeKey[] = [...[...FAILURE_DEGREES].reverse(), "miss", ...SUCCESS_DEGREES];
export const MAX_DEGREE_LEVEL = 6;

/** Extras of check odds: overlapping events shown on their own. */
export const CHECK_EXTRAS = ["consolation", "agitation", "overflow"] as const;

function isCheckKind(kind: unknown): kind is CheckKind {
  return kind === "attribute" || kind === "skill";
}

function scaleOf(kind: CheckKind): number {
  if (!isCheckKind(kind)) throw new RangeError(`Unknown check kind "${String(kind)}" (expected attribute or skill)`);
  return kind === "attribute" ? 1 : 10;
}

function maxFaceOf(kind: CheckKind): number {
  return kind === "attribute" ? 9 : 99;
}

/** The difficulty number of a named level for a kind of check ("hard" skill check → 30). */
export function difficultyFor(kind: CheckKind, key: (typeof DIFFICULTY_KEYS)[number]): number {
  const level = DIFFICULTY_KEYS.indexOf(key);
  if (level < 0) throw new RangeError(`Unknown difficulty "${String(key)}"`);
  return level * scaleOf(kind);
}

/**
 * Level of a signed amount: 0 for 0, otherwise ceil(|amount| / scale) capped at 6. So on a skill
 * check 1-10 is level 1, 11-20 level 2, …, 51 and up level 6 (our reading of "1(10)").
 */
export function degreeLevel(kind: CheckKind, amount: number): number {
  requireInt("Degree", amount);
  if (amount === 0) return 0;
  return Math.min(MAX_DEGREE_LEVEL, Math.ceil(Math.abs(amount) / scaleOf(kind)));
}

/** Name of a difficulty number: "easy" below 0, then the named level (capped at impossible). */
export function difficultyKey(kind: CheckKind, difficulty: number): DifficultyKey {
  requireInt("Difficulty", difficulty);
  if (difficulty < 0) return "easy";
  return DIFFICULTY_KEYS[degreeLevel(kind, difficulty)];
}

/** Name of a Degree of Success/Failure (effort − difficulty). */
export function degreeKey(kind: CheckKind, degree: number): DegreeKey {
  const level = degreeLevel(kind, degree);
  if (level === 0) return "miss";
  return degree > 0 ? SUCCESS_DEGREES[level - 1] : FAILURE_DEGREES[level - 1];
}

/** What a check is classified against: its kind, difficulty and flag margins. */
export interface TaskInput {
  readonly kind: CheckKind;
  /** Difficulty, a whole number (0 = average; negative = easier), at most 1000 either way. Default 0. */
  readonly difficulty?: number;
  /**
   * Also flag a consolation on a failure whose degree is within this margin of a miss (0-1000,
   * default 0 = only the core rule: failed or missed despite positive effort).
   */
  readonly consolationMargin?: number;
  /** Also flag an agitation on a success whose degree is at most this margin (default 0). */
  readonly agitationMargin?: number;
}

export interface CheckInput extends TaskInput {
  /** Attribute score or skill Total, a whole number 0-200. */
  readonly score: number;
  /** Apply the optional Overflow rule. Default false. */
  readonly overflow?: boolean;
}

export interface NormalisedTask {
  readonly kind: CheckKind;
  readonly difficulty: number;
  readonly consolationMargin: number;
  readonly agitationMargin: number;
}
export interface NormalisedCheck extends NormalisedTask {
  readonly score: number;
  readonly overflow: boolean;
}

/** Validate what a check is classified against (the same checks in roll, resolve and odds). */
export function normaliseTask(input: TaskInput, what = "Check"): NormalisedTask {
  requireObject(what, input);
  scaleOf(input.kind);
  return {
    kind: input.kind,
    difficulty: requireInt("Difficulty", input.difficulty ?? 0, -MAX_DIFFICULTY, MAX_DIFFICULTY),
    consolationMargin: requireInt("Consolation margin", input.consolationMargin ?? 0, 0, MAX_MARGIN),
    agitationMargin: requireInt("Agitation margin", input.agitationMargin ?? 0, 0, MAX_MARGIN),
  };
}

/** Validate a check input (the same checks in roll, resolve and odds). */
export function normaliseCheck(input: CheckInput, what = "Check"): NormalisedCheck {
  const t = normaliseTask(input, what);
  const overflow = input.overflow ?? false;
  if (typeof overflow !== "boolean") throw new TypeError(`Overflow must be true or false, not ${String(overflow)}`);
  return withTask(t, requireInt("Check score", input.score, 0, MAX_CHECK_SCORE), overflow);
}

/** A normalised check with another difficulty (listed field by field: object spread is slow in hot paths). */
export function withTask(t: NormalisedTask, score: number, overflow: boolean): NormalisedCheck {
  return { kind: t.kind, difficulty: t.difficulty, consolationMargin: t.consolationMargin, agitationMargin: t.agitationMargin, score, overflow };
}

/** Everything that follows from a final Degree of Effort. */
export interface EffortClass {
  readonly effort: number;
  readonly effortSign: EffortSign;
  /** Degree of Success (> 0) or Failure (< 0): effort − difficulty. */
  readonly degree: number;
  readonly outcome: Outcome;
  /** 0-6. */
  readonly level: number;
  readonly degreeKey: DegreeKey;
  readonly consolation: boolean;
  readonly agitation: boolean;
}

/** Classify a Degree of Effort against a task's difficulty and flag options. */
export function classifyEffort(input: TaskInput, effort: number): EffortClass {
  const c = normaliseTask(input);
  requireInt("Degree of effort", effort);
  return classify(c, effort);
}

/** Classification of an effort whose flags follow `signOf` (the main check's effort for assisted checks). */
export function classify(c: NormalisedTask, effort: number, signOf: number = effort): EffortClass {
  const degree = effort - c.difficulty;
  const outcome: Outcome = degree > 0 ? "success" : degree < 0 ? "failure" : "miss";
  const consolation = (outcome !== "success" && signOf > 0) || (c.consolationMargin > 0 && outcome === "failure" && -degree <= c.consolationMargin);
  const agitation = (outcome === "success" && signOf < 0) || (c.agitationMargin > 0 && outcome === "success" && degree <= c.agitationMargin);
  const level = degree === 0 ? 0 : Math.min(MAX_DEGREE_LEVEL, Math.ceil(Math.abs(degree) / scaleOf(c.kind)));
  return {
    effort,
    effortSign: effort > 0 ? "positive" : effort < 0 ? "negative" : "neutral",
    degree,
    outcome,
    level,
    degreeKey: level === 0 ? "miss" : degree > 0 ? SUCCESS_DEGREES[level - 1] : FAILURE_DEGREES[level - 1],
    consolation,
    agitation,
  };
}

export const OVERFLOW_DIRECTIONS = ["none", "positive", "negative"] as const;
export type OverflowDirection = (typeof OVERFLOW_DIRECTIONS)[number];

/** One roll of a check: the main roll or an overflow roll. */
export interface CheckRoll {
  /** 0-9 for attribute checks, 0-99 for skill checks. */
  readonly value: number;
  /** The tens and ones dice of a d100 roll; null on attribute checks. */
  readonly tens: number | null;
  readonly ones: number | null;
  /** score − value. */
  readonly effort: number;
  /** What this roll added to the Degree of Effort (the whole effort for the main roll). */
  readonly added: number;
}

export interface CheckResult extends EffortClass, OpenEndedRoll {
  readonly kind: CheckKind;
  readonly score: number;
  readonly difficulty: number;
  /** The main roll's face value (0-9 or 0-99). */
  readonly roll: number;
  /** Main roll first, then every overflow roll in order. */
  readonly rolls: readonly CheckRoll[];
  /** Effort of the main roll alone. */
  readonly baseEffort: number;
  readonly overflowDirection: OverflowDirection;
  /** What overflow rolls added (positive, negative or 0). */
  readonly overflowBonus: number;
  readonly difficultyKey: DifficultyKey;
}

/** Whether an overflow roll could change anything in that direction (else it is omitted). */
export function overflowPossible(kind: CheckKind, score: number, direction: "positive" | "negative"): boolean {
  requireInt("Check score", score, 0, MAX_CHECK_SCORE);
  return direction === "positive" ? score >= 1 : score < maxFaceOf(kind);
}

/** Run a validated check on a source of d10 faces (random or given). */
export function runCheck(c: NormalisedCheck, draw: D10Draw): CheckResult {
  const max = maxFaceOf(c.kind);
  const faces: number[] = [];
  const once = (): { value: number; tens: number | null; ones: number | null } => {
    if (c.kind === "attribute") {
      const v = draw();
      faces.push(v);
      return { value: v, tens: null, ones: null };
    }
    const tens = draw();
    const ones = draw();
    faces.push(tens, ones);
    return { value: tens * 10 + ones, tens, ones };
  };
  const first = once();
  const baseEffort = c.score - first.value;
  const rolls: CheckRoll[] = [{ value: first.value, tens: first.tens, ones: first.ones, effort: baseEffort, added: baseEffort }];
  let direction: OverflowDirection = "none";
  if (c.overflow && first.value === 0 && overflowPossible(c.kind, c.score, "positive")) direction = "positive";
  if (c.overflow && first.value === max && overflowPossible(c.kind, c.score, "negative")) direction = "negative";
  let bonus = 0;
  let capped = false;
  if (direction !== "none") {
    const trigger = direction === "positive" ? 0 : max;
    let left = overflowRollCap(c.kind === "attribute" ? 1 : 2);
    for (;;) {
      if (left-- === 0) {
        capped = true;
        break;
      }
      const r = once();
      const e = c.score - r.value;
      const added = direction === "positive" ? Math.max(0, e) : Math.min(0, e);
      bonus += added;
      rolls.push({ value: r.value, tens: r.tens, ones: r.ones, effort: e, added });
      if (r.value !== trigger) break;
    }
  }
  const cl = classify(c, baseEffort + bonus);
  return {
    effort: cl.effort,
    effortSign: cl.effortSign,
    degree: cl.degree,
    outcome: cl.outcome,
    level: cl.level,
    degreeKey: cl.degreeKey,
    consolation: cl.consolation,
    agitation: cl.agitation,
    kind: c.kind,
    score: c.score,
    difficulty: c.difficulty,
    roll: first.value,
    rolls,
    faces,
    baseEffort,
    overflowDirection: direction,
    overflowBonus: bonus,
    overflowCapped: capped,
    difficultyKey: difficultyKey(c.kind, c.difficulty),
  };
}

const checkVerbs = drawVerbs("Check", normaliseCheck, runCheck);
/** Roll a check: the result carries every die face, the effort, degree, outcome and flags. */
export const rollCheck = checkVerbs.roll;
/** Classify a check from faces already rolled (tens before ones, overflow rolls after). */
export const resolveCheck = checkVerbs.resolve;

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
