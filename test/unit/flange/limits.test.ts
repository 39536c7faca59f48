/**
 * Caps (issue 9.7, docs/rules/flange.md "Limits"): every dice count and the extra-dice chain have
 * a cap, checked the same way by the roll, the resolve and the odds; numbers past 2^53 are
 * refused; a stuck random source finishes quickly.
 */
import { describe, expect, it } from "vitest";
import { MAX_OPEN_END_DICE } from "../../../src/dice/limits";
import {
  CHECK_DICE_MAX,
  CHECK_EXTRA_DICE_MAX,
  DAMAGE_DICE_MAX,
  SAMPLE_WEAPONS,
  applyDamage,
  checkOdds,
  damageOdds,
  exchangeOdds,
  initiativeOdds,
  opposedOdds,
  resolveCheck,
  resolveDamage,
  resolveExchange,
  resolveInitiative,
  rollCheck,
  rollDamage,
  rollExchange,
  rollInitiative,
  rollOpposed,
  settlePool,
  type CheckInput,
  type ExchangeInput,
} from "../../../src/rulesets/flange/rules";

const STUCK_HIGH = (): number => 0.9999999;
const STUCK_LOW = (): number => 0;

function timed<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}

describe("flange caps", () => {
  it("the extra-dice chain is capped at the shared open-end cap", () => {
    expect(CHECK_EXTRA_DICE_MAX).toBe(MAX_OPEN_END_DICE);
  });

  it("a stuck-high random source (every die a 10) stops the extra dice at the cap, quickly", () => {
    const input: CheckInput = { dice: CHECK_DICE_MAX, target: 5 };
    const { value: r, ms } = timed(() => rollCheck(input, STUCK_HIGH));
    expect(ms).toBeLessThan(1000);
    expect(r.capped).toBe(true);
    expect(r.faces).toHaveLength(CHECK_DICE_MAX + CHECK_EXTRA_DICE_MAX);
    expect(r.dice.every((d) => d.face === 10)).toBe(true);
    expect(r.successes).toBe(CHECK_DICE_MAX + CHECK_EXTRA_DICE_MAX);
    expect(r.outcome).toBe("blimey");
    // The resolve stops at the same place and refuses a die beyond it.
    expect(resolveCheck(input, r.faces)).toEqual(r);
    expect(() => resolveCheck(input, [...r.faces, 10])).toThrow(/used 115 dice, but 116 faces were given/);
  });

  it("a stuck-low random source (every die a 1) is a critical failure counting every 1", () => {
    const r = rollCheck({ dice: CHECK_DICE_MAX, target: 5 }, STUCK_LOW);
    expect(r).toMatchObject({ successes: 0, ones: CHECK_DICE_MAX, outcome: "criticalFailure", capped: false });
  });

  it("the exchange with a stuck source: damage dice stop at their cap", () => {
    const x: ExchangeInput = { attack: { skillDice: CHECK_DICE_MAX, attributeTarget: 5 }, weapon: SAMPLE_WEAPONS[2], defence: { kind: "counterattack" }, damageEdgeDice: 3 };
    const { value: r, ms } = timed(() => rollExchange(x, STUCK_HIGH));
    expect(ms).toBeLessThan(1000);
    expect(r.damageDiceCapped).toBe(true);
    expect(r.damageRoll?.faces).toHaveLength(DAMAGE_DICE_MAX);
    expect(r.damageRoll?.top).toBe(9 + DAMAGE_DICE_MAX);
    expect(resolveExchange(x, r.faces)).toEqual(r);
    const low = rollExchange(x, STUCK_LOW);
    expect(low).toMatchObject({ outcome: "miss", damage: 0 });
    const opposed = rollOpposed({ first: { dice: CHECK_DICE_MAX, target: 1 }, second: { dice: CHECK_DICE_MAX, target: 1 } }, STUCK_HIGH);
    expect(opposed).toMatchObject({ outcome: "tie", decidedBy: "identicalDice" });
    expect(rollInitiative({ perception: 8, athleticism: 7 }, STUCK_HIGH).die).toBe(10);
    expect(rollDamage({ dice: DAMAGE_DICE_MAX, modifier: 0 }, STUCK_LOW).damage).toBe(1);
  });

  it("too many check dice: the same RangeError from the roll, the resolve and the odds", () => {
    for (const input of [
      { dice: CHECK_DICE_MAX + 1, target: 7 },
      { dice: CHECK_DICE_MAX, target: 7, edgeDice: 1 },
      { dice: 10, target: 7, diceModifier: 3, edgeDice: 3 },
    ]) {
      const message = /Dice must be between 0 and 15|at most 15 dice, not 16/;
      expect(() => rollCheck(input, STUCK_LOW)).toThrow(message);
      expect(() => resolveCheck(input, [])).toThrow(message);
      expect(() => checkOdds(input)).toThrow(message);
      expect(() => opposedOdds({ first: { dice: 1, target: 7 }, second: input })).toThrow(message);
      expect(() => rollCheck(input, STUCK_LOW)).toThrow(RangeError);
    }
  });

  it("too many damage dice: refused by the roll, the resolve and the odds", () => {
    const d = { dice: DAMAGE_DICE_MAX + 1, modifier: 0 };
    expect(() => rollDamage(d, STUCK_LOW)).toThrow(/Damage dice must be between 1 and 40/);
    expect(() => resolveDamage(d, new Array<number>(41).fill(5))).toThrow(/Damage dice must be between 1 and 40/);
    expect(() => damageOdds(d)).toThrow(/Damage dice must be between 1 and 40/);
    const x: ExchangeInput = { attack: { skillDice: 2, attributeTarget: 7 }, weapon: { damageDice: 21, damageModifier: 0 }, defence: { kind: "none" } };
    expect(() => rollExchange(x, STUCK_LOW)).toThrow(/Weapon damage dice must be between 0 and 20/);
    expect(() => exchangeOdds(x)).toThrow(/Weapon damage dice must be between 0 and 20/);
    expect(() => resolveExchange(x, { attack: [1, 1], defence: [], damage: [] })).toThrow(/Weapon damage dice must be between 0 and 20/);
  });

  it("a health track has at most 99 boxes and 99 grind wounds, so applying damage is a bounded walk", () => {
    const huge = { boxes: 1e12, lost: 0, grindBoxes: 1e12, grindLost: 0 };
    expect(() => applyDamage(huge, 1e15)).toThrow(/Health boxes must be between 1 and 99/);
    expect(() => applyDamage({ ...huge, boxes: 99 }, 1e15)).toThrow(/Grind wounds must be between 0 and 99/);
    const { value, ms } = timed(() => applyDamage({ boxes: 99, lost: 0, grindBoxes: 99, grindLost: 0 }, Number.MAX_SAFE_INTEGER));
    expect(value.status).toBe("dead");
    expect(ms).toBeLessThan(1000);
    expect(() => damageOdds({ dice: 2, modifier: 0, defenderHealth: huge })).toThrow(/Health boxes/);
  });

  it("numbers past 2^53 are refused, never rounded", () => {
    const huge = 2 ** 53 + 2;
    expect(() => settlePool({ dice: huge, target: 7 })).toThrow(/Dice must be a whole number between/);
    expect(() => settlePool({ dice: 2, target: 7, targetModifier: -huge })).toThrow(/Target modifier must be a whole number between/);
    expect(() => checkOdds({ dice: 2, target: 1e300 })).toThrow(/Target number must be a whole number between/);
    expect(() => resolveInitiative({ perception: 8, athleticism: 7, previous: huge }, [3])).toThrow(/Previous initiative must be a whole number between/);
    expect(() => initiativeOdds({ first: { perception: 8, athleticism: 7, modifier: huge }, second: { perception: 8, athleticism: 7 } })).toThrow(/Initiative modifier/);
    expect(() => rollDamage({ dice: 2, modifier: huge }, STUCK_LOW)).toThrow(/Damage modifier must be a whole number between/);
  });

  it("the worst opposed mix (15 v 15 dice, all targets) keeps its pruned mass within the error bound", () => {
    let worst = 0;
    for (const ta of [1, 2, 5, 6, 8, 10]) for (const tb of [1, 3, 5, 7, 9, 10]) {
      const o = opposedOdds({ first: { dice: CHECK_DICE_MAX, target: ta }, second: { dice: CHECK_DICE_MAX, target: tb } });
      worst = Math.max(worst, o.error);
      expect(Math.abs(1 - o.outcomes.reduce((s, e) => s + e.p, 0))).toBeLessThanOrEqual(o.error + 1e-12);
    }
    expect(worst).toBeLessThan(1e-9);
  });
});
