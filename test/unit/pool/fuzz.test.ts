/**
 * Seeded fuzz of the Dice Pool core's notation parser and of its public resolve/odds entry points
 * (issue 9, "done means"): random and hostile inputs — NaN, ±Infinity, negative, huge, past 2^53,
 * fractional, strings, prototype names, null, wrong shapes. Every call must return a value with no
 * NaN in it (and valid Odds), or throw an Error with a message; the whole run is bounded in time.
 */
import { describe, expect, it } from "vitest";
import { seededRandom, type RandomSource } from "../../../src/dice/random";
import * as pool from "../../../src/rulesets/pool/rules";

const PROTO = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];
const HOSTILE: unknown[] = [Number.NaN, Infinity, -Infinity, -1, -0, 0.5, 1e300, -1e300, 2 ** 53, 2 ** 53 + 2, -(2 ** 60), "3", "", null, undefined, {}, [], true, ...PROTO];
const DIES = [...pool.DIE_KEYS, "d20", "d6", ...PROTO];

/** A value generator: mostly plausible numbers, often hostile ones. */
function gen(rng: RandomSource) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const int = (lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
  const num = (lo: number, hi: number): unknown => (rng() < 0.2 ? pick(HOSTILE) : int(lo, hi));
  const str = (names: readonly string[]): unknown => (rng() < 0.2 ? pick(HOSTILE) : pick(names));
  const list = <T>(make: () => T, max: number): unknown => (rng() < 0.1 ? pick(HOSTILE) : Array.from({ length: int(0, max) }, make));
  const poolSpec = (): unknown => {
    if (rng() < 0.1) return pick(HOSTILE);
    const b = num(0, 30);
    return { addDice: num(0, 35), bonusDice: rng() < 0.5 ? b : 0, penaltyDice: rng() < 0.5 ? 0 : num(0, 30), die: str(DIES) };
  };
  const faces = (): unknown => list(() => num(0, 13), 62);
  return { pick, int, num, str, list, poolSpec, faces };
}

/** Walk a returned value: no NaN anywhere, and Odds-shaped values obey the contract. */
function checkValue(v: unknown, depth = 0): void {
  if (depth > 6) return;
  if (typeof v === "number") {
    expect(Number.isNaN(v)).toBe(false);
    return;
  }
  if (v instanceof Map) {
    for (const [k, x] of v) {
      checkValue(k, depth + 1);
      checkValue(x, depth + 1);
    }
    return;
  }
  if (typeof v !== "object" || v === null) return;
  if ("outcomes" in v && "extras" in v && "error" in v && "success" in v) {
    const odds = v as { outcomes: { p: number }[]; error: number; success: number };
    const sum = odds.outcomes.reduce((s, o) => s + o.p, 0);
    expect(Math.abs(1 - sum)).toBeLessThanOrEqual(odds.error + 1e-9);
    expect(odds.success >= 0 && odds.success <= 1).toBe(true);
  }
  for (const x of Object.values(v)) checkValue(x, depth + 1);
}

/** Call f: a value without NaN, or an Error with a message. Counts which happened. */
function probe(counts: { ok: number; refused: number }, f: () => unknown): void {
  let value: unknown;
  try {
    value = f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message.length).toBeGreaterThan(0);
    counts.refused++;
    return;
  }
  checkValue(value);
  counts.ok++;
}

// Inputs are deliberately ill-typed: the fuzz hands the core what a buggy module or a forged card
// could. `any` is confined to this test's call sites.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Loose = any;

describe("Dice Pool fuzz: hostile inputs give a value or a clear Error, never NaN or a hang", () => {
  it("notation parser", () => {
    const rng = seededRandom(9001);
    const g = gen(rng);
    const counts = { ok: 0, refused: 0 };
    const parts = ["d", "D", "8", "10", "12", "6", "4", "-", "+", "−", "1", "2", " ", "(", ")", "x", "9999999999999999999999", "__proto__", "constructor"];
    for (let i = 0; i < 3000; i++) {
      const structured = (): string => {
        const core = `${g.pick(["d", "D", "", "2d"])}${g.pick(["8", "10", "12", "6", "4", "20", "0", "99999999999999999999"])}${g.pick(["", "-1", "+1", "-2", "+2", "\u22121", " - 2", "+", "-0"])}`;
        return rng() < 0.3 ? `(${core})` : rng() < 0.2 ? ` ${core} ` : core;
      };
      const r = rng();
      const text = r < 0.1 ? g.pick(HOSTILE) : r < 0.6 ? structured() : Array.from({ length: g.int(0, 8) }, () => g.pick(parts)).join("");
      probe(counts, () => {
        const key = pool.parseDieNotation(text as Loose);
        expect(pool.DIE_KEYS).toContain(key);
        expect(pool.parseDieNotation(pool.dieNotation(key))).toBe(key);
        return key;
      });
    }
    expect(counts.ok).toBeGreaterThan(50);
    expect(counts.refused).toBeGreaterThan(50);
  });

  it("resolve and odds entry points (4,000 calls)", () => {
    const start = Date.now();
    const rng = seededRandom(9002);
    const g = gen(rng);
    const counts = { ok: 0, refused: 0 };
    const member = (): unknown => (rng() < 0.1 ? g.pick(HOSTILE) : { addDice: g.num(0, 8), bonusDice: g.num(0, 4), penaltyDice: g.num(0, 4) });
    const progress = (): unknown => (rng() < 0.5 ? undefined : rng() < 0.2 ? g.pick(HOSTILE) : { accumulated: g.num(-20, 30), rolls: g.num(0, 10), complete: rng() < 0.1 ? g.pick(HOSTILE) : false });
    const action = (): unknown => ({ pool: g.poolSpec(), difficulty: g.num(-20, 80), required: g.num(0, 60), rollInterval: g.num(0, 3), counting: g.str(["levels", "degrees"]) });
    const calls: (() => unknown)[] = [
      () => pool.makePool({ addDice: g.num(0, 70), bonusDice: g.num(0, 70), penaltyDice: g.num(0, 70), die: g.str(DIES) } as Loose),
      () => pool.buildPool({ ability: g.num(0, 30), attribute: g.num(-30, 30), supportingAbility: g.num(0, 10), convertAddDice: g.num(0, 5), extraAddDice: g.num(-10, 10), extraPenaltyDice: g.num(0, 10), die: g.str(DIES) } as Loose),
      () => pool.resolveCheck({ pool: g.poolSpec(), difficulty: g.num(-50, 200), requiredDegree: g.num(0, 5) } as Loose, g.faces() as Loose),
      () => pool.checkOdds({ pool: g.poolSpec(), difficulty: g.num(-50, 200), requiredDegree: g.num(0, 5) } as Loose),
      () => pool.checkDistribution({ pool: g.poolSpec(), difficulty: g.num(-50, 200) } as Loose),
      () => pool.keptSumDist({ lo: g.num(-3, 3), hi: g.num(-3, 25), dice: g.num(0, 61), keep: g.num(0, 61), keepHighest: rng() < 0.1 ? g.pick(HOSTILE) : rng() < 0.5 } as Loose),
      () => pool.judge({ total: g.num(-10, 100), addDice: g.num(0, 10), difficulty: g.num(-20, 100) } as Loose),
      () => pool.meetsDegree({ outcome: g.str(pool.CHECK_OUTCOMES), degree: g.num(0, 5) } as Loose, g.num(0, 5) as Loose),
      () => pool.resolveTeamCheck({ mode: g.str(pool.POOLED_TEAMWORK_MODES), members: g.list(member, 22), die: g.str(DIES), difficulty: g.num(0, 80) } as Loose, g.faces() as Loose),
      () => pool.teamCheckOdds({ mode: g.str(pool.POOLED_TEAMWORK_MODES), members: g.list(member, 22), die: g.str(DIES), difficulty: g.num(0, 80), requiredDegree: g.num(0, 3) } as Loose),
      () => pool.resolveEitherOr({ members: g.list(() => ({ pool: g.poolSpec(), hasChance: rng() < 0.1 ? g.pick(HOSTILE) : rng() < 0.5 }), 4), difficulty: g.num(0, 40) } as Loose, g.list(g.faces, 4) as Loose),
      () => pool.eitherOrOdds({ members: g.list(() => ({ pool: g.poolSpec(), hasChance: rng() < 0.1 ? g.pick(HOSTILE) : rng() < 0.5 }), 22), difficulty: g.num(0, 40) } as Loose),
      () => pool.resolveDirectContest({ first: g.poolSpec(), second: g.poolSpec() } as Loose, (rng() < 0.1 ? g.pick(HOSTILE) : { first: g.faces(), second: g.faces() }) as Loose),
      () => pool.directContestOdds({ first: g.poolSpec(), second: g.poolSpec() } as Loose),
      () => pool.resolveIndirectContest({ first: g.poolSpec(), second: g.poolSpec(), difficulty: g.num(0, 60) } as Loose, (rng() < 0.1 ? g.pick(HOSTILE) : { first: g.faces(), second: g.faces() }) as Loose),
      () => pool.indirectContestOdds({ first: g.poolSpec(), second: g.poolSpec(), difficulty: g.num(0, 60) } as Loose),
      () => pool.judgeDirect({ total: g.num(-5, 50), botch: rng() < 0.5 } as Loose, { total: g.num(-5, 50), botch: rng() < 0.1 ? g.pick(HOSTILE) : rng() < 0.5 } as Loose),
      () => pool.resolveComplex({ action: action(), progress: progress(), rolls: g.num(0, 52) } as Loose, g.list(g.faces, 4) as Loose),
      () => pool.complexOdds({ action: action(), progress: progress(), rolls: g.num(0, 52) } as Loose),
      () => pool.complexCompletion({ action: action(), progress: progress(), rolls: g.num(0, 60) } as Loose),
      () => pool.chooseTrait({ tree: rng() < 0.1 ? g.pick(HOSTILE) : { a: null, b: "a", [String(g.str(PROTO))]: rng() < 0.5 ? "a" : g.pick(HOSTILE) }, scores: rng() < 0.1 ? g.pick(HOSTILE) : { a: g.num(0, 5), [String(g.str(PROTO))]: g.num(0, 5) }, requested: g.str(["a", "b", ...PROTO]), justified: g.list(() => g.str(["a", "b", ...PROTO]), 3) } as Loose),
      () => pool.characterCheck({ attributes: { [String(g.str(PROTO))]: g.num(-5, 5) }, abilities: { [String(g.str(["a", ...PROTO]))]: g.num(0, 5) }, wounds: g.list(() => ({ kind: g.str(pool.TRAUMA_KINDS), degree: g.num(0, 8) }), 3) } as Loose, { a: null, constructor: "a" } as Loose, { ability: g.str(["a", ...PROTO]), attribute: g.str(PROTO), activity: g.str(pool.TRAUMA_KINDS), supportingAbility: rng() < 0.5 ? undefined : g.str(["a", ...PROTO]) } as Loose),
      () => pool.resolveTrauma({ degree: g.num(0, 10), trauma: g.str(pool.TRAUMA_KINDS), damageType: g.str(pool.DAMAGE_TYPES), musclePower: g.num(-3, 3), weaponModifier: g.num(-3, 3), armor: rng() < 0.5 ? undefined : { rating: g.num(0, 4), convertsLethal: rng() < 0.5 } } as Loose, { physicalThreshold: g.num(-2, 3), mentalThreshold: g.num(-2, 3), toughness: g.num(-2, 3) } as Loose),
      () => pool.healingHours({ kind: g.str(pool.TRAUMA_KINDS), degree: g.num(0, 8) } as Loose, { governingAttribute: g.num(-3, 3), stepsWorse: g.num(0, 3) } as Loose),
      () => pool.actionPhases({ baseCost: g.num(0, 10), speedAttribute: g.num(-5, 5) } as Loose),
      () => pool.doublingsFor({ normalTime: g.num(0, 10), timeTaken: g.num(0, 40) } as Loose),
    ];
    for (let i = 0; i < 4000; i++) probe(counts, calls[i % calls.length]);
    expect(counts.ok).toBeGreaterThan(400);
    expect(counts.refused).toBeGreaterThan(400);
    expect(Date.now() - start).toBeLessThan(5_000); // a hang guard: the run takes well under 2 s
  });

  it("valid random inputs always answer (a refusal there would be a bug, not a guard)", () => {
    const rng = seededRandom(9003);
    const g = gen(rng);
    const validPool = (): pool.PoolSpec => {
      const add = g.int(0, 40);
      const mod = g.int(0, 60 - add);
      const bonus = rng() < 0.5;
      return pool.makePool({ addDice: add, bonusDice: bonus ? mod : 0, penaltyDice: bonus ? 0 : mod, die: g.pick(pool.DIE_KEYS) });
    };
    for (let i = 0; i < 150; i++) {
      const a = validPool();
      const b = validPool();
      const difficulty = g.int(-pool.MAX_DIFFICULTY, pool.MAX_DIFFICULTY) >> g.int(0, 12);
      const requiredDegree = g.int(0, 4);
      const checks = [
        pool.checkOdds({ pool: a, difficulty, requiredDegree }),
        pool.directContestOdds({ first: a, second: b }),
        pool.indirectContestOdds({ first: a, second: b, difficulty }),
        pool.eitherOrOdds({ members: [{ pool: a, hasChance: true }, { pool: b, hasChance: rng() < 0.5 }], difficulty, requiredDegree }),
        pool.complexOdds({ action: { pool: a, difficulty, required: g.int(1, 200), rollInterval: 1 }, rolls: g.int(1, 10) }),
      ];
      for (const o of checks) checkValue(o);
      const r = pool.rollIndirectContest({ first: a, second: b, difficulty }, rng);
      expect(pool.resolveIndirectContest({ first: a, second: b, difficulty }, r.faces)).toEqual(r);
    }
  });
});
