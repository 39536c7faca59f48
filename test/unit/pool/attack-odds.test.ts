import { describe, expect, it } from "vitest";
import { attackHit, attackOdds, attackOddsKeys, defenceOdds, dicePhobeTotal, resolveCheck, resolveTrauma, rollCheck, rollDirectContest, type AttackOddsInput } from "../../../src/rulesets/pool/rules";
import { seededRandom } from "../../../src/dice/random";

const defender = { physicalThreshold: 1, mentalThreshold: 0, toughness: 1 };
const weapon = { trauma: "physical" as const, damageType: "lethal" as const, musclePower: 2, weaponModifier: 1, armor: { rating: 1, convertsLethal: false } };

/** The same classification the Foundry side makes, from rolled results. */
function classify(input: AttackOddsInput, attack: { total: number; outcome: "success" | "failure" | "botch"; degree: number }, defence?: { total: number; outcome: "success" | "failure" | "botch"; mode?: string }): string {
  const hit = attackHit({ attack, defence });
  if (!hit.hit) return "miss";
  const t = resolveTrauma({ ...input.weapon, degree: hit.degree }, input.defender);
  if (t.stoppedByArmor) return "stopped";
  const w = t.wounds.find((x) => x.kind === "physical") ?? t.wounds[0];
  return w ? w.severity : "noWound";
}

describe("exact attack odds (unopposed and opposed) against a seeded simulation", () => {
  it("keys run from the miss to the fatal row", () => {
    expect(attackOddsKeys("physical")).toEqual(["miss", "stopped", "noWound", "light", "moderate", "serious", "severe", "critical", "incapacitating", "fatal"]);
  });

  it("unopposed: sums to 1 and matches 100,000 rolls", () => {
    const input: AttackOddsInput = { attack: { pool: { addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 12 }, weapon, defender };
    const odds = attackOdds(input);
    expect(odds.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    const rng = seededRandom(42);
    const counts = new Map<string, number>();
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      const r = rollCheck(input.attack, rng);
      const k = classify(input, r);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const o of odds.outcomes) expect(Math.abs((counts.get(o.key) ?? 0) / N - o.p)).toBeLessThan(0.006);
    expect(odds.success).toBeCloseTo(1 - odds.outcomes.slice(0, 3).reduce((s, o) => s + o.p, 0), 12);
  });

  it("opposed (direct): matches 100,000 contests; a known small case by hand", () => {
    const input: AttackOddsInput = { attack: { pool: { addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 15 }, defence: { addDice: 2, bonusDice: 0, penaltyDice: 0, die: "d8" }, weapon, defender };
    const odds = attackOdds(input);
    const rng = seededRandom(7);
    const counts = new Map<string, number>();
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      const c = rollDirectContest({ first: input.attack.pool, second: input.defence! }, rng);
      const a = resolveCheck({ pool: input.attack.pool, difficulty: 15 }, c.faces.first);
      const d = resolveCheck({ pool: input.defence!, difficulty: 15 }, c.faces.second);
      const k = classify(input, a, d);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const o of odds.outcomes) expect(Math.abs((counts.get(o.key) ?? 0) / N - o.p)).toBeLessThan(0.006);
    // One d8 against one d8, a wound on any hit (no armor, no thresholds): both botch on a 1,
    // the attack triumphs when higher or when only the defence botches.
    const tiny = attackOdds({ attack: { pool: { addDice: 1, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 5 }, defence: { addDice: 1, bonusDice: 0, penaltyDice: 0, die: "d8" }, weapon: { trauma: "physical", damageType: "lethal" }, defender: { physicalThreshold: 0, mentalThreshold: 0, toughness: 0 } });
    // P(first > second, neither botches) = C(7,2)/64 = 21/64; P(second botches, first doesn't) = 7/64.
    expect(tiny.success).toBeCloseTo(28 / 64, 12);
  });

  it("mental attacks read the mental chart; armor-stopped hits are their own outcome", () => {
    const mental = attackOdds({ attack: { pool: { addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 5 }, weapon: { trauma: "mental" }, defender });
    expect(mental.outcomes.find((o) => o.key === "stopped")!.p).toBe(0);
    const armored = attackOdds({ attack: { pool: { addDice: 3, bonusDice: 0, penaltyDice: 0, die: "d8" }, difficulty: 5 }, weapon: { trauma: "physical", damageType: "lethal", armor: { rating: 2, convertsLethal: false } }, defender });
    expect(armored.outcomes.find((o) => o.key === "stopped")!.p).toBeGreaterThan(0.05);
  });
});

describe("defence odds: the attack is rolled, the defender weighs a defence pool", () => {
  it("agrees with enumerating every roll of the defence (2 Add + 1 Bonus d8)", () => {
    const attack = { total: 14, outcome: "success" as const, degree: 0 };
    const input = { attack, defence: { addDice: 2, bonusDice: 1, penaltyDice: 0, die: "d8" as const }, weapon, defender };
    const odds = defenceOdds(input);
    const counts = new Map<string, number>();
    for (let a = 1; a <= 8; a++) for (let b = 1; b <= 8; b++) for (let c = 1; c <= 8; c++) {
      const d = resolveCheck({ pool: input.defence, difficulty: 0 }, [a, b, c]);
      const k = classify({ attack: { pool: input.defence, difficulty: 0 }, weapon, defender }, attack, d);
      counts.set(k, (counts.get(k) ?? 0) + 1 / 512);
    }
    for (const o of odds.outcomes) expect(o.p).toBeCloseTo(counts.get(o.key) ?? 0, 12);
    expect(odds.outcomes.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 12);
  });
  it("a botched attack cannot hit whatever the defence", () => {
    const odds = defenceOdds({ attack: { total: 2, outcome: "botch", degree: 0 }, defence: { addDice: 1, bonusDice: 0, penaltyDice: 0, die: "d8" }, weapon, defender });
    expect(odds.outcomes.find((o) => o.key === "miss")!.p).toBe(1);
  });
  it("a dice-phobe defence is one certain result: its total sets the attack's Difficulty", () => {
    // The defender takes the pool's fixed dice-phobe total instead of rolling; the attack rolled 26.
    const attack = { total: 26, outcome: "success" as const, degree: 2 };
    const input = { attack, defence: { addDice: 2, bonusDice: 1, penaltyDice: 0, die: "d8" as const }, phobe: true, weapon, defender };
    const total = dicePhobeTotal(input.defence);
    const expected = classify({ attack: { pool: input.defence, difficulty: 0 }, weapon, defender }, attack, { total, outcome: "success", mode: "dicePhobe" });
    const odds = defenceOdds(input);
    expect(odds.outcomes.find((o) => o.key === expected)!.p).toBe(1);
    expect(odds.outcomes.filter((o) => o.p > 0)).toHaveLength(1);
    // Not the same as rolling those dice.
    expect(defenceOdds({ ...input, phobe: false }).outcomes.filter((o) => o.p > 0).length).toBeGreaterThan(1);
  });
});
