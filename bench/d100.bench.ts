/**
 * D10/0 odds: each exact odds function next to a seeded 100,000-roll simulation of the same
 * check with the core's own roll function.
 */
import { bench, describe } from "vitest";
import { seededRandom } from "../src/dice/random";
import {
  type CheckInput,
  EXAMPLE_FIRE_BLOCKS,
  applyAdjustment,
  checkOdds,
  conflictOdds,
  cooperativeOdds,
  cumulativeOdds,
  adjustedDamageDistribution,
  evaluateFire,
  fireOdds,
  rollCheck,
  rollConflict,
  rollCooperative,
  rollDamage,
  startCumulative,
  addCumulativeEffort,
  assistedOdds,
  rollAssisted,
  shieldedAttack,
  shieldedAttackOdds,
  tieCheckOdds,
  initiativeOrder,
  damageDistribution,
} from "../src/rulesets/d100/rules/index";

const TRIALS = 100_000;
const opts = { time: 300, iterations: 3 };

const checks: Array<[string, CheckInput]> = [
  ["attribute 6 vs 2", { kind: "attribute", score: 6, difficulty: 2 }],
  ["attribute 6 vs 2, overflow", { kind: "attribute", score: 6, difficulty: 2, overflow: true }],
  ["skill 45 vs 10", { kind: "skill", score: 45, difficulty: 10 }],
  ["skill 62 vs 30, overflow", { kind: "skill", score: 62, difficulty: 30, overflow: true }],
];

for (const [name, input] of checks) {
  describe(`check: ${name}`, () => {
    bench("exact checkOdds", () => {
      checkOdds(input);
    });
    bench("100k simulated rollCheck", () => {
      const rng = seededRandom(1);
      for (let i = 0; i < TRIALS; i++) rollCheck(input, rng);
    }, opts);
  });
}

describe("conflict: skill 55 vs skill 40, both overflow", () => {
  const a: CheckInput = { kind: "skill", score: 55, overflow: true };
  const b: CheckInput = { kind: "skill", score: 40, overflow: true };
  bench("exact conflictOdds", () => {
    conflictOdds(a, b);
  });
  bench("100k simulated rollConflict", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollConflict(a, b, rng);
  }, opts);
});

describe("cooperation: skills 35 + 50 vs 20", () => {
  const helpers: CheckInput[] = [{ kind: "skill", score: 35 }, { kind: "skill", score: 50 }];
  const against: CheckInput = { kind: "skill", score: 0, difficulty: 20 };
  bench("exact cooperativeOdds", () => {
    cooperativeOdds(helpers, against);
  });
  bench("100k simulated rollCooperative", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollCooperative(helpers, against, rng);
  }, opts);
});

describe("cumulative: skill 40 towards 100, 5 checks", () => {
  const input: CheckInput = { kind: "skill", score: 40 };
  const task = startCumulative(100);
  bench("exact cumulativeOdds", () => {
    cumulativeOdds(task, input, 5);
  });
  bench("100k simulated tasks", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) {
      let t = task;
      for (let k = 0; k < 5 && !t.complete; k++) t = addCumulativeEffort(t, rollCheck(input, rng).effort);
    }
  }, opts);
});

describe("fire: three shot burst with skill 40", () => {
  const input: CheckInput = { kind: "skill", score: 40 };
  bench("exact fireOdds", () => {
    fireOdds(EXAMPLE_FIRE_BLOCKS.threeShotBurst, input, {});
  });
  bench("100k simulated evaluateFire", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) evaluateFire(EXAMPLE_FIRE_BLOCKS.threeShotBurst, { degree: rollCheck(input, rng).degree });
  }, opts);
});

describe("damage: 10 + 4D with overflow, after -5F -1R", () => {
  bench("exact adjustedDamageDistribution", () => {
    adjustedDamageDistribution("10 + 4D", "-5F -1R", { overflow: true });
  });
  bench("100k simulated rollDamage", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) applyAdjustment(rollDamage("10 + 4D", { overflow: true }, rng).total, "-5F -1R");
  }, opts);
});

describe("indirect help: skill 40 vs 30 (overflow) helped by skills 30 and 20", () => {
  const main: CheckInput = { kind: "skill", score: 40, difficulty: 30, overflow: true };
  const assists: CheckInput[] = [{ kind: "skill", score: 30 }, { kind: "skill", score: 20, overflow: true }];
  bench("exact assistedOdds", () => {
    assistedOdds(main, assists);
  });
  bench("100k simulated rollAssisted", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollAssisted(main, assists, rng);
  }, opts);
});

describe("barrier shield: skill 50 vs 5 with overflow against the 25 shield", () => {
  const attack: CheckInput = { kind: "skill", score: 50, difficulty: 5, overflow: true };
  bench("exact shieldedAttackOdds", () => {
    shieldedAttackOdds(attack);
  });
  bench("100k simulated shieldedAttack", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) shieldedAttack(rollCheck(attack, rng).effort, 5);
  }, opts);
});

describe("initiative tie check: three characters with quota 5", () => {
  const party = ["a", "b", "c"].map((id) => ({ id, actionQuota: 5 }));
  bench("exact tieCheckOdds", () => {
    tieCheckOdds(3);
  });
  bench("100k simulated initiativeOrder", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) initiativeOrder(party, "check", rng);
  }, opts);
});

describe("fire: X shot burst 3 + 3 AP, skill 55 with overflow", () => {
  const input: CheckInput = { kind: "skill", score: 55, overflow: true };
  bench("exact fireOdds", () => {
    fireOdds(EXAMPLE_FIRE_BLOCKS.xShotBurst, input, { x: 3 });
  });
  bench("100k simulated evaluateFire", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) evaluateFire(EXAMPLE_FIRE_BLOCKS.xShotBurst, { degree: rollCheck(input, rng).degree, x: 3 });
  }, opts);
});

describe("damage: tank cannon 5K + 1KD", () => {
  bench("exact damageDistribution", () => {
    damageDistribution("5K + 1KD");
  });
  bench("100k simulated rollDamage", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollDamage("5K + 1KD", {}, rng);
  }, opts);
});
