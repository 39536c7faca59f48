/**
 * Dice Pool (seed 002): time of each exact odds function per check, next to the time of a
 * seeded 100,000-roll simulation of the same check with the core's own roll function.
 */
import { bench, describe } from "vitest";
import { simulate } from "../src/dice/dist";
import { seededRandom } from "../src/dice/random";
import {
  bandKey,
  checkOdds,
  complexOdds,
  complexStepDist,
  degreeChance,
  eitherOrOdds,
  meetsDegree,
  rollEitherOr,
  directContestOdds,
  makePool,
  rollCheck,
  rollComplexStep,
  rollDirectContest,
  rollIndirectContest,
  indirectContestOdds,
  COMPLEX_START,
  type CheckInput,
  type ComplexAction,
  type ComplexProgress,
} from "../src/rulesets/pool/rules";

const SIM = 100_000;
const simOptions = { iterations: 3, time: 0, warmupIterations: 0, warmupTime: 0 };

const checks: [string, CheckInput][] = [
  ["4 Add + 2 Bonus d8 vs 20", { pool: makePool(4, 2, 0), difficulty: 20 }],
  ["3 Add + 3 Penalty d10-1 vs 12", { pool: makePool(3, 0, 3, "d10Minus1"), difficulty: 12 }],
  ["8 Add + 6 Bonus d12-2 vs 40 (large team pool)", { pool: makePool(8, 6, 0, "d12Minus2"), difficulty: 40 }],
  ["4 Add + 2 Penalty d6+1 vs 15", { pool: makePool(4, 0, 2, "d6Plus1"), difficulty: 15 }],
  ["5 Add + 1 Bonus d4+2 vs 22", { pool: makePool(5, 1, 0, "d4Plus2"), difficulty: 22 }],
];

for (const [name, input] of checks) {
  describe(`check: ${name}`, () => {
    bench("exact checkOdds", () => {
      checkOdds(input);
    });
    bench("simulation, 100k rolls", () => {
      const rng = seededRandom(1);
      simulate(SIM, () => {
        const r = rollCheck(input, rng);
        return bandKey(r.outcome, r.degree);
      });
    }, simOptions);
  });
}

describe("required degree of success: 4 Add + 2 Bonus d8 vs 15, degree 2 or better", () => {
  const input: CheckInput = { pool: makePool(4, 2, 0), difficulty: 15 };
  bench("exact degreeChance", () => {
    degreeChance(input, 2);
  });
  bench("simulation, 100k rolls", () => {
    const rng = seededRandom(5);
    simulate(SIM, () => meetsDegree(rollCheck(input, rng), 2));
  }, simOptions);
});

describe("either/or: 3 Add + 1 Bonus and 2 Add, both with a chance, vs 12", () => {
  const members = [
    { pool: makePool(3, 1, 0), hasChance: true },
    { pool: makePool(2, 0, 0), hasChance: true },
  ];
  bench("exact eitherOrOdds", () => {
    eitherOrOdds(members, 12);
  });
  bench("simulation, 100k tasks", () => {
    const rng = seededRandom(6);
    simulate(SIM, () => rollEitherOr(members, 12, rng).success);
  }, simOptions);
});

describe("direct contest: 4 Add + 1 Bonus vs 3 Add + 2 Bonus", () => {
  const a = makePool(4, 1, 0);
  const b = makePool(3, 2, 0);
  bench("exact directContestOdds", () => {
    directContestOdds(a, b);
  });
  bench("simulation, 100k contests", () => {
    const rng = seededRandom(2);
    simulate(SIM, () => rollDirectContest(a, b, rng).outcome);
  }, simOptions);
});

describe("indirect contest: 4 Add vs 3 Add + 2 Bonus, Difficulty 18", () => {
  const a = makePool(4, 0, 0);
  const b = makePool(3, 2, 0);
  bench("exact indirectContestOdds", () => {
    indirectContestOdds(a, b, 18);
  });
  bench("simulation, 100k contests", () => {
    const rng = seededRandom(3);
    simulate(SIM, () => rollIndirectContest(a, b, 18, rng).outcome);
  }, simOptions);
});

describe("complex action: car repair (Difficulty 20, 35 required), 4 Add + 2 Bonus, 100 rolls", () => {
  const car: ComplexAction = { pool: makePool(4, 2, 0), difficulty: 20, required: 35, rollInterval: 1 };
  bench("exact complexStepDist (one roll)", () => {
    complexStepDist(car);
  });
  bench("exact complexOdds (100 rolls)", () => {
    complexOdds(car, 100);
  });
  bench("simulation, 100k rolls", () => {
    const rng = seededRandom(4);
    let rolls = 0;
    while (rolls < SIM) {
      let p: ComplexProgress = COMPLEX_START;
      while (!p.complete && p.rolls < 100 && rolls < SIM) {
        p = rollComplexStep(car, p, rng).progress;
        rolls++;
      }
    }
  }, simOptions);
});
