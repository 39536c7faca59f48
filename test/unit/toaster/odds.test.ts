import { describe, expect, it } from "vitest";
import type { Dist } from "../../../src/dice/dist";
import { mass, maxAbsDiff, simulate } from "../../../src/dice/dist";
import { seededRandom } from "../../../src/dice/random";
import type { Band, CheckInput } from "../../../src/rulesets/toaster/rules";
import {
  BANDS,
  checkBandDist,
  checkDistribution,
  checkOdds,
  checkTotalDist,
  collaborationDieDist,
  d10StarDist,
  healingOdds,
  mortalityDistribution,
  mortalityOdds,
  opposedDistribution,
  opposedOdds,
  rollCheck,
  rollCollaboration,
  rollD10Star,
  rollHealing,
  rollMortality,
  rollOpposed,
} from "../../../src/rulesets/toaster/rules";

const TOL = 0.006;
const N = 100_000;

function oddsDist(o: Record<Band, number>): Dist<Band> {
  return new Map(BANDS.map((b) => [b, o[b]] as const).filter(([, p]) => p > 0));
}

describe("toaster exact odds", () => {
  it("a plain d10* is uniform on 0..9", () => {
    const d = d10StarDist({ rollingNines: false, ninesLimit: null });
    expect(mass(d)).toBeCloseTo(1, 12);
    for (let v = 0; v < 10; v++) expect(d.get(v)).toBeCloseTo(0.1, 12);
  });
  it("rolling nines with one extra die: 9..18 each 1/100, 18 never continues", () => {
    const d = d10StarDist({ rollingNines: true, ninesLimit: 1 });
    expect(mass(d)).toBeCloseTo(1, 12);
    expect(d.get(8)).toBeCloseTo(0.1, 12);
    expect(d.get(9)).toBeCloseTo(0.01, 12);
    expect(d.get(18)).toBeCloseTo(0.01, 12);
    expect(d.has(19)).toBe(false);
  });
  it("unlimited nines: P(total ≥ 27) = 1/1000 and mass 1", () => {
    const d = d10StarDist({ rollingNines: true, ninesLimit: null });
    expect(mass(d)).toBeCloseTo(1, 12);
    let tail = 0;
    for (const [v, p] of d) if (v >= 27) tail += p;
    expect(tail).toBeCloseTo(0.001, 12);
  });
  it("d10* simulations agree with the exact distributions", () => {
    for (const opts of [
      { rollingNines: false, ninesLimit: null },
      { rollingNines: true, ninesLimit: 1 },
      { rollingNines: true, ninesLimit: null },
    ]) {
      const rng = seededRandom(11);
      const sim = simulate(N, () => rollD10Star(rng, opts).total);
      expect(maxAbsDiff(sim, d10StarDist(opts))).toBeLessThan(TOL);
    }
  });
  it("known band probabilities: rank 5, plain die", () => {
    // totals 5..14: margin -5..4 → failure (−5..−2: 4), marginal (−1..1: 3), success (2..4: 3)
    const o = checkDistribution({ rank: 5, modifier: 0 });
    expect(o.bands.fumble).toBeCloseTo(0, 12);
    expect(o.bands.failure).toBeCloseTo(0.4, 12);
    expect(o.bands.marginal).toBeCloseTo(0.3, 12);
    expect(o.bands.success).toBeCloseTo(0.3, 12);
    expect(o.bands.critical).toBeCloseTo(0, 12);
    // The same in the contract's Odds shape: the bands as outcomes, worst first.
    const odds = checkOdds({ rank: 5, modifier: 0 });
    expect(odds.outcomes.map((x) => x.key)).toEqual(["fumble", "failure", "marginal", "success", "critical"]);
    expect(odds.outcomes.map((x) => x.p)).toEqual([0, 0.4, 0.30000000000000004, 0.30000000000000004, 0].map((p) => expect.closeTo(p, 12) as number));
    expect(odds.success).toBeCloseTo(0.5, 12);
    expect(odds.extras).toEqual([]);
    expect(odds.error).toBe(0);
    // overall success (total ≥ 10): faces 5..9
    expect(o.success).toBeCloseTo(0.5, 12);
    expect(mass(checkBandDist({ rank: 5, modifier: 0 }))).toBeCloseTo(1, 12);
  });
  it("rolling zeros: the fumble-check fumble is 0.1 × P(retry fails or is 0)", () => {
    // rank 5: retry fails on faces 0..4 → 0.5
    const o = checkDistribution({ rank: 5, modifier: 0, rollingZeros: true });
    expect(o.fumbleCheckFumble).toBeCloseTo(0.05, 12);
    expect(o.bands.fumble).toBeCloseTo(0.05, 12);
    expect(o.success).toBeCloseTo(0.5, 12);
    // The fumble from the fumble check is the Odds' one extra.
    expect(checkOdds({ rank: 5, modifier: 0, rollingZeros: true }).extras).toEqual([{ key: "fumbleCheck", p: expect.closeTo(0.05, 12) as number }]);
    // rank 12: only a second 0 fumbles
    expect(checkDistribution({ rank: 12, modifier: 0, rollingZeros: true }).fumbleCheckFumble).toBeCloseTo(0.01, 12);
    expect(checkOdds({ rank: 12, modifier: 0, rollingZeros: true }).success).toBeCloseTo(0.9, 12);
  });
  it("calling 4s is certain; luck before the roll shifts by 2 per point", () => {
    const c = checkDistribution({ rank: 6, modifier: 0, callFour: true, rollingZeros: true });
    expect(c.success).toBe(1);
    expect(c.bands.marginal).toBe(1);
    expect(checkOdds({ rank: 4, modifier: 0, luckBefore: 1 }).success).toBeCloseTo(0.6, 12);
    const dist = checkTotalDist({ rank: 4, modifier: 1, luckBefore: 1 });
    expect(mass(dist)).toBeCloseTo(1, 12);
    expect(dist.get(7)).toBeCloseTo(0.1, 12);
  });
  it("rolling nines make the impossible possible: rank 0 at -5 succeeds only on 9,9,(≥6)", () => {
    const o = checkOdds({ rank: 0, modifier: -5, rollingNines: true, ninesLimit: null });
    // need die ≥ 15: 9 then ≥6 (0.1 × 0.4) ; 9 then 9 then anything (0.01)
    expect(o.success).toBeCloseTo(0.1 * 0.3 + 0.01, 12);
  });

  const cases: [string, CheckInput][] = [
    ["plain rank 6", { rank: 6, modifier: 0 }],
    ["nines limit 1, rank 4 -2", { rank: 4, modifier: -2, rollingNines: true, ninesLimit: 1 }],
    ["unlimited nines + zeros, rank 7", { rank: 7, modifier: 1, rollingNines: true, ninesLimit: null, rollingZeros: true }],
    ["zeros, rank 3 +1, luck before 1", { rank: 3, modifier: 1, luckBefore: 1, rollingZeros: true }],
    ["call 4, rank 5", { rank: 5, modifier: 0, callFour: true }],
  ];
  for (const [name, input] of cases) {
    it(`checkOdds agrees with a seeded 100k simulation: ${name}`, () => {
      const exact = checkDistribution(input);
      expect(BANDS.reduce((a, b) => a + exact.bands[b], 0)).toBeCloseTo(1, 12);
      const rng = seededRandom(2024);
      let fumbleCheck = 0;
      let success = 0;
      const sim = simulate(N, () => {
        const r = rollCheck(input, rng);
        if (r.fumbleCheck?.fumbled) fumbleCheck++;
        if (r.success) success++;
        return r.band;
      });
      expect(maxAbsDiff(sim, oddsDist(exact.bands))).toBeLessThan(TOL);
      expect(Math.abs(fumbleCheck / N - exact.fumbleCheckFumble)).toBeLessThan(TOL);
      expect(Math.abs(success / N - exact.success)).toBeLessThan(TOL);
    });
  }

  it("opposed odds: equal plain ranks are symmetric with a 10% tie", () => {
    const o = opposedDistribution({ a: { rank: 5, modifier: 0 }, b: { rank: 5, modifier: 0 } });
    expect(o.tie).toBeCloseTo(0.1, 12);
    expect(o.aWins).toBeCloseTo(0.45, 12);
    expect(o.bWins).toBeCloseTo(0.45, 12);
    expect(o.aWins + o.bWins + o.tie).toBeCloseTo(1, 12);
    // marginal = |difference| ≤ 1 : 10 + 2×9 = 28 of 100
    expect(o.bands.marginal).toBeCloseTo(0.28, 12);
    const odds = opposedOdds({ a: { rank: 5, modifier: 0 }, b: { rank: 5, modifier: 0 } });
    expect(odds.success).toBeCloseTo(0.45, 12);
    expect(odds.extras).toEqual([{ key: "tie", p: expect.closeTo(0.1, 12) as number }]);
  });

  const opposed: [string, CheckInput, CheckInput][] = [
    ["plain 6 vs 4", { rank: 6, modifier: 0 }, { rank: 4, modifier: 1 }],
    ["nines both sides", { rank: 5, modifier: 0, rollingNines: true, ninesLimit: 1 }, { rank: 6, modifier: 0, rollingNines: true, ninesLimit: null }],
    ["zeros and nines vs call 4", { rank: 7, modifier: 0, rollingNines: true, ninesLimit: 2, rollingZeros: true }, { rank: 6, modifier: 0, callFour: true }],
    ["zeros both sides", { rank: 4, modifier: 0, rollingZeros: true }, { rank: 5, modifier: 0, rollingZeros: true, luckBefore: 1 }],
  ];
  for (const [name, a, b] of opposed) {
    it(`opposedOdds agrees with a seeded 100k simulation: ${name}`, () => {
      const exact = opposedDistribution({ a, b });
      expect(exact.aWins + exact.bWins + exact.tie).toBeCloseTo(1, 12);
      expect(BANDS.reduce((x, k) => x + exact.bands[k], 0)).toBeCloseTo(1, 12);
      const rng = seededRandom(77);
      const bandCounts = new Map<Band, number>();
      const sim = simulate(N, () => {
        const r = rollOpposed({ a, b }, rng);
        bandCounts.set(r.a.band, (bandCounts.get(r.a.band) ?? 0) + 1);
        return r.winner;
      });
      const exactWin: Dist<string> = new Map([["a", exact.aWins], ["b", exact.bWins], ["tie", exact.tie]]);
      expect(maxAbsDiff(sim, exactWin)).toBeLessThan(TOL);
      const simBands: Dist<Band> = new Map([...bandCounts].map(([k, c]) => [k, c / N] as const));
      expect(maxAbsDiff(simBands, oddsDist(exact.bands))).toBeLessThan(TOL);
    });
  }

  it("collaboration: the best of n dice, or the worst with too many cooks", () => {
    const best = collaborationDieDist(2, "best", { rollingNines: false, ninesLimit: null });
    expect(mass(best)).toBeCloseTo(1, 12);
    expect(best.get(9)).toBeCloseTo(0.19, 12);
    expect(best.get(0)).toBeCloseTo(0.01, 12);
    const worst = collaborationDieDist(3, "tooManyCooks", { rollingNines: false, ninesLimit: null });
    expect(worst.get(0)).toBeCloseTo(1 - 0.9 ** 3, 12);
    const rng = seededRandom(5);
    const sim = simulate(N, () => rollCollaboration({ ranks: [5, 4, 3], mode: "tooManyCooks" }, rng).keptDie);
    expect(maxAbsDiff(sim, worst)).toBeLessThan(TOL);
  });
});

describe("toaster mortality and healing odds", () => {
  it("mortality odds: Physique 5 with 6 wounds: 0 kills (0.1); totals 4..9 kill later; 10+ hold", () => {
    const o = mortalityDistribution({ physique: 5, wounds: 6 });
    expect(o.diesNow).toBeCloseTo(0.1, 12);
    expect(o.holds).toBeCloseTo(0.4, 12);
    expect(o.diesIn).toBeCloseTo(0.5, 12);
    const odds = mortalityOdds({ physique: 5, wounds: 6 });
    expect(odds.outcomes).toEqual([
      { key: "diesNow", p: expect.closeTo(0.1, 12) as number },
      { key: "diesIn", p: expect.closeTo(0.5, 12) as number },
      { key: "holds", p: expect.closeTo(0.4, 12) as number },
    ]);
    expect(odds.success).toBeCloseTo(0.4, 12);
  });
  it("mortality odds agree with a seeded 100k simulation (nines on)", () => {
    const rules = { rollingNines: true, ninesLimit: null };
    const exact = mortalityDistribution({ physique: 4, wounds: 8, modifier: 2, ...rules });
    const rng = seededRandom(9);
    const sim = simulate(N, () => rollMortality({ physique: 4, wounds: 8, modifier: 2, ...rules }, rng).outcome);
    expect(maxAbsDiff(sim, new Map([["dies-now", exact.diesNow], ["dies-in", exact.diesIn], ["holds", exact.holds]]))).toBeLessThan(TOL);
  });
  it("healing odds agree with a seeded 100k simulation (zeros on)", () => {
    const rules = { rollingZeros: true };
    const input = { physique: 5, wounds: 3, care: { kind: "none", bonus: 1 } as const, ...rules };
    const odds = healingOdds(input);
    const p = (key: string): number => odds.outcomes.find((o) => o.key === key)?.p ?? Number.NaN;
    const exact = { heal: p("heal"), same: p("same"), worsen: p("worsen") };
    expect(exact.heal + exact.same + exact.worsen).toBeCloseTo(1, 12);
    expect(odds.success).toBe(exact.heal);
    const rng = seededRandom(10);
    const sim = simulate(N, () => {
      const r = rollHealing(input, rng);
      return r.wounds < 3 ? "heal" : r.wounds > 3 ? "worsen" : "same";
    });
    expect(maxAbsDiff(sim, new Map([["heal", exact.heal], ["same", exact.same], ["worsen", exact.worsen]]))).toBeLessThan(TOL);
  });
});
