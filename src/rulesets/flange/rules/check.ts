/**
 * Flange checks (seed 004: "Skills and Dice Rolls", "Modifiers", "Criticals", "Attributes only",
 * "Edge"): a pool of d10 against a target number, counting successes.
 */
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
  /** True when this is the single Edge re-roll of the task. */
  readonly rerolled: boolean;
}

/** Largest number of edge points that can go on lowering this input's target. */
export function maxEdgeTargetReduction(input: Omit<CheckInput, "edgeTarget">): number {
  assertInt(input.target, "Target number", 1, 99);
  assertInt(input.targetModifier ?? 0, "Target modifier", -99, 99);
  const t = input.target + (input.targetModifier ?? 0);
  return Math.max(0, t - EDGE_TARGET_FLOOR);
}

/**
 * Edge points still available after spending `points` of them (spent points stay spent until the
 * GM returns them; the adapter then sets available back to the character's Edge points).
 */
export function spendEdge(available: number, points: number): number {
  assertInt(available, "Edge available", 0);
  assertInt(points, "Edge to spend", 0);
  if (points > available) throw new RangeError(`Cannot spend ${points} Edge points with only ${available} available`);
  return available - points;
}

/** Settle the pool: modifiers, edge, then the "above 10 / fewer than one die" rule. */
export function resolvePool(input: CheckInput): CheckPool {
  assertInt(input.dice, "Dice", 0, 99);
  assertInt(input.target, "Target number", 1, 99);
  const dm = input.diceModifier ?? 0;
  const tm = input.targetModifier ?? 0;
  const ed = input.edgeDice ?? 0;
  const et = input.edgeTarget ?? 0;
  assertInt(dm, "Dice modifier", -99, 99);
  assertInt(tm, "Target modifier", -99, 99);
  assertInt(ed, "Edge dice", 0, 99);
  assertInt(et, "Edge target reduction", 0, 99);
  const before = input.target + tm;
  const room = Math.max(0, before - EDGE_TARGET_FLOOR);
  if (et > room) throw new RangeError(`Edge can lower target ${before} by at most ${room} (never below ${EDGE_TARGET_FLOOR}), not ${et}`);
  const requestedTarget = before - et;
  const requestedDice = input.dice + dm + ed;
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
export function outcomeFor(successes: number, ones: number): CheckOutcome {
  assertInt(successes, "Successes", 0);
  assertInt(ones, "Ones", 0);
  if (successes === 0) return ones > 0 ? "criticalFailure" : "failure";
  let out: CheckOutcome = "marginal";
  for (const level of SUCCESS_LEVELS) if (successes >= level.successes) out = level.outcome;
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

/**
 * Resolve natural faces into a result. `drawExtra(n)` supplies the faces of n extra dice when
 * unused extra 10s earn them (all dice already successes). Pure given its arguments.
 *
 * Extra-10 rule as implemented: in the first batch each natural 10 after the first earns one
 * point; each point adds +1 to another die, spent where it turns failures into successes
 * (cheapest first). If every die is then a success, each unused point rolls an extra die. In an
 * extra batch every natural 10 earns a point (the first 10 was already counted), spent the same way.
 */
export function resolveFaces(pool: CheckPool, faces: readonly number[], drawExtra: (n: number) => readonly number[], rerolled = false): CheckResult {
  if (faces.length !== pool.dice) throw new RangeError(`A pool of ${pool.dice} dice needs ${pool.dice} faces, got ${faces.length}`);
  const all: WorkDie[] = [];
  let batchFaces: readonly number[] = faces;
  let batch = 0;
  let earned = 0;
  let onDice = 0;
  let onExtra = 0;
  let unused = 0;
  for (;;) {
    const dice: WorkDie[] = batchFaces.map((face) => {
      assertInt(face, "Die face", 1, 10);
      return { face, batch, bonus: 0, success: face >= pool.target };
    });
    all.push(...dice);
    const tens = dice.filter((d) => d.face === 10).length;
    const points = Math.max(0, batch === 0 ? tens - 1 : tens);
    earned += points;
    const left = spendOnFailures(dice, pool.target, points);
    onDice += points - left;
    if (left > 0 && dice.every((d) => d.success)) {
      onExtra += left;
      batch += 1;
      batchFaces = drawExtra(left);
      if (batchFaces.length !== left) throw new RangeError(`Asked for ${left} extra dice, got ${batchFaces.length}`);
      continue;
    }
    unused += left;
    break;
  }
  const successes = all.filter((d) => d.success).length;
  const ones = all.filter((d) => d.face === 1).length;
  const outcome = outcomeFor(successes, ones);
  return {
    pool,
    dice: all.map((d) => ({ face: d.face, batch: d.batch, bonus: d.bonus, score: d.face + d.bonus, success: d.success })),
    successes,
    outcome,
    ones,
    criticalFailure: outcome === "criticalFailure",
    tens: all.filter((d) => d.face === 10).length,
    bonusPoints: { earned, onDice, onExtraDice: onExtra, unused },
    rerolled,
  };
}

function rollFaces(n: number, rng: RandomSource): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rollDie(10, rng));
  return out;
}

/** Roll a check. */
export function rollCheck(input: CheckInput, rng: RandomSource): CheckResult {
  const pool = resolvePool(input);
  return resolveFaces(pool, rollFaces(pool.dice, rng), (n) => rollFaces(n, rng));
}

/** The one Edge re-roll of a task: the same pool rolled again; the new result stands. */
export function rerollCheck(previous: CheckResult, rng: RandomSource): CheckResult {
  if (previous.rerolled) throw new Error("A task can be re-rolled with Edge only once");
  const pool = { ...previous.pool, edgeSpent: previous.pool.edgeSpent + 1 };
  return resolveFaces(pool, rollFaces(pool.dice, rng), (n) => rollFaces(n, rng), true);
}

/** Input for an attribute-only roll: three dice against the attribute. */
export function attributeCheck(target: number, extra: Omit<CheckInput, "dice" | "target"> = {}): CheckInput {
  return { ...extra, dice: ATTRIBUTE_ONLY_DICE, target };
}
