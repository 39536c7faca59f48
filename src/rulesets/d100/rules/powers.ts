/**
 * Powers and power points (seed: "Powers", "Example Power: Marksman Focus",
 * "Example: Spirit Shaman"). Functions on power points: Need, Gain, Drain, Hold.
 */
import { type AttributeKey, type Attributes, requireAttributeKey, validateAttributes } from "./attributes";
import { type CheckCore, type Odds, makeOdds } from "../../../dice/contract";
import { dictFrom } from "../../../dice/dict";
import { type CheckInput, type CheckResult, type NormalisedCheck, effortPmf, normaliseCheck, runCheck } from "./checks";
import { type D10Draw, drawVerbs } from "./faces";
import { MAX_DIFFICULTY } from "./limits";
import { requireInt, requireObject } from "./validate";

export interface PowerPoints {
  readonly normal: number;
  readonly current: number;
  /** Points held: they count in Current but Drain cannot touch them until released. */
  readonly held: number;
}

export function validatePowerPoints(p: PowerPoints): PowerPoints {
  requireInt("Normal power points", p.normal, 0);
  requireInt("Current power points", p.current, 0);
  requireInt("Held power points", p.held, 0, p.current);
  return p;
}

/** Points free for Need, Drain and Hold: Current minus held. */
export function freePoints(p: PowerPoints): number {
  validatePowerPoints(p);
  return p.current - p.held;
}

/** Need: are there at least n free points? */
export function need(p: PowerPoints, n: number): boolean {
  requireInt("Need", n, 0);
  return freePoints(p) >= n;
}

/** Gain: add n to Current, by default never past Normal. */
export function gain(p: PowerPoints, n: number, capAtNormal = true): PowerPoints {
  requireInt("Gain", n, 0);
  validatePowerPoints(p);
  const current = capAtNormal ? Math.max(p.current, Math.min(p.normal, p.current + n)) : p.current + n;
  return { ...p, current };
}

/** Drain: subtract n free points from Current; throws if fewer are free. */
export function drain(p: PowerPoints, n: number): PowerPoints {
  requireInt("Drain", n, 0);
  if (n > freePoints(p)) throw new RangeError(`Cannot drain ${n}: only ${freePoints(p)} power points are free`);
  return { ...p, current: p.current - n };
}

/** Hold: reserve n free points so Drain cannot use them. */
export function hold(p: PowerPoints, n: number): PowerPoints {
  requireInt("Hold", n, 0);
  if (n > freePoints(p)) throw new RangeError(`Cannot hold ${n}: only ${freePoints(p)} power points are free`);
  return { ...p, held: p.held + n };
}

/** Release held points back to free (kept), or drain them (spent) when `spend` is true. */
export function releaseHeld(p: PowerPoints, n: number, spend = false): PowerPoints {
  validatePowerPoints(p);
  requireInt("Released points", n, 0, p.held);
  return { ...p, held: p.held - n, current: spend ? p.current - n : p.current };
}

// ---------------------------------------------------------------------------------------------
// Cost notation: "Need 3, Hold 3", "Drain 1+X", "Need 1, Hold X or Drain X"

export const POWER_FUNCTIONS = ["need", "gain", "drain", "hold"] as const;
export type PowerFunction = (typeof POWER_FUNCTIONS)[number];

export interface PowerStep {
  readonly fn: PowerFunction;
  /** Amount = base + perX × X. */
  readonly base: number;
  readonly perX: number;
}
export type PowerCostTerm = { readonly kind: "step"; readonly step: PowerStep } | { readonly kind: "choice"; readonly options: readonly PowerStep[] };

function parseStep(text: string, whole: string): PowerStep {
  const m = /^(need|gain|drain|hold)\s+(?:(\d+)\s*\+\s*(\d*)X|(\d*)X|(\d+))$/i.exec(text.trim());
  if (!m) throw new RangeError(`Power cost "${whole}": "${text.trim()}" is not "<Need|Gain|Drain|Hold> <n | X | n+X>"`);
  const fn = m[1].toLowerCase() as PowerFunction;
  const n = (t: string | undefined, dflt: number): number => (t === undefined || t === "" ? dflt : requireInt(`Power cost "${whole}": amount`, Number(t), 0, MAX_POWER_AMOUNT));
  if (m[2] !== undefined) return { fn, base: n(m[2], 0), perX: n(m[3], 1) };
  if (m[4] !== undefined) return { fn, base: 0, perX: n(m[4], 1) };
  return { fn, base: n(m[5], 0), perX: 0 };
}

/** Largest amount in a power cost (per step, and per X). */
export const MAX_POWER_AMOUNT = 10_000;

/** Parse a power action's cost; commas separate steps, "or" offers a choice. */
export function parsePowerCost(text: string): readonly PowerCostTerm[] {
  if (typeof text !== "string" || text.trim() === "") throw new RangeError("Power cost is empty");
  if (text.length > 200) throw new RangeError(`Power cost "${text.slice(0, 20)}…" is longer than 200 characters`);
  return text.split(",").map((part) => {
    const opts = part.split(/\s+or\s+/i);
    if (opts.length === 1) return { kind: "step" as const, step: parseStep(opts[0], text) };
    return { kind: "choice" as const, options: opts.map((o) => parseStep(o, text)) };
  });
}

export interface PowerCostOptions {
  /** Value of X (default 0). */
  readonly x?: number;
  /** For each choice term in order, the index of the option taken. */
  readonly choices?: readonly number[];
}

export interface PowerCostResult {
  /** False when a Need fails or a Drain/Hold lacks free points; the points are then unchanged. */
  readonly ok: boolean;
  /** The step that failed, as a stable key. */
  readonly failed: PowerFunction | null;
  readonly points: PowerPoints;
  /** The steps applied, with amounts resolved. */
  readonly applied: ReadonlyArray<{ readonly fn: PowerFunction; readonly amount: number; readonly result?: boolean }>;
}

/** Apply a cost left to right, all or nothing. */
export function applyPowerCost(p: PowerPoints, cost: readonly PowerCostTerm[] | string, options: PowerCostOptions = {}): PowerCostResult {
  validatePowerPoints(p);
  const terms = typeof cost === "string" ? parsePowerCost(cost) : cost;
  const x = requireInt("X", options.x ?? 0, 0, MAX_POWER_AMOUNT);
  let cur = p;
  let choice = 0;
  const applied: Array<{ fn: PowerFunction; amount: number; result?: boolean }> = [];
  for (const t of terms) {
    let step: PowerStep;
    if (t.kind === "step") step = t.step;
    else {
      const pick = options.choices?.[choice];
      if (pick === undefined) throw new RangeError(`Power cost needs a choice for option ${choice + 1} (${t.options.map((o) => o.fn).join(" or ")})`);
      requireInt("Power cost choice", pick, 0, t.options.length - 1);
      step = t.options[pick];
      choice++;
    }
    const amount = step.base + step.perX * x;
    const fail = (): PowerCostResult => ({ ok: false, failed: step.fn, points: p, applied });
    if (step.fn === "need") {
      const ok = need(cur, amount);
      applied.push({ fn: "need", amount, result: ok });
      if (!ok) return fail();
    } else if (step.fn === "gain") {
      cur = gain(cur, amount);
      applied.push({ fn: "gain", amount });
    } else {
      if (amount > freePoints(cur)) return fail();
      cur = step.fn === "drain" ? drain(cur, amount) : hold(cur, amount);
      applied.push({ fn: step.fn, amount });
    }
  }
  return { ok: true, failed: null, points: cur, applied };
}

// ---------------------------------------------------------------------------------------------
// Power definitions as data

export interface PowerNormalRule {
  readonly attributes: readonly AttributeKey[];
  /** average (rounded down, our decision), sum, or the single attribute. */
  readonly combine: "average" | "sum";
}

/** Normal power points from attributes. */
export function powerNormal(attrs: Attributes, rule: PowerNormalRule): number {
  const a = validateAttributes(attrs);
  if (rule.attributes.length === 0) throw new RangeError("A power-point rule needs at least one attribute");
  if (rule.combine !== "average" && rule.combine !== "sum") throw new RangeError(`Unknown power-point combination "${String(rule.combine)}" (expected average or sum)`);
  const sum = rule.attributes.reduce((s, k) => s + a[requireAttributeKey("Power-point rule", k)], 0);
  return rule.combine === "sum" ? sum : Math.floor(sum / rule.attributes.length);
}

export interface PowerAction {
  readonly key: string;
  readonly cost: string;
  /** Action points the action takes, where the seed gives them. */
  readonly actionPoints: number | null;
}
export interface PowerDefinition {
  readonly key: string;
  readonly normal: PowerNormalRule;
  /** Recovery: `amount` points gained per `per` (an interval key) until Normal. */
  readonly recovery: { readonly amount: number; readonly per: string };
  readonly actions: readonly PowerAction[];
}

export const EXAMPLE_POWERS: Readonly<Record<string, PowerDefinition>> = Object.freeze(dictFrom<PowerDefinition>(Object.entries({
  marksmanFocus: {
    key: "marksmanFocus",
    normal: { attributes: ["focus", "perception"], combine: "average" },
    recovery: { amount: 1, per: "hourRested" },
    actions: [
      { key: "snapShot", cost: "Drain 1", actionPoints: null },
      { key: "easyShot", cost: "Drain 1+X", actionPoints: null },
    ],
  },
  spiritShaman: {
    key: "spiritShaman",
    normal: { attributes: ["spirit"], combine: "sum" },
    recovery: { amount: 1, per: "roundConcentrating" },
    actions: [
      { key: "barrierShield", cost: "Need 3, Hold 3", actionPoints: 1 },
      { key: "spiritLance", cost: "Need 1, Hold X or Drain X", actionPoints: 2 },
    ],
  },
})));

/** "That's an easy shot!": 10 points of difficulty reduction, plus 10 per extra point (X). */
export function easyShotReduction(x: number): number {
  return 10 + 10 * requireInt("X", x, 0);
}

/**
 * Recovery over time ("gain one point an hour rested", "1 point for every round concentrating"):
 * the definition's amount per interval, for `intervals` intervals, never past Normal.
 */
export function recoverPowerPoints(p: PowerPoints, def: Pick<PowerDefinition, "recovery">, intervals: number): PowerPoints {
  requireInt("Recovery intervals", intervals, 0);
  return gain(p, requireInt("Recovery amount", def.recovery.amount, 0) * intervals);
}

/** Snap Shot: the next ranged attack's Action Quota cost is reduced by 1 (never below 0). */
export function snapShotCost(actionPoints: number): number {
  return Math.max(0, requireInt("Ranged attack cost", actionPoints, 0) - 1);
}

// ---------------------------------------------------------------------------------------------
// Spirit Shaman: Barrier Shield and Spirit Lance

/** The Barrier Shield's numbers: a defensive difficulty of 25 that stops up to 25 damage. */
export const BARRIER_SHIELD = { difficulty: 25, capacity: 25, held: 3, actionPoints: 1 } as const;

export const SHIELDED_ATTACK_RESULTS = ["through", "shield", "missed"] as const;
/**
 * through: the attack beats the target's difficulty plus the shield's and reaches the shaman;
 * shield: it would have hit, but the shield's difficulty stops it, so it strikes the shield;
 * missed: it fails (or misses) even without the shield.
 */
export type ShieldedAttackResult = (typeof SHIELDED_ATTACK_RESULTS)[number];

/** Where an attack with this Degree of Effort lands against a shielded target. */
export function shieldedAttack(input: { readonly effort: number; readonly difficulty?: number; readonly shieldDifficulty?: number }): ShieldedAttackResult {
  requireObject("A shielded attack", input);
  const effort = requireInt("Degree of effort", input.effort);
  const difficulty = requireInt("Difficulty", input.difficulty ?? 0);
  const shield = requireInt("Shield difficulty", input.shieldDifficulty ?? BARRIER_SHIELD.difficulty, 0, MAX_DIFFICULTY);
  if (effort <= difficulty) return "missed";
  return effort > difficulty + shield ? "through" : "shield";
}

/** An attack on a shielded target as the contract's input. */
export interface ShieldedAttackInput {
  /** The attacker's check; its difficulty is the target's own (the shield's is added on top). */
  readonly attack: CheckInput;
  /** The shield's defensive difficulty (default the Barrier Shield's 25). */
  readonly shieldDifficulty?: number;
}

export interface ShieldedAttackRoll {
  readonly check: CheckResult;
  readonly result: ShieldedAttackResult;
  readonly faces: readonly number[];
}

function normaliseShielded(input: ShieldedAttackInput): { attack: NormalisedCheck; shield: number } {
  requireObject("A shielded attack", input);
  return { attack: normaliseCheck(input.attack), shield: requireInt("Shield difficulty", input.shieldDifficulty ?? BARRIER_SHIELD.difficulty, 0, MAX_DIFFICULTY) };
}

function runShielded(c: ReturnType<typeof normaliseShielded>, draw: D10Draw): ShieldedAttackRoll {
  const check = runCheck(c.attack, draw);
  return { check, result: shieldedAttack({ effort: check.effort, difficulty: c.attack.difficulty, shieldDifficulty: c.shield }), faces: check.faces };
}

const shieldedAttackVerbs = drawVerbs("Shielded attack", normaliseShielded, runShielded);
export const rollShieldedAttack = shieldedAttackVerbs.roll;
export const resolveShieldedAttack = shieldedAttackVerbs.resolve;

/** Exact chance of each shielded-attack result, and the mass left out. */
export function shieldedAttackOddsDetail(input: ShieldedAttackInput): Readonly<Record<ShieldedAttackResult, number>> & { readonly error: number } {
  const c = normaliseShielded(input);
  const out: Record<ShieldedAttackResult, number> = { through: 0, shield: 0, missed: 0 };
  const e = effortPmf(c.attack);
  for (let i = 0; i < e.v.length; i++) out[shieldedAttack({ effort: e.v[i], difficulty: c.attack.difficulty, shieldDifficulty: c.shield })] += e.p[i];
  return { ...out, error: e.error };
}

/** Exact odds of an attack on a shielded target as Odds: missed, shield, through; success = through. */
export function shieldedAttackOdds(input: ShieldedAttackInput): Odds {
  const d = shieldedAttackOddsDetail(input);
  return makeOdds({ success: d.through, outcomes: SHIELDED_ATTACK_RESULTS_WORST_FIRST.map((key) => ({ key, p: d[key] })), error: d.error });
}

/** Shielded-attack results worst first for the attacker. */
export const SHIELDED_ATTACK_RESULTS_WORST_FIRST: readonly ShieldedAttackResult[] = ["missed", "shield", "through"];

export const shieldedAttackCore: CheckCore<ShieldedAttackInput, readonly number[], ShieldedAttackRoll> = { roll: rollShieldedAttack, resolve: resolveShieldedAttack, odds: shieldedAttackOdds };

export interface ShieldHit {
  /** Capacity left after the hit (0 when the shield fails). */
  readonly remaining: number;
  /** Damage the shield took. */
  readonly absorbed: number;
  /** Damage beyond what was left of the shield; it does not reach the shaman (see docs). */
  readonly excess: number;
  readonly failed: boolean;
}

/** Damage from an attack that struck the shield: it blocks up to its remaining capacity, then fails. */
export function shieldAbsorb(input: { readonly remaining: number; readonly damage: number }): ShieldHit {
  requireObject("A hit on the shield", input);
  const remaining = requireInt("Shield capacity left", input.remaining, 1);
  const damage = requireInt("Damage", input.damage, 0);
  const absorbed = Math.min(remaining, damage);
  const left = remaining - absorbed;
  return { remaining: left, absorbed, excess: damage - absorbed, failed: left === 0 };
}

/**
 * When the shield fails, a Focus check decides the held points: kept (released back to the free
 * points) on a success, drained on a miss or a failure.
 */
export function settleShieldFailure(p: PowerPoints, focusCheck: { readonly outcome: "success" | "miss" | "failure" }, held: number = BARRIER_SHIELD.held): { readonly points: PowerPoints; readonly kept: boolean } {
  const kept = focusCheck.outcome === "success";
  return { points: releaseHeld(p, held, !kept), kept };
}

/** Spirit Lance: X invested power points do X dice of damage ("4D" for X = 4). */
export function spiritLanceDamage(x: number): string {
  return `${requireInt("X", x, 1)}D`;
}

/** Spirit Lance outcome for held points: a hit drains them, a miss releases them to the shaman. */
export function settleSpiritLance(p: PowerPoints, x: number, hit: boolean): PowerPoints {
  return releaseHeld(p, requireInt("X", x, 1), hit);
}
