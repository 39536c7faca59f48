import type { Odds } from "../../../src/dice/contract";
import type { Attributes } from "../../../src/rulesets/toast/rules";

/** An all-10 character with overrides. */
export function attrs(over: Partial<Record<keyof Attributes, number>> = {}): Attributes {
  return {
    strength: 10,
    agility: 10,
    hec: 10,
    health: 10,
    tolerance: 10,
    perception: 10,
    focus: 10,
    empathy: 10,
    will: 10,
    psyche: 10,
    ...over,
  };
}

/** Sum of a record of probabilities. */
export function total(odds: Readonly<Record<string | number, number>>): number {
  return Object.values(odds).reduce((s, p) => s + p, 0);
}

/** Largest absolute difference between two records of probabilities (union of keys). */
export function maxDiff(a: Readonly<Record<string | number, number>>, b: Readonly<Record<string | number, number>>): number {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let worst = 0;
  for (const k of keys) worst = Math.max(worst, Math.abs((a[k] ?? 0) - (b[k] ?? 0)));
  return worst;
}

/** Frequencies of keys over n draws. */
export function frequencies<K extends string | number>(n: number, draw: () => K): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const k = String(draw());
    counts[k] = (counts[k] ?? 0) + 1;
  }
  for (const k of Object.keys(counts)) counts[k] /= n;
  return counts;
}

/** Every key of `expected` matches `actual` to 12 places, and `actual` has no other non-zero key. */
export function closeOdds(actual: Readonly<Record<string | number, number>>, expected: Readonly<Record<string | number, number>>): boolean {
  return maxDiff(actual, expected) < 1e-12;
}

/** The outcomes of a contract `Odds` as a record key → probability (for exact comparisons). */
export function oddsRecord(odds: Odds): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of odds.outcomes) out[o.key] = o.p;
  return out;
}

/** One outcome's probability from a contract `Odds` (0 when the key is not listed). */
export function pOf(odds: Odds, key: string): number {
  return odds.outcomes.find((o) => o.key === key)?.p ?? 0;
}
