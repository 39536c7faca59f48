/**
 * Checks (seed: "Actions - Using Actions", "Dice and Rolling", "Degrees and Difficulty",
 * "Degree Information", "Consolations and Agitations", "Overflow").
 *
 * Roll-under: Degree of Effort = score − roll. Compared with the Difficulty it gives success
 * (effort > difficulty), miss (equal) or failure (less); Degree of Success/Failure =
 * effort − difficulty, named in bands of 1 (attribute) or 10 (skill).
 */
import { type Dist, fromWeights, mapDist, mean, prob } from "../../../dice/dist";
import type { RandomSource } from "../../../dice/random";
import { rollD10, rollD100 } from "./dice";
import { requireInt } from "./validate";

export const CHECK_KINDS = ["attribute", "skill"] as const;
/** attribute: one d10 (0-9) against an attribute score; skill: d100 (00-99) against a skill Total. */
export type CheckKind = (typeof CHECK_KINDS)[number];

/** Size of one degree/difficulty step: 1 for attribute checks, 10 for skill checks. */
export const CHECK_SCALE: Readonly<Record<CheckKind, number>> = { attribute: 1, skill: 10 };
/** Highest face of the check's die (the other end is 0). */
export const CHECK_MAX_FACE: Readonly<Record<CheckKind, number>> = { attribute: 9, skill: 99 };

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
export const MAX_DEGREE_LEVEL = 6;

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

export interface CheckInput {
  readonly kind: CheckKind;
  /** Attribute score or skill Total, a whole number ≥ 0. */
  readonly score: number;
  /** Difficulty, a whole number (0 = average; negative = easier). Default 0. */
  readonly difficulty?: number;
  /** Apply the optional Overflow rule. Default false. */
  readonly overflow?: boolean;
  /**
   * Also flag a consolation on a failure whose degree is within this margin of a miss (≥ 0,
   * default 0 = only the core rule: failed or missed despite positive effort).
   */
  readonly consolationMargin?: number;
  /** Also flag an agitation on a success whose degree is at most this margin (default 0). */
  readonly agitationMargin?: number;
}

interface NormalisedCheck {
  readonly kind: CheckKind;
  readonly score: number;
  readonly difficulty: number;
  readonly overflow: boolean;
  readonly consolationMargin: number;
  readonly agitationMargin: number;
}

function scaleOf(kind: CheckKind): number {
  const s = CHECK_SCALE[kind];
  if (s === undefined) throw new RangeError(`Unknown check kind "${String(kind)}" (expected attribute or skill)`);
  return s;
}

function normalise(input: CheckInput): NormalisedCheck {
  scaleOf(input.kind);
  return {
    kind: input.kind,
    score: requireInt("Check score", input.score, 0),
    difficulty: requireInt("Difficulty", input.difficulty ?? 0),
    overflow: input.overflow ?? false,
    consolationMargin: requireInt("Consolation margin", input.consolationMargin ?? 0, 0),
    agitationMargin: requireInt("Agitation margin", input.agitationMargin ?? 0, 0),
  };
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

/** Classify a Degree of Effort against the check's difficulty and flag options. */
export function classifyEffort(input: CheckInput, effort: number): EffortClass {
  const c = normalise(input);
  requireInt("Degree of effort", effort);
  return classify(c, effort);
}

function classify(c: NormalisedCheck, effort: number): EffortClass {
  const degree = effort - c.difficulty;
  const outcome: Outcome = degree > 0 ? "success" : degree < 0 ? "failure" : "miss";
  const consolation = (outcome !== "success" && effort > 0) || (c.consolationMargin > 0 && outcome === "failure" && -degree <= c.consolationMargin);
  const agitation = (outcome === "success" && effort < 0) || (c.agitationMargin > 0 && outcome === "success" && degree <= c.agitationMargin);
  return {
    effort,
    effortSign: effort > 0 ? "positive" : effort < 0 ? "negative" : "neutral",
    degree,
    outcome,
    level: degreeLevel(c.kind, degree),
    degreeKey: degreeKey(c.kind, degree),
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

export interface CheckResult extends EffortClass {
  readonly kind: CheckKind;
  readonly score: number;
  readonly difficulty: number;
  /** The main roll's face value (0-9 or 0-99). */
  readonly roll: number;
  /** Main roll first, then every overflow roll in order. */
  readonly rolls: readonly CheckRoll[];
  /** Every d10 face rolled, in order (tens before ones on d100 rolls). */
  readonly dice: readonly number[];
  /** Effort of the main roll alone. */
  readonly baseEffort: number;
  readonly overflowDirection: OverflowDirection;
  /** What overflow rolls added (positive, negative or 0). */
  readonly overflowBonus: number;
  readonly difficultyKey: DifficultyKey;
}

/** Whether an overflow roll could change anything in that direction (else it is omitted). */
export function overflowPossible(kind: CheckKind, score: number, direction: "positive" | "negative"): boolean {
  requireInt("Check score", score, 0);
  return direction === "positive" ? score >= 1 : score < CHECK_MAX_FACE[kind];
}

function rollOnce(c: NormalisedCheck, rng: RandomSource, dice: number[]): { value: number; tens: number | null; ones: number | null } {
  if (c.kind === "attribute") {
    const v = rollD10(rng);
    dice.push(v);
    return { value: v, tens: null, ones: null };
  }
  const r = rollD100(rng);
  dice.push(r.tens, r.ones);
  return { value: r.value, tens: r.tens, ones: r.ones };
}

/** Roll a check: the result carries every die face, the effort, degree, outcome and flags. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  const c = normalise(input);
  const max = CHECK_MAX_FACE[c.kind];
  const dice: number[] = [];
  const first = rollOnce(c, rng, dice);
  const baseEffort = c.score - first.value;
  const rolls: CheckRoll[] = [{ value: first.value, tens: first.tens, ones: first.ones, effort: baseEffort, added: baseEffort }];
  let direction: OverflowDirection = "none";
  if (c.overflow && first.value === 0 && overflowPossible(c.kind, c.score, "positive")) direction = "positive";
  if (c.overflow && first.value === max && overflowPossible(c.kind, c.score, "negative")) direction = "negative";
  let bonus = 0;
  if (direction !== "none") {
    const trigger = direction === "positive" ? 0 : max;
    for (;;) {
      const r = rollOnce(c, rng, dice);
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
    dice,
    baseEffort,
    overflowDirection: direction,
    overflowBonus: bonus,
    difficultyKey: difficultyKey(c.kind, c.difficulty),
  };
}

/** Continuations below this probability are lumped into their current total (far below 1 ulp of 1). */
const OVERFLOW_RESIDUAL = 1e-20;

/**
 * Exact distribution of the final Degree of Effort. Without overflow it is the 10 or 100 equally
 * likely values; with overflow the (unbounded, geometric) chains are followed until a branch's
 * probability is below 1e-20, where it is kept at its current total — an error far below
 * double-precision rounding.
 */
export function effortDistribution(input: CheckInput): Dist<number> {
  const c = normalise(input);
  const max = CHECK_MAX_FACE[c.kind];
  const n = max + 1;
  const w = new Map<number, number>();
  const put = (k: number, p: number): void => {
    w.set(k, (w.get(k) ?? 0) + p);
  };
  const follow = (total: number, p: number, direction: "positive" | "negative"): void => {
    const trigger = direction === "positive" ? 0 : max;
    const q = p / n;
    for (let r = 0; r <= max; r++) {
      const e = c.score - r;
      const next = total + (direction === "positive" ? Math.max(0, e) : Math.min(0, e));
      if (r === trigger && q >= OVERFLOW_RESIDUAL) follow(next, q, direction);
      else put(next, q);
    }
  };
  for (let r = 0; r <= max; r++) {
    const e = c.score - r;
    if (c.overflow && r === 0 && overflowPossible(c.kind, c.score, "positive")) follow(e, 1 / n, "positive");
    else if (c.overflow && r === max && overflowPossible(c.kind, c.score, "negative")) follow(e, 1 / n, "negative");
    else put(e, 1 / n);
  }
  return fromWeights(w);
}

/** Stable key of a check's joint outcome: degree key plus flags, e.g. "notedSuccess|agitation". */
export function checkOutcomeKey(r: Pick<EffortClass, "degreeKey" | "consolation" | "agitation">): string {
  return [r.degreeKey, r.consolation ? "consolation" : "", r.agitation ? "agitation" : ""].filter((s) => s !== "").join("|");
}

/** Exact distribution of checkOutcomeKey over every roll of the check. */
export function checkOutcomeDistribution(input: CheckInput): Dist<string> {
  const c = normalise(input);
  return mapDist(effortDistribution(c), (e) => checkOutcomeKey(classify(c, e)));
}

export interface CheckOdds {
  readonly success: number;
  readonly miss: number;
  readonly failure: number;
  /** Probability of each named degree (every key present, 0 when impossible). */
  readonly degrees: Readonly<Record<DegreeKey, number>>;
  readonly consolation: number;
  readonly agitation: number;
  /** Probability that an overflow roll is made. */
  readonly overflow: number;
  /** Expected Degree of Effort. */
  readonly meanEffort: number;
}

/** Exact odds of every outcome of a check, for a roll dialog. */
export function checkOdds(input: CheckInput): CheckOdds {
  const c = normalise(input);
  const n = CHECK_MAX_FACE[c.kind] + 1;
  let overflow = 0;
  if (c.overflow) {
    if (overflowPossible(c.kind, c.score, "positive")) overflow += 1 / n;
    if (overflowPossible(c.kind, c.score, "negative")) overflow += 1 / n;
  }
  return { ...oddsOfEffort(effortDistribution(c), c), overflow };
}

/**
 * Odds of every outcome for any distribution of Degree of Effort (a pooled or cooperative
 * effort, say), classified against `against` (its kind, difficulty and margins; score unused).
 */
export function oddsOfEffort(dist: Dist<number>, against: CheckInput): Omit<CheckOdds, "overflow"> {
  const c = normalise(against);
  const degrees = {} as Record<DegreeKey, number>;
  for (const k of DEGREE_KEYS) degrees[k] = 0;
  let success = 0;
  let miss = 0;
  let failure = 0;
  let consolation = 0;
  let agitation = 0;
  for (const [e, p] of dist) {
    const cl = classify(c, e);
    degrees[cl.degreeKey] += p;
    if (cl.outcome === "success") success += p;
    else if (cl.outcome === "miss") miss += p;
    else failure += p;
    if (cl.consolation) consolation += p;
    if (cl.agitation) agitation += p;
  }
  return { success, miss, failure, degrees, consolation, agitation, meanEffort: mean(dist) };
}

/** Probability that the check's effort beats `threshold` (effort > threshold). */
export function chanceEffortAbove(input: CheckInput, threshold: number): number {
  requireInt("Threshold", threshold);
  return prob(effortDistribution(input), (e) => e > threshold);
}
