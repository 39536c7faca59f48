import { describe, expect, it } from "vitest";
import { EXAMPLE_ACTION_COSTS, allotToPending, costFromVerbs, decideSpend, newActionPoints as fresh, refreshQuota as refresh, startAction as start } from "../../../src/rulesets/d100/rules";

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

describe("paying for an action (seed: Action Timing, During an Agent's Initiative, Reactions)", () => {
  const base = { strict: true, hasInitiative: true, quota: 5, available: 5, reserved: 0, cost: 2 };
  it("a free period costs nothing", () => {
    expect(decideSpend({ ...base, strict: false, available: 0, cost: 9 })).toEqual({ ok: true, from: "free", available: 0, reserved: 0, cost: 9 });
  });
  it("with the initiative the points available pay, and what is left is shown", () => {
    expect(decideSpend(base)).toEqual({ ok: true, from: "available", available: 3, reserved: 0, cost: 2 });
    expect(decideSpend({ ...base, available: 2 })).toMatchObject({ ok: true, available: 0 });
  });
  it("what cannot be paid is refused, and nothing changes", () => {
    expect(decideSpend({ ...base, available: 1 })).toEqual({ ok: false, reason: "notEnough", available: 1, reserved: 0, cost: 2 });
    expect(decideSpend({ ...base, cost: 6 })).toMatchObject({ ok: false, reason: "beyondQuota", available: 5 });
  });
  it("without the initiative an action is a reaction paid from reserved points", () => {
    expect(decideSpend({ ...base, hasInitiative: false, available: 0, reserved: 3 })).toEqual({ ok: true, from: "reserved", available: 0, reserved: 1, cost: 2 });
    expect(decideSpend({ ...base, hasInitiative: false, available: 5, reserved: 1 })).toMatchObject({ ok: false, reason: "notEnoughReserved", reserved: 1 });
  });
  it("bad numbers are refused with a message", () => {
    expect(() => decideSpend({ ...base, cost: -1 })).toThrow(/Action point cost/);
    expect(() => decideSpend({ ...base, available: 1.5 })).toThrow(/Available action points/);
  });
});

describe("actions paid over several rounds (seed: Action Quota, step 3 of an initiative)", () => {
  it("points go to the oldest action first; an action completes when paid in full", () => {
    let s = refresh(fresh(4));
    s = start(s, { id: "machine", cost: 10, points: 4 }).state;
    expect(s.pending).toEqual([{ id: "machine", cost: 10, paid: 4 }]);
    let r = allotToPending(refresh(s));
    expect(r.completed).toEqual([]);
    expect(r.state).toMatchObject({ available: 0, pending: [{ id: "machine", paid: 8 }] });
    r = allotToPending(refresh(r.state));
    expect(r.completed).toEqual([{ id: "machine", cost: 10, paid: 10 }]);
    expect(r.state).toMatchObject({ available: 2, pending: [] });
  });
});
