/**
 * The straightforward (slow) enumeration of the attack sequence, kept as a reference for the fast
 * attackDistribution: it groups hits by a string key and combines Maps for every group. The unit
 * tests require both to agree to 1e-12 on a grid of option mixes.
 */
import type { Dist } from "../../../src/dice/dist";
import { combine, mean, point } from "../../../src/dice/dist";
import type { AttackInput, Band, CriticalOutcome, MissReason } from "../../../src/rulesets/toaster/rules";
import { armorClass, bandForMargin, checkDieDist, criticalTableOdds, d10StarDist, damageDieDist, fumbleCheckProbability, normaliseCheck, validateAttackInput, woundsFromDamage } from "../../../src/rulesets/toaster/rules";

interface ReferenceAttackOdds {
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
}

interface HitGroup {
  p: number;
  band: Band;
  /** Only kept when it changes the damage (option addMargin). */
  margin: number;
  triggered: boolean;
  /** Attack and defence dice, only kept under option sameDie. */
  x: number | null;
  y: number | null;
}

const NO_CRITICAL: readonly CriticalOutcome[] = [{ damageBonus: 0, armor: null, p: 1 }];

/** The default critical table's outcomes never change: enumerate them once. */
let criticalOutcomes: readonly CriticalOutcome[] | null = null;
function defaultCriticalOutcomes(): readonly CriticalOutcome[] {
  criticalOutcomes ??= criticalTableOdds().outcomes;
  return criticalOutcomes;
}

/** Exact odds of resolveAttack(input): hit and miss chances, hit bands, damage and wounds. */
export function referenceAttackDistribution(input: AttackInput): ReferenceAttackOdds {
  const { options: o, woundThreshold, threshold } = validateAttackInput(input);
  const miss: Record<MissReason, number> = { fumble: 0, autoFailure: 0, belowThreshold: 0, defended: 0 };
  const bands: Record<Band, number> = { fumble: 0, failure: 0, marginal: 0, success: 0, critical: 0 };
  let criticalTriggered = 0;
  const groups = new Map<string, HitGroup>();
  const addHit = (p: number, band: Band, margin: number, defenceFumble: boolean, x: number, y: number | null): void => {
    if (p === 0) return;
    bands[band] += p;
    const critical = o.variableOutcomes && band === "critical";
    const triggered = o.criticalTable && o.variableOutcomes && (critical || defenceFumble);
    if (triggered) criticalTriggered += p;
    const g: HitGroup = { p, band, margin: o.addMargin ? margin : 0, triggered, x: o.sameDie ? x : null, y: o.sameDie ? y : null };
    const key = `${g.band}|${g.margin}|${g.triggered}|${g.x}|${g.y}`;
    const had = groups.get(key);
    if (had) had.p += p;
    else groups.set(key, g);
  };

  // Steps 1 and 2: attack and defence rolls (with their fumble checks).
  const ca = normaliseCheck(input.attack);
  const cd = input.defence ? normaliseCheck(input.defence) : null;
  const defenceDie = cd ? checkDieDist(cd) : null;
  for (const [x, px] of checkDieDist(ca)) {
    if (ca.rollingZeros && !ca.callFour && x === 0) {
      const pf = fumbleCheckProbability(ca, d10StarDist(ca.dice), threshold);
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
    if (!cd || !defenceDie) {
      addHit(px, bandForMargin(overBar), overBar, false, x, null);
      continue;
    }
    for (const [y, py] of defenceDie) {
      const p = px * py;
      const td = cd.base + y;
      const margin = ta - td;
      const band: Band = margin >= 1 ? bandForMargin(margin) : "marginal";
      if (cd.rollingZeros && !cd.callFour && y === 0) {
        const pf = fumbleCheckProbability(cd, d10StarDist(cd.dice), ta);
        addHit(p * pf, band, margin, true, x, y);
        addHit(p * (1 - pf), band, margin, false, x, y);
      } else if (margin <= 0) miss.defended += p;
      else addHit(p, band, margin, bandForMargin(td - ta) === "fumble", x, y);
    }
  }

  // Steps 3–5 for each group of hits that share what the damage depends on.
  const dmgDie = damageDieDist(input.damageDice);
  const protDie = damageDieDist(input.protectionDice);
  const critOutcomes = o.criticalTable && o.variableOutcomes ? defaultCriticalOutcomes() : NO_CRITICAL;
  const damage = new Map<number, number>([[0, 0]]);
  const wounds = new Map<number, number>([[0, 0]]);
  const add = (dmg: number, p: number): void => {
    damage.set(dmg, (damage.get(dmg) ?? 0) + p);
    const w = woundsFromDamage({ damage: dmg, woundThreshold, unarmed: input.unarmed ?? false });
    wounds.set(w, (wounds.get(w) ?? 0) + p);
  };
  const keptCache = new Map<string, Dist<number>>();
  const keptDist = (x: number | null, pick: "one" | "max" | "min"): Dist<number> => {
    const key = `${x}|${pick}`;
    const hit = keptCache.get(key);
    if (hit) return hit;
    const first = x === null ? dmgDie : point(x);
    const d = pick === "one" ? first : combine(first, dmgDie, (a, b) => (pick === "max" ? Math.max(a, b) : Math.min(a, b)));
    keptCache.set(key, d);
    return d;
  };
  const diffCache = new Map<string, Dist<number>>();
  const diffDist = (x: number | null, pick: "one" | "max" | "min", y: number | null): Dist<number> => {
    const key = `${x}|${pick}|${y}`;
    const hit = diffCache.get(key);
    if (hit) return hit;
    const d = combine(keptDist(x, pick), y === null ? protDie : point(y), (k, a) => k - a);
    diffCache.set(key, d);
    return d;
  };

  for (const g of groups.values()) {
    const marginal = o.variableOutcomes && g.band === "marginal";
    const critical = o.variableOutcomes && g.band === "critical";
    const pick: "one" | "max" | "min" = o.rollTwice && (critical || marginal) ? (critical ? "max" : "min") : "one";
    const halvedRoll = marginal && !o.rollTwice && !o.halveMarginal;
    const halveAfter = marginal && o.halveMarginal;
    const y = o.sameDie && input.defence ? g.y : null;
    for (const c of g.triggered ? critOutcomes : NO_CRITICAL) {
      let ac = input.ac;
      if (c.armor === "zero") ac = 0;
      else if (c.armor === "physiqueOnly") {
        if (input.defenderPhysique === undefined) throw new Error("The critical effect 'armour does not apply' needs the defender's Physique (defenderPhysique)");
        ac = armorClass(input.defenderPhysique, []);
      }
      const wcBase = input.wc + c.damageBonus + g.margin;
      const pc = g.p * c.p;
      if (!halvedRoll) {
        for (const [diff, pd] of diffDist(g.x, pick, y)) {
          let dmg = Math.max(0, wcBase + diff - ac);
          if (halveAfter) dmg = Math.floor(dmg / 2);
          add(dmg, pc * pd);
        }
        continue;
      }
      for (const [k, pk] of keptDist(g.x, pick)) {
        const wcTotal = Math.floor((wcBase + k) / 2);
        for (const [a, pa] of y === null ? protDie : point(y)) add(Math.max(0, wcTotal - (ac + a)), pc * pk * pa);
      }
    }
  }
  const missed = miss.fumble + miss.autoFailure + miss.belowThreshold + miss.defended;
  add(0, missed);
  const hit = Object.values(bands).reduce((a, b) => a + b, 0);
  for (const [k, p] of damage) if (p === 0) damage.delete(k);
  for (const [k, p] of wounds) if (p === 0) wounds.delete(k);
  return { hit, miss, bands, criticalTriggered, damage, wounds, meanDamage: mean(damage) };
}
