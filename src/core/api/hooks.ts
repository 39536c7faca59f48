/**
 * Breadbox's own hooks (docs/hooks.md): fired by core, the same way for every ruleset, with one
 * payload object each. A "pre" hook (`Hooks.call`) may cancel by returning `false`; the other hooks
 * (`Hooks.callAll`) only report. A handler that throws is logged and never breaks what Breadbox is
 * doing: Foundry's Hooks report a throwing handler and go on, and the calls here catch anything
 * that still escapes.
 *
 * Payloads are stable: fields are only ever added. Documents in them are the live documents (read
 * them; change them through their own update calls); an exchange's outcome is a copy.
 */
import type { ExchangeOutcome } from "../exchange/types";
import type { MessageMode } from "../compat";

/** The names of Breadbox's hooks. */
export const BREADBOX_HOOKS = {
  preResolveExchange: "breadbox.preResolveExchange",
  resolveExchange: "breadbox.resolveExchange",
  preApplyExchange: "breadbox.preApplyExchange",
  applyExchange: "breadbox.applyExchange",
  rollCheck: "breadbox.rollCheck",
  rollInitiative: "breadbox.rollInitiative",
  preRollCheck: "breadbox.preRollCheck",
  ready: "breadbox.ready",
} as const;

/** An exchange about to be resolved (active GM's client, after every check, before any die). */
export interface PreResolveExchangePayload {
  /** The ruleset id, e.g. "toaster". */
  ruleset: string;
  /** The exchange's kind within the ruleset, e.g. "attack". */
  kind: string;
  attacker: Actor.Implementation;
  target: Actor.Implementation;
  /** The declaration card. */
  declaration: ChatMessage.Implementation;
  /** The response chosen (its id, e.g. "dodge"). */
  response: string;
  /** The user who chose the response. */
  requester: User.Implementation;
}

/** An exchange resolved and its resolution card posted (active GM's client). */
export interface ResolveExchangePayload extends PreResolveExchangePayload {
  /** The resolution card. */
  resolution: ChatMessage.Implementation;
  /** What Apply would write (a copy), or null when there is nothing to apply (a miss, a contest). */
  outcome: ExchangeOutcome | null;
}

/** A resolution about to be applied (active GM's client, after every check, before any write). */
export interface PreApplyExchangePayload {
  ruleset: string;
  kind: string;
  attacker: Actor.Implementation;
  target: Actor.Implementation;
  /** The resolution card. */
  resolution: ChatMessage.Implementation;
  /** What Apply writes, as the GM's record keeps it (a copy: changing it changes nothing). */
  outcome: ExchangeOutcome;
  /** The apply option chosen (a GM's ruling), or null for the plain Apply. */
  option: string | null;
  requester: User.Implementation;
}

/** A resolution applied (active GM's client), before what follows it (collapse, death...) is posted. */
export interface ApplyExchangePayload extends PreApplyExchangePayload {
  /** What the ruleset's apply returned (what was written, as it reports it). */
  applied: Record<string, unknown>;
}

/** A check roll posted to chat (the roller's client). */
export interface RollCheckPayload {
  ruleset: string;
  /** The actor who rolled, when the card names one. */
  actor: Actor.Implementation | null;
  /** The check card. */
  message: ChatMessage.Implementation;
  /** The card's rolls (the ruleset's check roll first). */
  rolls: Roll[];
}

/** Initiative rolled and stored for some combatants (the client that rolled it). */
export interface RollInitiativePayload {
  /** The ruleset of the combat's combatants ("" when none has a Breadbox actor). */
  ruleset: string;
  combat: Combat.Implementation;
  /** The combatants rolled for, with their initiative as stored now. */
  combatants: Combatant.Implementation[];
}

/** Each hook's handler (declared for fvtt-types in src/types/foundry-config.ts). */
export interface BreadboxHookSignatures {
  "breadbox.preResolveExchange": (payload: PreResolveExchangePayload) => boolean | void;
  "breadbox.resolveExchange": (payload: ResolveExchangePayload) => void;
  "breadbox.preApplyExchange": (payload: PreApplyExchangePayload) => boolean | void;
  "breadbox.applyExchange": (payload: ApplyExchangePayload) => void;
  "breadbox.rollCheck": (payload: RollCheckPayload) => void;
  "breadbox.rollInitiative": (payload: RollInitiativePayload) => void;
  "breadbox.preRollCheck": (payload: PreRollCheckPayload) => boolean | void;
  "breadbox.ready": (payload: ReadyPayload) => void;
}

/** Breadbox is in: the world's ruleset's code is loaded and core's ready work is done (issue 23). */
export interface ReadyPayload {
  /** The world's ruleset id. */
  ruleset: string;
}

/** Run an after hook's call: every handler runs; nothing it does (or throws) reaches the caller. */
export function after(hook: string, call: () => unknown): void {
  try {
    call();
  } catch (err) {
    console.error(`Breadbox | hook ${hook}`, err);
  }
}

export function callRollInitiative(payload: RollInitiativePayload): void {
  after(BREADBOX_HOOKS.rollInitiative, () => Hooks.callAll(BREADBOX_HOOKS.rollInitiative, payload));
}

/**
 * A check about to be rolled (the roller's client): its options as the dialog settled them (or its
 * defaults, when the dialog was skipped), before anything is spent or rolled.
 */
export interface PreRollCheckPayload {
  /** The ruleset id, e.g. "toaster". */
  ruleset: string;
  actor: Actor.Implementation;
  /**
   * The check's options, the ruleset's own dialog fields (docs/hooks.md lists them): change them in
   * place. A change keeps only a value of the field's own type; the ruleset's rules then check the
   * options as they check the dialog's (refused: a notification, nothing rolled).
   */
  options: Record<string, unknown>;
  /** Who sees the card: "public", "gm", "blind" or "self"; may be changed. */
  mode: MessageMode;
}
