/**
 * A contest (seed: "Contests"): both sides rolled and compared, and its exact odds. Runtime code
 * (contest dialogs and cards, combat), apart from rules/check.ts, whose contest side the dice resolve
 * with: docs/architecture.md "Load what the world needs".
 */
import { makeOdds, type Odds, type Sides } from "../../../dice/contract";
import type { RandomSource } from "../../../dice/random";
import { D10PLUS_FACES, D10PLUS_MAX_NUMBER, D10PLUS_SPECIAL_CHANCE, drawD10PlusFaces, resolveD10Plus } from "./d10plus";
import type { ContestOutcome } from "./keys";
import { requireRecord } from "./validate";
import { checkModifier, type ContestRoll, type ContestSideInput, sideOf } from "./check";

/** Roll one side of a contest. */
export function rollContestSide(input: ContestSideInput, rng: RandomSource): ContestRoll {
  requireRecord(input, "A contest side");
  const modifier = checkModifier(input.modifier);
  return sideOf(resolveD10Plus(drawD10PlusFaces(rng)), modifier);
}

/** Compare two sides: who wins, or a tie (the GM's call). */
export function compareContest(first: ContestRoll, second: ContestRoll): ContestOutcome {
  return compareRanks(first.rank, second.rank);
}

function compareRanks(a: number, b: number): ContestOutcome {
  return a > b ? "firstWins" : a < b ? "secondWins" : "tie";
}

/** Each party's task modifier. */
export type ContestInput = Sides<number>;

/** The faces of both parties' d10+ rolls. */
export type ContestFaces = Sides<readonly number[]>;

export interface ContestResult {
  readonly faces: ContestFaces;
  readonly first: ContestRoll;
  readonly second: ContestRoll;
  readonly outcome: ContestOutcome;
}

function contestInput(input: ContestInput): { first: number; second: number } {
  requireRecord(input, "A contest");
  return { first: checkModifier(input.first, "First modifier"), second: checkModifier(input.second, "Second modifier") };
}

/** Classify a contested task from both parties' faces. */
export function resolveContest(input: ContestInput, faces: ContestFaces): ContestResult {
  const m = contestInput(input);
  requireRecord(faces, "Contest faces");
  const first = sideOf(resolveD10Plus(faces.first), m.first);
  const second = sideOf(resolveD10Plus(faces.second), m.second);
  return { faces: { first: first.faces, second: second.faces }, first, second, outcome: compareContest(first, second) };
}

/** Roll a contested task (the first party rolls first). */
export function rollContest(input: ContestInput, rng: RandomSource): ContestResult {
  const m = contestInput(input);
  const first = sideOf(resolveD10Plus(drawD10PlusFaces(rng)), m.first);
  const second = sideOf(resolveD10Plus(drawD10PlusFaces(rng)), m.second);
  return { faces: { first: first.faces, second: second.faces }, first, second, outcome: compareContest(first, second) };
}

export type ContestOutcomeOdds = Readonly<Record<ContestOutcome, number>>;

/** Two Autos (or two Flubs): one degree each, 1–12; a tie 1/12, either side 11/24. */
const SAME_SPECIAL_TIE = 1 / D10PLUS_FACES;

const SAME_SPECIAL_WIN = (1 - SAME_SPECIAL_TIE) / 2;

/**
 * Exact odds of a contested task in closed form: the 10 × 10 plain pairs counted directly, the
 * Autos and Flubs by the ranking rule (any Auto beats any non-Auto, two Autos compare degrees; any
 * Flub loses to any non-Flub, the lower Flub degree is the lesser failure). Agrees with the
 * enumeration of all 34 × 34 roll pairs (test `contract.test.ts`).
 */
export function contestOutcomeOdds(input: ContestInput): ContestOutcomeOdds {
  const m = contestInput(input);
  return contestClosedForm(m.first - m.second);
}

function contestClosedForm(diff: number): ContestOutcomeOdds {
  let plainWins = 0;
  let plainTies = 0;
  for (let x = 1; x <= D10PLUS_MAX_NUMBER; x++) {
    // first wins when x + diff > y, ties when y = x + diff
    const tieAt = x + diff;
    plainWins += Math.min(D10PLUS_MAX_NUMBER, Math.max(0, tieAt - 1));
    if (tieAt >= 1 && tieAt <= D10PLUS_MAX_NUMBER) plainTies++;
  }
  const pairs = D10PLUS_MAX_NUMBER * D10PLUS_MAX_NUMBER;
  const s = D10PLUS_SPECIAL_CHANCE;
  const n = 1 - 2 * s; // a plain number
  const plainLosses = pairs - plainWins - plainTies;
  const cell = 1 / (D10PLUS_FACES * D10PLUS_FACES);
  // first Auto: beats every non-Auto; second Flub (first not Flub): first wins
  const firstWins = s * (1 - s) + s * s * SAME_SPECIAL_WIN + n * s + plainWins * cell + s * s * SAME_SPECIAL_WIN;
  const tie = 2 * s * s * SAME_SPECIAL_TIE + plainTies * cell;
  const secondWins = s * (1 - s) + s * s * SAME_SPECIAL_WIN + n * s + plainLosses * cell + s * s * SAME_SPECIAL_WIN;
  return { firstWins, tie, secondWins };
}

/** Display order of contest outcomes, worst first (for the first party). */
export const CONTEST_OUTCOME_ORDER: readonly ContestOutcome[] = ["secondWins", "tie", "firstWins"];

/**
 * Exact odds of a contested task: outcomes secondWins, tie, firstWins (success = the first party
 * wins); extras: each party's Auto and Flub (1/12 each, overlapping the outcomes).
 */
export function contestOdds(input: ContestInput): Odds {
  const o = contestOutcomeOdds(input);
  return makeOdds({
    success: o.firstWins,
    outcomes: CONTEST_OUTCOME_ORDER.map((key) => ({ key, p: o[key] })),
    extras: specialExtras("first", "second"),
  });
}

/** The Auto and Flub chances of named sides, as odds extras (`firstAuto`, `firstFlub`, …). */
export function specialExtras(...sides: readonly string[]): readonly { key: string; p: number }[] {
  return sides.flatMap((side) => [
    { key: `${side}Auto`, p: D10PLUS_SPECIAL_CHANCE },
    { key: `${side}Flub`, p: D10PLUS_SPECIAL_CHANCE },
  ]);
}
