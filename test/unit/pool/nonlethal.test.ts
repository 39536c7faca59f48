/**
 * Issue 19.14: nonlethal damage on the default wound chart (the book is silent; Breadbox's decision,
 * docs/rules/pool.md "Nonlethal damage"). A nonlethal hit never costs more Penalty dice than a
 * lethal hit of the same final degree, and nonlethal wounds add up to a knockout, so the pack's stun
 * gun can stun a typical target.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_WOUND_CHART, defaultKnockoutPenalty, resolveTrauma, woundPenalties, woundState, type Wound } from "../../../src/rulesets/pool/rules";

const typical = { physicalThreshold: 0, mentalThreshold: 0, toughness: 0 };
/** A hit whose final degree is `d` (no armor, no modifiers, a typical target). */
const hit = (d: number, damageType: "lethal" | "nonlethal") => resolveTrauma({ degree: d, trauma: "physical", damageType }, typical).wounds;
const total = (wounds: readonly Wound[]) => {
  const p = woundPenalties(wounds);
  return p.physical + p.mental;
};

describe("19.14: nonlethal damage on the default chart", () => {
  it("never costs more Penalty dice than a lethal hit of the same final degree (degrees 0–6; lethal kills from 7)", () => {
    const rows = [0, 1, 2, 3, 4, 5, 6].map((d) => [d, total(hit(d, "lethal")), total(hit(d, "nonlethal"))]);
    expect(rows).toEqual([
      [0, 1, 1],
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
      [4, 4, 4],
      [5, 6, 5],
      [6, 6, 6],
    ]);
    expect(woundState(hit(7, "lethal")).dead).toBe(true);
    expect(woundState(hit(7, "nonlethal")).dead).toBe(false);
  });

  it("the split: the physical share takes the odd point and the hit itself; a mental share without a point is no wound", () => {
    const kinds = (d: number) => hit(d, "nonlethal").map((w) => `${w.kind} ${w.severity}`);
    expect(kinds(0)).toEqual(["physical light"]);
    expect(kinds(1)).toEqual(["physical moderate"]);
    expect(kinds(2)).toEqual(["physical moderate", "mental moderate"]);
    expect(kinds(3)).toEqual(["physical serious", "mental moderate"]);
    expect(kinds(4)).toEqual(["physical serious", "mental serious"]);
    expect(hit(0, "nonlethal").every((w) => w.nonlethal)).toBe(true);
  });

  it("nonlethal wounds add up to a knockout at the penalty of the chart's incapacitating row (4); lethal wounds do not count", () => {
    expect(defaultKnockoutPenalty()).toBe(4);
    expect(defaultKnockoutPenalty(DEFAULT_WOUND_CHART)).toBe(DEFAULT_WOUND_CHART.physical.find((r) => r.incapacitating)?.penaltyDice);
    // One hit of final degree 4 (2 + 2 dice) knocks out; degree 3 (2 + 1) does not, a second one does.
    expect(woundState(hit(4, "nonlethal"))).toEqual({ incapacitated: true, knockedOut: true, dead: false });
    expect(woundState(hit(3, "nonlethal"))).toEqual({ incapacitated: false, knockedOut: false, dead: false });
    expect(woundState([...hit(3, "nonlethal"), ...hit(3, "nonlethal")]).knockedOut).toBe(true);
    // Four light punches (degree 0: one die each).
    expect(woundState([...hit(0, "nonlethal"), ...hit(0, "nonlethal"), ...hit(0, "nonlethal")]).knockedOut).toBe(false);
    expect(woundState([...hit(0, "nonlethal"), ...hit(0, "nonlethal"), ...hit(0, "nonlethal"), ...hit(0, "nonlethal")]).knockedOut).toBe(true);
    // Lethal wounds of the same penalty are not a knockout (a lethal wound incapacitates on its own row).
    expect(woundState([...hit(3, "lethal"), ...hit(2, "lethal")]).incapacitated).toBe(false);
    // The rule's size is a table's choice; 0 or null turns adding up off.
    expect(woundState(hit(3, "nonlethal"), DEFAULT_WOUND_CHART, { knockoutPenalty: 3 }).knockedOut).toBe(true);
    expect(woundState(hit(6, "nonlethal"), DEFAULT_WOUND_CHART, { knockoutPenalty: 0 }).incapacitated).toBe(false);
    expect(woundState(hit(6, "nonlethal"), DEFAULT_WOUND_CHART, { knockoutPenalty: null }).knockedOut).toBe(false);
    expect(() => woundState([], DEFAULT_WOUND_CHART, { knockoutPenalty: -1 })).toThrow(RangeError);
    expect(() => woundState([], DEFAULT_WOUND_CHART, { knockoutPenalty: 1.5 })).toThrow(RangeError);
  });

  it("the pack's stun gun (nonlethal, +2) stuns a typical target: at once with an attack degree of 2, else with a second hit", () => {
    const stun = (degree: number) => resolveTrauma({ degree, trauma: "physical", damageType: "nonlethal", weaponModifier: 2 }, typical).wounds;
    expect(woundState(stun(2)).knockedOut).toBe(true);
    expect(woundState(stun(1)).knockedOut).toBe(false);
    expect(woundState([...stun(0), ...stun(0)]).knockedOut).toBe(true);
    expect(woundState([...stun(1), ...stun(0)]).knockedOut).toBe(true);
  });
});
