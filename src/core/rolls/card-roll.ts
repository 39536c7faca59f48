/**
 * CardRoll: what every ruleset's check roll shares on the Foundry side. Evaluating it rolls the
 * dice with Foundry, then has the ruleset's rules core classify them (`classify`, which stores the
 * result in the roll's options, so a reloaded chat message shows the same card). Its chat card is a
 * template context the ruleset builds from the roll as it stands (`cardContext`), rendered with
 * the class's CHAT_TEMPLATE. Rendering never rolls: a roll that reaches a chat message unevaluated,
 * partial or malformed (a crafted message) is shown as a plain "dice and total" card on every
 * client, and nothing here throws (issue 17, trust rule 4).
 */

/** A modifier as a card shows it: "+2", "+0", "-1". */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** A label as a formula term's flavor: square brackets would end the flavor early. */
export function flavorText(label: string): string {
  return label.replace(/[[\]]/g, "");
}

/** Modifiers as formula terms with their sources, zeros left out: " + 8[Broadsword] - 2[Wounds]". */
export function labelledTerms(parts: readonly { label: string; value: number }[]): string {
  let f = "";
  for (const p of parts) if (p.value !== 0) f += ` ${p.value >= 0 ? `+ ${p.value}` : `- ${Math.abs(p.value)}`}[${flavorText(p.label)}]`;
  return f;
}

/**
 * The fields of an object a roll's options carry (a chat message holds whatever it was given): a
 * copy to read field by field, or null for anything that is not an object.
 */
export function storedFields(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" ? { ...value } : null;
}

/** A stored value put through the rules core's check: the value, or null where the check refuses it (rendering never throws). */
export function checkedOrNull<T>(value: T, check: (value: T) => unknown): T | null {
  try {
    check(value);
    return value;
  } catch {
    return null;
  }
}

/** The card of a roll that shows no result: hidden, unevaluated, or options that classify nothing. */
export interface PlainCard {
  title: string;
  isPrivate: boolean;
  classified: false;
  /** The formula ("???" when hidden, "" when a malformed roll's terms cannot give one). */
  formula: string;
  /** The total of an evaluated, visible roll; 0 otherwise. */
  total: number;
  /** Whether `total` is one (false: hidden, not rolled, or no finite total). */
  hasTotal: boolean;
}

export abstract class CardRoll<Context extends object = object> extends Roll {
  override async evaluate(options?: Parameters<Roll["evaluate"]>[0]): Promise<Roll.Evaluated<this>> {
    const evaluated = await super.evaluate(options);
    await this.afterDice();
    await this.classify();
    return evaluated;
  }

  /** What a ruleset rolls or records after the dice and before classifying them (nothing by default). */
  protected async afterDice(): Promise<void> {}

  /** Classify the evaluated dice with the rules core and store the result in the options. */
  abstract classify(): unknown;

  /** Whether Foundry evaluated this roll (its dice were rolled); a roll from a message may not be. */
  get wasEvaluated(): boolean {
    return this._evaluated === true;
  }

  /** The formula, or "" when a malformed roll's terms cannot give one. Never throws. */
  get safeFormula(): string {
    try {
      return String(this.formula ?? "");
    } catch {
      return "";
    }
  }

  /**
   * A result the options hold, else the dice classified as they stand; null when the options and
   * dice do not classify (a malformed roll from a message). Never throws.
   */
  protected storedOrClassified<R>(stored: R | null | undefined, classify: () => R): R | null {
    if (stored) return stored;
    try {
      return classify();
    } catch {
      return null;
    }
  }

  /** What the card's template reads; never rolls, never throws. */
  abstract cardContext(isPrivate: boolean): Context;

  /** The plain card: title (when visible), formula and total, nothing classified. */
  plainCard(isPrivate: boolean, title: string): PlainCard {
    const total = this.total;
    const hasTotal = !isPrivate && this.wasEvaluated && typeof total === "number" && Number.isFinite(total);
    return { title: isPrivate ? "" : title, isPrivate, classified: false, formula: isPrivate ? "???" : this.safeFormula, total: hasTotal ? total : 0, hasTotal };
  }

  override async render(options: { flavor?: string; template?: string; isPrivate?: boolean } = {}): Promise<string> {
    const context: Record<string, unknown> = {};
    Object.assign(context, this.cardContext(options.isPrivate ?? false));
    return foundry.applications.handlebars.renderTemplate(options.template ?? chatTemplate(this), context);
  }
}

/** The CHAT_TEMPLATE of a roll's own class (Foundry reads `this.constructor.CHAT_TEMPLATE` too). */
function chatTemplate(roll: Roll): string {
  const template: unknown = Reflect.get(roll.constructor, "CHAT_TEMPLATE");
  return typeof template === "string" ? template : Roll.CHAT_TEMPLATE;
}
