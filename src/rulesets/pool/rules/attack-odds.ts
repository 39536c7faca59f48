/**
 * Exact odds of an attack's result: the degree distribution of the attack (against its Difficulty,
 * or in direct opposition to a defence pool) carried through the trauma rules, which are fixed
 * once the degree is known. Outcomes, worst first for the attacker: a miss, stopped by the armor,
 * a hit the thresholds absorb, then each wound severity of the chart (the physical wound for a
 * physical attack — nonlethal damage's physical half — the mental wound for a mental attack).
 */
import { makeOdds, type Odds } from "../../../dice/contract";
import { checkDistribution } from "./odds";
import { directContestDistribution } from "./opposition";
import { checkPool, type PoolSpec } from "./pool";
import { dicePhobeTotal, isBotch, type CheckInput, type CheckOutcome } from "./resolve";
import { DEFAULT_WOUND_CHART, type AttackInput, type DefenderInput, type TraumaKind, type WoundChart } from "./trauma";
import { checkWoundChart } from "./trauma-resolve";
import { attackHit, resolveTrauma } from "./trauma-resolve";
import { requireObject } from "./validate";

export interface AttackOddsInput {
  /** The attack's pool and the Difficulty that counts when it is not opposed. */
  readonly attack: CheckInput;
  /** Direct opposition by this pool (no Difficulty); absent or null = unopposed. */
  readonly defence?: PoolSpec | null;
  /** Everything about the attack but its degree. */
  readonly weapon: Omit<AttackInput, "degree">;
  readonly defender: DefenderInput;
  readonly chart?: WoundChart;
}

/** The outcome keys before the chart's severities. */
export const ATTACK_MISS_KEYS = ["miss", "stopped", "noWound"] as const;

/** The outcome keys of an attack's odds, worst first for the attacker. */
export function attackOddsKeys(kind: TraumaKind, chart: WoundChart = DEFAULT_WOUND_CHART): string[] {
  const severities: string[] = [];
  for (const row of chart[kind]) if (!severities.includes(row.severity)) severities.push(row.severity);
  return [...ATTACK_MISS_KEYS, ...severities];
}

/** Probability of each Degree of Success with which the attack hits (attackHit's reading), and of a miss. */
function hitDegrees(input: AttackOddsInput): { miss: number; degrees: Map<number, number> } {
  const degrees = new Map<number, number>();
  let hit = 0;
  if (input.defence) {
    const d = directContestDistribution({ first: input.attack.pool, second: checkPool(input.defence) });
    for (const [key, p] of Object.entries(d.bands)) {
      if (!key.startsWith("firstTriumphs:")) continue;
      const degree = Number(key.slice("firstTriumphs:".length));
      degrees.set(degree, (degrees.get(degree) ?? 0) + p);
      hit += p;
    }
  } else {
    const d = checkDistribution({ pool: input.attack.pool, difficulty: input.attack.difficulty });
    for (const b of d.bands) {
      if (b.outcome !== "success") continue;
      degrees.set(b.degree, (degrees.get(b.degree) ?? 0) + b.probability);
      hit += b.probability;
    }
  }
  return { miss: Math.max(0, 1 - hit), degrees };
}

/** Exact odds of an attack's result (outcomes: attackOddsKeys); `success` = some wound. */
export function attackOdds(input: AttackOddsInput): Odds {
  requireObject("attack odds", input);
  requireObject("weapon", input.weapon);
  const chart = checkWoundChart(input.chart ?? DEFAULT_WOUND_CHART);
  const kind: TraumaKind = input.weapon.trauma === "mental" ? "mental" : "physical";
  const keys = attackOddsKeys(kind, chart);
  const p = new Map<string, number>(keys.map((k) => [k, 0]));
  const { miss, degrees } = hitDegrees(input);
  p.set("miss", miss);
  for (const [degree, prob] of degrees) {
    const t = resolveTrauma({ ...input.weapon, degree }, input.defender, chart);
    const wound = t.wounds.find((w) => w.kind === kind) ?? t.wounds[0];
    const key = t.stoppedByArmor ? "stopped" : wound ? wound.severity : "noWound";
    p.set(key, (p.get(key) ?? 0) + prob);
  }
  const wounded = keys.slice(ATTACK_MISS_KEYS.length).reduce((s, k) => s + (p.get(k) ?? 0), 0);
  return makeOdds({ success: wounded, outcomes: keys.map((key) => ({ key, p: p.get(key) ?? 0 })) });
}

export interface DefenceOddsInput {
  /** The attack as rolled (its total and outcome are known when the defender answers). */
  readonly attack: { readonly total: number; readonly outcome: CheckOutcome; readonly degree: number };
  /** The defence pool the defender would roll (direct opposition). */
  readonly defence: PoolSpec;
  /** The defender takes the pool's dice-phobe total instead (it sets the attack's Difficulty): a certain result. */
  readonly phobe?: boolean;
  readonly weapon: Omit<AttackInput, "degree">;
  readonly defender: DefenderInput;
  readonly chart?: WoundChart;
}

/**
 * Exact odds of an attack's result once the attack is rolled, for a defence pool the defender
 * considers: every total the defence can roll (or its dice-phobe total), judged against the known attack (attackHit), then
 * the trauma rules. Outcomes as attackOdds; `success` = some wound (worst first for the attacker).
 */
export function defenceOdds(input: DefenceOddsInput): Odds {
  requireObject("defence odds", input);
  requireObject("attack", input.attack);
  requireObject("weapon", input.weapon);
  const chart = checkWoundChart(input.chart ?? DEFAULT_WOUND_CHART);
  const pool = checkPool(input.defence);
  const kind: TraumaKind = input.weapon.trauma === "mental" ? "mental" : "physical";
  const keys = attackOddsKeys(kind, chart);
  const p = new Map<string, number>(keys.map((k) => [k, 0]));
  const totals = input.phobe ? [{ total: dicePhobeTotal(pool), probability: 1 }] : checkDistribution({ pool, difficulty: 0 }).totals;
  for (const { total, probability } of totals) {
    const outcome: CheckOutcome = !input.phobe && isBotch({ total, addDice: pool.addDice }) ? "botch" : "success";
    const hit = attackHit({ attack: input.attack, defence: { total, outcome, ...(input.phobe ? { mode: "dicePhobe" } : {}) } });
    let key = "miss";
    if (hit.hit) {
      const t = resolveTrauma({ ...input.weapon, degree: hit.degree }, input.defender, chart);
      const wound = t.wounds.find((w) => w.kind === kind) ?? t.wounds[0];
      key = t.stoppedByArmor ? "stopped" : wound ? wound.severity : "noWound";
    }
    p.set(key, (p.get(key) ?? 0) + probability);
  }
  const wounded = keys.slice(ATTACK_MISS_KEYS.length).reduce((s, k) => s + (p.get(k) ?? 0), 0);
  return makeOdds({ success: wounded, outcomes: keys.map((key) => ({ key, p: p.get(key) ?? 0 })) });
}
