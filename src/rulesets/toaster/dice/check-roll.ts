/**
 * ToasterCheckRoll: one Toaster action roll (skill, attribute, luck, attack, defence,
 * mortality…). Its formula shows every modifier with its source, e.g.
 * `1dkn1 + 6[Sword] - 2[Difficult] + 2[Luck]`; after evaluation the rules core classifies it
 * (target, margin, outcome band, fumble check) and the result travels with the roll's options,
 * so the chat card reads the same after a reload (CONFIG.Dice.rolls rebuilds this class).
 */
import * as R from "../init-rules";
import { foundryRandom, replayThen } from "../../../core/random";
import { templatePath } from "../../../core/ids";
import { localize } from "../../../core/game";
import { CardRoll, flavorText, labelledTerms, signed } from "../../../core/rolls/card-roll";
import { D10StarDie } from "./d10star";

export interface ModifierPart {
  /** Already localized label of the modifier's source. */
  label: string;
  value: number;
}

export type CheckKind = "skill" | "attribute" | "unskilled" | "luck" | "attack" | "defence" | "mortality" | "healing" | "initiative" | "other";

export interface ToasterCheckOptions {
  kind: CheckKind;
  /** Localized title of the roll (skill name, "Physique", "Attack with Sword"…). */
  title: string;
  /** The rank the roll stands on, and where it came from. */
  rank: number;
  rankLabel: string;
  parts: ModifierPart[];
  luckBefore: number;
  callFour: boolean;
  rollingNines: boolean;
  ninesLimit: number | null;
  rollingZeros: boolean;
  target: number;
  variableOutcomes: boolean;
  actorUuid?: string;
  /** Filled after evaluation. */
  result?: R.CheckResult;
  /** Faces of the fumble-check die, when one was rolled. */
  fumbleFaces?: number[];
  /** (Working Collaboratively): helpers rolling a d10* each; the best (or worst) die is kept. */
  helpers?: number;
  tooManyCooks?: boolean;
  /** The dialog's extra choices by name (range band, weapon length, stance), as keys. */
  choices?: Record<string, string>;
  /** What the result did to the roller (healing, mortality), so a later luck change can redo it. */
  effect?: Record<string, unknown>;
  /**
   * A random id given to each evaluation: a copy of the card carries the same id, a new roll never
   * does (the luck re-roll's "once per roll" fingerprint, chat/once.ts).
   */
  rollId?: string;
  [key: string]: unknown;
}

/** The rules core's view of a check's options: the rank, the summed modifiers and the dice rules. */
export function checkInputOf(o: ToasterCheckOptions): R.CheckInput {
  return {
    rank: o.rank,
    modifier: o.parts.reduce((s, p) => s + p.value, 0),
    luckBefore: o.luckBefore,
    callFour: o.callFour,
    rollingNines: o.rollingNines,
    ninesLimit: o.ninesLimit,
    rollingZeros: o.rollingZeros,
    target: o.target,
  };
}

const CHECK_KINDS: ReadonlySet<string> = new Set<CheckKind>(["skill", "attribute", "unskilled", "luck", "attack", "defence", "mortality", "healing", "initiative", "other"]);

function int(v: unknown, fallback: number): number {
  return typeof v === "number" && Number.isSafeInteger(v) ? v : fallback;
}

/**
 * Fill in what a check's options lack, in place. A roll rebuilt from a chat message carries
 * whatever the message holds — a module, an old version or a hand-made message may give empty or
 * partial options — and every client renders it: nothing here may throw.
 */
export function normaliseCheckOptions(raw: Record<string, unknown>): ToasterCheckOptions {
  const o = raw as Partial<ToasterCheckOptions> & Record<string, unknown>;
  o.kind = typeof o.kind === "string" && CHECK_KINDS.has(o.kind) ? o.kind : "other";
  o.title = typeof o.title === "string" ? o.title : "";
  o.rank = int(o.rank, 0);
  o.rankLabel = typeof o.rankLabel === "string" ? o.rankLabel : "";
  o.parts = Array.isArray(o.parts)
    ? o.parts.filter((p): p is ModifierPart => Boolean(p) && typeof p === "object" && typeof p.label === "string" && typeof p.value === "number" && Number.isSafeInteger(p.value))
    : [];
  o.luckBefore = Math.max(0, int(o.luckBefore, 0));
  o.callFour = o.callFour === true;
  o.rollingNines = o.rollingNines === true;
  o.ninesLimit = o.ninesLimit === null || o.ninesLimit === undefined ? null : Math.max(0, int(o.ninesLimit, 0));
  o.rollingZeros = o.rollingZeros === true;
  o.target = int(o.target, R.UNOPPOSED_TARGET);
  o.variableOutcomes = o.variableOutcomes === true;
  if (o.result !== undefined && !isCheckResult(o.result)) delete o.result;
  if (o.fumbleFaces !== undefined && !(Array.isArray(o.fumbleFaces) && o.fumbleFaces.every((f) => Number.isSafeInteger(f)))) delete o.fumbleFaces;
  return o as ToasterCheckOptions;
}

const isFaceList = (v: unknown): v is number[] => Array.isArray(v) && v.every((f) => typeof f === "number");

/** Whether a stored result has the shape the card reads (faces {die, fumble}; a result stored before that carried the die's faces as a list). */
function isCheckResult(r: unknown): r is R.CheckResult {
  if (!r || typeof r !== "object") return false;
  if ("faces" in r && isFaceList(r.faces)) {
    const check = "fumbleCheck" in r ? r.fumbleCheck : undefined;
    const fumble = check && typeof check === "object" && "faces" in check ? check.faces : undefined;
    Object.assign(r, { faces: { die: r.faces, fumble: isFaceList(fumble) ? fumble : [] } });
  }
  const faces = "faces" in r ? r.faces : undefined;
  return (
    Boolean(faces) && typeof faces === "object" && faces !== null &&
    "die" in faces && isFaceList(faces.die) && "fumble" in faces && isFaceList(faces.fumble) &&
    "total" in r && typeof r.total === "number" && "target" in r && typeof r.target === "number" && "margin" in r && typeof r.margin === "number" &&
    "band" in r && R.BANDS.some((b) => b === r.band) && "success" in r && typeof r.success === "boolean"
  );
}

export class ToasterCheckRoll extends CardRoll<CheckCardContext> {
  static override CHAT_TEMPLATE = templatePath("toaster/chat/check-roll.hbs");

  /** The formula for a check: the die (or a called 4), the rank, each modifier, luck spent before. */
  static formulaFor(o: Pick<ToasterCheckOptions, "rank" | "rankLabel" | "parts" | "luckBefore" | "callFour" | "rollingNines" | "ninesLimit" | "helpers" | "tooManyCooks">): string {
    const helpers = o.helpers ?? 0;
    const d = D10StarDie.DENOMINATION;
    const die = o.callFour
      ? `4[${flavorText(localize("BREADBOX.Toaster.Roll.CalledFour"))}]`
      : helpers > 0
        ? `${helpers + 1}d${d}${o.tooManyCooks ? "kl" : "kh"}`
        : `1d${d}${o.rollingNines ? `n${o.ninesLimit ?? ""}` : ""}`;
    let f = `${die} + ${o.rank}[${flavorText(o.rankLabel)}]`;
    f += labelledTerms(o.parts);
    if (o.luckBefore > 0) f += ` + ${R.LUCK_BEFORE_BONUS * o.luckBefore}[${flavorText(localize("BREADBOX.Toaster.Luck.Label"))}]`;
    return f;
  }

  static fromCheck(options: ToasterCheckOptions): ToasterCheckRoll {
    // The options are set after construction, as Roll.fromData does: fvtt-types' Roll.Options
    // shares no property with a check's options, and its weak-type check refuses them in the
    // constructor although Roll keeps whatever options it is given.
    const roll = new ToasterCheckRoll(ToasterCheckRoll.formulaFor(options), {});
    Object.assign(roll.options, options);
    return roll;
  }

  get check(): ToasterCheckOptions {
    return normaliseCheckOptions(this.options);
  }

  /** The fumble-check die of this evaluation (a Foundry roll of its own, posted with the card). */
  fumbleRoll: Roll | null = null;

  /** The check input the rules core works with. */
  get checkInput(): R.CheckInput {
    return checkInputOf(this.check);
  }

  /** The classified result (after evaluation). */
  get checkResult(): R.CheckResult | undefined {
    return this.check.result;
  }

  /** Faces of the d10* as rolled (a called 4 is [4]). */
  get starFaces(): number[] {
    const die = this.dice.find((d): d is D10StarDie => d instanceof D10StarDie);
    if (die) return die.starFaces;
    return [4];
  }

  /** Between the dice and their classification (CardRoll.evaluate): the fumble check, a new roll id. */
  protected override async afterDice(): Promise<void> {
    const o = this.check;
    // Rolling zeros: a natural 0 calls for a fumble check, rolled with Foundry's dice like the first.
    if (o.rollingZeros && !o.callFour && this.starFaces[0] === 0 && !o.fumbleFaces) {
      const die = `1d${D10StarDie.DENOMINATION}${o.rollingNines ? `n${o.ninesLimit ?? ""}` : ""}`;
      const fumble = new Roll(die);
      Object.assign(fumble.options, { flavor: localize("BREADBOX.Toaster.Roll.FumbleCheck") });
      await fumble.evaluate();
      const term = fumble.dice[0];
      o.fumbleFaces = term instanceof D10StarDie ? term.starFaces : [];
      this.fumbleRoll = fumble;
    }
    // A new evaluation is a new roll (a re-roll built from an old roll's options gets its own id).
    Object.assign(this.options, { rollId: foundry.utils.randomID(16) });
  }

  /** Classify the evaluated dice with the rules core and store the result in the options. */
  classify(): R.CheckResult {
    const c = R.normaliseCheck(this.checkInput);
    const faces = this.starFaces;
    const die = { faces, total: faces.reduce((s, f) => s + f, 0) };
    const fumbleFaces = (this.check.fumbleFaces as number[] | undefined) ?? [];
    const rng = replayThen(fumbleFaces.map((f) => ({ face: f + 1, faces: 10 })), foundryRandom());
    const result = R.finishCheck(c, die, c.target, rng);
    this.check.result = result;
    return result;
  }

  /**
   * An independent copy of this roll as it stands (evaluated, with its result): the state before
   * luck or a re-roll changes it. Rebuilt from its JSON text, so no option object is shared.
   */
  snapshot(): ToasterCheckRoll {
    const copy = Roll.fromJSON(JSON.stringify(this.toJSON()));
    if (!(copy instanceof ToasterCheckRoll)) throw new Error("Breadbox: ToasterCheckRoll is not registered in CONFIG.Dice.rolls");
    return copy;
  }

  /** Replace the stored result (luck spent after the roll, a re-roll). */
  setResult(result: R.CheckResult): void {
    this.check.result = result;
  }

  override async render(options: { flavor?: string; template?: string; isPrivate?: boolean } = {}): Promise<string> {
    // A hidden (blind or whispered-away) roll is shown without evaluating or classifying anything.
    if (!this._evaluated && !options.isPrivate) await this.evaluate();
    return super.render(options);
  }

  /** The classified result, or null when the options cannot be classified. */
  classifiedResult(): R.CheckResult | null {
    return this.storedOrClassified(this.check.result, () => this.classify());
  }

  cardContext(isPrivate: boolean): CheckCardContext {
    return checkCardContext(this, isPrivate);
  }
}

/** What the check card's template reads (a type alias, so it is a template context as it is). */
export type CheckCardContext = {
  title: string;
  isPrivate: boolean;
  faces: { value: number; cssClass: string }[];
  calledFour: boolean;
  rank: number;
  rankLabel: string;
  parts: { label: string; value: string }[];
  luckBefore: number;
  luckAfter: number;
  total: number;
  target: number;
  margin: string;
  band: string;
  bandLabel: string;
  success: boolean;
  outcomeLabel: string;
  variableOutcomes: boolean;
  fumbleCheck: { faces: string; total: number; fumbled: boolean } | null;
  naturalZero: boolean;
  formula: string;
  isAttack: boolean;
  targetName: string;
  actorUuid: string;
  luckEnabled: boolean;
  /** Luck points a re-roll spends (its button is disabled, with the reason, below that). */
  rerollCost: number;
};

export function checkCardContext(roll: ToasterCheckRoll, isPrivate: boolean): CheckCardContext {
  const o = roll.check;
  const r = isPrivate ? null : roll.classifiedResult();
  if (!r) return unclassifiedContext(roll, isPrivate);
  return {
    title: o.title,
    isPrivate,
    faces: r.faces.die.map((f, i) => ({ value: f, cssClass: f === 0 && i === 0 && !r.calledFour ? "zero" : f === 9 ? "nine" : "" })),
    calledFour: r.calledFour,
    rank: o.rank,
    rankLabel: o.rankLabel,
    parts: o.parts.filter((p) => p.value !== 0).map((p) => ({ label: p.label, value: signed(p.value) })),
    luckBefore: r.luckBefore,
    luckAfter: r.luckAfter,
    total: r.total,
    target: r.target,
    margin: signed(r.margin),
    band: r.band,
    bandLabel: localize(`BREADBOX.Toaster.Band.${r.band}`),
    success: r.success,
    outcomeLabel: localize(r.success ? "BREADBOX.Roll.Success" : "BREADBOX.Roll.Failure"),
    variableOutcomes: o.variableOutcomes,
    fumbleCheck: r.fumbleCheck ? { faces: r.fumbleCheck.faces.join(", "), total: r.fumbleCheck.total, fumbled: r.fumbleCheck.fumbled } : null,
    naturalZero: r.naturalZero,
    formula: roll.formula,
    isAttack: o.kind === "attack",
    targetName: String(o.targetName ?? ""),
    actorUuid: String(o.actorUuid ?? ""),
    luckEnabled: Boolean(o.luckEnabled),
    rerollCost: R.LUCK_REROLL_COST,
  };
}

/**
 * The card of a roll that shows no result: a hidden roll (v13 renders a blind roll for its roller
 * with `isPrivate`, foundryvtt/foundryvtt#12569) or options that cannot be classified.
 */
function unclassifiedContext(roll: ToasterCheckRoll, isPrivate: boolean): CheckCardContext {
  const o = roll.check;
  return {
    ...roll.plainCard(isPrivate, o.title),
    faces: [],
    calledFour: false,
    rank: isPrivate ? 0 : o.rank,
    rankLabel: isPrivate ? "" : o.rankLabel,
    parts: [],
    luckBefore: 0,
    luckAfter: 0,
    target: isPrivate ? 0 : o.target,
    margin: "",
    band: "",
    bandLabel: "",
    success: false,
    outcomeLabel: "",
    variableOutcomes: false,
    fumbleCheck: null,
    naturalZero: false,
    isAttack: false,
    targetName: "",
    actorUuid: "",
    luckEnabled: false,
    rerollCost: R.LUCK_REROLL_COST,
  };
}
