/**
 * The exchange engine's contract (src/core/exchange/engine.ts): what a ruleset supplies for an
 * opposed exchange — an attack and its defence, say — and nothing more. The stages, the relay, the
 * record book, the buttons and every trust rule are core's.
 */
import type { MessageMode } from "../compat";
import type { RecordValue } from "../chat/ledger-types";

export type { RecordValue };

/** The two sides of an exchange, always actors looked up again from the GM's record. */
export interface ExchangeSides {
  attacker: Actor.Implementation;
  target: Actor.Implementation;
}

/** Who posted the declaration, as the active GM's record names them (never the card). */
export interface DeclarationContext {
  /**
   * The declaration was posted by a GM (GM-only choices count only then). On a player's client,
   * which cannot read the GM's record, this is a guess (`display` is set): never refuse on it there.
   */
  writerIsGM: boolean;
  /** Checked for display only (a dialog's odds on a responder's client), not to act on. */
  display?: boolean;
}

/** A roll rebuilt from its JSON (any Roll subclass, whatever its data). */
export type PostedRoll = ReturnType<typeof Roll.fromJSON>;

/**
 * A declaration as the engine hands it to the ruleset: the sides, the checked choices, the card,
 * and the declarer's dice **as they were when the card was posted** (the GM's record, rebuilt as
 * Foundry rolls; the card's own rolls, which its writer may have edited since, are never read).
 */
export interface Declared<C> extends ExchangeSides {
  declaration: ChatMessage.Implementation;
  choices: C;
  rolls: PostedRoll[];
}

/** What Apply writes, as resolve computed it (plain JSON values: it is stored in the GM's record). */
export type ExchangeOutcome = Record<string, RecordValue>;

/** One line of a card's numbered steps: a label and what to show (already localized). */
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

/**
 * A card's body: either parts for the shared template, or HTML the ruleset rendered from its own
 * Handlebars template (`renderTemplate`; never assembled from strings). The engine adds the buttons.
 */
export type CardContent = CardParts | { html: string };

/** A resolved exchange: the dice rolled, the card to show, and what Apply will write. */
export interface Resolved {
  /** Dice rolled on the active GM's client for the resolution (the response's, damage...). */
  rolls: Roll[];
  card: CardContent;
  /** Null when there is nothing to apply (a miss). */
  outcome: ExchangeOutcome | null;
  /** Display-only flags for the resolution card (never read back as numbers). */
  flags?: Record<string, unknown>;
  /** Who speaks the resolution card (default: the target). */
  speaker?: Actor.Implementation;
  /**
   * The ways to apply this resolution that its card shows, when not all of them (e.g. a tie only the
   * GM may rule on: no plain Apply, only the GM's options). Display only: the definition's `apply`
   * refuses the others, judging from the recorded outcome. Default: the plain Apply and every option.
   */
  offers?: ApplyOffers;
}

/** Which of a definition's ways to apply a resolution's card shows (see `Resolved.offers`). */
export interface ApplyOffers {
  /** The plain Apply. */
  plain: boolean;
  /** Ids of the definition's `applyOptions` to show. */
  options: readonly string[];
}

/** A response the target may choose. */
export interface ResponseOption {
  id: string;
  /** Label key of its button. */
  label: string;
  /** Only a GM may choose it (e.g. a ruling), never a player. */
  gmOnly?: boolean;
  /** Font Awesome classes of its button's icon (default: a shield). */
  icon?: string;
  /**
   * Owners of either side may choose it (e.g. "resolve" when the rules give the target no
   * defence), not only the target's.
   */
  either?: boolean;
}

/** What the responder asked for, as the GM checked it. */
export interface Response<RC> {
  id: string;
  /** The response's own choices (a defence dialog's), checked by `checkResponse`. */
  choices: RC;
  /** The message mode the responder chose (whispers add to the declaration's audience). */
  mode: MessageMode;
  requester: User.Implementation;
}

/** A response's dialog answer on the responder's client (null: cancelled, nothing is sent). */
export interface ResponseAnswer {
  choices: Record<string, unknown>;
  mode: MessageMode;
}

/**
 * Another way to apply an outcome (a GM's ruling: damage "dramatic"), an extra button next to Apply
 * on the resolution card. The id chosen reaches `apply` (`context.option`), checked on the GM first.
 */
export interface ApplyOption {
  /** Its id (letters, digits, `-` and `_`), passed to `apply` as `context.option`. */
  id: string;
  /** Label key of its button. */
  label: string;
  /** Font Awesome classes of its button's icon (default: Apply's). */
  icon?: string;
  /** Only a GM may choose it: the button shows to GMs only and the GM's client refuses anyone else. */
  gmOnly?: boolean;
}

/** What Apply hands on to what follows it. */
export interface ApplyContext extends ExchangeSides {
  /** The resolution card. */
  resolution: ChatMessage.Implementation;
  requester: User.Implementation;
  /** The apply option chosen (one of the definition's `applyOptions`, checked on the GM), or null for the plain Apply. */
  option: string | null;
}

export interface ExchangeDefinition<C = unknown, RC = unknown> {
  /** The ruleset's id; records and buttons name it, and each ruleset's records are its own. */
  ruleset: string;
  /** The exchange's kind within the ruleset, e.g. "attack". */
  kind: string;
  /**
   * Check choices as posted (a player's own card: anything) against what the declaring dialog can
   * offer and the documents as they are, and return them typed; throw an Error with a localized
   * message (or a localization key) to refuse. On the declarer's client before posting, and on the
   * GM's client from the GM's record whenever they are used.
   */
  checkChoices(raw: Record<string, unknown>, sides: ExchangeSides, context: DeclarationContext): C;
  /** The declaration card's body (the engine adds the response buttons). */
  declarationCard(declared: Omit<Declared<C>, "declaration">): CardContent | Promise<CardContent>;
  /** The responses the target may choose to this declaration, now. */
  responses(declared: Omit<Declared<C>, "declaration">): ResponseOption[];
  /**
   * The responder's client: the dialog of a response (a defence's skill and modifiers). Null when
   * cancelled. Without it a response carries no choices.
   */
  respondDialog?(declared: Declared<C>, response: string, event: Event | null): Promise<ResponseAnswer | null>;
  /**
   * The GM's client: check a response's choices as sent (anything) and return them typed; GM-only
   * inputs only when `requester.isGM`. Throw an Error (localized message or key) to refuse.
   */
  checkResponse?(raw: Record<string, unknown>, declared: Declared<C>, response: string, requester: User.Implementation): RC;
  /**
   * Documents whose resources the response spends (actors; a combatant whose action it uses):
   * resolve runs under their resource locks.
   */
  spends?(declared: Declared<C>, response: string): { uuid: string }[];
  /**
   * Resolve on the active GM's client: every number from the documents and the checked choices,
   * the declarer's dice from `declared.rolls` (re-classified here), every new die a Foundry roll.
   * Throw an Error with a localized message (or key) to refuse; the exchange then stays open.
   */
  resolve(declared: Declared<C>, response: Response<RC>): Promise<Resolved>;
  /**
   * Whether a recorded outcome is one resolve could have produced (bounds, types). An exchange
   * without `apply` and `checkOutcome` (a contest: the card names the winner) never applies.
   */
  checkOutcome?(outcome: ExchangeOutcome): boolean;
  /** Label key of the resolution card's Apply button (default BREADBOX.Exchange.Apply). */
  applyLabel?: string;
  /** Font Awesome classes of the Apply button's icon (default: a cracked heart). */
  applyIcon?: string;
  /**
   * Other ways to apply an outcome, as extra buttons after Apply (only where Apply shows): the id
   * chosen is checked on the GM (one of these; a `gmOnly` one from a GM only) and reaches `apply`
   * and `follow` as `context.option`.
   */
  applyOptions?: readonly ApplyOption[];
  /**
   * The notice shown to whoever clicked Apply, from what `apply` returned and the option chosen
   * (null: the plain Apply) (default: "Applied to {name}.").
   */
  appliedMessage?(applied: Record<string, unknown>, target: Actor.Implementation, option: string | null): string;
  /** Write the outcome to the target (active GM's client, once); what it returns goes back to the requester. */
  apply?(target: Actor.Implementation, outcome: ExchangeOutcome, context: ApplyContext): Promise<Record<string, unknown> | void>;
  /**
   * What follows Apply (collapse, death, dying, trauma...), read from the target as it is now:
   * either cards for the shared template, which the engine posts to the resolution's audience, or
   * nothing (the ruleset posted its own). Not undone if it fails.
   */
  follow?(target: Actor.Implementation, outcome: ExchangeOutcome, context: ApplyContext, applied: Record<string, unknown>): Promise<CardParts[] | void>;
}
