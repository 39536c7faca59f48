/**
 * Item Piles (issue 22): each ruleset's world gives the module its goods, stacking and currency
 * through `addSystemIntegration` on `item-piles-ready` (mock: test/harness/modules/item-piles.ts,
 * Item Piles 3.3.4). One file per ruleset world (item-piles-<id>.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { activateModule, installItemPiles, ItemPilesApiMock } from "../../harness/modules/item-piles";
import { allRulesets } from "../../../src/core/registry";

export const RULESETS = ["toaster", "toast", "pool", "d100", "flange"] as const;
export type RulesetId = (typeof RULESETS)[number];

/** What the world registered (Item Piles fires its ready hook once: the first call fires it). */
function registered(): Record<string, any> {
  if (!ItemPilesApiMock.DATA) installItemPiles();
  const data = ItemPilesApiMock.DATA;
  if (!data) throw new Error("nothing registered");
  return data;
}

export function describeItemPiles(ruleset: RulesetId): void {
  describe(`Item Piles in a ${ruleset} world`, () => {
    // Active in the world before init, as Foundry knows its modules.
    activateModule("item-piles", "3.3.4");
    beforeEach(bootWorld(ruleset), 30_000);

    it("registers Breadbox on item-piles-ready with the world's actor type and the quantity path", () => {
      const data = registered();
      expect(data.INTEGRATION).toBe(true);
      expect(data.VERSION).toMatch(/^\d+\.\d+\.\d+$/);
      expect(data.ACTOR_CLASS_TYPE).toBe(ruleset);
      expect(data.ITEM_QUANTITY_ATTRIBUTE).toBe("system.quantity");
      // No book prices goods in money: the GM prices them in Item Piles.
      expect(data.ITEM_PRICE_ATTRIBUTE).toBe("");
      expect(data.ITEM_CLASS_LOOT_TYPE).toBe(`${ruleset}Gear`);
      expect(data.ITEM_CLASS_WEAPON_TYPE).toBe(`${ruleset}Weapon`);
      expect(data.ITEM_CLASS_EQUIPMENT_TYPE).toBe(`${ruleset}Armor`);
    });

    it("lets only its goods into piles: skills, traits, powers and other rulesets' items are filtered", () => {
      registered();
      const goods = [`${ruleset}Weapon`, `${ruleset}Armor`, `${ruleset}Gear`];
      for (const r of allRulesets()) {
        for (const type of Object.keys(r.itemModels)) {
          expect(ItemPilesApiMock.isFiltered({ type }), type).toBe(!goods.includes(type));
        }
      }
    });

    it("stacks its gear (it has a quantity), never its weapons or armour", () => {
      registered();
      const own = [...ItemPilesApiMock.itemTypesThatCanStack()].filter((t) => t.startsWith(ruleset) && (t.length === ruleset.length || /[A-Z]/.test(t[ruleset.length]!)));
      expect(own).toEqual([`${ruleset}Gear`]);
      expect(registered().UNSTACKABLE_ITEM_TYPES).toEqual([`${ruleset}Weapon`, `${ruleset}Armor`]);
    });

    it("gives a primary currency a GM can use: a gear item named in the user's language", async () => {
      const [coins, ...rest] = registered().CURRENCIES;
      expect(rest).toEqual([]);
      expect(coins).toMatchObject({ type: "item", primary: true, exchangeRate: 1, name: "Coins", abbreviation: "{#} c" });
      // The currency item is a valid item of the world's ruleset.
      const item = await Item.create(coins.data.item);
      expect(item?.type).toBe(`${ruleset}Gear`);
      expect((item?.system as { quantity?: number }).quantity).toBe(1);
    });
  });
}
