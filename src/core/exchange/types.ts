/**
 * The exchange engine's contract (src/core/exchange/engine.ts): what a ruleset supplies for an
 * opposed exchange — an attack and its defence, say — and nothing more. The stages, the relay, the
 * ledger, the cards and every trust rule are core's.
 */

/** The two sides of an exchange, always actors looked up again from the GM's record. */
export interface ExchangeSides {
  attacker: Actor.Implementation;
  target: Actor.Implementation;
}

/** A declaration as the engine hands it to the ruleset: the sides, the checked choices and the card. */
export interface Declared<C> extends ExchangeSides {
  declaration: ChatMessage.Implementation;
  choices: C;
}

/** What Apply writes, as resolve computed it (plain values: it is stored in the GM's record). */
export type ExchangeOutcome = Record<string, string | number | boolean>;

/** One line of a card's numbered steps: a label key and what to show. */
export interface CardStep {
  label: string;
  value: string;
}

/** A card the engine renders with the shared template (templates/shared/exchange-card.hbs). */
export interface CardParts {
  /** The card's title (already localized). */
  title: string;
  /** Numbered steps, in order. */
  steps: CardStep[];
  /** The outcome in words (already localized), shown last. */
  summary?: string;
}

/** A resolved exchange: the dice rolled, the card to show, and what Apply will write. */
export interface Resolved {
  rolls: Roll[];
  card: CardParts;
  /** Null when there is nothing to apply (a miss). */
  outcome: ExchangeOutcome | null;
}

/** A response the target may choose. */
export interface ResponseOption {
  id: string;
  /** Label key of its button. */
  label: string;
  /** Only a GM may choose it (e.g. a ruling), never a player. */
  gmOnly?: boolean;
}

export interface ExchangeDefinition<C = unknown> {
  /** The ruleset's id; records and buttons name it, and each ruleset's records are its own. */
  ruleset: string;
  /** The exchange's kind within the ruleset, e.g. "attack". */
  kind: string;
  /**
   * Check choices as posted (a player's own card: anything) against what the declaring dialog can
   * offer, and return them typed; throw an Error with a localized message to refuse.
   */
  checkChoices(raw: Record<string, unknown>, sides: ExchangeSides): C;
  /** The declaration card's parts (its buttons are the responses). */
  declarationCard(declared: Omit<Declared<C>, "declaration">): CardParts;
  /** The responses the target may choose to this declaration, now. */
  responses(declared: Omit<Declared<C>, "declaration">): ResponseOption[];
  /** Actors whose resources the response spends: resolve runs under their resource locks. */
  spends?(declared: Declared<C>, response: string): Actor.Implementation[];
  /**
   * Resolve on the active GM's client: every number from the documents and the checked choices,
   * every die a Foundry roll. Throw an Error with a localized message to refuse.
   */
  resolve(declared: Declared<C>, response: string): Promise<Resolved>;
  /** Whether a recorded outcome is one resolve could have produced (bounds, types). */
  checkOutcome(outcome: ExchangeOutcome): boolean;
  /** Write the outcome to the target (active GM's client, once). */
  apply(target: Actor.Implementation, outcome: ExchangeOutcome, sides: ExchangeSides): Promise<void>;
  /** What follows Apply (collapse, death, ...): cards to post, read from the target as it is now. */
  follow?(target: Actor.Implementation, outcome: ExchangeOutcome): Promise<CardParts[]>;
}
