/**
 * A stand-in for Item Piles' system-integration API (module `item-piles`), written from its public
 * documentation and source at version 3.3.4 (github.com/fantasycalendar/FoundryVTT-ItemPiles,
 * tag 3.3.4: docs/api.md "addSystemIntegration", docs/hooks.md "item-piles-ready",
 * docs/contributing-to-item-piles.md, src/API/api.js, src/systems.js, src/helpers/utilities.js):
 *
 * - At init the module sets `game.itempiles = { API, … }`; after Foundry's ready (and its own set-up)
 *   it calls `Hooks.callAll("item-piles-ready", API)`. A system registers on that hook.
 * - `API.addSystemIntegration(data, version = "latest")` merges `data` over the module's default
 *   system settings with `insertKeys: false` (a key it does not know is dropped), checks the types
 *   (VERSION, ACTOR_CLASS_TYPE, ITEM_QUANTITY_ATTRIBUTE and ITEM_PRICE_ATTRIBUTE strings;
 *   ITEM_FILTERS entries `{path, filters}` strings; ITEM_SIMILARITIES and UNSTACKABLE_ITEM_TYPES
 *   string arrays; each currency an object with boolean `primary`, string `name` and
 *   `abbreviation`, number `exchangeRate`, `data` with `path`, `uuid` or `item`, optional string
 *   `img`) and throws on a wrong one, then stores it for the game system (`game.system.id`).
 * - Item types stack when their data model's initial data has the quantity path and they are not
 *   in UNSTACKABLE_ITEM_TYPES (`getItemTypesThatCanStack`). ITEM_FILTERS' `filters` is a comma list.
 */
import { CONFIG, game } from "../state";
import { Hooks } from "../hooks";
import { mergeObject, getProperty, hasProperty, deepClone } from "../utils";

type AnyObject = Record<string, any>;

/** Item Piles' default system settings (src/systems.js DEFAULT_SETTINGS, 3.3.4). */
export const ITEM_PILES_DEFAULTS: AnyObject = {
  VERSION: "",
  ACTOR_CLASS_TYPE: "",
  ITEM_CLASS_LOOT_TYPE: "",
  ITEM_CLASS_WEAPON_TYPE: "",
  ITEM_CLASS_EQUIPMENT_TYPE: "",
  ITEM_QUANTITY_ATTRIBUTE: "",
  ITEM_PRICE_ATTRIBUTE: "",
  ITEM_PREVIEW_PERMISSION_LEVEL: 1,
  QUANTITY_FOR_PRICE_ATTRIBUTE: "flags.item-piles.system.quantityForPrice",
  ITEM_FILTERS: [],
  ITEM_SIMILARITIES: ["name", "type"],
  UNSTACKABLE_ITEM_TYPES: [],
  PILE_DEFAULTS: {},
  TOKEN_FLAG_DEFAULTS: {},
  ITEM_TRANSFORMER: null,
  PREVIEW_ITEM_TRANSFORMER: null,
  PRICE_MODIFIER_TRANSFORMER: null,
  ITEM_COST_TRANSFORMER: null,
  SYSTEM_HOOKS: null,
  SHEET_OVERRIDES: null,
  CURRENCIES: [],
  SECONDARY_CURRENCIES: [],
  CURRENCY_DECIMAL_DIGITS: 0.00001,
  VAULT_STYLES: [],
  CSS_VARIABLES: [],
  SOFT_MIGRATIONS: {},
  ITEM_TYPE_HANDLERS: {},
};

function fail(what: string): never {
  throw new Error(`Item Piles | addSystemIntegration | ${what}`);
}

export class ItemPilesApiMock {
  /** What each system registered, by system id, then by version ("latest" by default). */
  static systems = new Map<string, Map<string, AnyObject>>();

  static addSystemIntegration(inData: AnyObject, version = "latest"): void {
    const data = mergeObject(deepClone(ITEM_PILES_DEFAULTS), inData, { insertKeys: false });
    for (const key of ["VERSION", "ACTOR_CLASS_TYPE", "ITEM_QUANTITY_ATTRIBUTE", "ITEM_PRICE_ATTRIBUTE"]) {
      if (typeof data[key] !== "string") fail(`data.${key} must be of type string`);
    }
    for (const key of ["ITEM_CLASS_LOOT_TYPE", "ITEM_CLASS_WEAPON_TYPE", "ITEM_CLASS_EQUIPMENT_TYPE"]) {
      if (data[key] && typeof data[key] !== "string") fail(`data.${key} must be of type string`);
    }
    if (!Array.isArray(data.ITEM_FILTERS)) fail("data.ITEM_FILTERS must be of type array");
    for (const f of data.ITEM_FILTERS) {
      if (typeof f?.path !== "string" || typeof f?.filters !== "string") fail("each entry in data.ITEM_FILTERS must have string path and filters");
    }
    if (!Array.isArray(data.ITEM_SIMILARITIES) || data.ITEM_SIMILARITIES.some((p: unknown) => typeof p !== "string")) fail("data.ITEM_SIMILARITIES must be an array of strings");
    if (data.UNSTACKABLE_ITEM_TYPES && (!Array.isArray(data.UNSTACKABLE_ITEM_TYPES) || data.UNSTACKABLE_ITEM_TYPES.some((p: unknown) => typeof p !== "string"))) {
      fail("data.UNSTACKABLE_ITEM_TYPES must be an array of strings");
    }
    if (typeof data.PILE_DEFAULTS !== "object") fail("data.PILE_DEFAULTS must be of type object");
    if (!Array.isArray(data.CURRENCIES)) fail("data.CURRENCIES must be an array");
    for (const c of data.CURRENCIES) {
      if (typeof c !== "object" || c === null) fail("CURRENCIES | each entry must be of type object");
      if (typeof c.primary !== "boolean") fail("CURRENCIES | currency.primary must be of type boolean");
      if (typeof c.name !== "string") fail("CURRENCIES | currency.name must be of type string");
      if (typeof c.abbreviation !== "string") fail("CURRENCIES | currency.abbreviation must be of type string");
      if (typeof c.exchangeRate !== "number") fail("CURRENCIES | currency.exchangeRate must be of type number");
      if (typeof c.data !== "object" || c.data === null) fail("CURRENCIES | currency.data must be of type object");
      if (typeof c.data.path !== "string" && typeof c.data.uuid !== "string" && typeof c.data.item !== "object") fail("CURRENCIES | currency.data must contain path, uuid or item");
      if (c.img && typeof c.img !== "string") fail("CURRENCIES | currency.img must be of type string");
    }
    data.INTEGRATION = true;
    const system = String(game.system?.id ?? "").toLowerCase();
    ItemPilesApiMock.systems.set(system, new Map([[version, data]]));
  }

  /** The settings registered for the game system (the only version, as Item Piles reads it). */
  static get DATA(): AnyObject | undefined {
    const versions = ItemPilesApiMock.systems.get(String(game.system?.id ?? "").toLowerCase());
    return versions ? [...versions.values()][0] : undefined;
  }

  /** Item types that stack (utilities.js getItemTypesThatCanStack). */
  static itemTypesThatCanStack(): Set<string> {
    const data = ItemPilesApiMock.DATA;
    if (!data) return new Set();
    const out = new Set<string>();
    for (const [type, model] of Object.entries(CONFIG.Item.dataModels as Record<string, AnyObject>)) {
      const initial = { system: model.schema.getInitialValue({}) };
      if (hasProperty(initial, data.ITEM_QUANTITY_ATTRIBUTE) && !data.UNSTACKABLE_ITEM_TYPES.includes(type)) out.add(type);
    }
    return out;
  }

  /** Whether ITEM_FILTERS hide an item (a filter's comma list holds the value at its path). */
  static isFiltered(item: AnyObject): boolean {
    const data = ItemPilesApiMock.DATA;
    if (!data) return false;
    return data.ITEM_FILTERS.some((f: { path: string; filters: string }) => {
      const list = f.filters.split(",").map((s) => s.trim());
      return list.includes(String(getProperty(item, f.path)));
    });
  }

  static reset(): void {
    ItemPilesApiMock.systems.clear();
  }
}

/** Mark a module active in this world (`game.modules`), as Foundry knows it from init on. */
export function activateModule(id: string, version: string): void {
  (game.modules as Map<string, AnyObject>).set(id, { id, active: true, version });
}

/** Item Piles' start: `game.itempiles` at init, then `item-piles-ready` with the API class. */
export function installItemPiles(): typeof ItemPilesApiMock {
  ItemPilesApiMock.reset();
  (game as AnyObject).itempiles = { API: ItemPilesApiMock };
  Hooks.callAll("item-piles-ready", ItemPilesApiMock);
  return ItemPilesApiMock;
}
