/**
 * Flange odds: exact odds functions next to a seeded 100k-roll simulation of the same check.
 * "cold" clears the odds memo before each call (a first dialog open); "warm" reuses it.
 */
import { bench, describe } from "vitest";
import { seededRandom } from "../src/dice/random";
import {
  checkOdds,
  clearOddsCache,
  damageOdds,
  exchangeOdds,
  firstStrikeOdds,
  initiativeOdds,
  newHealth,
  opposedOdds,
  rollCheck,
  rollDamage,
  rollExchange,
  rollInitiative,
  rollOpposed,
  SAMPLE_WEAPONS,
  type CheckInput,
  type ExchangeInput,
} from "../src/rulesets/flange/rules";

const SIM = 100_000;
const opts = { iterations: 3, warmupIterations: 0 };

const checks: [string, CheckInput][] = [
  ["Surgery 2 on Perception 6", { dice: 2, target: 6 }],
  ["attribute-only 3d10 at 8", { dice: 3, target: 8 }],
  ["5 dice at 5", { dice: 5, target: 5 }],
  ["10 dice at 9", { dice: 10, target: 9 }],
  ["superglue: 0 dice → one die needing 10", { dice: 2, target: 9, diceModifier: -2 }],
  ["Edge: 2 dice at 9 + 1 Edge die, target −2 by Edge", { dice: 2, target: 9, edgeDice: 1, edgeTarget: 2 }],
];
for (const [name, input] of checks) {
  describe(`flange check: ${name}`, () => {
    bench("checkOdds (cold)", () => {
      clearOddsCache();
      checkOdds(input);
    });
    bench("checkOdds (warm)", () => {
      checkOdds(input);
    });
    bench("checkOdds with Edge re-roll policy (cold)", () => {
      clearOddsCache();
      checkOdds(input, { rerollBelow: 1 });
    });
    bench(
      "simulation, 100k rolls",
      () => {
        const rng = seededRandom(1);
        for (let i = 0; i < SIM; i++) rollCheck(input, rng);
      },
      opts,
    );
  });
}

const opposed: [string, CheckInput, CheckInput][] = [
  ["3@7 v 2@6", { dice: 3, target: 7 }, { dice: 2, target: 6 }],
  ["5@8 v 4@6", { dice: 5, target: 8 }, { dice: 4, target: 6 }],
  ["8@7 v 8@7", { dice: 8, target: 7 }, { dice: 8, target: 7 }],
];
for (const [name, a, b] of opposed) {
  describe(`flange opposed: ${name}`, () => {
    bench("opposedOdds (cold)", () => {
      clearOddsCache();
      opposedOdds(a, b);
    }, { iterations: 5 });
    bench(
      "simulation, 100k rolls",
      () => {
        const rng = seededRandom(1);
        for (let i = 0; i < SIM; i++) rollOpposed(a, b, rng);
      },
      opts,
    );
  });
}

const exchanges: [string, ExchangeInput][] = [
  [
    "revolver 3@7 v dodge 2@8",
    { attack: { skillDice: 3, attributeTarget: 7 }, weapon: SAMPLE_WEAPONS[1], defence: { kind: "dodge", check: { dice: 2, target: 8 } } },
  ],
  [
    "sock of sand 2@8 v arm block 2@7",
    { attack: { skillDice: 2, attributeTarget: 8 }, weapon: SAMPLE_WEAPONS[0], defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } } },
  ],
];
for (const [name, exchange] of exchanges) {
  describe(`flange attack: ${name}`, () => {
    bench("exchangeOdds (cold)", () => {
      clearOddsCache();
      exchangeOdds(exchange, newHealth(9));
    });
    bench(
      "simulation, 100k attacks",
      () => {
        const rng = seededRandom(1);
        for (let i = 0; i < SIM; i++) rollExchange(exchange, rng);
      },
      opts,
    );
  });
}

const damage = { dice: 4, modifier: 2, armour: 1 };
describe("flange damage roll: 4 dice +2, armour 1", () => {
  bench("damageOdds", () => {
    damageOdds(damage);
  });
  bench(
    "simulation, 100k rolls",
    () => {
      const rng = seededRandom(1);
      for (let i = 0; i < SIM; i++) rollDamage(damage, rng);
    },
    opts,
  );
});

const don = { perception: 8, athleticism: 7 };
const tims = { perception: 6, athleticism: 8, failedBlocks: 1 };
describe("flange initiative: Don 8+7 v Tims 6+8 +1 failed block", () => {
  bench("initiativeOdds + firstStrikeOdds", () => {
    initiativeOdds(tims);
    firstStrikeOdds(don, tims);
  });
  bench(
    "simulation, 100k pairs of rolls",
    () => {
      const rng = seededRandom(1);
      for (let i = 0; i < SIM; i++) {
        rollInitiative(don, rng);
        rollInitiative(tims, rng);
      }
    },
    opts,
  );
});
