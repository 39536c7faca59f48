import { describe, expect, it } from "vitest";
import { EXAMPLE_ACTION_COSTS, costFromVerbs } from "../../../src/rulesets/d100/rules";

const cost = (key: string) => EXAMPLE_ACTION_COSTS.find((c) => c.key === key)?.cost;

describe("example action costs (seed: Action Quota, the cost column read from its foot)", () => {
  it("the four surviving values 1, 1, 1, 2 belong to running, reloading, close and ranged attacks", () => {
    expect([cost("run"), cost("reloadMagazine"), cost("simpleCloseAttack"), cost("simpleRangedAttack")]).toEqual([1, 1, 1, 2]);
  });
  it("the prose agrees where it speaks: draw is one verb, aim + shoot two, crawl prone two", () => {
    expect(cost("drawWeapon")).toBe(costFromVerbs(1));
    expect(cost("simpleRangedAttack")).toBe(costFromVerbs(2));
    expect(cost("crawlProne")).toBe(costFromVerbs(2));
  });
});
