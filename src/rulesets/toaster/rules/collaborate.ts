/** Working collaboratively (seed ch. 3 "(Working Collaboratively)"). */
import type { RandomSource } from "../../../dice/random";
import { assertCount } from "../../../dice/limits";
import { dict } from "../../../dice/dict";
import type { Band } from "./core";
import { UNOPPOSED_TARGET, bandForMargin } from "./core";
import type { D10StarOptions, D10StarRoll, Dice } from "./dice";
import { drawD10Star, rngDice } from "./dice";
import { faceDice } from "./check-faces";
import { PLAIN_D10_STAR, validateD10StarOptions } from "./dice-rolls";
import { assertInt, assertNonNegativeInt, assertPositiveInt } from "./validate";

/** The most characters one collaboration may list (a count cap: each one may roll a d10*). */
export const MAX_COLLABORATORS = 100;

export type CollaborationMode = "best" | "tooManyCooks";

export interface CollaborationInput {
  /** Skill rank of every character involved (the highest is the lead). */
  ranks: readonly number[];
  /** "best": the highest die counts; "tooManyCooks": the lowest. */
  mode: CollaborationMode;
  /** Minimum skill rank to be of help (others do not roll). */
  minRank?: number;
  /** Helpers more than this many ranks below the best do not roll (the seed's example: 2). */
  maxBelowBest?: number;
  /** At most this many characters roll (the best-ranked first). */
  limit?: number;
  modifier?: number;
  target?: number;
  dice?: D10StarOptions;
}

/** Faces of a collaboration: one d10* chain per character, in the order of `ranks` (null for one who does not roll). */
export interface CollaborationFaces {
  readonly rolls: readonly (readonly number[] | null)[];
}

export interface CollaborationResult {
  rolls: { index: number; rank: number; eligible: boolean; roll: D10StarRoll | null }[];
  /** Index of the character whose rank is used (the highest rank). */
  leadIndex: number;
  leadRank: number;
  /** The die kept: the highest roll ("best") or the lowest ("tooManyCooks"). */
  keptDie: number;
  total: number;
  margin: number;
  band: Band;
  success: boolean;
  faces: CollaborationFaces;
}

/** Who rolls, validated: shared by the roll, the resolve and the odds. */
export function collaborationPlan(input: CollaborationInput): {
  ranks: readonly number[];
  mode: CollaborationMode;
  leadIndex: number;
  leadRank: number;
  eligible: ReadonlySet<number>;
  rollers: number;
  modifier: number;
  target: number;
  dice: D10StarOptions;
} {
  if (typeof input !== "object" || input === null) throw new TypeError("A collaboration needs an input object {ranks, mode, …}");
  const ranks = input.ranks;
  if (!Array.isArray(ranks) || ranks.length === 0) throw new RangeError("Collaboration needs at least one character");
  assertCount(ranks.length, "Number of collaborators", MAX_COLLABORATORS, 1);
  ranks.forEach((r, i) => assertNonNegativeInt(r, `Rank of collaborator ${i}`));
  const mode = input.mode;
  if (mode !== "best" && mode !== "tooManyCooks") throw new RangeError(`Collaboration mode must be best or tooManyCooks, not ${String(mode)}`);
  const modifier = input.modifier ?? 0;
  const target = input.target ?? UNOPPOSED_TARGET;
  assertInt(modifier, "Modifier");
  assertInt(target, "Target");
  if (input.minRank !== undefined) assertNonNegativeInt(input.minRank, "Minimum rank");
  if (input.maxBelowBest !== undefined) assertNonNegativeInt(input.maxBelowBest, "Maximum ranks below the best");
  if (input.limit !== undefined) assertPositiveInt(input.limit, "Collaborator limit");
  const dice = input.dice ?? PLAIN_D10_STAR;
  validateD10StarOptions(dice);
  const leadRank = Math.max(...ranks);
  assertInt(leadRank + modifier, "Lead rank + modifier");
  const leadIndex = ranks.indexOf(leadRank);
  const order = ranks.map((rank, index) => ({ rank, index })).sort((a, b) => b.rank - a.rank || a.index - b.index);
  const eligible = new Set<number>();
  for (const { rank, index } of order) {
    if (index !== leadIndex) {
      if (input.minRank !== undefined && rank < input.minRank) continue;
      if (input.maxBelowBest !== undefined && leadRank - rank > input.maxBelowBest) continue;
    }
    if (input.limit !== undefined && eligible.size >= input.limit) break;
    eligible.add(index);
  }
  return { ranks, mode, leadIndex, leadRank, eligible, rollers: eligible.size, modifier, target, dice };
}

function collaborationFromDice(input: CollaborationInput, dice: Dice): CollaborationResult {
  const plan = collaborationPlan(input);
  const rolls = plan.ranks.map((rank, index) => ({ index, rank, eligible: plan.eligible.has(index), roll: plan.eligible.has(index) ? drawD10Star(dice, `roller${index}`, plan.dice) : null }));
  const totals = rolls.flatMap((r) => (r.roll ? [r.roll.total] : []));
  const keptDie = plan.mode === "best" ? Math.max(...totals) : Math.min(...totals);
  const total = plan.leadRank + plan.modifier + keptDie;
  const margin = total - plan.target;
  return {
    rolls,
    leadIndex: plan.leadIndex,
    leadRank: plan.leadRank,
    keptDie,
    total,
    margin,
    band: bandForMargin(margin),
    success: margin >= 0,
    faces: { rolls: rolls.map((r) => (r.roll ? r.roll.faces : null)) },
  };
}

/** Everyone eligible rolls a d10* (in the order of `ranks`); the best (or, with too many cooks, the worst) die goes on the best rank. */
export function rollCollaboration(input: CollaborationInput, rng: RandomSource): CollaborationResult {
  return collaborationFromDice(input, rngDice(rng));
}

/** Classify a collaboration from each character's faces (null or [] for one who does not roll). Never draws. */
export function resolveCollaboration(input: CollaborationInput, faces: CollaborationFaces): CollaborationResult {
  if (typeof faces !== "object" || faces === null || !Array.isArray(faces.rolls)) throw new TypeError("Collaboration faces must be {rolls: [...]}");
  const plan = collaborationPlan(input);
  if (faces.rolls.length !== plan.ranks.length) throw new RangeError(`Collaboration faces list ${faces.rolls.length} characters, the input ${plan.ranks.length}`);
  const streams = dict<readonly number[]>();
  faces.rolls.forEach((f, i) => {
    streams[`roller${i}`] = f ?? [];
  });
  const dice = faceDice(streams);
  const r = collaborationFromDice(input, dice);
  dice.finish();
  return r;
}
