/**
 * FlangeCheckRoll: one Flange check — a pool of d10s against a target number. The formula is the
 * pool the rules core settles (`3dzt7`: three Flange dice against 7, dice/flange-die.ts), so the
 * same dice roll typed in chat. After evaluation every face (the pool, then each extra die the 10s
 * earned, all Foundry dice) goes to the core's `resolveCheck`, which names the result; the result
 * travels in the roll's options, so a reloaded chat message (rebuilt through CONFIG.Dice.rolls)
 * shows the same card. A roll rebuilt from partial options, or one that reaches a message
 * unevaluated, renders as a plain "dice and total" card: rendering never rolls, and nothing here
 * may throw on a client that renders it.
 */
import * as R from "../init-rules";
import { templatePath } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { CardRoll, signed } from "../../../core/rolls/card-roll";
import { FlangeDie } from "./flange-die";

/** One source of dice or target change, for the card (label already localized). */
export interface FlangePart {
  label: string;
  dice: number;
  target: number;
}

export interface FlangeCheckOptions {
  /** Localized title ("Surgery on Dexterity"). */
  title: string;
  actorUuid?: string;
  /** What the pool is rolled with, before the rules settle it. */
  input: R.CheckInput;
  /** Every source of dice and target change, for the card. */
  parts: FlangePart[];
  /** Filled after evaluation by the rules core. */
  result?: R.CheckResult;
  /** The task's one Edge re-roll (the new result stands). */
  rerolled?: boolean;
  /** This roll was re-rolled with Edge: the new card stands (display only; the ledger is the record). */
  superseded?: boolean;
  /** A random id given to every check roll when it is made: part of its fingerprint (reroll-record.ts). */
  rollId?: string;
  [key: string]: unknown;
}

function int(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) ? v : undefined;
}

/** A check input from stored options, checked by the core (null when the rules refuse it). */
function validInput(v: unknown): R.CheckInput | null {
  if (!v || typeof v !== "object") return null;
  const x: Record<string, unknown> = { ...v };
  const dice = int(x.dice);
  const target = int(x.target);
  if (dice === undefined || target === undefined) return null;
  const input: R.CheckInput = {
    dice,
    target,
    diceModifier: int(x.diceModifier) ?? 0,
    targetModifier: int(x.targetModifier) ?? 0,
    edgeDice: int(x.edgeDice) ?? 0,
    edgeTarget: int(x.edgeTarget) ?? 0,
  };
  try {
    R.settlePool(input);
    return input;
  } catch {
    return null;
  }
}

function isCheckResult(r: unknown): r is R.CheckResult {
  if (!r || typeof r !== "object") return false;
  const x: Record<string, unknown> = { ...r };
  return Array.isArray(x.faces) && Array.isArray(x.dice) && typeof x.successes === "number" && typeof x.ones === "number" && R.CHECK_OUTCOMES.some((o) => o === x.outcome) && Boolean(x.pool) && typeof x.pool === "object";
}

/**
 * Fill in what a check's options lack; null when they hold no usable pool. A roll rebuilt from a
 * chat message carries whatever the message holds (a module, an old version, a hand-made message).
 */
export function normaliseFlangeOptions(raw: Record<string, unknown>): FlangeCheckOptions | null {
  const input = validInput(raw.input);
  if (input === null) return null;
  const parts = Array.isArray(raw.parts)
    ? raw.parts.filter((p): p is FlangePart => Boolean(p) && typeof p === "object" && typeof p.label === "string" && Number.isSafeInteger(p.dice) && Number.isSafeInteger(p.target))
    : [];
  const out: FlangeCheckOptions = { ...raw, title: typeof raw.title === "string" ? raw.title : "", input, parts, rerolled: raw.rerolled === true, superseded: raw.superseded === true };
  if (typeof raw.actorUuid === "string") out.actorUuid = raw.actorUuid;
  else delete out.actorUuid;
  if (isCheckResult(raw.result)) out.result = raw.result;
  else delete out.result;
  return out;
}

/** The Foundry formula of a settled pool: `3dzt7`. */
export function poolFormula(input: R.CheckInput): string {
  const pool = R.settlePool(input);
  return `${pool.dice}d${FlangeDie.DENOMINATION}t${pool.target}`;
}

export class FlangeCheckRoll extends CardRoll<FlangeCardContext> {
  static override CHAT_TEMPLATE = templatePath("flange/chat/check-roll.hbs");

  /** A roll for a check; throws the core's message on a pool the rules refuse. */
  static fromCheck(options: FlangeCheckOptions): FlangeCheckRoll {
    const roll = new FlangeCheckRoll(poolFormula(options.input));
    Object.assign(roll.options, { rollId: foundry.utils.randomID(16), ...options });
    return roll;
  }

  /** The check's options, checked (null when they hold no usable pool). */
  get check(): FlangeCheckOptions | null {
    return normaliseFlangeOptions(this.options);
  }

  /** The classified result (after evaluation). */
  get checkResult(): R.CheckResult | undefined {
    return this.check?.result;
  }

  /** Every active face Foundry rolled, in roll order: the pool, then each extra die. */
  get poolFaces(): number[] {
    const term = this.dice[0];
    return term ? term.results.filter((r) => r.active).map((r) => r.result) : [];
  }

  /** Classify the evaluated dice with the rules core and store the result in the options. */
  classify(): R.CheckResult {
    const o = this.check;
    if (!o) throw new Error("Breadbox | this roll carries no Flange check");
    const faces = this.poolFaces;
    const result = R.resolveCheck(o.input, faces);
    const stored: R.CheckResult = o.rerolled ? { ...result, rerolled: true, pool: { ...result.pool, edgeSpent: result.pool.edgeSpent + 1 } } : result;
    Object.assign(this.options, { result: stored });
    return stored;
  }

  /** The card (CardRoll.render): a hidden roll is shown without classifying anything. */
  cardContext(isPrivate: boolean): FlangeCardContext {
    // An unevaluated roll has no result, whatever its options claim: only a roll whose dice were
    // rolled is classified.
    const evaluated = this.wasEvaluated;
    const o = isPrivate ? null : this.check;
    const r = o && evaluated ? this.storedOrClassified(this.checkResult, () => this.classify()) : null;
    if (!o || !r) {
      return {
        ...this.plainCard(isPrivate, o?.title ?? ""), dice: [], parts: [], poolLine: "", desperate: false, successes: 0, outcome: "", outcomeLabel: "",
        criticalLine: "", bonusLine: "", edgeLine: "", rerolled: false, superseded: false, canReroll: false, success: false, actorUuid: "",
      };
    }
    const pool = r.pool;
    return {
      title: o.title,
      isPrivate,
      classified: true,
      dice: r.dice.map((d) => dieView(d, r.criticalFailure)),
      parts: o.parts.filter((p) => p.dice || p.target).map((p) => ({ label: p.label, value: partLine(p) })),
      poolLine: format("BREADBOX.Flange.Check.PoolLine", { dice: pool.dice, target: pool.target }),
      desperate: pool.desperate,
      successes: r.successes,
      outcome: r.outcome,
      outcomeLabel: localize(`BREADBOX.Flange.Outcome.${r.outcome}`),
      criticalLine: r.criticalFailure ? format("BREADBOX.Flange.Check.CriticalOnes", { n: r.ones }) : "",
      bonusLine: r.bonusPoints.earned
        ? format("BREADBOX.Flange.Check.BonusLine", { earned: r.bonusPoints.earned, onDice: r.bonusPoints.onDice, extra: r.bonusPoints.onExtraDice, unused: r.bonusPoints.unused })
        : "",
      edgeLine: pool.edgeSpent ? format("BREADBOX.Flange.Check.EdgeSpent", { n: pool.edgeSpent }) : "",
      rerolled: r.rerolled,
      superseded: o.superseded === true,
      canReroll: Boolean(o.actorUuid) && !r.rerolled && o.superseded !== true,
      success: r.successes > 0,
      formula: this.formula,
      total: this.total ?? 0,
      actorUuid: o.actorUuid ?? "",
    };
  }
}

export interface FlangeDieView {
  face: number;
  score: number;
  bonus: number;
  extra: boolean;
  cssClass: string;
  label: string;
}

export interface FlangeCardContext {
  title: string;
  isPrivate: boolean;
  classified: boolean;
  dice: FlangeDieView[];
  parts: { label: string; value: string }[];
  poolLine: string;
  desperate: boolean;
  successes: number;
  outcome: string;
  outcomeLabel: string;
  criticalLine: string;
  bonusLine: string;
  edgeLine: string;
  rerolled: boolean;
  superseded: boolean;
  canReroll: boolean;
  success: boolean;
  formula: string;
  total: number;
  actorUuid: string;
}

/** "+1 die · target −1" for a part. */
export function partLine(p: { dice: number; target: number }): string {
  const bits: string[] = [];
  if (p.dice) bits.push(format("BREADBOX.Flange.Check.DiceDelta", { n: signed(p.dice) }));
  if (p.target) bits.push(format("BREADBOX.Flange.Check.TargetDelta", { n: signed(p.target) }));
  return bits.join(" · ") || "—";
}

/** The label of one die on the card: its face, its bonus, success or not. */
function dieView(d: R.DieResult, critical: boolean): FlangeDieView {
  const state = d.success ? "success" : critical && d.face === 1 ? "critical" : "failure";
  const bits = [localize(`BREADBOX.Flange.Die.${state}`)];
  if (d.bonus) bits.push(format("BREADBOX.Flange.Die.Bonus", { bonus: d.bonus }));
  if (d.batch > 0) bits.push(localize("BREADBOX.Flange.Die.Extra"));
  return {
    face: d.face,
    score: d.score,
    bonus: d.bonus,
    extra: d.batch > 0,
    cssClass: `${state}${d.face === 10 ? " ten" : ""}${d.batch > 0 ? " extra" : ""}`,
    label: `${d.face}${d.bonus ? ` (+${d.bonus})` : ""}: ${bits.join(", ")}`,
  };
}
