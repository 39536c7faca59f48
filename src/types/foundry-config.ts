/**
 * fvtt-types configuration for Breadbox: which document classes and sub-type data models we
 * register, the flags we store, every setting, and our CONFIG.queries entry. With these
 * declarations `actor.system`, `actor.update(...)`, `game.settings.get(...)` and
 * `ChatMessage.create(...)` type-check without casts. Types only: nothing here runs.
 *
 * Keep this in step with src/index.ts (rulesets), src/core/settings.ts and each ruleset's
 * settings and data models. A new ruleset adds its models to DataModelConfig below.
 */
import type { BreadboxActor } from "../core/documents/actor";
import type { BreadboxItem } from "../core/documents/item";
import type { BreadboxCombat, BreadboxCombatant } from "../core/documents/combat";
import type { ToasterActorModel } from "../rulesets/toaster/data/actor";
import type { ToasterArmorModel, ToasterGearModel, ToasterSkillModel, ToasterTraitModel, ToasterWeaponModel } from "../rulesets/toaster/data/items";
import type { ToasterRules } from "../rulesets/toaster/settings";
import type { PoolRules } from "../rulesets/pool/settings";
import type { PoolCombatRules } from "../rulesets/pool/combat/settings";
import type { PoolCombatantFlags } from "../rulesets/pool/combat/clock";
import type { D100PlayRules } from "../rulesets/d100/settings";
import type { PoolActorModel } from "../rulesets/pool/data/actor";
import type { PoolAbilityModel, PoolArmorModel, PoolAttributeModel, PoolGearModel, PoolWeaponModel } from "../rulesets/pool/data/items";
import type { D100ActorModel } from "../rulesets/d100/data/actor";
import type { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "../rulesets/d100/data/items";
import type { D100ArmorModel, D100WeaponModel } from "../rulesets/d100/data/weapons";
import type { ToastRules } from "../rulesets/toast/settings";
import type { FlangeCombatRules } from "../rulesets/flange/combat/settings";
import type { FlangeRules } from "../rulesets/flange/settings";
import type { FlangeActorModel } from "../rulesets/flange/data/actor";
import type { FlangeGearModel, FlangePowerModel, FlangeSkillModel } from "../rulesets/flange/data/items";
import type { FlangeArmorModel, FlangeWeaponModel } from "../rulesets/flange/data/weapons";
import type { ToastActorModel } from "../rulesets/toast/data/actor";
import type { ToastGearModel, ToastSkillModel } from "../rulesets/toast/data/items";
import type { ToastArmorModel, ToastWeaponModel } from "../rulesets/toast/data/weapons";
import type { StanceDebt } from "../rulesets/toaster/stance";
import type { ToastCombatRules } from "../rulesets/toast/combat/settings";
import type { ToastInitiativeFlag, ToastTurnFlag } from "../rulesets/toast/combat/tracker";
import type { Dice3D } from "../core/dice-so-nice";
import type { relayQueryHandler } from "../core/relay";
import type { handQueryHandler } from "../rulesets/flange/combat/simultaneous";
import type { CardLedger } from "../core/chat/ledger";
import type { D100CombatRules } from "../rulesets/d100/combat/settings";

/** Flags a Breadbox chat card keeps under `flags.breadbox`: a card type, then card-specific data. */
export interface BreadboxMessageFlags {
  /** Card type, e.g. "toasterCheck", "toasterResolution", "toasterBleeding". */
  type?: string;
  [key: string]: unknown;
}

/** Flags a Breadbox actor keeps under `flags.breadbox`. */
export interface BreadboxActorFlags {
  /** Toaster (Stance): what earlier stances owe to the next rolls. */
  stance?: StanceDebt;
  /** Toast (healing): the world-time day (worldTime ÷ 86,400 s, rounded down) of the last medical treatment. */
  toastTreatedDay?: number;
}

/** Flags a Breadbox combatant keeps under `flags.breadbox`. */
export interface BreadboxCombatantFlags extends PoolCombatantFlags {
  /** Toast: what the initiative roll was (the tracker shows "Auto 9"). */
  toastInitiative?: ToastInitiativeFlag;
  /** Toast: held, taken or lost action this round. */
  toastTurn?: ToastTurnFlag;
}

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

/** Values of the core settings, by key (namespace "breadbox"). */
export interface BreadboxCoreSettings {
  ruleset: string;
  schemaVersion: number;
  /** The GM-only card ledger (src/core/chat/ledger.ts). */
  cardLedger: CardLedger;
  skipDialogKey: string;
}

/** Every Breadbox setting key (without the "breadbox." namespace) and its value type. */
export type BreadboxSettings = BreadboxCoreSettings & { [K in keyof ToasterRules as `toaster.${K}`]: ToasterRules[K] } & { [K in keyof PoolRules as `pool.${K}`]: PoolRules[K] } & { [K in keyof D100PlayRules as `d100.${K}`]: D100PlayRules[K] } & { [K in keyof ToastRules as `toast.${K}`]: ToastRules[K] }
  & { [K in keyof PoolCombatRules as `pool.${K}`]: PoolCombatRules[K] }
  & { [K in keyof FlangeRules as `flange.${K}`]: FlangeRules[K] }
  & { [K in keyof FlangeCombatRules as `flange.${K}`]: FlangeCombatRules[K] }
  & { [K in keyof ToastCombatRules as `toast.${K}`]: ToastCombatRules[K] }
  & { [K in keyof D100CombatRules as `d100.${K}`]: D100CombatRules[K] };

/** A Breadbox setting key without the namespace. */
export type BreadboxSettingKey = keyof BreadboxSettings & string;

type NamespacedSettings = { [K in keyof BreadboxSettings as `breadbox.${K}`]: BreadboxSettings[K] };

declare global {
  namespace CONFIG {
    interface Queries {
      /** The GM relay (src/core/relay.ts): a player's request for a change on a document they do not own. */
      "breadbox.relay": typeof relayQueryHandler;
      /** Flange simultaneous action: a player's secret hand, opened to the active GM only. */
      "breadbox.flangeHand": typeof handQueryHandler;
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
    Actor: {
      toaster: typeof ToasterActorModel;
      pool: typeof PoolActorModel;
      d100: typeof D100ActorModel;
      flange: typeof FlangeActorModel;
      toast: typeof ToastActorModel;
    };
    Item: {
      toasterSkill: typeof ToasterSkillModel;
      toasterTrait: typeof ToasterTraitModel;
      toasterWeapon: typeof ToasterWeaponModel;
      toasterArmor: typeof ToasterArmorModel;
      toasterGear: typeof ToasterGearModel;
      poolAttribute: typeof PoolAttributeModel;
      poolAbility: typeof PoolAbilityModel;
      poolWeapon: typeof PoolWeaponModel;
      poolArmor: typeof PoolArmorModel;
      poolGear: typeof PoolGearModel;
      d100Skill: typeof D100SkillModel;
      d100Tab: typeof D100TabModel;
      d100Power: typeof D100PowerModel;
      d100Weapon: typeof D100WeaponModel;
      d100Armor: typeof D100ArmorModel;
      d100Gear: typeof D100GearModel;
      flangeSkill: typeof FlangeSkillModel;
      flangeWeapon: typeof FlangeWeaponModel;
      flangeArmor: typeof FlangeArmorModel;
      flangePower: typeof FlangePowerModel;
      flangeGear: typeof FlangeGearModel;
      toastSkill: typeof ToastSkillModel;
      toastWeapon: typeof ToastWeaponModel;
      toastArmor: typeof ToastArmorModel;
      toastGear: typeof ToastGearModel;
    };
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
