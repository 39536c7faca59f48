/**
 * Luck spent after a roll, opposed checks, ties and contests (seed: "Luck", "Opposed rolls",
 * "Ties", "Contests"): runtime code (dialogs, cards, combat), apart from rules/check.ts, which the
 * dice resolve with: docs/architecture.md "Load what the world needs".
 */
import type { RandomSource } from "../../../dice/random";
import { bandForMargin } from "./core";
import type { Dice } from "./dice";
import { rngDice } from "./dice";
import { checkFaceStreams, faceDice, resolveCheck } from "./check-faces";
import { assertBoolean, assertInt, assertNonNegativeInt } from "./validate";
import { type CheckFaces, type CheckInput, type CheckResult, completeCheck, drawCheckDie, LUCK_AFTER_BONUS, normaliseCheck, rollCheck } from "./check";

/** Add luck points after the roll (+1 each). A natural 0 under rolling zeros stays a failure (or fumble). */
export function applyLuckAfter(result: CheckResult, points: number): CheckResult {
  assertNonNegativeInt(points, "Luck points spent after the roll");
  const total = result.total + LUCK_AFTER_BONUS * points;
  const margin = total - result.target;
  assertInt(margin, "Margin");
  return {
    ...result,
    total,
    margin,
    luckAfter: result.luckAfter + points,
    band: result.autoFailure ? result.band : bandForMargin(margin),
    success: !result.autoFailure && margin >= 0,
  };
}

/** The 4-point luck re-roll: the first roll is cancelled and the check rolled afresh. */
export function rerollWithLuck(input: CheckInput, rng: RandomSource): CheckResult {
  return { ...rollCheck(input, rng), rerolled: true };
}

export interface LuckRollInput extends Omit<CheckInput, "rank" | "target"> {
  aura: number;
}

/** A luck roll: an unopposed roll on Aura with the GM's modifier. */
export function rollLuck(input: LuckRollInput, rng: RandomSource): CheckResult {
  const { aura, ...rules } = input;
  return rollCheck({ ...rules, rank: aura }, rng);
}

export type OpposedWinner = "a" | "b" | "tie";

/** Two sides of an opposed roll or a side-by-side contest. */
export interface PairInput {
  a: CheckInput;
  b: CheckInput;
}

/** The faces of both sides (a's, then b's). */
export interface PairFaces {
  readonly a: CheckFaces;
  readonly b: CheckFaces;
}

export interface OpposedResult {
  a: CheckResult;
  b: CheckResult;
  winner: OpposedWinner;
  /** a's total minus b's total. */
  margin: number;
  faces: PairFaces;
}

/** Who wins an opposed roll: a natural 0 under rolling zeros loses outright; else the higher total. */
export function opposedWinner(a: { total: number; autoFailure: boolean }, b: { total: number; autoFailure: boolean }): OpposedWinner {
  if (a.autoFailure && b.autoFailure) return "tie";
  if (a.autoFailure) return "b";
  if (b.autoFailure) return "a";
  if (a.total > b.total) return "a";
  if (b.total > a.total) return "b";
  return "tie";
}

function pairInput(input: PairInput): void {
  if (typeof input !== "object" || input === null) throw new TypeError("Two sides {a, b} are needed");
}

function opposedFromDice(input: PairInput, da: Dice, db: Dice): OpposedResult {
  pairInput(input);
  const ca = normaliseCheck(input.a);
  const cb = normaliseCheck(input.b);
  const xa = drawCheckDie(ca, da, "die");
  const xb = drawCheckDie(cb, db, "die");
  const ta = ca.base + xa.total;
  const tb = cb.base + xb.total;
  const ra = completeCheck(ca, xa, tb, da, "fumble");
  const rb = completeCheck(cb, xb, ta, db, "fumble");
  return { a: ra, b: rb, winner: opposedWinner(ra, rb), margin: ta - tb, faces: { a: ra.faces, b: rb.faces } };
}

/**
 * An opposed roll: both sides roll (a first), each side's target is the other's total; fumble
 * checks (a then b) are tried against the other's total too.
 */
export function rollOpposed(input: PairInput, rng: RandomSource): OpposedResult {
  // One source feeds both sides in the table's order (a's die, b's die, a's fumble check, b's);
  // each side records its own faces.
  const [da, db] = sideDice(rng);
  return opposedFromDice(input, da, db);
}

/** Classify an opposed roll from both sides' faces. Never draws. */
export function resolveOpposed(input: PairInput, faces: PairFaces): OpposedResult {
  pairInput(input);
  if (typeof faces !== "object" || faces === null) throw new TypeError("Opposed faces must be {a, b}");
  const ca = normaliseCheck(input.a);
  const cb = normaliseCheck(input.b);
  const da = faceDice(checkFaceStreams(ca, faces.a, "First side"));
  const db = faceDice(checkFaceStreams(cb, faces.b, "Second side"));
  const r = opposedFromDice(input, da, db);
  da.finish();
  db.finish();
  return r;
}

/** Per-side views of one random source: draws go to the shared source in order, faces are recorded per side. */
function sideDice(rng: RandomSource): [Dice, Dice] {
  const shared = rngDice(rng);
  const side = (): Dice => {
    const drawn = new Map<string, number[]>();
    const put = (stream: string, f: number): number => {
      const l = drawn.get(stream);
      if (l) l.push(f);
      else drawn.set(stream, [f]);
      return f;
    };
    return { drawn, d10star: (s) => put(s, shared.d10star(s)), d6: (s) => put(s, shared.d6(s)) };
  };
  return [side(), side()];
}

export type TieBreakerKey = "highestRoll" | "skillRank" | "luck" | "doOver" | "other";

export const TIE_BREAKERS: readonly { key: TieBreakerKey; label: string }[] = [
  { key: "highestRoll", label: "Highest roll" },
  { key: "skillRank", label: "Skill rank" },
  { key: "luck", label: "Luck" },
  { key: "doOver", label: "Do-over" },
  { key: "other", label: "Other (GM's method)" },
];

export interface TieSide {
  total: number;
  rank: number;
  luckSpent: number;
  luck: number;
}

/**
 * Break a marginal opposed result. "doOver" and "other" cannot be settled by arithmetic and return
 * "reroll" / "gm"; the others return the winner or "tie" when they cannot separate the two.
 */
export function breakTie(method: TieBreakerKey, a: TieSide, b: TieSide): "a" | "b" | "tie" | "reroll" | "gm" {
  for (const side of [a, b]) {
    assertInt(side.total, "Tie-breaker total");
    assertNonNegativeInt(side.rank, "Tie-breaker rank");
    assertNonNegativeInt(side.luckSpent, "Tie-breaker luck spent");
    assertNonNegativeInt(side.luck, "Tie-breaker luck");
  }
  const cmp = (x: number, y: number): "a" | "b" | "tie" => (x > y ? "a" : y > x ? "b" : "tie");
  switch (method) {
    case "highestRoll":
      return cmp(a.total, b.total);
    case "skillRank":
      return cmp(a.rank, b.rank);
    case "luck": {
      const spent = cmp(a.luckSpent, b.luckSpent);
      return spent !== "tie" ? spent : cmp(a.luck, b.luck);
    }
    case "doOver":
      return "reroll";
    case "other":
      return "gm";
  }
  throw new RangeError(`Unknown tie-breaker "${String(method)}"`);
}

/**
 * Who wins when two characters act side by side without interfering (both shooting at one target,
 * both courting one person): each rolls against its own target (10 unless given). A success beats a
 * failure; between two successes the higher total wins (equal totals tie); when both fail nobody
 * wins ("neither" — the GM may still compare totals, which the results carry).
 */
export type ContestWinner = "a" | "b" | "tie" | "neither";

export function contestWinner(a: Pick<CheckResult, "success" | "total">, b: Pick<CheckResult, "success" | "total">): ContestWinner {
  assertBoolean(a.success, "First side's success");
  assertBoolean(b.success, "Second side's success");
  assertInt(a.total, "First side's total");
  assertInt(b.total, "Second side's total");
  if (!a.success && !b.success) return "neither";
  if (a.success !== b.success) return a.success ? "a" : "b";
  return a.total > b.total ? "a" : b.total > a.total ? "b" : "tie";
}

export interface ContestResult {
  a: CheckResult;
  b: CheckResult;
  winner: ContestWinner;
  faces: PairFaces;
}

/** Both sides roll unopposed checks (a first, then b, each with its fumble check if any). */
export function rollContest(input: PairInput, rng: RandomSource): ContestResult {
  pairInput(input);
  const ra = rollCheck(input.a, rng);
  const rb = rollCheck(input.b, rng);
  return { a: ra, b: rb, winner: contestWinner(ra, rb), faces: { a: ra.faces, b: rb.faces } };
}

/** Classify a side-by-side contest from both sides' faces. Never draws. */
export function resolveContest(input: PairInput, faces: PairFaces): ContestResult {
  pairInput(input);
  if (typeof faces !== "object" || faces === null) throw new TypeError("Contest faces must be {a, b}");
  const ra = resolveCheck(input.a, faces.a);
  const rb = resolveCheck(input.b, faces.b);
  return { a: ra, b: rb, winner: contestWinner(ra, rb), faces: { a: ra.faces, b: rb.faces } };
}
