/**
 * The types a ruleset plugs into core with (chat actions, relay handlers, dice and their Dice So
 * Nice looks), kept in a module that imports nothing, so the registry and the modules that run
 * these plug-ins do not import each other. Types and one constant only.
 */

/** A chat-card button's handler (src/core/chat/actions.ts). */
export type ChatActionHandler = (message: ChatMessage.Implementation, button: HTMLElement, event: Event) => Promise<void> | void;

/** A DiceTerm subclass. */
export type DieTermClass = typeof foundry.dice.terms.Die;

/** The 3D shapes Dice So Nice 5 and 6 draw. */
export const DICE_SO_NICE_SHAPES = ["d2", "d4", "d6", "d8", "d10", "d12", "d14", "d16", "d20", "d24", "d30"] as const;
export type DiceSoNiceShape = (typeof DICE_SO_NICE_SHAPES)[number];

export interface DiceSoNicePreset {
  /** The die term class (its DENOMINATION is the formula letter). */
  term: DieTermClass;
  /** The 3D shape to use; its face count must equal the number of labels. */
  shape: DiceSoNiceShape;
  /** Face labels in value order: labels[i] is the face showing the result `min + i`. */
  labels: string[];
  /** Lowest result the die shows (the d10* shows 0–9: min 0). */
  min: number;
}

export interface RelayRequest {
  /** "<rulesetId>.<action>" */
  action: string;
  /** The user asking; proven by `nonce`. */
  requesterId: string;
  /**
   * A one-time id the requester wrote under its own User document (`flags.breadbox.relay_<nonce>
   * = {action, at}`) before sending; only that user or a GM can write there.
   */
  nonce?: string;
  /** UUID of the document to change. */
  targetUuid: string;
  /** Action-specific data; every handler validates its own. */
  payload: Record<string, unknown>;
}

export interface RelayResult {
  ok: boolean;
  /** Localization key of the reason for a refusal. */
  error?: string;
  /** Anything the handler wants to return (e.g. the applied amounts). */
  data?: Record<string, unknown>;
}

export interface RelayContext {
  requester: User.Implementation;
  target: foundry.abstract.Document.Any;
  payload: Record<string, unknown>;
}

/** A GM-side handler: validate the request fully, then apply it. Runs with GM rights. */
export type RelayHandler = (ctx: RelayContext) => Promise<RelayResult>;

