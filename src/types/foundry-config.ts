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
import type { BreadboxHookSignatures } from "../core/api/hooks";
import type { BreadboxApi } from "../core/api/index";
import type { rollMacro } from "../core/hotbar";
import type { CardLedger, LedgerKeys } from "../core/chat/ledger-types";
import type { BreadboxActorFlags, BreadboxActorModels, BreadboxCombatFlags, BreadboxCombatantFlags, BreadboxItemFlags, BreadboxItemModels, BreadboxMessageFlags, BreadboxSettings, BreadboxUserFlags } from "./breadbox";

type NamespacedSettings = { [K in keyof BreadboxSettings as `breadbox.${K}`]: BreadboxSettings[K] };

/** What Breadbox puts on `game.breadbox` at init (docs/hooks.md). */
export interface BreadboxGlobal {
  /** Run by the hotbar's macros (src/core/hotbar.ts). */
  rollMacro: typeof rollMacro;
  /** The public API (src/core/api/index.ts). */
  api: BreadboxApi;
}

declare global {
  interface Game {
    /** Breadbox's macro entry point and public API, set at init. */
    breadbox?: BreadboxGlobal;
  }

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
    Item: { breadbox?: BreadboxItemFlags };
    ChatMessage: { breadbox?: BreadboxMessageFlags };
    User: { breadbox?: BreadboxUserFlags };
    /** The record book (src/core/chat/ledger.ts): GM-only per-card records. */
    JournalEntry: { breadbox?: { recordBook?: boolean; cards?: CardLedger; keys?: LedgerKeys; legacyMoved?: boolean } };
    Combatant: { breadbox?: BreadboxCombatantFlags };
    Combat: { breadbox?: BreadboxCombatFlags };
  }

  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SettingConfig extends NamespacedSettings {}

  namespace Hooks {
    // Breadbox's own hooks (src/core/api/hooks.ts, docs/hooks.md).
    interface HookConfig extends BreadboxHookSignatures {
      /** Dice So Nice 5 (v13) and 6 (v14): the 3D dice are ready for presets. */
      diceSoNiceReady: (dice3d: Dice3D) => void;
      /** Item Piles: ready for system integrations; the argument is its API class (src/modules/item-piles.ts). */
      "item-piles-ready": (api: unknown) => void;
      /** Token Action HUD Core: its API is ready; the argument is the core module (src/modules/token-action-hud.ts). */
      tokenActionHudCoreApiReady: (module: unknown) => void;
      /** Token Action HUD Core: a system answers with its SystemManager. */
      tokenActionHudSystemReady: (module: { id: string; api: { requiredCoreModuleVersion: string; SystemManager: new () => object } }) => void;
      /** v13/v14: the scene controls, a record of SceneControl (src/core/requests/dialog.ts). */
      getSceneControlButtons: (controls: unknown) => void;
    }
  }
}
