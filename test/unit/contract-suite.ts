/**
 * The rules-core contract as a reusable test suite: each core's contract.test.ts calls
 * `contractSuite` with its CheckCore and a few representative inputs.
 */
import { describe, expect, it } from "vitest";
import type { CheckCore } from "../../src/dice/contract";
import { ODDS_ERROR_BOUND } from "../../src/dice/contract";
import { seededRandom } from "../../src/dice/random";

export function contractSuite<I, F, R extends { readonly faces: F }>(name: string, core: CheckCore<I, F, R>, inputs: readonly I[], opts: { rolls?: number; outcomeOf: (r: R) => string; successOf: (r: R) => boolean }): void {
  describe(`${name} follows the rules-core contract`, () => {
    it("odds: outcomes sum to 1 within the error bound, every p in [0,1], error ≤ 1e-9", () => {
      for (const input of inputs) {
        const odds = core.odds(input);
        expect(odds.error).toBeGreaterThanOrEqual(0);
        expect(odds.error).toBeLessThanOrEqual(ODDS_ERROR_BOUND);
        const sum = odds.outcomes.reduce((s, o) => s + o.p, 0);
        expect(Math.abs(1 - sum)).toBeLessThanOrEqual(odds.error + 1e-12);
        for (const e of [...odds.outcomes, ...odds.extras]) expect(e.p >= 0 && e.p <= 1).toBe(true);
        expect(new Set(odds.outcomes.map((o) => o.key)).size).toBe(odds.outcomes.length);
      }
    });

    it("resolve(input, roll(input).faces) gives the same result as the roll", () => {
      for (const [i, input] of inputs.entries()) {
        const rng = seededRandom(1000 + i);
        for (let n = 0; n < (opts.rolls ?? 200); n++) {
          const rolled = core.roll(input, rng);
          expect(core.resolve(input, rolled.faces)).toEqual(rolled);
        }
      }
    });

    it("every rolled outcome is one the odds name, and success agrees with the odds' success", () => {
      for (const [i, input] of inputs.entries()) {
        const odds = core.odds(input);
        const keys = new Set(odds.outcomes.map((o) => o.key));
        const rng = seededRandom(2000 + i);
        for (let n = 0; n < (opts.rolls ?? 200); n++) {
          const r = core.roll(input, rng);
          expect(keys.has(opts.outcomeOf(r))).toBe(true);
          if (opts.successOf(r)) expect(odds.success).toBeGreaterThan(0);
          else expect(odds.success).toBeLessThan(1);
        }
      }
    });
  });
}
