/**
 * D10/0 odds (docs/rules/d100.md, "Odds within one frame"): for every check kind a roll dialog
 * shows, a realistic mix and the worst option mix the caps allow ("worst case: …", measured with
 * cold caches), each next to a seeded 100,000-roll simulation of the same roll function.
 */
import { bench, describe } from "./guard";
import { seededRandom } from "../src/dice/random";
import {
  type CheckInput,
  type CooperativeInput,
  type AssistedInput,
  type CumulativeInput,
  type DamageInput,
  type FireInput,
  EXAMPLE_FIRE_BLOCKS,
  MAX_CHECK_SCORE,
  MAX_CUMULATIVE_CHECKS,
  MAX_CUMULATIVE_GOAL,
  MAX_DIFFICULTY,
  MAX_FIRE_X,
  MAX_HELPERS,
  assistedOdds,
  checkOdds,
  clearOddsCaches,
  conflictOdds,
  cooperativeOdds,
  cumulativeOdds,
  damageOdds,
  fireOdds,
  initiativeOrder,
  rollAssisted,
  rollCheck,
  rollConflict,
  rollCooperative,
  rollCumulative,
  rollDamage,
  rollFire,
  rollShieldedAttack,
  shieldedAttackOdds,
  tieCheckOdds,
} from "../src/rulesets/d100/rules/index";

const TRIALS = 100_000;
const opts = { time: 300, iterations: 3 };
const skill = (score: number, extra: Partial<CheckInput> = {}): CheckInput => ({ kind: "skill", score, ...extra });
/** Every option on: overflow, both margins, the largest difficulty. */
const worstSkill = (score: number): CheckInput => skill(score, { difficulty: MAX_DIFFICULTY, overflow: true, consolationMargin: 50, agitationMargin: 50 });
const worstParty = Array.from({ length: MAX_HELPERS }, (_, i) => worstSkill(MAX_CHECK_SCORE - i));

/** A bench of the odds with every cache emptied first, so the worst case is measured cold. */
function cold(name: string, f: () => unknown): void {
  bench(name, () => {
    clearOddsCaches();
    f();
  });
}

describe("check", () => {
  const realistic: CheckInput = skill(45, { difficulty: 10 });
  bench("checkOdds: skill 45 vs 10", () => checkOdds(realistic));
  bench("checkOdds: attribute 6 vs 2, overflow", () => checkOdds({ kind: "attribute", score: 6, difficulty: 2, overflow: true }));
  cold("worst case: checkOdds skill 200, overflow, margins 50, difficulty 1000", () => checkOdds(worstSkill(MAX_CHECK_SCORE)));
  bench("100k simulated rollCheck (skill 62 vs 30, overflow)", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollCheck(skill(62, { difficulty: 30, overflow: true }), rng);
  }, opts);
});

describe("conflicting effort", () => {
  bench("conflictOdds: skill 55 vs 40, both overflow", () => conflictOdds({ first: skill(55, { overflow: true }), second: skill(40, { overflow: true }) }));
  cold("worst case: conflictOdds skill 200 vs 199, both overflow", () => conflictOdds({ first: worstSkill(200), second: worstSkill(199) }));
  bench("100k simulated rollConflict", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollConflict({ first: skill(55, { overflow: true }), second: skill(40, { overflow: true }) }, rng);
  }, opts);
});

describe("cooperative effort", () => {
  const realistic: CooperativeInput = { helpers: [skill(35), skill(50)], task: { kind: "skill", difficulty: 20 } };
  const worst: CooperativeInput = { helpers: worstParty, task: { kind: "skill", difficulty: MAX_DIFFICULTY, consolationMargin: 50, agitationMargin: 50 } };
  bench("cooperativeOdds: skills 35 + 50 vs 20", () => cooperativeOdds(realistic));
  bench("cooperativeOdds: three skills 40-60 with overflow vs 30", () => cooperativeOdds({ helpers: [skill(40, { overflow: true }), skill(50, { overflow: true }), skill(60, { overflow: true })], task: { kind: "skill", difficulty: 30 } }));
  cold("worst case: cooperativeOdds 6 helpers, skills 195-200, overflow, margins", () => cooperativeOdds(worst));
  bench("100k simulated rollCooperative", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollCooperative(realistic, rng);
  }, opts);
});

describe("assisted check", () => {
  const realistic: AssistedInput = { main: skill(40, { difficulty: 30, overflow: true }), assists: [skill(30), skill(20, { overflow: true })] };
  bench("assistedOdds: skill 40 vs 30 (overflow) helped by skills 30 and 20", () => assistedOdds(realistic));
  cold("worst case: assistedOdds skill 200 helped by 6 skills 195-200, all overflow", () => assistedOdds({ main: worstSkill(MAX_CHECK_SCORE), assists: worstParty }));
  bench("100k simulated rollAssisted", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollAssisted(realistic, rng);
  }, opts);
});

describe("cumulative effort", () => {
  const realistic: CumulativeInput = { goal: 100, check: skill(40), checks: 5 };
  bench("cumulativeOdds: skill 40 towards 100, 5 checks", () => cumulativeOdds(realistic));
  cold("worst case: cumulativeOdds skill 200 overflow towards 10000, 10 checks, positive only", () => cumulativeOdds({ goal: MAX_CUMULATIVE_GOAL, check: worstSkill(MAX_CHECK_SCORE), checks: MAX_CUMULATIVE_CHECKS }));
  cold("worst case: cumulativeOdds skill 200 overflow towards 10000, 10 checks, signed", () => cumulativeOdds({ goal: MAX_CUMULATIVE_GOAL, mode: "signed", check: worstSkill(MAX_CHECK_SCORE), checks: MAX_CUMULATIVE_CHECKS }));
  cold("worst case: cumulativeOdds skill 99 overflow towards 1000, 10 checks, signed", () => cumulativeOdds({ goal: 1000, mode: "signed", check: worstSkill(99), checks: MAX_CUMULATIVE_CHECKS }));
  bench("100k simulated rollCumulative", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollCumulative(realistic, rng);
  }, opts);
});

describe("fire", () => {
  const realistic: FireInput = { block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: skill(55, { overflow: true }), x: 3 };
  bench("fireOdds: three shot burst, skill 40", () => fireOdds({ block: EXAMPLE_FIRE_BLOCKS.threeShotBurst, check: skill(40) }));
  bench("fireOdds: X shot burst 3 + 3, skill 55 with overflow", () => fireOdds(realistic));
  cold("worst case: fireOdds X shot burst 3 + 20, skill 200 with every option", () => fireOdds({ block: EXAMPLE_FIRE_BLOCKS.xShotBurst, check: worstSkill(MAX_CHECK_SCORE), x: MAX_FIRE_X }));
  bench("100k simulated rollFire", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollFire(realistic, rng);
  }, opts);
});

describe("shielded attack", () => {
  bench("shieldedAttackOdds: skill 50 vs 5 with overflow", () => shieldedAttackOdds({ attack: skill(50, { difficulty: 5, overflow: true }) }));
  cold("worst case: shieldedAttackOdds skill 200 with every option", () => shieldedAttackOdds({ attack: worstSkill(MAX_CHECK_SCORE) }));
  bench("100k simulated rollShieldedAttack", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollShieldedAttack({ attack: skill(50, { difficulty: 5, overflow: true }) }, rng);
  }, opts);
});

describe("damage", () => {
  const realistic: DamageInput = { notation: "10 + 4D", overflow: true, adjustment: "-5F -1R" };
  bench("damageOdds: 10 + 4D with overflow, after -5F -1R", () => damageOdds(realistic));
  bench("damageOdds: tank cannon 5K + 1KD against a target", () => damageOdds({ notation: "5K + 1KD", target: { normal: 60, current: 60 } }));
  cold("worst case: damageOdds 100 dice with overflow, adjustment, target", () => damageOdds({ notation: "10 + 50D + 50D(ST)", attributes: { agility: 5, endurance: 5, intellect: 5, perception: 5, strength: 7, focus: 5, spirit: 5, sense: 5, beyond: 5, charisma: 5 }, overflow: true, adjustment: "-10F -2R 5F 1R", target: { normal: 500, current: 400 } }));
  bench("100k simulated rollDamage", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) rollDamage(realistic, rng);
  }, opts);
});

describe("initiative tie check: three characters with quota 5", () => {
  const party = ["a", "b", "c"].map((id) => ({ id, actionQuota: 5 }));
  bench("exact tieCheckOdds", () => tieCheckOdds(3));
  bench("100k simulated initiativeOrder", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < TRIALS; i++) initiativeOrder(party, "check", rng);
  }, opts);
});
