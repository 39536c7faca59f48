import { describe, expect, it } from "vitest";
import type { Dist } from "../../../src/dice/dist";
import { mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import type { AttackInput, Band, MissReason } from "../../../src/rulesets/toaster/rules";
import {
  attackDistribution,
  attackOdds,
  collaborationDistribution,
  collaborationOdds,
  contestDistribution,
  contestOdds,
  criticalTableOdds,
  damageDieDist,
  hitLocationOdds,
  initiativeOdds,
  resolveAttack,
  rollAttack,
  rollCollaboration,
  rollContest,
  rollCritical,
  rollHitLocation,
  rollInitiative,
  wcAcDamageDist,
} from "../../../src/rulesets/toaster/rules";
import { referenceAttackDistribution } from "./attack-reference";

const TOL = 0.006;
const N = 100_000;

const melee = (over: Partial<AttackInput> = {}): AttackInput => ({
  mode: "melee",
  attack: { rank: 7, modifier: 0 },
  defenceRank: 5,
  defence: { rank: 5, modifier: 0 },
  wc: 5,
  ac: 4,
  ...over,
});

describe("toaster exact attack odds", () => {
  it("WC/AC exchange (WC 5 against AC 4): no damage 45%, 1 point 10%, 5 points 6%, 10 points 1%", () => {
    const d = wcAcDamageDist({ wc: 5, ac: 4 });
    expect(mass(d)).toBeCloseTo(1, 12);
    expect(d.get(0)).toBeCloseTo(0.45, 12);
    expect(d.get(1)).toBeCloseTo(0.1, 12);
    expect(d.get(5)).toBeCloseTo(0.06, 12);
    expect(d.get(10)).toBeCloseTo(0.01, 12);
    expect(d.has(11)).toBe(false);
    expect(damageDieDist({ callFour: true })).toEqual(new Map([[4, 1]]));
  });

  it("rank 7 against a parry of 5: hit 64% (marginal 9%, success 34%, critical 21%), defended 36%", () => {
    const o = attackDistribution(melee());
    expect(o.hit).toBeCloseTo(0.64, 12);
    expect(o.miss).toEqual({ fumble: 0, autoFailure: 0, belowThreshold: 0, defended: expect.closeTo(0.36, 12) as number });
    expect(o.bands.marginal).toBeCloseTo(0.09, 12);
    expect(o.bands.success).toBeCloseTo(0.34, 12);
    expect(o.bands.critical).toBeCloseTo(0.21, 12);
    expect(mass(o.damage)).toBeCloseTo(1, 12);
    expect(mass(o.wounds)).toBeCloseTo(1, 12);
    expect(o.criticalTriggered).toBe(0);
    // The contract's Odds: fumble, miss, then the hit bands; success = a hit.
    const odds = attackOdds(melee());
    expect(odds.outcomes.map((x) => [x.key, Number(x.p.toFixed(12))])).toEqual([["fumble", 0], ["miss", 0.36], ["marginal", 0.09], ["success", 0.34], ["critical", 0.21]]);
    expect(odds.success).toBeCloseTo(0.64, 12);
    expect(odds.extras.map((x) => x.key)).toEqual(["criticalTable", "wounded"]);
    expect(odds.extras[1].p).toBeCloseTo(1 - (o.wounds.get(0) ?? 0), 12);
  });

  it("ranged with nobody defending: the bar is 10 (rank 6 hits 60%); calling 4s on both WC/AC dice fixes the damage", () => {
    const o = attackDistribution({ ...melee(), mode: "ranged", attack: { rank: 6, modifier: 0 }, defence: null, wc: 8, ac: 3, damageDice: { callFour: true }, protectionDice: { callFour: true }, options: { variableOutcomes: false } });
    expect(o.hit).toBeCloseTo(0.6, 12);
    expect(o.miss.belowThreshold).toBeCloseTo(0.4, 12);
    expect(o.damage.get(5)).toBeCloseTo(0.6, 12);
    expect(o.damage.get(0)).toBeCloseTo(0.4, 12);
    expect(o.wounds.get(1)).toBeCloseTo(0.6, 12);
  });

  it("a bad attack input throws before any enumeration", () => {
    expect(() => attackOdds(melee({ wc: 1.5 }))).toThrow(/WC must be a whole number/);
    expect(() => attackOdds(melee({ options: { criticalTable: "yes" as unknown as boolean } }))).toThrow(/criticalTable must be true or false/);
    expect(() => attackOdds(melee({ options: { halfDamage: true } as never }))).toThrow(/Attack option must be one of/);
    expect(() => attackOdds(melee({ damageDice: { ninesLimit: -1, rollingNines: true } }))).toThrow(/Damage dice: limit/);
    expect(() => attackOdds(melee({ ac: 7, attack: { rank: 9, modifier: 0 }, options: { criticalTable: true } }))).toThrow(/defenderPhysique/);
    // Like the roll, the odds need the defender's Physique only when a critical can come up.
    const noCritical = attackOdds(melee({ attack: { rank: 2, modifier: 0 }, defenceRank: 1, defence: { rank: 9, modifier: 0 }, options: { criticalTable: true } }));
    expect(noCritical.extras.find((e) => e.key === "criticalTable")?.p).toBe(0);
  });

  const cases: [string, AttackInput][] = [
    ["plain melee", melee()],
    ["zeros and nines both sides, critical table and margin added", melee({ attack: { rank: 7, modifier: 0, rollingZeros: true, rollingNines: true }, defence: { rank: 6, modifier: 0, rollingZeros: true }, wc: 6, ac: 3, defenderPhysique: 4, options: { criticalTable: true, addMargin: true } })],
    ["ranged, no defence, same die and roll twice", melee({ mode: "ranged", attack: { rank: 6, modifier: 0 }, defence: null, wc: 8, ac: 3, options: { sameDie: true, rollTwice: true } })],
    ["same die, critical table, halve marginal after AC", melee({ attack: { rank: 6, modifier: 1 }, defence: { rank: 5, modifier: 0, rollingZeros: true }, ac: 5, defenderPhysique: 6, options: { sameDie: true, criticalTable: true, halveMarginal: true } })],
    ["unarmed, unlimited nines on damage, variable outcomes off", melee({ unarmed: true, wc: 9, ac: 1, damageDice: { rollingNines: true, ninesLimit: null }, options: { variableOutcomes: false } })],
  ];
  for (const [name, input] of cases) {
    it(`attackDistribution agrees with a seeded 100k simulation of rollAttack: ${name}`, () => {
      const exact = attackDistribution(input);
      const outcomes = new Map<string, number>();
      for (const [k, p] of Object.entries(exact.miss) as [MissReason, number][]) outcomes.set(`miss:${k}`, p);
      for (const [k, p] of Object.entries(exact.bands) as [Band, number][]) outcomes.set(`hit:${k}`, p);
      expect(mass(outcomes)).toBeCloseTo(1, 12);
      const rng = seededRandom(31);
      const damage = new Map<number, number>();
      const wounds = new Map<number, number>();
      let triggered = 0;
      const sim = simulate(N, () => {
        const r = rollAttack(input, rng);
        damage.set(r.damage, (damage.get(r.damage) ?? 0) + 1 / N);
        wounds.set(r.wounds, (wounds.get(r.wounds) ?? 0) + 1 / N);
        if (r.criticalTriggered) triggered++;
        return r.hit ? `hit:${r.band}` : `miss:${r.missReason}`;
      });
      expect(maxAbsDiff(sim, outcomes)).toBeLessThan(TOL);
      expect(maxAbsDiff(damage, exact.damage)).toBeLessThan(TOL);
      expect(maxAbsDiff(wounds, exact.wounds)).toBeLessThan(TOL);
      expect(Math.abs(triggered / N - exact.criticalTriggered)).toBeLessThan(TOL);
    });
  }
});

describe("toaster fast attack odds against the straightforward enumeration", () => {
  const KEYS = ["variableOutcomes", "sameDie", "criticalTable", "addMargin", "rollTwice", "halveMarginal"] as const;
  const close = (a: Dist<number>, b: Dist<number>): number => maxAbsDiff(a, b);
  const mixes: [string, AttackInput][] = [];
  for (let bits = 0; bits < 64; bits++) {
    const options = Object.fromEntries(KEYS.map((k, i) => [k, Boolean(bits & (1 << i))]));
    mixes.push([`options ${bits.toString(2).padStart(6, "0")}, zeros and one nine, melee`, melee({ attack: { rank: 7, modifier: 0, rollingZeros: true, rollingNines: true }, defence: { rank: 6, modifier: -1, rollingZeros: true, rollingNines: true }, wc: 6, ac: 3, defenderPhysique: 4, damageDice: { rollingNines: true }, protectionDice: { rollingNines: true }, options })]);
    if (bits % 7 === 0) mixes.push([`options ${bits.toString(2).padStart(6, "0")}, ranged, nobody defends, unarmed`, melee({ mode: "ranged", attack: { rank: 5, modifier: 2, rollingNines: true, ninesLimit: 2 }, defence: null, wc: 3, ac: 6, unarmed: true, defenderPhysique: 2, options })]);
  }
  mixes.push(["every option but halving, unlimited nines everywhere", melee({ attack: { rank: 7, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }, defence: { rank: 6, modifier: 0, rollingZeros: true, rollingNines: true, ninesLimit: null }, wc: 6, ac: 3, defenderPhysique: 4, damageDice: { rollingNines: true, ninesLimit: null }, protectionDice: { rollingNines: true, ninesLimit: null }, options: { sameDie: true, criticalTable: true, addMargin: true, rollTwice: true } })]);
  mixes.push(["called 4s on every die, critical table, add margin", melee({ attack: { rank: 9, modifier: 0, callFour: true }, defence: { rank: 2, modifier: 0, callFour: true }, wc: 4, ac: 2, defenderPhysique: 3, damageDice: { callFour: true }, protectionDice: { callFour: true }, options: { criticalTable: true, addMargin: true, sameDie: true } })]);
  it("every option mix agrees to 1e-12 (hit, misses, bands, critical table, damage, wounds)", () => {
    for (const [name, input] of mixes) {
      const fast = attackDistribution(input);
      const ref = referenceAttackDistribution(input);
      const where = `${name}`;
      expect(Math.abs(fast.hit - ref.hit), where).toBeLessThan(1e-12);
      expect(Math.abs(fast.criticalTriggered - ref.criticalTriggered), where).toBeLessThan(1e-12);
      for (const k of Object.keys(ref.miss) as MissReason[]) expect(Math.abs(fast.miss[k] - ref.miss[k]), where).toBeLessThan(1e-12);
      for (const k of Object.keys(ref.bands) as Band[]) expect(Math.abs(fast.bands[k] - ref.bands[k]), where).toBeLessThan(1e-12);
      expect(close(fast.damage, ref.damage), where).toBeLessThan(1e-12);
      expect(close(fast.wounds, ref.wounds), where).toBeLessThan(1e-12);
      expect(Math.abs(fast.meanDamage - ref.meanDamage), where).toBeLessThan(1e-9);
      expect(mass(fast.damage), where).toBeCloseTo(1, 12);
    }
  });
  it("unlimited nines report the depth cut in `error` (within 1e-9); a limit within the depth is exact", () => {
    const unlimited = mixes[mixes.length - 2][1];
    const e = attackOdds(unlimited).error;
    expect(e).toBeGreaterThan(0);
    expect(e).toBeLessThanOrEqual(1e-9);
    expect(attackOdds(melee()).error).toBe(0);
  });
});

describe("toaster exact odds of the other contests", () => {
  it("side-by-side contest, two rank-6 characters: neither 16%, a alone 24%, both succeed 36% (tie 6%)", () => {
    const o = contestDistribution({ a: { rank: 6, modifier: 0 }, b: { rank: 6, modifier: 0 } });
    expect(o.neither).toBeCloseTo(0.16, 12);
    expect(o.tie).toBeCloseTo(0.06, 12);
    expect(o.aWins).toBeCloseTo(0.24 + 0.15, 12);
    expect(o.bWins).toBeCloseTo(0.39, 12);
    const odds = contestOdds({ a: { rank: 6, modifier: 0 }, b: { rank: 6, modifier: 0 } });
    expect(odds.outcomes.map((x) => x.key)).toEqual(["bWins", "neither", "tie", "aWins"]);
    expect(odds.success).toBeCloseTo(0.39, 12);
  });
  it("contestOdds agrees with a seeded 100k simulation (zeros and nines on one side)", () => {
    const a = { rank: 7, modifier: -1, rollingZeros: true, rollingNines: true };
    const b = { rank: 5, modifier: 1 };
    const e = contestDistribution({ a, b });
    const rng = seededRandom(8);
    const sim = simulate(N, () => rollContest({ a, b }, rng).winner);
    expect(maxAbsDiff(sim, new Map([["a", e.aWins], ["b", e.bWins], ["tie", e.tie], ["neither", e.neither]]))).toBeLessThan(TOL);
  });
  it("collaboration odds: lead rank 6 with one helper succeeds on a best die of 4+ (84%)", () => {
    const o = collaborationDistribution({ ranks: [6, 3], mode: "best" });
    expect(o.success).toBeCloseTo(0.84, 12);
    expect(o.keptDie.get(9)).toBeCloseTo(0.19, 12);
    expect(Object.values(o.bands).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    expect(collaborationOdds({ ranks: [6, 3], mode: "best" }).success).toBeCloseTo(0.84, 12);
    // A helper below the minimum rank does not roll: the lead rolls alone (60%).
    expect(collaborationOdds({ ranks: [6, 3], mode: "best", minRank: 4 }).success).toBeCloseTo(0.6, 12);
    expect(() => collaborationOdds({ ranks: [], mode: "best" })).toThrow(/at least one character/);
  });
  it("collaborationOdds agrees with a seeded 100k simulation of collaborate (too many cooks, nines on)", () => {
    const dice = { rollingNines: true, ninesLimit: 1 };
    const input = { ranks: [7, 5, 6], mode: "tooManyCooks" as const, modifier: -1, dice };
    const e = collaborationDistribution(input);
    const rng = seededRandom(12);
    const sim = simulate(N, () => rollCollaboration(input, rng).band);
    expect(maxAbsDiff(sim, new Map(Object.entries(e.bands)) as Dist<string>)).toBeLessThan(TOL);
  });
  it("initiative odds: equal Coordination ties 10%; drawing a gun (−3) at Coordination 7 against 5 goes first 36%", () => {
    const pOf = (odds: { outcomes: readonly { key: string; p: number }[] }, key: string): number => odds.outcomes.find((x) => x.key === key)?.p ?? Number.NaN;
    const even = initiativeOdds({ a: { coordination: 5 }, b: { coordination: 5 } });
    expect([pOf(even, "aFirst"), pOf(even, "bFirst"), pOf(even, "tie")]).toEqual([0.45, 0.45, 0.1].map((p) => expect.closeTo(p, 12) as number));
    const odds = initiativeOdds({ a: { coordination: 7, modifier: -3 }, b: { coordination: 5 } });
    const o = { aFirst: pOf(odds, "aFirst"), tie: pOf(odds, "tie"), bFirst: pOf(odds, "bFirst") };
    expect(o.aFirst).toBeCloseTo(0.36, 12);
    expect(o.tie).toBeCloseTo(0.09, 12);
    expect(o.bFirst).toBeCloseTo(0.55, 12);
    const rng = seededRandom(4);
    const sim = simulate(N, () => {
      const a = rollInitiative({ coordination: 7, modifier: -3 }, rng).total;
      const b = rollInitiative({ coordination: 5 }, rng).total;
      return a > b ? "a" : b > a ? "b" : "tie";
    });
    expect(maxAbsDiff(sim, new Map([["a", o.aFirst], ["b", o.bFirst], ["tie", o.tie]]))).toBeLessThan(TOL);
  });
});

describe("toaster exact odds of the combat tables", () => {
  it("critical table: graceful attacker 5%; +10 damage 2/60 plus the multiple-effects row", () => {
    const o = criticalTableOdds();
    expect(o.effects.attackerGraceful).toBeCloseTo(3 / 60, 12);
    const fromRow9 = 0.1 * ((1 / 2) * (3 / 6) + (1 / 3) * (4 / 6) + 1 / 6) * (1 / 6);
    expect(o.effects.extraDamage10).toBeCloseTo(2 / 60 + fromRow9, 12);
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
  });
  it("critical table odds agree with a seeded 100k simulation of rollCritical", () => {
    const o = criticalTableOdds();
    const rng = seededRandom(21);
    const effects = new Map<string, number>();
    const sim = simulate(N, () => {
      const r = rollCritical(rng);
      for (const e of r.effects) effects.set(e.key, (effects.get(e.key) ?? 0) + 1 / N);
      return `${r.damageBonus}|${r.armor ?? ""}`;
    });
    expect(maxAbsDiff(effects, new Map(Object.entries(o.effects)))).toBeLessThan(TOL);
    expect(maxAbsDiff(sim, new Map(o.outcomes.map((x) => [`${x.damageBonus}|${x.armor ?? ""}`, x.p] as const)))).toBeLessThan(TOL);
  });
  it("hit location odds: torso 30%, hips/groin 5%; simulation agrees", () => {
    const o = hitLocationOdds();
    expect(o.areas.torso).toBeCloseTo(0.3, 12);
    expect(o.locations["torso.hipsGroin"]).toBeCloseTo(0.05, 12);
    const rng = seededRandom(22);
    const sim = simulate(N, () => {
      const r = rollHitLocation(rng);
      return `${r.area}.${r.location}`;
    });
    expect(maxAbsDiff(sim, new Map(Object.entries(o.locations)))).toBeLessThan(TOL);
  });
});
