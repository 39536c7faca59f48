/**
 * Exact odds of the five-step attack sequence (seed ch. 4 "Attack Sequence", "WC/AC Rolls",
 * "(WC/AC Roll Options)", "(Attack Critical or Defend Fumble)"), by enumeration. It follows
 * attack.ts rollAttack step for step, so a seeded simulation of rollAttack converges on it.
 *
 * Speed (docs/rules/toaster.md "Odds speed"): steps 1–2 enumerate attack × defence dice once; every
 * hit is reduced to what its damage depends on — a shift (WC + critical bonus + margin − AC, with
 * any die that is already known folded in) and a "class" (which dice are still to roll: kept die
 * one/higher/lower, protection die or not, halving). Each class's shifts are then convolved once
 * with that class's dice distribution into a typed array. Nines chains are enumerated to
 * ODDS_NINES_DEPTH with the mass beyond reported in `error`.
 */
import type { Odds } from "../../../dice/contract";
import { makeOdds } from "../../../dice/contract";
import type { Dist } from "../../../dice/dist";
import { combine, mean, point } from "../../../dice/dist";
import type { Band } from "./core";
import { bandForMargin } from "./core";
import type { AttackInput, DamageDice, MissReason } from "./attack";
import { validateAttackInput } from "./attack";
import { DEFAULT_NINES_LIMIT, normaliseCheck } from "./check";
import { armorClass } from "./combat";
import { woundsFromDamage } from "./damage";
import { checkDieDist, checkTail, d10StarDist, d10StarTail, fumbleCheckProbability } from "./odds";
import type { CriticalOutcome } from "./tables";
import { criticalTableOdds } from "./tables";
import { assertInt, assertNonNegativeInt } from "./validate";

export interface AttackDistribution {
  /** Probability the attack lands (steps 3–5 happen). */
  hit: number;
  /** Probability of each way to miss. */
  miss: Record<MissReason, number>;
  /** Band of the hit against the defence (or the step-1 bar when nobody defends); sums to `hit`. */
  bands: Record<Band, number>;
  /** Probability the critical table is rolled (option on, and a critical hit or a defender's fumble). */
  criticalTriggered: number;
  /** Damage taken, over every attack (a miss counts as 0). */
  damage: Dist<number>;
  /** Wounds from this one attack (a miss counts as 0). */
  wounds: Dist<number>;
  meanDamage: number;
  /** Mass left out by the nines chains' depth (≤ 1e-9). */
  error: number;
}

function damageOpts(d: DamageDice): { rollingNines: boolean; ninesLimit: number | null } {
  return { rollingNines: d.rollingNines ?? false, ninesLimit: d.ninesLimit === undefined ? DEFAULT_NINES_LIMIT : d.ninesLimit };
}

/** Distribution of one WC or AC die (a called 4, or a d10* with the nines rule; default limit 1). */
export function damageDieDist(d: DamageDice = {}): Dist<number> {
  if (d.callFour) return point(4);
  return d10StarDist(damageOpts(d));
}

function damageDieTail(d: DamageDice = {}): number {
  return d.callFour ? 0 : d10StarTail(damageOpts(d));
}

/**
 * Damage of the plain WC/AC exchange (seed "WC/AC Rolls"): WC + die against AC + die, the excess is
 * the damage.
 */
export function wcAcDamageDist(input: { wc: number; ac: number; damageDice?: DamageDice; protectionDice?: DamageDice }): Dist<number> {
  const { wc, ac, damageDice = {}, protectionDice = {} } = input;
  assertInt(wc, "WC");
  assertNonNegativeInt(ac, "AC");
  return combine(damageDieDist(damageDice), damageDieDist(protectionDice), (w, a) => Math.max(0, wc + w - (ac + a)));
}

const NO_CRITICAL: readonly CriticalOutcome[] = [{ damageBonus: 0, armor: null, p: 1 }];

/** The default critical table's outcomes never change: enumerate them once. */
let criticalOutcomes: readonly CriticalOutcome[] | null = null;
function defaultCriticalOutcomes(): readonly CriticalOutcome[] {
  criticalOutcomes ??= criticalTableOdds().outcomes;
  return criticalOutcomes;
}

type Pick = 0 | 1 | 2; // one, higher, lower

/** Hits that share which dice are still to roll; their shifts are convolved with those dice at the end. */
interface DamageClass {
  /** The critical table is still to roll: its bonus and armour effect shift these hits at the end. */
  critical: boolean;
  halveAfter: boolean;
  pick: Pick;
  /** The first damage die when it is known (option 1) and a second is rolled; -1 otherwise. */
  keptKnown: number;
  /** The damage die is still to roll (pick one, unknown) — or two of them (pick higher/lower, unknown first). */
  keptRandom: boolean;
  protectionRandom: boolean;
  shifts: Map<number, number>;
}

/** A numeric distribution as sorted (value, p) arrays, for tight loops. */
interface Arr {
  v: number[];
  p: number[];
}

function arrays(d: ReadonlyMap<number, number>): Arr {
  const e = [...d].sort((a, b) => a[0] - b[0]);
  return { v: e.map((x) => x[0]), p: e.map((x) => x[1]) };
}

function sortArr(v: number[], p: number[]): Arr {
  const idx = v.map((_, i) => i).sort((a, b) => v[a] - v[b]);
  return { v: idx.map((i) => v[i]), p: idx.map((i) => p[i]) };
}

/** The higher (or lower) of two independent dice of one distribution, from its CDF: P(max ≤ v) = F(v)². */
function extremeOf2(d: Arr, higher: boolean): Arr {
  const p: number[] = [];
  let below = 0;
  for (let i = 0; i < d.v.length; i++) {
    const at = below + d.p[i];
    p.push(higher ? at * at - below * below : (1 - below) * (1 - below) - (1 - at) * (1 - at));
    below = at;
  }
  return { v: [...d.v], p };
}

/** The distribution of a − b (integer values), by a dense convolution. */
function difference(a: Arr, b: Arr): Arr {
  const lo = a.v[0] - b.v[b.v.length - 1];
  const hi = a.v[a.v.length - 1] - b.v[0];
  const acc = new Float64Array(hi - lo + 1);
  for (let i = 0; i < a.v.length; i++) for (let j = 0; j < b.v.length; j++) acc[a.v[i] - b.v[j] - lo] += a.p[i] * b.p[j];
  return dense(acc, lo);
}

/** The distribution of a + b (integer values), by a dense convolution. */
function sum(a: Arr, b: Arr): Arr {
  const lo = a.v[0] + b.v[0];
  const hi = a.v[a.v.length - 1] + b.v[b.v.length - 1];
  const acc = new Float64Array(hi - lo + 1);
  for (let i = 0; i < a.v.length; i++) for (let j = 0; j < b.v.length; j++) acc[a.v[i] + b.v[j] - lo] += a.p[i] * b.p[j];
  return dense(acc, lo);
}

function dense(acc: Float64Array, lo: number): Arr {
  const v: number[] = [];
  const p: number[] = [];
  for (let k = 0; k < acc.length; k++) if (acc[k] !== 0) {
    v.push(k + lo);
    p.push(acc[k]);
  }
  return { v, p };
}

/** Exact distribution of rollAttack(input): hit and miss chances, hit bands, damage and wounds. */
export function attackDistribution(input: AttackInput): AttackDistribution {
  const { options: o, woundThreshold, threshold } = validateAttackInput(input);
  const miss: Record<MissReason, number> = { fumble: 0, autoFailure: 0, belowThreshold: 0, defended: 0 };
  const bands: Record<Band, number> = { fumble: 0, failure: 0, marginal: 0, success: 0, critical: 0 };
  let criticalTriggered = 0;

  const ca = normaliseCheck(input.attack);
  const cd = input.defence ? normaliseCheck(input.defence) : null;
  const dmgDie = damageDieDist(input.damageDice);
  const protDie = damageDieDist(input.protectionDice);
  const critOutcomes = o.criticalTable && o.variableOutcomes ? (input.criticalEntries ? criticalTableOdds(input.criticalEntries).outcomes : defaultCriticalOutcomes()) : NO_CRITICAL;
  const unarmed = input.unarmed ?? false;
  let physiqueAC: number | null = null;
  const acFor = (c: CriticalOutcome): number => {
    if (c.armor === "zero") return 0;
    if (c.armor !== "physiqueOnly") return input.ac;
    if (input.defenderPhysique === undefined) throw new Error("The critical effect 'armour does not apply' needs the defender's Physique (defenderPhysique)");
    physiqueAC ??= armorClass(input.defenderPhysique, []);
    return physiqueAC;
  };

  const classes = new Map<number, DamageClass>();
  const classFor = (critical: boolean, halveAfter: boolean, pick: Pick, keptKnown: number, keptRandom: boolean, protectionRandom: boolean): DamageClass => {
    const key = ((((((critical ? 1 : 0) * 2 + (halveAfter ? 1 : 0)) * 3 + pick) * 2 + (keptRandom ? 1 : 0)) * 2 + (protectionRandom ? 1 : 0)) * 4096) + (keptKnown + 1);
    let c = classes.get(key);
    if (!c) {
      c = { critical, halveAfter, pick, keptKnown, keptRandom, protectionRandom, shifts: new Map() };
      classes.set(key, c);
    }
    return c;
  };
  const put = (c: DamageClass, shift: number, p: number): void => {
    c.shifts.set(shift, (c.shifts.get(shift) ?? 0) + p);
  };
  // Marginal hits under the default reduction halve the WC roll before the AC roll; with an unknown
  // damage die that needs the WC roll's distribution first: (wcBase, ac, known protection) → weight.
  const halvedRolls = new Map<string, { wcBase: number; minus: number; protectionRandom: boolean; p: number }>();

  const addHit = (p: number, band: Band, margin: number, defenceFumble: boolean, x: number, y: number | null): void => {
    if (p === 0) return;
    bands[band] += p;
    const marginal = o.variableOutcomes && band === "marginal";
    const critical = o.variableOutcomes && band === "critical";
    const triggered = o.criticalTable && o.variableOutcomes && (critical || defenceFumble);
    if (triggered) criticalTriggered += p;
    const pick: Pick = o.rollTwice && (critical || marginal) ? (critical ? 1 : 2) : 0;
    const halvedRoll = marginal && !o.rollTwice && !o.halveMarginal;
    const halveAfter = marginal && o.halveMarginal;
    const knownX = o.sameDie ? x : null;
    const knownY = o.sameDie && input.defence ? y : null;
    const protectionRandom = knownY === null;
    const marginBonus = o.addMargin ? margin : 0;
    if (halvedRoll) {
      // floor((WC roll) / 2) is not a shift of the critical bonus: go through each critical outcome.
      for (const c of triggered ? critOutcomes : NO_CRITICAL) {
        const pc = p * c.p;
        const wcBase = input.wc + c.damageBonus + marginBonus;
        const minus = acFor(c) + (knownY ?? 0);
        if (knownX !== null) put(classFor(false, false, 0, -1, false, protectionRandom), Math.floor((wcBase + knownX) / 2) - minus, pc);
        else {
          const k = `${wcBase}|${minus}|${protectionRandom}`;
          const h = halvedRolls.get(k);
          if (h) h.p += pc;
          else halvedRolls.set(k, { wcBase, minus, protectionRandom, p: pc });
        }
      }
      return;
    }
    // The critical table adds its bonus and changes the AC: a shift of (bonus − (AC' − AC)), applied per class at the end.
    const shift = input.wc + marginBonus - input.ac - (knownY ?? 0);
    if (pick === 0) put(classFor(triggered, halveAfter, 0, -1, knownX === null, protectionRandom), shift + (knownX ?? 0), p);
    else put(classFor(triggered, halveAfter, pick, knownX ?? -1, knownX === null, protectionRandom), shift, p);
  };

  // Steps 1 and 2: attack and defence rolls (with their fumble checks).
  const defenceDie = cd ? [...checkDieDist(cd)] : null;
  const attackFumbleDie = d10StarDist(ca.dice);
  const defenceFumbleDie = cd ? d10StarDist(cd.dice) : null;
  for (const [x, px] of checkDieDist(ca)) {
    if (ca.rollingZeros && !ca.callFour && x === 0) {
      const pf = fumbleCheckProbability(ca, attackFumbleDie, threshold);
      miss.fumble += px * pf;
      miss.autoFailure += px * (1 - pf);
      continue;
    }
    const ta = ca.base + x;
    const overBar = ta - threshold;
    if (o.variableOutcomes && bandForMargin(overBar) === "fumble") {
      miss.fumble += px;
      continue;
    }
    if (overBar < 0) {
      miss.belowThreshold += px;
      continue;
    }
    if (!cd || !defenceDie || !defenceFumbleDie) {
      addHit(px, bandForMargin(overBar), overBar, false, x, null);
      continue;
    }
    for (const [y, py] of defenceDie) {
      const p = px * py;
      const td = cd.base + y;
      const margin = ta - td;
      const band: Band = margin >= 1 ? bandForMargin(margin) : "marginal";
      if (cd.rollingZeros && !cd.callFour && y === 0) {
        const pf = fumbleCheckProbability(cd, defenceFumbleDie, ta);
        addHit(p * pf, band, margin, true, x, y);
        addHit(p * (1 - pf), band, margin, false, x, y);
      } else if (margin <= 0) miss.defended += p;
      else addHit(p, band, margin, bandForMargin(td - ta) === "fumble", x, y);
    }
  }

  // The halved WC rolls with an unknown damage die: floor((wcBase + k) / 2) for every k, then as a plain class.
  if (halvedRolls.size > 0) {
    const dmg = arrays(dmgDie);
    for (const h of halvedRolls.values()) {
      const c = classFor(false, false, 0, -1, false, h.protectionRandom);
      for (let i = 0; i < dmg.v.length; i++) put(c, Math.floor((h.wcBase + dmg.v[i]) / 2) - h.minus, h.p * dmg.p[i]);
    }
  }

  // The critical table's outcomes as one more shift: damage bonus minus the change of AC.
  // Like the roll, this needs the defender's Physique only when a critical can happen at all.
  let deltas: Arr | null = null;
  if (critOutcomes !== NO_CRITICAL && criticalTriggered > 0) {
    const m = new Map<number, number>();
    for (const c of critOutcomes) {
      const d = c.damageBonus - (acFor(c) - input.ac);
      m.set(d, (m.get(d) ?? 0) + c.p);
    }
    deltas = arrays(m);
  }

  // Steps 3–5: each class's shifts against the dice still to roll.
  const damageArr = new Map<number, number>();
  const first = arrays(dmgDie);
  const prot = arrays(protDie);
  const highOf2 = o.rollTwice ? extremeOf2(first, true) : null;
  const lowOf2 = o.rollTwice ? extremeOf2(first, false) : null;
  const zero = { v: [0], p: [1] };
  const keptFor = (c: DamageClass): Arr => {
    if (c.pick === 0) return c.keptRandom ? first : zero;
    if (c.keptRandom) return (c.pick === 1 ? highOf2 : lowOf2) ?? first;
    // Option 1 with a second die: the higher (lower) of the known die and a fresh one.
    const v: number[] = [];
    const p: number[] = [];
    let atKnown = 0;
    for (let i = 0; i < first.v.length; i++) {
      const f = first.v[i];
      if (c.pick === 1 ? f <= c.keptKnown : f >= c.keptKnown) atKnown += first.p[i];
      else {
        v.push(f);
        p.push(first.p[i]);
      }
    }
    v.push(c.keptKnown);
    p.push(atKnown);
    return sortArr(v, p);
  };
  for (const c of classes.values()) {
    if (c.shifts.size === 0) continue;
    const diff = difference(keptFor(c), c.protectionRandom ? prot : zero);
    const r = c.critical && deltas ? sum(diff, deltas) : diff;
    const s = arrays(c.shifts);
    const lo = s.v[0] + r.v[0];
    const hi = s.v[s.v.length - 1] + r.v[r.v.length - 1];
    assertInt(lo, "Lowest damage roll");
    assertInt(hi, "Highest damage roll");
    if (hi <= 0) {
      let total = 0;
      for (const w of s.p) total += w;
      damageArr.set(0, (damageArr.get(0) ?? 0) + total);
      continue;
    }
    const base = Math.max(lo, 0);
    const acc = new Float64Array(hi - base + 1);
    for (let i = 0; i < s.v.length; i++) {
      const sv = s.v[i] - base;
      const w = s.p[i];
      for (let j = 0; j < r.v.length; j++) {
        const k = sv + r.v[j];
        acc[k < 0 ? 0 : k] += w * r.p[j];
      }
    }
    // acc[0] holds every total ≤ base; when base > 0 that slot is the total `base` itself.
    for (let k = 0; k < acc.length; k++) {
      const q = acc[k];
      if (q === 0) continue;
      const raw = k + base;
      const dmg = c.halveAfter ? Math.floor(raw / 2) : raw;
      damageArr.set(dmg, (damageArr.get(dmg) ?? 0) + q);
    }
  }

  const missed = miss.fumble + miss.autoFailure + miss.belowThreshold + miss.defended;
  damageArr.set(0, (damageArr.get(0) ?? 0) + missed);
  const damage = new Map<number, number>();
  const wounds = new Map<number, number>();
  for (const [d, p] of [...damageArr].sort((a, b) => a[0] - b[0])) {
    if (p === 0) continue;
    damage.set(d, p);
    const w = woundsFromDamage({ damage: d, woundThreshold, unarmed });
    wounds.set(w, (wounds.get(w) ?? 0) + p);
  }
  const hit = Object.values(bands).reduce((a, b) => a + b, 0);
  const twice = o.rollTwice ? 2 : 1;
  const error = checkTail(ca) + (cd ? checkTail(cd) : 0) + twice * damageDieTail(input.damageDice) + damageDieTail(input.protectionDice);
  return { hit, miss, bands, criticalTriggered, damage, wounds, meanDamage: mean(damage), error };
}

/**
 * Exact odds of an attack, as the contract's Odds: the attack fumbles, misses (failure, nines or
 * zeros aside: below the bar, defended, an automatic failure), or hits marginally, solidly or
 * critically (success = a hit). Extras: the critical table is rolled; the defender takes a wound.
 */
export function attackOdds(input: AttackInput): Odds {
  const d = attackDistribution(input);
  return makeOdds({
    success: d.hit,
    outcomes: [
      { key: "fumble", p: d.miss.fumble },
      { key: "miss", p: d.miss.autoFailure + d.miss.belowThreshold + d.miss.defended },
      { key: "marginal", p: d.bands.marginal },
      { key: "success", p: d.bands.success },
      { key: "critical", p: d.bands.critical },
    ],
    extras: [
      { key: "criticalTable", p: d.criticalTriggered },
      { key: "wounded", p: 1 - (d.wounds.get(0) ?? 0) },
    ],
    error: d.error,
  });
}
