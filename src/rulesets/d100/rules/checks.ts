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
import { dictFrom } from "../../../dice/dict";
import { type D10Draw, drawVerbs } from "./faces";
import { MAX_CHECK_SCORE, MAX_DIFFICULTY, MAX_MARGIN, overflowRollCap, type OpenEndedRoll } from "./limits";
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

export function scaleOf(kind: CheckKind): number {
  if (!isCheckKind(kind)) throw new RangeError(`Unknown check kind "${String(kind)}" (expected attribute or skill)`);
  return kind === "attribute" ? 1 : 10;
}

export function maxFaceOf(kind: CheckKind): number {
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
