/**
 * Seeded fuzz of the Toast core's public entry points (issue 9, "done means"): the d10+ faces
 * reader (the core's only notation: faces in, a roll out), and `resolve` and `odds` of every check
 * kind, fed random mutations of valid inputs with hostile values (NaN, ±Infinity, negatives, huge,
 * past 2^53, fractions, strings, prototype names, null, lists, objects); and `roll` of every kind
 * with such inputs and random sources that return NaN, 1, −1, 1e300 or one stuck value. Every call must return a
 * valid value — no NaN anywhere, odds that keep the contract — or throw a RangeError with a message.
 * Bounded by a fixed number of cases (well under 2 s).
 */
import { describe, expect, it } from "vitest";
import { ODDS_ERROR_BOUND, type Odds } from "../../../src/dice/contract";
import { seededRandom, type RandomSource } from "../../../src/dice/random";
import {
  ARMOR_TABLE,
  advancementCore,
  attackCore,
  bodyCheckCore,
  checkCore,
  contestCore,
  damageCore,
  damageStrikeCore,
  deriveCharacter,
  fullAttackCore,
  healingDayCore,
  initiativeCore,
  resolveD10Plus,
  strikeCore,
  taskModifier,
  validateCreation,
  woundStatus,
} from "../../../src/rulesets/toast/rules";
import { attrs } from "./helpers";

const HOSTILE: readonly unknown[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  0,
  1,
  2,
  12,
  -1000,
  1001,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 60),
  1e300,
  0.5,
  -2.5,
  "5",
  "",
  "constructor",
  "toString",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "inestimablyHard",
  "contested",
  "death",
  null,
  undefined,
  true,
  {},
  [],
  [5],
  [12, 7],
  JSON.parse('{"__proto__": 3, "constructor": 4}') as unknown,
];

function pick<T>(rng: RandomSource, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)];
}

/** A deep copy of `value` with one randomly chosen leaf (or the whole value) replaced by a hostile one. */
function mutate(value: unknown, rng: RandomSource, depth = 0): unknown {
  if (rng() < 0.15 || depth > 4) return pick(rng, HOSTILE);
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    if (copy.length > 0 && rng() < 0.7) {
      const i = Math.floor(rng() * copy.length);
      copy[i] = mutate(copy[i], rng, depth + 1);
    } else if (rng() < 0.5) copy.push(pick(rng, HOSTILE));
    else copy.pop();
    return copy;
  }
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = { ...value };
    const keys = Object.keys(copy);
    if (keys.length > 0 && rng() < 0.85) {
      const k = pick(rng, keys);
      copy[k] = mutate(copy[k], rng, depth + 1);
    } else copy[pick(rng, ["constructor", "toString", "extra"])] = pick(rng, HOSTILE);
    return copy;
  }
  return pick(rng, HOSTILE);
}

/** Throws when any number anywhere in the value is NaN. */
function assertNoNaN(value: unknown, path = "result", seen = new Set<unknown>()): void {
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new Error(`NaN at ${path}`);
    return;
  }
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) assertNoNaN(v, `${path}.${k}`, seen);
}

function assertValidOdds(odds: Odds): void {
  assertNoNaN(odds, "odds");
  expect(odds.error >= 0 && odds.error <= ODDS_ERROR_BOUND).toBe(true);
  expect(odds.success >= 0 && odds.success <= 1).toBe(true);
  const sum = odds.outcomes.reduce((s, o) => s + o.p, 0);
  expect(Math.abs(1 - sum)).toBeLessThanOrEqual(odds.error + 1e-9);
  for (const e of [...odds.outcomes, ...odds.extras]) expect(e.p >= 0 && e.p <= 1).toBe(true);
}

/** Run `call`; it must return (then `check` the value) or throw an Error with a non-empty message. */
function returnsOrThrowsClearly(call: () => unknown, check: (v: unknown) => void = (v) => assertNoNaN(v)): "ok" | "refused" {
  let value: unknown;
  try {
    value = call();
  } catch (e) {
    // every refusal in the core is a RangeError naming the bad value (never a TypeError from deep inside)
    expect(e).toBeInstanceOf(RangeError);
    expect(typeof (e as Error).message).toBe("string");
    expect((e as Error).message.length).toBeGreaterThan(0);
    return "refused";
  }
  check(value);
  return "ok";
}

const defender = { attributes: attrs({ tolerance: 14 }), woundLevels: 9, armor: ARMOR_TABLE.chainMail };

/** Each core with a valid input and valid faces to start mutating from. */
const CASES: readonly { name: string; core: { resolve(i: never, f: never): unknown; odds(i: never): Odds; roll(i: never, r: RandomSource): { faces: unknown } }; input: unknown }[] = [
  { name: "check", core: checkCore, input: { modifier: 12, target: 15 } },
  { name: "contest", core: contestCore, input: { first: 13, second: 11 } },
  { name: "initiative", core: initiativeCore, input: { modifier: 9, against: 14 } },
  { name: "attack", core: attackCore, input: { attack: 14, defence: { kind: "contested", modifier: 12 } } },
  { name: "damage", core: damageCore, input: { dice: 5 } },
  { name: "strike", core: strikeCore, input: { target: defender, damage: 24 } },
  { name: "body check", core: bodyCheckCore, input: { target: defender, check: "collapse", effective: 14 } },
  { name: "damage against a target", core: damageStrikeCore, input: { target: defender, dice: 8 } },
  { name: "whole attack", core: fullAttackCore, input: { attack: 14, defence: { kind: "target", target: 11 }, damageDice: 6, defender } },
  { name: "advancement", core: advancementCore, input: { level: 4, focus: 12 } },
  { name: "healing day", core: healingDayCore, input: { attributes: attrs(), woundLevels: 16, strenuous: false, treatment: { modifier: 6 } } },
];

type AnyCore = { resolve(i: unknown, f: unknown): unknown; odds(i: unknown): Odds; roll(i: unknown, r: RandomSource): { faces: unknown } };

describe("toast fuzz: hostile inputs get a value or a clear error, never NaN and never a hang", () => {
  it("the d10+ faces reader", () => {
    const rng = seededRandom(90210);
    const tally = { ok: 0, refused: 0 };
    for (let i = 0; i < 1500; i++) {
      const length = Math.floor(rng() * 4);
      const faces = Array.from({ length }, () => (rng() < 0.6 ? 1 + Math.floor(rng() * 12) : pick(rng, HOSTILE)));
      tally[returnsOrThrowsClearly(() => resolveD10Plus(faces as number[]))]++;
    }
    tally[returnsOrThrowsClearly(() => resolveD10Plus(pick(rng, HOSTILE) as number[]))]++;
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.refused).toBeGreaterThan(100);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s: resolve and odds", (_name, c) => {
    const core = c.core as unknown as AnyCore;
    const rng = seededRandom(4242 + c.name.length);
    const dice = seededRandom(7);
    const validFaces = core.roll(c.input, dice).faces;
    const tally = { ok: 0, refused: 0 };
    for (let i = 0; i < 250; i++) {
      const input = rng() < 0.8 ? mutate(c.input, rng) : c.input;
      const faces = rng() < 0.5 ? mutate(validFaces, rng) : core.roll(c.input, dice).faces;
      tally[returnsOrThrowsClearly(() => core.odds(input), (v) => assertValidOdds(v as Odds))]++;
      tally[returnsOrThrowsClearly(() => core.resolve(input, faces))]++;
    }
    expect(tally.ok).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(50);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s: roll with hostile inputs and a hostile random source", (_name, c) => {
    const core = c.core as unknown as AnyCore;
    const rng = seededRandom(777 + c.name.length);
    const sources: readonly RandomSource[] = [() => Number.NaN, () => 1, () => -1, () => 1e300, () => 0.9999999, () => 0, seededRandom(3)];
    for (let i = 0; i < 150; i++) {
      const input = rng() < 0.6 ? mutate(c.input, rng) : c.input;
      returnsOrThrowsClearly(() => core.roll(input, pick(rng, sources)));
    }
  });

  it("the helpers a sheet calls with stored data (task modifiers, wounds, derived values, creation)", () => {
    const rng = seededRandom(31337);
    const starts: readonly [(x: never) => unknown, unknown][] = [
      [taskModifier, { attributes: attrs(), task: { kind: "skill", baseAttributes: ["agility"], level: 4 }, woundLevels: 6, armor: ARMOR_TABLE.leather, situational: 2 }],
      [woundStatus, { woundLevels: 14, tolerance: 13, scale: 4 }],
      [deriveCharacter, { attributes: attrs(), skills: [{ key: "dodge", category: "combat", baseAttributes: ["agility"], level: 3 }], woundLevels: 5, armor: ARMOR_TABLE.quilt }],
      [validateCreation, { attributes: attrs(), skills: [{ key: "dodge", level: 3 }] }],
    ];
    for (const [fn, start] of starts) {
      const call = fn as (x: unknown) => unknown;
      for (let i = 0; i < 300; i++) {
        const input = mutate(start, rng);
        returnsOrThrowsClearly(() => call(input));
      }
    }
  });
});
