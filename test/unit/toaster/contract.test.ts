/**
 * Every Toaster check kind a roll dialog shows runs the shared rules-core contract suite: odds in
 * the one Odds shape (outcomes sum to 1 within the error, error ≤ 1e-9), resolve(roll.faces) equals
 * the roll, and every rolled outcome is one the odds name.
 */
import type { AttackInput, CheckInput, CollaborationInput, HealingInput, MortalityInput, PairInput } from "../../../src/rulesets/toaster/rules";
import { toasterAttack, toasterCheck, toasterCollaboration, toasterContest, toasterHealing, toasterMortality, toasterOpposed } from "../../../src/rulesets/toaster/rules";
import { contractSuite } from "../contract-suite";

const UNLIMITED = { rollingNines: true, ninesLimit: null } as const;
const OPEN_ZEROS = { ...UNLIMITED, rollingZeros: true } as const;

const checks: CheckInput[] = [
  { rank: 6, modifier: 0 },
  { rank: 0, modifier: 0 },
  // No die at all: a called 4.
  { rank: 5, modifier: 0, callFour: true, rollingZeros: true, rollingNines: true },
  // Extreme modifiers: certain failure, certain success.
  { rank: 0, modifier: -1000 },
  { rank: 10, modifier: 1000, rollingZeros: true },
  // Open ends: unlimited nines (capped at 100 extra dice), and the cap itself as a limit.
  { rank: 4, modifier: -2, luckBefore: 2, ...OPEN_ZEROS },
  { rank: 7, modifier: 1, rollingNines: true, ninesLimit: 100 },
  { rank: 7, modifier: 0, rollingNines: true, ninesLimit: 0, rollingZeros: true, target: 15 },
];
contractSuite("toaster check", toasterCheck, checks, { outcomeOf: (r) => r.band, successOf: (r) => r.success });

const pairs: PairInput[] = [
  { a: { rank: 6, modifier: 0 }, b: { rank: 5, modifier: 0 } },
  { a: { rank: 6, modifier: 0, ...OPEN_ZEROS }, b: { rank: 5, modifier: 1, ...OPEN_ZEROS } },
  { a: { rank: 3, modifier: 0, callFour: true }, b: { rank: 9, modifier: -1000, rollingZeros: true } },
  { a: { rank: 0, modifier: -1000 }, b: { rank: 0, modifier: 1000, callFour: true } },
];
contractSuite("toaster opposed roll", toasterOpposed, pairs, { outcomeOf: (r) => r.a.band, successOf: (r) => r.winner === "a" });

const CONTEST_KEY = { a: "aWins", b: "bWins", tie: "tie", neither: "neither" } as const;
contractSuite("toaster side-by-side contest", toasterContest, pairs, { outcomeOf: (r) => CONTEST_KEY[r.winner], successOf: (r) => r.winner === "a" });

const teams: CollaborationInput[] = [
  { ranks: [6], mode: "best" },
  { ranks: [6, 3, 4], mode: "best", minRank: 4 },
  { ranks: [7, 5, 6], mode: "tooManyCooks", modifier: -1, dice: { rollingNines: true, ninesLimit: 1 } },
  { ranks: Array.from({ length: 100 }, (_, i) => i % 11), mode: "best", modifier: -3, dice: UNLIMITED },
  { ranks: [0, 0], mode: "tooManyCooks", modifier: 1000 },
];
contractSuite("toaster collaboration", toasterCollaboration, teams, { rolls: 60, outcomeOf: (r) => r.band, successOf: (r) => r.success });

const MORTALITY_KEY = { "dies-now": "diesNow", "dies-in": "diesIn", holds: "holds" } as const;
const dying: MortalityInput[] = [
  { physique: 5, wounds: 6 },
  { physique: 4, wounds: 8, modifier: 2, ...UNLIMITED },
  { physique: 6, wounds: 5, callFour: true },
  { physique: 0, wounds: 1000, modifier: -1000 },
];
contractSuite("toaster mortality check", toasterMortality, dying, { outcomeOf: (r) => MORTALITY_KEY[r.outcome], successOf: (r) => r.outcome === "holds" });

const resting: HealingInput[] = [
  { physique: 6, wounds: 4, care: { kind: "none", bonus: 0 } },
  { physique: 5, wounds: 3, care: { kind: "firstAid", bonus: 4 }, ...OPEN_ZEROS },
  { physique: 2, wounds: 0, care: { kind: "longTerm", bonus: 1000 }, callFour: true },
];
contractSuite("toaster healing roll", toasterHealing, resting, {
  outcomeOf: (r) => (r.result.success ? "heal" : r.result.band === "fumble" ? "worsen" : "same"),
  successOf: (r) => r.result.success,
});

const ALL_OPTIONS = { sameDie: true, criticalTable: true, addMargin: true, rollTwice: true };
const attacks: AttackInput[] = [
  { mode: "melee", attack: { rank: 7, modifier: 0 }, defenceRank: 5, defence: { rank: 5, modifier: 0 }, wc: 5, ac: 4 },
  { mode: "ranged", attack: { rank: 6, modifier: -1, callFour: true }, defenceRank: 0, defence: null, wc: 10, ac: 2, damageDice: { callFour: true }, protectionDice: { callFour: true } },
  {
    mode: "melee",
    attack: { rank: 7, modifier: 0, ...OPEN_ZEROS },
    defenceRank: 5,
    defence: { rank: 6, modifier: 0, ...OPEN_ZEROS },
    wc: 6,
    ac: 3,
    defenderPhysique: 4,
    damageDice: UNLIMITED,
    protectionDice: UNLIMITED,
    options: ALL_OPTIONS,
  },
  { mode: "melee", attack: { rank: 9, modifier: 2, rollingZeros: true }, defenceRank: 2, defence: { rank: 2, modifier: 0, rollingZeros: true }, wc: 7, ac: 5, defenderPhysique: 5, unarmed: true, options: { criticalTable: true, halveMarginal: true } },
  { mode: "melee", attack: { rank: 0, modifier: -1000 }, defenceRank: 10, defence: { rank: 10, modifier: 0 }, wc: 0, ac: 0 },
  { mode: "ranged", attack: { rank: 10, modifier: 1000 }, defenceRank: 0, defence: { rank: 0, modifier: 0 }, wc: 20, ac: 0, defenderPhysique: 0, options: { criticalTable: true, addMargin: true, variableOutcomes: true } },
];
contractSuite("toaster attack", toasterAttack, attacks, {
  rolls: 120,
  outcomeOf: (r) => (r.hit ? (r.band ?? "miss") : r.missReason === "fumble" ? "fumble" : "miss"),
  successOf: (r) => r.hit,
});
