import { describe, expect, it } from "vitest";
import {
  ABORT_COST_PHASES,
  DEFAULT_PHASE_ACTIONS,
  attackHit,
  clockOrder,
  compareClockEntries,
  formatPhaseActions,
  parsePhaseActions,
  scheduleAction,
  type ClockEntry,
} from "../../../src/rulesets/pool/rules";

const e = (id: string, completesAt: number | null, reactionTime = 0, name = id): ClockEntry => ({ id, completesAt, reactionTime, name });

describe("seed 002 · Detailed Resolution as a phase clock", () => {
  it("an action completes after its base cost minus the attribute, never in under one phase", () => {
    expect(scheduleAction({ now: 4, actions: [{ baseCost: 5, speedAttribute: 2 }], aborting: false })).toEqual({ perAction: [3], phases: 3, abortCost: 0, completesAt: 7 });
    expect(scheduleAction({ now: 0, actions: [{ baseCost: 2, speedAttribute: 5 }], aborting: false }).completesAt).toBe(1);
    // A negative attribute lengthens the action.
    expect(scheduleAction({ now: 0, actions: [{ baseCost: 3, speedAttribute: -2 }], aborting: false }).completesAt).toBe(5);
  });
  it("switching actions midway costs 2 phases before the new action", () => {
    expect(ABORT_COST_PHASES).toBe(2);
    expect(scheduleAction({ now: 6, actions: [{ baseCost: 3, speedAttribute: 1 }], aborting: true })).toMatchObject({ abortCost: 2, phases: 2, completesAt: 10 });
  });
  it("simultaneous actions take the slowest action's phases plus the number of actions", () => {
    const s = scheduleAction({ now: 2, actions: [{ baseCost: 3, speedAttribute: 0 }, { baseCost: 1, speedAttribute: 0 }, { baseCost: 5, speedAttribute: 1 }], aborting: false });
    expect(s.perAction).toEqual([3, 1, 4]);
    expect(s.phases).toBe(4 + 3);
    expect(s.completesAt).toBe(9);
  });
  it("the earliest completion acts first; ties go to the higher Reaction Time, then the name; undeclared last", () => {
    const { order, phase, acting } = clockOrder([e("a", 5, 0, "Ann"), e("b", 3, 0, "Bo"), e("c", 5, 2, "Cy"), e("d", null, 9, "Di"), e("f", 5, 0, "Al")]);
    expect(order.map((x) => x.id)).toEqual(["b", "c", "f", "a", "d"]);
    expect(phase).toBe(3);
    expect(acting.map((x) => x.id)).toEqual(["b"]);
    expect(clockOrder([e("x", 4), e("y", 4)]).acting.map((x) => x.id)).toEqual(["x", "y"]);
    expect(clockOrder([e("x", null)])).toMatchObject({ phase: null, acting: [] });
    expect(compareClockEntries(e("x", 2), e("x", 2))).toBe(0);
  });
  it("refuses bad input with a message", () => {
    expect(() => scheduleAction({ now: -1, actions: [{ baseCost: 1, speedAttribute: 0 }], aborting: false })).toThrow(/current phase/);
    expect(() => scheduleAction({ now: 0, actions: [], aborting: false })).toThrow(/actions/);
    expect(() => scheduleAction({ now: 0, actions: [{ baseCost: 0, speedAttribute: 0 }], aborting: false })).toThrow(/base phase cost/);
    expect(() => clockOrder([e("x", 1.5)])).toThrow(/phase of x/);
  });
});

describe("base phase costs (a world setting)", () => {
  it("the defaults round-trip through the setting's text", () => {
    expect(parsePhaseActions(formatPhaseActions(DEFAULT_PHASE_ACTIONS))).toEqual(DEFAULT_PHASE_ACTIONS);
    expect(DEFAULT_PHASE_ACTIONS.find((a) => a.key === "shoot")?.baseCost).toBe(1);
  });
  it("reads names typed by a GM, one per line or separated by semicolons", () => {
    expect(parsePhaseActions("Climb a wall = 8 speed\nconstructor = 2 wits")).toEqual([
      { key: "Climb a wall", baseCost: 8, attribute: "speed" },
      { key: "constructor", baseCost: 2, attribute: "wits" },
    ]);
  });
  it("names the bad entry", () => {
    expect(() => parsePhaseActions("")).toThrow(/empty/);
    expect(() => parsePhaseActions("strike 3 reactionTime")).toThrow(/"strike 3 reactionTime" is not/);
    expect(() => parsePhaseActions("strike = 0 reactionTime")).toThrow(/base phase cost/);
    expect(() => parsePhaseActions("strike = 2 luck")).toThrow(/attribute must be one of/);
    expect(() => parsePhaseActions("a = 1 wits; a = 2 wits")).toThrow(/listed twice/);
  });
});

describe("how an attack's degree becomes damage (decision)", () => {
  it("opposed: the attack hits only if it triumphs, with the contest's degree", () => {
    expect(attackHit({ attack: { total: 23, outcome: "success", degree: 0 }, defence: { total: 12, outcome: "failure" } })).toEqual({ hit: true, degree: 2, against: "opposed", contest: "firstTriumphs" });
    expect(attackHit({ attack: { total: 12, outcome: "success", degree: 0 }, defence: { total: 12, outcome: "success" } })).toMatchObject({ hit: false, degree: 0, contest: "tie" });
    expect(attackHit({ attack: { total: 10, outcome: "success", degree: 0 }, defence: { total: 14, outcome: "success" } })).toMatchObject({ hit: false, contest: "secondTriumphs" });
    // A botched attack never hits, even with the higher total.
    expect(attackHit({ attack: { total: 3, outcome: "botch", degree: 0 }, defence: { total: 2, outcome: "botch" } })).toMatchObject({ hit: false, contest: "neither" });
    // A botched defence: the attack triumphs with at least degree 0.
    expect(attackHit({ attack: { total: 5, outcome: "failure", degree: 2 }, defence: { total: 9, outcome: "botch" } })).toMatchObject({ hit: true, degree: 0 });
  });
  it("a dice-phobe defence is the attack's Difficulty (NPC actions): equal totals hit, a botched attack misses", () => {
    expect(attackHit({ attack: { total: 12, outcome: "success", degree: 0 }, defence: { total: 12, outcome: "success", mode: "dicePhobe" } })).toEqual({ hit: true, degree: 0, against: "phobe", contest: null });
    expect(attackHit({ attack: { total: 23, outcome: "failure", degree: 0 }, defence: { total: 12, outcome: "success", mode: "dicePhobe" } })).toMatchObject({ hit: true, degree: 2 });
    expect(attackHit({ attack: { total: 11, outcome: "success", degree: 0 }, defence: { total: 12, outcome: "success", mode: "dicePhobe" } })).toMatchObject({ hit: false });
    expect(attackHit({ attack: { total: 3, outcome: "botch", degree: 0 }, defence: { total: 1, outcome: "botch", mode: "dicePhobe" } })).toMatchObject({ hit: false });
  });
  it("unopposed: a success against the Difficulty hits with its degree", () => {
    expect(attackHit({ attack: { total: 27, outcome: "success", degree: 2 } })).toEqual({ hit: true, degree: 2, against: "unopposed", contest: null });
    expect(attackHit({ attack: { total: 9, outcome: "failure", degree: 1 } })).toMatchObject({ hit: false, degree: 0 });
    expect(() => attackHit({ attack: { total: 9, outcome: "nope" as never, degree: 1 } })).toThrow(/attack outcome/);
  });
});
