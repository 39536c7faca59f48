import { describe, expect, it } from "vitest";
import { mass, maxAbsDiff, simulate, uniform } from "../../../src/dice/dist";
import { ScriptedDice, seededRandom } from "../../../src/dice/random";
import {
  SAMPLE_WEAPONS,
  SIMULTANEOUS_HANDS,
  applyDamage,
  attackCheck,
  blockedDamage,
  resolveDamage,
  resolveExchange,
  damageDistribution,
  exchangeDistribution,
  initiativeDistribution,
  initiativeOdds,
  initiativeOrder,
  newHealth,
  parseDamage,
  parseWeapon,
  rollDamage,
  rollExchange,
  rollInitiative,
  simultaneousAction,
  topDieDistribution,
  exchangeOdds,
  type ExchangeInput,
} from "../../../src/rulesets/flange/rules";
import type { Odds } from "../../../src/dice/contract";

/** An Odds value's outcomes as a record by key. */
function oddsRecord(o: Odds): Record<string, number> {
  return Object.fromEntries(o.outcomes.map((e) => [e.key, e.p]));
}

const sock = SAMPLE_WEAPONS[0];
const revolver = SAMPLE_WEAPONS[1];

describe("flange weapons — seed 'Weapon Stats'", () => {
  it("reads the three sample weapons", () => {
    expect(SAMPLE_WEAPONS).toEqual([
      { name: "Sock of sand", attribute: "strength", range: "melee", damageDice: 0, damageModifier: -3 },
      { name: "36 Revolver", attribute: "athleticism", range: "short", damageDice: 1, damageModifier: -1 },
      { name: "Barret 50cal", attribute: "dexterity", range: "long", damageDice: 2, damageModifier: 2 },
    ]);
  });
  it("rejects malformed damage and attributes", () => {
    expect(parseDamage("2+1")).toEqual({ damageDice: 2, damageModifier: 1 });
    expect(() => parseDamage("●x")).toThrow(/Cannot read damage/);
    expect(() => parseWeapon("Spoon", "Foo/-/-1")).toThrow(/Unknown weapon attribute/);
    expect(() => parseWeapon("Spoon", "Str/far/-1")).toThrow(/Unknown weapon range/);
    expect(() => parseWeapon("Spoon", "Str/-")).toThrow(/attribute\/range\/damage/);
    expect(() => parseWeapon(" ", "Str/-/-1")).toThrow(/needs a name/);
    expect(() => parseDamage("")).toThrow(/empty/);
    expect(() => parseDamage("●●+2+1")).toThrow(/Cannot read damage/);
    expect(() => parseDamage("2.5")).toThrow(/Cannot read damage/);
    expect(() => parseDamage("●+100")).toThrow(/Damage modifier in "●\+100" must be between -99 and 99/);
  });
  it("reads a typeset minus sign or dash as minus, and '-' as an empty damage box", () => {
    expect(parseDamage("● −1")).toEqual({ damageDice: 1, damageModifier: -1 });
    expect(parseDamage("–3")).toEqual({ damageDice: 0, damageModifier: -3 });
    expect(parseDamage("-")).toEqual({ damageDice: 0, damageModifier: 0 });
    expect(parseWeapon("Barret 50cal", "Dex / Long / ●●+2")).toEqual(SAMPLE_WEAPONS[2]);
  });
});

describe("flange example combat — seed 'Combat', Don Smits v Mr Tims", () => {
  it("initiative: Don 6+8+7 = 21, Tims 2+6+8 = 16; lowest (Tims) goes first", () => {
    const rng = new ScriptedDice([6, 2]).source(10);
    const don = rollInitiative({ perception: 8, athleticism: 7 }, rng);
    const tims = rollInitiative({ perception: 6, athleticism: 8 }, rng);
    expect(don).toEqual({ faces: [6], die: 6, base: 15, penalty: 0, total: 21, firstRound: true });
    expect(tims.total).toBe(16);
    expect(initiativeOrder([{ id: "don", total: don.total }, { id: "tims", total: tims.total }]).map((g) => g.ids)).toEqual([["tims"], ["don"]]);
  });

  it("Tims bops the Don (sock of sand 2 on Strength 8: 9,4; damage 8−3 = 5); Don blocks with his arm (7,1) → 3, a serious injury", () => {
    const x: ExchangeInput = {
      attack: { skillDice: 2, attributeTarget: 8 },
      weapon: sock,
      defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } },
    };
    const dice = new ScriptedDice([9, 4, 8, 7, 1]);
    const r = rollExchange(x, dice.source(10));
    expect(r.attack.successes).toBe(1);
    expect(r.damageRoll).toMatchObject({ faces: [8], top: 8, damage: 5 });
    expect(r.block).toBe("halved");
    expect(r.damage).toBe(3);
    expect(r.effects).toEqual({ defenderFailedBlock: false, defenderCounterattackBonus: false });
    expect(dice.remaining).toBe(0);
    const don = applyDamage(newHealth(6), r.damage);
    expect(don.after.boxes - don.after.lost).toBe(9);
    expect(don.seriousInjury).toBe(true);
  });

  it("Don shoots (revolver 3 on Athleticism 7: 7,8,9); Tims dodges (9,5 at 8: one) → two hits; damage dice 1 + 2 = 3: 1,5,8 → 8−1 = 7 (the seed says 8: the rules win)", () => {
    const x: ExchangeInput = {
      attack: { skillDice: 3, attributeTarget: 7 },
      weapon: revolver,
      defence: { kind: "dodge", check: { dice: 2, target: 8 } },
    };
    const dice = new ScriptedDice([7, 8, 9, 9, 5, 1, 5, 8]);
    const r = rollExchange(x, dice.source(10));
    expect(r.attack.successes).toBe(3);
    expect(r.defence?.successes).toBe(1);
    expect(r.netSuccesses).toBe(2);
    expect(r.damageRoll?.faces).toEqual([1, 5, 8]);
    // The seed's count, "two dice, plus one from his attack roll", is the same three dice as the
    // rules' one revolver dot plus two net successes.
    const seedDice = 2 + 1;
    expect(revolver.damageDice + r.netSuccesses).toBe(seedDice);
    // The seed's "loses 8 health boxes" is the top die with the revolver's −1 left out; we follow the rules: 7.
    const seedLoss = 8;
    expect(r.damageRoll?.top).toBe(seedLoss);
    expect(r.damageRoll?.modifier).toBe(-1);
    expect(r.damage).toBe(7);
    expect(dice.remaining).toBe(0);
    const tims = applyDamage(newHealth(9), r.damage);
    expect(tims.after.boxes - tims.after.lost).toBe(2);
    expect(tims.seriousInjury).toBe(true);
    expect(tims.status).toBe("wounded");
    // Under the seed's number Tims would keep 1 box: wounded, seriously, but alive either way.
    const seedTims = applyDamage(newHealth(9), seedLoss);
    expect(seedTims.after.boxes - seedTims.after.lost).toBe(1);
    expect(seedTims).toMatchObject({ seriousInjury: true, status: "wounded" });
  });

  it("both example attacks resolve from the seed's faces exactly as they roll (the Foundry side's path)", () => {
    const bop: ExchangeInput = { attack: { skillDice: 2, attributeTarget: 8 }, weapon: sock, defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } } };
    const r1 = resolveExchange(bop, { attack: [9, 4], defence: [7, 1], damage: [8] });
    expect(r1).toEqual(rollExchange(bop, new ScriptedDice([9, 4, 8, 7, 1]).source(10)));
    expect(r1).toMatchObject({ outcome: "halved", damage: 3 });
    const shot: ExchangeInput = { attack: { skillDice: 3, attributeTarget: 7 }, weapon: revolver, defence: { kind: "dodge", check: { dice: 2, target: 8 } } };
    const r2 = resolveExchange(shot, { attack: [7, 8, 9], defence: [9, 5], damage: [1, 5, 8] });
    expect(r2).toEqual(rollExchange(shot, new ScriptedDice([7, 8, 9, 9, 5, 1, 5, 8]).source(10)));
    expect(r2).toMatchObject({ outcome: "hit", netSuccesses: 2, damage: 7 });
    // Faces for a roll that never happened are refused.
    expect(() => resolveExchange(shot, { attack: [1, 2, 3], defence: [9, 5], damage: [] })).toThrow(/rolled no defence/);
    expect(() => resolveExchange(shot, { attack: [7, 8, 9], defence: [9, 5], damage: [1, 5] })).toThrow(/3 damage dice need 3 faces, got 2/);
  });

  it("the two combatants' stat lines: Tims 18 − 9 = 9 boxes, the Don 18 − 6 = 12", () => {
    expect(newHealth(9)).toEqual({ boxes: 9, lost: 0, grindBoxes: 0, grindLost: 0 });
    expect(newHealth(6)).toEqual({ boxes: 12, lost: 0, grindBoxes: 0, grindLost: 0 });
  });

  it("next initiative: by the rules the Don (21 + d10) acts first only 10% of the time against Tims (16 + d10), not 'easily'", () => {
    const o = oddsRecord(initiativeOdds({ first: { perception: 8, athleticism: 7, previous: 21 }, second: { perception: 6, athleticism: 8, previous: 16 } }));
    expect(o.firstActsFirst).toBeCloseTo(0.1, 14);
    expect(o.simultaneous).toBeCloseTo(0.05, 14);
    expect(o.secondActsFirst).toBeCloseTo(0.85, 14);
    // Even if the GM's "+3 to all target numbers" reached Tims' Perception and Athleticism in the
    // initiative sum (+6), the Don would go first 55% of the time, not "easily".
    const pathos = oddsRecord(initiativeOdds({ first: { perception: 8, athleticism: 7, previous: 21 }, second: { perception: 9, athleticism: 11, previous: 16, modifier: 6 } }));
    expect(pathos.firstActsFirst).toBeCloseTo(0.55, 14);
    expect(pathos.simultaneous).toBeCloseTo(0.09, 14);
    expect(pathos.secondActsFirst).toBeCloseTo(0.36, 14);
  });
});

describe("flange simultaneous action — seed 'Simultaneous Action'", () => {
  it("scissors v scissors: both attack, neither defends", () => {
    expect(simultaneousAction({ first: "scissors", second: "scissors" })).toEqual({ first: "attack", second: "attack", againstFirst: "none", againstSecond: "none" });
  });
  it("an attack meets the other's dodge or block; the defender makes no attack", () => {
    expect(simultaneousAction({ first: "scissors", second: "paper" })).toEqual({ first: "attack", second: "dodge", againstFirst: "dodge", againstSecond: null });
    expect(simultaneousAction({ first: "stone", second: "scissors" })).toEqual({ first: "block", second: "attack", againstFirst: null, againstSecond: "block" });
  });
  it("two defences: nobody attacks", () => {
    for (const [a, b] of [["paper", "stone"], ["stone", "stone"], ["paper", "paper"]] as const) {
      expect(simultaneousAction({ first: a, second: b })).toMatchObject({ againstFirst: null, againstSecond: null });
    }
  });
  it("an undefended attack takes damage less armour, with no counterattack bonus", () => {
    const r = rollExchange(
      { attack: { skillDice: 1, attributeTarget: 7 }, weapon: revolver, defence: { kind: "none" }, armour: 1 },
      new ScriptedDice([8, 9, 6]).source(10),
    );
    expect(r).toMatchObject({ hit: true, damage: 9 - 1 - 1, defence: null, effects: { defenderCounterattackBonus: false, defenderFailedBlock: false } });
  });
  it("all nine pairs of hands", () => {
    const hands = ["scissors", "paper", "stone"] as const;
    const table: string[] = [];
    for (const a of hands) for (const b of hands) {
      const p = simultaneousAction({ first: a, second: b });
      table.push(`${a}/${b}: ${p.againstFirst ?? "-"} ${p.againstSecond ?? "-"}`);
    }
    expect(table).toEqual([
      "scissors/scissors: none none",
      "scissors/paper: dodge -",
      "scissors/stone: block -",
      "paper/scissors: - dodge",
      "paper/paper: - -",
      "paper/stone: - -",
      "stone/scissors: - block",
      "stone/paper: - -",
      "stone/stone: - -",
    ]);
  });
  it("rejects unknown hands", () => {
    expect(() => simultaneousAction({ first: "rock" as "stone", second: "paper" })).toThrow(/Unknown hand "rock"/);
  });
});

describe("flange initiative — seed 'Initiative', 'Simultaneous Action'", () => {
  it("later rounds add the previous initiative; failed blocks add 1 each", () => {
    const r = rollInitiative({ perception: 6, athleticism: 8, previous: 16, failedBlocks: 2 }, new ScriptedDice([4]).source(10));
    expect(r).toEqual({ faces: [4], die: 4, base: 16, penalty: 2, total: 22, firstRound: false });
    expect(initiativeDistribution({ perception: 6, athleticism: 8 })).toEqual(new Map([...uniform(15, 24)]));
  });
  it("equal totals act simultaneously; the hands mean attack, dodge, block", () => {
    const order = initiativeOrder([{ id: "a", total: 18 }, { id: "b", total: 12 }, { id: "c", total: 18 }]);
    expect(order).toEqual([
      { total: 12, ids: ["b"], simultaneous: false },
      { total: 18, ids: ["a", "c"], simultaneous: true },
    ]);
    expect(SIMULTANEOUS_HANDS).toEqual({ scissors: "attack", paper: "dodge", stone: "block" });
  });
  it("rejects bad input", () => {
    expect(() => rollInitiative({ perception: 4, athleticism: 8 }, seededRandom(1))).toThrow(/Perception/);
    expect(() => initiativeOrder([{ id: "a", total: 1.5 }])).toThrow(/Initiative of a/);
  });
});

describe("flange attack modifiers — seed 'Attack roll', 'Damage roll'", () => {
  it("a declared counterattack gives +1 die and −1 target; a failed block +1 target", () => {
    expect(attackCheck({ skillDice: 3, attributeTarget: 7, counterattackBonus: true })).toMatchObject({ dice: 3, diceModifier: 1, targetModifier: -1 });
    expect(attackCheck({ skillDice: 3, attributeTarget: 7, failedBlockPenalty: true })).toMatchObject({ diceModifier: 0, targetModifier: 1 });
  });
  it("a counterattacking defender takes the damage in full and earns the bonus", () => {
    const r = rollExchange(
      { attack: { skillDice: 1, attributeTarget: 7 }, weapon: revolver, defence: { kind: "counterattack" }, armour: 2 },
      new ScriptedDice([8, 9, 6]).source(10),
    );
    expect(r.damage).toBe(9 - 1 - 2);
    expect(r.effects.defenderCounterattackBonus).toBe(true);
  });
  it("a failed block takes full damage and marks the penalties; a block with an object negates", () => {
    const failed = rollExchange(
      { attack: { skillDice: 1, attributeTarget: 7 }, weapon: revolver, defence: { kind: "block", with: "object", check: { dice: 2, target: 9 } } },
      new ScriptedDice([8, 9, 6, 3, 4]).source(10),
    );
    expect(failed).toMatchObject({ block: "failed", damage: 8, effects: { defenderFailedBlock: true } });
    expect(blockedDamage(8, "object")).toBe(0);
    expect(blockedDamage(5, "body")).toBe(3);
  });
  it("a dodge that cancels every success is a miss; a missed attack rolls no defence", () => {
    const x: ExchangeInput = { attack: { skillDice: 1, attributeTarget: 7 }, weapon: revolver, defence: { kind: "dodge", check: { dice: 1, target: 5 } } };
    expect(rollExchange(x, new ScriptedDice([8, 6]).source(10))).toMatchObject({ hit: false, damage: 0, netSuccesses: 0 });
    const dice = new ScriptedDice([3]);
    expect(rollExchange(x, dice.source(10))).toMatchObject({ hit: false, defence: null });
    expect(dice.remaining).toBe(0);
  });
  it("damage: top die, extra 10s raise it past 10, modifier and armour, at least 1", () => {
    expect(resolveDamage({ dice: 3, modifier: 0 }, [10, 10, 3]).top).toBe(11);
    expect(resolveDamage({ dice: 4, modifier: 2 }, [10, 10, 10, 1]).damage).toBe(14);
    expect(resolveDamage({ dice: 1, modifier: -3 }, [2]).damage).toBe(1);
    expect(resolveDamage({ dice: 2, modifier: 0, armour: 3 }, [5, 6]).damage).toBe(3);
    expect(() => resolveDamage({ dice: 0, modifier: 0 }, [])).toThrow(/Damage dice/);
  });
});

describe("flange Edge on the damage roll and exchange validation", () => {
  it("Edge damage dice add one die each to the damage roll", () => {
    const x: ExchangeInput = { attack: { skillDice: 1, attributeTarget: 7 }, weapon: revolver, defence: { kind: "counterattack" }, damageEdgeDice: 1 };
    const dice = new ScriptedDice([8, 3, 9, 2]);
    const r = rollExchange(x, dice.source(10));
    expect(r.damageRoll?.faces).toEqual([3, 9, 2]);
    expect(r.damage).toBe(8);
    expect(dice.remaining).toBe(0);
  });
  it("bad exchanges throw", () => {
    const base: ExchangeInput = { attack: { skillDice: 1, attributeTarget: 7 }, weapon: revolver, defence: { kind: "counterattack" } };
    expect(() => rollExchange({ ...base, damageEdgeDice: -1 }, seededRandom(1))).toThrow(/Edge damage dice/);
    expect(() => exchangeOdds({ ...base, armour: 1.5 })).toThrow(/Armour must be a whole number/);
    expect(() => exchangeOdds({ ...base, defence: { kind: "parry" } as unknown as ExchangeInput["defence"] })).toThrow(/Unknown defence "parry"/);
    expect(() =>
      exchangeOdds({ ...base, defence: { kind: "block", with: "shield", check: { dice: 2, target: 7 } } as unknown as ExchangeInput["defence"] }),
    ).toThrow(/"object" or "body", not "shield"/);
    expect(() => exchangeOdds({ ...base, weapon: { damageDice: 1, damageModifier: 0.5 } })).toThrow(/Weapon damage modifier/);
  });
});

describe("flange exact combat odds", () => {
  it("top-die odds: mass 1, and agree with all 1000 faces of 3d10", () => {
    for (let n = 1; n <= 8; n++) expect(mass(topDieDistribution(n))).toBeCloseTo(1, 13);
    const brute = new Map<number, number>();
    for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) for (let c = 1; c <= 10; c++) {
      const t = resolveDamage({ dice: 3, modifier: -1 }, [a, b, c]).damage;
      brute.set(t, (brute.get(t) ?? 0) + 0.001);
    }
    expect(maxAbsDiff(brute, damageDistribution({ dice: 3, modifier: -1 }))).toBeLessThan(1e-13);
  });

  const cases: { name: string; x: ExchangeInput }[] = [
    { name: "Tims' sock v the Don's arm block", x: { attack: { skillDice: 2, attributeTarget: 8 }, weapon: sock, defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } } } },
    { name: "the Don's revolver v Tims' dodge", x: { attack: { skillDice: 3, attributeTarget: 7 }, weapon: revolver, defence: { kind: "dodge", check: { dice: 2, target: 8 } } } },
    { name: "Barret v counterattack with armour 2", x: { attack: { skillDice: 4, attributeTarget: 6, counterattackBonus: true }, weapon: SAMPLE_WEAPONS[2], defence: { kind: "counterattack" }, armour: 2 } },
    { name: "revolver with a failed-block penalty and an Edge damage die v an object block", x: { attack: { skillDice: 3, attributeTarget: 6, failedBlockPenalty: true }, weapon: revolver, defence: { kind: "block", with: "object", check: { dice: 1, target: 8 } }, damageEdgeDice: 1 } },
    { name: "undefended desperate sock swing (0 dice)", x: { attack: { skillDice: 0, attributeTarget: 8 }, weapon: sock, defence: { kind: "none" } } },
  ];
  for (const c of cases) {
    it(`damage odds match a seeded 100k-roll simulation: ${c.name}`, () => {
      const o = exchangeDistribution({ ...c.x, defenderHealth: newHealth(9) });
      expect(mass(o.damage)).toBeCloseTo(1, 12);
      const rng = seededRandom(2024);
      const sim = simulate(100_000, () => rollExchange(c.x, rng).damage);
      expect(maxAbsDiff(sim, o.damage)).toBeLessThan(0.006);
      const rng2 = seededRandom(5);
      const hits = simulate(100_000, () => rollExchange(c.x, rng2).hit);
      expect(Math.abs((hits.get(true) ?? 0) - o.hit)).toBeLessThan(0.006);
    });
  }

  it("block odds match a seeded 100k-roll simulation: success given a hit, failed blocks overall", () => {
    const x = cases[0].x;
    const o = exchangeDistribution(x);
    const rng = seededRandom(808);
    const sim = simulate(100_000, () => rollExchange(x, rng).block ?? "noBlock");
    const exact = new Map<string, number>([
      ["noBlock", 1 - o.hit],
      ["halved", o.hit * (o.blockSucceeds ?? 0)],
      ["failed", o.failedBlock],
    ]);
    expect(maxAbsDiff(sim, exact)).toBeLessThan(0.006);
  });

  it("damage-roll odds match a seeded 100k-roll simulation (4 dice, +2, armour 1)", () => {
    const d = { dice: 4, modifier: 2, armour: 1 };
    const rng = seededRandom(4242);
    const sim = simulate(100_000, () => rollDamage(d, rng).damage);
    expect(maxAbsDiff(sim, damageDistribution(d))).toBeLessThan(0.006);
    expect(mass(damageDistribution(d))).toBeCloseTo(1, 13);
  });

  it("initiative odds match a seeded 100k-roll simulation: totals and who strikes first", () => {
    const don = { perception: 8, athleticism: 7 };
    const tims = { perception: 6, athleticism: 8, failedBlocks: 1 };
    const rng = seededRandom(16);
    expect(maxAbsDiff(simulate(100_000, () => rollInitiative(tims, rng).total), initiativeDistribution(tims))).toBeLessThan(0.006);
    const odds = oddsRecord(initiativeOdds({ first: don, second: tims }));
    const o = { first: odds.firstActsFirst, second: odds.secondActsFirst, simultaneous: odds.simultaneous };
    expect(o.first + o.second + o.simultaneous).toBeCloseTo(1, 14);
    const rng2 = seededRandom(21);
    const sim = simulate(100_000, () => {
      const a = rollInitiative(don, rng2).total;
      const b = rollInitiative(tims, rng2).total;
      return a < b ? "first" : a > b ? "second" : "simultaneous";
    });
    expect(maxAbsDiff(sim, new Map(Object.entries(o)))).toBeLessThan(0.006);
  });

  it("serious-injury and death odds follow the damage distribution", () => {
    const o = exchangeDistribution({ ...cases[1].x, defenderHealth: newHealth(9) });
    let serious = 0;
    let dead = 0;
    for (const [v, p] of o.damage) {
      if (v >= 3) serious += p;
      if (v >= 9) dead += p;
    }
    expect(o.seriousInjury).toBeCloseTo(serious, 14);
    expect(o.dead).toBeCloseTo(dead, 14);
  });
});

describe("flange health track — seed 'Health', 'Dramatic Wounds System'", () => {
  it("dead when out of boxes", () => {
    const r = applyDamage(newHealth(9), 12);
    expect(r.after.lost).toBe(9);
    expect(r.status).toBe("dead");
  });
  it("grind wounds: ordinary damage crosses grind wounds, the last one costs a standard box and resets", () => {
    const h = newHealth(9, true); // 9 boxes, 5 grind
    const a = applyDamage(h, 4);
    expect(a.after).toMatchObject({ lost: 0, grindLost: 4 });
    const b = applyDamage(a.after, 3);
    expect(b.after).toMatchObject({ lost: 1, grindLost: 2 });
    expect(b.boxesLost).toBe(1);
    expect(b.seriousInjury).toBe(false);
  });
  it("dramatic damage goes straight to the standard boxes", () => {
    const r = applyDamage(newHealth(9, true), 4, true);
    expect(r.after).toMatchObject({ lost: 4, grindLost: 0 });
    expect(r.seriousInjury).toBe(true);
  });
  it("rejects bad damage", () => {
    expect(() => applyDamage(newHealth(9), -1)).toThrow(/Damage/);
    expect(() => applyDamage({ boxes: 9, lost: 10, grindBoxes: 0, grindLost: 0 }, 1)).toThrow(/lost/);
  });
});
