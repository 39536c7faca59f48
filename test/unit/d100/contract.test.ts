/**
 * Every check kind a D10/0 roll dialog shows, run through the shared rules-core contract suite
 * (docs/architecture.md, "The rules-core contract") with representative inputs and edge cases:
 * zero dice, extreme difficulties and scores, margins, and open ends (overflow).
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/dice/random";
import {
  type AssistedInput,
  type CheckInput,
  type ConflictInput,
  type CooperativeInput,
  type CumulativeInput,
  type DamageInput,
  type FireInput,
  type ShieldedAttackInput,
  EXAMPLE_FIRE_BLOCKS,
  MAX_CHECK_SCORE,
  MAX_DIFFICULTY,
  MAX_HELPERS,
  assistedCore,
  checkCore,
  conflictCore,
  cooperativeCore,
  cumulativeCore,
  cumulativeOutcomeKey,
  damageCore,
  damageOutcomeKey,
  fireCore,
  fireOutcomeKey,
  shieldedAttackCore,
  uniformAttributes,
} from "../../../src/rulesets/d100/rules/index";
import { contractSuite } from "../contract-suite";

const attr = (score: number, extra: Partial<CheckInput> = {}): CheckInput => ({ kind: "attribute", score, ...extra });
const skill = (score: number, extra: Partial<CheckInput> = {}): CheckInput => ({ kind: "skill", score, ...extra });

const checks: CheckInput[] = [
  attr(5),
  attr(0, { overflow: true }),
  attr(10, { difficulty: 3, overflow: true, consolationMargin: 2, agitationMargin: 2 }),
  skill(45, { difficulty: 10 }),
  skill(62, { difficulty: 30, overflow: true, consolationMargin: 5, agitationMargin: 5 }),
  skill(0, { difficulty: -MAX_DIFFICULTY }),
  skill(MAX_CHECK_SCORE, { difficulty: MAX_DIFFICULTY, overflow: true }),
  skill(99, { overflow: true }),
];
contractSuite("D10/0 check", checkCore, checks, { outcomeOf: (r) => r.degreeKey, successOf: (r) => r.outcome === "success" });

const conflicts: ConflictInput[] = [
  { first: attr(5), second: attr(5) },
  { first: skill(55, { overflow: true }), second: skill(40, { overflow: true }) },
  { first: skill(0), second: skill(MAX_CHECK_SCORE, { overflow: true }) },
];
contractSuite("D10/0 conflicting effort", conflictCore, conflicts, { outcomeOf: (r) => r.winner, successOf: (r) => r.winner === "first" });

const six = Array.from({ length: MAX_HELPERS }, (_, i) => skill(99 - 10 * i, { overflow: true }));
const cooperative: CooperativeInput[] = [
  { helpers: [skill(35), skill(50)], task: { kind: "skill", difficulty: 20 } },
  { helpers: [attr(3, { overflow: true })], task: { kind: "attribute", difficulty: -5, consolationMargin: 3 } },
  { helpers: six, task: { kind: "skill", difficulty: 300, agitationMargin: 20 } },
];
contractSuite("D10/0 cooperative effort", cooperativeCore, cooperative, { outcomeOf: (r) => r.result.degreeKey, successOf: (r) => r.result.outcome === "success" });

const assisted: AssistedInput[] = [
  { main: skill(40, { difficulty: 30 }), assists: [] },
  { main: skill(40, { difficulty: 30, overflow: true, agitationMargin: 5 }), assists: [skill(30), skill(20, { overflow: true })] },
  { main: attr(2, { difficulty: MAX_DIFFICULTY }), assists: [attr(9, { overflow: true })] },
  { main: skill(99, { overflow: true }), assists: six },
];
contractSuite("D10/0 assisted check", assistedCore, assisted, { outcomeOf: (r) => r.result.degreeKey, successOf: (r) => r.result.outcome === "success" });

const cumulative: CumulativeInput[] = [
  { goal: 100, check: skill(40), checks: 5 },
  { goal: 10, mode: "signed", total: 3, check: attr(6, { overflow: true }), checks: 4 },
  { goal: 1, check: attr(0), checks: 1 },
  { goal: 10_000, mode: "signed", check: skill(MAX_CHECK_SCORE, { overflow: true }), checks: 10 },
];
contractSuite("D10/0 cumulative effort", cumulativeCore, cumulative, { outcomeOf: cumulativeOutcomeKey, successOf: (r) => r.complete });

const fire: FireInput[] = [
  { block: EXAMPLE_FIRE_BLOCKS.threeShotBurst, check: skill(40) },
  { block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: skill(55, { overflow: true }), x: 3 },
  { block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: skill(MAX_CHECK_SCORE, { overflow: true }), x: 20 },
  { block: EXAMPLE_FIRE_BLOCKS.protonStream, check: skill(0, { difficulty: 50 }), apChoice: 2 },
  { block: EXAMPLE_FIRE_BLOCKS.shotgunBlast, check: skill(70, { difficulty: -20 }) },
];
contractSuite("D10/0 fire", fireCore, fire, { outcomeOf: fireOutcomeKey, successOf: (r) => r.evaluation.step !== null });

const shielded: ShieldedAttackInput[] = [
  { attack: skill(50, { difficulty: 5, overflow: true }) },
  { attack: skill(40), shieldDifficulty: 0 },
  { attack: skill(MAX_CHECK_SCORE, { overflow: true }), shieldDifficulty: MAX_DIFFICULTY },
];
contractSuite("D10/0 shielded attack", shieldedAttackCore, shielded, { outcomeOf: (r) => r.result, successOf: (r) => r.result === "through" });

const st4 = { ...uniformAttributes(5), strength: 4 };
const damage: DamageInput[] = [
  { notation: "10" },
  { notation: "10 + 2D(ST)", attributes: st4, adjustment: "-10F -2R" },
  { notation: "5 + 2D + 1D(ST)", attributes: st4, overflow: true, adjustment: "-3F -1R", target: { normal: 40, current: 12 } },
  { notation: "5K + 1KD", target: { normal: 50, current: 50 } },
  { notation: "100D", overflow: true, adjustment: "-5F -1R" },
  { notation: "3D(0)", adjustment: "-1F" },
];
contractSuite("D10/0 damage", damageCore, damage, { outcomeOf: damageOutcomeKey, successOf: (r) => r.adjusted.after > 0 });

describe("the worst option mixes the caps allow (bench/d100.bench.ts)", () => {
  const worst = (score: number): CheckInput => skill(score, { difficulty: MAX_DIFFICULTY, overflow: true, consolationMargin: 50, agitationMargin: 50 });
  const party = Array.from({ length: MAX_HELPERS }, (_, i) => worst(MAX_CHECK_SCORE - i));
  it.each([
    ["check", () => checkCore.odds(worst(MAX_CHECK_SCORE))],
    ["conflict", () => conflictCore.odds({ first: worst(200), second: worst(199) })],
    ["cooperation", () => cooperativeCore.odds({ helpers: party, task: { kind: "skill", difficulty: MAX_DIFFICULTY, consolationMargin: 50, agitationMargin: 50 } })],
    ["assisted", () => assistedCore.odds({ main: worst(MAX_CHECK_SCORE), assists: party })],
    ["cumulative", () => cumulativeCore.odds({ goal: 10_000, mode: "signed", check: worst(MAX_CHECK_SCORE), checks: 10 })],
    ["fire", () => fireCore.odds({ block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: worst(MAX_CHECK_SCORE), x: 20 })],
    ["shielded attack", () => shieldedAttackCore.odds({ attack: worst(MAX_CHECK_SCORE) })],
    ["damage", () => damageCore.odds({ notation: "10 + 50D + 50D(ST)", attributes: { ...st4, strength: 7 }, overflow: true, adjustment: "-10F -2R 5F 1R", target: { normal: 500, current: 400 } })],
  ] as const)("%s: a full distribution with its left-out mass within 1e-9", (_name, odds) => {
    const o = odds();
    expect(o.error).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(1 - o.outcomes.reduce((s, x) => s + x.p, 0))).toBeLessThanOrEqual(o.error + 1e-12);
  });
});

describe("the contract's edges in D10/0", () => {
  it("zero dice: flat damage rolls no die and is certain", () => {
    const r = damageCore.roll({ notation: "10" }, seededRandom(1));
    expect(r.faces).toEqual([]);
    expect(damageCore.odds({ notation: "10" })).toMatchObject({ success: 1, outcomes: [{ key: "noDamage", p: 0 }, { key: "damage", p: 1 }], error: 0 });
  });
  it("an assisted check without assistants is the plain check", () => {
    const input = skill(62, { difficulty: 30, overflow: true, consolationMargin: 5 });
    const a = assistedCore.odds({ main: input, assists: [] });
    const c = checkCore.odds(input);
    for (const [i, o] of c.outcomes.entries()) expect(a.outcomes[i].p).toBeCloseTo(o.p, 12);
  });
});
