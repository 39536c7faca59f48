/**
 * PoolCheckRoll: one Dice Pool check. The whole pool is rolled with Foundry's dice in one term —
 * Add dice plus the uncancelled Bonus or Penalty dice, of one die type — written in Foundry's own
 * notation so the dice read the same typed in chat: `5d8kh3` (3 Add dice, 2 Bonus dice: keep the
 * highest 3), `4d8kl3` (1 Penalty die: keep the lowest 3), `5dqkh3` (d10−1, a d10 read 0–9; the
 * substitutes are die terms of their own, dice/substitutes.ts). After evaluation the faces, in roll order, go to the rules core's
 * `resolveCheck`, which drops, totals and classifies (success, degree, botch); the result travels
 * in the roll's options, so a reloaded chat message (rebuilt through CONFIG.Dice.rolls) shows the
 * same card. A dice-phobe result rolls nothing: its formula is the fixed total.
 */
import * as R from "../init-rules";
import { templatePath } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { CardRoll, signed } from "../../../core/rolls/card-roll";
import { POOL_DIE_DENOMINATION } from "./substitutes";
import { complexLine, isComplexNote } from "../complex-note";

/** One source of dice in a pool, for the card (label already localized). */
export interface PoolPart {
  label: string;
  add: number;
  bonus: number;
  penalty: number;
}

export const POOL_RESOLUTIONS = ["roll", "dicePhobe"] as const;
export type PoolResolution = (typeof POOL_RESOLUTIONS)[number];

export interface PoolCheckOptions {
  /** Localized title (the ability and attribute used). */
  title: string;
  actorUuid?: string;
  /** The pool after cancelling. */
  pool: R.PoolSpec;
  difficulty: number;
  requiredDegree: number;
  /** Every source of dice, for the card. */
  parts: PoolPart[];
  /** Roll the dice, or take the dice-phobe total. */
  resolution: PoolResolution;
  /** Filled after evaluation by the rules core. */
  result?: R.CheckResult;
  [key: string]: unknown;
}

/** The Foundry formula of a pool: every die of the pool in one term, the kept ones totalled. */
export function poolFormula(pool: R.PoolSpec): string {
  R.checkPool(pool);
  const n = R.poolSize(pool);
  const add = pool.addDice;
  // No Add dice: nothing is totalled, the total is 0 and the check botches whatever the dice
  // show, so no dice are rolled (docs/rules/pool.md, "Foundry side: the pool as Foundry dice").
  if (add === 0) return "0";
  const keep = pool.bonusDice > 0 ? `kh${add}` : pool.penaltyDice > 0 ? `kl${add}` : "";
  return `${n}d${POOL_DIE_DENOMINATION[pool.die]}${keep}`;
}

/** The dice the rules core resolves for a pool rolled by poolFormula (none when there are no Add dice). */
export function rolledPool(pool: R.PoolSpec): R.PoolSpec {
  return pool.addDice === 0 ? { addDice: 0, bonusDice: 0, penaltyDice: 0, die: pool.die } : pool;
}

function int(v: unknown, fallback: number): number {
  return typeof v === "number" && Number.isSafeInteger(v) ? v : fallback;
}

function validPool(v: unknown): R.PoolSpec | null {
  if (!v || typeof v !== "object") return null;
  const p: Record<string, unknown> = { ...v };
  const pool = { addDice: int(p.addDice, -1), bonusDice: int(p.bonusDice, -1), penaltyDice: int(p.penaltyDice, -1), die: String(p.die) };
  const die = R.DIE_KEYS.find((k) => k === pool.die);
  if (die === undefined) return null;
  try {
    return R.checkPool({ ...pool, die });
  } catch {
    return null;
  }
}

function isCheckResult(r: unknown): r is R.CheckResult {
  if (!r || typeof r !== "object") return false;
  const x: Record<string, unknown> = { ...r };
  return (
    Array.isArray(x.faces) && Array.isArray(x.dice) && typeof x.total === "number" && typeof x.margin === "number" &&
    typeof x.degree === "number" && typeof x.achieved === "boolean" && R.CHECK_OUTCOMES.some((o) => o === x.outcome)
  );
}

/**
 * Fill in what a check's options lack, in place; null when they hold no usable pool. A roll
 * rebuilt from a chat message carries whatever the message holds (a module, an old version, a
 * hand-made message) and every client renders it: nothing here may throw.
 */
export function normalisePoolOptions(raw: Record<string, unknown>): PoolCheckOptions | null {
  const pool = validPool(raw.pool);
  if (pool === null) return null;
  const parts = Array.isArray(raw.parts)
    ? raw.parts.filter((p): p is PoolPart => Boolean(p) && typeof p === "object" && typeof p.label === "string" && [p.add, p.bonus, p.penalty].every((n) => Number.isSafeInteger(n)))
    : [];
  const resolution = POOL_RESOLUTIONS.find((r) => r === raw.resolution) ?? "roll";
  const difficulty = int(raw.difficulty, 0);
  const requiredDegree = Math.max(0, int(raw.requiredDegree, 0));
  const out: PoolCheckOptions = {
    ...raw,
    title: typeof raw.title === "string" ? raw.title : "",
    pool,
    difficulty: Math.max(-R.MAX_DIFFICULTY, Math.min(R.MAX_DIFFICULTY, difficulty)),
    requiredDegree: Math.min(R.MAX_DIFFICULTY, requiredDegree),
    parts,
    resolution,
  };
  if (typeof raw.actorUuid === "string") out.actorUuid = raw.actorUuid;
  if (isCheckResult(raw.result)) out.result = raw.result;
  else delete out.result;
  return out;
}

export class PoolCheckRoll extends CardRoll<PoolCardContext> {
  static override CHAT_TEMPLATE = templatePath("pool/chat/check-roll.hbs");

  /** A roll for a check: the pool's dice, or the dice-phobe total as a plain number. */
  static fromCheck(options: PoolCheckOptions): PoolCheckRoll {
    const formula = options.resolution === "dicePhobe" ? String(R.dicePhobeTotal(options.pool)) : poolFormula(options.pool);
    const roll = new PoolCheckRoll(formula);
    Object.assign(roll.options, options);
    return roll;
  }

  /** The check's options, checked (null when they hold no usable pool). */
  get check(): PoolCheckOptions | null {
    return normalisePoolOptions(this.options);
  }

  /** The classified result (after evaluation). */
  get checkResult(): R.CheckResult | undefined {
    return this.check?.result;
  }

  /**
   * Every physical face Foundry rolled for the pool, in roll order (kept and discarded): the
   * substitutes' terms read values, so their offset is taken off again for the core.
   */
  get poolFaces(): number[] {
    return this.facesOf(this.check?.pool.die);
  }

  private facesOf(die: R.DieKey | undefined): number[] {
    const offset = die ? R.getDieType(die).offset : 0;
    return this.dice[0]?.results.map((r) => r.result - offset) ?? [];
  }

  /** These faces classified for the check `o` by the rules core (throws when they do not fit it). */
  private resultOf(o: PoolCheckOptions): R.CheckResult {
    const against = { pool: o.pool, difficulty: o.difficulty, requiredDegree: o.requiredDegree };
    return o.resolution === "dicePhobe" ? R.dicePhobeCheck(against) : R.resolveCheck({ ...against, pool: rolledPool(o.pool) }, this.facesOf(o.pool.die));
  }

  /** Classify the evaluated dice with the rules core and store the result in the options. */
  classify(): R.CheckResult {
    const o = this.check;
    if (!o) throw new Error("Breadbox | this roll carries no Dice Pool check");
    // The card shows the pool as built, also when no dice were rolled for it (no Add dice).
    const stored: R.CheckResult = { ...this.resultOf(o), pool: o.pool };
    Object.assign(this.options, { result: stored });
    return stored;
  }

  /**
   * The result of this evaluated roll, classified again from its faces and options without storing
   * anything (what the card shows; a result stored in the options is never shown as it is); null
   * for an unevaluated roll or one whose options and dice do not fit together. Never throws.
   */
  computeResult(): R.CheckResult | null {
    if (!this._evaluated) return null;
    const o = this.check;
    if (!o) return null;
    // A dice-phobe roll's formula is its fixed total: anything else is not that result.
    if (o.resolution === "dicePhobe" && this.formula !== String(R.dicePhobeTotal(o.pool))) return null;
    try {
      return { ...this.resultOf(o), pool: o.pool };
    } catch {
      return null;
    }
  }

  /**
   * The result of these dice for a check built elsewhere (the GM rebuilds an attack from its
   * dialog's choices and the attacker's documents; the pool, Difficulty and result in this roll's
   * options are never read): null for an unevaluated roll, one that is not that check's roll (its
   * formula), or faces that do not fit. Never throws.
   */
  resultFor(o: PoolCheckOptions): R.CheckResult | null {
    if (!this._evaluated || this.formula !== (o.resolution === "dicePhobe" ? String(R.dicePhobeTotal(o.pool)) : poolFormula(o.pool))) return null;
    try {
      return this.resultOf(o);
    } catch {
      return null;
    }
  }

  /**
   * The card (CardRoll.render). A roll from a chat message is shown as it is: an unevaluated,
   * partial or malformed roll (a crafted message) renders the plain "dice and total" card.
   */
  cardContext(isPrivate: boolean): PoolCardContext {
    const o = isPrivate ? null : this.check;
    const r = o ? this.computeResult() : null;
    if (!o || !r) {
      return {
        ...this.plainCard(isPrivate, o?.title ?? ""), dicePhobe: false, dieLabel: "", dice: [], droppedLine: "", parts: [], poolLine: "",
        difficulty: 0, margin: "", outcome: "", outcomeLabel: "", degreeLabel: "", requiredDegree: 0, achieved: false, complexLine: "", effect: null,
      };
    }
    const degreeKey = r.outcome === "success" ? "BREADBOX.Pool.Degree.Success" : "BREADBOX.Pool.Degree.Failure";
    return {
      title: o.title,
      isPrivate,
      classified: true,
      dicePhobe: r.mode === "dicePhobe",
      dieLabel: localize(`BREADBOX.Pool.Die.${o.pool.die}`),
      dice: r.dice.map((d) => ({
        value: d.value,
        face: d.face,
        kept: d.kept,
        cssClass: d.kept ? "kept" : "discarded",
        label: localize(d.kept ? "BREADBOX.Pool.Dice.Kept" : "BREADBOX.Pool.Dice.Discarded"),
      })),
      droppedLine: droppedLine(o.pool, r.dice.filter((d) => !d.kept).length),
      parts: o.parts.filter((p) => p.add || p.bonus || p.penalty).map((p) => ({ label: p.label, dice: diceLine(p) })),
      poolLine: diceLine({ add: o.pool.addDice, bonus: o.pool.bonusDice, penalty: o.pool.penaltyDice }),
      total: r.total,
      difficulty: r.difficulty,
      margin: signed(r.margin),
      outcome: r.outcome,
      outcomeLabel: localize(`BREADBOX.Pool.Outcome.${r.outcome}`),
      degreeLabel: `${localize(degreeKey)} ${r.degree}`,
      requiredDegree: r.requiredDegree,
      achieved: r.achieved,
      formula: this.formula,
      complexLine: isComplexNote(o.complex) ? complexLine(o.complex) : "",
      effect: effectView(o, r),
    };
  }
}

export interface PoolCardContext {
  title: string;
  isPrivate: boolean;
  classified: boolean;
  dicePhobe: boolean;
  dieLabel: string;
  dice: { value: number; face: number; kept: boolean; cssClass: string; label: string }[];
  /** What the struck-through dice are: "2 dropped: Bonus dice keep the 3 highest" ("" when none is dropped). */
  droppedLine: string;
  parts: { label: string; dice: string }[];
  poolLine: string;
  total: number;
  difficulty: number;
  margin: string;
  outcome: string;
  outcomeLabel: string;
  degreeLabel: string;
  requiredDegree: number;
  achieved: boolean;
  formula: string;
  /** A complex action's running total after this roll (complex.ts), already localized. */
  complexLine: string;
  /** The Effect Level line and, while the player has not chosen, the raise/lower buttons. */
  effect: EffectView | null;
}

/** The card's note on the dropped dice: Bonus dice keep the highest Add-many, Penalty dice the lowest (issue 24.5). */
function droppedLine(pool: { addDice: number; bonusDice: number; penaltyDice: number }, dropped: number): string {
  if (dropped === 0) return "";
  return format(pool.bonusDice > 0 ? "BREADBOX.Pool.Dice.DroppedBonus" : "BREADBOX.Pool.Dice.DroppedPenalty", { n: dropped, keep: pool.addDice });
}

/** What the card shows about an Effect Level ("Rolling the dice": the degree may raise or lower it). */
export interface EffectView {
  line: string;
  choose: boolean;
  raiseLabel: string;
  lowerLabel: string;
}

function safeInt(v: unknown): number | null {
  return typeof v === "number" && Number.isSafeInteger(v) && Math.abs(v) <= R.MAX_EFFECT_LEVEL ? v : null;
}

/** The effect part of a card, from the roll's options and its classified result. */
export function effectView(o: PoolCheckOptions, r: R.CheckResult): EffectView | null {
  const level = safeInt(o.effectLevel);
  if (level === null) return null;
  const none = { choose: false, raiseLabel: "", lowerLabel: "" };
  if (r.outcome !== "success") return { line: format("BREADBOX.Pool.Effect.Unchanged", { level }), ...none };
  if (r.degree === 0) return { line: format("BREADBOX.Pool.Effect.NoDegree", { level }), ...none };
  const direction = R.EFFECT_DIRECTIONS.find((d) => d === o.effectDirection);
  const up = R.applyDegreeToEffect({ effectLevel: level, degree: r.degree, direction: "raise" });
  const down = R.applyDegreeToEffect({ effectLevel: level, degree: r.degree, direction: "lower" });
  if (direction) return { line: format(`BREADBOX.Pool.Effect.Chosen.${direction}`, { level, result: direction === "raise" ? up : down, degree: r.degree }), ...none };
  return {
    line: format("BREADBOX.Pool.Effect.Choose", { level, degree: r.degree }),
    choose: true,
    raiseLabel: format("BREADBOX.Pool.Effect.Raise", { result: up }),
    lowerLabel: format("BREADBOX.Pool.Effect.Lower", { result: down }),
  };
}

/** "3 Add · 2 Bonus" and the like. */
export function diceLine(d: { add: number; bonus: number; penalty: number }): string {
  const bits: string[] = [];
  if (d.add) bits.push(`${d.add} ${localize("BREADBOX.Pool.Dice.Add")}`);
  if (d.bonus) bits.push(`${d.bonus} ${localize("BREADBOX.Pool.Dice.Bonus")}`);
  if (d.penalty) bits.push(`${d.penalty} ${localize("BREADBOX.Pool.Dice.Penalty")}`);
  return bits.join(" · ") || "0";
}
