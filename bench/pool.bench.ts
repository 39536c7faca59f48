/**
 * Dice Pool (seed 002): the worst option mix of every check kind a roll dialog shows, measured
 * cold (every cache emptied before each call, so each call recomputes from nothing), the same
 * with warm caches, a rotation of realistic mixes, and each realistic check next to a seeded
 * 100,000-roll simulation of the same check with the core's own roll function.
 * Figures: docs/rules/pool.md, "Exact odds".
 */
import { bench, describe } from "./guard";
import { simulate } from "../src/dice/dist";
import { seededRandom } from "../src/dice/random";
import {
  COMPLEX_START,
  MAX_TEAM_MEMBERS,
  bandKey,
  checkOdds,
  clearPoolOddsCache,
  complexCompletion,
  complexOdds,
  complexStepDist,
  directContestOdds,
  eitherOrOdds,
  indirectContestOdds,
  makePool,
  meetsDegree,
  rollCheck,
  rollComplexStep,
  rollDirectContest,
  rollEitherOr,
  rollIndirectContest,
  teamCheckOdds,
  type CheckInput,
  type ComplexAction,
  type ComplexProgress,
  type DirectContestInput,
  type EitherOrInput,
  type IndirectContestInput,
  type TeamCheckInput,
} from "../src/rulesets/pool/rules";

const SIM = 100_000;
const simOptions = { iterations: 3, time: 0, warmupIterations: 0, warmupTime: 0 };

// ---- The worst option mix of each dialog (caps: 60 dice per pool, 20 team members, 50 rolls). ----
const worstCheck: CheckInput = { pool: makePool({ addDice: 59, bonusDice: 1, die: "d12Minus2" }), difficulty: 250, requiredDegree: 3 };
const worstTeam: TeamCheckInput = {
  mode: "combiningDice",
  members: Array.from({ length: MAX_TEAM_MEMBERS }, () => ({ addDice: 3, bonusDice: 0, penaltyDice: 0 })),
  die: "d12Minus2",
  difficulty: 20,
};
// Twenty members, each with a different 60-die pool: twenty distributions, nothing shared but the powers.
const worstEitherOr: EitherOrInput = {
  members: Array.from({ length: MAX_TEAM_MEMBERS }, (_, i) => ({
    pool: makePool({ addDice: 40 + (i % 10), bonusDice: i < 10 ? 20 - (i % 10) : 0, penaltyDice: i < 10 ? 0 : 20 - (i % 10), die: "d12Minus2" }),
    hasChance: true,
  })),
  difficulty: 200,
  requiredDegree: 2,
};
const worstDirect: DirectContestInput = { first: makePool({ addDice: 60, die: "d12Minus2" }), second: makePool({ addDice: 59, bonusDice: 1, die: "d12Minus2" }) };
const worstIndirect: IndirectContestInput = { ...worstDirect, difficulty: 250 };
const worstComplexAction: ComplexAction = { pool: makePool({ addDice: 50, bonusDice: 10 }), difficulty: 75, required: 1000, rollInterval: 1 };
const worstChartAction: ComplexAction = { pool: makePool({ addDice: 59, bonusDice: 1, die: "d12Minus2" }), difficulty: 250, required: 1000, rollInterval: 1 };

describe("worst case per dialog, cold caches (each call recomputes every distribution)", () => {
  bench("worst case: check — 59 Add + 1 Bonus d12−2 vs 250, degree 3 required", () => {
    clearPoolOddsCache();
    checkOdds(worstCheck);
  });
  bench("worst case: team check — 20 members combining 3 Add each, d12−2 (3 Add + 57 Bonus)", () => {
    clearPoolOddsCache();
    teamCheckOdds(worstTeam);
  });
  bench("worst case: either/or — 20 members, 20 different 60-die d12−2 pools", () => {
    clearPoolOddsCache();
    eitherOrOdds(worstEitherOr);
  });
  bench("worst case: direct contest — 60 Add d12−2 vs 59 Add + 1 Bonus d12−2", () => {
    clearPoolOddsCache();
    directContestOdds(worstDirect);
  });
  bench("worst case: indirect contest — 60 Add d12−2 vs 59 Add + 1 Bonus d12−2, vs 250", () => {
    clearPoolOddsCache();
    indirectContestOdds(worstIndirect);
  });
  bench("worst case: complex action — 50 rolls, 50 Add + 10 Bonus d8 vs 75, 1000 required", () => {
    clearPoolOddsCache();
    complexOdds({ action: worstComplexAction, rolls: 50 });
  });
  bench("worst case: completion chart (once per action) — 200 rolls, 59 Add + 1 Bonus d12−2 vs 250", () => {
    clearPoolOddsCache();
    complexCompletion({ action: worstChartAction, rolls: 200 });
  });
});

describe("worst case per dialog, warm caches (the dialog's next keystroke)", () => {
  bench("check", () => {
    checkOdds(worstCheck);
  });
  bench("either/or", () => {
    eitherOrOdds(worstEitherOr);
  });
  bench("direct contest", () => {
    directContestOdds(worstDirect);
  });
  bench("complex action, 50 rolls", () => {
    complexOdds({ action: worstComplexAction, rolls: 50 });
  });
});

// ---- Realistic mixes: what a table rolls (pools of 1–12 dice, teams of 2–4, contests, complex actions). ----
const realistic: (() => unknown)[] = [];
for (const die of ["d8", "d10Minus1", "d12Minus2", "d6Plus1", "d4Plus2"] as const) {
  for (const [add, bonus, penalty] of [[1, 0, 0], [2, 1, 0], [3, 0, 2], [4, 2, 0], [5, 0, 1], [6, 3, 0], [8, 0, 4]] as const) {
    const pool = makePool({ addDice: add, bonusDice: bonus, penaltyDice: penalty, die });
    for (const difficulty of [10, 20]) realistic.push(() => checkOdds({ pool, difficulty, requiredDegree: difficulty === 20 ? 1 : 0 }));
  }
}
const pa = makePool({ addDice: 4, bonusDice: 2 });
const pb = makePool({ addDice: 3, penaltyDice: 1 });
realistic.push(() => directContestOdds({ first: pa, second: pb }));
realistic.push(() => indirectContestOdds({ first: pa, second: pb, difficulty: 15 }));
realistic.push(() => eitherOrOdds({ members: [{ pool: pa, hasChance: true }, { pool: pb, hasChance: false }, { pool: pb, hasChance: true }], difficulty: 14 }));
realistic.push(() => teamCheckOdds({ mode: "simpleAddition", members: [{ addDice: 4, bonusDice: 1, penaltyDice: 0 }, { addDice: 2, bonusDice: 0, penaltyDice: 2 }], difficulty: 25 }));
realistic.push(() => complexOdds({ action: { pool: pa, difficulty: 20, required: 35, rollInterval: 1 }, rolls: 10 }));
let turn = 0;

describe(`realistic mixes, cold caches (${realistic.length} dialogs in rotation: checks on every die, contests, teams, complex)`, () => {
  bench("one realistic dialog's odds, cold", () => {
    clearPoolOddsCache();
    realistic[turn++ % realistic.length]();
  });
});

// ---- Each realistic check's exact odds next to a 100,000-roll simulation. ----
const checks: [string, CheckInput][] = [
  ["4 Add + 2 Bonus d8 vs 20", { pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 20 }],
  ["3 Add + 3 Penalty d10-1 vs 12", { pool: makePool({ addDice: 3, penaltyDice: 3, die: "d10Minus1" }), difficulty: 12 }],
  ["8 Add + 6 Bonus d12-2 vs 40 (large team pool)", { pool: makePool({ addDice: 8, bonusDice: 6, die: "d12Minus2" }), difficulty: 40 }],
  ["4 Add + 2 Penalty d6+1 vs 15", { pool: makePool({ addDice: 4, penaltyDice: 2, die: "d6Plus1" }), difficulty: 15 }],
  ["5 Add + 1 Bonus d4+2 vs 22", { pool: makePool({ addDice: 5, bonusDice: 1, die: "d4Plus2" }), difficulty: 22 }],
];

for (const [name, input] of checks) {
  describe(`check: ${name}`, () => {
    bench("exact checkOdds, cold", () => {
      clearPoolOddsCache();
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
  const input: CheckInput = { pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 15, requiredDegree: 2 };
  bench("exact checkOdds, cold", () => {
    clearPoolOddsCache();
    checkOdds(input);
  });
  bench("simulation, 100k rolls", () => {
    const rng = seededRandom(5);
    simulate(SIM, () => meetsDegree(rollCheck(input, rng), 2));
  }, simOptions);
});

describe("either/or: 3 Add + 1 Bonus and 2 Add, both with a chance, vs 12", () => {
  const input: EitherOrInput = {
    members: [
      { pool: makePool({ addDice: 3, bonusDice: 1 }), hasChance: true },
      { pool: makePool({ addDice: 2 }), hasChance: true },
    ],
    difficulty: 12,
  };
  bench("exact eitherOrOdds, cold", () => {
    clearPoolOddsCache();
    eitherOrOdds(input);
  });
  bench("simulation, 100k tasks", () => {
    const rng = seededRandom(6);
    simulate(SIM, () => rollEitherOr(input, rng).success);
  }, simOptions);
});

describe("direct contest: 4 Add + 1 Bonus vs 3 Add + 2 Bonus", () => {
  const input: DirectContestInput = { first: makePool({ addDice: 4, bonusDice: 1 }), second: makePool({ addDice: 3, bonusDice: 2 }) };
  bench("exact directContestOdds, cold", () => {
    clearPoolOddsCache();
    directContestOdds(input);
  });
  bench("simulation, 100k contests", () => {
    const rng = seededRandom(2);
    simulate(SIM, () => rollDirectContest(input, rng).outcome);
  }, simOptions);
});

describe("indirect contest: 4 Add vs 3 Add + 2 Bonus, Difficulty 18", () => {
  const input: IndirectContestInput = { first: makePool({ addDice: 4 }), second: makePool({ addDice: 3, bonusDice: 2 }), difficulty: 18 };
  bench("exact indirectContestOdds, cold", () => {
    clearPoolOddsCache();
    indirectContestOdds(input);
  });
  bench("simulation, 100k contests", () => {
    const rng = seededRandom(3);
    simulate(SIM, () => rollIndirectContest(input, rng).outcome);
  }, simOptions);
});

describe("complex action: car repair (Difficulty 20, 35 required), 4 Add + 2 Bonus", () => {
  const car: ComplexAction = { pool: makePool({ addDice: 4, bonusDice: 2 }), difficulty: 20, required: 35, rollInterval: 1 };
  bench("exact complexStepDist (one roll), cold", () => {
    clearPoolOddsCache();
    complexStepDist(car);
  });
  bench("exact complexOdds (50 rolls), cold", () => {
    clearPoolOddsCache();
    complexOdds({ action: car, rolls: 50 });
  });
  bench("exact complexCompletion (200 rolls), cold", () => {
    clearPoolOddsCache();
    complexCompletion({ action: car, rolls: 200 });
  });
  bench("simulation, 100k rolls", () => {
    const rng = seededRandom(4);
    let rolls = 0;
    while (rolls < SIM) {
      let p: ComplexProgress = COMPLEX_START;
      while (!p.complete && p.rolls < 100 && rolls < SIM) {
        p = rollComplexStep({ action: car, progress: p }, rng).progress;
        rolls++;
      }
    }
  }, simOptions);
});
