/**
 * Toaster odds: each exact odds function next to a seeded 100,000-roll simulation of the same
 * roll with the core's own roll function (the unit tests check they agree within 0.006), and the
 * worst option mix of every dialog-facing check kind (target: under 16 ms, one frame).
 */
import { bench, describe } from "./guard";
import { seededRandom } from "../src/dice/random";
import type { AttackInput, CheckInput, CollaborationInput, HealingInput, MortalityInput, PairInput } from "../src/rulesets/toaster/rules";
import {
  attackOdds,
  checkOdds,
  collaborationOdds,
  contestOdds,
  criticalTableOdds,
  healingOdds,
  hitLocationOdds,
  initiativeOdds,
  mortalityOdds,
  opposedOdds,
  rollAttack,
  rollCheck,
  rollCollaboration,
  rollContest,
  rollCritical,
  rollHealing,
  rollHitLocation,
  rollInitiative,
  rollMortality,
  rollOpposed,
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

const UNLIMITED = { rollingZeros: true, rollingNines: true, ninesLimit: null } as const;

// The worst option mix of the ruleset: an attack with unlimited nines on all four dice, zeros on
// both rolls, and every WC/AC option that adds work (same die, critical table, margin, roll twice).
const WORST_ATTACK: AttackInput = {
  mode: "melee",
  attack: { rank: 7, modifier: 0, ...UNLIMITED },
  defenceRank: 5,
  defence: { rank: 6, modifier: 0, ...UNLIMITED },
  wc: 6,
  ac: 3,
  defenderPhysique: 4,
  damageDice: { rollingNines: true, ninesLimit: null },
  protectionDice: { rollingNines: true, ninesLimit: null },
  options: { sameDie: true, criticalTable: true, addMargin: true, rollTwice: true, halveMarginal: false },
};
describe("toaster worst case: attackOdds with unlimited nines and zeros on every die, same die + critical table + add margin + roll twice", () => {
  bench("worst case: attack, unlimited nines everywhere, every option on", () => {
    attackOdds(WORST_ATTACK);
  });
  bench("worst case: opposed, unlimited nines and zeros both sides", () => {
    opposedOdds({ a: { rank: 6, modifier: 0, ...UNLIMITED }, b: { rank: 5, modifier: 0, ...UNLIMITED } });
  });
  bench("worst case: contest, unlimited nines and zeros both sides", () => {
    contestOdds({ a: { rank: 6, modifier: 0, ...UNLIMITED }, b: { rank: 5, modifier: 0, ...UNLIMITED } });
  });
  bench("worst case: collaboration, 100 rollers, unlimited nines", () => {
    collaborationOdds({ ranks: Array.from({ length: 100 }, (_, i) => i % 10), mode: "best", dice: { rollingNines: true, ninesLimit: null } });
  });
  bench("worst case: check, unlimited nines and zeros", () => {
    checkOdds({ rank: 6, modifier: 0, ...UNLIMITED });
  });
});

const checks: [string, CheckInput][] = [
  ["plain rank 6", { rank: 6, modifier: 0 }],
  ["zeros + nines (limit 1), luck before 1", { rank: 6, modifier: -2, luckBefore: 1, rollingZeros: true, rollingNines: true, ninesLimit: 1 }],
  ["zeros + unlimited nines", { rank: 6, modifier: 0, ...UNLIMITED }],
];
for (const [name, input] of checks) pair(`toaster checkOdds: ${name}`, () => checkOdds(input), (rng) => rollCheck(input, rng));

const opposed: [string, PairInput][] = [
  ["plain 6 vs 5", { a: { rank: 6, modifier: 0 }, b: { rank: 5, modifier: 0 } }],
  ["zeros + unlimited nines both sides", { a: { rank: 6, modifier: 0, ...UNLIMITED }, b: { rank: 5, modifier: 0, ...UNLIMITED } }],
];
for (const [name, input] of opposed) pair(`toaster opposedOdds: ${name}`, () => opposedOdds(input), (rng) => rollOpposed(input, rng));

const contest: PairInput = { a: { rank: 7, modifier: -1, rollingZeros: true, rollingNines: true }, b: { rank: 5, modifier: 1 } };
pair("toaster contestOdds: side by side, zeros + nines vs plain", () => contestOdds(contest), (rng) => rollContest(contest, rng));

const team: CollaborationInput = { ranks: [7, 5, 6], mode: "tooManyCooks", modifier: -1, dice: { rollingNines: true, ninesLimit: 1 } };
pair("toaster collaborationOdds: 3 rollers, too many cooks, nines", () => collaborationOdds(team), (rng) => rollCollaboration(team, rng));

pair("toaster initiativeOdds: Coordination 7 (−3) vs 5", () => initiativeOdds({ a: { coordination: 7, modifier: -3 }, b: { coordination: 5 } }), (rng) => {
  rollInitiative({ coordination: 7, modifier: -3 }, rng);
  rollInitiative({ coordination: 5 }, rng);
});

const attacks: [string, AttackInput][] = [
  ["plain melee", { mode: "melee", attack: { rank: 7, modifier: 0 }, defenceRank: 5, defence: { rank: 5, modifier: 0 }, wc: 5, ac: 4 }],
  [
    "zeros + nines, critical table, add margin",
    { mode: "melee", attack: { rank: 7, modifier: 0, rollingZeros: true, rollingNines: true }, defenceRank: 5, defence: { rank: 6, modifier: 0, rollingZeros: true }, wc: 6, ac: 3, defenderPhysique: 4, options: { criticalTable: true, addMargin: true } },
  ],
  ["unlimited nines everywhere, every option on (the worst case)", WORST_ATTACK],
];
for (const [name, input] of attacks) pair(`toaster attackOdds: ${name}`, () => attackOdds(input), (rng) => rollAttack(input, rng));

const mortality: MortalityInput = { physique: 4, wounds: 8, modifier: 2, rollingNines: true, ninesLimit: null };
pair("toaster mortalityOdds: Physique 4, 8 wounds, +2, unlimited nines", () => mortalityOdds(mortality), (rng) => rollMortality(mortality, rng));

const healing: HealingInput = { physique: 5, wounds: 3, care: { kind: "none", bonus: 1 }, rollingZeros: true };
pair("toaster healingOdds: Physique 5, 3 wounds, +1, zeros", () => healingOdds(healing), (rng) => rollHealing(healing, rng));

pair("toaster criticalTableOdds", () => criticalTableOdds(), (rng) => rollCritical(rng));
pair("toaster hitLocationOdds", () => hitLocationOdds(), (rng) => rollHitLocation(rng));
