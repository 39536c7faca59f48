/**
 * Seeded fuzz of the Toaster core's public resolve and odds entry points (and its name lookups; the
 * core has no notation parser): random and hostile inputs — NaN, ±Infinity, negatives, huge and
 * non-integer numbers, strings, prototype names, null, wrong shapes. Every call must return a valid
 * value (no NaN anywhere; Odds that keep the contract) or throw an Error with a message; never hang.
 * The roll entry points also get stuck and broken random sources. Bounded: a fixed number of calls,
 * a few hundred milliseconds.
 */
import { describe, expect, it } from "vitest";
import { ODDS_ERROR_BOUND } from "../../../src/dice/contract";
import type { Odds } from "../../../src/dice/contract";
import { seededRandom } from "../../../src/dice/random";
import * as T from "../../../src/rulesets/toaster/rules";

type Gen = () => unknown;
const rng = seededRandom(9090);
const pick = <X>(xs: readonly X[]): X => xs[Math.floor(rng() * xs.length)];
const HOSTILE: readonly unknown[] = [Number.NaN, Infinity, -Infinity, -1, -7, 0.5, -3.7, 2 ** 53, -(2 ** 53), 1e300, Number.MAX_SAFE_INTEGER, "5", "", "constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", null, undefined, true, {}, [], [1, 2], () => 1];
const small = (): number => Math.floor(rng() * 22) - 2;
const num: Gen = () => (rng() < 0.92 ? small() : pick(HOSTILE));
const bool: Gen = () => (rng() < 0.85 ? rng() < 0.5 : pick(HOSTILE));
const limit: Gen = () => (rng() < 0.8 ? pick([0, 1, 2, 5, null, 100]) : pick(HOSTILE));
const maybe = (g: Gen): Gen => () => (rng() < 0.3 ? undefined : g());
const hostileOr = (g: Gen, p = 0.08): Gen => () => (rng() < p ? pick(HOSTILE) : g());

const check: Gen = hostileOr(() => ({ rank: num(), modifier: num(), luckBefore: maybe(num)(), callFour: maybe(bool)(), rollingNines: maybe(bool)(), ninesLimit: maybe(limit)(), rollingZeros: maybe(bool)(), target: maybe(num)() }));
const dice: Gen = hostileOr(() => ({ callFour: maybe(bool)(), rollingNines: maybe(bool)(), ninesLimit: maybe(limit)() }));
const faceList: Gen = hostileOr(() => Array.from({ length: Math.floor(rng() * 4) }, () => (rng() < 0.9 ? Math.floor(rng() * 10) : pick(HOSTILE))), 0.05);
const checkFaces: Gen = hostileOr(() => ({ die: faceList(), fumble: faceList() }), 0.05);
const options: Gen = hostileOr(() => Object.fromEntries(["variableOutcomes", "sameDie", "criticalTable", "addMargin", "rollTwice", "halveMarginal", ...(rng() < 0.05 ? ["constructor"] : [])].filter(() => rng() < 0.6).map((k) => [k, bool()])));
const attack: Gen = hostileOr(() => ({
  mode: rng() < 0.9 ? pick(["melee", "ranged"]) : pick(HOSTILE),
  attack: check(),
  defenceRank: num(),
  defence: rng() < 0.3 ? null : check(),
  wc: num(),
  ac: num(),
  unarmed: maybe(bool)(),
  woundThreshold: maybe(num)(),
  defenderPhysique: maybe(num)(),
  damageDice: maybe(dice)(),
  protectionDice: maybe(dice)(),
  options: maybe(options)(),
}));
const attackFaces: Gen = hostileOr(() => ({ attack: checkFaces(), defence: rng() < 0.3 ? null : checkFaces(), critical: faceList(), damage: faceList(), protection: faceList() }), 0.05);
const team: Gen = hostileOr(() => ({ ranks: hostileOr(() => Array.from({ length: 1 + Math.floor(rng() * 5) }, num), 0.1)(), mode: rng() < 0.9 ? pick(["best", "tooManyCooks"]) : pick(HOSTILE), minRank: maybe(num)(), maxBelowBest: maybe(num)(), limit: maybe(num)(), modifier: maybe(num)(), target: maybe(num)(), dice: maybe(dice)() }));
const care: Gen = hostileOr(() => ({ kind: rng() < 0.9 ? pick(["none", "firstAid", "longTerm"]) : pick(HOSTILE), bonus: num() }));
const dying: Gen = hostileOr(() => ({ physique: num(), wounds: rng() < 0.7 ? 5 + Math.floor(rng() * 5) : num(), modifier: maybe(num)(), callFour: maybe(bool)(), rollingNines: maybe(bool)(), ninesLimit: maybe(limit)() }));
const resting: Gen = hostileOr(() => ({ physique: num(), wounds: num(), care: care(), rollingZeros: maybe(bool)(), rollingNines: maybe(bool)(), ninesLimit: maybe(limit)() }));
const side: Gen = hostileOr(() => ({ coordination: num(), modifier: maybe(num)() }));
const name: Gen = () => (rng() < 0.5 ? pick(HOSTILE) : pick(["average", "hellish", "short", "extreme", "heroic", "Brawl", "constructor", "__proto__"]));

/** Every number reachable from v is a number, not NaN. */
function noNaN(v: unknown, seen = new Set<unknown>()): boolean {
  if (typeof v === "number") return !Number.isNaN(v);
  if (typeof v !== "object" || v === null || seen.has(v)) return true;
  seen.add(v);
  if (v instanceof Map) return [...v].every(([k, x]) => noNaN(k, seen) && noNaN(x, seen));
  return Object.values(v).every((x) => noNaN(x, seen));
}

function validOdds(o: Odds): void {
  expect(o.error).toBeGreaterThanOrEqual(0);
  expect(o.error).toBeLessThanOrEqual(ODDS_ERROR_BOUND);
  expect(Math.abs(1 - o.outcomes.reduce((s, x) => s + x.p, 0))).toBeLessThanOrEqual(o.error + 1e-9);
  for (const e of [...o.outcomes, ...o.extras]) expect(e.p >= 0 && e.p <= 1).toBe(true);
  expect(o.success >= 0 && o.success <= 1).toBe(true);
}

/** Faces that fit half the time: those of a roll of the same input (when it rolls), else random ones. */
function facesOf<I>(input: I, roll: (input: I, r: () => number) => { faces: unknown }, random: Gen): unknown {
  if (rng() < 0.5) {
    try {
      return roll(input, rng).faces;
    } catch {
      // The input is refused; the resolve must refuse it too.
    }
  }
  return random();
}
const withFaces = <I>(gen: Gen, roll: (input: I, r: () => number) => { faces: unknown }, random: Gen): [I, unknown] => {
  const input = gen() as I;
  return [input, facesOf(input, roll, random)];
};

/** A random source: a fair one, a stuck one, or a broken one (NaN, out of range). */
const source = (): (() => number) => pick([rng, rng, () => 0.9999999, () => 0, () => Number.NaN, () => 1.5, () => -0.25]);

const ENTRY_POINTS: [string, () => unknown, ((out: unknown) => void)?][] = [
  ["rollCheck", () => T.rollCheck(check() as T.CheckInput, source())],
  ["rollAttack", () => T.rollAttack(attack() as T.AttackInput, source())],
  ["rollCollaboration", () => T.rollCollaboration(team() as T.CollaborationInput, source())],
  ["rollMortality", () => T.rollMortality(dying() as T.MortalityInput, source())],
  ["resolveCheck", () => T.resolveCheck(...(withFaces(check, T.rollCheck, checkFaces) as [T.CheckInput, T.CheckFaces]))],
  ["checkOdds", () => T.checkOdds(check() as T.CheckInput), (o) => validOdds(o as Odds)],
  ["resolveOpposed", () => T.resolveOpposed(...(withFaces(() => ({ a: check(), b: check() }), T.rollOpposed, () => ({ a: checkFaces(), b: checkFaces() })) as [T.PairInput, T.PairFaces]))],
  ["opposedOdds", () => T.opposedOdds(hostileOr(() => ({ a: check(), b: check() }))() as T.PairInput), (o) => validOdds(o as Odds)],
  ["resolveContest", () => T.resolveContest(...(withFaces(() => ({ a: check(), b: check() }), T.rollContest, () => ({ a: checkFaces(), b: checkFaces() })) as [T.PairInput, T.PairFaces]))],
  ["contestOdds", () => T.contestOdds({ a: check(), b: check() } as T.PairInput), (o) => validOdds(o as Odds)],
  ["resolveCollaboration", () => T.resolveCollaboration(...(withFaces(team, T.rollCollaboration, hostileOr(() => ({ rolls: Array.from({ length: Math.floor(rng() * 5) }, () => (rng() < 0.2 ? null : faceList())) }))) as [T.CollaborationInput, T.CollaborationFaces]))],
  ["collaborationOdds", () => T.collaborationOdds(team() as T.CollaborationInput), (o) => validOdds(o as Odds)],
  ["resolveMortality", () => T.resolveMortality(...(withFaces(dying, T.rollMortality, checkFaces) as [T.MortalityInput, T.CheckFaces]))],
  ["mortalityOdds", () => T.mortalityOdds(dying() as T.MortalityInput), (o) => validOdds(o as Odds)],
  ["resolveHealing", () => T.resolveHealing(...(withFaces(resting, T.rollHealing, checkFaces) as [T.HealingInput, T.CheckFaces]))],
  ["healingOdds", () => T.healingOdds(resting() as T.HealingInput), (o) => validOdds(o as Odds)],
  ["resolveAttack", () => T.resolveAttack(...(withFaces(attack, T.rollAttack, attackFaces) as [T.AttackInput, T.AttackFaces]))],
  ["attackOdds", () => T.attackOdds(attack() as T.AttackInput), (o) => validOdds(o as Odds)],
  ["resolveCritical", () => T.resolveCritical(faceList() as number[])],
  ["resolveHitLocation", () => T.resolveHitLocation(faceList() as number[])],
  ["initiativeOdds", () => T.initiativeOdds({ a: side(), b: side() } as { a: T.InitiativeSide; b: T.InitiativeSide }), (o) => validOdds(o as Odds)],
  ["difficultyModifier", () => T.difficultyModifier(name() as string)],
  ["rangePenalty", () => T.rangePenalty(name() as string)],
  ["campaignStyle", () => T.campaignStyle(name() as string)],
];

describe("toaster core fuzz", () => {
  it("every entry point returns a valid value or throws an Error with a message", () => {
    const started = performance.now();
    const tally = new Map<string, { ok: number; refused: number }>();
    const messages = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const [label, call, check] = ENTRY_POINTS[i % ENTRY_POINTS.length];
      const t = tally.get(label) ?? { ok: 0, refused: 0 };
      tally.set(label, t);
      const t0 = performance.now();
      let out: unknown;
      try {
        out = call();
      } catch (e) {
        expect(e, label).toBeInstanceOf(Error);
        expect((e as Error).message.length, label).toBeGreaterThan(0);
        // Our own guards, not a JavaScript engine error on a bad shape.
        expect((e as Error).message, label).not.toMatch(/Cannot read|Cannot convert|is not a function|is not iterable|undefined \(reading/);
        messages.add((e as Error).message.replace(/-?\d[\d.e+-]*/g, "#"));
        t.refused++;
        continue;
      } finally {
        expect(performance.now() - t0, label).toBeLessThan(1000);
      }
      expect(noNaN(out), `${label} returned NaN`).toBe(true);
      check?.(out);
      t.ok++;
    }
    // Both paths were exercised for the main entry points.
    for (const label of ["resolveCheck", "checkOdds", "attackOdds", "resolveAttack", "collaborationOdds", "resolveCollaboration", "opposedOdds", "resolveOpposed", "resolveMortality", "resolveHealing"]) {
      expect(tally.get(label)?.ok, label).toBeGreaterThan(0);
      expect(tally.get(label)?.refused, label).toBeGreaterThan(0);
    }
    expect(messages.size).toBeGreaterThan(10);
    expect(performance.now() - started).toBeLessThan(2000);
  }, 20_000);
});
