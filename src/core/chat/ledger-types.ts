/**
 * The card ledger's record types (src/core/chat/ledger.ts), kept apart so the fvtt-types
 * configuration can name them without importing the ledger's code. Types only.
 */
/** A resolved attack, as the GM's client resolved it. */
export interface LedgerResolution {
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  stun: number;
  wounds: number;
  applied: boolean;
  /**
   * Rulesets whose wounds are a list rather than a count (the Dice Pool: kind, degree, nonlethal
   * per wound), as the GM's client resolved them. Optional.
   */
  woundList?: LedgerWound[];
  /** The ruleset whose attack this is: each ruleset's Apply handler refuses every other's. */
  ruleset: string;
  /** What kind of resolution this is (e.g. "attack"), when a ruleset has more than one. */
  kind?: string;
  /** Damage rolled on the GM's client, for rulesets that work out wounds when applying (Toast). */
  damage?: number;
}

/** One wound of a resolution's `woundList`. */
export interface LedgerWound {
  kind: string;
  degree: number;
  nonlethal: boolean;
}

/**
 * A resolved attack of a ruleset whose damage is one amount off a health track (D10/0), as the
 * GM's client resolved it. Apply reads only this, never the card.
 */
export interface LedgerDamage {
  /** The ruleset that resolved it (its relay handler applies it). */
  ruleset: string;
  attackMessageId: string;
  attackerUuid: string;
  targetUuid: string;
  /** Damage after the target's adjustments (whole number, 0 or more). */
  amount: number;
  applied: boolean;
}

/** A JSON value: what a record may hold. */
export type RecordValue = string | number | boolean | null | RecordValue[] | { [key: string]: RecordValue };

/** An exchange's declaration as it was posted (recorded once, when the card appeared). */
export interface LedgerPosted {
  /** "<ruleset>.<kind>" of the exchange. */
  exchange: string;
  attackerUuid: string;
  targetUuid: string;
  /**
   * The declarer's choices as posted (checked again by the exchange whenever they are used). Kept
   * here only for a public card; a hidden card keeps them itself (`sealed`).
   */
  choices?: Record<string, unknown>;
  /** The declaration's dice as posted (each roll's JSON), rebuilt as rolls whenever they are used. Public cards only. */
  rolls?: string[];
  /**
   * For a card hidden from anyone: the seal (src/core/exchange/seal.ts) of its choices and dice as
   * posted, which stay on the card; read from there and used only while they match.
   */
  sealed?: string;
}

/** An exchange's resolution, as the active GM's client resolved it (src/core/exchange). */
export interface LedgerExchange {
  ruleset: string;
  kind: string;
  declarationId: string;
  attackerUuid: string;
  targetUuid: string;
  /** What Apply writes, as the resolution computed it: plain JSON values only. Public cards only. */
  outcome?: Record<string, RecordValue>;
  /**
   * For a resolution card hidden from anyone: the seal of its outcome, which the (GM-written) card
   * keeps in `flags.breadbox.sealedOutcome`; Apply uses it only while it matches.
   */
  sealed?: string;
}

export interface LedgerEntry {
  /** An exchange's declaration as posted (write once; src/core/exchange). */
  posted?: LedgerPosted;
  /** An exchange's resolution (src/core/exchange); "applied" is the card's `applied` mark. */
  exchange?: LedgerExchange;
  /** Id of the user who created the card (the server's record, seen by the active GM). */
  writer?: string;
  /**
   * "Once" marks on this card, set only by the active GM's client (`claimMark`): e.g. `resolved`
   * (an attack card that has its resolution), `rerolled` (a check re-rolled with luck or Edge),
   * `used:<what>` (a button of a GM card that may be used once). Never read from the card's flags.
   */
  marks?: Record<string, string | number | boolean>;
  resolution?: LedgerResolution;
  /** A health-damage resolution (rulesets other than Toaster). */
  damage?: LedgerDamage;
}

/** The stored ledger: message id → entry. */
export type CardLedger = Record<string, LedgerEntry>;


/** Claims not tied to one card (`claimKey`): scope:key → value. Kept when cards are deleted. */
export type LedgerKeys = Record<string, string | number | boolean>;
