/**
 * Flange odds: exact odds functions next to a seeded 100k-roll simulation of the same check.
 * "cold" clears the odds memo before each call (a first dialog open); "warm" reuses it.
 * The first group is the ruleset's worst case (issue 8.2: every dialog's odds within one frame,
 * 16 ms): the largest pools the caps allow (CHECK_DICE_MAX dice a side), open ends on, every
 * option on, at the slowest targets found by a scan (docs/rules/flange.md "Bench").
 */
import { bench, describe } from "./guard";
import { seededRandom } from "../src/dice/random";
import {
  CHECK_DICE_MAX,
  DAMAGE_DICE_MAX,
  SAMPLE_WEAPONS,
  checkDistribution,
  checkOdds,
  clearOddsCache,
  damageOdds,
  exchangeOdds,
  initiativeOdds,
  newHealth,
  opposedOdds,
  rollCheck,
  rollDamage,
  rollExchange,
  rollInitiativeContest,
  rollOpposed,
  type CheckInput,
  type ExchangeInput,
  type OpposedInput,
} from "../src/rulesets/flange/rules";

const SIM = 100_000;
const opts = { iterations: 3, warmupIterations: 0 };

const worstOpposed: OpposedInput = { first: { dice: CHECK_DICE_MAX, target: 3 }, second: { dice: CHECK_DICE_MAX, target: 8 } };
const worstCheck: CheckInput = { dice: CHECK_DICE_MAX, target: 4 };
const worstExchange: ExchangeInput = {
  attack: { skillDice: CHECK_DICE_MAX - 1, attributeTarget: 10, counterattackBonus: true, failedBlockPenalty: true },
  weapon: { damageDice: 20, damageModifier: 5 },
  defence: { kind: "dodge", check: { dice: CHECK_DICE_MAX, target: 10 } },
  damageEdgeDice: CHECK_DICE_MAX,
  armour: 3,
  defenderHealth: newHealth(9, true),
};
describe("flange worst case (odds within one frame: 16 ms)", () => {
  bench(`worst case: opposed roll ${CHECK_DICE_MAX}@3 v ${CHECK_DICE_MAX}@8 (cold)`, () => {
    clearOddsCache();
    opposedOdds(worstOpposed);
  });
  bench(`worst case: opposed roll ${CHECK_DICE_MAX}@3 v ${CHECK_DICE_MAX}@8 (warm)`, () => {
    opposedOdds(worstOpposed);
  });
  bench(`worst case: check ${CHECK_DICE_MAX}@4 (cold)`, () => {
    clearOddsCache();
    checkOdds(worstCheck);
  });
  bench(`worst case: attack ${CHECK_DICE_MAX} dice (counterattack and failed-block) @10 v dodge ${CHECK_DICE_MAX}@10, 20 dots + ${CHECK_DICE_MAX} Edge damage dice, grind wounds (cold)`, () => {
    clearOddsCache();
    exchangeOdds(worstExchange);
  });
  bench(`worst case: damage ${DAMAGE_DICE_MAX} dice with the defender's health`, () => {
    damageOdds({ dice: DAMAGE_DICE_MAX, modifier: 99, defenderHealth: newHealth(5, true) });
  });
});

/** 100 mixes a table meets every evening: small pools, a modifier or two, an Edge die, the sample weapons. */
function realisticMixes(): (() => unknown)[] {
  const rng = seededRandom(2026);
  const int = (lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
  const check = (): CheckInput => ({ dice: int(1, 6), target: int(5, 10), diceModifier: int(-1, 2), targetModifier: int(-1, 2), edgeDice: int(0, 1) });
  const out: (() => unknown)[] = [];
  for (let i = 0; i < 100; i++) {
    const a = check();
    const b = check();
    const kind = i % 4;
    if (kind === 0) out.push(() => checkOdds(a));
    else if (kind === 1) out.push(() => opposedOdds({ first: a, second: b }));
    else if (kind === 2) {
      const x: ExchangeInput = {
        attack: { skillDice: int(1, 5), attributeTarget: int(5, 10), counterattackBonus: rng() < 0.3 },
        weapon: SAMPLE_WEAPONS[int(0, 2)],
        defence: i % 3 === 0 ? { kind: "dodge", check: b } : i % 3 === 1 ? { kind: "block", with: "object", check: b } : { kind: "counterattack" },
        armour: int(0, 2),
        defenderHealth: newHealth(int(5, 10)),
      };
      out.push(() => exchangeOdds(x));
    } else {
      const d = { dice: int(1, 8), modifier: int(-3, 3), armour: int(0, 2) };
      out.push(() => damageOdds(d));
    }
  }
  return out;
}
const mixes = realisticMixes();
describe("flange realistic mixes (the median must stay under 1 ms)", () => {
  bench("100 realistic dialogs, cold each (time / 100 = mean per dialog)", () => {
    for (const odds of mixes) {
      clearOddsCache();
      odds();
    }
  });
  bench("100 realistic dialogs, warm (time / 100 = mean per dialog)", () => {
    for (const odds of mixes) odds();
  });
});

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
    bench("checkDistribution with Edge re-roll policy (cold)", () => {
      clearOddsCache();
      checkDistribution(input, { rerollBelow: 1 });
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

const opposed: [string, OpposedInput][] = [
  ["3@7 v 2@6", { first: { dice: 3, target: 7 }, second: { dice: 2, target: 6 } }],
  ["5@8 v 4@6", { first: { dice: 5, target: 8 }, second: { dice: 4, target: 6 } }],
  ["8@7 v 8@7", { first: { dice: 8, target: 7 }, second: { dice: 8, target: 7 } }],
];
for (const [name, input] of opposed) {
  describe(`flange opposed: ${name}`, () => {
    bench("opposedOdds (cold)", () => {
      clearOddsCache();
      opposedOdds(input);
    });
    bench("opposedOdds (warm)", () => {
      opposedOdds(input);
    });
    bench(
      "simulation, 100k rolls",
      () => {
        const rng = seededRandom(1);
        for (let i = 0; i < SIM; i++) rollOpposed(input, rng);
      },
      opts,
    );
  });
}

const exchanges: [string, ExchangeInput][] = [
  [
    "revolver 3@7 v dodge 2@8",
    { attack: { skillDice: 3, attributeTarget: 7 }, weapon: SAMPLE_WEAPONS[1], defence: { kind: "dodge", check: { dice: 2, target: 8 } }, defenderHealth: newHealth(9) },
  ],
  [
    "sock of sand 2@8 v arm block 2@7",
    { attack: { skillDice: 2, attributeTarget: 8 }, weapon: SAMPLE_WEAPONS[0], defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } }, defenderHealth: newHealth(6) },
  ],
];
for (const [name, exchange] of exchanges) {
  describe(`flange attack: ${name}`, () => {
    bench("exchangeOdds (cold)", () => {
      clearOddsCache();
      exchangeOdds(exchange);
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

const contest = { first: { perception: 8, athleticism: 7 }, second: { perception: 6, athleticism: 8, failedBlocks: 1 } };
describe("flange initiative: Don 8+7 v Tims 6+8 +1 failed block", () => {
  bench("initiativeOdds", () => {
    initiativeOdds(contest);
  });
  bench(
    "simulation, 100k pairs of rolls",
    () => {
      const rng = seededRandom(1);
      for (let i = 0; i < SIM; i++) rollInitiativeContest(contest, rng);
    },
    opts,
  );
});
