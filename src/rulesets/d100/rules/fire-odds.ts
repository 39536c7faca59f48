/**
 * Fire at the table: a fire block checked and evaluated for a choice, its roll and resolve verbs,
 * exact odds, core and damage, and the example blocks. Runtime code (combat, odds panels), apart
 * from rules/fire.ts, which the data models use (fire blocks): docs/architecture.md "Load what the
 * world needs".
 */
import { type CheckCore, type Odds, makeOdds } from "../../../dice/contract";
import { dictFrom } from "../../../dice/dict";
import type { RandomSource } from "../../../dice/random";
import { effortPmf } from "./check-odds";
import { type AdjustmentNotation, type DamageOptions, asAdjustment, parseDamage } from "./dat";
import { type AdjustedDamage, type DamageRoll, applyAdjustment, damageWithDraw, meanDamage, rollDamage } from "./dat-odds";
import { drawVerbs, withFaces, type D10Draw } from "./faces";
import { MAX_FIRE_AMOUNT, MAX_FIRE_X, MAX_SPREAD_STEPS } from "./limits";
import { requireInt, requireObject } from "./validate";
import { type FireBlock, parseSpreadStep, type SpreadStep, checkStep } from "./fire";
import { type CheckInput, type CheckResult, type NormalisedCheck, normaliseCheck, runCheck } from "./checks";

/** Largest AP cost in a fire block. */
const MAX_FIRE_AP = 1000;

/** Check a block's shape; throws naming the first problem. */
export function validateFireBlock(b: FireBlock): FireBlock {
  requireObject("A fire block", b);
  const where = `Fire block "${String(b.title)}"`;
  if (!Array.isArray(b.spread) || !Array.isArray(b.amount) || !Array.isArray(b.damage)) throw new TypeError(`${where} needs lists of spread steps, amounts and damage`);
  requireObject(`${where} AP cost`, b.apCost);
  requireInt(`${where}: number of spread steps`, b.spread.length, 1, MAX_SPREAD_STEPS);
  for (const st of b.spread) {
    requireObject(`${where} spread step`, st);
    checkStep(st, `${String(st.min)}..${String(st.max)}`);
  }
  if (b.apCost.kind === "fixed") requireInt(`${where} AP cost`, b.apCost.cost, 0, MAX_FIRE_AP);
  else if (b.apCost.kind === "perX") {
    requireInt(`${where} base AP cost`, b.apCost.base, 0, MAX_FIRE_AP);
    requireInt(`${where} shots per X`, b.apCost.shotsPerX, 1, MAX_FIRE_AMOUNT);
  } else if (b.apCost.kind === "choice") {
    if (!Array.isArray(b.apCost.costs)) throw new TypeError(`${where} needs a list of AP costs`);
    requireInt(`${where}: number of AP costs`, b.apCost.costs.length, 1, MAX_SPREAD_STEPS);
    for (const c of b.apCost.costs) requireInt(`${where} AP cost`, c, 0, MAX_FIRE_AP);
  } else throw new RangeError(`${where}: unknown AP cost kind "${String((b.apCost as { kind?: unknown }).kind)}"`);
  if (b.amount.length !== 1 && b.amount.length !== b.spread.length) throw new RangeError(`${where} needs one amount or one per spread step (${b.spread.length})`);
  for (const a of b.amount) {
    requireObject(`${where} amount`, a);
    if (a.kind !== "flat" && a.kind !== "perX") throw new RangeError(`${where}: unknown amount kind "${String((a as { kind?: unknown }).kind)}"`);
    if (a.kind === "perX" && b.apCost.kind !== "perX") throw new RangeError(`${where}: an amount per X needs a base + X AP cost`);
    requireInt(`${where} amount`, a.kind === "flat" ? a.value : a.per, 0, MAX_FIRE_AMOUNT);
  }
  if (b.damageBy !== "all" && b.damageBy !== "step" && b.damageBy !== "apCost") throw new RangeError(`${where}: unknown damage mode "${String(b.damageBy)}"`);
  const want = b.damageBy === "all" ? 1 : b.damageBy === "step" ? b.spread.length : b.apCost.kind === "choice" ? b.apCost.costs.length : -1;
  if (want < 0) throw new RangeError(`${where}: damage by AP cost needs a choice of AP costs`);
  if (b.damage.length !== want) throw new RangeError(`${where} needs ${want} damage notation(s) for damage by ${b.damageBy}, has ${b.damage.length}`);
  for (const d of b.damage) parseDamage(d);
  return b;
}

export function inStep(step: SpreadStep, degree: number): boolean {
  return (step.min === null || degree >= step.min) && (step.max === null || degree <= step.max);
}

export interface FireChoice {
  /** The check's Degree of Success (effort − difficulty). */
  readonly degree: number;
  /** X for base + X costs (whole number ≥ 1). */
  readonly x?: number;
  /** Index into a choice of AP costs. */
  readonly apChoice?: number;
}

export interface FireEvaluation {
  readonly block: string;
  readonly apCost: number;
  /** Highest listed step containing the degree; null when no step does (the action failed). */
  readonly step: number | null;
  readonly hit: boolean;
  /** Shots that threaten the target. */
  readonly amount: number;
  /** Rounds fired, for base + X bursts (shotsPerX × X); otherwise null. */
  readonly shotsFired: number | null;
  /** Damage notation of each hit, or null when nothing hits. */
  readonly damage: string | null;
}

function resolveAp(b: FireBlock, choice: Pick<FireChoice, "x" | "apChoice">): { cost: number; x: number | null; apIndex: number | null } {
  if (b.apCost.kind === "fixed") return { cost: b.apCost.cost, x: null, apIndex: null };
  if (b.apCost.kind === "perX") {
    if (choice.x === undefined) throw new RangeError(`Fire block "${b.title}" needs X (the extra action points)`);
    const x = requireInt("X", choice.x, 1, MAX_FIRE_X);
    return { cost: b.apCost.base + x, x, apIndex: null };
  }
  if (choice.apChoice === undefined) throw new RangeError(`Fire block "${b.title}" needs an AP cost choice (0-${b.apCost.costs.length - 1})`);
  const i = requireInt("AP cost choice", choice.apChoice, 0, b.apCost.costs.length - 1);
  return { cost: b.apCost.costs[i], x: null, apIndex: i };
}

export function evaluateValid(b: FireBlock, choice: FireChoice): FireEvaluation {
  requireInt("Degree of success", choice.degree);
  const ap = resolveAp(b, choice);
  let step: number | null = null;
  for (let i = 0; i < b.spread.length; i++) if (inStep(b.spread[i], choice.degree)) step = i;
  const shotsFired = b.apCost.kind === "perX" && ap.x !== null ? b.apCost.shotsPerX * ap.x : null;
  if (step === null) return { block: b.key, apCost: ap.cost, step: null, hit: false, amount: 0, shotsFired, damage: null };
  const s: number = step;
  const a = b.amount.length === 1 ? b.amount[0] : b.amount[s];
  const amount = a.kind === "flat" ? a.value : a.per * (ap.x ?? 0);
  const damage = b.damageBy === "all" ? b.damage[0] : b.damageBy === "step" ? b.damage[s] : b.damage[ap.apIndex ?? 0];
  return { block: b.key, apCost: ap.cost, step: s, hit: amount > 0, amount, shotsFired, damage };
}

/** A fire action as the contract's input: the block, the attack check and the AP choice. */
export interface FireInput {
  readonly block: FireBlock;
  /** The skill check feeding the spread (its difficulty is the target's). */
  readonly check: CheckInput;
  /** X for base + X costs (1-20). */
  readonly x?: number;
  /** Index into a choice of AP costs. */
  readonly apChoice?: number;
}

export interface FireRoll {
  readonly check: CheckResult;
  readonly evaluation: FireEvaluation;
  readonly faces: readonly number[];
}

interface NormalisedFire {
  readonly block: FireBlock;
  readonly check: NormalisedCheck;
  readonly choice: Pick<FireChoice, "x" | "apChoice">;
}

export function normaliseFire(input: FireInput): NormalisedFire {
  requireObject("A fire action", input);
  const block = validateFireBlock(input.block);
  const choice = { x: input.x, apChoice: input.apChoice };
  resolveAp(block, choice);
  return { block, check: normaliseCheck(input.check), choice };
}

export function runFire(c: NormalisedFire, draw: D10Draw): FireRoll {
  const check = runCheck(c.check, draw);
  return { check, evaluation: evaluateValid(c.block, { x: c.choice.x, apChoice: c.choice.apChoice, degree: check.degree }), faces: check.faces };
}

/** Place the degree in the block's spread: AP cost, step, amount and damage per hit. */
export function evaluateFire(block: FireBlock, choice: FireChoice): FireEvaluation {
  requireObject("A fire choice", choice);
  return evaluateValid(validateFireBlock(block), choice);
}

const fireVerbs = drawVerbs("Fire", normaliseFire, runFire);

/** Roll the attack check and place its Degree of Success in the block's spread. */
export const rollFire = fireVerbs.roll;

/** The same from the check's faces already rolled. */
export const resolveFire = fireVerbs.resolve;

/** Outcome key of a fire roll: "fail" or "step<i>" (the spread step reached, 0-based). */
export function fireOutcomeKey(r: Pick<FireRoll, "evaluation">): string {
  return r.evaluation.step === null ? "fail" : `step${r.evaluation.step}`;
}

export interface FireOddsDetail {
  /** Probability that no step is reached (the action fails). */
  readonly fail: number;
  /** Probability of landing in each spread step (index = step). */
  readonly steps: readonly number[];
  readonly expectedHits: number;
  /** Expected damage before adjustment. */
  readonly expectedDamage: number;
  readonly error: number;
}

/** Exact chance of each spread step, expected hits and expected (unadjusted) damage. */
export function fireOddsDetail(input: FireInput, damage: DamageOptions = {}): FireOddsDetail {
  const c = normaliseFire(input);
  const b = c.block;
  const steps = b.spread.map(() => 0);
  let fail = 0;
  let hits = 0;
  let dmg = 0;
  const meanCache = new Map<string, number>();
  const e = effortPmf(c.check);
  for (let i = 0; i < e.v.length; i++) {
    const p = e.p[i];
    const ev = evaluateValid(b, { x: c.choice.x, apChoice: c.choice.apChoice, degree: e.v[i] - c.check.difficulty });
    if (ev.step === null) {
      fail += p;
      continue;
    }
    steps[ev.step] += p;
    hits += p * ev.amount;
    if (ev.damage !== null) {
      let m = meanCache.get(ev.damage);
      if (m === undefined) {
        m = meanDamage(ev.damage, damage);
        meanCache.set(ev.damage, m);
      }
      dmg += p * ev.amount * m;
    }
  }
  return { fail, steps, expectedHits: hits, expectedDamage: dmg, error: e.error };
}

/** Exact odds of a fire action as Odds: "fail", then each spread step in order; success = a step is reached. */
export function fireOdds(input: FireInput): Odds {
  const d = fireOddsDetail(input);
  return makeOdds({ success: 1 - d.fail - d.error, outcomes: [{ key: "fail", p: d.fail }, ...d.steps.map((p, i) => ({ key: `step${i}`, p }))], error: d.error });
}

export const fireCore: CheckCore<FireInput, readonly number[], FireRoll> = { roll: rollFire, resolve: resolveFire, odds: fireOdds };

export interface FireShot {
  readonly roll: DamageRoll;
  readonly adjusted: AdjustedDamage;
}

export interface FireDamage {
  readonly evaluation: FireEvaluation;
  /** One entry per hit (or a single entry when `eachShot` is false). */
  readonly shots: readonly FireShot[];
  /** Sum of adjusted damage over every hit. */
  readonly total: number;
  /** Every shot's faces in order. */
  readonly faces: readonly number[];
}

export interface FireDamageInput extends DamageOptions {
  readonly evaluation: FireEvaluation;
  /** The target's adjustments, applied to each shot separately. */
  readonly adjustment?: AdjustmentNotation | string;
  /**
   * Roll every hit (default true). False uses the seed's shortcut for large bursts: roll one
   * shot, adjust it, multiply by the amount.
   */
  readonly eachShot?: boolean;
}

function fireDamage(input: FireDamageInput, shot: (notation: string) => DamageRoll): FireDamage {
  requireObject("Fire damage", input);
  const evaluation = input.evaluation;
  requireObject("A fire evaluation", evaluation);
  const adj = asAdjustment(input.adjustment ?? "");
  const amount = requireInt("Amount of hits", evaluation.amount, 0, MAX_FIRE_AMOUNT * MAX_FIRE_X);
  if (evaluation.damage === null || amount === 0) return { evaluation, shots: [], total: 0, faces: [] };
  parseDamage(evaluation.damage);
  const eachShot = input.eachShot ?? true;
  const shots: FireShot[] = [];
  const n = eachShot ? amount : 1;
  for (let i = 0; i < n; i++) {
    const roll = shot(evaluation.damage);
    shots.push({ roll, adjusted: applyAdjustment(roll.total, adj) });
  }
  const sum = shots.reduce((s, x) => s + x.adjusted.after, 0);
  return { evaluation, shots, total: eachShot ? sum : sum * amount, faces: shots.flatMap((s) => [...s.roll.faces]) };
}

/** Roll the damage of every hit and apply the adjustment to each shot ("Burst Fire Adjustments"). */
export function rollFireDamage(input: FireDamageInput, rng: RandomSource): FireDamage {
  return fireDamage(input, (notation) => rollDamage({ notation, attributes: input.attributes, overflow: input.overflow }, rng));
}

/** The same from faces already rolled: each shot's dice in order. */
export function resolveFireDamage(input: FireDamageInput, faces: readonly number[]): FireDamage {
  return withFaces(faces, "Fire damage", (draw) =>
    fireDamage(input, (notation) => damageWithDraw({ notation, attributes: input.attributes, overflow: input.overflow }, draw)),
  );
}

/** The seed's example blocks. The Shotgun Blast's table is missing from the seed: ours (see docs). */
export const EXAMPLE_FIRE_BLOCKS: Readonly<Record<string, FireBlock>> = Object.freeze(dictFrom<FireBlock>(Object.entries({
  threeShotBurst: {
    key: "threeShotBurst",
    title: "Three Shot Burst",
    kind: "burst",
    apCost: { kind: "fixed", cost: 3 },
    spread: ["> -10", "> 0", "> 10"].map(parseSpreadStep),
    amount: [1, 2, 3].map((value) => ({ kind: "flat" as const, value })),
    damage: ["10 + 2D"],
    damageBy: "all",
  },
  xShotBurst: {
    key: "xShotBurst",
    title: "X Shot Burst",
    kind: "xShotBurst",
    apCost: { kind: "perX", base: 3, shotsPerX: 5 },
    spread: ["> -10", "> 0", "> 10", "> 25", "> 50"].map(parseSpreadStep),
    amount: [1, 2, 3, 4, 5].map((per) => ({ kind: "perX" as const, per })),
    damage: ["10"],
    damageBy: "all",
  },
  shotgunBlast: {
    key: "shotgunBlast",
    title: "Shotgun Blast",
    kind: "blast",
    apCost: { kind: "fixed", cost: 2 },
    spread: ["> 0", "> 10", "> 20"].map(parseSpreadStep),
    amount: [{ kind: "flat", value: 1 }],
    damage: ["5 + 1D", "5 + 2D", "5 + 3D"],
    damageBy: "step",
  },
  protonStream: {
    key: "protonStream",
    title: "Proton Stream",
    kind: "streaming",
    apCost: { kind: "choice", costs: [3, 4, 5] },
    spread: ["> 0"].map(parseSpreadStep),
    amount: [{ kind: "flat", value: 1 }],
    damage: ["5 + 2D", "5 + 3D", "5 + 4D"],
    damageBy: "apCost",
  },
})));
