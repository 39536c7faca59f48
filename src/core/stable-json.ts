/**
 * A JSON string of a value with every object's keys sorted: the relay's request keys (init) and the
 * sealed records' seals (exchange/seal.ts) read the same value as the same text.
 */

/** A JSON string of a value with every object's keys sorted (the same value, the same text). */
export function stableJson(value: unknown): string {
  const stable = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(stable);
    if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(stable(value)) ?? "null";
}
