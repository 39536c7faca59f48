/**
 * The enumeration pieces behind the exact odds (`rules/enumerate.ts`), each against an
 * independent closed form or brute force: chains of extra dice (whose all-10s case refers to the
 * chain itself) and completion vectors (dice left below a face, points to spend, extra dice).
 */
import { describe, expect, it } from "vitest";
import { ODDS_CACHE_MAX_ENTRIES, chainDistribution, clearEnumerationMemos, completionVector } from "../../../src/rulesets/flange/rules/enumerate";

/** Entry s of a completion vector (0 outside the range it reports). */
function entry(c: ReturnType<typeof completionVector>, s: number): number {
  return s >= c.lo && s <= c.hi ? c.v[c.off + s] : 0;
}

describe("flange enumeration: chains of extra dice", () => {
  it("one extra die: s successes are s−1 tens then a success below 10, or s tens then a failure", () => {
    clearEnumerationMemos();
    const cap = 12;
    for (let t = 1; t <= 10; t++) {
      const d = chainDistribution(1, t, false, cap);
      let below = 0;
      for (let s = 0; s < cap; s++) {
        const expected = (s === 0 ? 0 : Math.pow(0.1, s - 1) * ((10 - t) / 10)) + Math.pow(0.1, s) * ((t - 1) / 10);
        expect(d.get(s) ?? 0).toBeCloseTo(expected, 15);
        below += expected;
      }
      expect(d.get(cap) ?? 0).toBeCloseTo(1 - below, 15);
    }
  });

  it("a chain's distribution has mass 1 for 1–15 extra dice at every target", () => {
    for (let k = 1; k <= 15; k++) {
      for (let t = 1; t <= 10; t++) {
        let total = 0;
        chainDistribution(k, t, false, k + 16).forEach((p) => (total += p));
        expect(total).toBeCloseTo(1, 13);
      }
    }
  });
});

/** Successes of r dice on faces 1..face−1 with `pts` points, lifted cheapest first, by brute force. */
function bruteCompletion(t: number, face: number, r: number, pts: number, cap: number): number[] {
  const out = new Array<number>(cap + 1).fill(0);
  const faces: number[] = [];
  const walk = (p: number): void => {
    if (faces.length === r) {
      const sorted = [...faces].sort((a, b) => b - a);
      let s = 0;
      let left = pts;
      let blocked = false;
      for (const f of sorted) {
        if (f >= t) s++;
        else if (!blocked && left >= t - f) {
          left -= t - f;
          s++;
        } else blocked = true;
      }
      if (blocked || left === 0) out[Math.min(s, cap)] += p;
      else chainDistribution(left, t, false, cap).forEach((q, extra) => (out[Math.min(s + extra, cap)] += p * q));
      return;
    }
    for (let f = 1; f < face; f++) {
      faces.push(f);
      walk(p / (face - 1));
      faces.pop();
    }
  };
  walk(1);
  return out;
}

describe("flange enumeration: completion vectors", () => {
  it("match a brute force over every face of up to 3 dice, with 0–5 points, below faces 10, 8 and 4", () => {
    clearEnumerationMemos();
    const cap = 20;
    for (const t of [1, 3, 7, 10]) {
      for (const face of [10, 8, 4]) {
        for (let r = 0; r <= 3; r++) {
          for (let pts = 0; pts <= 5; pts++) {
            const c = completionVector(t, face, r, pts, cap);
            const brute = bruteCompletion(t, face, r, pts, cap);
            // The brute force adds up to 9^3 paths of (1/9)^3: its own rounding reaches ~1e-14.
            for (let s = 0; s <= cap; s++) expect(Math.abs(entry(c, s) - brute[s])).toBeLessThanOrEqual(5e-14 + c.dropped);
          }
        }
      }
    }
  });

  it("no dice left: the points roll a chain of extra dice; no points and no dice: nothing more", () => {
    const chain = chainDistribution(4, 6, false, 20);
    const c = completionVector(6, 0, 0, 4, 20);
    for (let s = 0; s <= 20; s++) expect(entry(c, s)).toBeCloseTo(chain.get(s) ?? 0, 15);
    const none = completionVector(6, 5, 0, 0, 20);
    expect(entry(none, 0)).toBe(1);
  });

  it("refuses dice that have no face left to show", () => {
    expect(() => completionVector(6, 1, 1, 0, 20)).toThrow(RangeError);
  });

  it("the tables forget everything past ODDS_CACHE_MAX_ENTRIES; a vector made before stays intact", () => {
    clearEnumerationMemos();
    const before = completionVector(3, 10, 5, 2, 31);
    const copy = Array.from({ length: 32 }, (_, s) => entry(before, s));
    let made = 0;
    for (let cap = 1; made <= ODDS_CACHE_MAX_ENTRIES; cap++) {
      for (let t = 1; t <= 10; t++) for (let r = 1; r <= 15; r++) for (let pts = 0; pts <= 14; pts++, made++) completionVector(t, 10, r, pts, cap);
    }
    for (let s = 0; s <= 31; s++) expect(entry(before, s)).toBe(copy[s]);
    const again = completionVector(3, 10, 5, 2, 31);
    for (let s = 0; s <= 31; s++) expect(entry(again, s)).toBeCloseTo(copy[s], 15);
  });
});
