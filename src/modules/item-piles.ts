/**
 * Item Piles (module id `item-piles`), through its documented system-integration API: on the hook
 * `item-piles-ready` (whose argument is the API class, also `game.itempiles.API`), call
 * `API.addSystemIntegration(data)` (Item Piles docs/api.md "addSystemIntegration" and
 * docs/contributing-to-item-piles.md; checked against Item Piles 3.3.4, Foundry 13–14).
 *
 * What Breadbox gives it comes from the world's ruleset (`RulesetApi.goods`): which item types are
 * goods (weapons, armour, gear: the only items a pile, a merchant or a trade moves; skills, traits,
 * powers never leave a character), which stack (those with a `system.quantity`: gear), and one
 * currency a GM can keep or change in Item Piles' own settings (a gear item, "Coins"). No book
 * prices goods in money, so no price path is given: a GM prices goods in Item Piles' item editor.
 *
 * Item Piles keeps the settings a system gives it and replaces them only when `VERSION` is newer,
 * so a GM's own currencies and filters survive reloads: raise `VERSION` when this data changes.
 */
import { onItemPilesReady } from "./early-hooks";
import { allRulesets, getRuleset } from "../core/registry";
import { localize } from "../core/game";
import { moduleActive } from "./active";

export const ITEM_PILES_ID = "item-piles";
export const ITEM_PILES_READY = "item-piles-ready" as const;
/** The version of this integration's data (Item Piles' `VERSION`). */
export const ITEM_PILES_VERSION = "1.0.0";
/** The image of the currency Breadbox gives Item Piles (a core Foundry icon). */
export const COINS_IMG = "icons/svg/coins.svg";

/** A currency as Item Piles' `CURRENCIES` lists it (documented fields). */
export interface ItemPilesCurrency {
  type: "item" | "attribute";
  name: string;
  img: string;
  abbreviation: string;
  data: { item: Record<string, unknown> } | { path: string };
  primary: boolean;
  exchangeRate: number;
}

/** The part of `addSystemIntegration`'s data Breadbox fills (the rest keeps Item Piles' defaults). */
export interface ItemPilesIntegration {
  VERSION: string;
  ACTOR_CLASS_TYPE: string;
  ITEM_CLASS_LOOT_TYPE: string;
  ITEM_CLASS_WEAPON_TYPE: string;
  ITEM_CLASS_EQUIPMENT_TYPE: string;
  ITEM_QUANTITY_ATTRIBUTE: string;
  ITEM_PRICE_ATTRIBUTE: string;
  ITEM_FILTERS: { path: string; filters: string }[];
  ITEM_SIMILARITIES: string[];
  UNSTACKABLE_ITEM_TYPES: string[];
  CURRENCIES: ItemPilesCurrency[];
}

/** The part of Item Piles' API class Breadbox calls. */
export interface ItemPilesApi {
  addSystemIntegration(data: ItemPilesIntegration, version?: string): void;
}

/**
 * Item Piles' settings for a world of this ruleset, or null when the ruleset names no goods.
 * Every other item type (other rulesets' too) is filtered out of piles, merchants and trades.
 */
export function itemPilesIntegration(rulesetId: string): ItemPilesIntegration | null {
  const goods = getRuleset(rulesetId)?.api?.goods;
  if (!goods) return null;
  const own = new Set([goods.weapon, goods.armor, goods.gear]);
  const others = allRulesets()
    .flatMap((r) => Object.keys(r.itemModels))
    .filter((type) => !own.has(type));
  const coins = localize("BREADBOX.Modules.ItemPiles.Coins");
  return {
    VERSION: ITEM_PILES_VERSION,
    ACTOR_CLASS_TYPE: rulesetId,
    ITEM_CLASS_LOOT_TYPE: goods.gear,
    ITEM_CLASS_WEAPON_TYPE: goods.weapon,
    ITEM_CLASS_EQUIPMENT_TYPE: goods.armor,
    ITEM_QUANTITY_ATTRIBUTE: "system.quantity",
    ITEM_PRICE_ATTRIBUTE: "",
    ITEM_FILTERS: [{ path: "type", filters: others.join(",") }],
    ITEM_SIMILARITIES: ["name", "type"],
    UNSTACKABLE_ITEM_TYPES: [goods.weapon, goods.armor],
    CURRENCIES: [
      {
        type: "item",
        name: coins,
        img: COINS_IMG,
        abbreviation: localize("BREADBOX.Modules.ItemPiles.CoinsAbbreviation"),
        data: { item: { name: coins, type: goods.gear, img: COINS_IMG, system: { quantity: 1 } } },
        primary: true,
        exchangeRate: 1,
      },
    ],
  };
}

function isItemPilesApi(value: unknown): value is ItemPilesApi {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof Reflect.get(value, "addSystemIntegration") === "function";
}

/** With core's runtime: when Item Piles is active, give it the world's ruleset once it is ready (or now, if it already is). */
export function registerItemPiles(world: string): void {
  if (!moduleActive(ITEM_PILES_ID)) return;
  onItemPilesReady((api: unknown) => {
    const data = itemPilesIntegration(world);
    if (!data || !isItemPilesApi(api)) return;
    try {
      api.addSystemIntegration(data);
    } catch (err) {
      console.error("Breadbox | Item Piles integration", err);
    }
  });
}
