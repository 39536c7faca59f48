/**
 * Toast (d10+) odds: time of each exact odds function per check kind (the contract's `Odds`),
 * next to the time of a seeded 100,000-roll simulation of the same check with the core's own roll
 * function — and, first, the worst option mix a dialog can ask for.
 */
import { bench, describe } from "./guard";
import { seededRandom } from "../src/dice/random";
import {
  ARMOR_TABLE,
  MAX_DAMAGE_DICE,
  MAX_MAGNITUDE,
  advancementOdds,
  attackOdds,
  bodyCheckOdds,
  checkOdds,
  contestOdds,
  damageOdds,
  damageStrikeOdds,
  fullAttackOdds,
  healingDayOdds,
  initiativeOdds,
  rollAdvancement,
  rollAttack,
  rollBodyCheck,
  rollCheck,
  rollContest,
  rollDamage,
  rollDamageStrike,
  rollFullAttack,
  rollHealingDay,
  rollInitiative,
  rollStrike,
  strikeOdds,
  type Attributes,
  type FullAttackInput,
  type HealingDayInput,
  type StrikeTarget,
} from "../src/rulesets/toast/rules";

const N = 100_000;
const SIM = { iterations: 5, time: 0 };

function simulate(draw: () => string | number): Map<string | number, number> {
  const m = new Map<string | number, number>();
  for (let i = 0; i < N; i++) {
    const k = draw();
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

const attributes: Attributes = {
  strength: 13,
  agility: 15,
  hec: 11,
  health: 12,
  tolerance: 14,
  perception: 12,
  focus: 13,
  empathy: 9,
  will: 11,
  psyche: 10,
};
const defender: StrikeTarget = { attributes, woundLevels: 9, armor: ARMOR_TABLE.chainMail };
const attack: FullAttackInput = { attack: 14, defence: { kind: "contested", modifier: 12 }, damageDice: 6, defender };
const healing: HealingDayInput = { attributes, woundLevels: 14, strenuous: false, treatment: { modifier: 9 } };

/**
 * The worst option mix of any Toast dialog: a whole attack, contested, with the most damage dice
 * the core allows (MAX_DAMAGE_DICE = 60), against a wounded, armored defender for whom most totals
 * call for both the death and the collapse check. Every other kind is cheaper (see docs/rules/toast.md).
 */
const worst: FullAttackInput = {
  attack: MAX_MAGNITUDE,
  defence: { kind: "contested", modifier: -MAX_MAGNITUDE },
  damageDice: MAX_DAMAGE_DICE,
  defender: { attributes, woundLevels: 200, armor: ARMOR_TABLE.fullPlate, woundScale: 4 },
};

describe("toast worst case", () => {
  bench(`worst case: whole attack, contested, ${MAX_DAMAGE_DICE} damage dice, death and collapse checks (fullAttackOdds)`, () => {
    fullAttackOdds(worst);
  });
  bench(`largest pool of its kind: damage against a target, ${MAX_DAMAGE_DICE} dice (damageStrikeOdds)`, () => {
    damageStrikeOdds({ target: worst.defender, dice: MAX_DAMAGE_DICE });
  });
  bench(`largest pool of its kind: damage total, ${MAX_DAMAGE_DICE} dice (damageOdds)`, () => {
    damageOdds({ dice: MAX_DAMAGE_DICE });
  });
});

describe("toast check (modifier 12 vs Medium 15)", () => {
  bench("checkOdds exact", () => {
    checkOdds({ modifier: 12, target: 15 });
  });
  const rng = seededRandom(1);
  bench("100k-roll simulation", () => {
    simulate(() => rollCheck({ modifier: 12, target: 15 }, rng).outcome);
  }, SIM);
});

describe("toast contest (13 vs 11)", () => {
  bench("contestOdds exact", () => {
    contestOdds({ first: 13, second: 11 });
  });
  const rng = seededRandom(2);
  bench("100k-roll simulation", () => {
    simulate(() => rollContest({ first: 13, second: 11 }, rng).outcome);
  }, SIM);
});

describe("toast check (modifier 5 vs inestimably hard)", () => {
  bench("checkOdds exact", () => {
    checkOdds({ modifier: 5, target: "inestimablyHard" });
  });
  const rng = seededRandom(11);
  bench("100k-roll simulation", () => {
    simulate(() => rollCheck({ modifier: 5, target: "inestimablyHard" }, rng).outcome);
  }, SIM);
});

describe("toast initiative (13 against a rank of 20)", () => {
  bench("initiativeOdds exact", () => {
    initiativeOdds({ modifier: 13, against: 20 });
  });
  const rng = seededRandom(12);
  bench("100k-roll simulation", () => {
    simulate(() => rollInitiative({ modifier: 13, against: 20 }, rng).outcome);
  }, SIM);
});

describe("toast undefended attack (11 vs target 15)", () => {
  const undefended = { attack: 11, defence: { kind: "target" as const, target: 15 } };
  bench("attackOdds exact", () => {
    attackOdds(undefended);
  });
  const rng = seededRandom(13);
  bench("100k-roll simulation", () => {
    simulate(() => rollAttack(undefended, rng).outcome);
  }, SIM);
});

describe("toast death check (chain mail, 22 effective levels)", () => {
  const input = { target: defender, check: "death" as const, effective: 22 };
  bench("bodyCheckOdds exact", () => {
    bodyCheckOdds(input);
  });
  const rng = seededRandom(14);
  bench("100k-roll simulation", () => {
    simulate(() => rollBodyCheck(input, rng).outcome);
  }, SIM);
});

describe("toast damage (6 damage dice)", () => {
  bench("damageOdds exact", () => {
    damageOdds({ dice: 6 });
  });
  const rng = seededRandom(15);
  bench("100k-roll simulation", () => {
    simulate(() => rollDamage({ dice: 6 }, rng).total);
  }, SIM);
});

describe("toast attack (14 vs defence 12)", () => {
  bench("attackOdds exact", () => {
    attackOdds(attack);
  });
  const rng = seededRandom(3);
  bench("100k-roll simulation", () => {
    simulate(() => rollAttack(attack, rng).outcome);
  }, SIM);
});

describe("toast strike (known damage 24 vs chain mail, 9 wounds)", () => {
  bench("strikeOdds exact", () => {
    strikeOdds({ target: defender, damage: 24 });
  });
  const rng = seededRandom(16);
  bench("100k-roll simulation", () => {
    simulate(() => rollStrike({ target: defender, damage: 24 }, rng).state);
  }, SIM);
});

describe("toast damage against a target (6 damage dice vs chain mail, 9 wounds)", () => {
  bench("damageStrikeOdds exact", () => {
    damageStrikeOdds({ target: defender, dice: 6 });
  });
  const rng = seededRandom(4);
  bench("100k-roll simulation", () => {
    simulate(() => rollDamageStrike({ target: defender, dice: 6 }, rng).strike.state);
  }, SIM);
});

describe("toast whole attack (hit, damage, death/collapse)", () => {
  bench("fullAttackOdds exact", () => {
    fullAttackOdds(attack);
  });
  const rng = seededRandom(5);
  bench("100k-roll simulation", () => {
    simulate(() => rollFullAttack(attack, rng).consequence);
  }, SIM);
});

describe("toast skill advancement (level 9, Focus 13)", () => {
  bench("advancementOdds exact", () => {
    advancementOdds({ level: 9, focus: 13 });
  });
  const rng = seededRandom(6);
  bench("100k-roll simulation", () => {
    simulate(() => rollAdvancement({ level: 9, focus: 13 }, rng).reason);
  }, SIM);
});

describe("toast healing day (14 wounds, treatment +9)", () => {
  bench("healingDayOdds exact", () => {
    healingDayOdds(healing);
  });
  const rng = seededRandom(7);
  bench("100k-roll simulation", () => {
    simulate(() => rollHealingDay(healing, rng).healed);
  }, SIM);
});
