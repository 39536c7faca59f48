/** Working collaboratively (seed ch. 3 "(Working Collaboratively)"). */
import type { RandomSource } from "../../../dice/random";
import type { Band } from "./core";
import { UNOPPOSED_TARGET, bandForMargin } from "./core";
import type { D10StarOptions, D10StarRoll } from "./dice";
import { PLAIN_D10_STAR, rollD10Star } from "./dice";
import { assertInt, assertNonNegativeInt, assertPositiveInt } from "./validate";

export interface CollaborationOptions {
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
}

/** Everyone eligible rolls a d10*; the best (or, with too many cooks, the worst) die goes on the best rank. */
export function collaborate(ranks: readonly number[], rng: RandomSource, mode: "best" | "tooManyCooks", opts: CollaborationOptions = {}): CollaborationResult {
  if (ranks.length === 0) throw new RangeError("Collaboration needs at least one character");
  ranks.forEach((r, i) => assertNonNegativeInt(r, `Rank of collaborator ${i}`));
  if (mode !== "best" && mode !== "tooManyCooks") throw new RangeError(`Collaboration mode must be best or tooManyCooks, not ${String(mode)}`);
  const modifier = opts.modifier ?? 0;
  const target = opts.target ?? UNOPPOSED_TARGET;
  assertInt(modifier, "Modifier");
  assertInt(target, "Target");
  if (opts.minRank !== undefined) assertNonNegativeInt(opts.minRank, "Minimum rank");
  if (opts.maxBelowBest !== undefined) assertNonNegativeInt(opts.maxBelowBest, "Maximum ranks below the best");
  if (opts.limit !== undefined) assertPositiveInt(opts.limit, "Collaborator limit");
  const leadRank = Math.max(...ranks);
  const leadIndex = ranks.indexOf(leadRank);
  const order = ranks.map((rank, index) => ({ rank, index })).sort((a, b) => b.rank - a.rank || a.index - b.index);
  const eligible = new Set<number>();
  for (const { rank, index } of order) {
    if (index !== leadIndex) {
      if (opts.minRank !== undefined && rank < opts.minRank) continue;
      if (opts.maxBelowBest !== undefined && leadRank - rank > opts.maxBelowBest) continue;
    }
    if (opts.limit !== undefined && eligible.size >= opts.limit) break;
    eligible.add(index);
  }
  const dice = opts.dice ?? PLAIN_D10_STAR;
  const rolls = ranks.map((rank, index) => ({ index, rank, eligible: eligible.has(index), roll: eligible.has(index) ? rollD10Star(rng, dice) : null }));
  const totals = rolls.filter((r) => r.roll).map((r) => (r.roll as D10StarRoll).total);
  const keptDie = mode === "best" ? Math.max(...totals) : Math.min(...totals);
  const total = leadRank + modifier + keptDie;
  const margin = total - target;
  return { rolls, leadIndex, leadRank, keptDie, total, margin, band: bandForMargin(margin), success: margin >= 0 };
}
