/**
 * D100CheckRoll: one D10/0 check as Foundry dice. A skill check rolls Foundry's `1d100`, read as
 * the book's two d10s (tens and ones, 00–99: Foundry's 100 is the book's 00, the best roll); an
 * attribute check rolls `1d10`, read 0–9 (Foundry's 10 is the book's 0). Dice So Nice shows the
 * d100 as its two d10s. With the optional Overflow rule, a 00/0 or 99/9 asks for more rolls:
 * each is an evaluated Foundry roll of the same die (D100OverflowRoll, posted with the check so
 * Dice So Nice animates it). The faces then go to the rules core's `runCheck` (the same code as
 * `resolveCheck`), which computes the Degree of Effort (score − roll), the Degree of Success
 * against the difficulty, its name, consolation, agitation and overflow. The result is kept in
 * the roll's options, so a reloaded chat log shows the same card.
 */
import * as R from "../init-rules";
import { templatePath } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { CardRoll, checkedOrNull, storedFields } from "../../../core/rolls/card-roll";
import type { DieFormula } from "../../../core/rolls/foundry-dice";

/** A Foundry d10 read the book's way: the face showing 10 is a 0 (core faces 0–9); the damage dice. */
export const d10Zero: DieFormula = () => ({ formula: "1d10", face: (roll) => (Number(roll.total) % 10) + 1 });

/** A modifier of the check, for the card (label already localized; value in difficulty points). */
export interface CheckPart {
  label: string;
  value: number;
}

export interface D100CheckOptions {
  title: string;
  actorUuid?: string;
  input: R.CheckInput;
  /** What made up the difficulty, each with its source. */
  parts: CheckPart[];
  /** Filled after evaluation by the rules core. */
  result?: R.CheckResult;
  /** A dying character's check to avoid further degradation: the card says what it did. */
  dyingLoss?: number;
  [key: string]: unknown;
}

/** The Foundry formula of a check's die: a d100 for skills, a d10 for attributes. */
export function checkFormula(kind: R.CheckKind): string {
  return kind === "skill" ? "1d100" : "1d10";
}

/** The book's faces of one evaluated die: [tens, ones] for a d100 (100 → 0, 0), [face] for a d10 (10 → 0). */
export function bookFaces(kind: R.CheckKind, result: number): number[] {
  if (kind === "skill") {
    const v = result % 100;
    return [Math.floor(v / 10), v % 10];
  }
  return [result % 10];
}

function int(v: unknown, fallback: number): number {
  return typeof v === "number" && Number.isSafeInteger(v) ? v : fallback;
}

function validInput(v: unknown): R.CheckInput | null {
  const x = storedFields(v);
  const kind = R.CHECK_KINDS.find((k) => k === x?.kind);
  if (!x || !kind) return null;
  const input: R.CheckInput = {
    kind,
    score: int(x.score, -1),
    difficulty: int(x.difficulty, 0),
    overflow: x.overflow === true,
    consolationMargin: int(x.consolationMargin, 0),
    agitationMargin: int(x.agitationMargin, 0),
  };
  return checkedOrNull(input, R.normaliseCheck);
}

function isResult(r: unknown): r is R.CheckResult {
  const x = storedFields(r);
  return !!x && Array.isArray(x.faces) && Array.isArray(x.rolls) && typeof x.effort === "number" && typeof x.degree === "number" && R.OUTCOMES.some((o) => o === x.outcome) && R.DEGREE_KEYS.some((k) => k === x.degreeKey);
}

/**
 * A check's options, checked; null when they hold no usable check. A roll rebuilt from a chat
 * message carries whatever the message holds, and every client renders it: nothing here throws.
 */
export function normaliseCheckOptions(raw: Record<string, unknown> | null | undefined): D100CheckOptions | null {
  if (!raw || typeof raw !== "object") return null;
  const input = validInput(raw.input);
  if (!input) return null;
  const parts = Array.isArray(raw.parts) ? raw.parts.filter((p): p is CheckPart => Boolean(p) && typeof p === "object" && typeof p.label === "string" && Number.isSafeInteger(p.value)) : [];
  const out: D100CheckOptions = { ...raw, title: typeof raw.title === "string" ? raw.title : "", input, parts };
  if (typeof raw.actorUuid === "string") out.actorUuid = raw.actorUuid;
  if (isResult(raw.result)) out.result = raw.result;
  else delete out.result;
  if (typeof raw.dyingLoss === "number" && Number.isSafeInteger(raw.dyingLoss)) out.dyingLoss = raw.dyingLoss;
  else delete out.dyingLoss;
  return out;
}

class NeedMore extends Error {}

/** An overflow roll of a check: its die is shown by Dice So Nice, its face on the check's card. */
export class D100OverflowRoll extends Roll {
  override async render(): Promise<string> {
    return "";
  }
}

export class D100CheckRoll extends CardRoll {
  static override CHAT_TEMPLATE = templatePath("d100/chat/check-roll.hbs");

  static fromCheck(options: D100CheckOptions): D100CheckRoll {
    const roll = new D100CheckRoll(checkFormula(options.input.kind));
    Object.assign(roll.options, options);
    return roll;
  }

  /** Overflow rolls made during evaluation (post them with the check). */
  overflowRolls: Roll[] = [];

  get check(): D100CheckOptions | null {
    return normaliseCheckOptions(this.options);
  }

  get checkResult(): R.CheckResult | undefined {
    return this.check?.result;
  }

  /** The book's faces of the main die. */
  get mainFaces(): number[] {
    const die = this.dice[0];
    const kind = this.check?.input.kind ?? "skill";
    const result = die?.results[0]?.result;
    return typeof result === "number" ? bookFaces(kind, result) : [];
  }

  /**
   * Classify with the rules core, rolling each overflow die the core asks for as a Foundry roll
   * (bounded by the core's own cap on the chain).
   */
  async classify(): Promise<R.CheckResult> {
    const o = this.check;
    if (!o) throw new Error("Breadbox | this roll carries no D10/0 check");
    const c = R.normaliseCheck(o.input);
    const faces = [...this.mainFaces];
    const formula = checkFormula(c.kind);
    for (let guard = 0; guard <= R.MAX_OPEN_END_DICE; guard++) {
      let i = 0;
      const draw: R.D10Draw = () => {
        const f = faces[i++];
        if (f === undefined) throw new NeedMore();
        return f;
      };
      try {
        const result = R.runCheck(c, draw);
        Object.assign(this.options, { result });
        return result;
      } catch (err) {
        if (!(err instanceof NeedMore)) throw err;
        const extra = new D100OverflowRoll(formula);
        await extra.evaluate();
        const r = extra.dice[0]?.results[0]?.result;
        if (typeof r !== "number") throw new Error("Breadbox | an overflow roll gave no result");
        faces.push(...bookFaces(c.kind, r));
        this.overflowRolls.push(extra);
      }
    }
    throw new RangeError(`Breadbox | more than ${R.MAX_OPEN_END_DICE} overflow dice; stopped`);
  }

  /**
   * The check's card (CardRoll.render). Rendering never rolls or classifies: a roll that was never evaluated (a
   * crafted message) shows a plain "not rolled" card, and one whose options do not hold a check
   * shows its dice and total (checkCardContext); neither throws.
   */
  cardContext(isPrivate: boolean): object {
    return checkCardContext(this, isPrivate);
  }
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

/** A d100 value as the book writes it: two digits (07, 00). */
export function twoDigits(kind: R.CheckKind, v: number): string {
  return kind === "skill" ? String(v).padStart(2, "0") : String(v);
}

export function checkCardContext(roll: D100CheckRoll, isPrivate: boolean) {
  const evaluated = roll.wasEvaluated;
  const o = isPrivate ? null : roll.check;
  const r = evaluated ? o?.result : undefined;
  if (!o || !r) return { ...roll.plainCard(isPrivate, o?.title ?? ""), notRolled: !isPrivate && !evaluated };
  const kind = r.kind;
  const degreeLabel = localize(`BREADBOX.D100.Degree.${r.degreeKey}`);
  return {
    isPrivate,
    classified: true,
    title: o.title,
    kind,
    kindLabel: localize(`BREADBOX.D100.Check.Kind.${kind}`),
    rolls: r.rolls.map((x, i) => ({
      value: twoDigits(kind, x.value),
      dice: x.tens === null ? [String(x.value)] : [String(x.tens), String(x.ones)],
      overflow: i > 0,
      added: signed(x.added),
    })),
    score: r.score,
    effort: signed(r.effort),
    baseEffort: signed(r.baseEffort),
    difficulty: r.difficulty,
    difficultyLabel: localize(`BREADBOX.D100.Difficulty.${r.difficultyKey}`),
    parts: o.parts.map((p) => ({ label: p.label, value: signed(p.value) })),
    // The difficulty is listed once; its parts under it only when there is more than the ladder (issue 24.5).
    explainParts: o.parts.length > 1,
    effortExplain: format("BREADBOX.D100.Check.EffortExplain", { score: r.score, roll: twoDigits(kind, r.rolls[0]?.value ?? 0), effort: signed(r.baseEffort) }),
    degreeExplain: format("BREADBOX.D100.Check.DegreeExplain", { effort: signed(r.effort), difficulty: r.difficulty < 0 ? `(${r.difficulty})` : r.difficulty, degree: signed(r.degree) }),
    degree: signed(r.degree),
    degreeLabel,
    outcome: r.outcome,
    outcomeLabel: localize(`BREADBOX.D100.Outcome.${r.outcome}`),
    consolation: r.consolation,
    agitation: r.agitation,
    overflow: r.overflowDirection !== "none",
    overflowLine: r.overflowDirection === "none" ? "" : format(`BREADBOX.D100.Check.Overflow.${r.overflowDirection}`, { bonus: signed(r.overflowBonus) }),
    overflowCapped: r.overflowCapped,
    dyingLine: typeof o.dyingLoss === "number" ? (o.dyingLoss > 0 ? format("BREADBOX.D100.Dying.Lost", { n: o.dyingLoss }) : localize("BREADBOX.D100.Dying.Held")) : "",
  };
}
