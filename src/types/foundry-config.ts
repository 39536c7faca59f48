/**
 * fvtt-types configuration for Breadbox's core: the document classes, the flags and settings core
 * itself keeps, the relay query, and the extension points each ruleset fills in beside its own
 * code (`src/rulesets/<id>/types.ts`, by declaration merging): its actor and item data models
 * (`BreadboxActorModels`, `BreadboxItemModels`), its settings (`BreadboxSettings`), its actor and
 * combatant flags, its queries. Core never imports a ruleset; a ruleset's types file imports
 * its own code and augments this module. Types only: nothing here runs.
 */
import type { BreadboxActor } from "../core/documents/actor";
import type { BreadboxItem } from "../core/documents/item";
import type { BreadboxCombat, BreadboxCombatant } from "../core/documents/combat";
import type { Dice3D } from "../core/dice-so-nice";
import type { relayQueryHandler } from "../core/relay";
import type { CardLedger } from "../core/chat/ledger";

/** Flags a Breadbox chat card keeps under `flags.breadbox`: a card type, then card-specific data. */
export interface BreadboxMessageFlags {
  /** Card type, e.g. "toasterCheck", "toasterResolution", "toasterBleeding". */
  type?: string;
  [key: string]: unknown;
}

/** Flags a Breadbox actor keeps under `flags.breadbox` (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxActorFlags {}

/** Flags a Breadbox combatant keeps under `flags.breadbox` (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxCombatantFlags {}

/** Actor data models by sub-type (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxActorModels {}

/** Item data models by sub-type (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxItemModels {}

/** One relay nonce a user wrote under its own User document (src/core/relay.ts). */
export interface RelayNonce {
  action: string;
  /** When it was written (ms since the epoch, the requester's clock). */
  at: number;
  /** The one request it vouches for (src/core/relay.ts `requestDigest`). */
  request: string;
}

/**
 * Flags a user keeps under `flags.breadbox` on its own User document: outstanding relay nonces,
 * one key `relay_<nonce>` each — proof that a relayed request came from this user.
 */
export interface BreadboxUserFlags {
  [nonceKey: `relay_${string}`]: RelayNonce | undefined;
}

/**
 * Every Breadbox setting key (without the "breadbox." namespace) and its value type: core's here,
 * each ruleset's added in its types file (`"<id>.<rule>": type`).
 */
export interface BreadboxSettings {
  ruleset: string;
  schemaVersion: number;
  /** The card ledger of earlier versions (now the record book); read once to migrate it. */
  cardLedger: CardLedger;
  skipDialogKey: string;
}

/** A ruleset's rules as namespaced setting keys: `NamespacedRules<"toaster", ToasterRules>`. */
export type NamespacedRules<Id extends string, R> = { [K in keyof R & string as `${Id}.${K}`]: R[K] };

/** A Breadbox setting key without the namespace. */
export type BreadboxSettingKey = keyof BreadboxSettings & string;

type NamespacedSettings = { [K in keyof BreadboxSettings as `breadbox.${K}`]: BreadboxSettings[K] };

declare global {
  namespace CONFIG {
    interface Queries {
      /** The GM relay (src/core/relay.ts): every player request for a change on a document they do not own. */
      "breadbox.relay": typeof relayQueryHandler;
    }
  }
}

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof BreadboxActor;
    Item: typeof BreadboxItem;
    Combat: typeof BreadboxCombat;
    Combatant: typeof BreadboxCombatant;
  }

  interface DataModelConfig {
    Actor: BreadboxActorModels;
    Item: BreadboxItemModels;
  }

  interface FlagConfig {
    Actor: { breadbox?: BreadboxActorFlags };
    ChatMessage: { breadbox?: BreadboxMessageFlags };
    User: { breadbox?: BreadboxUserFlags };
    /** The record book (src/core/chat/ledger.ts): GM-only per-card records. */
    JournalEntry: { breadbox?: { recordBook?: boolean; cards?: CardLedger } };
    Combatant: { breadbox?: BreadboxCombatantFlags };
  }

  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SettingConfig extends NamespacedSettings {}

  namespace Hooks {
    interface HookConfig {
      /** Dice So Nice 5 (v13) and 6 (v14): the 3D dice are ready for presets. */
      diceSoNiceReady: (dice3d: Dice3D) => void;
    }
  }
}
