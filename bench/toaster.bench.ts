import { bench, describe } from "vitest";
import { seededRandom } from "../src/dice/random";
import type { CheckInput } from "../src/rulesets/toaster/rules";
import { checkOdds, opposedOdds, resolveCheck, resolveOpposed } from "../src/rulesets/toaster/rules";

const N = 100_000;

const checks: [string, CheckInput][] = [
  ["plain rank 6", { rank: 6, modifier: 0 }],
  ["zeros + nines (limit 1), luck before 1", { rank: 6, modifier: -2, luckBefore: 1, rollingZeros: true, rollingNines: true, ninesLimit: 1 }],
  ["zeros + unlimited nines", { rank: 6, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }],
];

for (const [name, input] of checks) {
  describe(`toaster check: ${name}`, () => {
    bench("checkOdds (exact)", () => {
      checkOdds(input);
    });
    bench("100k-roll simulation", () => {
      const rng = seededRandom(1);
      for (let i = 0; i < N; i++) resolveCheck(input, rng);
    }, { iterations: 3 });
  });
}

const opposed: [string, CheckInput, CheckInput][] = [
  ["plain 6 vs 5", { rank: 6, modifier: 0 }, { rank: 5, modifier: 0 }],
  ["zeros + unlimited nines both sides", { rank: 6, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }, { rank: 5, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }],
];

for (const [name, a, b] of opposed) {
  describe(`toaster opposed: ${name}`, () => {
    bench("opposedOdds (exact)", () => {
      opposedOdds(a, b);
    });
    bench("100k-roll simulation", () => {
      const rng = seededRandom(1);
      for (let i = 0; i < N; i++) resolveOpposed(a, b, rng);
    }, { iterations: 3 });
  });
}
