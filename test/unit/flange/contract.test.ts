/**
 * Every dialog-facing Flange check kind against the shared rules-core contract: odds in the one
 * shape, resolve(input, roll(input).faces) equal to the roll, rolled outcomes named by the odds.
 * Inputs cover the seed's rolls and the edges: zero dice (the desperate die), the largest pool,
 * extreme modifiers, targets at or below 1 (every die succeeds, so the extra-dice chain runs on).
 */
import { describe, expect, it } from "vitest";
import { CHECK_DICE_MAX, DAMAGE_DICE_MAX, SAMPLE_WEAPONS, flangeCheckCore, flangeDamageCore, flangeExchangeCore, flangeInitiativeCore, flangeOpposedCore, newHealth, type CheckInput, type ExchangeInput } from "../../../src/rulesets/flange/rules";
import { contractSuite } from "../contract-suite";

const checks: CheckInput[] = [
  { dice: 2, target: 6 },
  { dice: 2, target: 6, diceModifier: 1, targetModifier: 1 },
  { dice: 0, target: 8 },
  { dice: 2, target: 9, diceModifier: -2 },
  { dice: 3, target: 9, targetModifier: 2 },
  { dice: 2, target: 9, edgeDice: 1, edgeTarget: 2 },
  { dice: CHECK_DICE_MAX, target: 9 },
  { dice: 5, target: 5, targetModifier: -99 },
  { dice: CHECK_DICE_MAX, target: 1 },
  { dice: 1, target: 99, targetModifier: 99 },
];

contractSuite("flange check", flangeCheckCore, checks, { outcomeOf: (r) => r.outcome, successOf: (r) => r.successes > 0 });

contractSuite(
  "flange opposed roll",
  flangeOpposedCore,
  [
    { first: { dice: 2, target: 6 }, second: { dice: 3, target: 7 } },
    { first: { dice: 3, target: 7 }, second: { dice: 3, target: 7 } },
    { first: { dice: 0, target: 8 }, second: { dice: CHECK_DICE_MAX, target: 5 } },
    { first: { dice: CHECK_DICE_MAX, target: 1 }, second: { dice: CHECK_DICE_MAX, target: 10 } },
    { first: { dice: 1, target: 10, targetModifier: 9 }, second: { dice: 1, target: 10 } },
  ],
  { rolls: 100, outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "firstWins" },
);

contractSuite(
  "flange initiative",
  flangeInitiativeCore,
  [
    { first: { perception: 8, athleticism: 7 }, second: { perception: 6, athleticism: 8 } },
    { first: { perception: 8, athleticism: 7, previous: 21 }, second: { perception: 6, athleticism: 8, previous: 16, failedBlocks: 2 } },
    { first: { perception: 5, athleticism: 5, modifier: -999 }, second: { perception: 20, athleticism: 20, previous: 9999, modifier: 999 } },
  ],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.outcome === "firstActsFirst" },
);

const [sock, revolver, barret] = SAMPLE_WEAPONS;
const exchanges: ExchangeInput[] = [
  { attack: { skillDice: 2, attributeTarget: 8 }, weapon: sock, defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } }, defenderHealth: newHealth(6) },
  { attack: { skillDice: 3, attributeTarget: 7 }, weapon: revolver, defence: { kind: "dodge", check: { dice: 2, target: 8 } }, defenderHealth: newHealth(9, true) },
  { attack: { skillDice: 4, attributeTarget: 6, counterattackBonus: true }, weapon: barret, defence: { kind: "counterattack" }, armour: 2 },
  { attack: { skillDice: 3, attributeTarget: 6, failedBlockPenalty: true }, weapon: revolver, defence: { kind: "block", with: "object", check: { dice: 1, target: 8 } }, damageEdgeDice: 1 },
  { attack: { skillDice: 0, attributeTarget: 8 }, weapon: sock, defence: { kind: "none" } },
  {
    attack: { skillDice: CHECK_DICE_MAX, attributeTarget: 5, targetModifier: -99 },
    weapon: { damageDice: 20, damageModifier: 99 },
    defence: { kind: "dodge", check: { dice: CHECK_DICE_MAX, target: 5, targetModifier: -99 } },
    damageEdgeDice: CHECK_DICE_MAX,
    armour: 99,
    defenderHealth: newHealth(10, true),
    dramatic: true,
  },
];
contractSuite("flange exchange", flangeExchangeCore, exchanges, { rolls: 150, outcomeOf: (r) => r.outcome, successOf: (r) => r.damage > 0 });

contractSuite(
  "flange damage roll",
  flangeDamageCore,
  [
    { dice: 1, modifier: -3 },
    { dice: 3, modifier: -1, defenderHealth: newHealth(9) },
    { dice: DAMAGE_DICE_MAX, modifier: 99, defenderHealth: newHealth(5, true) },
    { dice: 4, modifier: -99, armour: 99 },
    { dice: 2, modifier: 2, defenderHealth: { boxes: 9, lost: 7, grindBoxes: 5, grindLost: 4 }, dramatic: true },
  ],
  { outcomeOf: (r) => r.outcome, successOf: (r) => r.damage > 0 },
);

describe("flange Odds shapes", () => {
  it("an opposed roll's outcomes agree with the tie-break-free marginals and sum to 1", () => {
    const o = flangeOpposedCore.odds({ first: { dice: 8, target: 7 }, second: { dice: 8, target: 7 } });
    expect(o.outcomes.map((e) => e.key)).toEqual(["secondWins", "bothLose", "tie", "firstWins"]);
    const p = Object.fromEntries(o.outcomes.map((e) => [e.key, e.p]));
    expect(p.firstWins).toBeCloseTo(p.secondWins, 12);
    expect(o.extras.map((e) => e.key)).toEqual(["firstCriticalFailure", "secondCriticalFailure"]);
  });
  it("the exchange names only the outcomes its defence allows", () => {
    expect(flangeExchangeCore.odds(exchanges[0]).outcomes.map((e) => e.key)).toEqual(["miss", "halved", "hit"]);
    expect(flangeExchangeCore.odds(exchanges[1]).outcomes.map((e) => e.key)).toEqual(["miss", "dodged", "hit"]);
    expect(flangeExchangeCore.odds(exchanges[2]).outcomes.map((e) => e.key)).toEqual(["miss", "hit"]);
    expect(flangeExchangeCore.odds(exchanges[0]).extras.map((e) => e.key)).toEqual(["attackCriticalFailure", "seriousInjury", "dead"]);
  });
  it("a damage roll's outcomes name death only with the defender's health", () => {
    expect(flangeDamageCore.odds({ dice: 2, modifier: 0 }).outcomes.map((e) => e.key)).toEqual(["minor", "seriousInjury"]);
    const o = flangeDamageCore.odds({ dice: 2, modifier: 0, defenderHealth: { boxes: 9, lost: 5, grindBoxes: 0, grindLost: 0 } });
    expect(o.outcomes.map((e) => e.key)).toEqual(["minor", "seriousInjury", "dead"]);
    // 4 boxes left: death at 4+ damage = top die 4..: 1 − P(top ≤ 3) = 1 − 0.09.
    expect(o.outcomes[2].p).toBeCloseTo(0.91, 14);
  });
});
