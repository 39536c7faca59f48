/**
 * Flange checks (seed 004: "Skills and Dice Rolls", "Modifiers", "Criticals", "Attributes only",
 * "Edge"): a pool of d10 against a target number, counting successes.
 *
 * Contract verbs (docs/architecture.md, "The rules-core contract"): `rollCheck(input, rng)` draws
 * and resolves; `resolveCheck(input, faces)` classifies faces already rolled (the first pool, then
 * every extra die in the order it was rolled) and never draws; `checkOdds(input)` (odds.ts) gives
 * the exact odds. `checkFacesNeeded(input, faces)` tells the Foundry side how many more dice the
 * faces so far call for (extra dice from 10s).
 */
import { MAX_OPEN_END_DICE } from "../../../dice/limits";
import { rollDie, type RandomSource } from "../../../dice/random";
import { ATTRIBUTE_MAX, ATTRIBUTE_MIN, ATTRIBUTE_ONLY_DICE, assertInt } from "./character";

/** Every outcome a check distinguishes, worst first (stable localisation keys). */
export const CHECK_OUTCOMES = ["criticalFailure", "failure", "marginal", "readySalted", "good", "excellent", "blimey"] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** Result names by number of successes (seed table); the last row covers "that many or more". */
export const SUCCESS_LEVELS: readonly { readonly successes: number; readonly outcome: CheckOutcome }[] = [
  { successes: 1, outcome: "marginal" },
  { successes: 2, outcome: "readySalted" },
  { successes: 3, outcome: "good" },
  { successes: 4, outcome: "excellent" },
  { successes: 5, outcome: "blimey" },
];

/** Edge can lower a target number no further than this. */
export const EDGE_TARGET_FLOOR = ATTRIBUTE_MIN;
/** The target a desperate roll (target above 10 or fewer than one die) needs. */
export const DESPERATE_TARGET = 10;

/**
 * Limits (docs/rules/flange.md "Limits"). A settled pool rolls at most CHECK_DICE_MAX dice; each
 * dice field of the input (skill dice, dice modifier, Edge dice, Edge target points) stays within
 * ±CHECK_DICE_MAX; target numbers and their modifiers within ±CHECK_TARGET_MAX. The chain of extra
 * dice from 10s stops after MAX_OPEN_END_DICE extra dice. The same checks run in the roll, the
 * resolve and the odds.
 */
export const CHECK_DICE_MAX = 15;
export const CHECK_TARGET_MAX = 99;
export const CHECK_EXTRA_DICE_MAX = MAX_OPEN_END_DICE;

/** What a check is rolled with, before the rules settle the pool. */
export interface CheckInput {
  /** Dice from the skill (skill + generalisation dots), or 3 for an attribute-only roll. 0 allowed. */
  readonly dice: number;
  /** The attribute's target number. */
  readonly target: number;
  /** GM's (and combat's) extra or fewer dice. */
  readonly diceModifier?: number;
  /** GM's (and combat's, wounds') raise or lowering of the target number. */
  readonly targetModifier?: number;
  /** Edge points spent on extra dice, one die each. */
  readonly edgeDice?: number;
  /** Edge points spent lowering the target, one each, never below 5. */
  readonly edgeTarget?: number;
}

/** The pool the dice are actually rolled with. */
export interface CheckPool {
  readonly dice: number;
  readonly target: number;
  /** True when the target went above 10 or the dice below one: one die, success only on a 10. */
  readonly desperate: boolean;
  /** Dice and target before the desperate rule. */
  readonly requestedDice: number;
  readonly requestedTarget: number;
  /** Edge points this pool spends (dice + target; a re-roll adds one more on the result). */
  readonly edgeSpent: number;
}

/** One die of a resolved roll. */
export interface DieResult {
  /** The natural face, 1..10. */
  readonly face: number;
  /** 0 for the dice first rolled, 1 for the first batch of extra dice from 10s, and so on. */
  readonly batch: number;
  /** Points added to this die from extra 10s. */
  readonly bonus: number;
  /** face + bonus. */
  readonly score: number;
  readonly success: boolean;
}

export interface CheckResult {
  readonly pool: CheckPool;
  /** Every natural face in the order rolled: the pool first, then each extra die. */
  readonly faces: readonly number[];
  readonly dice: readonly DieResult[];
  readonly successes: number;
  readonly outcome: CheckOutcome;
  /** Natural 1s rolled (the number to tell the GM on a critical failure). */
  readonly ones: number;
  readonly criticalFailure: boolean;
  /** Natural 10s rolled, over all batches. */
  readonly tens: number;
  /** Bonus points earned from extra 10s, and where they went. */
  readonly bonusPoints: { readonly earned: number; readonly onDice: number; readonly onExtraDice: number; readonly unused: number };
  /** True when the chain of extra dice stopped at CHECK_EXTRA_DICE_MAX (its points went unused). */
  readonly capped: boolean;
  /** True when this is the single Edge re-roll of the task. */
  readonly rerolled: boolean;
}

function checkTarget(input: { readonly target: number; readonly targetModifier?: number }): void {
  assertInt(input.target, "Target number", 1, CHECK_TARGET_MAX);
  assertInt(input.targetModifier ?? 0, "Target modifier", -CHECK_TARGET_MAX, CHECK_TARGET_MAX);
}

/** Largest number of edge points that can go on lowering this input's target. */
export function maxEdgeTargetReduction(input: Omit<CheckInput, "edgeTarget">): number {
  checkTarget(input);
  const t = input.target + (input.targetModifier ?? 0);
  return Math.max(0, t - EDGE_TARGET_FLOOR);
}

/**
 * Edge points still available after spending `points` of them (spent points stay spent until the
 * GM returns them; the adapter then sets available back to the character's Edge points).
 */
export function spendEdge(spend: { readonly available: number; readonly points: number }): number {
  assertInt(spend.available, "Edge available", 0);
  assertInt(spend.points, "Edge to spend", 0);
  if (spend.points > spend.available) throw new RangeError(`Cannot spend ${spend.points} Edge points with only ${spend.available} available`);
  return spend.available - spend.points;
}

/** Settle the pool: modifiers, edge, then the "above 10 / fewer than one die" rule. */
export function settlePool(input: CheckInput): CheckPool {
  if (typeof input !== "object" || input === null) throw new RangeError("A check needs its dice and target");
  assertInt(input.dice, "Dice", 0, CHECK_DICE_MAX);
  checkTarget(input);
  const dm = input.diceModifier ?? 0;
  const tm = input.targetModifier ?? 0;
  const ed = input.edgeDice ?? 0;
  const et = input.edgeTarget ?? 0;
  assertInt(dm, "Dice modifier", -CHECK_DICE_MAX, CHECK_DICE_MAX);
  assertInt(ed, "Edge dice", 0, CHECK_DICE_MAX);
  assertInt(et, "Edge target reduction", 0, CHECK_TARGET_MAX);
  const before = input.target + tm;
  const room = Math.max(0, before - EDGE_TARGET_FLOOR);
  if (et > room) throw new RangeError(`Edge can lower target ${before} by at most ${room} (never below ${EDGE_TARGET_FLOOR}), not ${et}`);
  const requestedTarget = before - et;
  const requestedDice = input.dice + dm + ed;
  if (requestedDice > CHECK_DICE_MAX) throw new RangeError(`A check rolls at most ${CHECK_DICE_MAX} dice, not ${requestedDice}`);
  const desperate = requestedTarget > ATTRIBUTE_MAX || requestedDice < 1;
  return {
    dice: desperate ? 1 : requestedDice,
    target: desperate ? DESPERATE_TARGET : requestedTarget,
    desperate,
    requestedDice,
    requestedTarget,
    edgeSpent: ed + et,
  };
}

/** The outcome name for a number of successes (and natural 1s when there are none). */
export function outcomeFor(counts: { readonly successes: number; readonly ones: number }): CheckOutcome {
  assertInt(counts.successes, "Successes", 0);
  assertInt(counts.ones, "Ones", 0);
  if (counts.successes === 0) return counts.ones > 0 ? "criticalFailure" : "failure";
  let out: CheckOutcome = "marginal";
  for (const level of SUCCESS_LEVELS) if (counts.successes >= level.successes) out = level.outcome;
  return out;
}

interface WorkDie {
  face: number;
  batch: number;
  bonus: number;
  success: boolean;
}

/**
 * Spend bonus points on failing dice, cheapest first (highest face first), each die getting
 * exactly what lifts it to the target. Returns the points left.
 */
function spendOnFailures(dice: WorkDie[], target: number, points: number): number {
  const failing = dice.filter((d) => !d.success).sort((a, b) => b.face - a.face);
  let left = points;
  for (const d of failing) {
    const cost = target - d.face;
    if (cost > left) break;
    d.bonus = cost;
    d.success = true;
    left -= cost;
  }
  return left;
}

/** Where classifying a list of faces stands: finished, or waiting for `need` more extra dice. */
type Classified = { readonly done: true; readonly result: CheckResult } | { readonly done: false; readonly need: number };

/**
 * Classify natural faces (the pool, then the extra dice in order). Extra-10 rule as implemented:
 * in the first batch each natural 10 after the first earns one point; each point adds +1 to
 * another die, spent where it turns failures into successes (cheapest first). If every die is
 * then a success, each unused point rolls an extra die. In an extra batch every natural 10 earns
 * a point (the first 10 was already counted), spent the same way. The chain stops after
 * CHECK_EXTRA_DICE_MAX extra dice; points that would roll further dice go unused (`capped`).
 */
function classify(pool: CheckPool, faces: readonly number[], rerolled: boolean): Classified {
  if (!Array.isArray(faces)) throw new RangeError("Faces must be a list of d10 results");
  if (faces.length < pool.dice) return { done: false, need: pool.dice - faces.length };
  for (const f of faces) assertInt(f, "Die face", 1, 10);
  const all: WorkDie[] = [];
  let at = 0;
  let size = pool.dice;
  let batch = 0;
  let earned = 0;
  let onDice = 0;
  let onExtra = 0;
  let unused = 0;
  let capped = false;
  for (;;) {
    if (faces.length < at + size) return { done: false, need: at + size - faces.length };
    const dice: WorkDie[] = faces.slice(at, at + size).map((face) => ({ face, batch, bonus: 0, success: face >= pool.target }));
    at += size;
    all.push(...dice);
    const tens = dice.filter((d) => d.face === 10).length;
    const points = Math.max(0, batch === 0 ? tens - 1 : tens);
    earned += points;
    const left = spendOnFailures(dice, pool.target, points);
    onDice += points - left;
    if (left > 0 && dice.every((d) => d.success)) {
      const room = CHECK_EXTRA_DICE_MAX - (at - pool.dice);
      const extra = Math.min(left, room);
      if (extra < left) {
        capped = true;
        unused += left - extra;
      }
      if (extra > 0) {
        onExtra += extra;
        batch += 1;
        size = extra;
        continue;
      }
      break;
    }
    unused += left;
    break;
  }
  if (faces.length > at) throw new RangeError(`This check used ${at} dice, but ${faces.length} faces were given`);
  const successes = all.filter((d) => d.success).length;
  const ones = all.filter((d) => d.face === 1).length;
  const outcome = outcomeFor({ successes, ones });
  return {
    done: true,
    result: {
      pool,
      faces: [...faces],
      dice: all.map((d) => ({ face: d.face, batch: d.batch, bonus: d.bonus, score: d.face + d.bonus, success: d.success })),
      successes,
      outcome,
      ones,
      criticalFailure: outcome === "criticalFailure",
      tens: all.filter((d) => d.face === 10).length,
      bonusPoints: { earned, onDice, onExtraDice: onExtra, unused },
      capped,
      rerolled,
    },
  };
}

function rollFaces(pool: CheckPool, rng: RandomSource, rerolled: boolean): CheckResult {
  const faces: number[] = [];
  for (;;) {
    const c = classify(pool, faces, rerolled);
    if (c.done) return c.result;
    for (let i = 0; i < c.need; i++) faces.push(rollDie(10, rng));
  }
}

function resolvePoolFaces(pool: CheckPool, faces: readonly number[], rerolled: boolean): CheckResult {
  const c = classify(pool, faces, rerolled);
  if (!c.done) throw new RangeError(`This check needs ${c.need} more ${c.need === 1 ? "die" : "dice"} (${faces.length} faces given)`);
  return c.result;
}

/**
 * How many more dice the faces so far call for: the pool's, then extra dice earned by 10s
 * (0 when the check is complete). Throws when there are more faces than the check uses.
 */
export function checkFacesNeeded(input: CheckInput, faces: readonly number[]): number {
  const c = classify(settlePool(input), faces, false);
  return c.done ? 0 : c.need;
}

/** Roll a check: the pool, then every extra die its 10s earn. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  return rollFaces(settlePool(input), rng, false);
}

/** Classify a check's faces already rolled (pool first, then extra dice in order); never draws. */
export function resolveCheck(input: CheckInput, faces: readonly number[]): CheckResult {
  return resolvePoolFaces(settlePool(input), faces, false);
}

function rerollPool(previous: CheckResult): CheckPool {
  if (previous.rerolled) throw new Error("A task can be re-rolled with Edge only once");
  return { ...previous.pool, edgeSpent: previous.pool.edgeSpent + 1 };
}

/** The one Edge re-roll of a task: the same pool rolled again; the new result stands. */
export function rerollCheck(previous: CheckResult, rng: RandomSource): CheckResult {
  return rollFaces(rerollPool(previous), rng, true);
}

/** The Edge re-roll from faces already rolled. */
export function resolveReroll(previous: CheckResult, faces: readonly number[]): CheckResult {
  return resolvePoolFaces(rerollPool(previous), faces, true);
}

/** Input for an attribute-only roll: three dice against the attribute. */
export function attributeCheck(target: number, extra: Omit<CheckInput, "dice" | "target"> = {}): CheckInput {
  return { ...extra, dice: ATTRIBUTE_ONLY_DICE, target };
}
