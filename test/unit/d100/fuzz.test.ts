/**
 * Seeded fuzz of the D10/0 core's notation parsers and public resolve/odds entry points with
 * random and hostile inputs (NaN, Infinity, negative, huge, non-integer, strings, prototype
 * names, wrong shapes): every call returns a valid value or throws an Error with a message —
 * never NaN, never a probability outside [0, 1], never an error bound above 1e-9. Bounded: a
 * fixed number of calls, each capped by the core's own limits.
 */
import { describe, expect, it } from "vitest";
import { ODDS_ERROR_BOUND, type Odds } from "../../../src/dice/contract";
import { seededRandom } from "../../../src/dice/random";
import {
  EXAMPLE_FIRE_BLOCKS,
  applyAdjustment,
  assistedCore,
  checkCore,
  classifyEffort,
  conflictCore,
  cooperativeCore,
  cumulativeCore,
  damageCore,
  fireCore,
  parseAdjustment,
  parseDamage,
  parsePowerCost,
  parseSpreadStep,
  shieldedAttackCore,
  uniformAttributes,
} from "../../../src/rulesets/d100/rules/index";

const rng = seededRandom(20261123);
const int = (n: number): number => Math.floor(rng() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];

const PROTO = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];
const HOSTILE: readonly unknown[] = [NaN, Infinity, -Infinity, -1, 0, 0.5, -0.5, 1e308, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, "5", "", null, undefined, {}, [], true, ...PROTO];
/** Mostly plausible numbers, sometimes hostile values. */
let plausible = 0.8;
const num = (lo: number, hi: number): unknown => (rng() < plausible ? lo + int(hi - lo + 1) : pick(HOSTILE));
const maybe = (value: () => unknown): unknown => (rng() < 0.5 ? undefined : value());

function check(): unknown {
  if (rng() < 0.05) return pick(HOSTILE);
  return {
    kind: rng() < 0.9 ? pick(["attribute", "skill"]) : pick(HOSTILE),
    score: num(-5, 210),
    difficulty: maybe(() => num(-60, 60)),
    overflow: maybe(() => (rng() < 0.9 ? rng() < 0.5 : pick(HOSTILE))),
    consolationMargin: maybe(() => num(0, 20)),
    agitationMargin: maybe(() => num(0, 20)),
  };
}
const list = (n: number, item: () => unknown): unknown => (rng() < 0.05 ? pick(HOSTILE) : Array.from({ length: int(n) }, item));
const task = (): unknown => (rng() < 0.05 ? pick(HOSTILE) : { kind: pick(["attribute", "skill", ...PROTO]), difficulty: maybe(() => num(-60, 60)), consolationMargin: maybe(() => num(0, 20)) });

const ALPHABET = "0123456789 DdKkMm()+-FfRr,STCHAGENxX<>=.\u2212";
function text(): string {
  const r = rng();
  if (r < 0.1) return pick(PROTO);
  if (r < 0.15) return "1 + ".repeat(80);
  if (r < 0.55) return `${int(60)}${pick(["", "K", "M"])}D${pick(["", "(ST)", "(CH)", `(${pick(PROTO)})`, "(0)", "(12)"])} + ${int(20)}`;
  return Array.from({ length: int(24) }, () => ALPHABET[int(ALPHABET.length)]).join("");
}
const faces = (): unknown => (rng() < 0.05 ? pick(HOSTILE) : Array.from({ length: int(14) }, () => (rng() < 0.9 ? int(10) : pick(HOSTILE))));

function noNaN(value: unknown, depth = 0): void {
  if (depth > 8) return;
  if (typeof value === "number") expect(Number.isNaN(value)).toBe(false);
  else if (Array.isArray(value)) for (const v of value) noNaN(v, depth + 1);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) noNaN(v, depth + 1);
}

function validOdds(o: Odds): void {
  expect(o.error >= 0 && o.error <= ODDS_ERROR_BOUND).toBe(true);
  let sum = 0;
  for (const e of [...o.outcomes, ...o.extras]) expect(e.p >= 0 && e.p <= 1).toBe(true);
  for (const e of o.outcomes) sum += e.p;
  expect(Math.abs(1 - sum)).toBeLessThanOrEqual(o.error + 1e-9);
  expect(o.success >= 0 && o.success <= 1).toBe(true);
}

/** Call f: it returns a value that passes `valid`, or throws an Error with a message. */
function survives<T>(f: () => T, valid: (v: T) => void): "value" | "error" {
  let out: T;
  try {
    out = f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message.length).toBeGreaterThan(0);
    return "error";
  }
  valid(out);
  noNaN(out);
  return "value";
}

const blocks = Object.values(EXAMPLE_FIRE_BLOCKS);
const CORES: Array<[string, { resolve(i: never, f: never): unknown; odds(i: never): Odds }, () => unknown]> = [
  ["check", checkCore, check],
  ["conflict", conflictCore, () => ({ first: check(), second: check() })],
  ["cooperative", cooperativeCore, () => ({ helpers: list(8, check), task: task() })],
  ["assisted", assistedCore, () => ({ main: check(), assists: list(8, check) })],
  ["cumulative", cumulativeCore, () => ({ goal: num(-1, 12_000), mode: maybe(() => pick(["positiveOnly", "signed", ...PROTO])), total: maybe(() => num(-1, 50)), check: check(), checks: num(0, 12) })],
  ["fire", fireCore, () => ({ block: rng() < 0.9 ? pick(blocks) : pick(HOSTILE), check: check(), x: maybe(() => num(0, 22)), apChoice: maybe(() => num(-1, 3)) })],
  ["shielded attack", shieldedAttackCore, () => ({ attack: check(), shieldDifficulty: maybe(() => num(-1, 60)) })],
  [
    "damage",
    damageCore,
    () => ({
      notation: rng() < 0.9 ? text() : pick(HOSTILE),
      attributes: maybe(() => (rng() < 0.8 ? { ...uniformAttributes(5), strength: num(0, 12) } : pick(HOSTILE))),
      overflow: maybe(() => rng() < 0.5),
      adjustment: maybe(() => (rng() < 0.8 ? text() : pick(HOSTILE))),
      target: maybe(() => ({ normal: num(0, 80), current: num(-90, 80) })),
    }),
  ],
];

describe("fuzz: hostile input gives a valid value or a clear Error", () => {
  it("notation parsers (damage, adjustment, spread step, power cost)", () => {
    const outcomes = { value: 0, error: 0 };
    for (let i = 0; i < 2000; i++) {
      const t: unknown = rng() < 0.95 ? text() : pick(HOSTILE);
      outcomes[survives(() => parseDamage(t as string), (n) => expect(n.terms.length).toBeGreaterThan(0))]++;
      outcomes[survives(() => parseAdjustment(t as string), (n) => expect(Array.isArray(n.terms)).toBe(true))]++;
      outcomes[survives(() => parseSpreadStep(t as string), (s) => expect(s.min !== null || s.max !== null).toBe(true))]++;
      const cost = rng() < 0.5 ? `${pick(["Need", "Gain", "Drain", "Hold", "need", ...PROTO])} ${pick(["", "X", "2+X", String(int(1e6)), "99999999999999999999"])}` : t;
      outcomes[survives(() => parsePowerCost(cost as string), (c) => expect(c.length).toBeGreaterThan(0))]++;
      outcomes[survives(() => applyAdjustment(num(0, 500) as number, t as string), (a) => expect(a.after).toBeGreaterThanOrEqual(0))]++;
    }
    // both branches are exercised
    expect(outcomes.value).toBeGreaterThan(500);
    expect(outcomes.error).toBeGreaterThan(1000);
  });
  it.each(CORES)("%s: resolve and odds", (_name, core, input) => {
    const outcomes = { value: 0, error: 0 };
    for (let i = 0; i < 250; i++) {
      // half the inputs are almost always well formed, so the valid path is exercised too
      plausible = i % 2 === 0 ? 0.8 : 0.995;
      const x = input() as never;
      outcomes[survives(() => core.odds(x), validOdds)]++;
      outcomes[survives(() => core.resolve(x, faces() as never), (r) => expect(r).toBeTruthy())]++;
    }
    expect(outcomes.value).toBeGreaterThan(10);
    expect(outcomes.error).toBeGreaterThan(10);
  });
  it("classifyEffort", () => {
    for (let i = 0; i < 1000; i++) survives(() => classifyEffort(task() as never, num(-300, 300) as number), (c) => expect(["success", "miss", "failure"]).toContain(c.outcome));
  });
});
