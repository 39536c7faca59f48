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

/** The row of `table` whose key is `key`; a RangeError naming the keys there are otherwise. */
export function rowByKey<T extends { readonly key: string }>(table: readonly T[], key: string, what: string): T {
  const row = table.find((r) => r.key === key);
  if (!row) throw new RangeError(`Unknown ${what} "${key}"; expected one of ${table.map((r) => r.key).join(", ")}`);
  return row;
}
