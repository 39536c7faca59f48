import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/dice/random";
import {
  EXAMPLE_ACTION_COSTS,
  abandonAction,
  costFromVerbs,
  allotPoints,
  bypass,
  endTurn,
  initiativeOrder,
  interrupt,
  newActionPoints,
  passInitiative,
  react,
  refreshQuota,
  reservePoints,
  startAction,
  startStrictPeriod,
} from "../../../src/rulesets/d100/rules/periods";
import { d10Faces } from "./helpers";

const party = [
  { id: "ann", actionQuota: 5 },
  { id: "bob", actionQuota: 7 },
  { id: "cat", actionQuota: 5 },
  { id: "dan", actionQuota: 3 },
];

describe("initiative (seed: Action Timing, Strict Period Structure)", () => {
  it("orders by Action Quota, descending; ties share a slot in simultaneous mode", () => {
    const o = initiativeOrder(party, "simultaneous", seededRandom(1));
    expect(o.slots).toEqual([["bob"], ["ann", "cat"], ["dan"]]);
    expect(o.tieChecks).toEqual([]);
  });
  it("tie checks against the quota: higher effort first, re-rolled while still tied", () => {
    // ann rolls 2 (effort 3), cat rolls 2 (effort 3): tied again; then ann 6 (−1), cat 1 (4)
    const o = initiativeOrder(party, "check", d10Faces([2, 2, 6, 1]));
    expect(o.slots).toEqual([["bob"], ["cat"], ["ann"], ["dan"]]);
    expect(o.tieChecks).toHaveLength(2);
    expect(o.tieChecks[1].rolls).toEqual([
      { id: "ann", roll: 6, effort: -1 },
      { id: "cat", roll: 1, effort: 4 },
    ]);
  });
  it("rejects duplicates and bad quotas", () => {
    expect(() => initiativeOrder([party[0], party[0]], "check", seededRandom(1))).toThrow(/appears twice/);
    expect(() => initiativeOrder([{ id: "x", actionQuota: 2.5 }], "check", seededRandom(1))).toThrow(/Action Quota of x/);
  });
});

describe("action points (seed: Action Quota, During an Agent's Initiative, Reactions)", () => {
  it("the quota refreshes on receiving initiative; costs carry across rounds", () => {
    let s = refreshQuota(newActionPoints(4));
    const a = startAction(s, { id: "operateMachine", cost: 7, points: 4 });
    expect(a.completed).toBe(false);
    s = passInitiative(a.state);
    expect(s.pending).toEqual([{ id: "operateMachine", cost: 7, paid: 4 }]);
    s = refreshQuota(s);
    const b = allotPoints(s, "operateMachine", 3);
    expect(b.completed).toBe(true);
    expect(b.state).toMatchObject({ available: 1, pending: [] });
  });
  it("reserved points pay for reactions; unreserved points are forfeited on passing", () => {
    let s = refreshQuota(newActionPoints(5));
    s = startAction(s, { id: "shoot", cost: 2, points: 2 }).state;
    s = reservePoints(s, 2);
    s = passInitiative(s);
    expect(s).toMatchObject({ available: 0, reserved: 2 });
    s = react(s, 1);
    expect(s.reserved).toBe(1);
    expect(() => react(s, 2)).toThrow(/only 1 points are reserved/);
    expect(refreshQuota(s)).toMatchObject({ available: 5, reserved: 0 });
  });
  it("validates allotments", () => {
    const s = refreshQuota(newActionPoints(3));
    expect(() => startAction(s, { id: "big", cost: 10, points: 4 })).toThrow(/Only 3 action points available/);
    expect(() => allotPoints(s, "none", 1)).toThrow(/No action "none"/);
    const t = startAction(s, { id: "big", cost: 10, points: 1 }).state;
    expect(() => startAction(t, { id: "big", cost: 10, points: 1 })).toThrow(/already under way/);
    expect(abandonAction(t, "big").pending).toEqual([]);
  });
  it("one point per verb: reloading a revolver with a speed loader (open, clear, load, ready) costs 4", () => {
    expect(costFromVerbs(4)).toBe(4);
    expect(() => costFromVerbs(0)).toThrow(/at least 1/);
  });
  it("example costs: a simple ranged attack is two verbs (aim, shoot)", () => {
    expect(EXAMPLE_ACTION_COSTS.find((c) => c.key === "simpleRangedAttack")?.cost).toBe(2);
    expect(EXAMPLE_ACTION_COSTS.find((c) => c.key === "crawlProne")?.cost).toBe(2);
  });
});

describe("rounds and bypass (seed: Strict Period Structure, Bypass)", () => {
  const order = initiativeOrder(party, "simultaneous", seededRandom(1));
  it("the initiative cycles through the slots, round after round", () => {
    let st = startStrictPeriod(order);
    expect(st.received).toEqual(["bob"]);
    st = endTurn(st.period, "bob");
    expect(st.received).toEqual(["ann", "cat"]);
    st = endTurn(st.period, "ann");
    expect(st.received).toEqual([]);
    st = endTurn(st.period, "cat");
    expect(st.received).toEqual(["dan"]);
    st = endTurn(st.period, "dan");
    expect(st.period).toMatchObject({ round: 2, slot: 0, current: ["bob"] });
    expect(() => endTurn(st.period, "dan")).toThrow(/does not hold the initiative/);
  });
  it("Strict Period Structure table: Agent 1, Agent 2 alternate through rounds 1-4", () => {
    const two = initiativeOrder([{ id: "agent2", actionQuota: 4 }, { id: "agent1", actionQuota: 6 }], "check", seededRandom(1));
    let st = startStrictPeriod(two);
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      seen.push(`${st.period.round}:${st.period.current.join()}`);
      st = endTurn(st.period, st.period.current[0]);
    }
    expect(seen).toEqual(["1:agent1", "1:agent2", "2:agent1", "2:agent2", "3:agent1", "3:agent2", "4:agent1", "4:agent2"]);
  });
  it("a bypassing character interrupts later with a full turn, then the turn resumes", () => {
    let st = startStrictPeriod(order);
    st = bypass(st.period, "bob");
    expect(st.period.bypassed).toEqual(["bob"]);
    st = interrupt(st.period, "bob");
    expect(st.received).toEqual(["bob"]);
    expect(st.period.current).toEqual(["bob"]);
    st = endTurn(st.period, "bob");
    expect(st.period.current).toEqual(["ann", "cat"]);
    expect(() => interrupt(st.period, "bob")).toThrow(/has not bypassed/);
  });
  it("an unused bypass is lost when the round ends", () => {
    let st = startStrictPeriod(order);
    st = bypass(st.period, "bob");
    st = endTurn(st.period, "ann");
    st = endTurn(st.period, "cat");
    st = bypass(st.period, "dan");
    expect(st.period.round).toBe(2);
    expect([...st.lostBypass].sort()).toEqual(["bob", "dan"]);
    expect(st.period.bypassed).toEqual([]);
  });
});
