/**
 * Toaster odds: each exact odds function next to a seeded 100,000-roll simulation of the same
 * roll with the core's own roll function (the unit tests check they agree within 0.006).
 */
import { bench, describe } from "vitest";
import { seededRandom } from "../src/dice/random";
import type { AttackInput, CheckInput } from "../src/rulesets/toaster/rules";
import {
  attackOdds,
  checkOdds,
  collaborate,
  collaborationOdds,
  contestOdds,
  criticalTableOdds,
  healingOdds,
  healingRoll,
  hitLocationOdds,
  initiativeOdds,
  mortalityCheck,
  mortalityOdds,
  opposedOdds,
  resolveAttack,
  resolveCheck,
  resolveContest,
  resolveOpposed,
  rollCritical,
  rollHitLocation,
  rollInitiative,
} from "../src/rulesets/toaster/rules";

const N = 100_000;
const SIM = { iterations: 3 };

function pair(name: string, exact: () => void, simulate: (rng: () => number) => void): void {
  describe(name, () => {
    bench("exact", exact);
    bench("100k-roll simulation", () => {
      const rng = seededRandom(1);
      for (let i = 0; i < N; i++) simulate(rng);
    }, SIM);
  });
}

const checks: [string, CheckInput][] = [
  ["plain rank 6", { rank: 6, modifier: 0 }],
  ["zeros + nines (limit 1), luck before 1", { rank: 6, modifier: -2, luckBefore: 1, rollingZeros: true, rollingNines: true, ninesLimit: 1 }],
  ["zeros + unlimited nines", { rank: 6, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }],
];
for (const [name, input] of checks) pair(`toaster checkOdds: ${name}`, () => checkOdds(input), (rng) => resolveCheck(input, rng));

const opposed: [string, CheckInput, CheckInput][] = [
  ["plain 6 vs 5", { rank: 6, modifier: 0 }, { rank: 5, modifier: 0 }],
  ["zeros + unlimited nines both sides", { rank: 6, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }, { rank: 5, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }],
];
for (const [name, a, b] of opposed) pair(`toaster opposedOdds: ${name}`, () => opposedOdds(a, b), (rng) => resolveOpposed(a, b, rng));

pair(
  "toaster contestOdds: side by side, zeros + nines vs plain",
  () => contestOdds({ rank: 7, modifier: -1, rollingZeros: true, rollingNines: true }, { rank: 5, modifier: 1 }),
  (rng) => resolveContest({ rank: 7, modifier: -1, rollingZeros: true, rollingNines: true }, { rank: 5, modifier: 1 }, rng),
);

pair(
  "toaster collaborationOdds: 3 rollers, too many cooks, nines",
  () => collaborationOdds(7, 3, "tooManyCooks", { modifier: -1, dice: { rollingNines: true, ninesLimit: 1 } }),
  (rng) => collaborate([7, 5, 6], rng, "tooManyCooks", { modifier: -1, dice: { rollingNines: true, ninesLimit: 1 } }),
);

pair("toaster initiativeOdds: Coordination 7 (−3) vs 5", () => initiativeOdds(7, 5, -3, 0), (rng) => {
  rollInitiative(7, rng, -3);
  rollInitiative(5, rng);
});

const attacks: [string, AttackInput][] = [
  ["plain melee", { mode: "melee", attack: { rank: 7, modifier: 0 }, defenceRank: 5, defence: { rank: 5, modifier: 0 }, wc: 5, ac: 4 }],
  [
    "zeros + nines, critical table, add margin",
    { mode: "melee", attack: { rank: 7, modifier: 0, rollingZeros: true, rollingNines: true }, defenceRank: 5, defence: { rank: 6, modifier: 0, rollingZeros: true }, wc: 6, ac: 3, defenderPhysique: 4, options: { criticalTable: true, addMargin: true } },
  ],
  [
    "unlimited nines everywhere, same die, critical table",
    {
      mode: "melee",
      attack: { rank: 7, modifier: 0, rollingNines: true, ninesLimit: null },
      defenceRank: 5,
      defence: { rank: 6, modifier: 0, rollingNines: true, ninesLimit: null },
      wc: 6,
      ac: 3,
      defenderPhysique: 4,
      options: { sameDie: true, criticalTable: true },
    },
  ],
];
for (const [name, input] of attacks) pair(`toaster attackOdds: ${name}`, () => attackOdds(input), (rng) => resolveAttack(input, rng));

pair("toaster mortalityOdds: Physique 4, 8 wounds, +2, unlimited nines", () => mortalityOdds(4, 8, 2, { rollingNines: true, ninesLimit: null }), (rng) =>
  mortalityCheck(4, 8, 2, rng, { rollingNines: true, ninesLimit: null }),
);

pair("toaster healingOdds: Physique 5, 3 wounds, +1, zeros", () => healingOdds(5, 3, 1, { rollingZeros: true }), (rng) =>
  healingRoll(5, 3, { kind: "none", bonus: 1 }, rng, { rollingZeros: true }),
);

pair("toaster criticalTableOdds", () => criticalTableOdds(), (rng) => rollCritical(rng));
pair("toaster hitLocationOdds", () => hitLocationOdds(), (rng) => rollHitLocation(rng));
