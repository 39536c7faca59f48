/**
 * ToastCheckRoll: one Toast task roll (a skill, attributes, an aspect, a Health check, medical
 * treatment, a side of a contested task, an advancement check). Its formula shows every modifier
 * with its source, e.g. `1dp + 8[Broadsword] - 2[Wounds] - 1[Armor] + 1[GM]`; after evaluation the
 * rules core classifies the d10+'s faces against the target (or, for a contest side, ranks them)
 * and the result travels in the roll's options, so the card reads the same after a chat-log reload
 * (CONFIG.Dice.rolls rebuilds this class).
 */
import * as R from "../init-rules";
import { templatePath } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { CardRoll, labelledTerms, signed } from "../../../core/rolls/card-roll";
import { D10PlusDie } from "./d10plus";

export interface ToastModifierPart {
  /** Already localized label of the modifier's source. */
  label: string;
  value: number;
}

export const TOAST_CHECK_KINDS = ["skill", "attributes", "aspect", "healthCheck", "treatment", "contest", "advancement", "other"] as const;
export type ToastCheckKind = (typeof TOAST_CHECK_KINDS)[number];

export interface ToastCheckOptions {
  kind: ToastCheckKind;
  /** Localized title (skill name, "Strength", "Health check"…). */
  title: string;
  /** Every modifier with its source; their sum is the task modifier. */
  parts: ToastModifierPart[];
  /** Target number or an inestimable end; null for a side of a contested task (no target). */
  target: R.TaskTarget | null;
  /** The difficulty band chosen, if the target came from the ladder. */
  difficulty?: R.DifficultyKey | null;
  actorUuid?: string;
  itemId?: string;
  /** Filled after evaluation. */
  result?: R.CheckResult;
  /** Filled after evaluation of a contest side. */
  side?: R.ContestRoll;
  [key: string]: unknown;
}

function int(v: unknown): number | null {
  return typeof v === "number" && Number.isSafeInteger(v) ? v : null;
}

function targetOf(v: unknown): R.TaskTarget | null {
  if (v === "inestimablyEasy" || v === "inestimablyHard") return v;
  const n = int(v);
  return n !== null && Math.abs(n) <= R.MAX_MAGNITUDE ? n : null;
}

const isFaces = (v: unknown): v is number[] => Array.isArray(v) && v.every((f) => typeof f === "number");

function isCheckResult(r: unknown): r is R.CheckResult {
  if (!r || typeof r !== "object") return false;
  const x: Record<string, unknown> = { ...r };
  return isFaces(x.faces) && R.CHECK_OUTCOMES.some((o) => o === x.outcome) && typeof x.success === "boolean";
}

function isContestRoll(r: unknown): r is R.ContestRoll {
  if (!r || typeof r !== "object") return false;
  const x: Record<string, unknown> = { ...r };
  return isFaces(x.faces) && typeof x.rank === "number" && typeof x.modifier === "number";
}

/**
 * Fill in what a check's options lack, in place. A roll rebuilt from a chat message carries
 * whatever the message holds and every client renders it: nothing here may throw.
 */
export function normaliseToastOptions(raw: Record<string, unknown>): ToastCheckOptions {
  const kind = TOAST_CHECK_KINDS.find((k) => k === raw.kind) ?? "other";
  const parts = Array.isArray(raw.parts)
    ? raw.parts.filter((p): p is ToastModifierPart => Boolean(p) && typeof p === "object" && typeof p.label === "string" && int(p.value) !== null && Math.abs(p.value) <= R.MAX_MAGNITUDE)
    : [];
  const out: ToastCheckOptions = {
    ...raw,
    kind,
    title: typeof raw.title === "string" ? raw.title : "",
    parts,
    target: kind === "contest" ? null : targetOf(raw.target),
    difficulty: R.DIFFICULTY_KEYS.find((k) => k === raw.difficulty) ?? null,
  };
  if (!isCheckResult(out.result)) delete out.result;
  if (!isContestRoll(out.side)) delete out.side;
  return out;
}

export class ToastCheckRoll extends CardRoll<ToastCardContext> {
  static override CHAT_TEMPLATE = templatePath("toast/chat/check-roll.hbs");

  /** The formula of a check: the d10+ and each modifier with its source. */
  static formulaFor(parts: readonly ToastModifierPart[]): string {
    return `1d${D10PlusDie.DENOMINATION}${labelledTerms(parts)}`;
  }

  static fromCheck(options: ToastCheckOptions): ToastCheckRoll {
    // Options set after construction, as Roll.fromData does (fvtt-types' Roll.Options has no room for them).
    const roll = new ToastCheckRoll(ToastCheckRoll.formulaFor(options.parts), {});
    Object.assign(roll.options, options);
    return roll;
  }

  get check(): ToastCheckOptions {
    return normaliseToastOptions(this.options);
  }

  /** The summed task modifier. */
  get modifier(): number {
    return this.check.parts.reduce((s, p) => s + p.value, 0);
  }

  /** The d10+'s faces as rolled: one, or two after a Flub or an Auto. */
  get d10PlusFaces(): number[] {
    const die = this.dice.find((d): d is D10PlusDie => d instanceof D10PlusDie);
    return die?.d10PlusFaces[0] ?? [];
  }

  get checkResult(): R.CheckResult | undefined {
    return this.check.result;
  }

  get contestSide(): R.ContestRoll | undefined {
    return this.check.side;
  }

  /** Classify the evaluated d10+ with the rules core and store the result in the options. */
  classify(): R.CheckResult | R.ContestRoll {
    const o = this.check;
    const faces = this.d10PlusFaces;
    if (o.target === null) {
      const side = R.resolveContestSide({ modifier: this.modifier }, faces);
      Object.assign(this.options, { side });
      return side;
    }
    const result = R.resolveCheck({ modifier: this.modifier, target: o.target }, faces);
    Object.assign(this.options, { result });
    return result;
  }

  /**
   * The card (CardRoll.render). A hidden (blind or whispered-away) roll is shown without
   * classifying anything; one that arrives unevaluated (only a crafted message holds one) is not
   * rolled here, on each viewer's client, with different dice: it shows its formula and no details.
   */
  cardContext(isPrivate: boolean): ToastCardContext {
    const o = isPrivate ? null : this.check;
    const r = o && this.wasEvaluated ? this.storedOrClassified(o.result ?? o.side, () => this.classify()) : null;
    if (!o || !r) {
      const plain = this.plainCard(isPrivate, o?.title ?? "");
      // An unevaluated or hidden roll shows no total at all (not 0).
      return { ...plain, total: plain.hasTotal ? String(plain.total) : "", faces: [], parts: [], modifier: "", targetLabel: "", outcome: "", outcomeLabel: "", degreeLabel: "", margin: "" };
    }
    return classifiedCardContext(o, r, this.safeFormula);
  }
}

/**
 * The card of a classified check or contest side (the check-roll template's context): also what
 * the contest exchange shows for a side whose faces and modifier the GM rebuilt (src/rulesets/toast/contest.ts).
 */
export function classifiedCardContext(o: Pick<ToastCheckOptions, "title" | "parts" | "difficulty">, r: R.CheckResult | R.ContestRoll, formula: string): ToastCardContext {
  const isCheck = "outcome" in r;
  const degree = r.roll.degree;
  const degreeLabel = degree === null ? "" : format(r.roll.kind === "auto" ? "BREADBOX.Toast.Card.AutoDegree" : "BREADBOX.Toast.Card.FlubDegree", { degree });
  return {
    title: o.title,
    isPrivate: false,
    classified: true,
    faces: faceViews(r.faces),
    parts: o.parts.filter((p) => p.value !== 0).map((p) => ({ label: p.label, value: signed(p.value) })),
    modifier: signed(r.modifier),
    total: r.total === null ? localize(`BREADBOX.Toast.Die.${r.roll.kind === "auto" ? "Auto" : "Flub"}`) : String(r.total),
    targetLabel: isCheck ? targetLabel(r.target, o.difficulty) : "",
    outcome: isCheck ? r.outcome : r.roll.kind,
    outcomeLabel: isCheck ? localize(`BREADBOX.Toast.Outcome.${r.outcome}`) : "",
    degreeLabel,
    margin: isCheck && r.margin !== null ? signed(r.margin) : "",
    formula,
  };
}

export interface ToastCardContext {
  title: string;
  isPrivate: boolean;
  classified: boolean;
  faces: { value: number; label: string; cssClass: string }[];
  parts: { label: string; value: string }[];
  modifier: string;
  total: string;
  targetLabel: string;
  outcome: string;
  outcomeLabel: string;
  degreeLabel: string;
  margin: string;
  formula: string;
}

/** The faces of a d10+ as the card shows them: "Auto" / "Flub", then the degree. */
export function faceViews(faces: readonly number[]): { value: number; label: string; cssClass: string }[] {
  return faces.map((f, i) => {
    if (i === 1) return { value: f, label: String(f), cssClass: "degree" };
    if (f === R.AUTO_FACE) return { value: f, label: localize("BREADBOX.Toast.Die.Auto"), cssClass: "auto" };
    if (f === R.FLUB_FACE) return { value: f, label: localize("BREADBOX.Toast.Die.Flub"), cssClass: "flub" };
    return { value: f, label: String(f), cssClass: "" };
  });
}

/** A target as the card and dialog show it: the number, or the inestimable end's name. */
export function targetLabel(target: R.TaskTarget | null, difficulty?: R.DifficultyKey | null): string {
  if (target === null) return "";
  if (typeof target === "string") return localize(`BREADBOX.Toast.Difficulty.${target}`);
  return difficulty ? `${target} (${localize(`BREADBOX.Toast.Difficulty.${difficulty}`)})` : String(target);
}

