/**
 * Seeded fuzz (issue 9, "done means") of the Flange core's notation parsers and of the public
 * resolve and odds entry points of every check kind, with random and hostile inputs (NaN,
 * Infinity, negative, huge, fractional, strings, prototype names, missing fields). Each call
 * returns a valid value or throws an Error with a message: it never hangs and never returns NaN.
 * Bounded: a fixed number of cases per entry point, each timed.
 */
import { describe, expect, it } from "vitest";
import type { Odds } from "../../../src/dice/contract";
import { ODDS_ERROR_BOUND } from "../../../src/dice/contract";
import { seededRandom, type RandomSource } from "../../../src/dice/random";
import {
  DAMAGE_DOTS_MAX,
  DAMAGE_MODIFIER_MAX,
  checkFacesNeeded,
  flangeCheckCore,
  flangeDamageCore,
  flangeExchangeCore,
  flangeInitiativeCore,
  flangeOpposedCore,
  parseDamage,
  parseRange,
  parseWeapon,
  WEAPON_RANGES,
} from "../../../src/rulesets/flange/rules";

const HOSTILE: readonly unknown[] = [
  Number.NaN, Infinity, -Infinity, -1, -0, 0.5, -7.25, 2 ** 53, 2 ** 53 + 2, -(2 ** 60), 1e300, Number.MAX_VALUE, Number.MIN_VALUE,
  "3", "", "constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", null, undefined, true, {}, [], [3],
];

function pick<T>(rng: RandomSource, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}
/** Mostly plausible whole numbers in [lo, hi], sometimes a little outside, sometimes hostile. */
function num(rng: RandomSource, lo: number, hi: number): number {
  const r = rng();
  if (r < 0.7) return lo + Math.floor(rng() * (hi - lo + 1));
  if (r < 0.85) return lo - 3 + Math.floor(rng() * (hi - lo + 7));
  return pick(rng, HOSTILE) as number;
}
function maybe<T>(rng: RandomSource, f: () => T): T | undefined {
  return rng() < 0.5 ? f() : undefined;
}
function faces(rng: RandomSource, want: number): number[] {
  const n = Number.isSafeInteger(want) ? Math.min(Math.max(want, 0), 30) : 3;
  const len = rng() < 0.8 ? n : Math.floor(rng() * (n + 4));
  return Array.from({ length: len }, () => (rng() < 0.95 ? 1 + Math.floor(rng() * 10) : (pick(rng, HOSTILE) as number)));
}
function checkInput(rng: RandomSource): Record<string, unknown> {
  return {
    dice: num(rng, 0, 20),
    target: num(rng, 1, 12),
    diceModifier: maybe(rng, () => num(rng, -5, 5)),
    targetModifier: maybe(rng, () => num(rng, -12, 4)),
    edgeDice: maybe(rng, () => num(rng, 0, 4)),
    edgeTarget: maybe(rng, () => num(rng, 0, 4)),
  };
}
function healthInput(rng: RandomSource): Record<string, unknown> {
  const boxes = num(rng, 8, 13);
  return { boxes, lost: num(rng, 0, 13), grindBoxes: pick(rng, [0, 0, 4, 7]), grindLost: num(rng, 0, 3) };
}

/** Every number anywhere in a value is finite (no NaN, no Infinity). */
function assertFinite(value: unknown, path = "result", seen = new Set<unknown>()): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${path} is ${value}`);
    return;
  }
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) assertFinite(v, `${path}.${k}`, seen);
}
function assertOdds(o: Odds): void {
  assertFinite(o, "odds");
  expect(o.error).toBeGreaterThanOrEqual(0);
  expect(o.error).toBeLessThanOrEqual(ODDS_ERROR_BOUND);
  for (const e of [...o.outcomes, ...o.extras]) expect(e.p >= 0 && e.p <= 1).toBe(true);
  expect(Math.abs(1 - o.outcomes.reduce((s, e) => s + e.p, 0))).toBeLessThanOrEqual(o.error + 1e-9);
}

interface Tally {
  ok: number;
  refused: number;
  slowest: number;
}
/** Run one call: a valid value, or an Error with a message. Never anything else. */
function attempt<T>(tally: Tally, call: () => T, check: (v: T) => void): void {
  const start = performance.now();
  let value: T;
  try {
    value = call();
  } catch (e) {
    tally.slowest = Math.max(tally.slowest, performance.now() - start);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message.length).toBeGreaterThan(0);
    tally.refused += 1;
    return;
  }
  tally.slowest = Math.max(tally.slowest, performance.now() - start);
  check(value);
  tally.ok += 1;
}

const CASES = 80;

describe("flange fuzz", () => {
  it("notation parsers: damage boxes, ranges, weapon lines", () => {
    const rng = seededRandom(9001);
    const alphabet = ["●", "•", "o", "*", "+", "-", "−", "–", "0", "1", "2", "9", " ", "/", "x", ".", "e", "Str", "ath", "Dex", "short", "long", "medium", "melee", "constructor", "__proto__", "toString"];
    const tally: Tally = { ok: 0, refused: 0, slowest: 0 };
    for (let i = 0; i < 2000; i++) {
      const len = rng() < 0.02 ? 250 : Math.floor(rng() * 8);
      const text = Array.from({ length: len }, () => pick(rng, alphabet)).join("");
      const hostile = rng() < 0.05 ? pick(rng, HOSTILE) : text;
      attempt(tally, () => parseDamage(hostile as string), (d) => {
        expect(Number.isInteger(d.damageDice) && d.damageDice >= 0 && d.damageDice <= DAMAGE_DOTS_MAX).toBe(true);
        expect(Number.isInteger(d.damageModifier) && Math.abs(d.damageModifier) <= DAMAGE_MODIFIER_MAX).toBe(true);
      });
      attempt(tally, () => parseRange(hostile as string), (r) => expect(WEAPON_RANGES).toContain(r));
      const line = `${pick(rng, ["Str", "ath", "DEX", "per", "constructor", "__proto__", "valueOf", ""])}/${pick(rng, ["-", "short", "Long", "far", ""])}/${text}`;
      attempt(tally, () => parseWeapon(pick(rng, ["Sock", "constructor", "", " "]), rng() < 0.05 ? (pick(rng, HOSTILE) as string) : line), (w) => {
        assertFinite(w);
        expect(typeof w.attribute).toBe("string");
      });
    }
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.refused).toBeGreaterThan(100);
    expect(tally.slowest).toBeLessThan(1000);
  });

  it("checks: resolve and odds", () => {
    const rng = seededRandom(9002);
    const roller = seededRandom(7);
    const tally: Tally = { ok: 0, refused: 0, slowest: 0 };
    for (let i = 0; i < CASES * 2; i++) {
      const input = checkInput(rng) as never;
      attempt(tally, () => flangeCheckCore.odds(input), assertOdds);
      let fs = faces(rng, Number(Reflect.get(input, "dice")) || 1);
      // Often complete the faces the way the Foundry side would, asking for the extra dice.
      if (rng() < 0.5) {
        try {
          for (let n = checkFacesNeeded(input, fs); n > 0; n = checkFacesNeeded(input, fs)) fs = [...fs, ...faces(roller, n).slice(0, n)];
        } catch {
          // invalid input or faces: the resolve below must refuse them with a message too
        }
      }
      attempt(tally, () => flangeCheckCore.resolve(input, rng() < 0.03 ? (pick(rng, HOSTILE) as number[]) : fs), (r) => {
        assertFinite(r);
        expect(r.faces.length).toBe(r.dice.length);
      });
    }
    expect(tally.ok).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(50);
    expect(tally.slowest).toBeLessThan(1000);
  });

  it("opposed rolls, initiative, exchanges and damage: resolve and odds", () => {
    const rng = seededRandom(9003);
    const tally: Tally = { ok: 0, refused: 0, slowest: 0 };
    for (let i = 0; i < CASES; i++) {
      const opposed = { first: checkInput(rng), second: rng() < 0.05 ? pick(rng, HOSTILE) : checkInput(rng) } as never;
      attempt(tally, () => flangeOpposedCore.odds(opposed), assertOdds);
      attempt(tally, () => flangeOpposedCore.resolve(opposed, { first: faces(rng, 3), second: faces(rng, 3) }), assertFinite);

      const combatant = (): Record<string, unknown> => ({
        perception: num(rng, 5, 11),
        athleticism: num(rng, 5, 11),
        previous: maybe(rng, () => num(rng, 10, 40)),
        failedBlocks: maybe(rng, () => num(rng, 0, 3)),
        modifier: maybe(rng, () => num(rng, -3, 3)),
      });
      const contest = (rng() < 0.05 ? pick(rng, HOSTILE) : { first: combatant(), second: combatant() }) as never;
      attempt(tally, () => flangeInitiativeCore.odds(contest), assertOdds);
      attempt(tally, () => flangeInitiativeCore.resolve(contest, { first: faces(rng, 1), second: faces(rng, 1) }), assertFinite);

      const defenceKind = pick(rng, ["none", "counterattack", "dodge", "block", "parry", "constructor"]);
      const exchange = {
        attack: { skillDice: num(rng, 0, 8), attributeTarget: num(rng, 4, 11), counterattackBonus: rng() < 0.3, failedBlockPenalty: rng() < 0.3, diceModifier: maybe(rng, () => num(rng, -2, 2)), edgeDice: maybe(rng, () => num(rng, 0, 2)) },
        weapon: rng() < 0.05 ? pick(rng, HOSTILE) : { damageDice: num(rng, 0, 3), damageModifier: num(rng, -4, 4) },
        defence: { kind: defenceKind, check: checkInput(rng), with: pick(rng, ["object", "body", "shield", "__proto__"]) },
        armour: maybe(rng, () => num(rng, 0, 4)),
        damageEdgeDice: maybe(rng, () => num(rng, 0, 2)),
        defenderHealth: maybe(rng, () => healthInput(rng)),
        dramatic: rng() < 0.2,
      } as never;
      attempt(tally, () => flangeExchangeCore.odds(exchange), assertOdds);
      attempt(tally, () => flangeExchangeCore.resolve(exchange, { attack: faces(rng, 3), defence: rng() < 0.5 ? [] : faces(rng, 2), damage: rng() < 0.3 ? [] : faces(rng, 3) }), assertFinite);

      const damage = { dice: num(rng, 1, 40), modifier: num(rng, -5, 5), armour: maybe(rng, () => num(rng, 0, 5)), defenderHealth: maybe(rng, () => healthInput(rng)), dramatic: rng() < 0.2 } as never;
      attempt(tally, () => flangeDamageCore.odds(damage), assertOdds);
      attempt(tally, () => flangeDamageCore.resolve(damage, faces(rng, Number(Reflect.get(damage, "dice")) || 1)), assertFinite);
    }
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.refused).toBeGreaterThan(100);
    expect(tally.slowest).toBeLessThan(1000);
  });
});
