/**
 * Breadbox's own type vocabulary for the fvtt-types configuration (src/types/foundry-config.ts):
 * card, actor, combatant and user flags, data models by sub-type, and settings. Each ruleset adds
 * its own members in `src/rulesets/<id>/types.ts` by declaration merging into this module. Core
 * reads these types; this file imports nothing of core but the ledger's plain record types, so no
 * import circle runs through it. Types only.
 */
import type { CardLedger } from "../core/chat/ledger-types";

/** Flags a Breadbox chat card keeps under `flags.breadbox`: a card type, then card-specific data. */
export interface BreadboxMessageFlags {
  /** Card type, e.g. "toasterCheck", "toasterResolution", "toasterBleeding". */
  type?: string;
  [key: string]: unknown;
}

/** Flags a Breadbox actor keeps under `flags.breadbox` (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxActorFlags {}

/**
 * Flags a Breadbox item keeps under `flags.breadbox`. `ours`: the item's numbers are Breadbox's
 * own, not the rulebook's (pack content where the book gives none); its sheet says so.
 */
export interface BreadboxItemFlags {
  ours?: boolean;
}

/** Flags a Breadbox combatant keeps under `flags.breadbox` (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxCombatantFlags {}

/** Flags a Breadbox combat keeps under `flags.breadbox`, a GM's to write (each ruleset adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BreadboxCombatFlags {}

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

