/**
 * The Toast core against the rules-core contract (docs/architecture.md): every dialog-facing check
 * kind is a CheckCore run through the shared contract suite with representative inputs, edge
 * cases included (no damage dice, the largest pool, extreme modifiers, Autos and Flubs forced by
 * inestimable targets, a target already at the wound cap's edge). Toast has no open-ended roll: a
 * d10+ takes one or two faces, a damage roll exactly its dice.
 *
 * Below the suite: the fast odds paths (closed-form checks and contests, the per-total strike
 * odds) checked against plain enumeration, so the speed-ups cannot change a probability.
 */
import { describe, expect, it } from "vitest";
import {
  ARMOR_TABLE,
  MAX_DAMAGE_DICE,
  MAX_MAGNITUDE,
  advancementCore,
  attackCore,
  bodyCheckCore,
  checkCore,
  checkOutcomeOdds,
  contestCore,
  contestOutcomeOdds,
  contestRank,
  d10PlusOutcomes,
  damageCore,
  damageDistribution,
  damageStrikeCore,
  damageStrikeOutcomeOdds,
  fullAttackCore,
  healingDayCore,
  initiativeCore,
  planStrike,
  strikeCore,
  strikeOutcomeOdds,
  type StrikeTarget,
} from "../../../src/rulesets/toast/rules";
import { contractSuite } from "../contract-suite";
import { attrs, maxDiff } from "./helpers";

const fighter: StrikeTarget = { attributes: attrs({ strength: 14, health: 12, tolerance: 16, will: 11 }), woundLevels: 0 };
const wounded: StrikeTarget = { attributes: attrs({ strength: 13, agility: 15, health: 12, tolerance: 14 }), woundLevels: 9, armor: ARMOR_TABLE.chainMail };
const frail: StrikeTarget = { attributes: attrs({ strength: 6, health: 7, tolerance: 6, will: 8 }), woundLevels: 20, woundScale: 5 };
const plated: StrikeTarget = { attributes: attrs(), woundLevels: 0, armor: ARMOR_TABLE.fullPlate, armorPenaltyOnChecks: false };
/** At the wound cap's edge: the largest pool still fits (760 + 240 − 9 ≤ 1000). */
const nearCap: StrikeTarget = { attributes: attrs({ tolerance: 20 }), woundLevels: 760, armor: ARMOR_TABLE.fullPlate };

contractSuite(
  "toast check",
  checkCore,
  [
    { modifier: 12, target: 15 },
    { modifier: 0, target: 28 },
    { modifier: MAX_MAGNITUDE, target: -MAX_MAGNITUDE },
    { modifier: -MAX_MAGNITUDE, target: MAX_MAGNITUDE },
    { modifier: 5, target: "inestimablyEasy" },
    { modifier: 5, target: "inestimablyHard" },
  ],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.success },
);

contractSuite(
  "toast contest",
  contestCore,
  [
    { first: 13, second: 11 },
    { first: 10, second: 10 },
    { first: MAX_MAGNITUDE, second: -MAX_MAGNITUDE },
    { first: -MAX_MAGNITUDE, second: MAX_MAGNITUDE },
  ],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "firstWins" },
);

contractSuite(
  "toast initiative",
  initiativeCore,
  [{ modifier: 13 }, { modifier: 13, against: 20 }, { modifier: -MAX_MAGNITUDE, against: 1_000_012 }, { modifier: MAX_MAGNITUDE, against: -1_000_012 }, { modifier: 0, against: null }],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.success },
);

contractSuite(
  "toast attack",
  attackCore,
  [
    { attack: 14, defence: { kind: "contested", modifier: 12 } },
    { attack: 11, defence: { kind: "target", target: 15 } },
    { attack: -MAX_MAGNITUDE, defence: { kind: "target", target: "inestimablyEasy" } },
    { attack: MAX_MAGNITUDE, defence: { kind: "contested", modifier: -MAX_MAGNITUDE } },
  ],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "hit" },
);

contractSuite("toast damage", damageCore, [{ dice: 0 }, { dice: 1 }, { dice: 5 }, { dice: MAX_DAMAGE_DICE }], {
  outcomeOf: (r) => String(r.total),
  successOf: (r) => r.total > 0,
});

contractSuite(
  "toast strike (known damage)",
  strikeCore,
  [
    { target: fighter, damage: 0 },
    { target: fighter, damage: 24 },
    { target: wounded, damage: 14 },
    { target: plated, damage: 9 },
    { target: frail, damage: 40 },
  ],
  { outcomeOf: (r) => r.state, successOf: (r) => r.state === "wounded" || r.state === "noWound" },
);

contractSuite(
  "toast death or collapse check",
  bodyCheckCore,
  [
    { target: wounded, check: "death", effective: 22 },
    { target: fighter, check: "collapse", effective: 13 },
    { target: frail, check: "death", effective: 1000 },
    { target: plated, check: "collapse", effective: 0 },
  ],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.success },
);

contractSuite(
  "toast damage against a target",
  damageStrikeCore,
  [
    { target: fighter, dice: 0 },
    { target: fighter, dice: 5 },
    { target: wounded, dice: 8 },
    { target: frail, dice: 7 },
    { target: nearCap, dice: MAX_DAMAGE_DICE },
  ],
  { outcomeOf: (r) => r.strike.state, successOf: (r) => r.strike.state !== "noWound" },
);

contractSuite(
  "toast whole attack",
  fullAttackCore,
  [
    { attack: 14, defence: { kind: "contested", modifier: 11 }, damageDice: 6, defender: wounded },
    { attack: 9, defence: { kind: "target", target: 15 }, damageDice: 5, defender: fighter },
    { attack: 0, defence: { kind: "target", target: "inestimablyHard" }, damageDice: 0, defender: plated },
    { attack: MAX_MAGNITUDE, defence: { kind: "contested", modifier: -MAX_MAGNITUDE }, damageDice: MAX_DAMAGE_DICE, defender: nearCap },
  ],
  { outcomeOf: (r) => r.consequence, successOf: (r) => r.attack.outcome === "hit" },
);

contractSuite(
  "toast skill advancement",
  advancementCore,
  [
    { level: 9, focus: 13 },
    { level: 1, focus: 20 },
    { level: 500, focus: 1 },
    { level: 3, focus: 10, learnedThisSession: true },
  ],
  { outcomeOf: (r) => r.reason, successOf: (r) => r.advanced },
);

contractSuite(
  "toast day of healing",
  healingDayCore,
  [
    { attributes: attrs({ health: 13, tolerance: 14 }), woundLevels: 12, strenuous: false },
    { attributes: attrs({ health: 13, tolerance: 14 }), woundLevels: 12, strenuous: true, treatment: { modifier: 3 } },
    { attributes: attrs(), woundLevels: 0, strenuous: false, treatment: { modifier: 8 } },
    { attributes: attrs({ health: 6, tolerance: 8 }), woundLevels: 1000, strenuous: false, treatment: { modifier: -MAX_MAGNITUDE }, treatmentHeals: 1000 },
  ],
  { outcomeOf: (r) => String(r.healed), successOf: (r) => r.healed > 0 },
);

describe("toast fast odds paths agree with plain enumeration", () => {
  it("checkOutcomeOdds (closed form) equals the sum over all 34 d10+ rolls", () => {
    for (const modifier of [-1000, -20, -3, 0, 4, 10, 17, 1000]) {
      for (const target of [-1000, 0, 3, 7, 11, 15, 19, 23, 28, 1000, "inestimablyEasy", "inestimablyHard"] as const) {
        const byHand = { auto: 0, success: 0, failure: 0, flub: 0 };
        for (const { roll, p } of d10PlusOutcomes()) {
          if (roll.kind === "auto") byHand.auto += p;
          else if (roll.kind === "flub") byHand.flub += p;
          else if (target === "inestimablyEasy" || (target !== "inestimablyHard" && (roll.number ?? 0) + modifier >= target)) byHand.success += p;
          else byHand.failure += p;
        }
        expect(maxDiff(checkOutcomeOdds({ modifier, target }), byHand)).toBeLessThan(1e-15);
      }
    }
  });
  it("contestOutcomeOdds (closed form) equals the sum over all 34 × 34 roll pairs", () => {
    for (const first of [-1000, -12, 0, 3, 9, 13, 1000]) {
      for (const second of [-1000, -9, 0, 5, 11, 13, 1000]) {
        const byHand = { firstWins: 0, secondWins: 0, tie: 0 };
        for (const x of d10PlusOutcomes()) {
          for (const y of d10PlusOutcomes()) {
            const a = contestRank(x.roll, first);
            const b = contestRank(y.roll, second);
            byHand[a > b ? "firstWins" : a < b ? "secondWins" : "tie"] += x.p * y.p;
          }
        }
        expect(maxDiff(contestOutcomeOdds({ first, second }), byHand)).toBeLessThan(1e-13);
      }
    }
  });
  it("damageStrikeOutcomeOdds (per-total closed form) equals the damage distribution times planStrike's odds", () => {
    for (const target of [fighter, wounded, frail, plated, nearCap]) {
      for (const dice of [0, 1, 3, 8, 20, MAX_DAMAGE_DICE]) {
        const dist = damageDistribution(dice);
        const byHand = { noWound: 0, wounded: 0, collapsed: 0, killed: 0 };
        for (let t = 0; t < dist.length; t++) {
          if (dist[t] === 0) continue;
          const o = strikeOutcomeOdds({ target, damage: t });
          for (const k of ["noWound", "wounded", "collapsed", "killed"] as const) byHand[k] += dist[t] * o[k];
        }
        expect(maxDiff(damageStrikeOutcomeOdds({ target, dice }), byHand)).toBeLessThan(1e-13);
        // and planStrike's checks are the ones strikeOutcomeOdds priced
        expect(planStrike({ target, damage: 4 * dice }).woundLevelsBefore).toBe(target.woundLevels);
      }
    }
  });
  it("the cached damage distribution sums to 1 and is the same array on a second call", () => {
    for (const dice of [0, 1, 7, MAX_DAMAGE_DICE]) {
      const d = damageDistribution(dice);
      expect(d.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
      expect(d.length).toBe(4 * dice + 1);
      expect(damageDistribution(dice)).toBe(d);
    }
  });
});
