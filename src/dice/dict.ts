/**
 * Lookups keyed by names a user typed ("Brawl", "constructor", "toString", "__proto__") must never
 * reach Object.prototype. Use a Map, or these null-prototype records.
 */

/** An empty record with no prototype: `dict<T>()["constructor"]` is undefined. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A null-prototype record from entries (later keys win). */
export function dictFrom<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = dict<T>();
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/** Own-key lookup that ignores anything inherited. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
