/**
 * Dice Pool attack odds (the attack dialog's second panel, src/rulesets/pool/rules/attack-odds.ts):
 * the worst option mix, cold (every cache emptied first) and warm, and a realistic attack.
 * Figures: docs/rules/pool.md, "Foundry side: combat".
 */
import { bench, describe } from "./guard";
import { attackOdds, clearPoolOddsCache, type AttackOddsInput } from "../src/rulesets/pool/rules";

const weapon = { trauma: "physical" as const, damageType: "lethal" as const, musclePower: 3, weaponModifier: 2, armor: { rating: 2, convertsLethal: true } };
const defender = { physicalThreshold: 2, mentalThreshold: 1, toughness: 1 };
// The widest degree spread: 60 dice on each side, on the die with the widest faces.
const worstOpposed: AttackOddsInput = { attack: { pool: { addDice: 59, bonusDice: 1, penaltyDice: 0, die: "d12Minus2" }, difficulty: 15 }, defence: { addDice: 60, bonusDice: 0, penaltyDice: 0, die: "d12Minus2" }, weapon, defender };
const worstUnopposed: AttackOddsInput = { attack: { pool: { addDice: 59, bonusDice: 1, penaltyDice: 0, die: "d12Minus2" }, difficulty: -10_000 }, weapon, defender };
const realistic: AttackOddsInput = { attack: { pool: { addDice: 4, bonusDice: 1, penaltyDice: 0, die: "d8" }, difficulty: 15 }, weapon, defender };

describe("Dice Pool attack odds", () => {
  bench("worst case, cold: opposed, 59 Add + 1 Bonus vs 60 Add, d12−2", () => {
    clearPoolOddsCache();
    attackOdds(worstOpposed);
  });
  bench("worst case, cold: unopposed, 59 Add + 1 Bonus d12−2 vs −10,000 (every total a hit)", () => {
    clearPoolOddsCache();
    attackOdds(worstUnopposed);
  });
  bench("worst case, warm: opposed", () => {
    attackOdds(worstOpposed);
  });
  bench("realistic, cold: 4 Add + 1 Bonus d8 vs 15", () => {
    clearPoolOddsCache();
    attackOdds(realistic);
  });
});
