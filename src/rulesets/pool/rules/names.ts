/**
 * Tables keyed by user-typed names (traits, attributes, abilities), read safely: what the data models
 * need of rules/traits.ts, whose trait-tree rules are runtime code (docs/architecture.md "Load what the
 * world needs").
 */
import { requireObject } from "./validate";

/** A table keyed by user-typed names: a Map, or a record read by its own keys only. */
export type NameTable<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

/** The most traits one tree or score table may hold. */
export const MAX_TRAITS = 10_000;

/**
 * A Map of a name table: a Map is used as it is; a record contributes its own enumerable keys
 * (`Object.entries`), so "constructor" or "toString" is only there if someone typed it, and a
 * "__proto__" key parsed from JSON is kept as a name.
 */
export function nameMap<T>(table: NameTable<T>, what: string): ReadonlyMap<string, T> {
  if (isReadonlyMap(table)) {
    if (table.size > MAX_TRAITS) throw new RangeError(`${what} holds ${table.size} names, more than the ${MAX_TRAITS} the core handles`);
    return table;
  }
  requireObject(what, table);
  const entries = Object.entries(table);
  if (entries.length > MAX_TRAITS) throw new RangeError(`${what} holds ${entries.length} names, more than the ${MAX_TRAITS} the core handles`);
  return new Map(entries);
}

function isReadonlyMap<T>(table: NameTable<T>): table is ReadonlyMap<string, T> {
  return table instanceof Map;
}
